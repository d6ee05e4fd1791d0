package safetext

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/rivo/uniseg"
)

var escapeCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

// stripColor drops the escape codes of s.
func stripColor(s string) string { return escapeCode.ReplaceAllString(s, "") }

// TestWrapCases: words go whole to the next line; only a word wider
// than a line is cut, at the line's end, after it has started a line of
// its own; the spaces a line opens with stay, those at a break go.
func TestWrapCases(t *testing.T) {
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
		if got := Wrap(tc.s, tc.n, tc.indent); strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("Wrap(%q, %d, %q) = %q, want %q", tc.s, tc.n, tc.indent, got, tc.want)
		}
	}
}

// TestWidthOfWideText: a character a terminal draws two columns wide
// (CJK, emoji) counts two, a letter and its combining accent one, and an
// emoji sequence (a family, a flag) two, as a terminal shows them.
func TestWidthOfWideText(t *testing.T) {
	for s, want := range map[string]int{
		"Ann": 3, "山田太郎": 8, "Zoë": 3, "Zoe\u0308": 3, "👍": 2, "👨\u200d👩\u200d👧": 2,
		"🇯🇵": 2, "\x1b[1m山田\x1b[0m Bo": 7, "カタカナ ｶﾀｶﾅ": 13, "한국어": 6,
	} {
		if got := Width(s); got != want {
			t.Errorf("Width(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestWrapWideNames: a line with wide names wraps to lines that fit the
// screen's columns, and a word of wide characters is cut between them.
func TestWrapWideNames(t *testing.T) {
	for _, tc := range []struct {
		s, indent string
		n         int
		want      []string
	}{
		{"山田太郎 moves to the Swan and 山田太郎 pays Zoë one coin", "  ", 20,
			[]string{"山田太郎 moves to", "  the Swan and", "  山田太郎 pays Zoë", "  one coin"}},
		{"山山山山山山山山山山山山", "", 10, []string{"山山山山山", "山山山山山", "山山"}},
		{"👍👍👍👍👍👍 ok", "", 11, []string{"👍👍👍👍👍", "👍 ok"}},
	} {
		got := Wrap(tc.s, tc.n, tc.indent)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("Wrap(%q, %d, %q) = %q, want %q", tc.s, tc.n, tc.indent, got, tc.want)
		}
		for _, l := range got {
			if w := uniseg.StringWidth(l); w > tc.n {
				t.Errorf("Wrap(%q, %d, %q): %q takes %d columns", tc.s, tc.n, tc.indent, l, w)
			}
		}
	}
}

// TestWrapColorTakesNoRoom: a colored text breaks exactly where the
// same text without color breaks (the escape codes kept, never cut), so
// a highlighted list row keeps its opening spaces like the others.
func TestWrapColorTakesNoRoom(t *testing.T) {
	long := "\x1b[1mBo:\x1b[0m " + strings.Repeat("x", 30) + " \x1b[2m(rp.move)\x1b[0m"
	got := Wrap(long, 20, "  ")
	plain := Wrap(stripColor(long), 20, "  ")
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

// TestWrapRandomTexts: on random texts of words, spaces and colors, at
// random widths, every line fits, the words and codes come back in order
// (joined at the breaks), a word is cut only when it alone is wider than
// the room of a line, and color changes no break.
func TestWrapRandomTexts(t *testing.T) {
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
		lines := Wrap(s, n, indent)
		for i, l := range lines {
			if w := Width(l); w > room {
				t.Fatalf("Wrap(%q, %d, %q): line %d takes %d columns: %q", s, n, indent, i+1, w, lines)
			}
			if i > 0 && !strings.HasPrefix(l, indent) {
				t.Fatalf("Wrap(%q, %d, %q): line %d lacks the indent: %q", s, n, indent, i+1, lines)
			}
		}
		if got := strings.Fields(stripColor(strings.Join(lines, " "))); len(words) > 0 && len(got) < len(words) {
			t.Fatalf("Wrap(%q, %d, %q) lost words: %q", s, n, indent, lines)
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
			t.Fatalf("Wrap(%q, %d, %q) changed the text: %q", s, n, indent, lines)
		}
		// A word is cut only when it is wider than a line (after the
		// spaces it opens with or the indent).
		lead := len(s) - len(strings.TrimLeft(s, " "))
		for _, w := range strings.Fields(stripColor(s)) {
			if len(w) <= room-max(lead, len(indent)) && !strings.Contains(" "+stripColor(strings.Join(lines, " "))+" ", " "+w+" ") {
				t.Fatalf("Wrap(%q, %d, %q) cut the word %q: %q", s, n, indent, w, lines)
			}
		}
		plain := Wrap(stripColor(s), n, indent)
		if stripColor(strings.Join(lines, "\n")) != strings.Join(plain, "\n") {
			t.Fatalf("color moved a break: %q, without color %q", lines, plain)
		}
	}
}

// FuzzWrap: whatever the text, width and indent, Wrap ends, every
// line fits the room (the width, or the indent and 10 columns), every line
// after the first opens with the indent, and the text comes back whole
// without the spaces at the breaks.
func FuzzWrap(f *testing.F) {
	f.Add("Hop again (1 coin) along which empty alley, or stop here?", 20, "    ")
	f.Add("  \x1b[36;1m>\x1b[0m 1) Ann "+strings.Repeat("é", 40), 12, "")
	f.Add("\x1b[1mxx\x1b", 0, "      ")
	f.Fuzz(func(t *testing.T, s string, n int, indent string) {
		indent = strings.Repeat(" ", len(indent)%12)
		n %= 200
		lines := Wrap(s, n, indent)
		room := max(n, len(indent)+10)
		var b strings.Builder
		for i, l := range lines {
			if w := Width(l); w > room && strings.TrimLeft(s, " ") != "" {
				t.Fatalf("Wrap(%q, %d, %q): line %d takes %d columns: %q", s, n, indent, i+1, w, lines)
			}
			if i > 0 {
				if !strings.HasPrefix(l, indent) {
					t.Fatalf("Wrap(%q, %d, %q): line %d lacks the indent: %q", s, n, indent, i+1, lines)
				}
				l = l[len(indent):]
			}
			b.WriteString(strings.ReplaceAll(l, " ", ""))
		}
		if b.String() != strings.ReplaceAll(s, " ", "") {
			t.Fatalf("Wrap(%q, %d, %q) changed the text: %q", s, n, indent, lines)
		}
	})
}
