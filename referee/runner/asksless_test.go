package runner_test

import (
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// The table is asked less (issue 12): these tests play each way.

// TestShipChoicesShowCrewAndSkills: a ship offered in a choice names its
// crew, its free slots and the skill icons of ship and crew together.
func TestShipChoicesShowCrewAndSkills(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Active = runner.PirateSeat
		g.Players[1].Supply = 3
		g.AddShip("Sloop", 0, "Cutthroat Carlie")
		g.AddShip("Brigantine", 0, "Doug Doubloon", "Enric Cursemaker")
		return g
	}
	var labels []string
	e, _ := start(t, build, runner.RunRaid)
	answerAll(t, e, []step{{"raid.target", "i1"}})
	q := e.Next()
	if q == nil || q.ID != "raid.party" {
		t.Fatalf("want the raiding party question, got %v", q)
	}
	for _, o := range q.Options {
		labels = append(labels, o.Label)
	}
	want := []string{"Sloop #1 (0 coins; crew Cutthroat Carlie, 1 slot free; 2 navigation)",
		"Brigantine #3 (0 coins; crew Doug Doubloon, Enric Cursemaker, 0 slots free; 1 navigation, 3 combat)"}
	if !slices.Equal(labels, want) {
		t.Errorf("ship choices\n got %q\nwant %q", labels, want)
	}
}

// TestRevealAskedOnlyWhenAnInvestmentCouldBeFunded: the crown's reveal
// question waits until a face-down investment holds at
// least the lowest price an investment has (1 coin), whatever the card
// is, so the question shows nothing the coins on the table do not.
func TestRevealAskedOnlyWhenAnInvestmentCouldBeFunded(t *testing.T) {
	for _, c := range []struct {
		coins int
		card  string
		asked bool
	}{{0, "Gold Rum", false}, {1, "Gold Rum", true}, {1, "Cash Crop", true}} {
		build := func() *runner.Game {
			g := blank(t)
			island(g, "Bivalve Bay").Card = g.Put(c.card, c.coins, false)
			return g
		}
		e, _ := start(t, build, runner.RunReveal)
		q := e.Next()
		if asked := q != nil && q.ID == "reveal.pick"; asked != c.asked {
			t.Errorf("%s with %d coins: reveal asked %v, want %v", c.card, c.coins, asked, c.asked)
		}
		if q != nil && c.card == "Gold Rum" && len(q.Options) != 1 {
			t.Errorf("an unfunded Gold Rum is offered: %v", optionKeys(q))
		}
	}
}

// TestOneFreeIslandIsTakenWithoutAsking: a public question with one legal
// answer is not asked (the engine takes it and says so).
func TestOneFreeIslandIsTakenWithoutAsking(t *testing.T) {
	{
		build := func() *runner.Game {
			g := blank(t)
			g.Players[0].Hand = []string{"Gold Rum"}
			for _, is := range g.Islands {
				if is.Name != "Bivalve Bay" {
					is.Card = g.Put("Cash Crop", 0, false)
				}
			}
			return g
		}
		steps := []step{{"action", "investments"}, {"investments.card", "gold-rum"}}
		e, g := drive(t, build, runner.RunAction, steps)
		if island(g, "Bivalve Bay").Card == nil || island(g, "Bivalve Bay").Card.Name != "Gold Rum" {
			t.Fatalf("Gold Rum is not on Bivalve Bay\n%s", events(e))
		}
		if !strings.Contains(events(e), "Bivalve Bay (the only choice, taken without asking)") {
			t.Errorf("no ruling says the only island was taken\n%s", events(e))
		}
	}
}

// TestTreasureMapPeekIsShownToThePirateAtOnce: the pirate picks the card in a secret question (asked even for a lone face-down
// card), and the card's name follows in a ruling for the pirate alone
// before the next question, so the session shows it behind that
// question's pass screen. The public text never names it.
func TestTreasureMapPeekIsShownToThePirateAtOnce(t *testing.T) {
	{
		build := func() *runner.Game {
			g := blank(t)
			island(g, "Bivalve Bay").Card = g.Put("Gold Rum", 1, false)
			return g
		}
		e, _ := start(t, build, runner.RunPeek)
		q := e.Next()
		if q == nil || q.ID != "effect.peek" || !q.Secret || q.Actor != runner.PirateSeat {
			t.Fatalf("want the pirate's secret effect.peek, got %v", q)
		}
		before := len(e.Events())
		if err := e.Answer(q.Options[0].Key); err != nil {
			t.Fatal(err)
		}
		var private, public string
		for _, ev := range e.Events()[before:] {
			if ev.Player == referee.Seat(runner.PirateSeat) {
				private += ev.For(referee.Viewer(runner.PirateSeat))
			}
			public += ev.For(referee.Public)
		}
		if !strings.Contains(private, "It is Gold Rum.") {
			t.Errorf("the pirate is not told the card right after choosing it: %q", private)
		}
		if strings.Contains(public, "Gold Rum") {
			t.Errorf("the public rulings name the card: %q", public)
		}
	}
}

// TestFaceDownCardsAreTurnedOverAtTheEnd: the end of the game names every
// face-down crown card in a public ruling and the final status shows them
// face-up.
func TestFaceDownCardsAreTurnedOverAtTheEnd(t *testing.T) {
	{
		build := func() *runner.Game {
			g := blank(t)
			island(g, "Bivalve Bay").Card = g.Put("Gold Rum", 1, false)
			island(g, "Home Port").Hazards = []*runner.Piece{g.Put("Reef", 0, false)}
			return g
		}
		e, g := drive(t, build, runner.RunFinish, nil)
		pub := events(e) + g.Status(referee.Public, locale.English, 0)
		named := strings.Contains(pub, "Gold Rum") && strings.Contains(pub, "Reef")
		if !named {
			t.Errorf("face-down cards not named at the end\n%s", pub)
		}
	}
}

// TestFourthIslandNameIsTyped: rumref new runner --island NAME adds the
// fourth island's card to the catalog (a setting, so no question changes);
// a card's name, a name without a letter or a long one is refused, and the
// name is used from the setup on.
func TestFourthIslandNameIsTyped(t *testing.T) {
	cards := catalog(t)
	for _, bad := range []string{"Bivalve Bay", "gold rum", "!!!", strings.Repeat("x", 41), "Cove\x1b]0;x\a", "Cove\u202e", "Cove\n"} {
		if _, err := runner.IslandCard(cards, bad); err == nil || !strings.Contains(err.Error(), "island") {
			t.Errorf("%q taken as the fourth island's name, or refused without saying so: %v", bad, err)
		}
	}
	c, err := runner.IslandCard(cards, "Smugglers Cove")
	if err != nil {
		t.Fatal(err)
	}
	cfg := boxed(t)
	cfg.Cards = append(cfg.Cards, c)
	if _, err := runner.IslandCard(cfg.Cards, "Tortuga"); err == nil {
		t.Error("a fifth island is named")
	}
	if err := cfg.Validate(); err != nil {
		t.Fatal(err)
	}
	e, err := referee.Start(factory(cfg))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	s := e.Game().Status(referee.Public, locale.English, 0)
	if !strings.Contains(s, "Smugglers Cove") || strings.Contains(s, "name unknown") {
		t.Errorf("the status should name Smugglers Cove:\n%s", s)
	}
}
