package pirates

import (
	"rumref/referee"
)

// coin resolves the "Coin" intersection: the mover takes 1 coin. Coin
// counts are secret, so only the mover is told the new total.
func (g *Game) coin(t *referee.T, p int) {
	pl := &g.Players[p]
	pl.Coins++
	t.Emit(referee.Event{Rule: "rp.coin", Text: textf(t, "%s takes 1 coin.", pl.Name),
		Private: textf(t, "You now have %s.", plural(pl.Coins, "coin")), Player: referee.Seat(p)})
}
