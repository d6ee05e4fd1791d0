package pirates

import (
	"rumref/referee"
)

// recruit resolves the "Pirate" intersection: the mover takes one of their
// own pirates from the unemployment office into supply, if any is left.
func (g *Game) recruit(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	if pl.Office == 0 {
		t.Say("rp.pirate", referee.Text("%s has no pirates left in the unemployment office: nothing happens.", referee.Str(pl.Name)))
		return
	}
	pl.Office--
	pl.Supply++
	t.Say("rp.pirate", referee.Text("%s takes a pirate from the unemployment office into supply (%d left there).", referee.Str(pl.Name), referee.Int(pl.Office)))
}
