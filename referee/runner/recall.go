package runner

import (
	"rumref/referee"
)

// recall takes one crown card in play back to hand with its coins (rule 32).
func (g *Game) recall(t *referee.T) {
	cr := g.crown()
	x := g.choosePiece(t, "recall.card", CrownSeat, referee.Text("%s, which of your cards do you take back to hand?", referee.Str(cr.Name)), "rr.recall", g.crownPieces(), "")
	desc := g.label(x)
	coins := x.Coins
	g.takeOff(x)
	cr.Supply += coins
	cr.Hand = append(cr.Hand, x.Name)
	t.Tell("rr.recall", referee.Text("The crown takes the %s back to hand and its %s into supply.", referee.Str(desc), referee.Count(coins, "coin")), CrownSeat, referee.Text("It is %s.", referee.Str(x.Name)))
}
