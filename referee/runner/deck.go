package runner

import (
	"slices"

	"rumref/referee"
)

// Deck is a face-down pile. The referee knows some of the identities in it
// (Known, one entry per card) and only the number of the rest (Unknown):
// cards whose box count is not known and cards the catalog lacks.
type Deck struct {
	Known   []string `json:"known,omitempty"`
	Unknown int      `json:"unknown"`
	// Open counts the unknown cards by type, held to the box counts
	// (rulings A3): a draw can be a card of a type only while unknown
	// cards of that type are left.
	Open [typeCount]int `json:"open"`
	// Held counts the cards drawn from the deck into its owner's hand and
	// not named yet (the pirate's): Known, Unknown and Open count them with
	// the deck, since which of the deck's cards they are is known only
	// when they are named.
	Held int `json:"held,omitempty"`
	// Boxed counts the cards a pirate reshuffle put back in the box
	// unseen: like Held, Known, Unknown and Open count them
	// with the deck, since nobody saw which they were.
	Boxed int `json:"boxed,omitempty"`
}

// UnknownOf is the number of unknown cards of a type left in the deck (in
// a game held to the box counts).
func (d *Deck) UnknownOf(ty CardType) int { return d.Open[ty] }

// Size is the number of cards in the deck (not counting those Held or
// Boxed).
func (d *Deck) Size() int { return len(d.Known) + d.Unknown - d.Held - d.Boxed }

// unlistedKey is the option key for "a card not in the list".
const unlistedKey = "unlisted"

// unlistedName is the deck option of a card not in the list.
const unlistedName cardName = unlistedKey

// deckOptions lists what the next card of a deck can be: the known
// identities, and while unknown cards remain, every card of the side whose
// count is open plus "a card not in the list".
// In a game held to the box counts (rulings A3, A4) an unknown card can
// only be of a type with unknown cards left, so a type whose list is
// complete (every investment, every ship) is never offered as unknown.
func (g *Game) deckOptions(t *referee.T, d *Deck, side Side, open func(*Card) bool, types []CardType) referee.Choices[cardName] {
	opts := referee.Choose[cardName](t)
	names := distinct(d.Known)
	if d.Unknown > 0 {
		for i := range g.cards {
			c := &g.cards[i]
			if c.Side == side && c.Copies == 0 && open(c) && g.mayBeUnknown(d, c.Type) && !slices.Contains(names, c.Name) {
				names = append(names, c.Name)
			}
		}
		slices.Sort(names)
	}
	for _, n := range names {
		opts.Add(cardName(n), asName(n))
	}
	if len(g.enterable(d, types)) > 0 {
		opts.Add(unlistedName, referee.Text("runner.deck.unlisted"))
	}
	return opts
}

// mayBeUnknown reports whether an unknown card of the deck can be of the type.
func (g *Game) mayBeUnknown(d *Deck, ty CardType) bool {
	return d.Unknown > 0 && d.Open[ty] > 0
}

// enterable lists the types a card typed in by hand may have: those of
// types with unknown cards left in the deck.
func (g *Game) enterable(d *Deck, types []CardType) []CardType {
	var out []CardType
	for _, ty := range types {
		if g.mayBeUnknown(d, ty) {
			out = append(out, ty)
		}
	}
	return out
}

// takeFromDeck asks which card came off the deck and removes it. Types
// limits what an unlisted card may be.
func (g *Game) takeFromDeck(t *referee.T, d *Deck, side Side, open func(*Card) bool, types []CardType,
	q referee.Question) string {
	opts := g.deckOptions(t, d, side, open, types)
	// The crown's own deck: a card its records hold in hand
	// may be the one on top, if a draw was named wrongly.
	seat := int(side)
	misnamed := q.Secret && q.Actor == referee.Seat(seat) && d == &g.Players[seat].Deck && g.namedHand(seat) && len(g.Players[seat].Hand) > 0
	if misnamed {
		opts.Add(misnamedName, referee.Text("runner.deck.misnamed"))
	}
	var name string
	n := opts.Pick(t, q)
	if n == misnamedName {
		return g.heldNamedWrongly(t, seat, d)
	}
	if n == unlistedName {
		name = g.enterCard(t, int(q.Actor), side, types, g.enterable(d, types), q.Secret)
	} else {
		name = g.cardBySlug(n.Key()).Name
	}
	g.takeName(d, name)
	return name
}

// takeName takes a card known by name out of the deck's counts.
func (g *Game) takeName(d *Deck, name string) {
	if k, ok := removeName(d.Known, name); ok {
		d.Known = k
	} else {
		d.Unknown--
		d.Open[g.card(name).Type]--
	}
}

func deckCard(c *Card) bool { return c.InDeck() }

func sideDeckTypes(side Side) []CardType {
	if side == CrownSide {
		return []CardType{Investment, Hazard, Event}
	}
	return []CardType{Ship, Crew, Event}
}

// draw draws n cards for seat, one question per card, following the deck
// rules of each side. It returns how many cards were drawn.
func (g *Game) draw(t *referee.T, seat, n int) int {
	p := g.Players[seat]
	got := 0
	for ; got < n; got++ {
		if p.Deck.Size() == 0 {
			if seat == CrownSeat {
				t.Say("rr.deck.empty-draw", referee.Text("runner.deck.crown-empty"))
				return got
			}
			if len(p.Discard) == 0 {
				t.Say("rr.deck.empty-draw", referee.Text("runner.deck.pirate-empty"))
				return got
			}
			g.reshuffle(t)
			if p.Deck.Size() == 0 {
				return got
			}
		}
		if seat == PirateSeat {
			// The pirate looks at the card; it is named when it leaves the
			// hand. The crown names each draw (namedHand).
			p.Deck.Held++
			g.note(BoxMove{Kind: "draw", Seat: seat})
			t.Say("rr.draw", referee.Text("runner.draw.drawn", referee.Str(p.Name), referee.Count(p.HandSize(), "runner.noun.card"), referee.Count(p.Deck.Size(), "runner.noun.card")))
			continue
		}
		side := sideOf(seat)
		name := g.takeFromDeck(t, &p.Deck, side, deckCard, sideDeckTypes(side), referee.Question{ID: "draw.card", Actor: referee.Seat(seat), Secret: true, Rule: "rr.draw", Prompt: referee.Text("runner.draw.ask", referee.Str(p.Name))})
		p.Hand = append(p.Hand, name)
		t.Tell("rr.draw", referee.Text("runner.draw.drawn", referee.Str(p.Name), referee.Count(p.HandSize(), "runner.noun.card"), referee.Count(p.Deck.Size(), "runner.noun.card")), referee.Seat(seat), referee.Text("runner.it-is", referee.Str(name)))
	}
	return got
}

// reshuffle turns the pirate discard pile into a new deck and boxes its top
// five cards (rulings A17, A18).
func (g *Game) reshuffle(t *referee.T) {
	p := g.pirate()
	// The deck is empty: what is left of its counts are the cards Held in
	// hand, which stay counted with the new deck.
	g.note(BoxMove{Kind: "reshuffle", Seat: PirateSeat, Names: slices.Clone(p.Discard)})
	p.Deck.Known = append(p.Deck.Known, p.Discard...)
	p.Discard = nil
	n := min(5, p.Deck.Size())
	// Nobody sees the removed cards (rule 44): they stay counted with the
	// deck, as cards that may be anywhere among those unseen.
	t.Say("rr.deck", referee.Text("runner.deck.reshuffle", referee.Count(p.Deck.Size(), "runner.noun.card"), referee.Count(n, "runner.noun.card")))
	p.Deck.Boxed += n
	g.note(BoxMove{Kind: "boxed", Seat: PirateSeat, N: n})
	t.Say("rr.deck.removed", referee.Text("runner.deck.removed", referee.Count(n, "runner.noun.card"), referee.Count(p.Deck.Boxed, "runner.noun.card"), referee.Count(p.Deck.Size(), "runner.noun.card")))
}
