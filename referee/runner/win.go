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

// checkDeadlock ends the game in a draw when no rum is left to score,
// nobody has won and the table agrees (rulings A20); it reports whether it
// did. The table is asked to agree a draw or play on when no rum is first
// found left and then at the start of each crown turn, so a table that
// plays on can still stop with a draw.
func (g *Game) checkDeadlock(t *referee.T) bool {
	if g.rumLeft() {
		return false
	}
	if g.playingOn && g.Active != CrownSeat {
		return false
	}
	k := t.Ask(referee.Question{ID: "stalemate.draw", Actor: referee.Table, Rule: "rr.stalemate",
		Prompt:  referee.Text("No rum is left to fund or raid as far as rumref can tell, and nobody has %d points, so nobody can win. Agree a draw, or play on?", referee.Int(WinPoints)),
		Options: []referee.Option{{Key: "draw", Label: "agree a draw"}, {Key: "play", Label: "play on"}}})
	if k == "draw" {
		g.finishAs(t, Draw, "rr.stalemate", "No rum is left to fund or raid and nobody has 4 points: the players agree a draw.")
		return true
	}
	if !g.playingOn {
		t.Say("rr.stalemate", referee.Text("The players play on; rumref asks again at the start of each crown turn."))
	}
	g.playingOn = true
	return false
}
