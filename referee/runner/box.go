package runner

import (
	"strings"

	"rumref/referee"
)

// Edition is the edition of rumref's Rum Runner questions these rules
// ask, written in every new save (Config.Edition). The rules hold only
// this one: hands are counts for the pirate, whose cards are named when
// they leave the hand, and named in secret at each draw for the crown;
// the engine takes a public question's one legal answer itself; the
// cards a pirate reshuffle removes go back to the box unseen; a crown
// deck that has run out stays out; and with no rum left the table is
// asked to agree a draw. A save of an older edition is carried over by
// journal/migrate or refused there (docs/architecture.md); a change to
// what the table is asked raises Edition and ships with its migration.
const Edition = 5

// deckRanOut reports whether the seat is the crown and its deck has run
// out for good: then no hand shuffle rebuilds it (rule 42).
func (g *Game) deckRanOut(seat int) bool {
	return seat == CrownSeat && g.crown().Deck.Size() == 0
}

// TakesOnlyAnswers lets the engine take a public question's one legal
// answer itself (referee.OnlyAnswers).
func (g *Game) TakesOnlyAnswers() bool { return true }

// typeCount is the number of card types.
const typeCount = int(Crew) + 1

// Pile is a part of the box that holds a fixed number of cards of each
// type: a deck, the starting hazards or the starting ships (rulings A3).
type Pile int

// The piles of the box.
const (
	CrownDeck Pile = iota
	PirateDeck
	StartingHazards
	StartingShips
)

var pileNames = []string{"crown deck", "pirate deck", "starting hazards", "starting ships"}

// String names the pile.
func (p Pile) String() string { return enumString(pileNames, int(p)) }

// term is the pile's name as a player reads it.
func (p Pile) term() referee.Msg {
	return referee.Text("runner.pile." + strings.ReplaceAll(p.String(), " ", "-"))
}

// boxCounts holds how many cards of each type each pile of the box holds.
var boxCounts = [...][typeCount]int{
	CrownDeck:       {Investment: 13, Hazard: 11, Event: 3},
	PirateDeck:      {Ship: 6, Crew: 11, Event: 5},
	StartingHazards: {Hazard: 4},
	StartingShips:   {Ship: 2},
}

// PileOf is the pile a card of the catalog belongs to; ok is false for an
// island, which is in no pile.
func PileOf(c *Card) (p Pile, ok bool) {
	switch {
	case c.Type == Island:
		return 0, false
	case c.Starting && c.Side == CrownSide:
		return StartingHazards, true
	case c.Starting:
		return StartingShips, true
	case c.Side == CrownSide:
		return CrownDeck, true
	}
	return PirateDeck, true
}

// BoxCount is how many cards of a type the box puts in a pile.
func BoxCount(p Pile, ty CardType) int { return boxCounts[p][ty] }

// PileTypes lists the card types a pile of the box holds.
func PileTypes(p Pile) []CardType {
	var out []CardType
	for ty := range typeCount {
		if boxCounts[p][ty] > 0 {
			out = append(out, CardType(ty))
		}
	}
	return out
}

// listed sums, per pile and type, the copies the catalog names.
func listed(cards []Card) (n [len(boxCounts)][typeCount]int) {
	for i := range cards {
		c := &cards[i]
		if p, ok := PileOf(c); ok {
			n[p][c.Type] += c.Copies
		}
	}
	return n
}

// Counts is how many cards of a type the game's pile holds: the box count,
// or more when the catalog lists more and the game was started with
// BeyondBox.
func (c Config) Counts(p Pile, ty CardType) int {
	n := BoxCount(p, ty)
	if c.BeyondBox && (p == CrownDeck || p == PirateDeck) {
		n = max(n, listed(c.Cards)[p][ty])
	}
	return n
}

// CheckBox reports the first pile in which the catalog lists more cards of
// a type than the box holds, or a type the box does not put there, with
// the cards that add up to it.
func CheckBox(cards []Card) error { return checkBox(cards, false) }

// checkBox is CheckBox; beyond lets the two decks hold more than the box
// (the starting piles never may: the table has one place per card).
func checkBox(cards []Card, beyond bool) error {
	n := listed(cards)
	var faults []referee.Msg
	deck := false
	for p := range boxCounts {
		if beyond && (Pile(p) == CrownDeck || Pile(p) == PirateDeck) {
			continue
		}
		for ty := range typeCount {
			if n[p][ty] <= boxCounts[p][ty] {
				continue
			}
			var names []referee.Msg
			for i := range cards {
				c := &cards[i]
				if q, ok := PileOf(c); ok && q == Pile(p) && c.Type == CardType(ty) && c.Copies > 0 {
					names = append(names, referee.Text("runner.err.box.copies", referee.Str(c.Name), referee.Int(c.Copies)))
				}
			}
			deck = deck || Pile(p) == CrownDeck || Pile(p) == PirateDeck
			faults = append(faults, referee.Text("runner.err.box.fault", referee.Sub(Pile(p).term()), referee.Int(n[p][ty]), referee.Sub(CardType(ty).term()),
				referee.List(names, ", ", ", "), referee.Int(boxCounts[p][ty])))
		}
	}
	if len(faults) == 0 {
		return nil
	}
	if !deck {
		return errorf("runner.err.box", referee.List(faults, "; ", "; "))
	}
	return errorf("runner.err.box-decks", referee.List(faults, "; ", "; "))
}

// beyondNote names, for the status, the piles that hold more cards than
// the box because the game was started with BeyondBox (zero without it).
func (g *Game) beyondNote() referee.Msg {
	if !g.Config.BeyondBox {
		return referee.Msg{}
	}
	n := listed(g.Config.Cards)
	var parts []referee.Msg
	for p := range boxCounts {
		for ty := range typeCount {
			if n[p][ty] > boxCounts[p][ty] {
				parts = append(parts, referee.Text("runner.beyond.pile", referee.Sub(Pile(p).term()), referee.Int(n[p][ty]), referee.Sub(CardType(ty).term()), referee.Int(boxCounts[p][ty])))
			}
		}
	}
	if len(parts) == 0 {
		return referee.Text("runner.beyond.none")
	}
	return referee.Text("runner.beyond", referee.List(parts, "; ", "; "))
}
