package prompts

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

var escapeCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

// stripColor drops the escape codes of s.
func stripColor(s string) string { return escapeCode.ReplaceAllString(s, "") }

// TestWrapAtCases: words go whole to the next line; only a word wider
// than a line is cut, at the line's end, after it has started a line of
// its own; the spaces a line opens with stay, those at a break go.
func TestWrapAtCases(t *testing.T) {
	for _, tc := range []struct {
		s, indent string
		n         int
		want      []string
	}{
		{"short enough", "", 20, []string{"short enough"}},
		{"one two three four five six", "", 12, []string{"one two", "three four", "five six"}},
		{"one two three four five six", "  ", 12, []string{"one two", "  three four", "  five six"}},
		// A word longer than a line: a line of its own, cut at the end.
		{"a abcdefghijklmnopqrstuvwxyz b", "", 10, []string{"a", "abcdefghij", "klmnopqrst", "uvwxyz b"}},
		{"abcdefghijklmnopqrstuvwxyz", "    ", 14, []string{"abcdefghijklmn", "    opqrstuvwx", "    yz"}},
		// Opening spaces stay; the spaces at a break go; runs inside a
		// line stay.
		{"   the list's own three spaces", "", 16, []string{"   the list's", "own three spaces"}},
		{"one two   three", "", 10, []string{"one two  ", "three"}},
		{"one  two three", "", 10, []string{"one  two", "three"}},
	} {
		if got := wrapAt(tc.s, tc.n, tc.indent); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("wrapAt(%q, %d, %q) = %q, want %q", tc.s, tc.n, tc.indent, got, tc.want)
		}
	}
}

// TestWrapAtColorTakesNoRoom: a colored text breaks exactly where the
// same text without color breaks (the escape codes kept, never cut), so
// a highlighted list row keeps its opening spaces like the others.
func TestWrapAtColorTakesNoRoom(t *testing.T) {
	row := "  \x1b[36;1m>\x1b[0m 1) Ann"
	if got := fitLines(row, 79); len(got) != 1 || got[0] != row {
		t.Errorf("a colored row that fits changed: %q", got)
	}
	long := "\x1b[1mBo:\x1b[0m " + strings.Repeat("x", 30) + " \x1b[2m(rp.move)\x1b[0m"
	got := wrapAt(long, 20, "  ")
	plain := wrapAt(stripColor(long), 20, "  ")
	if len(got) != len(plain) {
		t.Fatalf("colored %q, plain %q", got, plain)
	}
	for i := range got {
		if stripColor(got[i]) != plain[i] {
			t.Errorf("line %d: colored %q, plain %q", i+1, got[i], plain[i])
		}
		if strings.Count(got[i], "\x1b") != len(escapeCode.FindAllString(got[i], -1)) {
			t.Errorf("line %d cuts an escape code: %q", i+1, got[i])
		}
	}
}

// TestWrapAtRandomTexts: on random texts of words, spaces and colors, at
// random widths, every line fits, the words and codes come back in order
// (joined at the breaks), a word is cut only when it alone is wider than
// the room of a line, and color changes no break.
func TestWrapAtRandomTexts(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 7))
	for range 3000 {
		var words []string
		for range r.IntN(12) {
			w := strings.Repeat(string(rune('a'+r.IntN(26))), 1+r.IntN(24))
			if r.IntN(4) == 0 {
				w = "\x1b[1m" + w + "\x1b[0m"
			}
			words = append(words, w)
		}
		s := strings.Repeat(" ", r.IntN(4)) + strings.Join(words, strings.Repeat(" ", 1+r.IntN(2)))
		indent := strings.Repeat(" ", r.IntN(7))
		n := r.IntN(40)
		room := max(n, len(indent)+10)
		lines := wrapAt(s, n, indent)
		for i, l := range lines {
			if w := visibleWidth(l); w > room {
				t.Fatalf("wrapAt(%q, %d, %q): line %d takes %d columns: %q", s, n, indent, i+1, w, lines)
			}
			if i > 0 && !strings.HasPrefix(l, indent) {
				t.Fatalf("wrapAt(%q, %d, %q): line %d lacks the indent: %q", s, n, indent, i+1, lines)
			}
		}
		if got := strings.Fields(stripColor(strings.Join(lines, " "))); len(words) > 0 && len(got) < len(words) {
			t.Fatalf("wrapAt(%q, %d, %q) lost words: %q", s, n, indent, lines)
		}
		// Joined back without the indents and the breaks, the text is
		// whole: every code and letter in order.
		var b strings.Builder
		for i, l := range lines {
			if i > 0 {
				l = strings.TrimPrefix(l, indent)
			}
			b.WriteString(strings.ReplaceAll(l, " ", ""))
		}
		if b.String() != strings.ReplaceAll(s, " ", "") {
			t.Fatalf("wrapAt(%q, %d, %q) changed the text: %q", s, n, indent, lines)
		}
		// A word is cut only when it is wider than a line (after the
		// spaces it opens with or the indent).
		lead := len(s) - len(strings.TrimLeft(s, " "))
		for _, w := range strings.Fields(stripColor(s)) {
			if len(w) <= room-max(lead, len(indent)) && !strings.Contains(" "+stripColor(strings.Join(lines, " "))+" ", " "+w+" ") {
				t.Fatalf("wrapAt(%q, %d, %q) cut the word %q: %q", s, n, indent, w, lines)
			}
		}
		plain := wrapAt(stripColor(s), n, indent)
		if stripColor(strings.Join(lines, "\n")) != strings.Join(plain, "\n") {
			t.Fatalf("color moved a break: %q, without color %q", lines, plain)
		}
	}
}

// TestWrapTextHangsUnderTheFirstWord: a wrapped bullet or numbered line
// goes on under its first word, and drawn lines (no space after the
// opening ones, or a run of three spaces) stay whole.
func TestWrapTextHangsUnderTheFirstWord(t *testing.T) {
	text := "        * Ann puts 2 pirates on the alley HQ - Coin 2; the captain arrives at Coin 2. (rp.move)\n" +
		"    12. Ann: Which empty alley does the captain take from HQ this turn? -> a4 (rp.move)\n" +
		"# [4s]/            /        [1w]/            /        [9w]/             |     #   and on past the width\n" +
		strings.Repeat("=", 100)
	got := strings.Split(wrapText(text, 60), "\n")
	want := []string{
		"        * Ann puts 2 pirates on the alley HQ - Coin 2; the",
		"          captain arrives at Coin 2. (rp.move)",
		"    12. Ann: Which empty alley does the captain take from HQ",
		"        this turn? -> a4 (rp.move)",
		"# [4s]/            /        [1w]/            /        [9w]/             |     #   and on past the width",
		strings.Repeat("=", 100),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("wrapText:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
