package prompts

import (
	"io"
	"os"
)

// showCursor makes the cursor visible again: a selection list hides it.
const showCursor = "\x1b[?25h"

// hideCursor hides the cursor while a selection list is shown.
const hideCursor = "\x1b[?25l"

// SaveTerminal records the state of the terminal on in (when it is one)
// and returns a function that puts it back: line editing and echo on, as
// before the first prompt switched them off, and the cursor shown on out.
// rumref calls it when a signal stops it in the middle of a prompt, so
// the shell it returns to still echoes what is typed.
func SaveTerminal(in *os.File, out io.Writer) (restore func()) {
	if !isTerminal(in) {
		return func() {}
	}
	back := saveTermios(int(in.Fd()))
	return func() {
		if back != nil {
			back()
		}
		if f, ok := out.(*os.File); ok && isTerminal(f) {
			io.WriteString(f, showCursor)
		}
	}
}
