package runner_test

import (
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// hazardTable puts one face-up hazard with no coins at Bivalve Bay (i3)
// and a party of ships; the pirate has 3 coins and the given hand.
func hazardTable(t *testing.T, hazard string, hand []string, ships ...[]string) func() *runner.Game {
	return func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Supply = 3
		g.Players[runner.PirateSeat].Hand = append([]string{}, hand...)
		g.Players[runner.PirateSeat].Deck = runner.Deck{Known: []string{"Galleon"}}
		for _, s := range ships {
			g.AddShip(s[0], 0, s[1:]...)
		}
		island(g, "Bivalve Bay").Hazards = []*runner.Piece{g.Put(hazard, 0, true)}
		return g
	}
}

func TestEveryHazardOption(t *testing.T) {
	longboat := []string{"Longboat", "Doug Doubloon"}
	cases := []struct {
		name   string
		build  func() *runner.Game
		steps  []step
		check  func(g *runner.Game) string
		stoped bool
	}{
		{"rowdy tavern discards two", hazardTable(t, "Rowdy Tavern", []string{"Sloop", "Galleon"}, longboat),
			[]step{{"raid.target", "i3"}, {"raid.hazard.cost", "o1"}, {"discard.card", "sloop"}},
			func(g *runner.Game) string {
				if len(g.Players[1].Discard) != 2 || len(island(g, "Bivalve Bay").Hazards) != 0 {
					return "want two discards and the tavern trashed"
				}
				return ""
			}, false},
		{"rowdy tavern takes coins", hazardTable(t, "Rowdy Tavern", nil, longboat),
			[]step{{"raid.target", "i3"}},
			func(g *runner.Game) string {
				h := island(g, "Bivalve Bay").Hazards
				if g.Ships[0].Coins != 2 || len(h) != 1 || h[0].Coins != 0 {
					return "want 2 coins on the ship and the tavern surviving with none"
				}
				return ""
			}, false},
		{"port taxes paid", hazardTable(t, "Port Taxes", nil, longboat),
			[]step{{"raid.target", "i3"}, {"raid.hazard.cost", "o1"}},
			func(g *runner.Game) string {
				if g.Players[1].Supply != 0 || g.Players[0].Supply != 0 {
					return "want the pirate to pay 2 of the 2 left"
				}
				return ""
			}, false},
		{"port taxes crown gains", hazardTable(t, "Port Taxes", nil, longboat),
			[]step{{"raid.target", "i3"}, {"raid.hazard.cost", "o2"}},
			func(g *runner.Game) string {
				if g.Players[0].Supply != 3 {
					return "want the crown to gain 3"
				}
				return ""
			}, false},
		{"rough seas trashes the only crew and stops the raid", hazardTable(t, "Rough Seas", nil, longboat),
			[]step{{"raid.target", "i3"}},
			func(g *runner.Game) string {
				if len(g.Ships[0].Crew) != 0 || g.Players[1].Discard[0] != "Doug Doubloon" {
					return "want Doug trashed"
				}
				return ""
			}, true},
		{"privateers beaten by a galleon's two combat icons", hazardTable(t, "Privateers", nil, []string{"Galleon", "Peg Leg Paul"}),
			[]step{{"raid.target", "i3"}, {"raid.hazard.cost", "o1"}, {"effect.choose", "o2"}},
			func(g *runner.Game) string { return "" }, false},
		{"privateers bought off", func() *runner.Game {
			g := hazardTable(t, "Privateers", nil, longboat)()
			g.Players[1].Supply = 5
			return g
		}, []step{{"raid.target", "i3"}, {"raid.hazard.cost", "o2"}},
			func(g *runner.Game) string {
				if g.Players[1].Supply != 0 {
					return "want 4 paid"
				}
				return ""
			}, false},
		{"reef wrecks a ship, crew to hand", hazardTable(t, "Reef", nil, longboat),
			[]step{{"raid.target", "i3"}},
			func(g *runner.Game) string {
				if len(g.Ships) != 0 || strings.Join(g.Players[1].Hand, ",") != "Doug Doubloon" || strings.Join(g.Players[1].Discard, ",") != "Longboat" {
					return "want the Longboat trashed and Doug in hand"
				}
				return ""
			}, true},
		{"reef passed with two navigation icons", hazardTable(t, "Reef", nil, []string{"Sloop", "Cutthroat Carlie"}),
			[]step{{"raid.target", "i3"}, {"raid.hazard.cost", "o1"}},
			func(g *runner.Game) string { return "" }, false},
		{"uncharted waters stops a party short of navigation", hazardTable(t, "Uncharted Waters", nil, []string{"Sloop", "Cutthroat Carlie"}),
			[]step{{"raid.target", "i3"}},
			func(g *runner.Game) string {
				if len(island(g, "Bivalve Bay").Hazards) != 0 || g.Players[0].Discard[0] != "Uncharted Waters" {
					return "want the coinless hazard trashed even though it stopped the raid"
				}
				return ""
			}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, g := drive(t, c.build, runner.RunRaid, c.steps)
			log := events(e)
			if c.stoped != strings.Contains(log, "The raid is stopped.") {
				t.Errorf("stopped = %v, want %v\n%s", !c.stoped, c.stoped, log)
			}
			if msg := c.check(g); msg != "" {
				t.Errorf("%s\n%s\n%s", msg, log, g.Status(runner.CrownSeat, locale.English, 0))
			}
		})
	}
}

// skillTable has Reef (outer) and Uncharted Waters (inner) face-up at
// Bivalve Bay, and one party ship per crew list.
func skillTable(t *testing.T, ships ...[]string) func() *runner.Game {
	return func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Supply = 3
		for _, s := range ships {
			g.AddShip(s[0], 0, s[1:]...)
		}
		bb := island(g, "Bivalve Bay")
		bb.Hazards = []*runner.Piece{g.Put("Uncharted Waters", 1, true), g.Put("Reef", 1, true)}
		return g
	}
}

func TestSkillIconsServeOncePerRaid(t *testing.T) {
	// Five navigation icons: Reef takes two chosen by the pirate, Uncharted
	// Waters the last three.
	five := skillTable(t, []string{"Sloop", "Cutthroat Carlie", "Stinky Pete"}, []string{"Sloop", "Enric Cursemaker"})
	probe := five()
	s1, s2 := probe.Ships[0], probe.Ships[1]
	e, g := drive(t, five, runner.RunRaid, []step{
		{"raid.target", "i3"}, {"raid.party", key(&s1.Piece)}, {"raid.party", key(&s2.Piece)},
		{"raid.hazard.cost", "o1"},
		{"raid.skill", key(s1.Crew[0])}, {"raid.skill", key(s2.Crew[0])},
		{"raid.crew.next", key(s2.Crew[0])},
		{"raid.crew.next", key(s1.Crew[1])}, {"adjust", "done"},
		{"effect.optional", "no"},
	})
	log := events(e)
	if !strings.Contains(log, "is successful") || strings.Count(log, "navigation icon") != 5 {
		t.Errorf("want a successful raid spending five navigation icons\n%s", log)
	}
	if g.Ships[1].Coins != 2 {
		t.Errorf("Enric should add a coin to his ship: %d", g.Ships[1].Coins)
	}
	// Four icons: Reef must still be paid with navigation (the party cannot
	// lose a ship it wants? no: both options are payable), then Uncharted
	// Waters finds only two icons left and stops the raid.
	four := skillTable(t, []string{"Sloop", "Cutthroat Carlie", "Stinky Pete"}, []string{"Longboat", "Enric Cursemaker"})
	probe = four()
	s1, s2 = probe.Ships[0], probe.Ships[1]
	e, _ = drive(t, four, runner.RunRaid, []step{
		{"raid.target", "i3"}, {"raid.party", key(&s1.Piece)}, {"raid.party", key(&s2.Piece)},
		{"raid.hazard.cost", "o1"},
		{"raid.skill", key(&s1.Piece)}, {"raid.skill", key(s1.Crew[0])},
		{"raid.crew.next", key(s2.Crew[0])},
		{"raid.crew.next", key(s1.Crew[1])}, {"adjust", "done"},
		{"effect.optional", "no"},
	})
	log = events(e)
	if !strings.Contains(log, "cannot pay any cost of Uncharted Waters") {
		t.Errorf("want Uncharted Waters to stop the raid\n%s", log)
	}
}

func TestFaceDownHazardsAreSkippedAndRaisedWithCardCoins(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.PirateSeat].Supply = 3
		g.Players[runner.CrownSeat].Supply = 2
		g.AddShip("Longboat", 0, "Doug Doubloon")
		bb := island(g, "Bivalve Bay")
		bb.Hazards = []*runner.Piece{g.Put("Uncharted Waters", 2, false), g.Put("Rowdy Tavern", 0, false)}
		return g
	}
	e, g := drive(t, build, runner.RunRaid, []step{
		{"raid.target", "i3"},
		{"raid.raise", "c4"}, {"raid.raise.extra", "0"},
		{"raid.raise", "c3"}, {"raid.raise.card-coins", "2"}, {"raid.raise.extra", "1"},
	})
	bb := island(g, "Bivalve Bay")
	if g.Players[0].Supply != 0 || len(bb.Hazards) != 2 || bb.Hazards[0].Coins != 0 || !bb.Hazards[0].Up || g.Ships[0].Coins != 2 {
		t.Errorf("want Uncharted Waters raised with 2 card coins + 1 supply, then 1 extra coin, spent by the encounter\n%s\n%s", events(e), g.Status(0, locale.English, 0))
	}
	if !strings.Contains(events(e), "cannot pay any cost of Uncharted Waters") {
		t.Errorf("Uncharted Waters should stop the raid\n%s", events(e))
	}
	_ = referee.Public
}
