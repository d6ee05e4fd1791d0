//go:build linux || darwin

package prompts

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"rumref/locale"
	"rumref/referee"
)

const ttyHelperEnv = "RUMREF_PROMPTS_TTY_HELPER"

// ttyGameEnv set to "keep" has the helper play keepGame.
const ttyGameEnv = "RUMREF_PROMPTS_TTY_GAME"

// keepGame asks Bo a secret ware and then Bo's own public pick, so Bo
// keeps the laptop with his private ruling on the screen; then the
// table counts.
type keepGame struct{ ware, pick string }

func (g *keepGame) Name() string          { return "keep" }
func (g *keepGame) PlayerNames() []string { return []string{"Ann", "Bo"} }
func (g *keepGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string {
	return "a game of keeping"
}
func (g *keepGame) View(viewer referee.Viewer, _ locale.Lang) any {
	return g.Status(viewer, locale.English, 0)
}
func (g *keepGame) Play(t *referee.T) {
	g.ware = t.Ask(referee.Question{ID: "k.ware", Actor: 1, Secret: true, Text: "Which ware did you draw?",
		Options: []referee.Option{{Key: "rum", Label: "Rum"}, {Key: "gold", Label: "Gold"}}})
	t.Emit(referee.Event{Rule: "k.ware", Text: "Bo took a ware.", Private: "It is " + g.ware + ".", Player: 1})
	g.pick = t.Ask(referee.Question{ID: "k.pick", Actor: 1, Text: "Pick one.",
		Options: []referee.Option{{Key: "red", Label: "Red"}, {Key: "blue", Label: "Blue"}}})
	t.AskNumber(referee.Question{ID: "k.count", Actor: referee.Table, Min: 2, Max: 4, Text: "How many?"})
}

func newKeep() referee.Game { return &keepGame{} }

// TestTerminalHelperProcess is not a test on its own: the pseudo-terminal
// tests run the test binary again with ttyHelperEnv set, and then this
// runs a terminal session on the real stdin and stdout.
func TestTerminalHelperProcess(t *testing.T) {
	if os.Getenv(ttyHelperEnv) == "" {
		t.Skip("helper process for the pseudo-terminal tests")
	}
	if os.Getenv(ttyGameEnv) == "pause" {
		pauseHelper()
	}
	factory := newTable
	if os.Getenv(ttyGameEnv) == "keep" {
		factory = newKeep
	}
	if os.Getenv(ttyGameEnv) == "typed" {
		factory = newTyped
	}
	e, err := referee.Start(factory)
	if err != nil {
		fmt.Println("RESULT start", err)
		os.Exit(1)
	}
	s := &Session{Engine: e, Mode: Detect(os.Stdin, os.Stdout), In: os.Stdin, Out: os.Stdout, ErrOut: os.Stdout,
		Color: os.Getenv(ttyHelperEnv) == "color", SaveName: "game.yaml"}
	err = s.Run()
	reason := "over"
	switch {
	case errors.Is(err, ErrQuit):
		reason = "quit"
	case errors.Is(err, ErrInputEnded):
		reason = "ended"
	case err != nil:
		reason = err.Error()
	}
	fmt.Printf("\r\nRESULT mode=%v end=%s answers=%v\r\n", s.Mode, reason, e.Answers())
	os.Exit(0)
}

// screen collects everything the helper writes to the terminal.
type screen struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	mark int
}

func (s *screen) copyFrom(r io.Reader) {
	b := make([]byte, 4096)
	for {
		n, err := r.Read(b)
		s.mu.Lock()
		s.buf.Write(b[:n])
		s.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// waitFor waits until text appears after the last thing waited for.
func (s *screen) waitFor(t *testing.T, text string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		all := s.buf.String()
		s.mu.Unlock()
		if i := strings.Index(all[s.mark:], text); i >= 0 {
			s.mark += i + len(text)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	t.Fatalf("the terminal never showed %q; it showed:\n%q", text, s.buf.String()[s.mark:])
}

func (s *screen) since(from int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()[from:]
}

func startTTY(t *testing.T, helper string) (*os.File, *screen, *exec.Cmd) {
	t.Helper()
	if testing.Short() {
		t.Skip("pseudo-terminal test")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestTerminalHelperProcess$")
	cmd.Env = append(os.Environ(), ttyHelperEnv+"="+helper, "TERM=xterm")
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 140})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	sc := &screen{}
	go sc.copyFrom(f)
	t.Cleanup(func() {
		f.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	return f, sc, cmd
}

func typeKeys(t *testing.T, f *os.File, keys string) {
	t.Helper()
	time.Sleep(50 * time.Millisecond) // let the prompt enter raw mode
	if _, err := f.Write([]byte(keys)); err != nil {
		t.Fatal(err)
	}
}

func TestTerminalSessionInAPseudoTerminal(t *testing.T) {
	f, sc, _ := startTTY(t, "plain")
	sc.waitFor(t, "What did you roll?")
	// A die is a list: its digit answers at once (issue 23 item 6).
	sc.waitFor(t, "1-6 choose")
	typeKeys(t, f, "9")
	sc.waitFor(t, "not taken: there is no option 9 (type 1 to 6)")
	typeKeys(t, f, "3")
	sc.waitFor(t, "Ann rolled 3.")

	// The secret ware: a pass-the-laptop screen, then masked input.
	sc.waitFor(t, "pass the laptop to Bo")
	sc.waitFor(t, "press Enter when you have the laptop")
	typeKeys(t, f, "\r")
	sc.waitFor(t, "Your answer (hidden")
	secretFrom := sc.mark
	typeKeys(t, f, "gold\r")
	sc.waitFor(t, "press Enter to clear the screen")
	typed := sc.since(secretFrom)
	if i := strings.Index(typed, "Answer taken"); i < 0 || strings.Contains(typed[:i], "gold") {
		t.Fatalf("the secret answer was echoed: %q", typed)
	}
	if !strings.Contains(typed, "It is gold.") {
		t.Errorf("Bo did not see the private ruling: %q", typed)
	}
	typeKeys(t, f, "\r")
	sc.waitFor(t, clearScreen)
	// After the clear, the public rulings since the last public screen
	// are shown again; the secret is not.
	recapFrom := sc.mark
	sc.waitFor(t, "Since the last public screen:")
	sc.waitFor(t, "Ann rolled 3.")
	sc.waitFor(t, "Pick one.")
	if recap := sc.since(recapFrom); strings.Contains(recap, "gold") {
		t.Errorf("the recap shows the secret: %q", recap)
	}

	// A selection list: a stray Enter chooses nothing, a digit out of
	// range is refused, arrow down twice is Blue.
	sc.waitFor(t, "undo show log help peek quit")
	typeKeys(t, f, "\r")
	sc.waitFor(t, "choose with a number or the arrow keys")
	typeKeys(t, f, "7")
	sc.waitFor(t, "not taken: there is no option 7 (type 1 to 3)")
	typeKeys(t, f, "\x1b[B")
	time.Sleep(100 * time.Millisecond)
	typeKeys(t, f, "\x1b[B")
	time.Sleep(100 * time.Millisecond)
	typeKeys(t, f, "\r")
	sc.waitFor(t, "chose: Blue")
	sc.waitFor(t, "How many?")
	typeKeys(t, f, "4")
	sc.waitFor(t, "The game is over.")
	sc.waitFor(t, "RESULT mode=terminal end=over answers=[{t.roll 3} {t.ware gold} {t.pick blue} {t.count 4}]")

	all := sc.since(0)
	if strings.ContainsRune(all, 0x07) {
		t.Error("the bell reached the terminal")
	}
	if m := escapeCode.FindString(all); m != "" {
		t.Errorf("color code %q printed with color off", m)
	}
}

func TestTerminalMenuUndoAndCtrlC(t *testing.T) {
	f, sc, _ := startTTY(t, "color")
	sc.waitFor(t, "What did you roll?")
	typeKeys(t, f, "5\r")
	sc.waitFor(t, "press Enter when you have the laptop")
	typeKeys(t, f, "\r")
	sc.waitFor(t, "Your answer (hidden")
	typeKeys(t, f, "2\r")
	sc.waitFor(t, "press Enter to clear the screen")
	typeKeys(t, f, "\r")
	sc.waitFor(t, "Pick one.")
	sc.waitFor(t, "undo show log help peek quit")
	// :undo typed into the list (bare "undo" is an option's key here); it
	// is Bo's secret and Ann is asked, so the laptop goes to Bo, who sees
	// his answer and agrees with y; then the screen is cleared.
	typeKeys(t, f, ":undo")
	sc.waitFor(t, "> :undo")
	typeKeys(t, f, "\r")
	sc.waitFor(t, "pass the laptop to Bo")
	sc.waitFor(t, "press Enter when you have the laptop")
	typeKeys(t, f, "\r")
	sc.waitFor(t, "this takes back your secret answer 2: Which ware did you draw? -> Gold")
	sc.waitFor(t, "Do you agree?")
	typeKeys(t, f, "y\r")
	sc.waitFor(t, "press Enter to clear the screen")
	typeKeys(t, f, "\r")
	sc.waitFor(t, clearScreen)
	sc.waitFor(t, "Took back answer 2")
	sc.waitFor(t, "press Enter when you have the laptop")
	typeKeys(t, f, "\x03")
	sc.waitFor(t, "RESULT mode=terminal end=quit answers=[{t.roll 5}]")
	if !escapeCode.MatchString(sc.since(0)) {
		t.Error("no color with color on")
	}
}

// TestTerminalQuitClearsAHeldSecret: Bo keeps the laptop after his secret
// answer, his private ruling still on the screen, for his own public
// question; quitting there clears the screen before rumref exits, so the
// next one at the laptop does not read it (it stayed on the screen).
func TestTerminalQuitClearsAHeldSecret(t *testing.T) {
	for _, stop := range []string{":quit\r", "\x03"} {
		t.Setenv(ttyGameEnv, "keep")
		f, sc, _ := startTTY(t, "plain")
		sc.waitFor(t, "press Enter when you have the laptop")
		typeKeys(t, f, "\r")
		sc.waitFor(t, "Your answer (hidden")
		typeKeys(t, f, "gold\r")
		sc.waitFor(t, "It is gold.")
		sc.waitFor(t, "Pick one.")
		sc.waitFor(t, "undo show log help peek quit")
		from := sc.mark
		typeKeys(t, f, stop)
		sc.waitFor(t, "RESULT mode=terminal end=quit")
		if after := sc.since(from); !strings.Contains(after, clearScreen) {
			t.Errorf("%q: rumref stopped with Bo's private ruling on the screen: %q", stop, after)
		}
	}
}

// TestTerminalPasteInAPseudoTerminal pastes 40 KB, and then a valid answer
// followed by tabs and an escape sequence, into the typed prompt of the
// real line editor: both are refused as too long, each time with an empty
// prompt again, and the game goes on.
func TestTerminalPasteInAPseudoTerminal(t *testing.T) {
	f, sc, _ := startTTY(t, "plain")
	sc.waitFor(t, "What did you roll?")
	// The roll is a list (a digit answers at once): a paste is cut at
	// the list's limit and refused at its Enter; tabs and escape codes
	// are no characters of its line.
	typeKeys(t, f, strings.Repeat("x", 40<<10)+"\r")
	sc.waitFor(t, "not taken: that line is too long")
	typeKeys(t, f, "x"+strings.Repeat("\t", 500)+"\x1b[2J\r")
	sc.waitFor(t, `Not taken (t.roll): "x" is not a whole number`)
	sc.waitFor(t, "What did you roll?")
	typeKeys(t, f, "3")
	sc.waitFor(t, "Ann rolled 3.")
}

// pauseHelper (ttyGameEnv "pause") shows a game's start pause, two yes
// or no questions and two more pauses, as a session does, and exits: no
// other prompt runs, so a data race reported on its screen (a -race test
// binary writes it there) is one of theirs.
func pauseHelper() {
	t := newTerminal(os.Stdin, os.Stdout, palette{on: true})
	t.session = true
	var got []bool
	err := t.waitEnter("Pause 1: press Enter to start.")
	for i := 1; i <= 2 && err == nil; i++ {
		var yes bool
		yes, err = t.confirm(fmt.Sprintf("Agree %d?", i))
		got = append(got, yes)
	}
	for i := 2; i <= 3 && err == nil; i++ {
		err = t.waitEnter(fmt.Sprintf("Pause %d: press Enter to start.", i))
	}
	t.done()
	fmt.Printf("\r\nRESULT confirms=%v end=%v\r\n", got, err)
	os.Exit(0)
}

// TestTerminalPauseHasNoDataRace: the pause before a game's first
// question (where a CI run's rumref once ended) and a yes or no question
// draw as promptui's prompts did, take Enter, and under go test -race
// report no data race (with promptui's Prompt they did at every Enter: its
// line editor redraws from a second goroutine after handing the line
// back). Ctrl-C at a pause quits, erases the pause's line and shows the
// cursor again.
func TestTerminalPauseHasNoDataRace(t *testing.T) {
	t.Setenv(ttyGameEnv, "pause")
	f, sc, _ := startTTY(t, "color")
	bold := "\x1b[1mPause 1: press Enter to start.\x1b[0m"
	sc.waitFor(t, hideCursor+clearLine+bold+" "+pauseCursor+"\r\n")
	typeKeys(t, f, "ab\x7f")
	sc.waitFor(t, moveUp+clearLine+bold+" a"+pauseCursor+"\r\n")
	typeKeys(t, f, "\r")
	sc.waitFor(t, moveUp+clearLine+"\x1b[2mPause 1: press Enter to start.\x1b[0m a\r\n"+showCursor)
	// A yes or no: only y is yes; a no is drawn as the bold label alone.
	sc.waitFor(t, clearLine+"\x1b[1mAgree 1?\x1b[0m \x1b[2m(y/N)\x1b[0m "+pauseCursor+"\r\n")
	typeKeys(t, f, "y\r")
	sc.waitFor(t, moveUp+clearLine+"\x1b[2mAgree 1?\x1b[0m y\r\n"+showCursor)
	sc.waitFor(t, "Agree 2?")
	typeKeys(t, f, "yes\r")
	sc.waitFor(t, moveUp+clearLine+"\x1b[1mAgree 2?\x1b[0m \r\n"+showCursor)
	sc.waitFor(t, "Pause 2: press Enter to start.")
	typeKeys(t, f, "\r")
	sc.waitFor(t, "Pause 3: press Enter to start.")
	typeKeys(t, f, "\x03")
	sc.waitFor(t, moveUp+clearLine+"\r\n"+showCursor)
	sc.waitFor(t, "RESULT confirms=[true false] end="+ErrQuit.Error())
	if all := sc.since(0); strings.Contains(all, "DATA RACE") {
		t.Fatalf("the pause has a data race:\n%s", all)
	}
}
