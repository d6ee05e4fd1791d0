package runner

import (
	"fmt"

	"rumref/referee"
)

// checkWin ends the game at once when the seat's score pile reaches
// WinPoints (rules 11 and 77, rulings A21).
func (g *Game) checkWin(t *referee.T, seat int) {
	p := g.Players[seat]
	if p.Points() < WinPoints {
		return
	}
	side := "crown"
	if seat == PirateSeat {
		side = "pirate"
	}
	g.finish(t, seat, fmt.Sprintf("%s (the %s) reaches %d points and wins at once.", p.Name, side, p.Points()))
}
