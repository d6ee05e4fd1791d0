package runner_test

import (
	"fmt"
	"strings"
	"testing"

	"rumref/internal/golden"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// step is one expected question and the answer to give.
type step struct{ id, answer string }

func key(p *runner.Piece) string { return fmt.Sprintf("c%d", p.ID) }

// drive builds a table, runs one procedure over the engine and answers the
// expected questions in order; it fails on any other question.
func drive(t *testing.T, build func() *runner.Game, run func(*runner.Game, *referee.T), steps []step) (*referee.Engine, *runner.Game) {
	t.Helper()
	return driveWatch(t, build, run, steps, nil)
}

// driveWatch is drive, showing each question to watch before it is answered.
func driveWatch(t *testing.T, build func() *runner.Game, run func(*runner.Game, *referee.T), steps []step,
	watch func(*referee.Question)) (*referee.Engine, *runner.Game) {
	t.Helper()
	var g *runner.Game
	f := func() referee.Game {
		g = build()
		return &runner.Scenario{G: g, Run: run}
	}
	e, err := referee.Start(f)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range steps {
		q := e.Next()
		if q == nil {
			t.Fatalf("step %d: want question %s, the procedure ended\n%s", i+1, s.id, events(e))
		}
		if q.ID != s.id {
			t.Fatalf("step %d: want question %s, got %s (%s)\n%s", i+1, s.id, q.ID, q.Text, events(e))
		}
		if watch != nil {
			watch(q)
		}
		if err := e.Answer(s.answer); err != nil {
			t.Fatalf("step %d (%s): %v\noptions %v\n%s", i+1, s.id, err, q.Options, events(e))
		}
	}
	if q := e.Next(); q != nil {
		t.Fatalf("procedure still asks %s (%s) %v\n%s", q.ID, q.Text, q.Options, events(e))
	}
	g = e.Game().(*runner.Scenario).G
	return e, g
}

// events is the log of an engine, one event or answer a line: the text
// the events say, without the catalog check's marks
// (RUMREF_LOCALE_CHECK=1), which the tests' expected texts do not hold.
func events(e *referee.Engine) string {
	var b strings.Builder
	for _, en := range e.Log() {
		if en.Event != nil {
			fmt.Fprintf(&b, "  [%s] %s\n", en.Event.Rule, en.Event.For(referee.Public))
		} else {
			fmt.Fprintf(&b, "%s -> %s\n", en.QuestionID, en.Label)
		}
	}
	return locale.Unmark(b.String())
}

func blank(t *testing.T) *runner.Game {
	return runner.Blank(runner.Config{Crown: "Ann", Pirate: "Bo", Cards: catalog(t), Edition: runner.Edition})
}

func island(g *runner.Game, name string) *runner.IslandPlace {
	for _, is := range g.Islands {
		if is.Name == name {
			return is
		}
	}
	panic("no island " + name)
}

// exampleTable is the state before the worked raid of reference §1.12.
func exampleTable(t *testing.T) *runner.Game {
	g := blank(t)
	g.Players[runner.PirateSeat].Supply = 5
	g.Players[runner.CrownSeat].Supply = 3
	g.Players[runner.PirateSeat].Deck = runner.Deck{Known: []string{"Galleon"}}
	g.AddShip("Longboat", 0, "Peg Leg Paul")
	g.AddShip("Sloop", 0, "Cutthroat Carlie", "Doug Doubloon")
	g.AddShip("Brigantine", 1, "Enric Cursemaker")
	pp := island(g, "Privateer Point")
	pp.Hazards = []*runner.Piece{g.Put("Port Taxes", 0, true), g.Put("Reef", 0, false), g.Put("Privateers", 0, false)}
	pp.Card = g.Put("Light Rum", 2, false)
	return g
}

func TestGoldenWorkedRaidExample(t *testing.T) {
	probe := exampleTable(t)
	long, sloop, brig := probe.Ships[0], probe.Ships[1], probe.Ships[2]
	peg, carlie, doug := long.Crew[0], sloop.Crew[0], sloop.Crew[1]
	privateers := island(probe, "Privateer Point").Hazards[2]
	e, g := drive(t, func() *runner.Game { return exampleTable(t) }, runner.RunRaid, []step{
		{"raid.target", "i2"},
		{"raid.party", key(&long.Piece)},
		{"raid.party", key(&sloop.Piece)},
		{"raid.raise", key(privateers)},
		{"raid.raise.extra", "2"},
		{"raid.raise", "done"}, // with no coins left the Reef cannot be raised, but the crown is still asked
		{"effect.trash-crew", key(peg)},
		{"raid.hazard.cost", "o1"}, // Port Taxes: pay 2
		{"raid.crew.next", key(doug)},
		{"effect.optional", "yes"},
		{"effect.move-coin.from", key(&brig.Piece)},
		{"effect.move-coin.to", key(&long.Piece)},
	})
	_ = carlie
	pr, cr := g.Players[runner.PirateSeat], g.Players[runner.CrownSeat]
	pp := island(g, "Privateer Point")
	checks := []struct {
		what      string
		got, want any
	}{
		{"pirate supply", pr.Supply, 1},
		{"crown supply", cr.Supply, 0},
		{"pirate points", pr.Points(), 1},
		{"Sloop coins", g.Ships[1].Coins, 2},
		{"Longboat coins", g.Ships[0].Coins, 2},
		{"Brigantine coins", g.Ships[2].Coins, 0},
		{"Longboat crew", len(g.Ships[0].Crew), 0},
		{"pirate discard", strings.Join(pr.Discard, ","), "Peg Leg Paul"},
		{"pirate hand", pr.HandSize(), 1}, // the card drawn, held unnamed
		{"crown discard", strings.Join(cr.Discard, ","), "Port Taxes"},
		{"island card", pp.Card == nil, true},
		{"hazards left", len(pp.Hazards), 2},
		{"Reef still face-down", pp.Hazards[0].Name == "Reef" && !pp.Hazards[0].Up, true},
		{"Privateers coins", pp.Hazards[1].Coins, 1},
		{"Privateers face-up", pp.Hazards[1].Up, true},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.what, c.got, c.want)
		}
	}
	golden.Check(t, "testdata/raid_example.golden", events(e)+"\n"+g.Status(referee.Public, locale.English, 0))
}
