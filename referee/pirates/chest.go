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
		t.Say("rp.running-out.displays", referee.Text("No face-up treasure chest is left: %s takes none.", referee.Str(pl.Name)))
	} else {
		pl.Won = append(pl.Won, g.Chest)
		t.Say("rp.chest", referee.Text("%s takes the %s.", referee.Str(pl.Name), referee.Str(mustTile(g.Chest).Label)))
		g.Chest = ""
	}
	if g.Scorpion == "" {
		t.Say("rp.running-out.displays", referee.Text("No face-up scorpion chest is left: nobody rolls for it."))
	} else {
		goal := mustTile(g.Scorpion).Goal
		total := 0
		q := p
		for {
			// From goal-1 on any roll stings: rum cannot help then.
			stung := func(int) bool { return total+1 >= goal }
			n := g.roll(t, q, "chest.roll", referee.Sub(referee.Text("Scorpion chest (goal %d, total so far %d)", referee.Int(goal), referee.Int(total))), stung)
			total += n
			if total >= goal {
				break
			}
			t.Say("rp.chest.scorpion", referee.Text("The total is %d, short of the goal %d.", referee.Int(total), referee.Int(goal)))
			q = g.next(q)
		}
		g.Players[q].Won = append(g.Players[q].Won, g.Scorpion)
		t.Say("rp.chest.scorpion", referee.Text("%s brings the total to %d (goal %d), is stung and takes the %s.", referee.Str(g.Players[q].Name), referee.Int(total), referee.Int(goal), referee.Str(mustTile(g.Scorpion).Label)))
		g.Scorpion = ""
	}
	if g.Chest == "" {
		if d := g.draw(t, SortChest, "chest.refill", referee.Table, referee.Text("refill the treasure chest")); d != "" {
			g.Chest = d
			t.Say("rp.chest", referee.Text("The new face-up treasure chest is the %s.", referee.Str(mustTile(d).Label)))
		}
	}
	if g.Scorpion == "" {
		if d := g.draw(t, SortScorpion, "chest.scorpion.refill", referee.Table, referee.Text("refill the scorpion chest")); d != "" {
			g.Scorpion = d
			t.Say("rp.chest", referee.Text("The new face-up scorpion chest is the %s.", referee.Str(mustTile(d).Label)))
		}
	}
}
