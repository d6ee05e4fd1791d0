package runner

import (
	"rumref/referee"
)

// checkWin ends the game at once when the seat's score pile reaches
// WinPoints (rules 11 and 77, rulings A21).
func (g *Game) checkWin(t *referee.T, seat int) {
	p := g.Players[seat]
	if p.Points() < WinPoints {
		return
	}
	key := "runner.win.crown"
	if seat == PirateSeat {
		key = "runner.win.pirate"
	}
	g.finishAs(t, seat, "rr.win", referee.Text(key, referee.Str(p.Name), referee.Int(p.Points())))
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
	c := referee.Choose[referee.Key](t)
	c.Add("draw", referee.Text("runner.stalemate.draw"))
	c.Add("play", referee.Text("runner.stalemate.play"))
	k := c.Pick(t, referee.Question{ID: "stalemate.draw", Actor: referee.Table, Rule: "rr.stalemate",
		Prompt: referee.Text("runner.stalemate.ask", referee.Int(WinPoints))})
	if k == "draw" {
		g.finishAs(t, Draw, "rr.stalemate", referee.Text("runner.stalemate.agreed", referee.Int(WinPoints)))
		return true
	}
	if !g.playingOn {
		t.Say("rr.stalemate", referee.Text("runner.stalemate.on"))
	}
	g.playingOn = true
	return false
}
