package runner_test

import (
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

func homeTable(t *testing.T, deck, hand []string, pirateScore int) func() *runner.Game {
	return func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Supply = 3
		g.Players[runner.PirateSeat].Deck = runner.Deck{Known: []string{"Galleon"}}
		for i := 0; i < pirateScore; i++ {
			g.Players[runner.PirateSeat].Score = append(g.Players[runner.PirateSeat].Score, runner.Scored{Name: "Light Rum", Points: 1})
		}
		g.Players[runner.CrownSeat].Deck = runner.Deck{Known: append([]string{}, deck...)}
		g.Players[runner.CrownSeat].Hand = append([]string{}, hand...)
		g.AddShip("Longboat", 0, "Doug Doubloon")
		return g
	}
}

func TestHomePortRaidTakesTheDeckTop(t *testing.T) {
	_, g := drive(t, homeTable(t, []string{"Gold Rum", "Reef"}, nil, 0), runner.RunRaid, []step{
		{"raid.target", "i1"}, {"raid.deck-top", "gold-rum"},
	})
	cr, pr := g.Players[runner.CrownSeat], g.Players[runner.PirateSeat]
	if pr.Points() != 1 || cr.Deck.Size() != 1 || g.Ships[0].Coins != 2 || len(g.Revealed) != 0 {
		t.Errorf("want the Gold Rum scored for 1 by the pirate off the deck\n%s", g.Status(runner.CrownSeat, locale.English, 0))
	}
}

func TestHomePortRaidTakesARandomHandCardWhenTheDeckIsGone(t *testing.T) {
	e, g := drive(t, homeTable(t, nil, []string{"Reef", "Light Rum"}, 0), runner.RunRaid, []step{
		{"raid.target", "i1"}, {"raid.hand-pick", "reef"},
	})
	cr := g.Players[runner.CrownSeat]
	if strings.Join(cr.Hand, ",") != "Light Rum" || strings.Join(cr.Discard, ",") != "Reef" {
		t.Errorf("want Reef raided from hand and trashed\n%s", events(e))
	}
	for _, en := range e.Log() {
		if en.QuestionID == "raid.hand-pick" && !en.Secret {
			t.Error("the hand pick names the crown's hand and must be secret")
		}
	}
}

func TestRaidOnAnEmptyIslandStillSucceeds(t *testing.T) {
	e, _ := drive(t, homeTable(t, nil, nil, 0), runner.RunRaid, []step{
		{"raid.target", "i1"},
	})
	if !strings.Contains(events(e), "nothing is raided, but the raid still counts as successful") {
		t.Error(events(e))
	}
}

func TestWinInTheMiddleOfARaidStopsEverything(t *testing.T) {
	e, g := drive(t, homeTable(t, []string{"Light Rum"}, nil, 3), runner.RunRaid, []step{
		{"raid.target", "i1"}, {"raid.deck-top", "light-rum"},
	})
	if !g.Over || g.Winner != runner.PirateSeat {
		t.Fatalf("the pirate should win at 4 points\n%s", events(e))
	}
	if strings.Contains(events(e), "Doug Doubloon acts") {
		t.Error("crew effects ran after the win")
	}
}

func TestCrownDiscardOfRumIsRaided(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.CrownSeat].Hand = []string{"Gold Rum", "Reef"}
		g.AddShip("Longboat", 0, "Doug Doubloon")
		return g
	}
	e, g := drive(t, build, runner.RunDiscardC, []step{{"discard.card", "gold-rum"}})
	if g.Players[runner.PirateSeat].Points() != 1 || g.Ships[0].Coins != 0 {
		t.Errorf("a discarded rum scores 1 for the pirate and no ship gains a coin outside a raid\n%s", events(e))
	}
	for _, en := range e.Log() {
		if en.QuestionID == "discard.card" && !en.Secret {
			t.Error("the crown's discard choice shows its hand and must be secret")
		}
	}
}

func TestCrownDeckNeverReshuffles(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.CrownSeat].Discard = []string{"Reef", "Light Rum"}
		return g
	}
	e, g := drive(t, build, runner.RunDraw(runner.CrownSeat, 2), nil)
	if len(g.Players[runner.CrownSeat].Hand) != 0 || !strings.Contains(events(e), "never reshuffled") {
		t.Errorf("crown draws from an empty deck give nothing\n%s", events(e))
	}
}

func TestPirateReshuffleRemovesFiveThenDraws(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Deck = runner.Deck{Known: []string{"Sloop"}}
		g.Players[runner.PirateSeat].Discard = []string{"Galleon", "Brigantine", "Doug Doubloon", "Peg Leg Paul", "Treasure Map", "Janey McFloyd", "Longboat"}
		return g
	}
	e, g := drive(t, build, runner.RunDraw(runner.PirateSeat, 3), nil)
	p := g.Players[runner.PirateSeat]
	if p.Deck.Boxed != 5 || p.HandSize() != 3 || p.Deck.Size() != 0 || len(p.Discard) != 0 {
		t.Errorf("want 5 removed, 3 drawn\n%s\n%s", events(e), g.Status(runner.PirateSeat, locale.English, 0))
	}
	// Nothing left anywhere: the next draw gives nothing.
	_, g2 := drive(t, func() *runner.Game { return blank(t) }, runner.RunDraw(runner.PirateSeat, 1), nil)
	if len(g2.Players[runner.PirateSeat].Hand) != 0 {
		t.Error("drew from nothing")
	}
	_ = referee.Public
}
