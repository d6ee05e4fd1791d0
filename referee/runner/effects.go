package runner

import (
	"fmt"
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

func (c *effectCtx) name() string {
	if c.card == nil {
		return "the card"
	}
	return c.card.Name
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

// possible reports whether the actor can carry out an effect in full now.
func (g *Game) possible(c *effectCtx, e Effect) bool {
	p := g.Players[c.actor]
	switch e.Do {
	case OpNavigation, OpCombat:
		return g.Raid != nil && g.Raid.available(g, e.Do) >= e.N
	case OpPay:
		return p.Supply >= e.N
	case OpTake:
		return g.Players[other(c.actor)].Supply >= max(e.N, 1)
	case OpDiscard:
		return len(p.Hand) >= e.N
	case OpTrashCrew:
		return len(g.partyCrew()) >= max(e.N, 1)
	case OpTrashShip:
		return len(g.partyShips()) > 0
	case OpCoinShip:
		return c.ship != nil
	case OpCoinPirateShip:
		return len(g.Ships) > 0
	case OpRemoveCoin:
		return slices.ContainsFunc(g.hazardPieces(), func(h *Piece) bool { return h.Coins > 0 })
	case OpMoveCoin:
		return len(g.coinSources()) > 0
	case OpCoinOwn:
		return len(g.crownPieces()) > 0
	case OpPeek:
		return len(g.faceDown()) > 0
	case OpRaidWithShip:
		return g.Raid == nil && len(g.readyShips()) > 0
	case OpHazardFromDiscard:
		return slices.ContainsFunc(g.crown().Discard, func(n string) bool { return g.card(n).Type == Hazard })
	case OpCrewFromDiscard:
		return slices.ContainsFunc(g.pirate().Discard, func(n string) bool { return g.card(n).Type == Crew })
	case OpMoveHazard:
		return len(g.hazardPieces()) > 0
	case OpChoose:
		for _, alt := range e.Or {
			if g.allPossible(c, alt) {
				return true
			}
		}
		return false
	}
	return true
}

// allPossible reports whether a whole list can be carried out; parts of the
// same kind (two skill parts, two payments) are added up first.
func (g *Game) allPossible(c *effectCtx, l []Effect) bool {
	var sum []Effect
	for _, e := range l {
		switch e.Do {
		case OpNavigation, OpCombat, OpPay, OpDiscard, OpTrashCrew, OpTake:
			if e.Do == OpTrashCrew || e.Do == OpTake {
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
		t.Say("rr.cards.provisional", referee.Text("%s is only partly known from the sources, so this reading of its text is provisional: check it against the printed card.", referee.Str(c.card.Name)))
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
			if !g.possible(c, e) {
				t.Say(c.rule, referee.Text("%s: %q cannot be done now, so it is skipped.", referee.Str(c.name()), referee.Str(describeEffect(e))))
				continue
			}
			k := t.Ask(yesNo("effect.optional", c.actor, fmt.Sprintf("%s: %s?", c.name(), describeEffect(Effect{Do: e.Do, N: e.N, Hand: e.Hand, Or: e.Or})),
				c.rule, "yes", "no"))
			if k == "no" {
				continue
			}
		}
		if needsTarget(e.Do) && !g.possible(c, e) {
			t.Say(c.rule, referee.Text("%s: %q has nothing to act on, so it does nothing.", referee.Str(c.name()), referee.Str(describeEffect(e))))
			continue
		}
		g.do(t, c, e)
	}
}

// needsTarget reports whether a primitive needs a card to act on; such a
// primitive does nothing when there is none.
func needsTarget(o Op) bool {
	switch o {
	case OpCoinPirateShip, OpRemoveCoin, OpTrashShip, OpMoveCoin, OpPeek, OpRaidWithShip,
		OpHazardFromDiscard, OpCrewFromDiscard, OpMoveHazard, OpCoinOwn, OpCoinShip, OpChoose:
		return true
	}
	return false
}

// do carries out one primitive.
func (g *Game) do(t *referee.T, c *effectCtx, e Effect) {
	p := g.Players[c.actor]
	rival := g.Players[other(c.actor)]
	emit := func(m referee.Msg) { t.Say(c.rule, m) }
	switch e.Do {
	case OpNavigation, OpCombat:
		g.Raid.spend(t, g, e.Do, e.N)
	case OpPay:
		n := min(e.N, p.Supply)
		p.Supply -= n
		emit(referee.Text("%s pays %s to the bank.", referee.Str(p.Name), referee.Count(n, "coin")))
	case OpGain:
		p.Supply += e.N
		emit(referee.Text("%s gains %s from the bank.", referee.Str(p.Name), referee.Count(e.N, "coin")))
	case OpRivalGain:
		rival.Supply += e.N
		emit(referee.Text("%s gains %s from the bank.", referee.Str(rival.Name), referee.Count(e.N, "coin")))
	case OpTake:
		n := min(e.N, rival.Supply)
		rival.Supply -= n
		p.Supply += n
		emit(referee.Text("%s takes %s from %s's supply.", referee.Str(p.Name), referee.Count(n, "coin"), referee.Str(rival.Name)))
	case OpDiscard:
		for i := 0; i < e.N && len(p.Hand) > 0 && !g.Over; i++ {
			g.discard(t, c.actor, c.rule, referee.Text("%s: discard a card (%d of %d).", referee.Str(c.name()), referee.Int(i+1), referee.Int(e.N)))
		}
	case OpDraw:
		g.draw(t, c.actor, e.N)
	case OpCoinThis:
		if c.piece != nil {
			c.piece.Coins += e.N
			emit(referee.Text("+%d on %s.", referee.Int(e.N), referee.Str(g.label(c.piece))))
		}
	case OpCoinShip:
		if c.ship != nil {
			c.ship.Coins += e.N
			emit(referee.Text("+%d on %s.", referee.Int(e.N), referee.Str(g.label(&c.ship.Piece))))
		}
	case OpCoinRaiders:
		if g.Raid == nil {
			emit(referee.Text("%s: there is no raiding party, so no ship gets a coin.", referee.Str(c.name())))
			return
		}
		for _, s := range g.Raid.Party {
			s.Coins += e.N
			emit(referee.Text("+%d on the raiding %s.", referee.Int(e.N), referee.Str(g.label(&s.Piece))))
		}
	case OpCoinOwn:
		var chosen []*Piece
		for len(chosen) < e.N {
			left := slices.DeleteFunc(g.crownPieces(), func(x *Piece) bool { return slices.Contains(chosen, x) })
			if len(left) == 0 {
				break
			}
			// Royal Decree's "up to" may stop early; Cash Crop's coin must be placed.
			done, text := "no more", referee.Text("%s: put 1 coin from the bank on one of your cards (%d of up to %d).", referee.Str(c.name()), referee.Int(len(chosen)+1), referee.Int(e.N))
			if e.Exactly {
				done, text = "", referee.Text("%s: put 1 coin from the bank on one of your cards (%d of %d).", referee.Str(c.name()), referee.Int(len(chosen)+1), referee.Int(e.N))
			}
			x := g.choosePiece(t, "effect.coin-own", CrownSeat, text, c.rule, left, done)
			if x == nil {
				break
			}
			chosen = append(chosen, x)
			x.Coins++
			emit(referee.Text("+1 on %s.", referee.Str(g.label(x))))
		}
	case OpCoinPirateShip:
		x := g.choosePiece(t, "effect.coin-ship", c.actor, referee.Text("%s: which pirate ship gets 1 coin?", referee.Str(c.name())), c.rule, g.shipPieces(g.Ships), "")
		x.Coins++
		emit(referee.Text("+1 on %s.", referee.Str(g.label(x))))
	case OpRemoveCoin:
		var hz []*Piece
		for _, h := range g.hazardPieces() {
			if h.Coins > 0 {
				hz = append(hz, h)
			}
		}
		if len(hz) == 0 {
			return
		}
		x := g.choosePiece(t, "effect.remove-coin", c.actor, referee.Text("%s: remove 1 coin from which hazard?", referee.Str(c.name())), c.rule, hz, "")
		x.Coins--
		emit(referee.Text("1 coin is removed from %s.", referee.Str(g.label(x))))
	case OpTrashCrew:
		for i := 0; i < max(e.N, 1); i++ {
			crew := g.partyCrew()
			if len(crew) == 0 {
				emit(referee.Text("%s: there is no crew to trash.", referee.Str(c.name())))
				return
			}
			x := g.choosePiece(t, "effect.trash-crew", PirateSeat, referee.Text("%s: which crew is trashed?", referee.Str(c.name())), c.rule, crew, "")
			g.trashCrew(t, x, c.rule)
		}
	case OpTrashShip:
		ships := g.partyShips()
		if len(ships) == 0 {
			emit(referee.Text("%s: there is no ship to trash.", referee.Str(c.name())))
			return
		}
		x := g.choosePiece(t, "effect.trash-ship", c.actor, referee.Text("%s: which ship is trashed?", referee.Str(c.name())), c.rule, g.shipPieces(ships), "")
		g.trashShip(t, g.shipOf(x), e.Hand, c.rule)
	case OpScore:
		pts := 1
		if c.actor == CrownSeat {
			pts = c.card.Points
		}
		if c.remove != nil {
			c.remove()
		}
		c.scored = true
		g.score(t, c.actor, c.card.Name, pts)
	case OpMoveCoin:
		g.moveCoin(t, c)
	case OpShuffleHand:
		p.Deck.Known = append(p.Deck.Known, p.Hand...)
		emit(referee.Text("%s shuffles %s from hand into the deck (now %s).", referee.Str(p.Name), referee.Count(len(p.Hand), "card"), referee.Count(p.Deck.Size(), "card")))
		p.Hand = nil
	case OpPeek:
		g.peek(t, c)
	case OpRaidWithShip:
		x := g.choosePiece(t, "effect.raid-ship", PirateSeat, referee.Text("%s: which ready ship (no coins, with crew) raids?", referee.Str(c.name())), c.rule, g.shipPieces(g.readyShips()), "")
		s := g.shipOf(x)
		s.Coins += e.N
		emit(referee.Text("+%d on %s; it raids alone.", referee.Int(e.N), referee.Str(g.label(x))))
		g.raid(t, []*ShipPiece{s})
	case OpKeepUnlessPaid:
		n := 0
		if c.piece != nil {
			n = c.piece.Coins
		}
		if n == 0 {
			return
		}
		if g.pirate().Supply >= n {
			k := t.Ask(yesNo("effect.pay-to-trash", PirateSeat, fmt.Sprintf("%s has %s on it: pay %d to trash it, or leave it in play?", c.name(), plural(n, "coin", "coins"), n),
				c.rule, fmt.Sprintf("pay %d and trash it", n), "leave it"))
			if k == "yes" {
				g.pirate().Supply -= n
				emit(referee.Text("The pirate pays %d to trash %s.", referee.Int(n), referee.Str(c.name())))
				return
			}
		}
		c.kept = true
		t.Say("rr.raid.not-trashed", referee.Text("%s stays in play face-up with its coins: the pirate did not pay %d.", referee.Str(c.name()), referee.Int(n)))
	case OpHazardFromDiscard:
		g.fromDiscard(t, c, CrownSeat, Hazard, "effect.hazard-from-discard", "hazard")
	case OpCrewFromDiscard:
		g.fromDiscard(t, c, PirateSeat, Crew, "effect.crew-from-discard", "crew")
	case OpMoveHazard:
		x := g.choosePiece(t, "effect.move-hazard", c.actor, referee.Text("%s: which hazard moves?", referee.Str(c.name())), c.rule, g.hazardPieces(), "")
		from, _ := g.locate(x)
		ic := referee.Choose[island](t)
		for i, is := range g.Islands {
			if is != from {
				ic.AddText(island(i), is.Name)
			}
		}
		k := ic.Pick(t, referee.Question{ID: "effect.move-hazard.to", Actor: referee.Seat(c.actor), Rule: c.rule,
			Prompt: referee.Text("To which island? It goes to the outermost place.")})
		coins := x.Coins
		g.takeOff(x)
		x.Coins = coins
		to := g.Islands[k]
		to.Hazards = append(to.Hazards, x)
		emit(referee.Text("The hazard moves to the outer end of %s's row.", referee.Str(to.Name)))
	case OpChoose:
		oc := referee.Choose[choice](t)
		for i, alt := range e.Or {
			if g.allPossible(c, alt) {
				oc.AddText(choice(i), DescribeEffects(alt))
			}
		}
		if oc.Len() == 0 {
			emit(referee.Text("%s: none of its choices can be carried out now.", referee.Str(c.name())))
			return
		}
		i := oc.Pick(t, referee.Question{ID: "effect.choose", Actor: referee.Seat(c.actor), Rule: c.rule, Prompt: referee.Text("%s: choose one.", referee.Str(c.name()))})
		g.apply(t, c, e.Or[i])
	case OpManual:
		g.adjust(t, c, e)
	}
}

// moveCoin moves one coin between two hazards or two ships (Cutthroat
// Carlie, rulings A28).
func (g *Game) moveCoin(t *referee.T, c *effectCtx) {
	src := g.coinSources()
	if len(src) == 0 {
		return
	}
	from := g.choosePiece(t, "effect.move-coin.from", c.actor, referee.Text("%s: move a coin off which card?", referee.Str(c.name())), c.rule, src, "")
	var dst []*Piece
	if is, _ := g.locate(from); is != nil {
		dst = g.hazardPieces()
	} else {
		dst = g.shipPieces(g.Ships)
	}
	dst = slices.DeleteFunc(dst, func(x *Piece) bool { return x == from })
	to := g.choosePiece(t, "effect.move-coin.to", c.actor, referee.Text("Onto which card?"), c.rule, dst, "")
	from.Coins--
	to.Coins++
	t.Say(c.rule, referee.Text("A coin moves from %s to %s.", referee.Str(g.label(from)), referee.Str(g.label(to))))
}

// peek lets the pirate look at one face-down crown card; only the pirate's
// view learns what it is.
func (g *Game) peek(t *referee.T, c *effectCtx) {
	x := g.choosePiece(t, "effect.peek", PirateSeat, referee.Text("%s: look at which face-down crown card?", referee.Str(c.name())), c.rule, g.faceDown(), "")
	desc := g.label(x)
	g.identify(t, x, "the pirate looks at the "+desc)
	g.peeked = append(g.peeked, desc+": "+x.Name)
	t.Tell(c.rule, referee.Text("The crown shows the %s to the pirate only.", referee.Str(desc)), PirateSeat, referee.Text("It is %s.", referee.Str(x.Name)))
}

// score puts a card in a score pile and checks for the win at once
// (rulings A21).
func (g *Game) score(t *referee.T, seat int, name string, pts int) {
	p := g.Players[seat]
	p.Score = append(p.Score, Scored{Name: name, Points: pts})
	t.Say("rr.win", referee.Text("%s scores %s for %s (%d in all).", referee.Str(p.Name), referee.Str(name), referee.Count(pts, "point"), referee.Int(p.Points())))
	g.checkWin(t, seat)
}

// fromDiscard lets the seat take one card of the given type from its
// discard pile back into hand (nothing happens when there is none).
func (g *Game) fromDiscard(t *referee.T, c *effectCtx, seat int, ty CardType, id, what string) {
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
	n := g.chooseName(t, id, seat, false, referee.Text("%s: which %s comes back from the discard pile to your hand?", referee.Str(c.name()), referee.Str(what)), c.rule, cards)
	p.Discard, _ = removeName(p.Discard, n)
	p.Hand = append(p.Hand, n)
	t.Say(c.rule, referee.Text("%s takes %s from the discard pile into hand.", referee.Str(p.Name), referee.Str(n)))
}
