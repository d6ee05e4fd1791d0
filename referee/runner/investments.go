package runner

import (
	"rumref/referee"
)

// freeIslands lists islands with no card on them; Home Port counts only
// once the crown deck is gone (rules 30, 43, rulings A15, A29).
func (g *Game) freeIslands() []int {
	var out []int
	for i, is := range g.Islands {
		if is.Card == nil && !(is.Home && g.crown().Deck.Size() > 0) {
			out = append(out, i)
		}
	}
	return out
}

func (g *Game) handOf(p *Player, ty CardType) []string {
	var out []string
	for _, n := range p.Hand {
		if g.card(n).Type == ty {
			out = append(out, n)
		}
	}
	return out
}

// playInvestments places investments face-down, one per free island
// (rule 30). The price is not paid now.
func (g *Game) playInvestments(t *referee.T) {
	cr := g.crown()
	placed := 0
	for {
		inv := g.handOf(cr, Investment)
		free := g.freeIslands()
		if len(inv) == 0 || len(free) == 0 {
			return
		}
		opts := []referee.Option{}
		for _, n := range distinct(inv) {
			opts = append(opts, referee.Option{Key: slug(n), Label: n})
		}
		if placed > 0 {
			opts = append(opts, referee.Option{Key: "done", Label: "no more investments"})
		}
		k := t.Ask(referee.Question{ID: "investments.card", Actor: CrownSeat, Secret: true, Rule: "rr.actions", Options: opts,
			Text: cr.Name + ", which investment do you place face-down?"})
		if k == "done" {
			return
		}
		name := g.cardBySlug(k).Name
		iopts := []referee.Option{}
		for _, i := range free {
			iopts = append(iopts, referee.Option{Key: islandKey(i), Label: g.Islands[i].Name})
		}
		ik := t.Ask(referee.Question{ID: "investments.island", Actor: CrownSeat, Rule: "rr.actions", Options: iopts,
			Text: "On which island (it must hold no card)?"})
		is := g.Islands[islandIndex(ik)]
		cr.Hand, _ = removeName(cr.Hand, name)
		is.Card = g.newPiece(name)
		placed++
		t.Emit(referee.Event{Rule: "rr.actions", Text: "The crown places a face-down investment on " + is.Name + ".",
			Private: "It is " + name + ".", Player: CrownSeat})
	}
}
