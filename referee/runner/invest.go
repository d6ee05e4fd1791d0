package runner

import (
	"rumref/referee"
)

// invest pays coins from supply, one onto each of that many different
// crown cards in play (rule 33, rulings A25).
func (g *Game) invest(t *referee.T) {
	cr := g.crown()
	var chosen []*Piece
	for cr.Supply > 0 {
		var left []*Piece
		for _, x := range g.crownPieces() {
			if !containsPiece(chosen, x) {
				left = append(left, x)
			}
		}
		if len(left) == 0 {
			return
		}
		var done referee.Msg
		if len(chosen) > 0 {
			done = referee.Text("runner.no-more")
		}
		x := g.choosePiece(t, "invest.card", CrownSeat, referee.Text("runner.invest.ask", referee.Str(cr.Name), referee.Count(cr.Supply, "runner.noun.coin")), "rr.invest", left, done)
		if x == nil {
			return
		}
		chosen = append(chosen, x)
		cr.Supply--
		x.Coins++
		t.Say("rr.invest", referee.Text("runner.invest.done", referee.Sub(g.labelMsg(x))))
	}
}

func containsPiece(l []*Piece, p *Piece) bool {
	for _, x := range l {
		if x == p {
			return true
		}
	}
	return false
}
