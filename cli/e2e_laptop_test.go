//go:build linux || darwin

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The laptop alone at a small terminal (issue 23): tmux panes of a given
// size and environment, read back screen by screen.

// startPane is startTmux at cols x rows with env (such as "TERM=dumb")
// before the command, and the raw bytes rumref writes to the pane
// recorded in the file raw returns.
func startPane(t *testing.T, cols, rows int, env string, args ...string) (*tmuxPane, func() string) {
	t.Helper()
	p := newPane(t)
	home := t.TempDir()
	rawFile := filepath.Join(t.TempDir(), "raw")
	// The command waits for the pipe of its output to be open.
	cmd := fmt.Sprintf("while [ ! -e %s ]; do sleep 0.05; done; %s XDG_DATA_HOME=%s %s %s; echo EXIT=$?; sleep 30",
		rawFile, env, home, binary, strings.Join(args, " "))
	if out, err := p.tmux("new-session", "-d", "-s", p.name, "-x", fmt.Sprint(cols), "-y", fmt.Sprint(rows), cmd).CombinedOutput(); err != nil {
		t.Skipf("tmux cannot start a session here: %v %s", err, out)
	}
	t.Cleanup(func() { p.tmux("kill-server").Run() })
	if out, err := p.tmux("pipe-pane", "-t", p.name, "-o", "cat >> "+rawFile).CombinedOutput(); err != nil {
		t.Fatalf("pipe-pane: %v %s", err, out)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(rawFile); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("tmux never opened the pipe of the pane's output")
		}
	}
	return p, func() string { b, _ := os.ReadFile(rawFile); return string(b) }
}

// newPane is a tmux pane of the test's own tmux server (see startTmux).
func newPane(t *testing.T) *tmuxPane {
	t.Helper()
	if testing.Short() {
		t.Skip("tmux test")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	return &tmuxPane{t: t, name: fmt.Sprintf("rumref-laptop-%d", os.Getpid()), socket: filepath.Join(t.TempDir(), "tmux")}
}

// TestTmuxDumbTerminalGetsNoEscapes: at a terminal whose TERM is dumb a
// game is played in plain lines: not one escape sequence (no color, no
// cursor movement) reaches it, from the first line to the quit.
func TestTmuxDumbTerminalGetsNoEscapes(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	p, raw := startPane(t, 80, 24, "TERM=dumb", "new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "fixed", "--save", save)
	p.waitFor("Which tile is it?")
	p.keys(true, "1")
	p.keys(false, "Enter")
	p.waitFor("face-up pub 2 of 4")
	p.keys(true, "help")
	p.keys(false, "Enter")
	p.waitFor("See also")
	p.keys(true, "quit")
	p.keys(false, "Enter")
	p.waitFor("EXIT=2")
	out := raw()
	if i := strings.IndexByte(out, 0x1b); i >= 0 {
		t.Fatalf("TERM=dumb got an escape sequence at byte %d: %q", i, out[max(0, i-80):min(len(out), i+40)])
	}
	if !strings.Contains(out, "Which tile is it?") {
		t.Fatalf("the pane's output was not recorded:\n%s", out)
	}
}

// rumrefAt runs the binary as rumref does with its saves in the data
// directory home.
func rumrefAt(t *testing.T, home, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "XDG_DATA_HOME="+home)
	return runCmd(t, cmd)
}

// savedIn is where a stopped game says it is saved (prompts.SavedIn):
// the path on a line of its own.
func savedIn(t *testing.T, stderr string) string {
	t.Helper()
	_, rest, ok := strings.Cut(stderr, "The game is saved in:\n  ")
	path, _, _ := strings.Cut(rest, "\n")
	if !ok || !strings.Contains(stderr, "Continue it with:\n  rumref resume "+path+"\n") {
		t.Fatalf("the stop does not name the save and the command on lines of their own:\n%s", stderr)
	}
	return path
}

// TestSavesAndResumeAlone: rumref saves lists the games of the data
// directory with their game, progress, players and date, the newest
// first; rumref resume alone continues the latest unfinished one after
// naming it, or asks which when several were saved today; the shell's
// completion of resume offers them.
func TestSavesAndResumeAlone(t *testing.T) {
	home := t.TempDir()
	var paths []string
	for _, players := range []string{"Ann:gold,Bo:violet", "Cy:blue,Di:gold"} {
		r := rumrefAt(t, home, "1\n", "new", "pirates", "--players", players, "--start", "1", "--layout", "fixed", "--io", "plain")
		if r.code != exitInterrupted {
			t.Fatalf("new: exit %d\n%s", r.code, r.stderr)
		}
		paths = append(paths, savedIn(t, r.stderr))
	}
	// The first was saved two days ago, the second (Cy's) is the latest.
	old := time.Now().Add(-48 * time.Hour)
	if err := os.Chtimes(paths[0], old, old); err != nil {
		t.Fatal(err)
	}
	r := rumrefAt(t, home, "", "saves")
	cy, ann := strings.Index(r.stdout, "Rum & Pirates, round 1 of 5, Cy, Di, saved today "), strings.Index(r.stdout, "Rum & Pirates, round 1 of 5, Ann, Bo, saved "+old.Format("Mon 2 Jan 15:04"))
	if r.code != 0 || cy < 0 || ann < cy || !strings.Contains(r.stdout, "\n  rumref resume "+paths[0]+"\n") {
		t.Fatalf("rumref saves: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r = rumrefAt(t, home, "", "__complete", "resume", ""); !strings.HasPrefix(r.stdout, paths[1]+"\tRum & Pirates") || !strings.Contains(r.stdout, "\n"+paths[0]+"\t") {
		t.Errorf("the completion of rumref resume does not offer the saves, the latest first:\n%s", r.stdout)
	}

	// Alone, resume continues the latest and says which.
	r = rumrefAt(t, home, "", "resume", "--io", "plain")
	if r.code != exitInterrupted || !strings.Contains(r.stdout, "Resuming the latest unfinished game (Rum & Pirates, round 1 of 5, Cy, Di, saved today ") ||
		!strings.Contains(r.stdout, "Saving to "+paths[1]) || savedIn(t, r.stderr) != paths[1] {
		t.Fatalf("rumref resume alone: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// Two games saved today: the table chooses.
	now := time.Now()
	os.Chtimes(paths[0], now, now)
	r = rumrefAt(t, home, "2\n", "resume", "--io", "plain")
	if !strings.Contains(r.stdout, "2 unfinished games were saved today. Which one goes on?") || !strings.Contains(r.stdout, "Saving to "+paths[1]) {
		t.Fatalf("rumref resume alone with two games of today: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	// Nothing to resume.
	if r = rumrefAt(t, t.TempDir(), "", "resume"); r.code != exitError || !strings.Contains(r.stderr, "there is no unfinished game in ") {
		t.Errorf("rumref resume alone with no save: exit %d\n%s", r.code, r.stderr)
	}
}

// livePause is a pause of a paged text waiting for Enter (prompts'
// pager: between two parts, and before a resumed game's board and status),
// drawn with the block cursor that only a pause still waiting has.
var livePause = regexp.MustCompile(`(Press Enter for the next part \(\d+ of \d+\)\.|press Enter for the game as it stands\.) █`)

// through waits until the pane shows text and returns the screen,
// pressing Enter at each pause of a paged text on the way (the parts of
// the build instructions, and of the board and status of a resumed game).
func (p *tmuxPane) through(text string) string {
	p.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		s := p.screen()
		if strings.Contains(s, text) && !livePause.MatchString(s) {
			return s
		}
		if pause := livePause.FindString(s); pause != "" {
			p.keys(false, "Enter")
			for strings.Contains(p.screen(), pause) && time.Now().Before(deadline) {
				time.Sleep(30 * time.Millisecond)
			}
			continue
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("the terminal never showed %q; it shows:\n%s", text, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// through waits until the terminal shows text, pressing Enter once at
// each pause of a paged text drawn on the way (see tmuxPane.through).
func (c *tty) through(text string) {
	c.t.Helper()
	pressed := 0
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		s := c.screen()
		if n := len(livePause.FindAllString(s, -1)); n > pressed {
			pressed = n
			c.send(keyEnter)
			continue
		}
		if strings.Contains(s, text) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatalf("the terminal never showed %q:\n%s", text, c.screen())
}
