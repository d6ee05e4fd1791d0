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
			name := g.chooseFromHand(t, "investments.card", CrownSeat, referee.Text("%s, which investment do you place face-down?", referee.Str(cr.Name)), "rr.investments", inv)
			if name == "" {
				return false
			}
			g.placeInvestment(t, name, free)
			placed++
			continue
		}
		c := referee.Choose[cardName](t)
		for _, n := range distinct(inv) {
			c.AddText(cardName(n), n)
		}
		c.AddText(doneName, "no more investments")
		n := c.Pick(t, referee.Question{ID: "investments.card", Actor: CrownSeat, Secret: true, Rule: "rr.investments",
			Prompt: referee.Text("%s, which investment do you place face-down?", referee.Str(cr.Name))})
		if n == doneName {
			return true
		}
		g.placeInvestment(t, string(n), free)
		placed++
	}
}

// placeInvestment puts the named investment from the crown's hand
// face-down on a free island the crown chooses.
func (g *Game) placeInvestment(t *referee.T, name string, free []int) {
	cr := g.crown()
	c := referee.Choose[island](t)
	for _, i := range free {
		c.AddText(island(i), g.Islands[i].Name)
	}
	is := g.Islands[c.Pick(t, referee.Question{ID: "investments.island", Actor: CrownSeat, Rule: "rr.investments",
		Prompt: referee.Text("On which island (it must hold no card)?")})]
	cr.Hand, _ = removeName(cr.Hand, name)
	is.Card = g.newPiece(name)
	t.Tell("rr.investments", referee.Text("The crown places a face-down investment on %s.", referee.Str(is.Name)), CrownSeat, referee.Text("It is %s.", referee.Str(name)))
}
