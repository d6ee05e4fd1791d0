package pirates

import (
	"rumref/referee"
)

// chest resolves the "Treasure chest" intersection: the mover takes the
// face-up plain chest; then every player, boarded or not, rolls in turn
// from the mover clockwise, adding to a running total, and the roll that
// brings it to the scorpion chest's goal or above takes that tile. Both
// displays are refilled.
func (g *Game) chest(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	if g.Chest == "" {
		t.Say("rp.running-out.displays", referee.Text("pirates.chest.face-up-treasure", referee.Str(pl.Name)))
	} else {
		pl.Won = append(pl.Won, g.Chest)
		t.Say("rp.chest", referee.Text("pirates.chest.takes", referee.Str(pl.Name), theTile(g.Chest)))
		g.Chest = ""
	}
	if g.Scorpion == "" {
		t.Say("rp.running-out.displays", referee.Text("pirates.chest.face-up-scorpion"))
	} else {
		goal := mustTile(g.Scorpion).Goal
		total := 0
		q := p
		for {
			// From goal-1 on any roll stings: rum cannot help then.
			stung := func(int) bool { return total+1 >= goal }
			n := g.roll(t, q, "chest.roll", referee.Sub(referee.Text("pirates.chest.scorpion-chest-goal", referee.Int(goal), referee.Int(total))), stung)
			total += n
			if total >= goal {
				break
			}
			t.Say("rp.chest.scorpion", referee.Text("pirates.chest.total-short-goal", referee.Int(total), referee.Int(goal)))
			q = g.next(q)
		}
		g.Players[q].Won = append(g.Players[q].Won, g.Scorpion)
		t.Say("rp.chest.scorpion", referee.Text("pirates.chest.brings-total-goal", referee.Str(g.Players[q].Name), referee.Int(total), referee.Int(goal), theTile(g.Scorpion)))
		g.Scorpion = ""
	}
	if g.Chest == "" {
		if d := g.draw(t, SortChest, "chest.refill", referee.Table, referee.Text("pirates.chest.refill-treasure-chest")); d != "" {
			g.Chest = d
			t.Say("rp.chest", referee.Text("pirates.chest.new-face-up", theTile(d)))
		}
	}
	if g.Scorpion == "" {
		if d := g.draw(t, SortScorpion, "chest.scorpion.refill", referee.Table, referee.Text("pirates.chest.refill-scorpion-chest")); d != "" {
			g.Scorpion = d
			t.Say("rp.chest", referee.Text("pirates.chest.new-face-up-2", theTile(d)))
		}
	}
}
