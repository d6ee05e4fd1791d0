package runner

import (
	"slices"

	"rumref/referee"
)

// effectCtx is what an effect list runs against.
type effectCtx struct {
	actor int
	card  *Card
	// piece is this card in play (nil for a card from a hand or a deck).
	piece *Piece
	// ship is the ship a crew sits on.
	ship *ShipPiece
	// remove takes this card out of wherever it is (for scoring).
	remove func()
	rule   string
	// scored and kept report what happened to a raided card; settled
	// reports that the players trashed it by hand while applying its text.
	scored  bool
	settled bool
	kept    bool
}

func (c *effectCtx) name() referee.Msg {
	if c.card == nil {
		return referee.Text("runner.the-card")
	}
	return asName(c.card.Name)
}

// partyCrew lists the crew an effect of the pirate may touch: the raiding
// party's during a raid, any crew in play otherwise (rulings A9).
func (g *Game) partyCrew() []*Piece {
	if g.Raid != nil {
		return crewOf(g.Raid.Party)
	}
	return crewOf(g.Ships)
}

func (g *Game) partyShips() []*ShipPiece {
	if g.Raid != nil {
		return g.Raid.Party
	}
	return g.Ships
}

// readyShips are ships with no coins and at least one crew.
func (g *Game) readyShips() []*ShipPiece {
	var out []*ShipPiece
	for _, s := range g.Ships {
		if s.Coins == 0 && len(s.Crew) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// coinSources lists pieces a coin can move from for move-coin: hazards and
// ships with a coin, when another card of the same kind exists.
func (g *Game) coinSources() []*Piece {
	var out []*Piece
	hz := g.hazardPieces()
	if len(hz) >= 2 {
		for _, h := range hz {
			if h.Coins > 0 {
				out = append(out, h)
			}
		}
	}
	if len(g.Ships) >= 2 {
		for _, s := range g.Ships {
			if s.Coins > 0 {
				out = append(out, &s.Piece)
			}
		}
	}
	return out
}

// phrase is the primitive as a short phrase (the catalog's runner.op.NAME).
func (d *opDef) phrase(e Effect) referee.Msg {
	switch {
	case d.describe != nil:
		return d.describe(e)
	case d.counted:
		return referee.Text(d.key, referee.Int(e.N))
	}
	return referee.Text(d.key)
}

// possible reports whether the actor can carry out an effect in full now.
func (g *Game) possible(c *effectCtx, e Effect) bool {
	if d := ops[e.Do].possible; d != nil {
		return d(g, c, e)
	}
	return true
}

// allPossible reports whether a whole list can be carried out; parts of the
// same kind (two skill parts, two payments) are added up first.
func (g *Game) allPossible(c *effectCtx, l []Effect) bool {
	var sum []Effect
	for _, e := range l {
		if d := ops[e.Do]; d.adds {
			if d.atLeastOne {
				e.N = max(e.N, 1)
			}
			if i := slices.IndexFunc(sum, func(x Effect) bool { return x.Do == e.Do }); i >= 0 {
				sum[i].N += e.N
				continue
			}
		}
		sum = append(sum, e)
	}
	for _, e := range sum {
		if !g.possible(c, e) {
			return false
		}
	}
	return true
}

// faceDown lists the crown's face-down cards in play.
func (g *Game) faceDown() []*Piece {
	var out []*Piece
	for _, p := range g.crownPieces() {
		if !p.Up {
			out = append(out, p)
		}
	}
	return out
}

// applyText carries out a card's text (funded, turn-end, raid, event or
// crew text). A text only partly known (decklist icons, a blurred photo)
// is flagged as provisional first, so the players can check it against the
// printed card (rulings A5).
func (g *Game) applyText(t *referee.T, c *effectCtx, l []Effect) {
	if c.card != nil && c.card.Provisional && len(l) > 0 {
		t.Say("rr.cards.provisional", referee.Text("runner.effect.provisional", referee.Str(c.card.Name)))
	}
	g.apply(t, c, l)
}

// apply carries out an effect list in order.
func (g *Game) apply(t *referee.T, c *effectCtx, l []Effect) {
	for _, e := range l {
		if g.Over {
			return
		}
		if e.Success && !g.lastRaid {
			continue
		}
		if e.Optional {
			if e.Do == OpShuffleHand && g.deckRanOut(c.actor) {
				g.do(t, c, e) // says why the hand is not shuffled
				continue
			}
			if !g.possible(c, e) {
				t.Say(c.rule, referee.Text("runner.effect.skipped", referee.Sub(c.name()), referee.Sub(describeEffect(e))))
				continue
			}
			if !yes(t, referee.Question{ID: "effect.optional", Rule: c.rule, Prompt: referee.Text("runner.effect.optional", referee.Sub(c.name()), referee.Sub(describeEffect(Effect{Do: e.Do, N: e.N, Hand: e.Hand, Or: e.Or})))},
				c.actor, referee.Text("runner.yes"), referee.Text("runner.no")) {
				continue
			}
		}
		if needsTarget(e.Do) && !g.possible(c, e) {
			t.Say(c.rule, referee.Text("runner.effect.no-target", referee.Sub(c.name()), referee.Sub(describeEffect(e))))
			continue
		}
		g.do(t, c, e)
	}
}

// needsTarget reports whether a primitive needs a card to act on; such a
// primitive does nothing when there is none.
func needsTarget(o Op) bool { return ops[o].target }

// do carries out one primitive.
func (g *Game) do(t *referee.T, c *effectCtx, e Effect) {
	if run := ops[e.Do].run; run != nil {
		run(g, t, c, e)
	}
}

// moveCoin moves one coin between two hazards or two ships (Cutthroat
// Carlie, rulings A28).
func (g *Game) moveCoin(t *referee.T, c *effectCtx) {
	src := g.coinSources()
	if len(src) == 0 {
		return
	}
	from := g.choosePiece(t, "effect.move-coin.from", c.actor, referee.Text("runner.effect.coin-from", referee.Sub(c.name())), c.rule, src, referee.Msg{})
	var dst []*Piece
	if is, _ := g.locate(from); is != nil {
		dst = g.hazardPieces()
	} else {
		dst = g.shipPieces(g.Ships)
	}
	dst = slices.DeleteFunc(dst, func(x *Piece) bool { return x == from })
	to := g.choosePiece(t, "effect.move-coin.to", c.actor, referee.Text("runner.effect.coin-to"), c.rule, dst, referee.Msg{})
	from.Coins--
	to.Coins++
	t.Say(c.rule, referee.Text("runner.effect.coin-moved", referee.Sub(g.labelMsg(from)), referee.Sub(g.labelMsg(to))))
}

// peek lets the pirate look at one face-down crown card; only the pirate's
// view learns what it is.
//
// The pirate chooses in a secret question, asked even when one card is
// face-down: the card is then named to the pirate alone as soon as it is
// chosen (behind the pass screen of that question), not only when the
// pirate next peeks.
func (g *Game) peek(t *referee.T, c *effectCtx) {
	text := referee.Text("runner.effect.peek", referee.Sub(c.name()))
	pc := referee.Choose[*Piece](t)
	for _, p := range g.faceDown() {
		pc.Add(p, g.labelMsg(p))
	}
	x := pc.Pick(t, referee.Question{ID: "effect.peek", Actor: PirateSeat, Secret: true, Prompt: text, Rule: c.rule})
	desc := g.labelMsg(x)
	g.peeked = append(g.peeked, peek{desc, x.Name})
	t.Tell(c.rule, referee.Text("runner.effect.shown", referee.Sub(desc)), PirateSeat, referee.Text("runner.it-is", referee.Str(x.Name)))
}

// score puts a card in a score pile and checks for the win at once
// (rulings A21).
func (g *Game) score(t *referee.T, seat int, name string, pts int) {
	p := g.Players[seat]
	p.Score = append(p.Score, Scored{Name: name, Points: pts})
	t.Say("rr.win", referee.Text("runner.effect.scores", referee.Str(p.Name), referee.Str(name), referee.Count(pts, "runner.noun.point"), referee.Int(p.Points())))
	g.checkWin(t, seat)
}

// fromDiscard lets the seat take one card of the given type from its
// discard pile back into hand (nothing happens when there is none).
func (g *Game) fromDiscard(t *referee.T, c *effectCtx, seat int, ty CardType, id string, what referee.Msg) {
	p := g.Players[seat]
	var cards []string
	for _, n := range p.Discard {
		if g.card(n).Type == ty {
			cards = append(cards, n)
		}
	}
	if len(cards) == 0 {
		return
	}
	n := g.chooseName(t, id, seat, referee.Text("runner.effect.from-discard", referee.Sub(c.name()), referee.Sub(what)), c.rule, cards)
	p.Discard, _ = removeName(p.Discard, n)
	p.Hand = append(p.Hand, n)
	t.Say(c.rule, referee.Text("runner.effect.took-back", referee.Str(p.Name), referee.Str(n)))
}
