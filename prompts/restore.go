package prompts

import (
	"bytes"
	"io"
	"os"
	"sync/atomic"

	"golang.org/x/term"
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
	fd := int(in.Fd())
	saved, err := term.GetState(fd)
	return func() {
		if err == nil {
			term.Restore(fd, saved)
		}
		if f, ok := out.(*os.File); ok && isTerminal(f) && !DumbTerminal() {
			io.WriteString(f, showCursor)
		}
	}
}

// makeRaw switches the terminal on fd to reading key by key without echo
// (the line editor does the same for each prompt) and returns a function
// that puts the settings back, or nil when fd is not a terminal. Raw mode
// also stops the terminal from starting each new line at its left edge:
// what is written meanwhile goes through a crlfWriter.
func makeRaw(fd int) func() {
	saved, err := term.MakeRaw(fd)
	if err != nil {
		return nil
	}
	return func() { term.Restore(fd, saved) }
}

// termWidth is the width of the terminal on fd in columns, or 0.
func termWidth(fd int) int {
	w, _, err := term.GetSize(fd)
	if err != nil {
		return 0
	}
	return w
}

// termHeight is the height of the terminal on fd in lines, or 0.
func termHeight(fd int) int {
	_, h, err := term.GetSize(fd)
	if err != nil {
		return 0
	}
	return h
}

func isTerminal(f *os.File) bool {
	return f != nil && term.IsTerminal(int(f.Fd()))
}

// crlfWriter writes to a terminal whose input may be in raw mode. While
// raw is set it writes every newline as carriage return and newline, as
// the terminal itself does otherwise, so lines start at the left edge.
type crlfWriter struct {
	w   io.Writer
	raw atomic.Bool
}

// Write writes p, and reports all of p as written when it all was.
func (c *crlfWriter) Write(p []byte) (int, error) {
	if !c.raw.Load() || bytes.IndexByte(p, '\n') < 0 {
		return c.w.Write(p)
	}
	if _, err := c.w.Write(bytes.ReplaceAll(p, []byte("\n"), []byte("\r\n"))); err != nil {
		return 0, err
	}
	return len(p), nil
}
