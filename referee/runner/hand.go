package runner

import (
	"rumref/referee"
)

// The pirate's hand is a count: the pirate draws and looks, and the
// referee learns a card's name when it leaves the hand. The crown names
// each card it draws, in secret (namedHand).
// The cards held unnamed are counted with the deck they came from
// (Deck.Held), so what one of them can be is what the deck's counts
// still hold; naming it takes it out of those counts.

// handNames lists, sorted, the cards that fit which a card leaving the
// seat's hand can be: the named cards in hand and, while cards are held
// unnamed, every card the deck's counts still hold.
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

// namedHand reports whether the referee knows the seat's hand by name:
// the crown's, whose draws are named in secret so that what its deck can
// still give at a Home Port raid is exactly what the deck holds. Its card
// questions are secret, and what the public menu offers is worked out as
// for a hand held unnamed.
func (g *Game) namedHand(seat int) bool { return seat == CrownSeat }

// handQuestion is a question that names a card leaving a hand: the cards
// that fit, a card the catalog lacks (of types), and an option that names
// no card (none when its label is empty).
type handQuestion struct {
	q     referee.Question
	types []CardType
	fits  func(*Card) bool
	none  cardName
	label referee.Msg
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
		c.Add(cardName(n), asName(n))
	}
	typed := g.handTypes(seat, hq.types)
	if len(typed) > 0 {
		c.Add(unlistedName, referee.Text("runner.deck.unlisted"))
	}
	misnamed := hq.q.Secret && g.mayBeMisnamed(seat, hq.fits, hq.types)
	if misnamed {
		c.Add(misnamedName, referee.Text("runner.hand.misnamed"))
	}
	if !hq.label.IsZero() {
		c.Add(hq.none, hq.label)
	}
	var name string
	switch n := c.Pick(t, hq.q); n {
	case hq.none:
		return ""
	case misnamedName:
		name = g.drawnNamedWrongly(t, seat, hq)
		if !hq.fits(g.card(name)) {
			t.Say(hq.q.Rule, referee.Text("runner.hand.cannot-play", referee.Str(name)))
			return ""
		}
	case unlistedName:
		name = g.enterCard(t, seat, sideOf(seat), hq.types, typed, hq.q.Secret)
		if !hq.fits(g.card(name)) {
			g.takeFromHand(seat, name)
			p := g.Players[seat]
			p.Hand = append(p.Hand, name)
			t.Say(hq.q.Rule, referee.Text("runner.hand.too-dear", referee.Str(name), referee.Str(p.Name)))
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
// card of a type, by counts the table sees: what the box holds
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

// The crown names each card it draws (namedHand). A naming
// can be wrong (a slip of the key), and a later card would then be refused
// because rumref holds its name elsewhere. The crown's questions that list
// its own records offer a way out instead, in secret: the physical card is
// the truth, and the earlier naming is corrected (rules principle of
// rr.draw.named).

// misnamedKey is the option of a crown question that says an
// earlier naming of a draw was wrong.
const misnamedKey = "misnamed"

const misnamedName cardName = misnamedKey

// drawnNamedWrongly asks, for a card leaving the crown's hand that its
// records do not hold there, which card it is (of those its deck's
// records hold that fit) and which card named at a draw it was taken for;
// that card goes back to the deck's records, and the real one into the
// hand. It returns the real card's name, now in hand.
func (g *Game) drawnNamedWrongly(t *referee.T, seat int, hq handQuestion) string {
	p := g.Players[seat]
	d := &p.Deck
	real := g.deckNames(t, d, sideOf(seat), hq.fits)
	if g.enterableFor(d, hq.types) {
		real.Add(unlistedName, referee.Text("runner.deck.unlisted"))
	}
	q := referee.Question{ID: "misnamed.card", Actor: referee.Seat(seat), Secret: true, Rule: "rr.draw.named",
		Prompt: referee.Text("runner.misnamed.really", referee.Str(p.Name))}
	var name string
	if n := real.Pick(t, q); n == unlistedName {
		name = g.enterCard(t, seat, sideOf(seat), hq.types, g.enterable(d, hq.types), true)
	} else {
		name = g.cardBySlug(n.Key()).Name
	}
	was := g.secretName(t, "misnamed.as", seat, referee.Text("runner.misnamed.as", referee.Str(p.Name), referee.Str(name)), "rr.draw.named", distinct(p.Hand))
	g.takeName(d, name)
	p.Hand, _ = removeName(p.Hand, was)
	d.Known = append(d.Known, was)
	p.Hand = append(p.Hand, name)
	t.Tell("rr.draw.named", referee.Text("runner.misnamed.corrects", referee.Str(p.Name)), referee.Seat(seat),
		referee.Text("runner.misnamed.drew", referee.Str(name), referee.Str(was)))
	return name
}

// heldNamedWrongly is drawnNamedWrongly for a card coming off the crown's
// deck that its records hold in hand: which card of the hand it is, and
// which card the crown really drew when it named that one (it goes into
// the hand, out of the deck's records). It returns the name of the card
// off the deck; the caller must not take it from the deck's records.
func (g *Game) heldNamedWrongly(t *referee.T, seat int, d *Deck) string {
	p := g.Players[seat]
	name := g.secretName(t, "misnamed.top", seat, referee.Text("runner.misnamed.top", referee.Str(p.Name)), "rr.draw.named", distinct(p.Hand))
	real := g.deckNames(t, d, sideOf(seat), anyCard)
	types := sideDeckTypes(sideOf(seat))
	if g.enterableFor(d, types) {
		real.Add(unlistedName, referee.Text("runner.deck.unlisted"))
	}
	q := referee.Question{ID: "misnamed.card", Actor: referee.Seat(seat), Secret: true, Rule: "rr.draw.named",
		Prompt: referee.Text("runner.misnamed.then", referee.Str(p.Name), referee.Str(name))}
	var drawn string
	if n := real.Pick(t, q); n == unlistedName {
		drawn = g.enterCard(t, seat, sideOf(seat), types, g.enterable(d, types), true)
	} else {
		drawn = g.cardBySlug(n.Key()).Name
	}
	g.takeName(d, drawn)
	p.Hand, _ = removeName(p.Hand, name)
	p.Hand = append(p.Hand, drawn)
	t.Tell("rr.draw.named", referee.Text("runner.misnamed.corrects", referee.Str(p.Name)), referee.Seat(seat),
		referee.Text("runner.misnamed.drew-top", referee.Str(drawn), referee.Str(name)))
	return name
}

// deckNames lists, as choices, the cards a deck's records hold that fit:
// its known cards, and while unknown cards remain those of the side of
// unknown count whose type is open.
func (g *Game) deckNames(t *referee.T, d *Deck, side Side, fits func(*Card) bool) referee.Choices[cardName] {
	c := referee.Choose[cardName](t)
	var names []string
	for _, n := range d.Known {
		if fits(g.card(n)) {
			names = append(names, n)
		}
	}
	for i := range g.cards {
		if k := &g.cards[i]; k.Side == side && k.Copies == 0 && k.InDeck() && g.mayBeUnknown(d, k.Type) && fits(k) {
			names = append(names, k.Name)
		}
	}
	for _, n := range distinct(names) {
		c.Add(cardName(n), asName(n))
	}
	return c
}

// enterableFor reports whether a card typed in could be of one of types.
func (g *Game) enterableFor(d *Deck, types []CardType) bool { return len(g.enterable(d, types)) > 0 }

// mayBeMisnamed reports whether a crown question that lists from its
// records offers "named wrongly": the hand holds named cards
// and the deck's records hold a card that fits, or a card of types could
// be typed in.
func (g *Game) mayBeMisnamed(seat int, fits func(*Card) bool, types []CardType) bool {
	p := g.Players[seat]
	if !g.namedHand(seat) || len(p.Hand) == 0 {
		return false
	}
	d := &p.Deck
	if g.enterableFor(d, types) {
		return true
	}
	for _, n := range d.Known {
		if fits(g.card(n)) {
			return true
		}
	}
	for i := range g.cards {
		if k := &g.cards[i]; k.Side == sideOf(seat) && k.Copies == 0 && k.InDeck() && g.mayBeUnknown(d, k.Type) && fits(k) {
			return true
		}
	}
	return false
}

// secretName asks the seat in secret to pick one of names (asked even
// for one: the question is the crown's correction, and it is the
// player's to confirm).
func (g *Game) secretName(t *referee.T, id string, seat int, text referee.Msg, rule string, names []string) string {
	c := referee.Choose[cardName](t)
	for _, n := range distinct(names) {
		c.Add(cardName(n), asName(n))
	}
	return string(c.Pick(t, referee.Question{ID: id, Actor: referee.Seat(seat), Secret: true, Prompt: text, Rule: rule}))
}
