package runner

import (
	"rumref/referee"
)

// funded reports whether an investment piece holds at least its price.
func (g *Game) funded(p *Piece) bool {
	c := g.card(p.Name)
	return c != nil && c.Type == Investment && p.Coins >= c.Cost
}

// reveal is the crown's start of turn: the crown may flip any face-down
// funded investment; its funded text applies at once (rules 22-24, rulings A7).
func (g *Game) reveal(t *referee.T) {
	for !g.Over {
		var ready []*Piece
		for _, is := range g.Islands {
			if x := is.Card; x != nil && !x.Up && g.funded(x) {
				ready = append(ready, x)
			}
		}
		// The question is asked, whether or not one is funded, when one
		// could be funded as far as the pirate can tell (it holds at least
		// the lowest price an investment can have), which the coins on the
		// table show to both players anyway.
		if !g.couldBeFunded() {
			return
		}
		pc := referee.Choose[*Piece](t)
		for _, x := range ready {
			is, _ := g.locate(x)
			pc.Add(x, referee.Text("runner.reveal.option", referee.Str(x.Name), is.term(), referee.Count(x.Coins, "runner.noun.coin"), referee.Int(g.card(x.Name).Cost)))
		}
		pc.Add(nil, referee.Text("runner.reveal.nothing"))
		x := pc.Pick(t, referee.Question{ID: "reveal.pick", Actor: CrownSeat, Secret: true, Rule: "rr.reveal",
			Prompt: referee.Text("runner.reveal.ask", referee.Str(g.crown().Name))})
		if x == nil {
			return
		}
		is, _ := g.locate(x)
		x.Up = true
		c := g.card(x.Name)
		t.Say("rr.reveal", referee.Text("runner.reveal.done", referee.Str(x.Name), is.term(), referee.Count(x.Coins, "runner.noun.coin"), referee.Int(c.Cost), referee.Sub(effectsMsg(c.Funded))))
		g.applyText(t, &effectCtx{actor: CrownSeat, card: c, piece: x, remove: func() { g.takeOff(x) }, rule: "rr.reveal"}, c.Funded)
	}
}

// revealKey is the crown's action-menu option that reveals funded
// investments before the first action.
const revealKey = "reveal"

// revealOption reports whether the crown's action question offers the
// reveal: before the first action of the turn, while some
// face-down investment could be funded as far as the pirate can tell, so
// the option shows nothing the coins on the table do not. Choosing it
// asks the reveal question in secret and spends no action.
func (g *Game) revealOption() bool {
	return g.revealOpen && g.couldBeFunded()
}

// couldBeFunded reports whether some face-down investment holds at least
// as many coins as the cheapest investment the catalog knows (cards typed
// in included: leastPrice): only then may one of them be funded. It reads
// only what both players see (coins and the card list), never the cards'
// identities.
func (g *Game) couldBeFunded() bool {
	for _, is := range g.Islands {
		if x := is.Card; x != nil && !x.Up && x.Coins >= g.leastPrice {
			return true
		}
	}
	return false
}

// turnEnd fires the standing "when your turn ends" effects of face-up
// funded investments before the end-of-turn draw (rulings A6).
func (g *Game) turnEnd(t *referee.T) {
	for _, is := range g.Islands {
		x := is.Card
		if g.Over {
			return
		}
		if x == nil || !x.Up || !g.funded(x) {
			continue
		}
		c := g.card(x.Name)
		if len(c.TurnEnd) == 0 {
			continue
		}
		t.Say("rr.funded.timing", referee.Text("runner.reveal.turn-end", referee.Str(c.Name), is.term(), referee.Sub(effectsMsg(c.TurnEnd))))
		g.applyText(t, &effectCtx{actor: CrownSeat, card: c, piece: x, remove: func() { g.takeOff(x) }, rule: "rr.funded.timing"}, c.TurnEnd)
	}
}
