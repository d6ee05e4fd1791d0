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
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// runnerData is where the old Rum Runner saves are: each whole game
// (NAME.yaml) was played to its end under the edition it was started
// with by the rumref that still held that edition, and NAME.end records
// what it reached; NAME_at_KIND.yaml stops at the first question of a
// kind of the same game.
var runnerData = filepath.Join("testdata", "runner")

// rumrefsDraw is how editions before 5 ended a game with no rum left,
// where today the table is asked to agree the draw.
const rumrefsDraw = "No rum is left to fund or raid and nobody has 4 points: the game is a draw."

// runnerEnd is the end state of a finished game as NAME.end records it,
// less what today's edition shows otherwise by design: how many answers
// it took, and the names of the cards a pirate reshuffle removed
// (removed unseen today). A game of edition 1 left the crown's face-down
// cards face-down at the end, where today they are turned over: its end
// is the crown's view (which names them either way), with the cards
// shown face-up.
func runnerEnd(s string, ed int) string {
	s = strings.ReplaceAll(s, rumrefsDraw, "No rum is left to fund or raid and nobody has 4 points: the players agree a draw.")
	s = regexp.MustCompile(`(?m)^answers: \d+\n`).ReplaceAllString(s, "")
	s = regexp.MustCompile(`(?m)^Removed from the game.*\n`).ReplaceAllString(s, "")
	if ed < 2 {
		head, rest, _ := strings.Cut(s, "\n\n")
		_, crown, _ := strings.Cut(rest[1:], "Rum Runner, turn")
		s = head + "\n\nRum Runner, turn" + regexp.MustCompile(`face-down (investment|hazard) \[([^\]]+)\]`).ReplaceAllString(crown, "$2")
	}
	return s
}

func endOf(e *referee.Engine) string {
	g := e.Game().(*runner.Game)
	// Without the catalog check's marks (RUMREF_LOCALE_CHECK=1): the .end
	// files hold the text as read.
	return locale.Unmark(fmt.Sprintf("winner: %d\nresult: %s\n\n%s\n%s", g.Winner, g.Result, g.Status(referee.Public, locale.English, 0), g.Status(runner.CrownSeat, locale.English, 0)))
}

// TestRunnerSavesMigrateOrAreRefused: every old Rum Runner save of
// testdata is carried over to today's edition or refused with a sentence
// naming its edition. A whole game carried over ends where it ended
// under its own edition; a save stopped at a question resumes at that
// question, as today's rules ask it.
func TestRunnerSavesMigrateOrAreRefused(t *testing.T) {
	// The editions carried over and those refused (docs/architecture.md).
	refused := map[int]string{0: "named only when they first mattered",
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
			_, kind, stopped := strings.Cut(name, "_at_")
			why := refused[ed]
			if kind == "rebuilt" {
				// A rum's hand shuffle rebuilt the empty crown deck: today
				// the deck stays out, and the shuffle is not offered.
				why = "its answer effect.optional yes meets today's question action"
			}
			var r *migrate.Refusal
			if errors.As(err, &r) {
				counts["refused"]++
				want := fmt.Sprintf("this game was saved under edition %d of rumref's Rum Runner questions", ed)
				if !strings.HasPrefix(err.Error(), want) || why == "" || !strings.Contains(err.Error(), why) {
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
			if m == nil || why != "" && !(ed >= 3 && kind == "setup") {
				t.Fatalf("edition %d should be refused (%q), got %v, %v", ed, why, m, err)
			}
			counts["migrated"]++
			cfg := m.File.Setup.(*runner.Config)
			if cfg.Edition != runner.Edition {
				t.Fatalf("migrated to edition %d", cfg.Edition)
			}
			if !strings.Contains(locale.Unmark(m.Announce("X.bak", locale.English)), fmt.Sprintf("saved under edition %d of rumref's Rum Runner questions; it now goes on under edition %d", ed, runner.Edition)) {
				t.Errorf("announcement: %s", m.Announce("X.bak", locale.English))
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
			if q := e.Next(); q != nil && q.ID == "stalemate.draw" && strings.Contains(string(data), rumrefsDraw) {
				// rumref declared this draw; today the table agrees it.
				if err := e.Answer("draw"); err != nil {
					t.Fatal(err)
				}
				counts["stalemate"]++
			}
			if !e.Over() {
				t.Fatalf("the whole game does not end when migrated: it asks %v", e.Next())
			}
			got, want := runnerEnd(endOf(e), ed), runnerEnd(string(data), ed)
			if !strings.Contains(want, "winner: ") || !strings.Contains(want, "Islands (hazards") {
				t.Fatalf("%s.end holds no end state:\n%s", name, want)
			}
			if got != want {
				t.Errorf("the migrated game ends otherwise\n got %s\nwant %s", got, want)
			}
		})
	}
	t.Logf("%v", counts)
	if counts["migrated"] == 0 || counts["refused"] == 0 || counts["stalemate"] == 0 {
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
