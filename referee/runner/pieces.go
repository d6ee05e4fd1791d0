package runner

import (
	"slices"

	"rumref/referee"
)

// pieceKeys are the option keys of the cards in play ("c" and the ID),
// made once.
var pieceKeys = referee.NewKeys("c", 256)

// Key is the stable option key of a card in play; no card (nil) is "done".
func (p *Piece) Key() string {
	if p == nil {
		return "done"
	}
	return pieceKeys.Of(p.ID)
}

// crownPieces lists the crown's cards in play: investments, then hazards,
// island by island.
func (g *Game) crownPieces() []*Piece {
	var out []*Piece
	for _, is := range g.Islands {
		if is.Card != nil {
			out = append(out, is.Card)
		}
		out = append(out, is.Hazards...)
	}
	return out
}

// crownHasPieces reports whether the crown has a card in play (crownPieces
// is not empty).
func (g *Game) crownHasPieces() bool {
	for _, is := range g.Islands {
		if is.Card != nil || len(is.Hazards) > 0 {
			return true
		}
	}
	return false
}

// hazardPieces lists every hazard in play.
func (g *Game) hazardPieces() []*Piece {
	var out []*Piece
	for _, is := range g.Islands {
		out = append(out, is.Hazards...)
	}
	return out
}

func (g *Game) shipPieces(ships []*ShipPiece) []*Piece {
	out := make([]*Piece, 0, len(ships))
	for _, s := range ships {
		out = append(out, &s.Piece)
	}
	return out
}

// crewOf lists the crew on the given ships.
func crewOf(ships []*ShipPiece) []*Piece {
	var out []*Piece
	for _, s := range ships {
		out = append(out, s.Crew...)
	}
	return out
}

// hasCrew reports whether a crew sits on one of the ships (crewOf is not
// empty).
func hasCrew(ships []*ShipPiece) bool {
	for _, s := range ships {
		if len(s.Crew) > 0 {
			return true
		}
	}
	return false
}

// locate finds where a crown piece sits: its island, and its index in the
// hazard row (-1 for the investment slot).
func (g *Game) locate(p *Piece) (*IslandPlace, int) {
	for _, is := range g.Islands {
		if is.Card == p {
			return is, -1
		}
		if i := slices.Index(is.Hazards, p); i >= 0 {
			return is, i
		}
	}
	return nil, -1
}

// shipOf finds the ship a piece is (the ship itself or the ship a crew sits on).
func (g *Game) shipOf(p *Piece) *ShipPiece {
	for _, s := range g.Ships {
		if &s.Piece == p || slices.Contains(s.Crew, p) {
			return s
		}
	}
	return nil
}

// labelMsg is label as a message, formatted when shown.
func (g *Game) labelMsg(p *Piece) referee.Msg {
	coins := referee.Count(p.Coins, "runner.noun.coin")
	if is, i := g.locate(p); is != nil {
		if i < 0 {
			if p.Up {
				return referee.Text("runner.piece.investment", referee.Str(p.Name), is.term(), coins)
			}
			return referee.Text("runner.piece.investment-down", is.term(), coins)
		}
		if p.Up {
			return referee.Text("runner.piece.hazard", referee.Str(p.Name), referee.Int(i+1), referee.Int(len(is.Hazards)), is.term(), coins)
		}
		return referee.Text("runner.piece.hazard-down", referee.Int(i+1), referee.Int(len(is.Hazards)), is.term(), coins)
	}
	if s := g.shipOf(p); s != nil && &s.Piece != p {
		return referee.Text("runner.piece.crew", referee.Str(p.Name), referee.Str(s.Name), referee.Int(s.ID))
	}
	return referee.Text("runner.piece.ship", referee.Str(p.Name), referee.Int(p.ID), coins)
}

// shipChoice describes a ship offered in a choice: its coins, its crew
// and free slots, and the skill icons of the ship and its crew together.
func (g *Game) shipChoice(s *ShipPiece) referee.Msg {
	crew := referee.Text("runner.ship.no-crew")
	if len(s.Crew) > 0 {
		crew = referee.Text("runner.ship.crew", referee.Words(pieceNames(s.Crew), ", ", ", "))
	}
	nav, com := 0, 0
	for _, p := range append([]*Piece{&s.Piece}, s.Crew...) {
		if c := g.card(p.Name); c != nil {
			nav, com = nav+c.Navigation, com+c.Combat
		}
	}
	free := 0
	if c := g.card(s.Name); c != nil {
		free = max(0, c.Slots-len(s.Crew))
	}
	return referee.Text("runner.ship.choice", referee.Str(s.Name), referee.Int(s.ID), referee.Count(s.Coins, "runner.noun.coin"), referee.Sub(crew), referee.Count(free, "runner.noun.slot"), referee.Sub(skills(nav, com)))
}

// skills names a number of navigation and combat icons: "2 navigation,
// 1 combat", "no skills".
func skills(nav, com int) referee.Msg {
	switch {
	case nav > 0 && com > 0:
		return referee.Text("runner.skills.both", referee.Int(nav), referee.Int(com))
	case nav > 0:
		return referee.Text("runner.skills.navigation", referee.Int(nav))
	case com > 0:
		return referee.Text("runner.skills.combat", referee.Int(com))
	}
	return referee.Text("runner.skills.none")
}

// pieceNames lists the names of pieces.
func pieceNames(ps []*Piece) []string {
	names := make([]string, len(ps))
	for i, c := range ps {
		names[i] = c.Name
	}
	return names
}

// choosePiece asks the actor to pick one of the pieces; done adds a "none"
// option and returns nil when taken.
func (g *Game) choosePiece(t *referee.T, id string, actor int, text referee.Msg, rule string, pieces []*Piece, done referee.Msg) *Piece {
	if len(pieces) == 1 && done.IsZero() {
		return pieces[0]
	}
	c := referee.Choose[*Piece](t)
	for _, p := range pieces {
		if s := g.shipOf(p); s != nil && &s.Piece == p {
			c.Add(p, g.shipChoice(s))
			continue
		}
		c.Add(p, g.labelMsg(p))
	}
	if !done.IsZero() {
		c.Add(nil, done)
	}
	return c.Pick(t, referee.Question{ID: id, Actor: referee.Seat(actor), Prompt: text, Rule: rule})
}

// chooseName asks the actor, in public, to pick a card name from a list
// of cards the table sees (a discard pile); a list of one name is taken
// without asking. A hand's card is picked with pickFromHand.
func (g *Game) chooseName(t *referee.T, id string, actor int, text referee.Msg, rule string, names []string) string {
	d := distinct(names)
	if len(d) == 1 {
		return d[0]
	}
	c := referee.Choose[cardName](t)
	for _, n := range d {
		c.Add(cardName(n), asName(n))
	}
	return string(c.Pick(t, referee.Question{ID: id, Actor: referee.Seat(actor), Prompt: text, Rule: rule}))
}

// takeOff removes a crown piece from the table; its coins go to the bank.
func (g *Game) takeOff(p *Piece) {
	is, i := g.locate(p)
	if is == nil {
		return
	}
	if i < 0 {
		is.Card = nil
	} else {
		is.Hazards = slices.Delete(is.Hazards, i, i+1)
	}
	p.Coins = 0
}

// identify asks the crown to name a starting hazard it has just placed,
// in secret (at the setup: every hazard in play is named from then on).
func (g *Game) identify(t *referee.T, p *Piece, why referee.Msg) {
	startingOnly := func(c *Card) bool { return c.Type == Hazard && c.Starting }
	p.Name = g.takeFromDeck(t, &g.Starting, CrownSide, startingOnly, []CardType{Hazard}, referee.Question{ID: "hazard.identify", Actor: CrownSeat, Secret: true, Rule: "rr.setup", Prompt: referee.Text("runner.setup.identify", referee.Str(g.crown().Name), referee.Sub(why))})
	if c := g.card(p.Name); c.Unlisted {
		c.Starting = true
	}
}

// trashCrown trashes a crown piece to the crown discard pile.
func (g *Game) trashCrown(t *referee.T, p *Piece, rule string) {
	desc := g.labelMsg(p)
	g.takeOff(p)
	g.crown().Discard = append(g.crown().Discard, p.Name)
	t.Say(rule, referee.Text("runner.trash.crown", referee.Sub(desc)))
}

// trashShip trashes a ship; its crew go to the pirate's hand or discard pile.
func (g *Game) trashShip(t *referee.T, s *ShipPiece, crewToHand bool, rule string) {
	p := g.pirate()
	names := []string{}
	for _, c := range s.Crew {
		names = append(names, c.Name)
	}
	if crewToHand {
		p.Hand = append(p.Hand, names...)
	} else {
		p.Discard = append(p.Discard, names...)
	}
	p.Discard = append(p.Discard, s.Name)
	g.Ships = slices.DeleteFunc(g.Ships, func(x *ShipPiece) bool { return x == s })
	if g.Raid != nil {
		g.Raid.Party = slices.DeleteFunc(g.Raid.Party, func(x *ShipPiece) bool { return x == s })
	}
	key := "runner.trash.ship"
	if crewToHand {
		key = "runner.trash.ship-hand"
	}
	t.Say(rule, referee.Text(key, referee.Str(s.Name), referee.Int(s.ID), referee.Int(len(names))))
}

// trashCrew trashes one crew from its ship.
func (g *Game) trashCrew(t *referee.T, c *Piece, rule string) {
	s := g.shipOf(c)
	desc := g.labelMsg(c)
	if s != nil {
		s.Crew = slices.DeleteFunc(s.Crew, func(x *Piece) bool { return x == c })
	}
	g.pirate().Discard = append(g.pirate().Discard, c.Name)
	t.Say(rule, referee.Text("runner.trash.crew", referee.Sub(desc)))
}
