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
// replaced by one draw.
func (g *Game) treasureMap(t *referee.T, p referee.Seat, k Kind) {
	pl := &g.Players[p]
	col := mapColor(k)
	var mine []string
	for _, m := range g.Maps {
		if mustTile(m).Group == col {
			mine = append(mine, m)
		}
	}
	c := highestFirst(t, mine)
	if c.Len() == 0 {
		t.Say("rp.map", referee.Text("pirates.maps.face-up-map", referee.Sub(mapColorMsg(col)), referee.Str(pl.Name)))
		return
	}
	c.Add("none", referee.Text("pirates.maps.take-map"))
	m := string(c.Pick(t, referee.Question{ID: "map.take", Actor: p, Rule: "rp.map.choice",
		Prompt: referee.Text("pirates.maps.take-which-face", referee.Str(pl.Name), referee.Sub(mapColorMsg(col)))}))
	if m == "none" {
		t.Say("rp.map.choice", referee.Text("pirates.maps.takes-map-display", referee.Str(pl.Name)))
		return
	}
	g.Maps = removeOne(g.Maps, m)
	pl.Won = append(pl.Won, m)
	t.Say("rp.map", referee.Text("pirates.chest.takes", referee.Str(pl.Name), theTile(m)))
	if d := g.draw(t, SortMap, "map.refill", referee.Table, referee.Text("pirates.maps.refill-maps-display")); d != "" {
		g.Maps = append(g.Maps, d)
		t.Say("rp.map", referee.Text("pirates.maps.maps-display-refilled", theTile(d)))
	}
}

// highestFirst offers one choice per tile type of tiles, the highest value
// first (ties keep the order given), labelled with the tile.
func highestFirst(t *referee.T, tiles []string) *referee.Choices[referee.Key] {
	var kinds []string
	for _, k := range tiles {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	slices.SortStableFunc(kinds, func(a, b string) int { return mustTile(b).Value - mustTile(a).Value })
	c := referee.Choose[referee.Key](t)
	for _, k := range kinds {
		c.Add(referee.Key(k), mustTile(k).Msg())
	}
	return &c
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
