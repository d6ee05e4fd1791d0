//go:build !unix

package main

// noCoreFiles has nothing to do where crashes write no core file.
func noCoreFiles() {}
