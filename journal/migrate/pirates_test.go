package migrate_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rumref/games"
	"rumref/journal"
	"rumref/journal/migrate"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/sim"
)

// open reads a save of testdata as written.
func open(t *testing.T, path string) *journal.File {
	t.Helper()
	f, _, err := games.Read(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

// replay replays answers under a migrated save's setup.
func replay(t *testing.T, f *journal.File, answers []referee.Answer) *referee.Engine {
	t.Helper()
	factory, err := games.FactoryOf(f)
	if err != nil {
		t.Fatal(err)
	}
	e, err := referee.Replay(factory, answers)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

// stoppedRefused are the stopped saves that are refused, each at its last
// answer: inside a roll with rum under revision 3, whose pending question
// (rum.use after the die, rum.second) has no counterpart today.
var stoppedRefused = []string{"rev3-1-at-rum.use", "rev3-1-at-rum.second"}

// TestPiratesStoppedSaves: every save of testdata/pirates stopped at a
// pending question (one for each kind the old games asked, named
// GAME-at-QUESTION after the whole game of referee/pirates/testdata it is
// the start of) is refused, naming its revision, or migrated: then it goes
// on at the question the whole game's migration asks there (the same as
// before, but where revision 5 no longer asks it), its answers are the
// start of the whole game's, and playing on with the rest of them reaches
// the whole game's end.
func TestPiratesStoppedSaves(t *testing.T) {
	saves, err := filepath.Glob(filepath.Join("testdata", "pirates", "*-at-*.yaml"))
	if err != nil || len(saves) < 35 {
		t.Fatalf("%d stopped saves (%v)", len(saves), err)
	}
	kinds := map[string]bool{}
	for _, path := range saves {
		name := strings.TrimSuffix(filepath.Base(path), ".yaml")
		game, at, _ := strings.Cut(name, "-at-")
		at, _, _ = strings.Cut(at, "-")
		kinds[at] = true
		f := open(t, path)
		rev := f.Setup.(*pirates.Config).Rules
		m, err := games.Migrate(f)
		if slices.Contains(stoppedRefused, name) {
			var r *migrate.Refusal
			if !errors.As(err, &r) || r.Answer != len(f.Answers) || r.Revision != rev ||
				!strings.Contains(err.Error(), fmt.Sprintf("saved under revision %d of rumref's Rum & Pirates questions", rev)) || !strings.Contains(err.Error(), "roll with rum") {
				t.Errorf("%s: %v, %v; want it refused at its answer %d", name, m, err, len(f.Answers))
			}
			continue
		}
		if err != nil || m == nil {
			t.Errorf("%s: %v, %v; want it migrated", name, m, err)
			continue
		}
		if m.File.Setup.(*pirates.Config).Rules != pirates.RulesRevision || f.Setup.(*pirates.Config).Rules != rev {
			t.Errorf("%s: the migrated save is of revision %d, the save given now %d", name, m.File.Setup.(*pirates.Config).Rules, f.Setup.(*pirates.Config).Rules)
		}
		dir, _, _ := strings.Cut(game, "-") // rev4-2p is in rev4, rev3r-5p in rev3r
		whole, err := games.Migrate(open(t, filepath.Join("..", "..", "referee", "pirates", "testdata", dir, game+".yaml")))
		if err != nil {
			t.Fatalf("%s: the whole game: %v", name, err)
		}
		n := len(m.File.Answers)
		if n >= len(whole.File.Answers) || !slices.Equal(m.File.Answers, whole.File.Answers[:n]) {
			t.Errorf("%s: its %d migrated answers are not the start of the whole game's", name, n)
			continue
		}
		e := replay(t, m.File, m.File.Answers)
		next := whole.File.Answers[n]
		if q := e.Next(); q == nil || q.ID != next.Q {
			t.Errorf("%s goes on at %v, want %s", name, q, next.Q)
		} else if q.ID != at && !strings.HasPrefix(name, "rev3-1-at-rum.use-again") {
			// Only a question revision 5 no longer asks moves on.
			if !dropped(at) {
				t.Errorf("%s goes on at %s, not at %s", name, q.ID, at)
			}
		}
		if strings.HasSuffix(name, "-again") && e.Next().ID != "rum.more" {
			t.Errorf("%s: a further barrel is not offered as rum.more: %s", name, e.Next().ID)
		}
		end := replay(t, m.File, append(slices.Clone(m.File.Answers), whole.File.Answers[n:]...))
		ended := replay(t, whole.File, whole.File.Answers)
		if !end.Over() || fmt.Sprintf("%+v", *end.Game().(*pirates.Game).Final) != fmt.Sprintf("%+v", *ended.Game().(*pirates.Game).Final) {
			t.Errorf("%s does not play on to the whole game's end", name)
		}
		for _, a := range m.File.Ahead {
			if a.Step != n+1 || whole.File.Answers[a.Step] != a.Answer {
				t.Errorf("%s: the answer given ahead is at step %d (%v), want %d (%v)", name, a.Step, a.Answer, n+1, whole.File.Answers[a.Step])
			}
		}
		if strings.HasSuffix(name, "-ahead") && len(m.File.Ahead) != 1 {
			t.Errorf("%s: %d answers ahead after the migration", name, len(m.File.Ahead))
		}
	}
	for _, k := range []string{"turn.menu", "move.again", "move.exit", "hq.alley", "hq.second", "supply.keep", "rendezvous.offer",
		"map.take", "pub.invite", "pub.join", "pub.roll", "pub.take", "chest.roll", "wrangle.roll", "wrangle.imaginary", "rum.more",
		"rum.use", "rum.second", "guard.stack", "guard.draw", "wares.name", "round.bunk", "setup.pub"} {
		if !kinds[k] {
			t.Errorf("no save stopped at %s", k)
		}
	}
}

// dropped reports whether revision 5 may no longer ask a question that
// revision 4 asked: an open draw (whose tile may be known) or the guard
// stack (with one empty).
func dropped(id string) bool {
	return id == "guard.stack" || strings.HasPrefix(id, "setup.") || strings.HasPrefix(id, "round.") || strings.HasSuffix(id, ".refill") || id == "guard.draw"
}

// asRevision4 is a save of today's rules marked as revision 4, with
// answers: what a revision 4 save would hold where revision 4 asked the
// same questions.
func asRevision4(f *journal.File, answers []referee.Answer) *journal.File {
	cfg := *f.Setup.(*pirates.Config)
	cfg.Rules = 4
	out := *f
	out.Setup, out.Answers = &cfg, answers
	return &out
}

// findEvent plays finished random games of today's rules until one holds
// an event of rule whose text contains part, with no draw whose tile is
// known before it (revision 4 asked those), and returns the game and the
// number of answers before it.
func findEvent(t *testing.T, rule, part string) (*journal.File, int) {
	t.Helper()
	for seed := uint64(1); seed < 400; seed++ {
		f, err := sim.Finished("pirates", 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range replay(t, f, f.Answers).Events() {
			if ev.Rule == "rp.draw.known" {
				break
			}
			if ev.Rule == rule && strings.Contains(ev.Text, part) {
				return f, ev.Step
			}
		}
	}
	t.Skipf("no random game holds %s %q", rule, part)
	return nil, 0
}

// TestPirates4To5DarkAlleyFreeForTheMoverIsRefused: a save that took a
// dark alley that revision 5 makes free for the mover (revision 4 charged
// its coin) is refused at that answer, naming revision 4.
func TestPirates4To5DarkAlleyFreeForTheMoverIsRefused(t *testing.T) {
	f, step := findEvent(t, "rp.dark-alley.free", "it is the only move")
	_, err := games.Migrate(asRevision4(f, f.Answers[:step]))
	var r *migrate.Refusal
	if !errors.As(err, &r) || r.Revision != 4 || r.Answer != step || !strings.Contains(err.Error(), "dark alley") {
		t.Fatalf("%v, want it refused at answer %d", err, step)
	}
	// The same game stopped before that hop is carried over.
	if m, err := games.Migrate(asRevision4(f, f.Answers[:step-1])); err != nil || m == nil || len(m.File.Answers) != step-1 {
		t.Errorf("stopped before the hop: %v %v", m, err)
	}
}
