package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// built is the rumref binary the tests build once (buildRumref).
var built struct {
	once     sync.Once
	dir, bin string
	err      error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildRumref builds rumref once for the tests and returns its path.
func buildRumref(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds rumref and plays through it")
	}
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "tableplay-test")
		if built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "rumref")
		gobuild := exec.Command("go", "build", "-o", built.bin, "rumref")
		gobuild.Env = append(gobuild.Environ(), "CGO_ENABLED=0")
		if out, err := gobuild.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// TestPlaysBothGamesThroughJSONAndTheTerminal builds rumref and plays the first
// 60 answers of a Rum Runner game and of a 2-player Rum & Pirates game through the JSON
// session and the terminal front end in lockstep, so the player cannot
// fall behind the protocol or the terminal unnoticed.
func TestPlaysBothGamesThroughJSONAndTheTerminal(t *testing.T) {
	bin := buildRumref(t)
	dir := t.TempDir()
	for _, s := range []Setup{{Game: "runner", Players: 2, Seed: 7, Stop: 60}, {Game: "pirates", Players: 2, Seed: 7, Stop: 60}} {
		r, err := playShort(t, bin, s, dir)
		if err != nil {
			t.Fatal(err)
		}
		if r.Answers != s.Stop {
			t.Errorf("%v: stopped after %d answers, want %d", s, r.Answers, s.Stop)
		}
		if r.Refused > 0 {
			t.Errorf("%v: rumref refused %d of the policy's answers", s, r.Refused)
		}
		if !r.Terminal {
			t.Errorf("%v: the terminal session failed: %s", s, r.TermDetail)
			continue
		}
		if r.Keys < r.Answers {
			t.Errorf("%v: %d keys for %d answers: every answer takes a key", s, r.Keys, r.Answers)
		}
		// Rum Runner opens with the crown's secret starting hazards.
		if s.Game == "runner" && r.Passes == 0 {
			t.Errorf("%v: no pass screen before the crown's secret questions", s)
		}
		var b strings.Builder
		report(&b, []build{{name: "this", bin: bin}}, []Setup{s}, [][]*Result{{r}})
		if !strings.Contains(b.String(), "keys/ans") {
			t.Errorf("the report has no header:\n%s", b.String())
		}
	}
}

// playShort plays the short game s through bin in dir. When a signal
// neither rumref nor the driver sent ended the terminal's rumref
// (SIGKILL, or SIGTERM, SIGHUP or SIGINT before its handlers were set):
// something else on the machine did, the failure is kept on record and
// the game played once more; any other end of the terminal session (an
// exit status, rumref's own SIGABRT on a crash, an output that closed
// while rumref ran on) is the result.
func playShort(t *testing.T, bin string, s Setup, dir string) (*Result, error) {
	t.Helper()
	r, err := play(bin, s, true, dir)
	if err == nil && fromOutside(r.TermSignal) {
		noteRetry(t, s, r)
		r, err = play(bin, s, true, t.TempDir())
	}
	return r, err
}

// fromOutside reports whether the signal named sig (as Go names it) is
// one that only another process sends.
func fromOutside(sig string) bool {
	switch sig {
	case "killed", "terminated", "hangup", "interrupt":
		return true
	}
	return false
}

// retryLog is where the short-game test records a terminal session that
// a signal from outside ended: go test shows nothing of a passing
// package, so the record would be lost with the test's log.
var retryLog = filepath.Join(os.TempDir(), "rumref-tableplay-retries.log")

func noteRetry(t *testing.T, s Setup, r *Result) {
	t.Helper()
	note := fmt.Sprintf("%s %v: the terminal's rumref ended by %s, played again:\n%s\n\n", time.Now().UTC().Format(time.RFC3339), s, r.TermSignal, r.TermDetail)
	t.Log(note)
	f, err := os.OpenFile(retryLog, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Logf("cannot keep the record in %s: %v", retryLog, err)
		return
	}
	defer f.Close()
	f.WriteString(note)
}

// fakeTerminal writes a rumref for the driver whose JSON sessions are
// the real rumref's and whose terminal sessions run the shell script
// script instead.
func fakeTerminal(t *testing.T, script string) string {
	t.Helper()
	bin := buildRumref(t)
	fake := filepath.Join(t.TempDir(), "rumref")
	body := fmt.Sprintf("#!/bin/sh\ncase \"$*\" in *\"--io json\"*) exec %q \"$@\";; esac\n%s\n", bin, script)
	if err := os.WriteFile(fake, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return fake
}

// TestTerminalEndsAreTold: when the terminal's rumref ends before the
// question the JSON session asks, the driver says how it ended (its exit
// status or signal, what ended its output, the bytes it wrote and when,
// the screens before and since the last keys) and never waits for a
// rumref whose output has closed. The first case is the one seen once in
// CI: the session ended before writing anything.
func TestTerminalEndsAreTold(t *testing.T) {
	defer func(d time.Duration) { outputGrace = d }(outputGrace)
	outputGrace = 300 * time.Millisecond
	for _, c := range []struct {
		name, script, signal string
		want                 []string
	}{
		{"killed before writing", "kill -KILL $$", "killed",
			[]string{"signal: killed", "0 bytes written in all", "no keys sent", "read /dev/ptmx"}},
		{"exits with a message after the keys", "printf 'Build the board, then press Enter to start.'\nread x\necho 'rumref: the save went away' >&2\nexit 1", "",
			[]string{"exit status 1", "the last keys", "the screen since the last keys:\n\nrumref: the save went away", "the screen before the last keys:\nBuild the board"}},
		{"closes its output and runs on", "printf 'Build the board.'\nexec 0<&- 1>&- 2>&-\nexec sleep 30", "",
			[]string{"rumref still runs 300ms after its output closed", "16 bytes written in all", "Build the board."}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := play(fakeTerminal(t, c.script), Setup{Game: "pirates", Players: 2, Seed: 7, Stop: 3}, true, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			if r.Terminal {
				t.Fatal("the terminal session did not fail")
			}
			if r.TermSignal != c.signal {
				t.Errorf("TermSignal %q, want %q", r.TermSignal, c.signal)
			}
			if !strings.Contains(r.TermError, "the terminal session ended before") || strings.Contains(r.TermError, "\n") {
				t.Errorf("the error's line: %q", r.TermError)
			}
			for _, w := range c.want {
				if !strings.Contains(r.TermDetail, w) {
					t.Errorf("the record does not say %q:\n%s", w, r.TermDetail)
				}
			}
		})
	}
}

// TestOnlyAKillFromOutsideIsPlayedAgain: the short-game test plays a game
// again, and keeps the record, only when a signal from outside ended the
// terminal's rumref; a rumref that exits on its own fails the game.
func TestOnlyAKillFromOutsideIsPlayedAgain(t *testing.T) {
	defer func(l string) { retryLog = l }(retryLog)
	retryLog = filepath.Join(t.TempDir(), "retries.log")
	s := Setup{Game: "pirates", Players: 2, Seed: 7, Stop: 3}
	once := filepath.Join(t.TempDir(), "killed")
	// The first terminal session is killed at its start, the second is
	// the real rumref's.
	fake := fakeTerminal(t, fmt.Sprintf("[ -e %q ] || { : > %q; kill -KILL $$; }\nexec %q \"$@\"", once, once, buildRumref(t)))
	r, err := playShort(t, fake, s, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if !r.Terminal {
		t.Fatalf("the game played again failed: %s", r.TermDetail)
	}
	if b, _ := os.ReadFile(retryLog); !strings.Contains(string(b), "ended by killed, played again") || !strings.Contains(string(b), "0 bytes written in all") {
		t.Errorf("the retry log does not hold the first session's end:\n%s", b)
	}

	os.Remove(retryLog)
	r, err = playShort(t, fakeTerminal(t, "exit 1"), s, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if r.Terminal || !strings.Contains(r.TermDetail, "exit status 1") {
		t.Errorf("a rumref that exits 1 at its start: terminal %v, %s", r.Terminal, r.TermDetail)
	}
	if _, err := os.Stat(retryLog); err == nil {
		t.Error("a rumref that exits on its own was played again")
	}
}

// TestJSONSessionEndIsTold: when the JSON session's rumref stops before
// the game's end, the driver's error says how it exited and what it wrote
// to its standard error.
func TestJSONSessionEndIsTold(t *testing.T) {
	bin := buildRumref(t)
	fake := filepath.Join(t.TempDir(), "rumref")
	body := fmt.Sprintf("#!/bin/sh\ncase \"$*\" in *\"--io json\"*) echo 'rumref: the save went away' >&2; exit 1;; esac\nexec %q \"$@\"\n", bin)
	if err := os.WriteFile(fake, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := play(fake, Setup{Game: "pirates", Players: 2, Seed: 7, Stop: 3}, false, t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "exit status 1") || !strings.Contains(err.Error(), "rumref: the save went away") {
		t.Errorf("the error does not say how the JSON session's rumref ended: %v", err)
	}
}
