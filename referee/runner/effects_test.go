package runner_test

import (
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

func TestRevealGoldRumScoresAndShufflesTheHand(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.CrownSeat].Hand = []string{"Reef", "Privateers"}
		g.Players[runner.CrownSeat].Deck = runner.Deck{Unknown: 3}
		island(g, "Bivalve Bay").Card = g.Put("Gold Rum", 3, false)
		island(g, "Privateer Point").Card = g.Put("Light Rum", 1, false) // not funded
		return g
	}
	e, g := drive(t, build, runner.RunReveal, []step{{"reveal.pick", "c1"}, {"effect.optional", "yes"}, {"reveal.pick", "done"}})
	cr := g.Players[runner.CrownSeat]
	if cr.Points() != 2 || len(cr.Hand) != 0 || cr.Deck.Size() != 5 || island(g, "Bivalve Bay").Card != nil {
		t.Errorf("want Gold Rum scored for 2 and the hand shuffled in\n%s", events(e))
	}
}

func TestRevealingTheFourthPointWinsForTheCrown(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.CrownSeat].Score = []runner.Scored{{Name: "Light Rum", Points: 1}}
		island(g, "Bivalve Bay").Card = g.Put("Aged Rum", 4, false)
		return g
	}
	_, g := drive(t, build, runner.RunReveal, []step{{"reveal.pick", "c1"}})
	if !g.Over || g.Winner != runner.CrownSeat {
		t.Error("the crown should win at 4 points")
	}
}

func TestCashCropStandingEffectAndRaid(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		island(g, "Bivalve Bay").Card = g.Put("Cash Crop", 1, true)
		island(g, "Privateer Point").Hazards = []*runner.Piece{g.Put("Reef", 0, false)}
		return g
	}
	_, g := drive(t, build, runner.RunTurnEnd, []step{{"effect.coin-own", "c2"}})
	if island(g, "Privateer Point").Hazards[0].Coins != 1 {
		t.Error("Cash Crop should put a coin on the Reef")
	}
	raid := func(supply int) func() *runner.Game {
		return func() *runner.Game {
			g := blank(t)
			g.Players[runner.PirateSeat].Supply = supply
			g.AddShip("Longboat", 0, "Peg Leg Paul")
			island(g, "Bivalve Bay").Card = g.Put("Cash Crop", 2, false)
			return g
		}
	}
	_, g = drive(t, raid(3), runner.RunRaid, []step{{"raid.target", "i3"}, {"effect.pay-to-trash", "yes"}, {"effect.choose", "o2"}})
	if island(g, "Bivalve Bay").Card != nil || g.Players[1].Supply != 0 || g.Players[0].Discard[0] != "Cash Crop" {
		t.Errorf("paying 2 trashes the Cash Crop\n%s", g.Status(0, locale.English, 0))
	}
	_, g = drive(t, raid(2), runner.RunRaid, []step{{"raid.target", "i3"}, {"effect.choose", "o1"}})
	c := island(g, "Bivalve Bay").Card
	if c == nil || !c.Up || c.Coins != 2 {
		t.Errorf("an unpaid Cash Crop stays face-up with its coins\n%s", g.Status(0, locale.English, 0))
	}
	if g.Players[1].Supply != 4 || g.Ships[0].Coins != 2 {
		t.Errorf("Peg Leg Paul: +1 on his ship for 3 coins; got supply %d ship %d", g.Players[1].Supply, g.Ships[0].Coins)
	}
}

func TestRoyalDecreeAndInvest(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.CrownSeat].Hand = []string{"Royal Decree"}
		g.Players[runner.CrownSeat].Supply = 1
		is := island(g, "Bivalve Bay")
		is.Card = g.Put("Light Rum", 0, false)
		is.Hazards = []*runner.Piece{g.Put("Reef", 0, false), g.Put("Privateers", 0, true)}
		return g
	}
	e, g := drive(t, build, runner.RunAction, []step{
		{"action", "event"}, {"event.card", "royal-decree"}, {"effect.coin-own", "c1"}, {"effect.coin-own", "c3"}, {"effect.coin-own", "done"},
	})
	is := island(g, "Bivalve Bay")
	if is.Card.Coins != 1 || is.Hazards[1].Coins != 1 || is.Hazards[0].Coins != 0 || g.Players[0].Discard[0] != "Royal Decree" {
		t.Errorf("Royal Decree: one coin each on two chosen cards\n%s", events(e))
	}
	_, g = drive(t, build, runner.RunAction, []step{{"action", "invest"}, {"invest.card", "c2"}})
	if island(g, "Bivalve Bay").Hazards[0].Coins != 1 || g.Players[0].Supply != 0 {
		t.Error("invest puts one coin from supply on the chosen card")
	}
}

func TestTreasureMapRaidsAndRewardsSuccess(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Hand = []string{"Treasure Map"}
		g.AddShip("Longboat", 0, "Enric Cursemaker")
		g.AddShip("Sloop", 1, "Doug Doubloon")
		island(g, "Privateer Point").Card = g.Put("Light Rum", 0, false)
		island(g, "Privateer Point").Hazards = []*runner.Piece{g.Put("Port Taxes", 0, false)}
		g.Active = runner.PirateSeat
		return g
	}
	probe := build()
	e, g := drive(t, build, runner.RunAction, []step{
		{"action", "event"}, {"event.card", "treasure-map"}, {"raid.target", "i2"}, {"raid.raise", "done"},
		{"effect.peek", key(island(probe, "Privateer Point").Hazards[0])},
	})
	pr := g.Players[runner.PirateSeat]
	if pr.Points() != 1 || pr.Supply != 2 || g.Ships[0].Coins != 4 || len(g.Ships[1].Crew) != 1 {
		t.Errorf("Treasure Map: +2 fee, +1 rum, +1 Enric; gain 2 after\n%s\n%s", events(e), g.Status(1, locale.English, 0))
	}
	v := g.View(runner.PirateSeat, locale.English).(runner.View)
	if len(v.Peeked) != 1 || !strings.Contains(v.Peeked[0], "Port Taxes") {
		t.Errorf("the pirate should see what was peeked: %v", v.Peeked)
	}
	if pv := g.View(referee.Public, locale.English).(runner.View); len(pv.Peeked) != 0 || strings.Contains(g.Status(referee.Public, locale.English, 0), "Port Taxes") {
		t.Error("the peek leaked to the public view")
	}
}

func TestJaneyTakesACoinForADiscard(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Supply = 1
		g.Players[runner.PirateSeat].Hand = []string{"Sloop"}
		g.Players[runner.CrownSeat].Supply = 2
		g.AddShip("Longboat", 0, "Janey McFloyd")
		return g
	}
	_, g := drive(t, build, runner.RunRaid, []step{{"raid.target", "i3"}, {"effect.choose", "o1"}})
	if g.Players[1].Supply != 1 || g.Players[0].Supply != 1 || g.Players[1].Discard[0] != "Sloop" {
		t.Errorf("Janey: discard Sloop, take 1\n%s", g.Status(1, locale.English, 0))
	}
}

func TestLetterOfMarqueAndPoisonedRum(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.CrownSeat].Discard = []string{"Reef"}
		island(g, "Bivalve Bay").Card = g.Put("Letter of Marque", 4, false)
		island(g, "Privateer Point").Card = g.Put("Poisoned Rum", 2, false)
		g.AddShip("Longboat", 0, "Doug Doubloon")
		g.AddShip("Sloop", 0)
		return g
	}
	_, g := drive(t, build, runner.RunReveal, []step{
		{"reveal.pick", "c1"}, {"effect.trash-ship", "c3"},
		{"reveal.pick", "c2"},
	})
	if len(g.Ships) != 1 || g.Ships[0].Name != "Sloop" || strings.Join(g.Players[1].Discard, ",") != "Doug Doubloon,Longboat" {
		t.Errorf("Letter of Marque trashes the Longboat with its crew\n%s", g.Status(0, locale.English, 0))
	}
	if strings.Join(g.Players[0].Hand, ",") != "Reef" {
		t.Errorf("Poisoned Rum returns the Reef to hand\n%s", g.Status(0, locale.English, 0))
	}
	// Raided Poisoned Rum costs the party a crew.
	raid := func() *runner.Game {
		g := blank(t)
		g.AddShip("Sloop", 0, "Doug Doubloon", "Peg Leg Paul")
		g.Players[1].Supply = 1
		island(g, "Bivalve Bay").Card = g.Put("Poisoned Rum", 0, false)
		return g
	}
	_, g = drive(t, raid, runner.RunRaid, []step{{"raid.target", "i3"}, {"effect.trash-crew", "c2"}, {"effect.choose", "o2"}})
	if len(g.Ships[0].Crew) != 1 || g.Players[0].Discard[0] != "Poisoned Rum" {
		t.Errorf("raided Poisoned Rum trashes a crew and is trashed\n%s", g.Status(0, locale.English, 0))
	}
}

func TestLighthouseMovesAHazard(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		island(g, "Bivalve Bay").Card = g.Put("Lighthouse", 2, true)
		island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put("Reef", 1, false)}
		island(g, "Home Port").Hazards = []*runner.Piece{g.Put("Privateers", 0, true)}
		return g
	}
	_, g := drive(t, build, runner.RunTurnEnd, []step{{"effect.choose", "o1"}, {"effect.move-hazard", "c2"}, {"effect.move-hazard.to", "i1"}})
	hp := island(g, "Home Port").Hazards
	if len(hp) != 2 || hp[1].Name != "Reef" || hp[1].Coins != 1 || len(island(g, "Bivalve Bay").Hazards) != 0 {
		t.Errorf("the Reef should move outermost at Home Port with its coin\n%s", g.Status(0, locale.English, 0))
	}
}

func TestStinkyPeteHandsTheTextToThePlayers(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[1].Supply = 1
		g.AddShip("Longboat", 0, "Stinky Pete")
		island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put("Reef", 2, false)}
		return g
	}
	e, g := drive(t, build, runner.RunRaid, []step{{"raid.target", "i3"}, {"raid.raise", "done"},
		{"adjust", "remove-hazard-coin"}, {"adjust", "done"}})
	if island(g, "Bivalve Bay").Hazards[0].Coins != 1 || !strings.Contains(events(e), "Adjustment: 1 coin removed") {
		t.Errorf("the adjustment should be applied and logged\n%s", events(e))
	}
}

// TestStinkyPeteOffersOnlyWhatHisTextCanDo checks that his adjustment menu
// holds his three provisional steps, each once, and none of the general
// ones (coins from the bank, a forced crown discard).
func TestStinkyPeteOffersOnlyWhatHisTextCanDo(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[1].Supply = 1
		g.Players[0].Hand = []string{"Light Rum"}
		g.AddShip("Longboat", 0, "Stinky Pete")
		island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put("Reef", 2, false)}
		return g
	}
	var menus [][]referee.Option
	var texts []string
	e, _ := driveWatch(t, build, runner.RunRaid, []step{{"raid.target", "i3"}, {"raid.raise", "done"},
		{"adjust", "remove-hazard-coin"}, {"adjust", "trash-self"}, {"adjust", "done"}}, func(q *referee.Question) {
		if q.ID == "adjust" {
			menus = append(menus, q.Options)
			texts = append(texts, q.Text)
		}
	})
	keys := func(o []referee.Option) string {
		var k []string
		for _, x := range o {
			k = append(k, x.Key)
		}
		return strings.Join(k, " ")
	}
	want := []string{"done trash-self trash-face-down remove-hazard-coin", "done trash-self trash-face-down", "done trash-face-down"}
	for i, m := range menus {
		if got := keys(m); got != want[i] {
			t.Errorf("menu %d: %s, want %s", i+1, got, want[i])
		}
	}
	if !strings.Contains(texts[0], "provisional") || !strings.Contains(texts[0], "Stinky Pete says:") {
		t.Errorf("the menu should give his text and say it is provisional: %q", texts[0])
	}
	if !strings.Contains(events(e), "Stinky Pete on Longboat") || !strings.Contains(events(e), "trashed to the pirate discard pile") {
		t.Errorf("he should be trashed\n%s", events(e))
	}
}
