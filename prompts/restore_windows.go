//go:build windows

package prompts

import "golang.org/x/sys/windows"

// saveTermios reads the console's input mode and returns a function that
// writes it back, or nil when it cannot be read.
func saveTermios(fd int) func() {
	h := windows.Handle(fd)
	var mode uint32
	if windows.GetConsoleMode(h, &mode) != nil {
		return nil
	}
	return func() { windows.SetConsoleMode(h, mode) }
}

// makeRaw switches the console on fd to reading key by key without echo,
// with arrow keys as escape sequences, and returns a function that puts
// its mode back, or nil when fd is not a console.
func makeRaw(fd int) func() {
	h := windows.Handle(fd)
	var mode uint32
	if windows.GetConsoleMode(h, &mode) != nil {
		return nil
	}
	raw := mode&^(windows.ENABLE_ECHO_INPUT|windows.ENABLE_LINE_INPUT|windows.ENABLE_PROCESSED_INPUT) | windows.ENABLE_VIRTUAL_TERMINAL_INPUT
	if windows.SetConsoleMode(h, raw) != nil {
		return nil
	}
	return func() { windows.SetConsoleMode(h, mode) }
}

// termWidth is the width of the console on fd in columns, or 0.
func termWidth(fd int) int {
	var info windows.ConsoleScreenBufferInfo
	if windows.GetConsoleScreenBufferInfo(windows.Handle(fd), &info) != nil {
		return 0
	}
	return int(info.Window.Right-info.Window.Left) + 1
}
