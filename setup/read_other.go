//go:build !unix

package setup

// openNonblock is not needed where opening a file never waits.
const openNonblock = 0
