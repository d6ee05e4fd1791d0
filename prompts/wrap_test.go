package prompts

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"rumref/referee"
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

// longGame says one long ruling and has a long status line below a
// drawn row, for TestTerminalLogAndStatusWrap.
type longGame struct{}

const (
	longRuling = "Ann puts 3 pirates on the alley Coin 4 - Rendezvous (4); the captain arrives at Rendezvous (4), where a face-down rendezvous tile may be met."
	longStatus = "Ann (gold): supply 11, office 4, rum 2, face-down rendezvous 0, wares kept 1 (eye patch 2); won: bedroll 1, chest 5, bunk 8"
	drawnRow   = "# [4s]/            /        [1w]/            /        [9w]/             |     #      |"
)

func (longGame) Name() string                 { return "long" }
func (longGame) PlayerNames() []string        { return []string{"Ann"} }
func (longGame) Status(referee.Viewer) string { return drawnRow + "\n" + longStatus + "\n" }
func (longGame) View(referee.Viewer) any      { return nil }
func (longGame) Play(t *referee.T) {
	t.Emit(referee.Event{Rule: "rp.move", Text: longRuling})
	t.Ask(referee.Question{ID: "x.pick", Actor: 0, Kind: referee.Choice, Rule: "rp.move", Text: "Which one do you pick of the two shown on the table now?",
		Options: []referee.Option{{Key: "a"}, {Key: "b"}}})
}

// TestTerminalLogAndStatusWrap: in a terminal the log, the help and the
// status are wrapped between words like a ruling, a line of the log
// under its first word, and a drawn row is left as it is.
func TestTerminalLogAndStatusWrap(t *testing.T) {
	e, err := referee.Start(func() referee.Game { return longGame{} })
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var out bytes.Buffer
	s := &Session{Mode: Terminal, In: strings.NewReader(""), Out: &out, Engine: e}
	s.init()
	check := func(what, want string, width int) {
		t.Helper()
		got := out.String()
		out.Reset()
		for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
			if visibleWidth(l) > width && l != drawnRow {
				t.Errorf("%s: a line of %d columns: %q", what, visibleWidth(l), l)
			}
		}
		if !strings.Contains(strings.Join(strings.Fields(got), " "), want) {
			t.Errorf("%s lacks %q:\n%s", what, want, got)
		}
	}
	s.fe.show(shown{kind: showLog})
	if lines := strings.Split(out.String(), "\n"); len(lines) < 3 || !strings.HasPrefix(lines[1], "        * Ann") || !strings.HasPrefix(lines[2], "          ") || lines[2][10] == ' ' {
		t.Errorf("the log's ruling does not hang under its first word:\n%s", out.String())
	}
	check("the log", "* "+longRuling+" (rp.move)", 79)
	s.fe.show(shown{kind: showHelp, q: e.Next(), question: "x.pick asks Ann: " + e.Next().Text + " Answer with a or b, or the option's number 1 to 2; the rule is rp.move.", commands: "Commands"})
	check("the help", "x.pick asks Ann: Which one", 79)
	s.fe.status(referee.Public)
	check("the status", longStatus, 80)
	s.fe.status(referee.Public)
	got := out.String()
	if !strings.Contains(got, "\n"+drawnRow+"\n") {
		t.Errorf("the drawn row was wrapped:\n%s", got)
	}
}

// FuzzWrapAt: whatever the text, width and indent, wrapAt ends, every
// line fits the room (the width, or the indent and 10 columns), every line
// after the first opens with the indent, and the text comes back whole
// without the spaces at the breaks.
func FuzzWrapAt(f *testing.F) {
	f.Add("Hop again (1 coin) along which empty alley, or stop here?", 20, "    ")
	f.Add("  \x1b[36;1m>\x1b[0m 1) Ann "+strings.Repeat("é", 40), 12, "")
	f.Add("\x1b[1mxx\x1b", 0, "      ")
	f.Fuzz(func(t *testing.T, s string, n int, indent string) {
		indent = strings.Repeat(" ", len(indent)%12)
		n %= 200
		lines := wrapAt(s, n, indent)
		room := max(n, len(indent)+10)
		var b strings.Builder
		for i, l := range lines {
			if w := visibleWidth(l); w > room && strings.TrimLeft(s, " ") != "" {
				t.Fatalf("wrapAt(%q, %d, %q): line %d takes %d columns: %q", s, n, indent, i+1, w, lines)
			}
			if i > 0 {
				if !strings.HasPrefix(l, indent) {
					t.Fatalf("wrapAt(%q, %d, %q): line %d lacks the indent: %q", s, n, indent, i+1, lines)
				}
				l = l[len(indent):]
			}
			b.WriteString(strings.ReplaceAll(l, " ", ""))
		}
		if b.String() != strings.ReplaceAll(s, " ", "") {
			t.Fatalf("wrapAt(%q, %d, %q) changed the text: %q", s, n, indent, lines)
		}
	})
}

// TestTerminalPrivateRulingsWrap: the private rulings a player reads
// after a secret answer are wrapped between words too.
func TestTerminalPrivateRulingsWrap(t *testing.T) {
	var out bytes.Buffer
	term := &terminal{out: &out, outFd: -1, pal: palette{on: true}} // 80 columns
	private := "You have 1 coin, not enough for the coins a hop from Frere Jacques (6) costs: a dark alley costs one."
	if err := term.passBack("Ann", []string{private}, true); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) < 3 {
		t.Fatalf("not wrapped:\n%s", out.String())
	}
	for _, l := range lines {
		if visibleWidth(l) > 79 {
			t.Errorf("a line of %d columns: %q", visibleWidth(l), l)
		}
	}
	if got := strings.Join(strings.Fields(stripColor(out.String())), " "); !strings.Contains(got, "for Ann only: "+private) {
		t.Errorf("words lost or moved: %q", got)
	}
}
