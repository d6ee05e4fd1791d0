//go:build linux || darwin

package prompts

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// typedGame asks what the terminal reads as typed lines: a number of a
// range too wide for a list, and a secret.
type typedGame struct{}

func (g *typedGame) Name() string          { return "typed" }
func (g *typedGame) PlayerNames() []string { return []string{"Ann", "Bo"} }
func (g *typedGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string {
	return "a game of typing"
}
func (g *typedGame) View(viewer referee.Viewer, _ locale.Lang) any {
	return g.Status(viewer, locale.English, 0)
}
func (g *typedGame) Play(t *referee.T) {
	n := t.AskNumber(referee.Question{ID: "y.score", Actor: 0, Min: 0, Max: 200, Text: "How many points?"})
	t.Emit(referee.Event{Rule: "y.score", Text: fmt.Sprintf("Ann scored %d.", n)})
	w := t.Ask(referee.Question{ID: "y.ware", Actor: 1, Secret: true, Text: "Which ware did you draw?",
		Options: []referee.Option{{Key: "rum", Label: "Rum"}, {Key: "gold", Label: "Gold"}}})
	t.Emit(referee.Event{Rule: "y.ware", Text: "Bo took a ware.", Private: "It is " + w + ".", Player: 1})
	t.AskNumber(referee.Question{ID: "y.more", Actor: referee.Table, Min: 0, Max: 200, Text: "How many more?"})
}

func newTyped() referee.Game { return &typedGame{} }

// TestTerminalTypedPromptHasNoDataRace types a game's typed lines (a
// number, a hidden ware, a number) in a pseudo-terminal: each is drawn as
// promptui drew it, taken at Enter, and under go test -race no data race
// is reported. With promptui's Prompt one was at every Enter (readline
// calls promptui's listener once more from its own goroutine after
// handing the line back), the race that once ended rumref with exit code
// 4 (a panic) on a loaded machine.
func TestTerminalTypedPromptHasNoDataRace(t *testing.T) {
	t.Setenv(ttyGameEnv, "typed")
	f, sc, _ := startTTY(t, "color")
	sc.waitFor(t, "How many points?")
	sc.waitFor(t, "(0-200, or help):\x1b[0m "+pauseCursor+"\r\n")
	typeKeys(t, f, "35")
	sc.waitFor(t, "(0-200, or help):\x1b[0m 35"+pauseCursor+"\r\n")
	typeKeys(t, f, "\x1b[D")
	sc.waitFor(t, "(0-200, or help):\x1b[0m 3"+pauseCursor+"\r\n") // the cursor over the 5
	typeKeys(t, f, "\x7f\x1b[C")
	sc.waitFor(t, "(0-200, or help):\x1b[0m 5"+pauseCursor+"\r\n")
	typeKeys(t, f, "\x7f34\r")
	sc.waitFor(t, "(0-200, or help):\x1b[0m 34\r\n"+showCursor) // the faint label and the line
	sc.waitFor(t, "Ann scored 34.")
	sc.waitFor(t, "press Enter when you have the laptop")
	typeKeys(t, f, "\r")
	sc.waitFor(t, "Your answer (hidden")
	from := sc.mark
	typeKeys(t, f, "gold")
	sc.waitFor(t, "****"+pauseCursor+"\r\n")
	typeKeys(t, f, "\r")
	sc.waitFor(t, moveUp+clearLine+showCursor) // erased
	sc.waitFor(t, "Answer taken (hidden).")
	if typed := sc.since(from); strings.Contains(typed[:strings.Index(typed, "Answer taken")], "gold") {
		t.Fatalf("the hidden answer was echoed: %q", typed)
	}
	sc.waitFor(t, "How many more?") // Bo keeps the laptop for the table's question
	typeKeys(t, f, "150\r")
	sc.waitFor(t, "press Enter to clear the screen") // at the end, Bo hands the laptop back
	typeKeys(t, f, "\r")
	sc.waitFor(t, "RESULT mode=terminal end=over answers=[{y.score 34} {y.ware gold} {y.more 150}]")
	if all := sc.since(0); strings.Contains(all, "DATA RACE") {
		t.Fatalf("a typed prompt has a data race:\n%s", all)
	}
}

// readTyped reads one line from keys at a typed prompt and returns it,
// what was drawn and the error.
func readTyped(t *testing.T, keys string, mask bool) (string, string, error) {
	t.Helper()
	var out strings.Builder
	term := newTerminal(strings.NewReader(keys), &out, palette{})
	s, err := term.editLine("Roll:", mask)
	return s, out.String(), err
}

func TestLineEditorKeys(t *testing.T) {
	for _, c := range []struct {
		keys, want string
		err        error
	}{
		{"35\r", "35", nil},
		// a, b; left twice; X before them; right; Backspace takes the a.
		{"ab\x1b[D\x1b[DX\x1b[C\x7f\r", "Xb", nil},
		{"ab\x15cd\r", "cd", nil},         // Ctrl-U erases the line
		{"\x7f\x1b[D\x1b[C4\r", "4", nil}, // nothing to take back or move over
		{"日本\x1b[D\x08語\r", "語本", nil},
		{"\x1b[A\x1b[B\x1b[5~\t4\r", "4", nil}, // keys that type nothing
		{"12\x03", "", ErrQuit},
		{"\x04", "", ErrInputEnded},
		{"1\x042\r", "12", nil}, // Ctrl-D ends only an empty line
		{"12", "", ErrInputEnded},
		{strings.Repeat("x", maxLine) + "\r", strings.Repeat("x", maxLine), nil},
		{strings.Repeat("x", maxLine+1) + "\r", tooLong, nil},
		{strings.Repeat("x", maxLine+50) + "\r", tooLong, nil}, // the pump drops the rest of the line for overMark
	} {
		got, _, err := readTyped(t, c.keys, false)
		if got != c.want || !errors.Is(err, c.err) {
			t.Errorf("%.40q: got %.40q, %v; want %.40q, %v", c.keys, got, err, c.want, c.err)
		}
	}
}

// TestLineEditorDraws: the label and the line with the cursor, redrawn
// in place at every key; after Enter the line as typed, or for a hidden
// one nothing (erased); Ctrl-C erases the line.
func TestLineEditorDraws(t *testing.T) {
	_, out, _ := readTyped(t, "4\x1b[D\r", false)
	want := hideCursor + clearLine + "Roll: " + pauseCursor + "\n" +
		moveUp + clearLine + "Roll: 4" + pauseCursor + "\n" +
		moveUp + clearLine + "Roll: " + pauseCursor + "\n" + // the cursor over the 4
		moveUp + clearLine + "Roll: 4\n" + showCursor
	if out != want {
		t.Errorf("drew %q, want %q", out, want)
	}
	s, out, _ := readTyped(t, "gold\r", true)
	if s != "gold" || strings.Contains(out, "gold") || !strings.Contains(out, "Roll: ****"+pauseCursor) || !strings.HasSuffix(out, moveUp+clearLine+showCursor) {
		t.Errorf("a hidden line gave %q and drew %q", s, out)
	}
	if _, out, _ := readTyped(t, "12\x03", false); !strings.HasSuffix(out, moveUp+clearLine+"\n"+showCursor) {
		t.Errorf("Ctrl-C drew %q", out)
	}
}

// TestLineEditorNeverWraps types lines wider than the screen (pasted or
// not, wide characters, the cursor moved back into them): no line drawn
// is wider than the screen, so none wraps and is drawn again below itself;
// the cursor is always shown, and an ellipsis marks a cut side.
func TestLineEditorNeverWraps(t *testing.T) {
	for _, keys := range []string{
		strings.Repeat("abcdefghij", 30) + "\r",
		strings.Repeat("日本語", 60) + "\r",
		strings.Repeat("abcdefghij", 30) + strings.Repeat("\x1b[D", 150) + "X\r",
		strings.Repeat("abcdefghij", 30) + strings.Repeat("\x1b[D", 300) + "X\r",
		strings.Repeat("x", 5000) + "\r",
	} {
		got, out, err := readTyped(t, keys, false)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.ReplaceAll(out, moveUp+clearLine, "\n"), "\n")
		for _, l := range lines {
			l = strings.NewReplacer(hideCursor, "", showCursor, "", clearLine, "").Replace(l)
			if w := safetext.Width(l); w > 79 {
				t.Fatalf("%.30q...: a line %d columns wide at a width of 80: %q", keys, w, l)
			}
		}
		if strings.Contains(keys, "X") && !strings.Contains(got, "X") {
			t.Errorf("%.30q: got %.30q", keys, got)
		}
		if !strings.Contains(out, "…") {
			t.Errorf("%.30q: no ellipsis marks the cut", keys)
		}
	}
	// The end of a long line is shown after Enter (72 columns are left
	// after the label and the room kept).
	_, out, _ := readTyped(t, strings.Repeat("a", 100)+"END\r", false)
	if !strings.HasSuffix(out, "Roll: …"+strings.Repeat("a", 68)+"END\n"+showCursor) {
		t.Errorf("the last drawing is %q", out[max(0, len(out)-120):])
	}
}

// TestLineEditorReadsAtTheEndOfInput: keys typed with no Enter before the
// input ends are not taken (the end of the input is ErrInputEnded, as
// promptui gave it).
func TestLineEditorReadsAtTheEndOfInput(t *testing.T) {
	term := newTerminal(strings.NewReader("7\r"), io.Discard, palette{})
	if s, err := term.prompt("Roll:", nil, false); s != "7" || err != nil {
		t.Fatalf("got %q, %v", s, err)
	}
	if s, err := term.prompt("Roll:", nil, false); s != "" || !errors.Is(err, ErrInputEnded) {
		t.Fatalf("after the input ended: %q, %v", s, err)
	}
}
