package prompts

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/rivo/uniseg"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// escapeCode is a color code (SGR), what the terminal writes.
var escapeCode = regexp.MustCompile("\x1b\\[[0-9;]*m")

// stripColor drops the escape codes of s.
func stripColor(s string) string { return escapeCode.ReplaceAllString(s, "") }

// TestFitLinesKeepsAColoredRow: a highlighted list row that fits is
// left as it is (safetext.Wrap measures it without its escape codes).
func TestFitLinesKeepsAColoredRow(t *testing.T) {
	row := "  \x1b[36;1m>\x1b[0m 1) Ann"
	if got := fitLines(row, 79); len(got) != 1 || got[0] != row {
		t.Errorf("a colored row that fits changed: %q", got)
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

func (longGame) Name() string          { return "long" }
func (longGame) PlayerNames() []string { return []string{"Ann"} }
func (longGame) Status(_ referee.Viewer, _ locale.Lang, _ int) string {
	return drawnRow + "\n" + longStatus + "\n"
}
func (longGame) View(_ referee.Viewer, _ locale.Lang) any { return nil }
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
			if safetext.Width(l) > width && l != drawnRow {
				t.Errorf("%s: a line of %d columns: %q", what, safetext.Width(l), l)
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
		if safetext.Width(l) > 79 {
			t.Errorf("a line of %d columns: %q", safetext.Width(l), l)
		}
	}
	if got := strings.Join(strings.Fields(stripColor(out.String())), " "); !strings.Contains(got, "for Ann only: "+private) {
		t.Errorf("words lost or moved: %q", got)
	}
}

// TestListsAlignWideNames: a grouped list whose groups are names a
// terminal draws two columns a character (山田太郎) starts every row's
// options at the same screen column, and the plain mode's options put
// their labels in one column whatever the keys' widths.
func TestListsAlignWideNames(t *testing.T) {
	var keys, labels []string
	for _, name := range []string{"山田太郎", "Zoe\u0308", "Ann"} {
		for v := 1; v <= 4; v++ {
			keys = append(keys, fmt.Sprintf("k%d", len(keys)))
			labels = append(labels, fmt.Sprintf("%s %d", name, v))
		}
	}
	var out strings.Builder
	writeList(&out, listSpec{label: "Pick.", items: listItems(keys, labels, true)}, 80, palette{})
	col := map[int]bool{}
	for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		at := strings.Index(l, ") ")
		if at < 0 {
			t.Fatalf("not a grouped row: %q\n%s", l, out.String())
		}
		col[uniseg.StringWidth(l[:at])] = true
	}
	if len(col) != 1 {
		t.Errorf("the rows' options start at different columns %v:\n%s", col, out.String())
	}
	var plain bytes.Buffer
	writeOptions(&plain, locale.English, &referee.Question{Kind: referee.Choice, Options: []referee.Option{
		{Key: "山田太郎", Label: "Yamada"}, {Key: "Zoe\u0308", Label: "Zoë"}, {Key: "ann", Label: "Ann"}}})
	col = map[int]bool{}
	for _, l := range strings.Split(strings.TrimRight(plain.String(), "\n"), "\n") {
		at := strings.LastIndex(l, "  ")
		col[uniseg.StringWidth(l[:at])] = true
	}
	if len(col) != 1 {
		t.Errorf("the plain options' labels start at different columns %v:\n%s", col, plain.String())
	}
}
