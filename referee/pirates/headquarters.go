package pirates

import (
	"rumref/referee"
)

// headquarters resolves the "Headquarters" intersection: the mover takes
// back all their pirates from one alley of any kind (even the one just
// used), or from two dark alleys. They return to supply at once and the
// alleys are empty again.
func (g *Game) headquarters(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	var own []alley
	for id, occ := range g.Occupant {
		if referee.Seat(occ) == p {
			own = append(own, alley(id))
		}
	}
	if len(own) == 0 {
		t.Say("rp.hq", referee.Text("%s has no pirates in any alley: nothing to take back.", referee.Str(pl.Name)))
		return
	}
	c := referee.Choose[alley](t)
	c.AddText(noAlley, "Take nothing back")
	for _, id := range own {
		c.Add(id, g.alleyLabel(id))
	}
	first := c.Pick(t, referee.Question{ID: "hq.alley", Actor: p, Rule: "rp.hq",
		Prompt: referee.Text("%s is at the headquarters: take back your pirates from which alley? (After a dark alley you may add a second one.)", referee.Str(pl.Name))})
	if first == noAlley {
		t.Say("rp.hq", referee.Text("%s takes no pirates back.", referee.Str(pl.Name)))
		return
	}
	taken := []alley{first}
	if g.Board.Alleys[first].Dark {
		second := referee.Choose[alley](t)
		second.AddText(noAlley, "Only the one dark alley")
		for _, id := range own {
			if id != first && g.Board.Alleys[id].Dark {
				second.Add(id, g.alleyLabel(id))
			}
		}
		if second.Len() > 1 {
			if b := second.Pick(t, referee.Question{ID: "hq.second", Actor: p, Rule: "rp.hq.takeback",
				Prompt: referee.Text("%s: also take back your pirates from a second dark alley?", referee.Str(pl.Name))}); b != noAlley {
				taken = append(taken, b)
			}
		}
	}
	n := 0
	var names []referee.Msg
	for _, id := range taken {
		n += g.Board.Alleys[id].Segments
		g.Occupant[id] = -1
		names = append(names, g.alleyLabel(id))
	}
	pl.Supply += n
	t.Say("rp.hq", referee.Text("%s takes back %s from %s; those alleys are free again (%d in supply).", referee.Str(pl.Name), referee.Count(n, "pirate"),
		referee.List(names, ", ", " and "), referee.Int(pl.Supply)))
}

// alleyLabel names an alley for people: its ends, or for a dark alley its
// inner end and its edge exit, with its segments.
func (g *Game) alleyLabel(id alley) referee.Msg {
	a := g.Board.Alleys[id]
	if a.Dark {
		return referee.Text("dark alley %s at %s (%s)", referee.Str(a.Exit), referee.Str(g.Board.Intersections[a.A].Name), referee.Count(a.Segments, "pirate"))
	}
	return referee.Text("alley %s - %s (%s)", referee.Str(g.Board.Intersections[a.A].Name), referee.Str(g.Board.Intersections[a.B].Name), referee.Count(a.Segments, "pirate"))
}
