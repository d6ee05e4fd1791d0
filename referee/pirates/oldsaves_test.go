package pirates_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"rumref/games"
	"rumref/journal/migrate"
	"rumref/locale"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// oldSaves is what every save of testdata (whole games of older rules
// revisions, each with the end its own rumref recorded in its .golden
// file) becomes under today's rules: migrated, when it replays to that
// same end; or refused, with the revision and answer named.
//
//   - rev0, rev1, rev2: saved by 221e179, 7c1b991 and db29fd8, before
//     revision 3 named secret draws only when revealed or at the end:
//     refused as a whole.
//   - rev3: saved by 0cf0685, before revision 4 took a roll with rum as one
//     answer (their rum.use and rum.second are rewritten).
//   - rev3r: saved as revision 3 by 731d91d, after 00241b9 took a roll with
//     rum as one answer and before that became revision 4 (it holds no
//     rum.use, so it is migrated as it is).
//   - rev4: saved by f0374f8, before revision 5 (known draws are dropped).
var oldSaves = map[string]struct {
	// refused is the refusal's answer (1-based; 0: the whole revision),
	// or -1 for a save that is migrated.
	refused int
}{
	"rev0-2p": {0}, "rev0-3p": {0}, "rev0-4p": {0}, "rev0-5p": {0},
	"rev1-2p": {0}, "rev1-3p": {0}, "rev1-4p": {0}, "rev1-5p": {0},
	"rev2-2p": {0}, "rev2-3p": {0}, "rev2-4p": {0}, "rev2-5p": {0},
	"rev3-1": {-1}, "rev3-2": {-1}, "rev3-3": {-1}, "rev3r-5p": {-1},
	"rev4-2p": {-1}, "rev4-4p": {-1}, "rev4-5p": {-1},
	// Turn 91 ends where a dark alley free for the mover would have let
	// the turn go on.
	"rev4-3p": {91},
}

// TestOldSavesMigrateOrAreRefused checks every save of testdata against
// oldSaves.
func TestOldSavesMigrateOrAreRefused(t *testing.T) {
	saves, err := filepath.Glob(filepath.Join("testdata", "rev*", "*.yaml"))
	if err != nil || len(saves) != 20 {
		t.Fatalf("want the 20 old saves, found %d (%v)", len(saves), err)
	}
	for _, path := range saves {
		f, _, err := games.Read(path)
		if err != nil {
			t.Fatalf("%s does not open: %v", path, err)
		}
		want, ok := oldSaves[strings.TrimSuffix(filepath.Base(path), ".yaml")]
		if !ok {
			t.Fatalf("%s is not in oldSaves", path)
		}
		rules := f.Setup.(*pirates.Config).Rules
		m, err := games.Migrate(f)
		var r *migrate.Refusal
		switch {
		case want.refused < 0 && err != nil:
			t.Errorf("%s is refused: %v", path, err)
			continue
		case want.refused >= 0 && !errors.As(err, &r):
			t.Errorf("%s: %v, want it refused at answer %d", path, err, want.refused)
			continue
		case want.refused >= 0:
			if r.Answer != want.refused || r.Revision != rules || !strings.Contains(err.Error(), fmt.Sprintf("saved under revision %d of rumref's Rum & Pirates questions", rules)) {
				t.Errorf("%s: refused at answer %d: %v; want answer %d", path, r.Answer, err, want.refused)
			}
			continue
		}
		cfg := *m.File.Setup.(*pirates.Config)
		board, err := setup.Assemble(cfg.Layout)
		if err != nil {
			t.Fatal(err)
		}
		e, err := referee.Replay(func() referee.Game { return pirates.New(cfg, board) }, m.File.Answers)
		if err != nil {
			t.Fatalf("%s does not replay migrated: %v", path, err)
		}
		g := e.Game().(*pirates.Game)
		if !e.Over() || g.Final == nil {
			t.Fatalf("%s: the game is not over after its %d answers", path, len(m.File.Answers))
		}
		end, err := os.ReadFile(strings.TrimSuffix(path, ".yaml") + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%s%+v\n", dump(g), *g.Final); got != string(end) {
			t.Errorf("%s replays to another end:\n got %s\nwant %s", path, got, end)
		}
		e.Close()
	}
}

// savedGame opens a save of testdata, migrated in memory as resume
// would: its setup, the factory of its game and its answers.
func savedGame(tb testing.TB, path string) (pirates.Config, func() referee.Game, []referee.Answer) {
	tb.Helper()
	f, _, err := games.Read(path)
	if err != nil {
		tb.Fatalf("%s does not open: %v", path, err)
	}
	m, err := games.Migrate(f)
	if err != nil {
		tb.Fatalf("%s is not migrated: %v", path, err)
	}
	if m != nil {
		f = m.File
	}
	cfg := *f.Setup.(*pirates.Config)
	board, err := setup.Assemble(cfg.Layout)
	if err != nil {
		tb.Fatal(err)
	}
	return cfg, func() referee.Game { return pirates.New(cfg, board) }, f.Answers
}

// TestEndRulingsAgreeInNumber: the scoring lines of the recorded games
// say "scores nothing" of one tile and count their tiles in words
// ("1 unfulfilled rendezvous tile", not "1 ... tile(s)").
func TestEndRulingsAgreeInNumber(t *testing.T) {
	saves, _ := filepath.Glob(filepath.Join("testdata", "rev[34]*", "*.yaml"))
	seen := 0
	for _, path := range saves {
		if oldSaves[strings.TrimSuffix(filepath.Base(path), ".yaml")].refused >= 0 {
			continue
		}
		_, factory, answers := savedGame(t, path)
		e, err := referee.Replay(factory, answers)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range e.Events() {
			text := ev.For(referee.Public)
			if !strings.HasPrefix(ev.Rule, "rp.scoring.") || !strings.Contains(text, "nothing") {
				continue
			}
			seen++
			single := !strings.Contains(text, ", ") && !regexp.MustCompile(`'s [2-9]\d* `).MatchString(text)
			if strings.Contains(text, "(s)") || single && strings.Contains(text, " score nothing") || !single && strings.Contains(text, " scores nothing") {
				t.Errorf("%s: %q", path, text)
			}
		}
		e.Close()
	}
	if seen == 0 {
		t.Fatal("no scoring line of a tile that scores nothing in the recorded games")
	}
}

// TestRulesOutOfRangeSaysWhy: a rules revision below 0 is a damaged save,
// not one from a newer rumref; one above today's asks for an update.
func TestRulesOutOfRangeSaysWhy(t *testing.T) {
	c := config(2)
	c.Rules = -1
	err := c.Validate()
	if err == nil || !strings.Contains(err.Error(), "-1 is not a rules revision") || strings.Contains(err.Error(), "update rumref") {
		t.Errorf("rules -1: %v, want it called not a revision, without asking for an update", err)
	}
	c.Rules = pirates.RulesRevision + 1
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "update rumref") {
		t.Errorf("rules %d: %v, want an update asked for", c.Rules, err)
	}
}

// TestFinalStatusNamesTheKeptWares: once the game is over the public
// status names each player's kept wares, as the score does; one answer
// before the end (a player's wares not yet named) it counts them only.
func TestFinalStatusNamesTheKeptWares(t *testing.T) {
	_, factory, answers := savedGame(t, filepath.Join("testdata", "rev3r", "rev3r-5p.yaml"))
	status := func(answers []referee.Answer) string {
		e, err := referee.Replay(factory, answers)
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		return e.Game().(*pirates.Game).Status(referee.Public, locale.English, 0)
	}
	end := status(answers)
	for _, w := range []string{"wares kept 1 (eye patch 2);", "wares kept 2 (eye patch 3, eye patch 4);", "wares kept 0;"} {
		if !strings.Contains(end, w) {
			t.Errorf("the final status lacks %q:\n%s", w, end)
		}
	}
	before := status(answers[:len(answers)-1])
	if !strings.Contains(before, "wares kept 2;") || strings.Contains(before, "eye patch") {
		t.Errorf("before the end the status names kept wares, or does not count them:\n%s", before)
	}
}
