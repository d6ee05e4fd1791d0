package pirates

import (
	"rumref/referee"
)

// chest resolves the "Treasure chest" intersection: the mover takes the
// face-up plain chest; then every player, boarded or not, rolls in turn
// from the mover clockwise, adding to a running total, and the roll that
// brings it to the scorpion chest's goal or above takes that tile. Both
// displays are refilled.
func (g *Game) chest(t *referee.T, p int) {
	pl := &g.Players[p]
	if g.Chest == "" {
		t.Emit(referee.Event{Rule: "rp.running-out.displays", Text: textf(t, "No face-up treasure chest is left: %s takes none.", pl.Name)})
	} else {
		pl.Won = append(pl.Won, g.Chest)
		t.Emit(referee.Event{Rule: "rp.chest", Text: textf(t, "%s takes the %s.", pl.Name, mustTile(g.Chest).Label)})
		g.Chest = ""
	}
	if g.Scorpion == "" {
		t.Emit(referee.Event{Rule: "rp.running-out.displays", Text: "No face-up scorpion chest is left: nobody rolls for it."})
	} else {
		goal := mustTile(g.Scorpion).Goal
		total := 0
		q := p
		for {
			n := g.roll(t, q, "chest.roll", textf(t, "Scorpion chest (goal %d, total so far %d)", goal, total))
			total += n
			if total >= goal {
				break
			}
			t.Emit(referee.Event{Rule: "rp.chest.scorpion", Text: textf(t, "The total is %d, short of the goal %d.", total, goal)})
			q = g.next(q)
		}
		g.Players[q].Won = append(g.Players[q].Won, g.Scorpion)
		t.Emit(referee.Event{Rule: "rp.chest.scorpion", Text: textf(t, "%s brings the total to %d (goal %d), is stung and takes the %s.",
			g.Players[q].Name, total, goal, mustTile(g.Scorpion).Label)})
		g.Scorpion = ""
	}
	if g.Chest == "" {
		if d := g.draw(t, SortChest, "chest.refill", int(referee.Table), false, "refill the treasure chest"); d != "" {
			g.Chest = d
			t.Emit(referee.Event{Rule: "rp.chest", Text: textf(t, "The new face-up treasure chest is the %s.", mustTile(d).Label)})
		}
	}
	if g.Scorpion == "" {
		if d := g.draw(t, SortScorpion, "chest.scorpion.refill", int(referee.Table), false, "refill the scorpion chest"); d != "" {
			g.Scorpion = d
			t.Emit(referee.Event{Rule: "rp.chest", Text: textf(t, "The new face-up scorpion chest is the %s.", mustTile(d).Label)})
		}
	}
}
