package runner

import (
	"fmt"

	"rumref/referee"
)

// recall takes one crown card in play back to hand with its coins (rule 32).
func (g *Game) recall(t *referee.T) {
	cr := g.crown()
	x := g.choosePiece(t, "recall.card", CrownSeat, cr.Name+", which of your cards do you take back to hand?", "rr.recall", g.crownPieces(), "")
	desc := g.label(x)
	g.identify(t, x, "you take the "+desc+" back to hand")
	coins := x.Coins
	g.takeOff(x)
	cr.Supply += coins
	cr.Hand = append(cr.Hand, x.Name)
	t.Emit(referee.Event{Rule: "rr.recall", Text: fmt.Sprintf("The crown takes the %s back to hand and its %s into supply.", desc, plural(coins, "coin", "coins")),
		Private: "It is " + x.Name + ".", Player: CrownSeat})
}
