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

// playInvestments places investments face-down, one per free island
// (rule 30). The price is not paid now.
func (g *Game) playInvestments(t *referee.T) bool {
	cr := g.crown()
	placed := 0
	for {
		free := g.freeIslands()
		if placed > 0 && len(free) == 0 {
			return true
		}
		if placed == 0 {
			// The first card is asked like every hand choice, so the
			// menu never shows whether the hand holds an investment.
			name := g.chooseFromHand(t, "investments.card", CrownSeat, referee.Text("runner.investments.which", referee.Str(cr.Name)), "rr.investments", false, []CardType{Investment}, ofType(Investment))
			if name == "" {
				return false
			}
			g.placeInvestment(t, name, free)
			placed++
			continue
		}
		n := g.pickFromHand(t, CrownSeat, handQuestion{types: []CardType{Investment}, fits: ofType(Investment), none: doneName, label: referee.Text("runner.investments.no-more"), later: true,
			q: referee.Question{ID: "investments.card", Actor: CrownSeat, Secret: true, Rule: "rr.investments",
				Prompt: referee.Text("runner.investments.which", referee.Str(cr.Name))}})
		if n == "" {
			return true
		}
		g.placeInvestment(t, n, free)
		placed++
	}
}

// placeInvestment puts the named investment from the crown's hand
// face-down on a free island the crown chooses (it has left the hand).
func (g *Game) placeInvestment(t *referee.T, name string, free []int) {
	c := referee.Choose[island](t)
	for _, i := range free {
		c.Add(island(i), referee.Text("runner.name", g.Islands[i].term()))
	}
	is := g.Islands[c.Pick(t, referee.Question{ID: "investments.island", Actor: CrownSeat, Rule: "rr.investments",
		Prompt: referee.Text("runner.investments.island")})]
	g.takeFromHand(CrownSeat, name)
	is.Card = g.newPiece(name)
	t.Tell("rr.investments", referee.Text("runner.investments.placed", is.term()), CrownSeat, referee.Text("runner.it-is", referee.Str(name)))
}
