package runner

import (
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
	text := referee.Text("runner.adjust.no-text")
	if c.card != nil && c.card.Text != "" {
		text = cardText(c.card)
	}
	t.Say("rr.adjust", referee.Text("runner.adjust.apply", referee.Sub(c.name()), referee.Sub(text)))
	kinds, once := fullAdjust, len(e.Adjust) > 0
	if once {
		kinds = e.Adjust
	}
	var used []string
	may := func(kind string) bool { return slices.Contains(kinds, kind) && !slices.Contains(used, kind) }
	said := text
	if c.card != nil && c.card.Text != "" && !isCatalogText(c.card) {
		said = asName(strings.TrimRight(c.card.Text, ". ") + ".")
	}
	ask := referee.Text("runner.adjust.ask", referee.Sub(c.name()), referee.Sub(said))
	if once {
		key := "runner.adjust.ask-once"
		if c.card != nil && c.card.Provisional {
			key = "runner.adjust.ask-once-provisional"
		}
		ask = referee.Text(key, referee.Sub(c.name()), referee.Sub(said))
	}
	for !g.Over {
		opts := referee.Choose[adjustment](t)
		opts.Add(adjustment{kind: "done", seat: -1}, referee.Text("runner.adjust.done"))
		add := func(kind string, seat int, label referee.Msg, ok bool) {
			if ok && may(kind) {
				opts.Add(adjustment{kind: kind, seat: seat}, label)
			}
		}
		for seat := CrownSeat; seat <= PirateSeat; seat++ {
			p := g.Players[seat]
			add("gain", seat, referee.Text("runner.adjust.gain", referee.Str(p.Name)), true)
			add("pay", seat, referee.Text("runner.adjust.pay", referee.Str(p.Name)), p.Supply > 0)
			add("draw", seat, referee.Text("runner.adjust.draw", referee.Str(p.Name)), true)
			add("discard", seat, referee.Text("runner.adjust.discard", referee.Str(p.Name)), p.HandSize() > 0)
		}
		cards := append(g.crownPieces(), g.shipPieces(g.Ships)...)
		add("add", -1, referee.Text("runner.adjust.add"), len(cards) > 0)
		add("trash", -1, referee.Text("runner.adjust.trash"), len(cards) > 0)
		coined := withCoins(cards)
		add("remove", -1, referee.Text("runner.adjust.remove"), len(coined) > 0)
		add("trash-crew", -1, referee.Text("runner.adjust.trash-crew"), hasCrew(g.Ships))
		add("score", -1, referee.Text("runner.adjust.score", referee.Str(g.Players[c.actor].Name), referee.Sub(c.name())),
			c.card != nil && c.card.Type == Investment && !c.scored && !c.settled)
		self := c.piece != nil && g.shipOf(c.piece) != nil && &g.shipOf(c.piece).Piece != c.piece
		add("trash-self", -1, referee.Text("runner.adjust.trash-self", referee.Sub(c.name())), self && !c.settled)
		add("trash-face-down", -1, referee.Text("runner.adjust.trash-face-down"), len(g.faceDown()) > 0)
		hazardCoins := withCoins(g.hazardPieces())
		add("remove-hazard-coin", -1, referee.Text("runner.adjust.remove-hazard-coin"), len(hazardCoins) > 0)
		a := opts.Pick(t, referee.Question{ID: "adjust", Actor: referee.Seat(c.actor), Rule: "rr.adjust", Prompt: ask})
		note := func(m referee.Msg) { t.Say("rr.adjust", referee.Text("runner.adjust.note", referee.Sub(m))) }
		kind, k := a.kind, a.kind
		switch k {
		case "done":
			return
		case "gain":
			p := g.Players[a.seat]
			p.Supply++
			note(referee.Text("runner.adjust.gained", referee.Str(p.Name)))
		case "pay":
			p := g.Players[a.seat]
			p.Supply--
			note(referee.Text("runner.adjust.paid", referee.Str(p.Name)))
		case "draw":
			g.draw(t, a.seat, 1)
		case "discard":
			g.discard(t, a.seat, "rr.adjust", referee.Text("runner.adjust.discard-one"))
		case "add":
			x := g.choosePiece(t, "adjust.card", c.actor, referee.Text("runner.adjust.which-gets"), "rr.adjust", cards, referee.Msg{})
			x.Coins++
			note(referee.Text("runner.effect.coin-on", referee.Int(1), referee.Sub(g.labelMsg(x))))
		case "remove", "remove-hazard-coin":
			from := coined
			if k == "remove-hazard-coin" {
				from = hazardCoins
			}
			x := g.choosePiece(t, "adjust.card", c.actor, referee.Text("runner.adjust.which-loses"), "rr.adjust", from, referee.Msg{})
			x.Coins--
			note(referee.Text("runner.adjust.removed", referee.Sub(g.labelMsg(x))))
		case "trash", "trash-face-down":
			from := cards
			if k == "trash-face-down" {
				from = g.faceDown()
			}
			x := g.choosePiece(t, "adjust.card", c.actor, referee.Text("runner.adjust.which-trashed"), "rr.adjust", from, referee.Msg{})
			g.trashByHand(t, c, x)
		case "trash-crew":
			x := g.choosePiece(t, "adjust.card", c.actor, referee.Text("runner.adjust.which-crew"), "rr.adjust", crewOf(g.Ships), referee.Msg{})
			g.trashCrew(t, x, "rr.adjust")
		case "trash-self":
			c.settled = true
			g.trashCrew(t, c.piece, "rr.adjust")
		case "score":
			g.do(t, c, Effect{Do: OpScore})
			if g.Over {
				return
			}
		}
		if once {
			used = append(used, kind)
		}
	}
}

// adjustment is one change offered by adjust: its kind, and for a change
// to a player's coins or cards the seat (-1 for none). Its key is the kind,
// followed by the seat's number when it has one ("gain0").
type adjustment struct {
	kind string
	seat int
}

// seatAdjustKeys are the keys of the adjustments that name a seat, made once.
var seatAdjustKeys = map[string][2]string{
	"gain": {"gain0", "gain1"}, "pay": {"pay0", "pay1"}, "draw": {"draw0", "draw1"}, "discard": {"discard0", "discard1"},
}

// Key is the adjustment's option key.
func (a adjustment) Key() string {
	if a.seat < 0 {
		return a.kind
	}
	return seatAdjustKeys[a.kind][a.seat]
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
