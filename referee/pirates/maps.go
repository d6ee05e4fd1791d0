package pirates

import (
	"rumref/referee"
)

// mapColor is the map color of a treasure-map intersection kind.
func mapColor(k Kind) string {
	switch k {
	case MapRose:
		return "rose"
	case MapGreen:
		return "green"
	}
	return "yellow"
}

// treasureMap resolves a treasure-map intersection: the mover takes one
// face-up map of the intersection's color (their choice when the values
// differ) and the display is refilled by one draw.
func (g *Game) treasureMap(t *referee.T, p int, k Kind) {
	pl := &g.Players[p]
	col := mapColor(k)
	var opts []referee.Option
	for _, m := range g.Maps {
		if mustTile(m).Group != col || hasKey(opts, m) {
			continue
		}
		opts = append(opts, referee.Option{Key: m, Label: mustTile(m).Label})
	}
	if len(opts) == 0 {
		t.Emit(referee.Event{Rule: "rp.map", Text: textf(t, "No face-up %s map: %s gets nothing.", col, pl.Name)})
		return
	}
	m := opts[0].Key
	if len(opts) > 1 {
		m = t.Ask(referee.Question{ID: "map.take", Actor: referee.Seat(p), Rule: "rp.map.choice", Options: opts,
			Text: textf(t, "%s: take which face-up %s map?", pl.Name, col)})
	}
	g.Maps = removeOne(g.Maps, m)
	pl.Won = append(pl.Won, m)
	t.Emit(referee.Event{Rule: "rp.map", Text: textf(t, "%s takes the %s.", pl.Name, mustTile(m).Label)})
	if d := g.draw(t, SortMap, "map.refill", int(referee.Table), false, "refill the maps display"); d != "" {
		g.Maps = append(g.Maps, d)
		t.Emit(referee.Event{Rule: "rp.map", Text: textf(t, "The maps display is refilled with the %s.", mustTile(d).Label)})
	}
}

// hasKey reports whether an option with key k is in opts.
func hasKey(opts []referee.Option, k string) bool {
	for _, o := range opts {
		if o.Key == k {
			return true
		}
	}
	return false
}

// removeOne returns s without its first k.
func removeOne(s []string, k string) []string {
	for i, v := range s {
		if v == k {
			return append(s[:i:i], s[i+1:]...)
		}
	}
	panic("tile " + k + " is not on display")
}
