package pirates

import (
	"rumref/referee"
)

// rum resolves the "Rum barrel" intersection: the mover takes 2 barrels
// from the pool of 12, or what is left of it.
func (g *Game) rum(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	n := min(2, g.RumPool)
	g.RumPool -= n
	pl.Rum += n
	switch n {
	case 2:
		t.Say("rp.rum", referee.Text("pirates.rum.takes-2-rum", referee.Str(pl.Name), referee.Int(pl.Rum)))
	case 1:
		t.Say("rp.rum", referee.Text("pirates.rum.only-1-rum", referee.Str(pl.Name), referee.Int(pl.Rum)))
	default:
		t.Say("rp.running-out", referee.Text("pirates.rum.rum-pool-empty", referee.Str(pl.Name)))
	}
}

// handBackBarrel is a player giving up one of their rum barrels to the
// tile holder for up to two re-rolls of a roll: it goes back to the pool
// (and may be taken again at a Rum barrel intersection).
func (g *Game) handBackBarrel(p referee.Seat) {
	g.Players[p].Rum--
	g.RumPool++
}
