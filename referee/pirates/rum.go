package pirates

import (
	"rumref/referee"
)

// rum resolves the "Rum barrel" intersection: the mover takes 2 barrels
// from the pool of 12, or what is left of it.
func (g *Game) rum(t *referee.T, p int) {
	pl := &g.Players[p]
	n := min(2, g.RumPool)
	g.RumPool -= n
	pl.Rum += n
	switch n {
	case 2:
		t.Emit(referee.Event{Rule: "rp.rum", Text: textf(t, "%s takes 2 rum barrels (now %d).", pl.Name, pl.Rum)})
	case 1:
		t.Emit(referee.Event{Rule: "rp.rum", Text: textf(t, "Only 1 rum barrel is left in the pool: %s takes it (now %d).", pl.Name, pl.Rum)})
	default:
		t.Emit(referee.Event{Rule: "rp.running-out", Text: textf(t, "The rum pool is empty: %s gets no barrels.", pl.Name)})
	}
}
