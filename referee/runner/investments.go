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
func (g *Game) playInvestments(t *referee.T) bool {
	cr := g.crown()
	placed := 0
	for {
		inv := g.handOf(cr, Investment)
		free := g.freeIslands()
		if placed > 0 && len(free) == 0 {
			return true
		}
		if placed == 0 {
			// The first card is asked like every hand choice, so the
			// menu never shows whether the hand holds an investment.
			name := g.chooseFromHand(t, "investments.card", CrownSeat, cr.Name+", which investment do you place face-down?", "rr.investments", inv)
			if name == "" {
				return false
			}
			g.placeInvestment(t, name, free)
			placed++
			continue
		}
		opts := []referee.Option{}
		for _, n := range distinct(inv) {
			opts = append(opts, referee.Option{Key: slug(n), Label: n})
		}
		opts = append(opts, referee.Option{Key: "done", Label: "no more investments"})
		k := t.Ask(referee.Question{ID: "investments.card", Actor: CrownSeat, Secret: true, Rule: "rr.investments", Options: opts,
			Text: cr.Name + ", which investment do you place face-down?"})
		if k == "done" {
			return true
		}
		g.placeInvestment(t, g.cardBySlug(k).Name, free)
		placed++
	}
}

// placeInvestment puts the named investment from the crown's hand
// face-down on a free island the crown chooses.
func (g *Game) placeInvestment(t *referee.T, name string, free []int) {
	cr := g.crown()
	iopts := []referee.Option{}
	for _, i := range free {
		iopts = append(iopts, referee.Option{Key: islandKey(i), Label: g.Islands[i].Name})
	}
	ik := t.Ask(referee.Question{ID: "investments.island", Actor: CrownSeat, Rule: "rr.investments", Options: iopts,
		Text: "On which island (it must hold no card)?"})
	is := g.Islands[islandIndex(ik)]
	cr.Hand, _ = removeName(cr.Hand, name)
	is.Card = g.newPiece(name)
	t.Emit(referee.Event{Rule: "rr.investments", Text: "The crown places a face-down investment on " + is.Name + ".",
		Private: "It is " + name + ".", Player: CrownSeat})
}
