package runner_test

import (
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

func optionKeys(q *referee.Question) []string {
	var out []string
	for _, o := range q.Options {
		out = append(out, o.Key)
	}
	return out
}

// firstQuestion runs a procedure on a table and returns its first question.
func firstQuestion(t *testing.T, build func() *runner.Game, run func(*runner.Game, *referee.T)) *referee.Question {
	t.Helper()
	e, err := referee.Start(func() referee.Game { return &runner.Scenario{G: build(), Run: run} })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e.Next()
}

func TestActionMenusOfferOnlyLegalActions(t *testing.T) {
	crown := func() *runner.Game {
		g := blank(t)
		g.Players[0].Hand = []string{"Light Rum"}
		g.Players[0].Deck = runner.Deck{Unknown: 3}
		g.Players[0].Deck.Open[runner.Event] = 3
		return g
	}
	q := firstQuestion(t, crown, runner.RunAction)
	// The menu is public: a hand action is offered while the table can
	// tell the hand may hold a card for it (the deck may still hold an
	// event, and hazards are left in the box), and the secret card
	// question lists only what fits.
	if got := strings.Join(optionKeys(q), ","); got != "gain,draw,event,investments,hazard" {
		t.Errorf("crown with a rum and no cards in play: %s", got)
	}
	e, g := drive(t, crown, runner.RunAction, []step{{"action", "hazard"}, {"hazard.card", "cancel"}})
	if !strings.Contains(events(e), "takes the action back") || len(g.Players[0].Hand) != 1 {
		t.Fatalf("taking the action back:\n%s", events(e))
	}
	pirate := func() *runner.Game {
		g := blank(t)
		g.Active = runner.PirateSeat
		g.Players[1].Hand = []string{"Galleon", "Doug Doubloon"}
		g.Players[1].Supply = 1
		g.AddShip("Longboat", 0)
		return g
	}
	q = firstQuestion(t, pirate, runner.RunAction)
	if got := strings.Join(optionKeys(q), ","); got != "gain,draw,crew" {
		t.Errorf("pirate whose hand is known to hold a Galleon he cannot afford and a crew, and no crewed ship: %s", got)
	}
}

func TestInvestmentsSkipHomePortWhileTheDeckIsOnIt(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[0].Hand = []string{"Light Rum", "Gold Rum"}
		g.Players[0].Deck = runner.Deck{Unknown: 1}
		island(g, "Bivalve Bay").Card = g.Put("Cash Crop", 0, false)
		return g
	}
	e, err := referee.Start(func() referee.Game { return &runner.Scenario{G: build(), Run: runner.RunAction} })
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for _, a := range []string{"investments", "light-rum"} {
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	q := e.Next()
	if q.ID != "investments.island" || strings.Join(optionKeys(q), ",") != "i2,i4" {
		t.Fatalf("islands offered: %s %v", q.ID, optionKeys(q))
	}
	if err := e.Answer("i1"); err == nil {
		t.Error("Home Port accepted while the deck is on it")
	}
	for _, a := range []string{"i2", "gold-rum"} { // i4, the one island left, is taken without asking
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	if !e.Over() {
		t.Errorf("no free island left: the action should end, asks %v", e.Next())
	}
	g := e.Game().(*runner.Scenario).G
	if island(g, "Island 4 (name unknown)").Card.Name != "Gold Rum" || len(g.Players[0].Hand) != 0 {
		t.Error(g.Status(0, locale.English, 0))
	}
	if s := g.Status(referee.Public, locale.English, 0); strings.Contains(s, "Gold Rum") || strings.Contains(s, "Light Rum") {
		t.Errorf("face-down investments leak:\n%s", s)
	}
	if s := g.Status(runner.CrownSeat, locale.English, 0); !strings.Contains(s, "[Gold Rum]") {
		t.Errorf("the crown's view should name its face-down card:\n%s", s)
	}
}

func TestInvestPutsOneCoinPerCard(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[0].Supply = 5
		island(g, "Bivalve Bay").Card = g.Put("Cash Crop", 0, false)
		island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put("Reef", 0, false)}
		return g
	}
	_, g := drive(t, build, runner.RunAction, []step{{"action", "invest"}, {"invest.card", "c1"}, {"invest.card", "c2"}})
	bb := island(g, "Bivalve Bay")
	if bb.Card.Coins != 1 || bb.Hazards[0].Coins != 1 || g.Players[0].Supply != 3 {
		t.Errorf("one coin each on both cards, then the action ends\n%s", g.Status(0, locale.English, 0))
	}
}

func TestCrewRespectsSlotsAndMovesFreely(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Active = runner.PirateSeat
		g.Players[1].Supply = 2
		g.Players[1].Hand = []string{"Doug Doubloon", "Janey McFloyd"}
		g.AddShip("Longboat", 0, "Peg Leg Paul")
		g.AddShip("Sloop", 1)
		return g
	}
	e, g := drive(t, build, runner.RunAction, []step{
		{"action", "crew"},
		{"crew.step", "move"}, // Peg Leg Paul to the Sloop frees the Longboat
		{"crew.step", "play"}, {"crew.card", "doug-doubloon"}, {"crew.ship", "c1"},
		{"crew.step", "play"}, {"crew.card", "janey-mcfloyd"}, // Janey, the only crew left, onto the Sloop, the only ship with room
		{"crew.step", "return"}, {"crew.which", "c5"},
		{"crew.step", "done"},
	})
	if len(g.Ships[0].Crew) != 1 || len(g.Ships[1].Crew) != 1 || g.Players[1].Supply != 0 ||
		!slices.Contains(g.Players[1].Hand, "Janey McFloyd") {
		t.Errorf("%s\n%s", events(e), g.Status(1, locale.English, 0))
	}
}

func TestMulliganCostsACoinAndRedraws(t *testing.T) {
	cfg := runner.Config{Crown: "Ann", Pirate: "Bo", Mulligan: true, Cards: catalog(t), Edition: runner.Edition}
	e, err := referee.Start(factory(cfg))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	ids := []string{}
	answer := func(a string) {
		t.Helper()
		ids = append(ids, e.Next().ID)
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range startingHazards {
		answer(s.answer)
	}
	for i := 0; i < 5; i++ {
		answer(optionKeys(e.Next())[0])
	}
	answer("yes")
	for i := 0; i < 5; i++ {
		answer(optionKeys(e.Next())[0])
	}
	answer("no")
	answer("no")
	g := e.Game().(*runner.Game)
	if g.Players[0].Supply != 4 || g.Players[1].Supply != 5 || len(g.Players[0].Hand) != 5 ||
		g.Players[0].Deck.Size() != cfg.DeckSize(runner.CrownDeck)-5 {
		t.Errorf("after one crown mulligan:\n%s", g.Status(0, locale.English, 0))
	}
	// The starting hazards are named, then the crown's draws; the
	// pirate's draws are counts and ask nothing.
	want := "hazard.identify hazard.identify hazard.identify card.name card.cost card.navigation card.combat card.text hazard.identify card.name card.cost card.navigation card.combat card.text draw.card draw.card draw.card draw.card draw.card setup.mulligan draw.card draw.card draw.card draw.card draw.card setup.mulligan setup.mulligan"
	if strings.Join(ids, " ") != want {
		t.Errorf("question order %v", ids)
	}
	if q := e.Next(); q.ID != "action" || q.Actor != runner.CrownSeat {
		t.Errorf("the crown should take the first action, got %s for %d", q.ID, q.Actor)
	}
	if !strings.Contains(g.Status(referee.Public, locale.English, 0), "face-down hazard (0 coins)") || len(g.Ships) != 2 {
		t.Errorf("setup table:\n%s", g.Status(referee.Public, locale.English, 0))
	}
}

func TestLetterOfMarqueRaidAndLighthouseCoin(t *testing.T) {
	raid := func() *runner.Game {
		g := blank(t)
		g.Players[1].Supply = 4
		g.Players[1].Discard = []string{"Janey McFloyd", "Galleon"}
		g.AddShip("Longboat", 0, "Enric Cursemaker")
		island(g, "Bivalve Bay").Card = g.Put("Letter of Marque", 2, false)
		return g
	}
	_, g := drive(t, raid, runner.RunRaid, []step{{"raid.target", "i3"}, {"effect.choose", "o1"}})
	if !slices.Contains(g.Players[1].Hand, "Janey McFloyd") || g.Players[1].Supply != 0 || g.Players[0].Discard[0] != "Letter of Marque" {
		t.Errorf("pay 3 for a crew from the discard pile\n%s", g.Status(1, locale.English, 0))
	}
	light := func() *runner.Game {
		g := blank(t)
		island(g, "Bivalve Bay").Card = g.Put("Lighthouse", 2, true)
		g.AddShip("Longboat", 0)
		return g
	}
	_, g = drive(t, light, runner.RunTurnEnd, []step{{"effect.choose", "o2"}})
	if g.Ships[0].Coins != 1 {
		t.Error("Lighthouse should put a coin on the Longboat")
	}
}

func TestTreasureMapStoppedRaidGivesNoReward(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Active = runner.PirateSeat
		g.Players[1].Hand = []string{"Treasure Map"}
		g.Players[1].Deck = runner.Deck{Known: []string{"Galleon"}}
		g.AddShip("Longboat", 0, "Doug Doubloon")
		island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put("Uncharted Waters", 0, true)}
		return g
	}
	_, g := drive(t, build, runner.RunAction, []step{{"action", "event"}, {"event.card", "treasure-map"}, {"raid.target", "i3"}})
	if g.Players[1].Supply != 0 || g.Ships[0].Coins != 2 {
		t.Errorf("no reward after a stopped raid\n%s", g.Status(1, locale.English, 0))
	}
}
