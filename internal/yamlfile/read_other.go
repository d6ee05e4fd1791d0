//go:build !unix

package yamlfile

import "os"

// openRead opens path for reading (opening a file never waits here).
func openRead(path string) (*os.File, error) { return os.Open(path) }
