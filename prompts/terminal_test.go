package prompts

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"unicode/utf8"

	"rumref/referee"
	"rumref/safetext"
)

// renderTemplates draws a typed prompt (a line typed, a refusal under
// it, a hidden line) and a selection list with its keys shown, and
// returns the output.
func renderTemplates(t *testing.T, color bool) string {
	t.Helper()
	var out strings.Builder
	l := &list{spec: listSpec{label: "Ann: Which ware?", items: listItems([]string{"rum", "gold"}, []string{"Rum", "Gold"}, true), commands: true, keys: true},
		out: &out, width: 80, pal: palette{on: color}, hi: 0, showKey: true}
	l.draw()
	term := newTerminal(strings.NewReader("7\r4\r"), &out, palette{on: color})
	if s, err := term.prompt("How many?", func(s string) error {
		if s == "7" {
			return errors.New("7 is out of range")
		}
		return nil
	}, false); s != "4" || err != nil {
		t.Fatalf("the prompt gave %q, %v", s, err)
	}
	term = newTerminal(strings.NewReader("gold\r"), &out, palette{on: color})
	if s, err := term.prompt("Your answer (hidden):", nil, true); s != "gold" || err != nil {
		t.Fatalf("the hidden prompt gave %q, %v", s, err)
	}
	return out.String()
}

func TestTemplatesHaveNoEscapesWhenColorIsOff(t *testing.T) {
	off := renderTemplates(t, false)
	if m := escapeCode.FindString(off); m != "" {
		t.Fatalf("color-off templates print color code %q: %q", m, off)
	}
	for _, s := range []string{"1) Rum  [rum]", "not taken: 7 is out of range", "type to narrow", "1-2 choose", "undo show log help peek quit"} {
		if !strings.Contains(off, s) {
			t.Errorf("templates lose %q: %q", s, off)
		}
	}
	if on := renderTemplates(t, true); !escapeCode.MatchString(on) {
		t.Fatal("color-on templates print no color at all")
	}
	if palette := (palette{}); palette.bad("x") != "x" || palette.turn("Ann") != "Ann" {
		t.Fatal("the color-off palette changes text")
	}
	if p := (palette{on: true}); !strings.Contains(p.bad("x"), "\x1b[") {
		t.Fatal("the color-on palette adds no color")
	}
}

func TestPumpViewsHandOverInput(t *testing.T) {
	pr, pw := io.Pipe()
	p := newPump(pr)
	v1 := p.view()
	got := make(chan string, 1)
	go func() {
		b := make([]byte, 8)
		n, err := v1.Read(b)
		if err != nil {
			got <- "err " + err.Error()
			return
		}
		got <- string(b[:n])
	}()
	pw.Write([]byte("ab"))
	if s := <-got; s != "ab" {
		t.Fatalf("first view read %q", s)
	}
	// A stale reader waiting on v1 must not swallow input meant for v2.
	stale := make(chan error, 1)
	go func() {
		_, err := v1.Read(make([]byte, 8))
		stale <- err
	}()
	v2 := p.view()
	if err := <-stale; err != io.EOF {
		t.Fatalf("retired view read error %v, want EOF", err)
	}
	go pw.Write([]byte("cd"))
	b := make([]byte, 1)
	var s string
	for len(s) < 2 {
		n, err := v2.Read(b)
		if err != nil {
			t.Fatal(err)
		}
		s += string(b[:n])
	}
	if s != "cd" {
		t.Fatalf("second view read %q", s)
	}
	pw.Close()
	if _, err := v2.Read(b); err != io.EOF {
		t.Fatalf("after close: %v", err)
	}
}

func TestDetectPipesArePlain(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if m := Detect(r, w); m != Plain {
		t.Fatalf("Detect on pipes = %v", m)
	}
	if m := Detect(nil, nil); m != Plain {
		t.Fatalf("Detect(nil) = %v", m)
	}
}

// TestLongPromptLabelsStayOnOneLine: promptui redraws its line at every
// key, so a label wider than the terminal is drawn again below itself; the
// words that do not fit go above it as text.
func TestLongPromptLabelsStayOnOneLine(t *testing.T) {
	var out bytes.Buffer
	term := &terminal{out: &out, outFd: -1} // 80 columns
	long := "Build the board as shown above (type setup at any question to see it again), then press Enter to start."
	label := term.fitLabel(long, promptRoom)
	if n := len([]rune(label)) + promptRoom; n > 80 {
		t.Errorf("the label %q takes %d columns of 80", label, n)
	}
	above := out.String()
	for _, l := range strings.Split(strings.TrimSuffix(above, "\n"), "\n") {
		if len([]rune(l)) > 79 {
			t.Errorf("a line above the prompt is %d columns wide: %q", len([]rune(l)), l)
		}
	}
	if got := strings.Join(strings.Fields(above+" "+label), " "); got != long {
		t.Errorf("words lost or moved: %q", got)
	}
	out.Reset()
	if got := term.fitLabel("Name of player 1", textRoom); got != "Name of player 1" || out.Len() != 0 {
		t.Errorf("a short label changed: %q, printed %q", got, out.String())
	}
	// A line of text gets textRoom columns after the label: the hidden
	// wares line ("hook 3, peg leg 5, parrot 4") must not wrap as it is
	// typed, or promptui draws the prompt again on every key.
	out.Reset()
	hidden := "Your answer (hidden text, or help):"
	label = term.fitLabel(hidden, textRoom)
	if n := len([]rune(label)) + textRoom; n > 80 {
		t.Errorf("the text label %q leaves %d columns for the line, want %d", label, 80-len([]rune(label)), textRoom)
	}
	if out.Len() != 0 {
		t.Errorf("the label should fit on one line: printed %q, label %q", out.String(), label)
	}
}

// TestTerminalPlayerConfirmTakesTheLaptop: a confirmation asked of a
// player at the laptop (with phones: a phone may answer it too) passes
// the laptop to that player and back, so whoever held it after a secret
// answer holds it no more: their next secret question gets its pass
// screen again instead of being shown to whoever has the laptop now.
func TestTerminalPlayerConfirmTakesTheLaptop(t *testing.T) {
	s := &Session{Mode: Terminal, In: strings.NewReader(""), Out: &bytes.Buffer{}}
	s.init()
	s.passed = "0"
	s.fe.ask(asking{kind: askConfirm, id: "undo.secret", actor: 1, text: "Bo, do you agree?"})
	if s.passed != "" {
		t.Errorf("after Bo's confirmation the laptop is still taken as Ann's (passed %q)", s.passed)
	}
	s.passed = "0"
	s.fe.ask(asking{kind: askConfirm, id: "correct.drop", actor: referee.Table, text: "Go ahead?"})
	if s.passed != "0" {
		t.Errorf("the table's confirmation took the laptop from its holder (passed %q)", s.passed)
	}
}

// TestLongRulingsWrapAtSpaces: a ruling wider than the terminal is broken
// between words under a hanging indent, not in the middle of a word.
func TestLongRulingsWrapAtSpaces(t *testing.T) {
	var out bytes.Buffer
	term := &terminal{out: &out, outFd: -1} // 80 columns
	text := "Setup: Ann plays the crown and Bo the pirate. Lay out the islands (Home Port, Privateer Point, Bivalve Bay, Island 4), shuffle the 4 starting hazards and put one face-down in front of each island."
	term.ruling(text, "(rr.setup)")
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "  * Setup:") {
		t.Fatalf("not wrapped:\n%s", out.String())
	}
	var words []string
	for i, l := range lines {
		if n := len([]rune(l)); n > 79 {
			t.Errorf("line %d is %d columns: %q", i+1, n, l)
		}
		if i > 0 && !strings.HasPrefix(l, "    ") {
			t.Errorf("line %d has no hanging indent: %q", i+1, l)
		}
		words = append(words, strings.Fields(l)...)
	}
	if got, want := strings.Join(words, " "), "* "+text+" (rr.setup)"; got != want {
		t.Errorf("words lost or moved:\n%s\nwant\n%s", got, want)
	}
	out.Reset()
	term.ruling("Ann rolled 5.", "(pub.roll)")
	if out.String() != "  * Ann rolled 5. (pub.roll)\n" {
		t.Errorf("a short ruling changed: %q", out.String())
	}
}

// TestColoredLinesWrapBetweenWords: a colored question line is broken at
// a space like a plain one, its escape codes kept and taking no room.
func TestColoredLinesWrapBetweenWords(t *testing.T) {
	s := "\x1b[1mBo:\x1b[0m the captain is on Pirate (1) (9 pirates in supply). Hop again (1 coin) along which empty alley, or stop here? \x1b[2m(rp.move)\x1b[0m"
	lines := fitLines(s, 79)
	if len(lines) != 2 {
		t.Fatalf("%d lines: %q", len(lines), lines)
	}
	var words []string
	for _, l := range lines {
		if w := safetext.Width(l); w > 79 {
			t.Errorf("a line takes %d columns: %q", w, l)
		}
		words = append(words, strings.Fields(l)...)
	}
	if got := strings.Join(words, " "); got != s {
		t.Errorf("words or escape codes changed:\n%q\n%q", got, s)
	}
}

// TestWrapOnATinyTerminal: wrapping never loops or loses words when the
// room left is smaller than a word.
func TestWrapOnATinyTerminal(t *testing.T) {
	for _, n := range []int{-5, 0, 3, 12} {
		lines := safetext.Wrap("Hop again (1 coin) along which empty alley, or stop here?", n, "    ")
		var words []string
		for _, l := range lines {
			words = append(words, strings.Fields(l)...)
		}
		if got := strings.Join(words, " "); got != "Hop again (1 coin) along which empty alley, or stop here?" {
			t.Errorf("width %d: %q", n, lines)
		}
	}
}

// TestSentencesWrapBetweenWords: an info line or a refusal longer than
// the terminal wraps between words, never inside one ("rulin/gs"), and a
// label's columns are kept free; a line without spaces (a picture row) is
// left whole.
func TestSentencesWrapBetweenWords(t *testing.T) {
	text := "Corrected answer 14: the game was replayed from there, and the rulings that now follow from the corrected answer are listed below so the table can fix its pieces.\nshort"
	got := wrapText(text, 79-20)
	lines := strings.Split(got, "\n")
	if len(lines) < 3 || lines[len(lines)-1] != "short" {
		t.Fatalf("not wrapped as expected:\n%s", got)
	}
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > 79-20 {
			t.Errorf("line of %d columns, want at most %d: %q", n, 79-20, l)
		}
	}
	if strings.Join(strings.Fields(got), " ") != strings.Join(strings.Fields(text), " ") {
		t.Errorf("words changed:\n%s", got)
	}
	for _, w := range strings.Fields(got) {
		if !strings.Contains(text, w) {
			t.Errorf("word %q was cut", w)
		}
	}
	row := strings.Repeat("─", 120)
	if wrapText(row, 79) != row {
		t.Error("a line without spaces was wrapped")
	}
}
