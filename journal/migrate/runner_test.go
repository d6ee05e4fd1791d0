package migrate_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rumref/games"
	"rumref/journal/migrate"
	"rumref/referee"
	"rumref/referee/runner"
)

// runnerData is where the old Rum Runner saves are: each whole game
// (NAME.yaml) was played to its end under the edition it was started
// with by the rumref that still held that edition, and NAME.end records
// what it reached; NAME_at_KIND.yaml stops at the first question of a
// kind of the same game.
var runnerData = filepath.Join("testdata", "runner")

// runnerEnd is the end state of a finished game as NAME.end records it,
// less what today's edition shows otherwise by design: how many answers
// it took, and the names of the cards a pirate reshuffle removed
// (removed unseen today).
func runnerEnd(s string) string {
	s = regexp.MustCompile(`(?m)^answers: \d+\n`).ReplaceAllString(s, "")
	return regexp.MustCompile(`(?m)^Removed from the game.*\n`).ReplaceAllString(s, "")
}

func endOf(e *referee.Engine) string {
	g := e.Game().(*runner.Game)
	return fmt.Sprintf("winner: %d\nresult: %s\n\n%s\n%s", g.Winner, g.Result, g.Status(referee.Public), g.Status(runner.CrownSeat))
}

// TestRunnerSavesMigrateOrAreRefused: every old Rum Runner save of
// testdata is carried over to today's edition or refused with a sentence
// naming its edition. A whole game carried over ends where it ended
// under its own edition; a save stopped at a question resumes at that
// question, as today's rules ask it.
func TestRunnerSavesMigrateOrAreRefused(t *testing.T) {
	// The editions carried over and those refused (docs/architecture.md).
	refused := map[int]string{0: "named only when they first mattered", 1: "only one possible answer",
		3: "never asked the crown to name the cards it draws", 4: "never asked the crown to name the cards it draws"}
	// A save stopped at a question resumes at the question today's rules
	// ask there: the reveal is an option of the crown's action today, and
	// a removal asks nothing (any next question).
	resumes := map[string][]string{"setup": {"hazard.identify"}, "draw": {"draw.card"}, "raid": {"raid.target"},
		"raise": {"raid.raise"}, "discard": {"discard.card"}, "reveal": {"action"}, "event": {"event.card"},
		"invest": {"investments.card"}, "crew": {"crew.step"}, "effect": {"effect.optional", "effect.coin"}, "deck": nil}
	paths, _ := filepath.Glob(filepath.Join(runnerData, "*.yaml"))
	if len(paths) < 30 {
		t.Fatalf("only %d saves in %s", len(paths), runnerData)
	}
	counts := map[string]int{}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		t.Run(name, func(t *testing.T) {
			f := open(t, path)
			ed := f.Setup.(*runner.Config).Edition
			m, err := games.Migrate(f)
			kind, stopped := strings.CutPrefix(name[strings.Index(name, "_")+1:], "seed7_at_")
			if strings.HasPrefix(name, "old_save") {
				kind, stopped = "", false
			}
			var r *migrate.Refusal
			if errors.As(err, &r) {
				counts["refused"]++
				want := fmt.Sprintf("this game was saved under edition %d of rumref's Rum Runner questions", ed)
				if !strings.HasPrefix(err.Error(), want) || refused[ed] == "" || !strings.Contains(err.Error(), refused[ed]) {
					t.Fatalf("refused, but not with edition %d's sentence: %v", ed, err)
				}
				if ed >= 3 && kind == "setup" {
					t.Errorf("a save stopped at the setup has no crown draw and must be carried over: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m == nil || refused[ed] != "" && !(ed >= 3 && kind == "setup") {
				t.Fatalf("edition %d should be refused (%q), got %v, %v", ed, refused[ed], m, err)
			}
			counts["migrated"]++
			cfg := m.File.Setup.(*runner.Config)
			if cfg.Edition != runner.Edition {
				t.Fatalf("migrated to edition %d", cfg.Edition)
			}
			if !strings.Contains(m.Announce("X.bak"), fmt.Sprintf("saved under edition %d of rumref's Rum Runner questions; it now goes on under edition %d", ed, runner.Edition)) {
				t.Errorf("announcement: %s", m.Announce("X.bak"))
			}
			e, err := referee.Replay(games.RunnerFactory(*cfg), m.File.Answers)
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			if stopped {
				q := e.Next()
				want, ok := resumes[kind]
				if !ok || q == nil || want != nil && !slicesContains(want, q.ID) {
					t.Fatalf("stopped at %s, resumes at %v", kind, q)
				}
				if kind == "reveal" && !offers(q, "reveal") {
					t.Errorf("stopped at the reveal, resumes at an action without it: %v", q.Options)
				}
				if kind == "deck" && e.Game().(*runner.Game).Players[runner.PirateSeat].Deck.Boxed != 5 {
					t.Errorf("stopped at the reshuffle's removal: the 5 cards are not boxed unseen")
				}
				return
			}
			data, err := os.ReadFile(strings.TrimSuffix(path, ".yaml") + ".end")
			if err != nil {
				t.Fatal(err)
			}
			if !e.Over() {
				t.Fatalf("the whole game does not end when migrated: it asks %v", e.Next())
			}
			if got, want := runnerEnd(endOf(e)), runnerEnd(string(data)); got != want {
				t.Errorf("the migrated game ends otherwise\n got %s\nwant %s", got, want)
			}
		})
	}
	t.Logf("%v", counts)
	if counts["migrated"] == 0 || counts["refused"] == 0 {
		t.Errorf("want both paths: %v", counts)
	}
}

func slicesContains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func offers(q *referee.Question, key string) bool {
	for _, o := range q.Options {
		if o.Key == key {
			return true
		}
	}
	return false
}
