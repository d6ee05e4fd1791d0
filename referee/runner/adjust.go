package runner

import (
	"fmt"

	"rumref/referee"
)

// adjust shows a card's text that the primitives cannot express and lets
// the players apply it by hand, one logged adjustment at a time.
func (g *Game) adjust(t *referee.T, c *effectCtx) {
	text := "(no text recorded)"
	if c.card != nil && c.card.Text != "" {
		text = c.card.Text
	}
	t.Emit(referee.Event{Rule: "rr.adjust", Text: fmt.Sprintf("%s: apply this text by hand: %s", c.name(), text)})
	for {
		opts := []referee.Option{{Key: "done", Label: "done: the text is applied"}}
		for seat := CrownSeat; seat <= PirateSeat; seat++ {
			p := g.Players[seat]
			opts = append(opts, referee.Option{Key: fmt.Sprintf("gain%d", seat), Label: p.Name + " gains 1 coin from the bank"})
			if p.Supply > 0 {
				opts = append(opts, referee.Option{Key: fmt.Sprintf("pay%d", seat), Label: p.Name + " pays 1 coin to the bank"})
			}
			opts = append(opts, referee.Option{Key: fmt.Sprintf("draw%d", seat), Label: p.Name + " draws 1 card"})
			if len(p.Hand) > 0 {
				opts = append(opts, referee.Option{Key: fmt.Sprintf("discard%d", seat), Label: p.Name + " discards 1 card"})
			}
		}
		cards := append(g.crownPieces(), g.shipPieces(g.Ships)...)
		if len(cards) > 0 {
			opts = append(opts, referee.Option{Key: "add", Label: "+1 coin on a card in play"},
				referee.Option{Key: "trash", Label: "trash a card in play"})
		}
		var coined []*Piece
		for _, x := range cards {
			if x.Coins > 0 {
				coined = append(coined, x)
			}
		}
		if len(coined) > 0 {
			opts = append(opts, referee.Option{Key: "remove", Label: "remove 1 coin from a card in play"})
		}
		if len(crewOf(g.Ships)) > 0 {
			opts = append(opts, referee.Option{Key: "trash-crew", Label: "trash a crew in play"})
		}
		if c.card != nil && c.card.Type == Investment && !c.scored && !c.settled {
			opts = append(opts, referee.Option{Key: "score", Label: fmt.Sprintf("%s scores %s", g.Players[c.actor].Name, c.card.Name)})
		}
		k := t.Ask(referee.Question{ID: "adjust", Actor: referee.Seat(c.actor), Rule: "rr.adjust", Options: opts,
			Text: fmt.Sprintf("Adjust the table for %s (each change is logged).", c.name())})
		note := func(s string) { t.Emit(referee.Event{Rule: "rr.adjust", Text: "Adjustment: " + s}) }
		switch k {
		case "done":
			return
		case "gain0", "gain1":
			p := g.Players[int(k[4]-'0')]
			p.Supply++
			note(p.Name + " gains 1 coin.")
		case "pay0", "pay1":
			p := g.Players[int(k[3]-'0')]
			p.Supply--
			note(p.Name + " pays 1 coin.")
		case "draw0", "draw1":
			g.draw(t, int(k[4]-'0'), 1)
		case "discard0", "discard1":
			g.discard(t, int(k[7]-'0'), "rr.adjust", "discard a card.")
		case "add":
			x := g.choosePiece(t, "adjust.card", c.actor, "Which card gets a coin?", "rr.adjust", cards, "")
			x.Coins++
			note("+1 on " + g.label(x) + ".")
		case "remove":
			x := g.choosePiece(t, "adjust.card", c.actor, "Which card loses a coin?", "rr.adjust", coined, "")
			x.Coins--
			note("1 coin removed from " + g.label(x) + ".")
		case "trash":
			x := g.choosePiece(t, "adjust.card", c.actor, "Which card is trashed?", "rr.adjust", cards, "")
			if x == c.piece {
				// The card whose text is applied is gone: it can no longer
				// be scored, and the raid must not trash it a second time.
				c.settled = true
			}
			if s := g.shipOf(x); s != nil {
				g.trashShip(t, s, false, "rr.adjust")
			} else {
				g.trashCrown(t, x, "rr.adjust")
			}
		case "trash-crew":
			x := g.choosePiece(t, "adjust.card", c.actor, "Which crew is trashed?", "rr.adjust", crewOf(g.Ships), "")
			g.trashCrew(t, x, "rr.adjust")
		case "score":
			g.do(t, c, Effect{Do: OpScore})
		}
	}
}
