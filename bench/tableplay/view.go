package main

import (
	"slices"
	"strconv"
	"strings"

	"rumref/referee/runner"
	"rumref/setup"
)

// runnerView is the part of a Rum Runner player's own view (peek) the
// policy reads; its fields are the same at 221e179 and today.
type runnerView struct {
	Players []side `json:"players"`
	Islands []struct {
		Name    string         `json:"name"`
		Card    *cardOnIsland  `json:"card"`
		Hazards []cardOnIsland `json:"hazards"`
	} `json:"islands"`
	Ships []ship `json:"ships"`
}

// side is a seat's own side in the view.
type side struct {
	Supply   int      `json:"supply"`
	HandSize int      `json:"hand_size"`
	Hand     []string `json:"hand"`
	Unnamed  int      `json:"unnamed"`
	Deck     int      `json:"deck"`
	seat     int
}

type ship struct {
	Coins int      `json:"coins"`
	Slots int      `json:"slots"`
	Crew  []string `json:"crew"`
}

// cardOnIsland is an island's investment or one of its hazards, as the
// crown's view shows it.
type cardOnIsland struct {
	ID    int  `json:"id"`
	Coins int  `json:"coins"`
	Cost  int  `json:"cost"`
	Up    bool `json:"face_up"`
}

// needsView reports whether the policy reads the player's view for a
// question.
func needsView(id string) bool {
	return id == "action" || id == "invest.card" || id == "hazard.island" || id == "raid.raise"
}

// anyCard reports whether the view shows an investment for which f
// holds (false when there is no view).
func (v *runnerView) anyCard(f func(c *cardOnIsland) bool) bool {
	if v != nil {
		for _, is := range v.Islands {
			if is.Card != nil && f(is.Card) {
				return true
			}
		}
	}
	return false
}

// fundedFaceDown reports whether the crown's view shows a face-down
// investment holding its price.
func (v *runnerView) fundedFaceDown() bool {
	return v.anyCard(func(c *cardOnIsland) bool { return !c.Up && c.Coins >= c.Cost })
}

func (v *runnerView) anyUnderfunded() bool {
	return v.anyCard(func(c *cardOnIsland) bool { return c.Coins < c.Cost })
}

// raisable reports whether an option key ("c" and a card's ID) is a
// face-down hazard the crown's view shows it can pay to raise.
func (v *runnerView) raisable(key string) bool {
	if v == nil || len(v.Players) == 0 {
		return false
	}
	for _, is := range v.Islands {
		for _, h := range is.Hazards {
			if "c"+strconv.Itoa(h.ID) == key {
				return !h.Up && h.Cost <= v.Players[0].Supply+h.Coins
			}
		}
	}
	return false
}

// cardTypes are the types of the built-in catalog's cards, by name.
var cardTypes = func() map[string]string {
	m := map[string]string{}
	cards, err := setup.RunnerCatalog(nil)
	if err != nil {
		return m
	}
	for _, c := range cards {
		m[c.Name] = c.Type.String()
	}
	return m
}()

// me is the view of a seat's own side (zero when there is no view).
func (v *runnerView) me(seat int) side {
	if v == nil || seat >= len(v.Players) {
		return side{}
	}
	s := v.Players[seat]
	s.seat = seat
	return s
}

// deckShare is the share of each card type in each side's deck (by the
// box counts, runner.BoxCount), by seat.
var deckShare = func() (share [2]map[string]float64) {
	for seat, pile := range [2]runner.Pile{runner.CrownSeat: runner.CrownDeck, runner.PirateSeat: runner.PirateDeck} {
		total := 0
		for _, ty := range runner.PileTypes(pile) {
			total += runner.BoxCount(pile, ty)
		}
		share[seat] = map[string]float64{}
		for _, ty := range runner.PileTypes(pile) {
			share[seat][ty.String()] = float64(runner.BoxCount(pile, ty)) / float64(total)
		}
	}
	return share
}()

// holds reports whether the hand holds a card of a type: one named in the
// view, or (where rumref names a drawn card only when it leaves the hand)
// with the odds that one of the cards the player drew is one, which the
// person playing would see in their hand. The card question that follows
// lists every card of the type the hand can hold; the policy names one.
func (p *policy) holds(s side, ty string) bool {
	for _, n := range s.Hand {
		if cardTypes[n] == ty {
			return true
		}
	}
	if s.Unnamed == 0 {
		return false
	}
	none := 1.0
	for range s.Unnamed {
		none *= 1 - deckShare[s.seat][ty]
	}
	return p.rnd.Float64() >= none
}

// underfunded reports whether an option key ("c" and a card's ID) is an
// investment with fewer coins than its price.
func (v *runnerView) underfunded(key string) bool {
	if v == nil {
		return false
	}
	for _, is := range v.Islands {
		if c := is.Card; c != nil && "c"+strconv.Itoa(c.ID) == key {
			return c.Coins < c.Cost
		}
	}
	return false
}

// holdsCard reports whether the island of an option key ("i" and its
// number) holds an investment.
func (v *runnerView) holdsCard(key string) bool {
	if v == nil || !strings.HasPrefix(key, "i") {
		return false
	}
	for i, is := range v.Islands {
		if "i"+strconv.Itoa(i+1) == key {
			return is.Card != nil
		}
	}
	return false
}

// anyShip reports whether the view shows a ship for which f holds.
func (v *runnerView) anyShip(f func(ship) bool) bool {
	return v != nil && slices.ContainsFunc(v.Ships, f)
}

// freeSlot reports whether some ship has room for a crew.
func (v *runnerView) freeSlot() bool {
	return v.anyShip(func(s ship) bool { return len(s.Crew) < s.Slots })
}

// readyShip reports whether some ship could raid now (no coins, a crew):
// the pirate's events (Treasure Map) need one.
func (v *runnerView) readyShip() bool {
	return v.anyShip(func(s ship) bool { return s.Coins == 0 && len(s.Crew) > 0 })
}
