package pirates

import (
	"slices"

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

// treasureMap resolves a treasure-map intersection: the mover may take one
// face-up map of the intersection's color (their choice when the values
// differ, the highest offered first) or decline, and a map taken is
// replaced by one draw. Under rules revision 0 a lone matching map was
// taken without asking and there was no "take none".
func (g *Game) treasureMap(t *referee.T, p int, k Kind) {
	pl := &g.Players[p]
	col := mapColor(k)
	var mine []string
	for _, m := range g.Maps {
		if mustTile(m).Group == col {
			mine = append(mine, m)
		}
	}
	opts := highestFirst(mine)
	if len(opts) == 0 {
		t.Emit(referee.Event{Rule: "rp.map", Text: textf(t, "No face-up %s map: %s gets nothing.", col, pl.Name)})
		return
	}
	if !g.legacy() {
		opts = append(opts, referee.Option{Key: "none", Label: "Take no map"})
	}
	m := opts[0].Key
	if len(opts) > 1 {
		m = t.Ask(referee.Question{ID: "map.take", Actor: referee.Seat(p), Rule: "rp.map.choice", Options: opts,
			Text: textf(t, "%s: take which face-up %s map? (You may also take none.)", pl.Name, col)})
	}
	if m == "none" {
		t.Emit(referee.Event{Rule: "rp.map.choice", Text: textf(t, "%s takes no map; the display stays as it is.", pl.Name)})
		return
	}
	g.Maps = removeOne(g.Maps, m)
	pl.Won = append(pl.Won, m)
	t.Emit(referee.Event{Rule: "rp.map", Text: textf(t, "%s takes the %s.", pl.Name, mustTile(m).Label)})
	if d := g.draw(t, SortMap, "map.refill", int(referee.Table), false, "refill the maps display"); d != "" {
		g.Maps = append(g.Maps, d)
		t.Emit(referee.Event{Rule: "rp.map", Text: textf(t, "The maps display is refilled with the %s.", mustTile(d).Label)})
	}
}

// highestFirst makes one option per tile type of tiles, the highest value
// first (ties keep the order given), labelled with the tile.
func highestFirst(tiles []string) []referee.Option {
	var opts []referee.Option
	for _, k := range tiles {
		if !hasKey(opts, k) {
			opts = append(opts, referee.Option{Key: k, Label: mustTile(k).Label})
		}
	}
	slices.SortStableFunc(opts, func(a, b referee.Option) int { return mustTile(b.Key).Value - mustTile(a.Key).Value })
	return opts
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
