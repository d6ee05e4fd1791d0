package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlaysBothGamesThroughJSONAndTheTerminal builds rumref and plays the first
// 60 answers of a Rum Runner game and of a 2-player Rum & Pirates game through the JSON
// session and the terminal front end in lockstep, so the player cannot
// fall behind the protocol or the terminal unnoticed.
func TestPlaysBothGamesThroughJSONAndTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and plays whole games")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "rumref")
	gobuild := exec.Command("go", "build", "-o", bin, "rumref")
	gobuild.Env = append(gobuild.Environ(), "CGO_ENABLED=0")
	if out, err := gobuild.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, s := range []Setup{{Game: "runner", Players: 2, Seed: 7, Stop: 60}, {Game: "pirates", Players: 2, Seed: 7, Stop: 60}} {
		r, err := play(bin, s, true, dir)
		if err == nil && !r.Terminal {
			// Once in a few CI runs on a loaded 2-core machine the
			// terminal session has ended before writing anything; the
			// game is played again once, and a second failure fails.
			t.Logf("%v: the terminal session failed, played again: %s", s, r.TermError)
			r, err = play(bin, s, true, t.TempDir())
		}
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
			t.Errorf("%v: the terminal session failed: %s", s, r.TermError)
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
