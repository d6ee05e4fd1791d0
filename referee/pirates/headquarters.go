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
		t.Say("rp.hq", referee.Text("pirates.headquarters.has-pirates-any", referee.Str(pl.Name)))
		return
	}
	c := referee.Choose[alley](t)
	c.Add(noAlley, referee.Text("pirates.headquarters.take-nothing-back"))
	for _, id := range own {
		c.Add(id, g.alleyLabel(id))
	}
	first := c.Pick(t, referee.Question{ID: "hq.alley", Actor: p, Rule: "rp.hq",
		Prompt: referee.Text("pirates.headquarters.headquarters-take-back", referee.Str(pl.Name))})
	if first == noAlley {
		t.Say("rp.hq", referee.Text("pirates.headquarters.takes-pirates-back", referee.Str(pl.Name)))
		return
	}
	taken := []alley{first}
	if g.Board.Alleys[first].Dark {
		second := referee.Choose[alley](t)
		second.Add(noAlley, referee.Text("pirates.headquarters.only-one-dark"))
		for _, id := range own {
			if id != first && g.Board.Alleys[id].Dark {
				second.Add(id, g.alleyLabel(id))
			}
		}
		if second.Len() > 1 {
			if b := second.Pick(t, referee.Question{ID: "hq.second", Actor: p, Rule: "rp.hq.takeback",
				Prompt: referee.Text("pirates.headquarters.also-take-back", referee.Str(pl.Name))}); b != noAlley {
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
	t.Say("rp.hq", referee.Text("pirates.headquarters.takes-back-from", referee.Str(pl.Name), referee.Count(n, nPirate),
		referee.List(names, ", ", " and "), referee.Int(pl.Supply)))
}

// alleyLabel names an alley for people: its ends, or for a dark alley its
// inner end and its edge exit, with its segments.
func (g *Game) alleyLabel(id alley) referee.Msg {
	a := g.Board.Alleys[id]
	if a.Dark {
		return referee.Text("pirates.headquarters.dark-alley", g.exitArg(&a), g.at(a.A), referee.Count(a.Segments, nPirate))
	}
	return referee.Text("pirates.headquarters.alley", g.at(a.A), g.at(a.B), referee.Count(a.Segments, nPirate))
}
