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
