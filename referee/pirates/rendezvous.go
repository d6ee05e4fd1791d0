package pirates

import (
	"rumref/referee"
)

// rendezvous resolves the "Rendezvous" intersection: the mover draws a
// tile, looks at it and keeps it face down; rumref is told its target only
// when it is revealed (rp.rendezvous.unnamed).
func (g *Game) rendezvous(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	if g.drawUnnamed(t, SortRendezvous, p) {
		pl.FaceDown++
		t.Say("rp.rendezvous.unnamed", referee.Text("pirates.rendezvous.draws-rendezvous-tile", referee.Str(pl.Name), referee.Int(pl.FaceDown)))
	}
}

// Meets reports whether a rendezvous target (the tile's group, e.g. "pub"
// or "map-rose") is met at an intersection of kind k: the pub target at any
// pub, a map target only at its own color.
func Meets(target string, k Kind) bool {
	switch target {
	case "rum":
		return k == RumBarrel
	case "guard":
		return k == Guard
	case "pub":
		return k.IsPub()
	case "pirate":
		return k == Recruit
	case "supply":
		return k == PirateSupply
	case "chest":
		return k == TreasureChest
	case "map-rose":
		return k == MapRose
	case "map-green":
		return k == MapGreen
	case "map-yellow":
		return k == MapYellow
	}
	return false
}

// mayReveal reports whether player p could meet a face-down rendezvous
// where the captain stands: p holds a face-down tile and the intersection
// is of a kind some tile names. Both are public, so a question that offers
// the reveal because of it gives nothing away.
func (g *Game) mayReveal(p referee.Seat) bool {
	return g.Players[p].FaceDown > 0 && len(g.revealable(g.Board.Intersections[g.Captain].Kind)) > 0
}

// revealable lists the rendezvous targets an
// intersection of kind k can fulfil that are not publicly out: a target
// whose every copy has been revealed cannot be on a face-down tile. The
// list holds the catalog's entries, in catalog order.
func (g *Game) revealable(k Kind) []*TileType {
	st := g.Stacks[SortRendezvous]
	var out []*TileType
	for _, ty := range st.types {
		if st.Counts[ty.Key] > 0 && Meets(ty.Group, k) {
			out = append(out, ty)
		}
	}
	return out
}

// revealRendezvous is the reveal: the mover shows a face-down tile, and the table says in public which target it shows,
// among those that fit the intersection and are not publicly out (one is
// taken without asking).
func (g *Game) revealRendezvous(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	at := g.Board.Intersections[g.Captain]
	c := referee.Choose[referee.Key](t)
	for _, ty := range g.revealable(at.Kind) {
		c.Add(referee.Key(ty.Key), ty.Msg())
	}
	a := string(c.Pick(t, referee.Question{ID: "rendezvous.target", Actor: p, Rule: "rp.rendezvous.unnamed",
		Prompt: referee.Text("pirates.rendezvous.shows-rendezvous-tile", referee.Str(pl.Name), referee.Sub(at.Msg())),
		Only:   referee.Text("pirates.rendezvous.shows-rendezvous-tile-2", referee.Str(pl.Name), referee.Sub(at.Msg()))}))
	g.Stacks[SortRendezvous].Name(a)
	pl.FaceDown--
	pl.Won = append(pl.Won, a)
	t.Say("rp.rendezvous.arrival", referee.Text("pirates.rendezvous.reveals-rendezvous-now", referee.Str(pl.Name), referee.Sub(at.Msg()), tile(a), referee.Int(pl.FaceDown)))
}

// offerRendezvous is the reveal at the end of a turn when no menu follows the last arrival (no hop is open,
// or the mover is out of pirates): asked in public when a reveal could
// fit, whatever the tiles, and only then is the tile asked in secret.
func (g *Game) offerRendezvous(t *referee.T, p referee.Seat) {
	if !g.mayReveal(p) {
		return
	}
	pl := &g.Players[p]
	c := referee.Choose[referee.Key](t)
	c.Add("end", referee.Text("pirates.rendezvous.reveal-nothing-end"))
	c.Add("reveal", referee.Text("pirates.movement.reveal-rendezvous-tile"))
	if c.Pick(t, referee.Question{ID: "rendezvous.offer", Actor: p, Rule: "rp.rendezvous.arrival",
		Prompt: referee.Text("pirates.rendezvous.turn-ends-reveal", referee.Str(pl.Name), g.at(g.Captain))}) == "reveal" {
		g.revealRendezvous(t, p)
	}
}
