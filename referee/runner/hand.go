package runner

import (
	"rumref/referee"
)

// From edition 3 a hand is a count: a player draws and looks, and the
// referee learns a card's name when it leaves the hand (see Edition).
// The cards held unnamed are counted with the deck they came from
// (Deck.Held), so what one of them can be is what the deck's counts
// still hold; naming it takes it out of those counts.

// handNames lists, sorted, the cards that fit which a card leaving the
// seat's hand can be: the named cards in hand and, while cards are held
// unnamed, every card the deck's counts still hold. Before edition 3
// these are just the cards in hand that fit.
func (g *Game) handNames(seat int, fits func(*Card) bool) []string {
	var names []string
	g.eachHandName(seat, false, fits, func(n string) bool {
		names = append(names, n)
		return true
	})
	return distinct(names)
}

// eachHandName calls f with each name handNames lists (unsorted, a name
// maybe more than once) until f returns false. With public set, for a
// hand the referee knows by name (namedHand), it lists what the table can
// tell the hand may hold instead: the named cards and every card the
// deck's counts still hold, as for a hand held unnamed, so that a public
// question or menu built from it shows nothing of the hand.
func (g *Game) eachHandName(seat int, public bool, fits func(*Card) bool, f func(string) bool) {
	p := g.Players[seat]
	for _, n := range p.Hand {
		if fits(g.card(n)) && !f(n) {
			return
		}
	}
	d := &p.Deck
	if d.Held == 0 && !(public && g.namedHand(seat)) {
		return
	}
	for _, n := range d.Known {
		if fits(g.card(n)) && !f(n) {
			return
		}
	}
	side := sideOf(seat)
	for i := range g.cards {
		c := &g.cards[i]
		if c.Side == side && c.Copies == 0 && c.InDeck() && g.mayBeUnknown(d, c.Type) && fits(c) && !f(c.Name) {
			return
		}
	}
}

// handTypes is the card types a card of the seat's hand the catalog lacks
// may have for a question that takes cards of types: those the deck still
// holds unknown cards of, while cards are held unnamed.
func (g *Game) handTypes(seat int, types []CardType) []CardType {
	if d := &g.Players[seat].Deck; d.Held > 0 {
		return g.enterable(d, types)
	}
	return nil
}

// mayPlay reports whether a card of the seat's hand can fit, as far as
// the table can tell (the action menu is public): some name fits, or a
// card typed in by hand could.
func (g *Game) mayPlay(seat int, types []CardType, fits func(*Card) bool) bool {
	some := false
	g.eachHandName(seat, true, fits, func(string) bool {
		some = true
		return false
	})
	if some {
		return true
	}
	if d := &g.Players[seat].Deck; g.namedHand(seat) {
		return len(g.enterable(d, types)) > 0
	}
	return len(g.handTypes(seat, types)) > 0
}

// namedHand reports whether the referee knows the seat's hand by name
// from edition 5 on (crownNamesDraws), where hands are otherwise counts:
// the crown's. Its card questions are then secret, and what the public
// menu offers is worked out as for a hand held unnamed.
func (g *Game) namedHand(seat int) bool {
	return seat == CrownSeat && g.crownNamesDraws()
}

// handQuestion is a question that names a card leaving a hand: the cards
// that fit, a card the catalog lacks (of types), and an option that names
// no card (none when its label is empty).
type handQuestion struct {
	q     referee.Question
	types []CardType
	fits  func(*Card) bool
	none  cardName
	label string
	// later leaves the card in hand: the caller takes it out
	// (takeFromHand) once it is placed.
	later bool
}

// pickFromHand asks hq and takes the named card out of the hand: it
// returns the name, or "" when the player chose the option that names no
// card. A card typed in that does not fit after all (it costs more than
// the supply holds) stays in hand, named, and "" is returned.
func (g *Game) pickFromHand(t *referee.T, seat int, hq handQuestion) string {
	c := referee.Choose[cardName](t)
	for _, n := range g.handNames(seat, hq.fits) {
		c.AddText(cardName(n), n)
	}
	typed := g.handTypes(seat, hq.types)
	if len(typed) > 0 {
		c.AddText(unlistedName, "a card not in this list")
	}
	if hq.label != "" {
		c.AddText(hq.none, hq.label)
	}
	var name string
	switch n := c.Pick(t, hq.q); n {
	case hq.none:
		return ""
	case unlistedName:
		name = g.enterCard(t, seat, sideOf(seat), hq.types, typed, hq.q.Secret)
		if !hq.fits(g.card(name)) {
			g.takeFromHand(seat, name)
			p := g.Players[seat]
			p.Hand = append(p.Hand, name)
			t.Say(hq.q.Rule, referee.Text("%s costs more coins than %s has: it stays in hand.", referee.Str(name), referee.Str(p.Name)))
			return ""
		}
	default:
		name = g.cardBySlug(n.Key()).Name
	}
	if !hq.later {
		g.takeFromHand(seat, name)
	}
	return name
}

// takeFromHand takes a named card out of the seat's hand: a card named
// before if there is one (that keeps the most that the unnamed cards can
// be), else one of the cards held unnamed.
func (g *Game) takeFromHand(seat int, name string) {
	p := g.Players[seat]
	if h, ok := removeName(p.Hand, name); ok {
		p.Hand = h
		return
	}
	g.takeName(&p.Deck, name)
	p.Deck.Held--
	g.note(BoxMove{Kind: "named", Seat: seat, Name: name})
}

// crownMayHold reports whether the crown's hand and deck can still hold a
// card of a type (edition 3), by counts the table sees: what the box holds
// of the type (rulings A3) less the cards of the type out of hand and
// deck, in play (the place shows the type even face-down, rule 79), in the
// discard or score pile or being raided. The crown's placing a card of a
// type is offered only then; which cards they are stays the crown's.
func (g *Game) crownMayHold(ty CardType) bool {
	n := g.Config.Counts(CrownDeck, ty) + g.Config.Counts(StartingHazards, ty)
	for _, is := range g.Islands {
		if ty == Investment && is.Card != nil {
			n--
		}
		if ty == Hazard {
			n -= len(is.Hazards)
		}
	}
	out := func(name string) {
		if c := g.card(name); c != nil && c.Type == ty {
			n--
		}
	}
	for _, name := range g.crown().Discard {
		out(name)
	}
	for _, name := range g.Revealed {
		out(name)
	}
	for _, p := range g.Players {
		for _, s := range p.Score {
			out(s.Name) // the pirate's are raided crown rum
		}
	}
	return n > 0
}

// sideOf is the side of a seat.
func sideOf(seat int) Side {
	if seat == PirateSeat {
		return PirateSide
	}
	return CrownSide
}

// anyCard fits every card.
func anyCard(*Card) bool { return true }

// ofType fits the cards of a type.
func ofType(ty CardType) func(*Card) bool { return func(c *Card) bool { return c.Type == ty } }
