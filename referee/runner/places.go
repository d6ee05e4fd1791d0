package runner

import (
	"iter"

	"rumref/referee"
)

// Place is where a named card lies (NamedCards).
type Place struct {
	Kind PlaceKind
	// Seat is the player whose hand, deck, discard or score pile it is
	// (-1 for the starting hazards' deck).
	Seat int
	// Piece is the card's piece in play (an investment, a hazard, a ship
	// or a crew), nil elsewhere.
	Piece *Piece
}

// PlaceKind is a kind of place a card can be.
type PlaceKind int

const (
	InHand PlaceKind = iota
	InDeck           // named in a deck (its Known cards)
	InDiscard
	InScore
	OnIsland // the investment of an island
	AtIsland // a hazard of an island's row
	AsShip
	OnShip // a crew on a ship
	InRevealed
)

// NamedCards are every card the referee knows the name of, wherever it
// lies: the players' hands, the decks' known cards, discard and score
// piles, the islands' investments and hazards, the ships and their crews,
// those being raided, and the starting hazards named so far; each with
// its place.
func (g *Game) NamedCards() iter.Seq2[string, Place] {
	return func(yield func(string, Place) bool) {
		names := func(l []string, at Place) bool {
			for _, n := range l {
				if !yield(n, at) {
					return false
				}
			}
			return true
		}
		piece := func(p *Piece, kind PlaceKind) bool {
			return p.Name == "" || yield(p.Name, Place{Kind: kind, Seat: -1, Piece: p})
		}
		for seat, p := range g.Players {
			if !names(p.Hand, Place{Kind: InHand, Seat: seat}) || !names(p.Deck.Known, Place{Kind: InDeck, Seat: seat}) ||
				!names(p.Discard, Place{Kind: InDiscard, Seat: seat}) {
				return
			}
			for _, s := range p.Score {
				if !yield(s.Name, Place{Kind: InScore, Seat: seat}) {
					return
				}
			}
		}
		for _, is := range g.Islands {
			if is.Card != nil && !piece(is.Card, OnIsland) {
				return
			}
			for _, h := range is.Hazards {
				if !piece(h, AtIsland) {
					return
				}
			}
		}
		for _, s := range g.Ships {
			if !piece(&s.Piece, AsShip) {
				return
			}
			for _, c := range s.Crew {
				if !piece(c, OnShip) {
					return
				}
			}
		}
		_ = names(g.Revealed, Place{Kind: InRevealed, Seat: -1}) &&
			names(g.Starting.Known, Place{Kind: InDeck, Seat: -1})
	}
}

// seenBy reports whether the viewer sees the name of the card at this
// place, as the view shows it: a hand to its player, a deck's cards to
// nobody, a face-down card in play to the crown, everything else to all.
func (at Place) seenBy(viewer referee.Viewer) bool {
	switch at.Kind {
	case InHand:
		return viewer.Sees(referee.Seat(at.Seat))
	case InDeck:
		return false
	case OnIsland, AtIsland:
		return at.Piece.Up || viewer == CrownSeat
	}
	return true
}
