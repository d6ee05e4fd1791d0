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

// rumLeft reports whether any rum may still be scored: in the crown's hand
// or deck, on an island, or being raided; an unknown deck card counts when
// a rum of unknown count (or typed in during play) exists.
func (g *Game) rumLeft() bool {
	cr := g.crown()
	isRum := func(n string) bool { c := g.card(n); return c != nil && c.Points > 0 }
	for _, l := range [][]string{cr.Hand, cr.Deck.Known, g.Revealed} {
		for _, n := range l {
			if isRum(n) {
				return true
			}
		}
	}
	for _, is := range g.Islands {
		if is.Card != nil && isRum(is.Card.Name) {
			return true
		}
	}
	if cr.Deck.Unknown > 0 {
		for i := range g.cards {
			if g.cards[i].Points > 0 && g.cards[i].Copies == 0 {
				return true
			}
		}
	}
	return false
}

// checkDeadlock ends the game in a draw when no rum is left to score and
// nobody has won (rulings A20); it reports whether it did.
func (g *Game) checkDeadlock(t *referee.T) bool {
	if !g.rumLeft() {
		g.finishAs(t, Draw, "rr.stalemate", "No rum is left to fund or raid and nobody has 4 points: the game is a draw.")
		return true
	}
	return false
}
