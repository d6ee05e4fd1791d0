//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package prompts

import "golang.org/x/sys/unix"

// saveTermios reads the terminal's settings and returns a function that
// writes them back, or nil when they cannot be read.
func saveTermios(fd int) func() {
	t, err := unix.IoctlGetTermios(fd, getTermios)
	if err != nil {
		return nil
	}
	saved := *t
	return func() { unix.IoctlSetTermios(fd, setTermios, &saved) }
}
