package pirates

import (
	"rumref/referee"
)

// recruit resolves the "Pirate" intersection: the mover takes one of their
// own pirates from the unemployment office into supply, if any is left.
func (g *Game) recruit(t *referee.T, p int) {
	pl := &g.Players[p]
	if pl.Office == 0 {
		t.Emit(referee.Event{Rule: "rp.pirate", Text: textf(t, "%s has no pirates left in the unemployment office: nothing happens.", pl.Name)})
		return
	}
	pl.Office--
	pl.Supply++
	t.Emit(referee.Event{Rule: "rp.pirate", Text: textf(t, "%s takes a pirate from the unemployment office into supply (%d left there).", pl.Name, pl.Office)})
}
