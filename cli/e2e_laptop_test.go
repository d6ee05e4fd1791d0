//go:build linux || darwin

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
