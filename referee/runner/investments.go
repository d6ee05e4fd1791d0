package runner

import (
	"fmt"

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

// playHazard places one hazard face-down at the outer end of an island's
// row (rule 31, rulings A19).
func (g *Game) playHazard(t *referee.T) {
	cr := g.crown()
	name := g.chooseName(t, "hazard.card", CrownSeat, true, cr.Name+", which hazard do you place face-down?", "rr.actions", g.handOf(cr, Hazard))
	opts := []referee.Option{}
	for i, is := range g.Islands {
		opts = append(opts, referee.Option{Key: islandKey(i), Label: fmt.Sprintf("%s (%s)", is.Name, plural(len(is.Hazards), "hazard", "hazards"))})
	}
	k := t.Ask(referee.Question{ID: "hazard.island", Actor: CrownSeat, Rule: "rr.actions", Options: opts,
		Text: "In front of which island? It goes to the outermost place."})
	is := g.Islands[islandIndex(k)]
	cr.Hand, _ = removeName(cr.Hand, name)
	is.Hazards = append(is.Hazards, g.newPiece(name))
	t.Emit(referee.Event{Rule: "rr.actions", Text: fmt.Sprintf("The crown places a face-down hazard at %s (outermost, %s now).", is.Name, plural(len(is.Hazards), "hazard", "hazards")),
		Private: "It is " + name + ".", Player: CrownSeat})
}

// recall takes one crown card in play back to hand with its coins (rule 32).
func (g *Game) recall(t *referee.T) {
	cr := g.crown()
	x := g.choosePiece(t, "recall.card", CrownSeat, cr.Name+", which of your cards do you take back to hand?", "rr.actions", g.crownPieces(), "")
	desc := g.label(x)
	g.identify(t, x, "you take the "+desc+" back to hand")
	coins := x.Coins
	g.takeOff(x)
	cr.Supply += coins
	cr.Hand = append(cr.Hand, x.Name)
	t.Emit(referee.Event{Rule: "rr.actions", Text: fmt.Sprintf("The crown takes the %s back to hand and its %s into supply.", desc, plural(coins, "coin", "coins")),
		Private: "It is " + x.Name + ".", Player: CrownSeat})
}

// invest pays coins from supply, one onto each of that many different
// crown cards in play (rule 33, rulings A25).
func (g *Game) invest(t *referee.T) {
	cr := g.crown()
	var chosen []*Piece
	for cr.Supply > 0 {
		var left []*Piece
		for _, x := range g.crownPieces() {
			if !containsPiece(chosen, x) {
				left = append(left, x)
			}
		}
		if len(left) == 0 {
			return
		}
		done := ""
		if len(chosen) > 0 {
			done = "no more"
		}
		x := g.choosePiece(t, "invest.card", CrownSeat, fmt.Sprintf("%s, pay 1 coin onto which card? (%d coins left; one coin per card)", cr.Name, cr.Supply),
			"rr.actions", left, done)
		if x == nil {
			return
		}
		chosen = append(chosen, x)
		cr.Supply--
		x.Coins++
		t.Emit(referee.Event{Rule: "rr.actions", Text: "The crown invests 1 coin on " + g.label(x) + "."})
	}
}

func containsPiece(l []*Piece, p *Piece) bool {
	for _, x := range l {
		if x == p {
			return true
		}
	}
	return false
}
