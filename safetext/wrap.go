package safetext

import (
	"strings"
	"unicode/utf8"

	"github.com/rivo/uniseg"
)

// Wrap and Width are rumref's one way to break a line of text into lines
// that fit a width: the terminal's (package prompts) and the narrow board
// picture's key (package pirates). They measure text as it shows on a
// screen, where escape codes (colors) take no room.

// Wrap breaks s at spaces into lines of at most n columns, each line
// after the first opening with indent. A word is never cut, unless it
// alone is wider than a line: then it starts a line and is cut at the
// line's end (so that every line fits, which a list that counts the
// lines it drew and a prompt that redraws its line rely on). The spaces
// s opens with and runs of spaces inside a line are kept; the spaces at
// a break are dropped.
func Wrap(s string, n int, indent string) []string {
	n = max(n, len(indent)+10) // a tiny terminal still gets whole lines
	if Width(s) <= n {
		return []string{s}
	}
	var out []string
	lead := len(s) - len(strings.TrimLeft(s, " "))
	line, w := s[:lead], lead
	fresh := true // line holds only its opening spaces or the indent
	for _, word := range strings.Split(s[lead:], " ") {
		ww := Width(word)
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
			w = Width(line)
		}
	}
	return balanceMarks(append(out, line))
}

// balanceMarks closes, at the end of each line, the catalog check's marks
// (locale's U+2068 ... U+2069, which take no room) still open there, and
// opens them again at the start of the next line: each line of a message
// wrapped stays marked on its own, also where a terminal draws it again
// alone (a prompt's last line).
func balanceMarks(lines []string) []string {
	depth := 0
	for i, l := range lines {
		d := depth
		for _, r := range l {
			switch {
			case r == '\u2068':
				d++
			case r == '\u2069' && d > 0:
				d--
			}
		}
		if depth > 0 || d > 0 {
			lines[i] = strings.Repeat(markOpen, depth) + l + strings.Repeat(markClose, d)
		}
		depth = d
	}
	return lines
}

// Width is how many columns s takes on the screen: the display width of
// its characters (uniseg: two for CJK and emoji, one for a letter with its
// combining accents), less its escape codes.
func Width(s string) int {
	_, w := columns(s, -1)
	return w
}

// columns reads s up to its visible column stop (escape codes take no
// room): it returns the byte offset where the character that would pass
// that column begins, or len(s) when s is narrower, and the columns
// before it. A character is a grapheme cluster, never split.
func columns(s string, stop int) (at, w int) {
	esc := false
	for i := 0; i < len(s); {
		if esc || s[i] == 0x1b {
			r, size := utf8.DecodeRuneInString(s[i:])
			esc = !esc || r < 0x40 || r > 0x7e || r == '['
			i += size
			continue
		}
		text := s[i:]
		if end := strings.IndexByte(text, 0x1b); end >= 0 {
			text = text[:end]
		}
		state := -1
		for text != "" {
			var cluster string
			var cw int
			cluster, text, cw, state = uniseg.FirstGraphemeClusterInString(text, state)
			if stop >= 0 && w+cw > stop {
				return i, w
			}
			w += cw
			i += len(cluster)
		}
	}
	return len(s), w
}
