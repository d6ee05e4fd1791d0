//go:build linux || darwin

package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// tty runs the binary in a pseudo-terminal, as a person at a real
// terminal would, and collects the screen output.
type tty struct {
	t    *testing.T
	cmd  *exec.Cmd
	f    *os.File
	mu   sync.Mutex
	out  bytes.Buffer
	done chan struct{}
}

var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

func startTTY(t *testing.T, args ...string) *tty {
	t.Helper()
	if testing.Short() {
		t.Skip("pseudo-terminal test")
	}
	c := &tty{t: t, cmd: exec.Command(binary, args...), done: make(chan struct{})}
	c.cmd.Env = append(os.Environ(), "NO_COLOR=1", "TERM=xterm", "XDG_DATA_HOME="+t.TempDir())
	f, err := pty.StartWithSize(c.cmd, &pty.Winsize{Rows: 50, Cols: 120})
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	c.f = f
	go func() {
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			c.mu.Lock()
			c.out.Write(buf[:n])
			c.mu.Unlock()
			if err != nil {
				close(c.done)
				return
			}
		}
	}()
	// The cleanup reaps rumref too (a test may have waited for it
	// already): a killed rumref left unwaited stays a zombie until the
	// test binary ends.
	t.Cleanup(func() { c.cmd.Process.Kill(); c.cmd.Wait(); f.Close() })
	return c
}

// screen is what the terminal shows so far, without escape codes.
func (c *tty) screen() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return ansi.ReplaceAllString(c.out.String(), "")
}

// waitFor waits until the screen shows text.
func (c *tty) waitFor(text string) {
	c.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(c.screen(), text) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatalf("the terminal never showed %q:\n%s", text, c.screen())
}

func (c *tty) send(keys string) {
	c.t.Helper()
	time.Sleep(80 * time.Millisecond) // let promptui draw before the keys arrive
	if _, err := c.f.Write([]byte(keys)); err != nil {
		c.t.Fatal(err)
	}
}

// buildTheBoard waits for the pause after a new Rum & Pirates game's
// board instructions and presses Enter, as the table does once the board
// is built.
func (c *tty) buildTheBoard() {
	c.t.Helper()
	c.through("then press Enter to start")
	c.send(keyEnter)
}

const (
	keyEnter = "\r"
	keyDown  = "\x1b[B"
	keyCtrlC = "\x03"
)

func TestTerminalRulesBrowse(t *testing.T) {
	c := startTTY(t, "rules")
	c.waitFor("Rules reference")
	c.send("scorpion") // typing narrows the list; Enter takes the first left
	c.waitFor("Scorpion")
	c.send(keyEnter)
	c.waitFor("goal")
	c.send(keyCtrlC)
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatal("rumref rules did not stop on Ctrl-C")
	}
	if strings.ContainsRune(c.screen(), '\a') {
		t.Error("the terminal bell rang")
	}
}

func TestTerminalTeachNewGameQuitAndResume(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	c := startTTY(t, "new", "pirates", "--teach", "--players", "Ann:gold,Bo:blue", "--start", "1", "--layout", "fixed", "--save", save)
	c.buildTheBoard()
	c.waitFor("First time here (rp.draw)")
	c.waitFor("face-up pub 1 of 4")
	c.send("2") // a digit chooses at once: the second option, The Swan 3
	c.waitFor("face-up pub 2 of 4")
	c.send(keyCtrlC)
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatal("rumref did not stop on Ctrl-C")
	}
	c.cmd.Wait()
	if code := c.cmd.ProcessState.ExitCode(); code != exitInterrupted {
		t.Fatalf("exit %d after Ctrl-C, want 2:\n%s", code, c.screen())
	}
	data, err := os.ReadFile(save)
	if err != nil || !strings.Contains(string(data), "a: swan-3") {
		t.Fatalf("the answer given in the terminal was not saved: %v\n%s", err, data)
	}
	r := startTTY(t, "resume", save)
	r.through("face-up pub 2 of 4")
	r.send(keyCtrlC)
	<-r.done
}

// TestTerminalTypesInAStartingHazard: in a terminal the crown names the
// starting hazards after a pass screen, types an unknown one in masked
// (a name of several words whose first is a command word is still a name),
// a hazard text that is not a cost is refused, and the card is saved.
func TestTerminalTypesInAStartingHazard(t *testing.T) {
	save := filepath.Join(t.TempDir(), "r.yaml")
	c := startTTY(t, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save)
	c.waitFor("pass the laptop to Ann")
	c.send(keyEnter)
	c.waitFor("starting hazard you put face-down at Home Port")
	c.send("unlisted" + keyEnter)
	c.waitFor("What name is printed on it")
	c.send("Help Wanted Reef" + keyEnter)
	c.waitFor("What coin value")
	for _, n := range []string{"1", "0", "0"} {
		c.send(n + keyEnter)
	}
	c.waitFor("Type its text in your own words")
	c.send("sing loudly" + keyEnter)
	c.waitFor("cost 1, part 1: that is not a cost the referee reads")
	c.send(strings.Repeat("\x7f", len("sing loudly")) + "pay 2 or 1 navigation" + keyEnter)
	c.waitFor("starting hazard you put face-down at Privateer Point")
	// (The name shows later only in the crown's own secret list.)
	if s := c.screen(); strings.Contains(s, "pay 2 or 1 navigation") || strings.Contains(s, "sing loudly") {
		t.Errorf("a secret answer was echoed on the terminal:\n%s", s)
	}
	c.send(keyCtrlC)
	<-c.done
	c.cmd.Wait()
	data, err := os.ReadFile(save)
	if err != nil || !strings.Contains(string(data), `a: "Help Wanted Reef"`) || !strings.Contains(string(data), `a: "pay 2 or 1 navigation"`) {
		t.Fatalf("the typed-in card was not saved: %v\n%s", err, data)
	}
}

// TestTerminalPausesForTheBoardAndReprintsIt: a new Rum & Pirates game
// in a terminal stops after the build instructions until Enter (no
// question is asked before), the setup command shows them again, and a
// resume shows them and the save path again.
func TestTerminalPausesForTheBoardAndReprintsIt(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	c := startTTY(t, "new", "pirates", "--players", "Ann:gold,Bo:blue", "--start", "1", "--layout", "3e 1 7 / 9s 5 2w / 4 8 6", "--save", save)
	c.through("then press Enter to start")
	time.Sleep(500 * time.Millisecond)
	if s := c.screen(); strings.Contains(s, "face-up pub 1 of 4") || !strings.Contains(s, "Top left:      section 3, turned") {
		t.Fatalf("before Enter the screen shows a question, or no instructions:\n%s", s)
	}
	if _, err := os.Stat(save); err == nil {
		t.Fatal("the game was saved before the board was built")
	}
	c.send(keyEnter)
	c.waitFor("face-up pub 1 of 4")
	before := strings.Count(c.screen(), "To type this board again: 3e 1 7 / 9s 5 2w / 4 8 6")
	c.send(":setup" + keyEnter)
	deadline := time.Now().Add(10 * time.Second)
	for strings.Count(c.screen(), "To type this board again: 3e 1 7 / 9s 5 2w / 4 8 6") == before {
		if time.Now().After(deadline) {
			t.Fatalf("setup did not show the build instructions again:\n%s", c.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.send(keyCtrlC)
	<-c.done
	c.cmd.Wait()

	r := startTTY(t, "resume", save)
	r.through("face-up pub 1 of 4")
	s := r.screen()
	for _, want := range []string{"How this game is set up:", "To type this board again: 3e 1 7 / 9s 5 2w / 4 8 6", "Saving to " + save} {
		if !strings.Contains(s, want) {
			t.Errorf("the resumed game does not show %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "then press Enter to start") {
		t.Error("a resumed game pauses for the board again")
	}
	r.send(keyCtrlC)
	<-r.done
}
