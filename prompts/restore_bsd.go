//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package prompts

import "golang.org/x/sys/unix"

const (
	getTermios = unix.TIOCGETA
	setTermios = unix.TIOCSETA
)
