package prompts

import (
	"fmt"
	"strings"

	"rumref/safetext"
)

// The terminal shows a text taller than its screen (the board-building
// instructions, the board and status) a screen at a time: a screen of
// lines, then "Press Enter for the next part", so that nothing scrolls
// away before the table has read it. Plain and JSON modes print it whole.

// pageRoom is what a screen keeps below a part: the pause's line and the
// line the cursor waits on after it.
const pageRoom = 2

// minPageRows is the smallest screen that is paged; a smaller one (or a
// height not known) gets the text whole.
const minPageRows = 8

// splitPages cuts lines into parts of at most rows lines, the last of at
// most lastRows (lastRows <= rows). A part ends after a blank line where
// there is one in its second half, so that a paragraph or a picture is
// cut only when it is taller than a screen.
func splitPages(lines []string, rows, lastRows int) [][]string {
	var out [][]string
	for len(lines) > lastRows {
		n := min(rows, len(lines)-1)
		for i := n; i > rows/2; i-- {
			if strings.TrimSpace(lines[i-1]) == "" {
				n = i
				break
			}
		}
		out = append(out, lines[:n])
		lines = lines[n:]
	}
	return append(out, lines)
}

// page shows text a screen at a time, waiting for Enter between two
// parts, then, when last is not "", waits for Enter at last. Its lines
// are wrapped between words as a message's are (wrapText); a drawn line
// (a picture's row) is kept whole.
func (t *terminal) page(text, last string) error {
	lines := strings.Split(wrapText(strings.TrimRight(text, "\n"), t.width()), "\n")
	rows := t.height()
	if rows < minPageRows {
		fmt.Fprintln(t.out, strings.Join(lines, "\n"))
		if last != "" {
			return t.waitEnter(last)
		}
		return nil
	}
	lastRows := rows - pageRoom
	if last != "" {
		lastRows = rows - 1 - len(t.labelLines(last, promptRoom))
	}
	parts := splitPages(lines, rows-pageRoom, max(1, lastRows))
	for i, p := range parts {
		fmt.Fprintln(t.out, strings.Join(p, "\n"))
		if i < len(parts)-1 {
			if err := t.waitEnter(t.pal.say("page.next", i+2, len(parts))); err != nil {
				return err
			}
		}
	}
	if last != "" {
		return t.waitEnter(last)
	}
	return nil
}

// labelLines are the lines a prompt's label takes at the terminal with
// room columns kept after it (see fitLabel): the last is the label.
func (t *terminal) labelLines(label string, room int) []string {
	room = min(room, t.width()/2)
	lines := safetext.Wrap(label, t.width()-1, "")
	if len(lines) == 1 && safetext.Width(label)+room <= t.width() {
		return []string{label}
	}
	if last := lines[len(lines)-1]; safetext.Width(last)+room > t.width() {
		lines = append(lines[:len(lines)-1], safetext.Wrap(last, t.width()-room, "")...)
	}
	return lines
}
