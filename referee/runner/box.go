package runner

import (
	"fmt"
	"strings"
)

// Edition is the edition of these rules a new game is started under, kept
// in the save (Config.Edition). A save without one (edition 0) was started
// before the box counts: it replays as it was played, with draws not held
// to the box counts, any type allowed for a card typed in by hand, and the
// starting hazards named only when they first matter. Edition 2 asks the
// table less (issue 12): the engine takes a public question's one legal
// answer itself (TakesOnlyAnswers), the crown's "reveal a funded
// investment?" comes only when a face-down investment holds enough coins
// to be funded, the pirate looks at a Treasure Map card in a secret
// question of their own (so it is shown to them at once), and the
// face-down cards are turned over when the game ends. Edition 3 holds
// each hand as a count (cardsNamedOnLeaving): a player draws and looks,
// and the referee asks nothing at the draw; a card is named when it
// leaves the hand, in public wherever it goes face-up (every card the
// pirate plays or discards, the crown's events), in secret where it goes
// face-down or stays hidden (the crown's investments, hazards and
// discard choice). Edition 4 offers the crown's "play investments" and
// "play a hazard" only while its hand and deck can still hold a card of
// the type by the counts the table sees (crownPlacesByCounts); edition 3
// saves, written before that, offered them whenever the hand held a card.
// Edition 5 asks the table nothing the rules keep hidden and leaves
// the table's decisions to the table (issue 21): the 5 cards a pirate
// reshuffle removes go back to the box unseen and unnamed (boxesUnseen);
// the crown names each card it draws, in secret, so that what its deck
// can still give at a Home Port raid is exactly what the deck holds
// (crownNamesDraws); a crown deck that has run out stays out, so a rum's
// hand shuffle is not offered then (deckStaysOut); and when no rum is
// left the table is asked to agree a draw or play on (tableAgreesDraw).
// Saves of editions 0 to 4 replay with the questions they were played
// with.
const Edition = 5

// cardsNamedOnLeaving reports whether hands are counts and cards are named
// when they leave the hand (edition 3, see Edition).
func (g *Game) cardsNamedOnLeaving() bool { return g.Config.Edition >= 3 }

// crownPlacesByCounts reports whether the crown's placing actions are
// offered by the counts the table sees (edition 4, see Edition).
func (g *Game) crownPlacesByCounts() bool { return g.Config.Edition >= 4 }

// boxesUnseen reports whether the cards a pirate reshuffle removes go
// back to the box unseen, never named (edition 5, see Edition).
func (g *Game) boxesUnseen() bool { return g.Config.Edition >= 5 }

// crownNamesDraws reports whether the crown names each card it draws, in
// secret (edition 5, see Edition); the pirate's draws stay counts.
func (g *Game) crownNamesDraws() bool { return g.Config.Edition >= 5 }

// deckStaysOut reports whether a crown deck that has run out stays out:
// no hand shuffle rebuilds it (edition 5, see Edition).
func (g *Game) deckStaysOut() bool { return g.Config.Edition >= 5 }

// deckRanOut reports whether the seat is the crown and its deck has run
// out for good (edition 5): then no hand shuffle rebuilds it (rule 42).
func (g *Game) deckRanOut(seat int) bool {
	return seat == CrownSeat && g.deckStaysOut() && g.crown().Deck.Size() == 0
}

// tableAgreesDraw reports whether the table, not rumref, decides on a
// draw when no rum is left (edition 5, see Edition).
func (g *Game) tableAgreesDraw() bool { return g.Config.Edition >= 5 }

// asksLess reports whether the game was started under edition 2 or
// later (see Edition).
func (g *Game) asksLess() bool { return g.Config.Edition >= 2 }

// TakesOnlyAnswers lets the engine take a public question's one legal
// answer itself from edition 2 on (referee.OnlyAnswers).
func (g *Game) TakesOnlyAnswers() bool { return g.asksLess() }

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
	var faults []string
	deck := false
	for p := range boxCounts {
		if beyond && (Pile(p) == CrownDeck || Pile(p) == PirateDeck) {
			continue
		}
		for ty := range typeCount {
			if n[p][ty] <= boxCounts[p][ty] {
				continue
			}
			var names []string
			for i := range cards {
				c := &cards[i]
				if q, ok := PileOf(c); ok && q == Pile(p) && c.Type == CardType(ty) && c.Copies > 0 {
					names = append(names, fmt.Sprintf("%s %d", c.Name, c.Copies))
				}
			}
			deck = deck || Pile(p) == CrownDeck || Pile(p) == PirateDeck
			faults = append(faults, fmt.Sprintf("the %s would hold %d %s cards (%s), but the box holds %d",
				Pile(p), n[p][ty], CardType(ty), strings.Join(names, ", "), boxCounts[p][ty]))
		}
	}
	if len(faults) == 0 {
		return nil
	}
	if !deck {
		return fmt.Errorf("%s: lower the copies", strings.Join(faults, "; "))
	}
	return fmt.Errorf("%s: lower the copies, or start with --beyond-box to play with more cards than the box holds",
		strings.Join(faults, "; "))
}

// beyondNote names, for the status, the piles that hold more cards than
// the box because the game was started with BeyondBox.
func (g *Game) beyondNote() string {
	if !g.Config.BeyondBox {
		return ""
	}
	n := listed(g.Config.Cards)
	var parts []string
	for p := range boxCounts {
		for ty := range typeCount {
			if n[p][ty] > boxCounts[p][ty] {
				parts = append(parts, fmt.Sprintf("%s: %d %s (the box has %d)", Pile(p), n[p][ty], CardType(ty), boxCounts[p][ty]))
			}
		}
	}
	if len(parts) == 0 {
		return "Started with --beyond-box, but every pile holds what the box holds."
	}
	return "Played with more cards than the box holds (--beyond-box): " + strings.Join(parts, "; ") + "."
}

// boxed reports whether the game holds its piles to the box counts (every
// game started under edition 1 or later).
func (g *Game) boxed() bool { return g.Config.Edition >= 1 }
