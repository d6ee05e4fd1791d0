package runner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/referee"
	"rumref/referee/runner"
)

// TestRecordOldEditions (RECORD=1) plays old-edition saves on to their end
// under the code that still holds the old editions, and writes the
// finished saves and their end states for the migration tests.
func TestRecordOldEditions(t *testing.T) {
	if os.Getenv("RECORD") == "" {
		t.Skip("RECORD=1 writes journal/migrate/testdata/runner")
	}
	dir := filepath.Join("..", "..", "journal", "migrate", "testdata", "runner")
	entry, _ := games.Lookup("runner")
	write := func(name string, cfg runner.Config, answers []referee.Answer) {
		data, err := journal.Encode(entry.File(&cfg, answers))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".yaml"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	end := func(name string, e *referee.Engine) {
		g := e.Game().(*runner.Game)
		s := fmt.Sprintf("answers: %d\nwinner: %d\nresult: %s\n\n%s\n%s", len(e.Answers()), g.Winner, g.Result,
			g.Status(referee.Public), g.Status(runner.CrownSeat))
		if err := os.WriteFile(filepath.Join(dir, name+".end"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	playOn := func(e *referee.Engine, seed uint64, stop func(q *referee.Question) bool) {
		r := randplay.New(seed)
		for i := 0; i < 3000 && !e.Over(); i++ {
			if stop != nil && stop(e.Next()) {
				return
			}
			if err := e.Answer(randplay.Runner(r, e.Next())); err != nil {
				t.Fatal(err)
			}
		}
		if stop == nil && !e.Over() {
			t.Fatal("not over")
		}
	}
	// The saves of referee/runner/testdata, played on to their end.
	for _, name := range []string{"old_save_edition0", "old_save_edition3"} {
		f, _, err := games.Read(filepath.Join("testdata", name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		cfg := *f.Setup.(*runner.Config)
		e, err := referee.Replay(factory(cfg), f.Answers)
		if err != nil {
			t.Fatal(err)
		}
		playOn(e, 3, nil)
		write(name+"_played", cfg, e.Answers())
		end(name+"_played", e)
		e.Close()
	}
	// Games of each old edition, whole, and stopped at the first question
	// of each kind.
	kinds := map[string]func(q *referee.Question) bool{
		"setup":   func(q *referee.Question) bool { return q.ID == "hazard.identify" },
		"draw":    func(q *referee.Question) bool { return q.ID == "draw.card" },
		"raid":    func(q *referee.Question) bool { return q.ID == "raid.target" },
		"raise":   func(q *referee.Question) bool { return q.ID == "raid.raise" },
		"discard": func(q *referee.Question) bool { return q.ID == "discard.card" && q.Secret },
		"deck":    func(q *referee.Question) bool { return q.ID == "deck.remove" },
		"reveal":  func(q *referee.Question) bool { return q.ID == "reveal.pick" },
		"event":   func(q *referee.Question) bool { return q.ID == "event.card" },
		"invest":  func(q *referee.Question) bool { return q.ID == "investments.card" },
		"crew":    func(q *referee.Question) bool { return q.ID == "crew.step" },
		"effect":  func(q *referee.Question) bool { return q.ID == "effect.optional" || q.ID == "effect.coin" },
	}
	for ed := 0; ed < runner.Edition; ed++ {
		for _, seed := range []uint64{7, 11} {
			cfg := runner.Config{Crown: "Ann", Pirate: "Bo", TurnCap: 40, Mulligan: seed == 7, Cards: catalog(t), Edition: ed}
			e, err := referee.Start(factory(cfg))
			if err != nil {
				t.Fatal(err)
			}
			playOn(e, seed, nil)
			name := fmt.Sprintf("edition%d_seed%d", ed, seed)
			write(name, cfg, e.Answers())
			end(name, e)
			all := e.Answers()
			e.Close()
			if seed != 7 {
				continue
			}
			for kind, stop := range kinds {
				e, err := referee.Start(factory(cfg))
				if err != nil {
					t.Fatal(err)
				}
				playOn(e, seed, stop)
				if !e.Over() {
					n := len(e.Answers())
					if n > len(all) || fmt.Sprint(all[:n]) != fmt.Sprint(e.Answers()) {
						t.Fatalf("%s %s: not a prefix", name, kind)
					}
					write(fmt.Sprintf("%s_at_%s", name, kind), cfg, e.Answers())
				}
				e.Close()
			}
		}
	}
}
