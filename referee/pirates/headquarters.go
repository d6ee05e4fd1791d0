package pirates

import (
	"fmt"

	"rumref/referee"
)

// headquarters resolves the "Headquarters" intersection: the mover takes
// back all their pirates from one alley of any kind (even the one just
// used), or from two dark alleys. They return to supply at once and the
// alleys are empty again.
func (g *Game) headquarters(t *referee.T, p int) {
	pl := &g.Players[p]
	var own []int
	for id, occ := range g.Occupant {
		if occ == p {
			own = append(own, id)
		}
	}
	if len(own) == 0 {
		t.Emit(referee.Event{Rule: "rp.hq", Text: textf(t, "%s has no pirates in any alley: nothing to take back.", pl.Name)})
		return
	}
	opts := []referee.Option{{Key: "none", Label: "Take nothing back"}}
	for _, id := range own {
		opts = append(opts, referee.Option{Key: alleyKey(id), Label: g.alleyLabel(id)})
	}
	a := t.Ask(referee.Question{ID: "hq.alley", Actor: referee.Seat(p), Rule: "rp.hq", Options: opts,
		Text: textf(t, "%s is at the headquarters: take back your pirates from which alley? (After a dark alley you may add a second one.)", pl.Name)})
	if a == "none" {
		t.Emit(referee.Event{Rule: "rp.hq", Text: textf(t, "%s takes no pirates back.", pl.Name)})
		return
	}
	first := keyAlley(a)
	taken := []int{first}
	if g.Board.Alleys[first].Dark {
		second := []referee.Option{{Key: "none", Label: "Only the one dark alley"}}
		for _, id := range own {
			if id != first && g.Board.Alleys[id].Dark {
				second = append(second, referee.Option{Key: alleyKey(id), Label: g.alleyLabel(id)})
			}
		}
		if len(second) > 1 {
			b := t.Ask(referee.Question{ID: "hq.second", Actor: referee.Seat(p), Rule: "rp.hq.takeback", Options: second,
				Text: textf(t, "%s: also take back your pirates from a second dark alley?", pl.Name)})
			if b != "none" {
				taken = append(taken, keyAlley(b))
			}
		}
	}
	n := 0
	var names []string
	for _, id := range taken {
		n += g.Board.Alleys[id].Segments
		g.Occupant[id] = -1
		names = append(names, g.alleyLabel(id))
	}
	pl.Supply += n
	t.Emit(referee.Event{Rule: "rp.hq", Text: textf(t, "%s takes back %s from %s; those alleys are free again (%d in supply).",
		pl.Name, plural(n, "pirate"), joinAnd(names), pl.Supply)})
}

// alleyLabel names an alley for people: its ends, or for a dark alley its
// inner end and its edge exit, with its segments.
func (g *Game) alleyLabel(id int) string {
	a := g.Board.Alleys[id]
	if a.Dark {
		return fmt.Sprintf("dark alley %s at %s (%s)", a.Exit, g.Board.Intersections[a.A].Name, plural(a.Segments, "pirate"))
	}
	return fmt.Sprintf("alley %s - %s (%s)", g.Board.Intersections[a.A].Name, g.Board.Intersections[a.B].Name, plural(a.Segments, "pirate"))
}

// joinAnd joins words as "a", "a and b" or "a, b and c".
func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := s[0]
	for _, w := range s[1 : len(s)-1] {
		out += ", " + w
	}
	return out + " and " + s[len(s)-1]
}
