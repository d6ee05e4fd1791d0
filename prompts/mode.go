// Package prompts is the input and output side of rumref: the three input
// modes (a raw terminal, plain lines for pipes, JSON Lines for
// programs), the interactive session loop that asks the engine's questions
// and feeds it the answers, and the small setup questions asked before a
// game exists. It is the only package that imports promptui (for its
// colors) and fatih/color.
package prompts

import (
	"embed"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"rumref/locale"
	"rumref/referee"
)

// messages are every word the package shows, in every language.
//
//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("prompts", messages)

// Mode is how a session talks to the people (or program) at the table.
type Mode int

const (
	// Terminal uses the raw terminal: selection lists, masked secret input and a
	// cleared screen after secrets. It needs a real terminal on both ends.
	Terminal Mode = iota
	// Plain writes plain lines and reads one answer per line; it is meant
	// for pipes and scripts.
	Plain
	// JSON writes one JSON object per line and reads one answer per line;
	// it is the machine protocol described in docs/protocol.md.
	JSON
)

// String returns the mode's name as the --io flag spells it.
func (m Mode) String() string {
	switch m {
	case Terminal:
		return "terminal"
	case Plain:
		return "plain"
	case JSON:
		return "json"
	}
	return fmt.Sprintf("mode(%d)", int(m))
}

// ParseMode reads a mode name as given to --io.
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "terminal":
		return Terminal, nil
	case "plain":
		return Plain, nil
	case "json":
		return JSON, nil
	}
	return Plain, referee.Errorf("prompts.mode.unknown", referee.Str(s))
}

// Detect picks the default mode: Terminal when both in and out are
// terminals that can move the cursor, Plain otherwise. A terminal whose
// TERM is dumb (an editor's shell, a serial console) understands no
// escape sequence: it gets plain lines, with no color and no cursor
// movement.
func Detect(in, out *os.File) Mode {
	if isTerminal(in) && isTerminal(out) && !DumbTerminal() {
		return Terminal
	}
	return Plain
}

// DumbTerminal reports whether TERM says the terminal understands no
// escape sequence (TERM=dumb).
func DumbTerminal() bool { return os.Getenv("TERM") == "dumb" }

// Columns is the width in columns of the terminal w writes to, or 0 when
// w is not a terminal (a pipe, a file): what is printed there need not
// fit a screen.
func Columns(w io.Writer) int {
	if c, ok := w.(*crlfWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) {
		return 0
	}
	return termWidth(int(f.Fd()))
}

// Rows is the height in rows of the terminal w writes to, or 0 when w
// is not a terminal.
func Rows(w io.Writer) int {
	if c, ok := w.(*crlfWriter); ok {
		w = c.w
	}
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) {
		return 0
	}
	_, h, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return h
}
