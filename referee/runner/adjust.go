package runner

import (
	"fmt"
	"slices"
	"strings"

	"rumref/referee"
)

// AdjustKinds are the adjustments a manual effect may list (Effect.Adjust)
// to limit its menu to what the card's text can do. The first nine make
// the full menu of a manual effect that lists none.
var AdjustKinds = []string{"gain", "pay", "draw", "discard", "add", "remove", "trash", "trash-crew", "score",
	"trash-self", "trash-face-down", "remove-hazard-coin"}

// fullAdjust is the menu of a manual effect that lists no adjustments.
var fullAdjust = AdjustKinds[:9]

// adjust shows a card's text that the primitives cannot express and lets
// the players apply it by hand, one logged adjustment at a time. An effect
// that lists its adjustments offers only those, each once (Stinky Pete);
// otherwise every adjustment is offered as often as needed.
func (g *Game) adjust(t *referee.T, c *effectCtx, e Effect) {
	text := "(no text recorded)"
	if c.card != nil && c.card.Text != "" {
		text = c.card.Text
	}
	t.Emit(referee.Event{Rule: "rr.adjust", Text: fmt.Sprintf("%s: apply this text by hand: %s", c.name(), text)})
	kinds, once := fullAdjust, len(e.Adjust) > 0
	if once {
		kinds = e.Adjust
	}
	var used []string
	may := func(kind string) bool { return slices.Contains(kinds, kind) && !slices.Contains(used, kind) }
	said := strings.TrimRight(text, ". ")
	ask := fmt.Sprintf("%s says: %s. Adjust the table for it (each change is logged).", c.name(), said)
	if once {
		ask = fmt.Sprintf("%s says: %s. Only what this text can do is offered, each once", c.name(), said)
		if c.card != nil && c.card.Provisional {
			ask += " (a provisional reading: check it against the printed card)"
		}
		ask += "."
	}
	for {
		opts := []referee.Option{{Key: "done", Label: "done: the text is applied"}}
		add := func(kind, key, label string, ok bool) {
			if ok && may(kind) {
				opts = append(opts, referee.Option{Key: key, Label: label})
			}
		}
		for seat := CrownSeat; seat <= PirateSeat; seat++ {
			p := g.Players[seat]
			add("gain", fmt.Sprintf("gain%d", seat), p.Name+" gains 1 coin from the bank", true)
			add("pay", fmt.Sprintf("pay%d", seat), p.Name+" pays 1 coin to the bank", p.Supply > 0)
			add("draw", fmt.Sprintf("draw%d", seat), p.Name+" draws 1 card", true)
			add("discard", fmt.Sprintf("discard%d", seat), p.Name+" discards 1 card", len(p.Hand) > 0)
		}
		cards := append(g.crownPieces(), g.shipPieces(g.Ships)...)
		add("add", "add", "+1 coin on a card in play", len(cards) > 0)
		add("trash", "trash", "trash a card in play", len(cards) > 0)
		coined := withCoins(cards)
		add("remove", "remove", "remove 1 coin from a card in play", len(coined) > 0)
		add("trash-crew", "trash-crew", "trash a crew in play", len(crewOf(g.Ships)) > 0)
		add("score", "score", fmt.Sprintf("%s scores %s", g.Players[c.actor].Name, c.name()),
			c.card != nil && c.card.Type == Investment && !c.scored && !c.settled)
		self := c.piece != nil && g.shipOf(c.piece) != nil && &g.shipOf(c.piece).Piece != c.piece
		add("trash-self", "trash-self", fmt.Sprintf("trash %s itself", c.name()), self && !c.settled)
		add("trash-face-down", "trash-face-down", "trash a face-down crown card in play", len(g.faceDown()) > 0)
		hazardCoins := withCoins(g.hazardPieces())
		add("remove-hazard-coin", "remove-hazard-coin", "remove 1 coin from a hazard", len(hazardCoins) > 0)
		k := t.Ask(referee.Question{ID: "adjust", Actor: referee.Seat(c.actor), Rule: "rr.adjust", Options: opts, Text: ask})
		note := func(s string) { t.Emit(referee.Event{Rule: "rr.adjust", Text: "Adjustment: " + s}) }
		kind := k
		switch k {
		case "done":
			return
		case "gain0", "gain1":
			kind = "gain"
			p := g.Players[int(k[4]-'0')]
			p.Supply++
			note(p.Name + " gains 1 coin.")
		case "pay0", "pay1":
			kind = "pay"
			p := g.Players[int(k[3]-'0')]
			p.Supply--
			note(p.Name + " pays 1 coin.")
		case "draw0", "draw1":
			kind = "draw"
			g.draw(t, int(k[4]-'0'), 1)
		case "discard0", "discard1":
			kind = "discard"
			g.discard(t, int(k[7]-'0'), "rr.adjust", "discard a card.")
		case "add":
			x := g.choosePiece(t, "adjust.card", c.actor, "Which card gets a coin?", "rr.adjust", cards, "")
			x.Coins++
			note("+1 on " + g.label(x) + ".")
		case "remove", "remove-hazard-coin":
			from := coined
			if k == "remove-hazard-coin" {
				from = hazardCoins
			}
			x := g.choosePiece(t, "adjust.card", c.actor, "Which card loses a coin?", "rr.adjust", from, "")
			x.Coins--
			note("1 coin removed from " + g.label(x) + ".")
		case "trash", "trash-face-down":
			from := cards
			if k == "trash-face-down" {
				from = g.faceDown()
			}
			x := g.choosePiece(t, "adjust.card", c.actor, "Which card is trashed?", "rr.adjust", from, "")
			g.trashByHand(t, c, x)
		case "trash-crew":
			x := g.choosePiece(t, "adjust.card", c.actor, "Which crew is trashed?", "rr.adjust", crewOf(g.Ships), "")
			g.trashCrew(t, x, "rr.adjust")
		case "trash-self":
			c.settled = true
			g.trashCrew(t, c.piece, "rr.adjust")
		case "score":
			g.do(t, c, Effect{Do: OpScore})
		}
		if once {
			used = append(used, kind)
		}
	}
}

// trashByHand trashes a card in play as an adjustment.
func (g *Game) trashByHand(t *referee.T, c *effectCtx, x *Piece) {
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
}

// withCoins keeps the pieces that carry at least one coin.
func withCoins(ps []*Piece) []*Piece {
	var out []*Piece
	for _, x := range ps {
		if x.Coins > 0 {
			out = append(out, x)
		}
	}
	return out
}
