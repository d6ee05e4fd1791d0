package pirates

import (
	"fmt"

	"rumref/referee"
)

// coin resolves the "Coin" intersection: the mover takes 1 coin. Coin
// counts are secret, so only the mover is told the new total.
func (g *Game) coin(t *referee.T, p int) {
	pl := &g.Players[p]
	pl.Coins++
	t.Emit(referee.Event{Rule: "rp.coin", Text: fmt.Sprintf("%s takes 1 coin.", pl.Name),
		Private: fmt.Sprintf("You now have %s.", plural(pl.Coins, "coin")), Player: p})
}
