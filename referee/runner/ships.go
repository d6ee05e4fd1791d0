package runner

import (
	"rumref/referee"
)

// shipsWithRoom lists ships with a free crew slot, other than skip.
func (g *Game) shipsWithRoom(skip *ShipPiece) []*ShipPiece {
	var out []*ShipPiece
	for _, s := range g.Ships {
		if s != skip && g.hasRoom(s) {
			out = append(out, s)
		}
	}
	return out
}

// roomBesides reports whether a ship other than skip has a free crew slot.
func (g *Game) roomBesides(skip *ShipPiece) bool {
	for _, s := range g.Ships {
		if s != skip && g.hasRoom(s) {
			return true
		}
	}
	return false
}

// hasRoom reports whether ship s has a free crew slot.
func (g *Game) hasRoom(s *ShipPiece) bool { return len(s.Crew) < g.card(s.Name).Slots }

// playShip puts one ship from hand into play, paying its cost (rule 34).
func (g *Game) playShip(t *referee.T) bool {
	p := g.pirate()
	name := g.chooseFromHand(t, "ship.card", PirateSeat, referee.Text("runner.ship.which", referee.Str(p.Name)), "rr.ship", true, []CardType{Ship}, g.affordable(Ship))
	if name == "" {
		return false
	}
	c := g.card(name)
	g.takeFromHand(PirateSeat, name)
	p.Supply -= c.Cost
	s := &ShipPiece{Piece: *g.newPiece(name)}
	s.Up = true
	g.Ships = append(g.Ships, s)
	t.Say("rr.ship", referee.Text("runner.ship.played", referee.Int(c.Cost), referee.Str(name), referee.Int(s.ID), referee.Count(c.Slots, "runner.noun.crew-slot")))
	return true
}
