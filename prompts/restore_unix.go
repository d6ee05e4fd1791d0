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

// makeRaw switches the terminal on fd to reading key by key without echo,
// as the line editor does for each prompt (output processing stays on, so
// a newline still starts a new line), and returns a function that puts
// the settings back, or nil when fd is not a terminal.
func makeRaw(fd int) func() {
	t, err := unix.IoctlGetTermios(fd, getTermios)
	if err != nil {
		return nil
	}
	saved := *t
	raw := *t
	raw.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	raw.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	raw.Cflag &^= unix.CSIZE | unix.PARENB
	raw.Cflag |= unix.CS8
	raw.Cc[unix.VMIN], raw.Cc[unix.VTIME] = 1, 0
	if unix.IoctlSetTermios(fd, setTermios, &raw) != nil {
		return nil
	}
	return func() { unix.IoctlSetTermios(fd, setTermios, &saved) }
}

// termWidth is the width of the terminal on fd in columns, or 0.
func termWidth(fd int) int {
	ws, err := unix.IoctlGetWinsize(fd, unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
