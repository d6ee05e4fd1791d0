package pirates

import (
	"rumref/referee"
)

// coin resolves the "Coin" intersection: the mover takes 1 coin. Coin
// counts are secret, so only the mover is told the new total.
func (g *Game) coin(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	pl.Coins++
	t.Tell("rp.coin", referee.Text("pirates.coin.takes-1-coin", referee.Str(pl.Name)), p, referee.Text("pirates.coins.now", referee.Count(pl.Coins, nCoin)))
}
