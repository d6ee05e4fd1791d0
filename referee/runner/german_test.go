package runner_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"rumref/internal/catalogcheck"
	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// transcript plays a seeded random game and returns what a table reads
// in l: every question with its options, every event as its player sees
// it, and the final status of each viewer.
func transcript(t *testing.T, l locale.Lang, seed uint64) string {
	cfg := runner.Config{Crown: "Ann", Pirate: "Bo", TurnCap: 40, Mulligan: seed%2 == 0, Cards: catalog(t), Edition: runner.Edition}
	e, err := referee.Start(factory(cfg))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	r := randplay.New(seed)
	var b strings.Builder
	seen := 0
	events := func() {
		for _, ev := range e.Events()[seen:] {
			fmt.Fprintf(&b, "  [%s] %s\n", ev.Rule, ev.In(l, ev.Player.Viewer()))
		}
		seen = len(e.Events())
	}
	for !e.Over() {
		events()
		q := e.Next()
		fmt.Fprintf(&b, "? %s\n", q.TextIn(l))
		for i := range q.Options {
			fmt.Fprintf(&b, "    %d. %s\n", i+1, q.LabelIn(i, l))
		}
		if err := e.Answer(randplay.Runner(r, q)); err != nil {
			t.Fatal(err)
		}
	}
	events()
	for _, v := range []referee.Viewer{referee.Public, runner.CrownSeat, runner.PirateSeat} {
		b.WriteString(e.Game().Status(v, l, 80))
		view := e.Game().(*runner.Game).View(v, l).(runner.View)
		b.WriteString(strings.Join(append(view.Peeked, view.Result), "\n") + "\n")
	}
	return b.String()
}

// TestGermanGameComesFromTheCatalog plays games in German and in English
// under the catalog check and fails on a letter a viewer reads that no
// catalog message holds, and on a missing message.
// RUMREF_GERMAN_TRANSCRIPT=FILE writes the first German game there.
func TestGermanGameComesFromTheCatalog(t *testing.T) {
	locale.SetChecking(true)
	defer locale.SetChecking(false)
	for _, l := range locale.All {
		for seed := uint64(1); seed <= 6; seed++ {
			text := transcript(t, l, seed)
			if f := os.Getenv("RUMREF_GERMAN_TRANSCRIPT"); f != "" && l == locale.German && seed == 1 {
				if err := os.WriteFile(f, []byte(locale.Unmark(text)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s := catalogcheck.New().Tolerate(catalogcheck.RuleID)
			s.Scan(fmt.Sprintf("%s seed %d", l, seed), text)
			s.Report(t, 5)
		}
	}
}

// TestEveryBuiltInCardTextIsInTheCatalog: the built-in cards' texts are
// the catalog's (runner.card.SLUG.text), so a German table reads them in
// German; a text of one's own is shown as given.
func TestEveryBuiltInCardTextIsInTheCatalog(t *testing.T) {
	for _, c := range catalog(t) {
		if c.Text == "" {
			continue
		}
		if got := runner.CardText(&c, locale.English); got != c.Text {
			t.Errorf("%s: the English catalog says %q, the card file %q", c.Name, got, c.Text)
		}
		if got := runner.CardText(&c, locale.German); got == c.Text {
			t.Errorf("%s: no German text", c.Name)
		}
		own := c
		own.Text = "My own words."
		if got := runner.CardText(&own, locale.German); got != own.Text {
			t.Errorf("%s: a text of one's own reads %q", c.Name, got)
		}
	}
}

// TestTypedInCardsExampleIsInEveryLanguage: the name offered for a card
// typed in by hand is in the reader's language, and no card's name in
// any language ("Eingegebene Karte 1" taken: 2 in English too).
func TestTypedInCardsExampleIsInEveryLanguage(t *testing.T) {
	g := runner.Blank(runner.Config{Crown: "Ann", Pirate: "Bo", Cards: catalog(t), Edition: runner.Edition})
	for n, taken := range []string{"", "Eingegebene Karte 1", "Typed-in card 2"} {
		if taken != "" {
			g.AddCard(runner.Card{Name: taken, Side: runner.CrownSide, Type: runner.Hazard, Unlisted: true})
		}
		m := g.ExampleName()
		want := map[locale.Lang]string{locale.English: fmt.Sprintf("Typed-in card %d", n+1), locale.German: fmt.Sprintf("Eingegebene Karte %d", n+1)}
		for l, w := range want {
			if got := m.In(l); got != w {
				t.Errorf("with %q taken, the example in %s is %q, not %q", taken, l, got, w)
			}
		}
	}
}
