//go:build linux || darwin

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"rumref/games"
	"rumref/referee/pirates"
	"strings"
	"testing"
	"time"

	"rumref/journal"
	"rumref/referee"
)

// tmuxPane runs the binary in a detached tmux session, as a person at a
// real terminal would, and reads the screen back with capture-pane.
type tmuxPane struct {
	t    *testing.T
	name string
}

func startTmux(t *testing.T, args ...string) *tmuxPane {
	t.Helper()
	if testing.Short() {
		t.Skip("tmux test")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	p := &tmuxPane{t: t, name: fmt.Sprintf("rumref-test-%d", os.Getpid())}
	cmd := "NO_COLOR=1 TERM=xterm XDG_DATA_HOME=" + t.TempDir() + " " + binary + " " + strings.Join(args, " ") + "; echo EXIT=$?; sleep 30"
	if out, err := exec.Command("tmux", "new-session", "-d", "-s", p.name, "-x", "140", "-y", "50", cmd).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("tmux", "kill-session", "-t", p.name).Run() })
	return p
}

// screen is what the pane shows now.
func (p *tmuxPane) screen() string {
	out, err := exec.Command("tmux", "capture-pane", "-p", "-t", p.name).Output()
	if err != nil {
		p.t.Fatalf("capture-pane: %v", err)
	}
	return string(out)
}

// waitFor waits until the pane shows text and returns the screen.
func (p *tmuxPane) waitFor(text string) string {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := p.screen()
		if strings.Contains(s, text) {
			return s
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the terminal never showed %q; it shows:\n%s", text, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitForAny waits until the pane shows one of texts and returns the
// screen.
func (p *tmuxPane) waitForAny(texts ...string) string {
	p.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		s := p.screen()
		for _, text := range texts {
			if strings.Contains(s, text) {
				return s
			}
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the terminal never showed any of %q; it shows:\n%s", texts, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// keys types keys (tmux key names such as Enter, or literal text with -l).
func (p *tmuxPane) keys(literal bool, keys ...string) {
	p.t.Helper()
	time.Sleep(250 * time.Millisecond) // let the prompt draw and enter raw mode
	args := []string{"send-keys", "-t", p.name}
	if literal {
		args = append(args, "-l")
	}
	if out, err := exec.Command("tmux", append(args, keys...)...).CombinedOutput(); err != nil {
		p.t.Fatalf("send-keys %v: %v %s", keys, err, out)
	}
}

// TestTmuxSecretCorrectionAndTakeBack corrects another player's secret
// ware in a real terminal: the laptop is passed to its owner, who sees the
// question and types the new value masked; the screen is cleared before
// the table sees the result. Undo takes the correction back after the
// owner agrees behind a pass screen.
func TestTmuxSecretCorrectionAndTakeBack(t *testing.T) {
	f, n, dq, e := secretDrawGameWhere(t, func(q *referee.Question) bool { return q.Kind == referee.Number })
	defer e.Close()
	names := make([]string, 0, len(f.Setup.(*pirates.Config).Players))
	for _, pl := range f.Setup.(*pirates.Config).Players {
		names = append(names, pl.Name)
	}
	owner := names[f.Answers[n-1].Actor]
	old := f.Answers[n-1].A
	var value, label, oldLabel string
	for _, o := range dq.Options {
		if o.Key == old {
			oldLabel = o.Label
		} else if value == "" {
			value, label = o.Key, o.Label
		}
	}
	pre, err := e.Preview(n-1, value)
	if err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(t.TempDir(), "game.yaml")
	data, _ := journal.Encode(f)
	os.WriteFile(save, data, 0o644)

	p := startTmux(t, "resume", save)
	p.waitFor("(1-6, or help)")
	p.keys(true, fmt.Sprintf(":correct %d", n))
	p.waitFor(fmt.Sprintf("or help): :correct %d", n)) // typed into the prompt, not ahead of it
	p.keys(false, "Enter")
	p.waitForAny("SECRET: pass the laptop to "+owner, owner+", press Enter when you have the laptop")
	p.waitFor(owner + ", press Enter when you have the laptop.")
	p.keys(false, "Enter")
	private := p.waitFor(fmt.Sprintf("New value for answer %d", n))
	if !strings.Contains(private, fmt.Sprintf("Answer %d, %s:", n, owner)) || !strings.Contains(private, oldLabel) {
		t.Fatalf("the owner does not see the question and the old value:\n%s", private)
	}
	p.keys(true, value)
	typed := p.waitFor(strings.Repeat("*", len(value)))
	if i := strings.Index(typed, "New value for answer"); strings.Contains(typed[i:], value) {
		t.Fatalf("the new value is echoed as typed:\n%s", typed)
	}
	p.keys(false, "Enter")
	p.waitFor(owner + ", press Enter to clear the screen")
	p.keys(false, "Enter")
	if pre.Dropped > 0 {
		p.waitFor(fmt.Sprintf("Changing answer %d drops", n))
		p.keys(true, "y")
		p.waitFor("(y/N) y")
		p.keys(false, "Enter")
	}
	after := p.waitFor(fmt.Sprintf("Answer %d is now (secret).", n))
	for _, secret := range []string{value, label, old, oldLabel, "New value for answer"} {
		if strings.Contains(after, secret) {
			t.Fatalf("after the correction the shared screen shows %q:\n%s", secret, after)
		}
	}
	// The owner's new private rulings, behind a pass screen.
	if next := p.waitForAny("(1-6, or help)", "has new private rulings"); strings.Contains(next, "has new private rulings") {
		p.keys(false, "Enter")
		p.waitForAny("SECRET: pass the laptop to "+owner, owner+", press Enter when you have the laptop")
		p.keys(false, "Enter")
		if mine := p.waitFor(fmt.Sprintf("%s, your rulings that now follow from answer %d:", owner, n)); !strings.Contains(mine, label) {
			t.Fatalf("the owner's private rulings do not name the new ware %q:\n%s", label, mine)
		}
		t.Logf("%s saw the new private rulings behind a pass screen", owner)
		p.waitFor(owner + ", press Enter to clear the screen")
		p.keys(false, "Enter")
		if s := p.waitFor("(1-6, or help)"); strings.Contains(s, label) {
			t.Fatalf("the shared screen shows %q after the private rulings:\n%s", label, s)
		}
	}

	// Undo: the owner agrees behind a pass screen.
	p.waitFor("(1-6, or help)")
	p.keys(true, ":undo")
	p.waitFor("or help): :undo")
	p.keys(false, "Enter")
	p.waitForAny("SECRET: pass the laptop to "+owner, owner+", press Enter when you have the laptop")
	p.keys(false, "Enter")
	p.waitFor(fmt.Sprintf("this takes back the correction of your secret answer %d", n))
	p.waitFor("Do you agree?")
	p.keys(true, "y")
	p.waitFor("(y/N) y")
	p.keys(false, "Enter")
	p.waitFor(owner + ", press Enter to clear the screen")
	p.keys(false, "Enter")
	back := p.waitFor(fmt.Sprintf("Took back the correction of answer %d", n))
	for _, secret := range []string{value, label, oldLabel} {
		if strings.Contains(back, secret) {
			t.Fatalf("after the take-back the shared screen shows %q:\n%s", secret, back)
		}
	}
	p.keys(false, "C-c")
	p.waitFor("EXIT=2")
	saved, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(saved.Answers, f.Answers) {
		t.Fatalf("after the take-back the save holds %d answers, want the %d before", len(saved.Answers), len(f.Answers))
	}
}

// TestTmuxSeveralAnswersOnOneLine types the setup draws of a 2-player game
// on one line at the first draw's list, then at the imaginary player's die
// prompt a line whose second value does not fit (refused whole, the die
// still asked), then the die alone.
func TestTmuxSeveralAnswersOnOneLine(t *testing.T) {
	save := filepath.Join(t.TempDir(), "game.yaml")
	p := startTmux(t, "new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "fixed", "--save", save)
	p.waitFor("press Enter to start")
	p.keys(false, "Enter")
	p.waitFor("Which tile is it?")
	p.keys(true, "swan-3 swan-4 escruce-2 frere-5 chest-5 scorpion-12 map-rose-3 map-rose-6 map-green-4 map-yellow-5 bunk-7 hammock-4")
	p.keys(false, "Enter")
	p.waitFor("imaginary")
	p.keys(true, "4 x")
	p.keys(false, "Enter")
	s := p.waitFor("Nothing of the line was taken")
	if !strings.Contains(s, "Value 2 (x)") {
		t.Errorf("the refusal does not name the value:\n%s", s)
	}
	p.keys(true, "4")
	p.keys(false, "Enter")
	p.waitFor("move the captain along which empty alley")
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Answers) != 13 || f.Answers[12].A != "4" {
		t.Errorf("saved %v", f.Answers)
	}
}
