package prompts

import (
	"strings"

	"rumref/locale"
	"rumref/safetext"
)

// The terminal breaks text into lines that fit it with safetext.Wrap
// (one line) and wrapText (every line of a text). Both measure text as it
// shows on the screen, where escape codes (colors) take no room.

// wrapText wraps each line of text wider than width columns
// (safetext.Wrap), its later lines under the line's hanging indent
// (hanging). A line that is drawn rather than written is left whole: one
// with no space after the spaces it opens with (a picture's row), or with
// a run of three spaces inside (a picture's or a table's row, which
// breaking would misalign).
func wrapText(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		body := strings.TrimLeft(line, " ")
		if safetext.Width(line) <= width || !strings.Contains(body, " ") || strings.Contains(body, "   ") {
			continue
		}
		lines[i] = strings.Join(safetext.Wrap(line, width, hanging(line)), "\n")
	}
	return strings.Join(lines, "\n")
}

// hanging is the indent of a wrapped line's later lines: as wide as the
// spaces the line opens with and its bullet ("* ") or number ("12. "),
// so that they line up under its first word.
func hanging(line string) string {
	body := strings.TrimLeft(line, " "+locale.Open+locale.Close)
	n := safetext.Width(line[:len(line)-len(body)])
	digits := len(body) - len(strings.TrimLeft(body, "0123456789"))
	switch {
	case strings.HasPrefix(body, "* "):
		n += 2
	case digits > 0 && strings.HasPrefix(body[digits:], ". "):
		n += digits + 2
	}
	return strings.Repeat(" ", n)
}
