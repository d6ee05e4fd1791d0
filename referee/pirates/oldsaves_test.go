package pirates_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"rumref/games"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// TestSavesOfRevisionZeroReplay replays whole games saved by rumref
// 221e179, before rules revision 1 (random legal games of 2 to 5 players
// on random boards; they take lone maps without a question and hold
// refused secret draws), and checks that each replays to its end in
// exactly the final state and score that rumref recorded.
func TestSavesOfRevisionZeroReplay(t *testing.T) { replaySaves(t, "rev0", 0, 4) }

// TestSavesOfRevisionOneReplay replays whole games saved under rules
// revision 1 by rumref 7c1b991, before revision 2 asked less: their
// journals hold turn.choice, move.alley and move.more, a secret pub.join
// for every invitee, a rendezvous.reveal at every fitting arrival, and
// answers to questions with one legal answer.
func TestSavesOfRevisionOneReplay(t *testing.T) { replaySaves(t, "rev1", 1, 4) }

// TestSavesOfRevisionTwoReplay replays whole games saved under rules
// revision 2 by rumref db29fd8, before revision 3 asked only what the
// rules need: their journals hold secret supply.draw, supply.keep and
// rendezvous.draw answers, pub.invite and secret pub.join, rum.spend,
// rum.reroll and rum.again (random legal games of 2 to 5 players on random
// boards; the goldens were written by db29fd8).
func TestSavesOfRevisionTwoReplay(t *testing.T) { replaySaves(t, "rev2", 2, 4) }

// TestSavesOfRevisionThreeReplay replays whole games saved under rules
// revision 3 by rumref 0cf0685, before revision 4 took a roll with rum as
// one answer: their journals hold rum.use and rum.second after a die
// (random legal games of 3 to 5 players; the goldens were written by
// 0cf0685).
// They are migrated to revision 4 (journal/migrate), and replay there to
// the same ends.
func TestSavesOfRevisionThreeReplay(t *testing.T) { replaySaves(t, "rev3", 4, 3) }

// TestSavesOfRevisionThreeWithRumInOneReplay replays a finished 5-player
// game saved as rules revision 3 by rumref 731d91d, after 00241b9 took a
// roll with rum as one answer and before that became revision 4: its
// journal holds chest.roll and wrangle.roll answers such as r5 and no
// rum.use, so it is migrated to revision 4 as it is and replays to
// the end 731d91d recorded.
func TestSavesOfRevisionThreeWithRumInOneReplay(t *testing.T) { replaySaves(t, "rev3r", 4, 1) }

// TestSavesOfRevisionFourReplay replays whole games saved under rules
// revision 4 by rumref f0374f8, before revision 5 read the dark-alley
// waiver for the mover, drew from the other guard stack without asking
// and told a draw whose tile is known (random legal games of 2 to 5
// players on random boards; the goldens were written by f0374f8). Each
// asks, as revision 4 did, a draw whose tile is known, and the 3-player
// game ends a turn where a dark alley free for the mover would have gone
// on: replayed as revision 5 none of them gets through its answers.
func TestSavesOfRevisionFourReplay(t *testing.T) {
	replaySaves(t, "rev4", 4, 4)
	saves, _ := filepath.Glob(filepath.Join("testdata", "rev4", "*.yaml"))
	for _, path := range saves {
		cfg, _, answers := savedGame(t, path)
		cfg.Rules = 5
		board, err := setup.Assemble(cfg.Layout)
		if err != nil {
			t.Fatal(err)
		}
		if e, err := referee.Replay(func() referee.Game { return pirates.New(cfg, board) }, answers); err == nil {
			t.Errorf("%s replays as revision 5 too: the revision changes nothing it asks", path)
			e.Close()
		}
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

// replaySaves replays the n saves in testdata/dir, which are read as of
// rules revision rules, and checks each ends in the recorded state and
// score.
func replaySaves(t *testing.T, dir string, rules, n int) {
	saves, err := filepath.Glob(filepath.Join("testdata", dir, "*.yaml"))
	if err != nil || len(saves) != n {
		t.Fatalf("want the %d saves of revision %d, found %v (%v)", n, rules, saves, err)
	}
	for _, path := range saves {
		cfg, factory, answers := savedGame(t, path)
		if cfg.Rules != rules {
			t.Fatalf("%s: rules revision %d, want %d", path, cfg.Rules, rules)
		}
		e, err := referee.Replay(factory, answers)
		if err != nil {
			t.Fatalf("%s does not replay: %v", path, err)
		}
		g := e.Game().(*pirates.Game)
		if !e.Over() || g.Final == nil {
			t.Fatalf("%s: the game is not over after its %d answers", path, len(answers))
		}
		want, err := os.ReadFile(strings.TrimSuffix(path, ".yaml") + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%s%+v\n", dump(g), *g.Final); got != string(want) {
			t.Errorf("%s replays to another end:\n got %s\nwant %s", path, got, want)
		}
		e.Close()
	}
}

// TestEndRulingsAgreeInNumber: the scoring lines of the recorded games
// say "scores nothing" of one tile and count their tiles in words
// ("1 unfulfilled rendezvous tile", not "1 ... tile(s)").
func TestEndRulingsAgreeInNumber(t *testing.T) {
	saves, _ := filepath.Glob(filepath.Join("testdata", "rev*", "*.yaml"))
	seen := 0
	for _, path := range saves {
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
		return e.Game().(*pirates.Game).Status(referee.Public)
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
