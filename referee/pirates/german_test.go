package pirates_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"rumref/internal/catalogcheck"
	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// germanGame plays a random game of n players and returns what a German
// table reads: every question, its options and every event, under the
// catalog check.
func germanGame(t *testing.T, n int, seed uint64) string {
	board, err := setup.Assemble(setup.FixedLayout())
	if err != nil {
		t.Fatal(err)
	}
	cfg := config(n)
	cfg.Layout = setup.FixedLayout()
	e, err := referee.Start(func() referee.Game { return pirates.New(cfg, board) })
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	c := randplay.From(rand.New(rand.NewPCG(seed, 7)))
	var b strings.Builder
	seen := 0
	for e.Next() != nil {
		for _, ev := range e.Events()[seen:] {
			fmt.Fprintf(&b, "  [%s] %s\n", ev.Rule, ev.In(locale.German, ev.Player.Viewer()))
		}
		seen = len(e.Events())
		q := e.Next()
		fmt.Fprintf(&b, "? %s\n", q.TextIn(locale.German))
		for i := range q.Options {
			fmt.Fprintf(&b, "    %d. %s\n", i+1, q.LabelIn(i, locale.German))
		}
		a := randplay.Pirates(c, q)
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	for _, ev := range e.Events()[seen:] {
		fmt.Fprintf(&b, "  [%s] %s\n", ev.Rule, ev.In(locale.German, ev.Player.Viewer()))
	}
	b.WriteString(e.Game().Status(referee.Public, locale.German, 0))
	return b.String()
}

// TestGermanGameComesFromTheCatalog plays German games and fails on a
// letter a viewer reads that no catalog message holds, and on a missing
// message. RUMREF_GERMAN_TRANSCRIPT=FILE writes the first game there.
func TestGermanGameComesFromTheCatalog(t *testing.T) {
	locale.SetChecking(true)
	defer locale.SetChecking(false)
	for n := 2; n <= 5; n++ {
		text := germanGame(t, n, uint64(n))
		if n == 4 {
			if f := os.Getenv("RUMREF_GERMAN_TRANSCRIPT"); f != "" {
				os.WriteFile(f, []byte(locale.Unmark(text)), 0o644)
			}
		}
		s := catalogcheck.New().Tolerate(catalogcheck.RuleID)
		s.Scan(fmt.Sprintf("%d players", n), text)
		s.Report(t, 5)
	}
}

// TestViewInGerman: the view's texts follow the language, its ids and
// keys stay English.
func TestViewInGerman(t *testing.T) {
	g := freshGame(t, 4)
	g.Pubs = []string{"frere-3"}
	g.Occupant[g.Board.At[g.Board.HQ][0]] = 0
	de := g.View(referee.Public, locale.German).(pirates.View)
	en := g.View(referee.Public, locale.English).(pirates.View)
	if de.Captain != "Hauptquartier" || de.Pubs[0] != "Frère Jacques 3" || en.Captain != "HQ" || en.Pubs[0] != "Frere Jacques 3" {
		t.Errorf("captain %q / %q, pubs %q / %q", de.Captain, en.Captain, de.Pubs, en.Pubs)
	}
	if de.Stacks[0].Sort != "pub" || de.Alleys[0].Alley == en.Alleys[0].Alley || !strings.Contains(de.Alleys[0].Alley, "Hauptquartier") {
		t.Errorf("stacks %v, alleys %v / %v", de.Stacks[0], de.Alleys, en.Alleys)
	}
}
