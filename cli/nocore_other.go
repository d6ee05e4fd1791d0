//go:build !unix

package cli

// noCoreFiles has nothing to do where crashes write no core file.
func noCoreFiles() {}
