package pirates

import (
	"rumref/referee"
)

// recruit resolves the "Pirate" intersection: the mover takes one of their
// own pirates from the unemployment office into supply, if any is left.
func (g *Game) recruit(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	if pl.Office == 0 {
		t.Say("rp.pirate", referee.Text("pirates.recruit.has-pirates-left", referee.Str(pl.Name)))
		return
	}
	pl.Office--
	pl.Supply++
	t.Say("rp.pirate", referee.Text("pirates.recruit.takes-pirate-from", referee.Str(pl.Name), referee.Int(pl.Office)))
}
