//go:build linux || darwin

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"rumref/games"
	"rumref/locale"
	"rumref/referee/pirates"
	"rumref/safetext"
	"rumref/setup"
)

// The laptop alone at a small terminal (issue 23): tmux panes of a given
// size and environment, read back screen by screen.

// startPane is startTmux at cols x rows with env (such as "TERM=dumb";
// XDG_DATA_HOME is a new directory unless env sets it) before the
// command, and the raw bytes rumref writes to the pane
// recorded in the file raw returns.
func startPane(t *testing.T, cols, rows int, env string, args ...string) (*tmuxPane, func() string) {
	t.Helper()
	p := newPane(t)
	home := t.TempDir()
	rawFile := filepath.Join(t.TempDir(), "raw")
	// The command waits for the pipe of its output to be open.
	cmd := fmt.Sprintf("while [ ! -e %s ]; do sleep 0.05; done; XDG_DATA_HOME=%s %s %s %s; echo EXIT=$?; sleep 30",
		rawFile, home, env, binary, strings.Join(args, " "))
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
var livePause = regexp.MustCompile(`(Press Enter for the next part \(\d+ of \d+\)\.|press Enter for the game as it stands\.|` +
	`Drück Enter für den nächsten Teil \(\d+ von \d+\)\.|drück dann Enter für das Spiel, wie es steht\.) █`)

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

// screens reads a paged text in the pane up to the screen that shows
// end: a capture of each screen (the lines the terminal wrapped joined),
// pressing Enter at each pause on the way.
func (p *tmuxPane) screens(end string) []string {
	p.t.Helper()
	var shots []string
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		s := p.screenJoined()
		if pause := livePause.FindString(s); pause != "" {
			shots = append(shots, s)
			p.keys(false, "Enter")
			for strings.Contains(p.screenJoined(), pause) && time.Now().Before(deadline) {
				time.Sleep(30 * time.Millisecond)
			}
			continue
		}
		if strings.Contains(s, end) {
			return append(shots, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.t.Fatalf("the terminal never showed %q; it shows:\n%s", end, p.screen())
	return nil
}

// TestTmuxBuildInstructionsScreenByScreen: at 80x24 the whole of a new
// Rum & Pirates game's build instructions can be read a screen at a time:
// every line of them appears whole on some screen, the picture is the
// narrow one and no line of the pane is wider than the terminal.
func TestTmuxBuildInstructionsScreenByScreen(t *testing.T) {
	const layout = "3e 1 7 / 9s 5 2w / 4 8 6"
	p, _ := startPane(t, 80, 24, "TERM=xterm NO_COLOR=1", "new", "pirates", "--players", "Ann:gold,Bo:violet,Cy:blue", "--start", "Ann",
		"--layout", strconv.Quote(layout), "--save", filepath.Join(t.TempDir(), "g.yaml"))
	shots := p.screens("then press Enter to start")
	l, err := setup.ParseLayout(layout)
	if err != nil {
		t.Fatal(err)
	}
	want, err := games.Pirates.Instructions(&pirates.Config{Layout: l}, 80, locale.English)
	if err != nil {
		t.Fatal(err)
	}
	if len(shots) < 2 {
		t.Fatalf("the instructions were not shown a screen at a time: %d screens", len(shots))
	}
	for _, line := range strings.Split(want, "\n") {
		line = strings.TrimRight(line, " ")
		if line == "" {
			continue
		}
		if safetext.Width(line) > 80 {
			t.Errorf("an instruction line is wider than 80 columns: %q", line)
		}
		found := false
		for _, s := range shots {
			for _, row := range strings.Split(s, "\n") {
				found = found || strings.TrimRight(row, " ") == line
			}
		}
		if !found {
			t.Errorf("no screen shows the instruction line whole: %q", line)
		}
	}
	for _, row := range strings.Split(p.screenJoined(), "\n") {
		if safetext.Width(row) > 80 {
			t.Errorf("a line wraps at 80 columns: %q", row)
		}
	}
	t.Logf("the instructions took %d screens at 80x24", len(shots))
	p.keys(false, "Enter")
	p.waitFor("face-up pub 1 of 4")
	// setup shows them again, a screen at a time, then the question.
	p.keys(true, ":setup")
	p.keys(false, "Enter")
	again := p.screens("press Enter to go back to the game.")
	for _, line := range strings.Split(want, "\n") {
		if line = strings.TrimRight(line, " "); line != "" && !strings.Contains(strings.Join(again, "\n"), line) {
			t.Errorf("setup: no screen shows the instruction line %q", line)
		}
	}
	if len(again) < 2 {
		t.Errorf("setup showed the instructions on %d screen", len(again))
	}
	p.keys(false, "Enter")
	p.through("face-up pub 1 of 4")
}

// TestTmuxResumeShowsTheGameAsItStands: at 80x24 rumref resume alone
// continues the latest game: after how to lay the box out, it shows the
// board as it stands (the captain where he went, not on the HQ), then the
// question waiting.
func TestTmuxResumeShowsTheGameAsItStands(t *testing.T) {
	home := t.TempDir()
	r := rumrefAt(t, home, "swan-3 swan-4 escruce-2 frere-5 chest-5 scorpion-12 map-rose-3 map-rose-6 map-green-4 map-yellow-5 bunk-7 hammock-4\n4\n1\n",
		"new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "fixed", "--io", "plain")
	path := savedIn(t, r.stderr)
	if !strings.Contains(r.stdout, "the captain is on Coin 1") {
		t.Fatalf("the game did not move the captain:\n%s", r.stdout)
	}
	p, _ := startPane(t, 80, 24, "TERM=xterm NO_COLOR=1 XDG_DATA_HOME="+home, "resume")
	shots := p.screens("or stop here?")
	all := strings.Join(shots, "\n")
	if !strings.Contains(shots[0], "Resuming the latest unfinished game (Rum & Pirates, round 1 of 5, Ann, Bo,") || !strings.Contains(shots[0], "\n  "+path+"\n") {
		t.Errorf("the resume does not say which game it continues:\n%s", shots[0])
	}
	board := -1
	for i, s := range shots {
		if strings.Contains(s, "Captain on Coin 1.") && strings.Contains(s, "*Coin1*") {
			board = i
		}
	}
	if board < 0 || strings.Contains(all, "*HQ*") || strings.Contains(all, "Captain on HQ") {
		t.Fatalf("the resume does not show the board as it stands (the captain on Coin 1):\n%s", all)
	}
	if !strings.Contains(all, "To type this board again: 1 2 3 / 4 5 6 / 7 8 9") {
		t.Errorf("the resume does not say how to lay the box out:\n%s", all)
	}
	last := shots[len(shots)-1]
	if !strings.Contains(last, "Hop again (1 coin) along") || !strings.Contains(last, "or stop here?") {
		t.Errorf("the question waiting is not shown last:\n%s", last)
	}
	p.keys(false, "C-c")
	p.waitFor("EXIT=2")
	if s := p.screenJoined(); !strings.Contains(s, "\n  rumref resume "+path+"\n") {
		t.Errorf("the quit does not give the resume command on a line of its own:\n%s", s)
	}
}

// TestTmuxPlayersInTheirColors: in a terminal with color the one asked is
// named in their pirate color, and the board picture draws the alley
// holding Ann's pirates in her color (gold, yellow at a terminal).
func TestTmuxPlayersInTheirColors(t *testing.T) {
	home := t.TempDir()
	r := rumrefAt(t, home, "swan-3 swan-4 escruce-2 frere-5 chest-5 scorpion-12 map-rose-3 map-rose-6 map-green-4 map-yellow-5 bunk-7 hammock-4\n4\n1\n",
		"new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "fixed", "--io", "plain")
	savedIn(t, r.stderr)
	p, _ := startPane(t, 100, 60, "TERM=xterm XDG_DATA_HOME="+home, "resume")
	p.through("1-5 choose")
	out, err := p.tmux("capture-pane", "-e", "-p", "-S", "-200", "-t", p.name).Output()
	if err != nil {
		t.Fatal(err)
	}
	// tmux draws the colors again its own way: bold, then yellow (33).
	s := string(out)
	if !strings.Contains(s, "Captain on Coin 1.") || !regexp.MustCompile(`33mG+\x1b`).MatchString(s) || !regexp.MustCompile(`33mAnn\x1b`).MatchString(s) {
		t.Errorf("the board does not draw Ann's pirates and name in gold:\n%q", s)
	}
	if !regexp.MustCompile(`33mAnn\x1b\[0m[^\n]*: the captain is on Coin 1`).MatchString(s) {
		t.Errorf("the question does not name Ann in gold:\n%q", s)
	}
}

// TestTmuxNoColorSendsNoColor: with NO_COLOR a terminal game keeps its
// lists and cursor movement but sends no color (no SGR sequence), the
// players' colors included.
func TestTmuxNoColorSendsNoColor(t *testing.T) {
	p, raw := startPane(t, 80, 24, "TERM=xterm NO_COLOR=1", "new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "fixed",
		"--save", filepath.Join(t.TempDir(), "g.yaml"))
	p.through("then press Enter to start")
	p.keys(false, "Enter")
	p.waitFor("Which tile is it?")
	p.keys(true, ":show")
	p.keys(false, "Enter")
	p.through("Which tile is it?")
	p.keys(false, "C-c")
	p.waitFor("EXIT=2")
	out := raw()
	if m := regexp.MustCompile(`\x1b\[[0-9;]*m`).FindStringIndex(out); m != nil {
		t.Fatalf("NO_COLOR got a color sequence at byte %d: %q", m[0], out[max(0, m[0]-80):min(len(out), m[1]+40)])
	}
	if !strings.Contains(out, "\x1b[") {
		t.Fatal("the terminal front end sent no cursor movement: was it the plain one?")
	}
}
