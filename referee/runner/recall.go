package runner

import (
	"rumref/referee"
)

// recall takes one crown card in play back to hand with its coins (rule 32).
func (g *Game) recall(t *referee.T) {
	cr := g.crown()
	x := g.choosePiece(t, "recall.card", CrownSeat, referee.Text("runner.recall.ask", referee.Str(cr.Name)), "rr.recall", g.crownPieces(), referee.Msg{})
	desc := g.labelMsg(x)
	coins := x.Coins
	g.takeOff(x)
	cr.Supply += coins
	cr.Hand = append(cr.Hand, x.Name)
	t.Tell("rr.recall", referee.Text("runner.recall.done", referee.Sub(desc), referee.Count(coins, "runner.noun.coin")), CrownSeat, referee.Text("runner.it-is", referee.Str(x.Name)))
}
