package runner

import (
	"rumref/referee"
)

// readyShipsStep is the pirate's start of turn: every ship in play loses one
// coin (rule 25).
func (g *Game) readyShipsStep(t *referee.T) {
	n := 0
	for _, s := range g.Ships {
		if s.Coins > 0 {
			s.Coins--
			n++
		}
	}
	t.Say("rr.ready", referee.Text("Ready ships: %s with coins each lose one.", referee.Count(n, "ship")))
}
