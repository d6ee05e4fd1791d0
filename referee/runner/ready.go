package runner

import (
	"fmt"

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
	t.Emit(referee.Event{Rule: "rr.ready", Text: fmt.Sprintf("Ready ships: %s with coins each lose one.", plural(n, "ship", "ships"))})
}
