package runner

import (
	"rumref/referee"
)

// readyShipsStep is the pirate's start of turn: every ship in play loses one
// coin (rule 25). When no ship holds a coin there is nothing to do, and
// nothing is said.
func (g *Game) readyShipsStep(t *referee.T) {
	n := 0
	for _, s := range g.Ships {
		if s.Coins > 0 {
			s.Coins--
			n++
		}
	}
	switch {
	case n == 1:
		t.Say("rr.ready", referee.Text("runner.ready.one"))
	case n > 1:
		t.Say("rr.ready", referee.Text("runner.ready.many", referee.Int(n)))
	}
}
