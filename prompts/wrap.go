package prompts

import "strings"

// The terminal's one way to break text into lines that fit it: wrapAt
// breaks one line, wrapText every line of a text. Both measure text as
// it shows on the screen, where escape codes (colors) take no room.

// wrapAt breaks s at spaces into lines of at most n columns, each line
// after the first opening with indent. A word is never cut, unless it
// alone is wider than a line: then it starts a line and is cut at the
// line's end (so that every line fits, which a list that counts the
// lines it drew and a prompt that redraws its line rely on). The spaces
// s opens with and runs of spaces inside a line are kept; the spaces at
// a break are dropped.
func wrapAt(s string, n int, indent string) []string {
	n = max(n, len(indent)+10) // a tiny terminal still gets whole lines
	if visibleWidth(s) <= n {
		return []string{s}
	}
	var out []string
	lead := len(s) - len(strings.TrimLeft(s, " "))
	line, w := s[:lead], lead
	fresh := true // line holds only its opening spaces or the indent
	for _, word := range strings.Split(s[lead:], " ") {
		ww := visibleWidth(word)
		switch {
		case fresh && word == "":
			continue // a space at a break
		case fresh:
			line, w, fresh = line+word, w+ww, false
		case w+1+ww <= n:
			line, w = line+" "+word, w+1+ww
		default:
			out = append(out, line)
			line, w, fresh = indent+word, len(indent)+ww, word == ""
		}
		for w > n {
			at, _ := columns(line, n)
			out = append(out, line[:at])
			line = indent + line[at:]
			w = visibleWidth(line)
		}
	}
	return append(out, line)
}

// wrapText wraps each line of text wider than width columns (wrapAt), its
// later lines under the line's hanging indent (hanging). A line that is
// drawn rather than written is left whole: one with no space after the
// spaces it opens with (a picture's row), or with a run of three spaces
// inside (a picture's or a table's row, which breaking would misalign).
func wrapText(text string, width int) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		body := strings.TrimLeft(line, " ")
		if visibleWidth(line) <= width || !strings.Contains(body, " ") || strings.Contains(body, "   ") {
			continue
		}
		lines[i] = strings.Join(wrapAt(line, width, hanging(line)), "\n")
	}
	return strings.Join(lines, "\n")
}

// hanging is the indent of a wrapped line's later lines: as wide as the
// spaces the line opens with and its bullet ("* ") or number ("12. "),
// so that they line up under its first word.
func hanging(line string) string {
	body := strings.TrimLeft(line, " ")
	n := len(line) - len(body)
	digits := len(body) - len(strings.TrimLeft(body, "0123456789"))
	switch {
	case strings.HasPrefix(body, "* "):
		n += 2
	case digits > 0 && strings.HasPrefix(body[digits:], ". "):
		n += digits + 2
	}
	return strings.Repeat(" ", n)
}

// visibleWidth is how many columns s takes on the screen: its characters
// less its escape codes.
func visibleWidth(s string) int {
	_, w := columns(s, -1)
	return w
}

// columns reads s up to its visible column stop (escape codes take no
// room): it returns the byte offset where that column begins, or len(s)
// when s is narrower, and the columns before it.
func columns(s string, stop int) (at, w int) {
	esc := false
	for i, r := range s {
		switch {
		case esc:
			esc = r < 0x40 || r > 0x7e || r == '['
		case r == 0x1b:
			esc = true
		default:
			if w == stop {
				return i, w
			}
			w++
		}
	}
	return len(s), w
}
