package runner

import (
	"strings"
	"unicode/utf8"

	"rumref/referee"
	"rumref/safetext"
)

// HomePort is the island that holds the crown deck.
const HomePort = "Home Port"

// IslandCount is the number of islands in play.
const IslandCount = 4

// setup lays out the islands, the face-down starting hazards, the decks,
// the Longboats, the coins and the opening hands (rules 1-5).
func (g *Game) setup(t *referee.T) {
	for i := range g.cards {
		if c := &g.cards[i]; c.Type == Island && len(g.Islands) < IslandCount {
			g.Islands = append(g.Islands, &IslandPlace{Name: c.Name, Home: c.Name == HomePort})
		}
	}
	for n := len(g.Islands) + 1; len(g.Islands) < IslandCount; n++ {
		g.Islands = append(g.Islands, &IslandPlace{Name: english(referee.Text("runner.island.unknown", referee.Int(n))), unknown: n})
	}
	home := false
	for _, is := range g.Islands {
		home = home || is.Home
	}
	if !home {
		g.Islands[0].Home = true
	}
	known := 0
	for i := range g.cards {
		c := &g.cards[i]
		switch {
		case c.Type == Hazard && c.Starting:
			for k := 0; k < c.Copies; k++ {
				g.Starting.Known = append(g.Starting.Known, c.Name)
			}
			known += max(c.Copies, 0)
		case c.Type == Ship && c.Starting:
			for k := 0; k < max(c.Copies, 1); k++ {
				s := &ShipPiece{Piece: *g.newPiece(c.Name)}
				s.Up = true
				g.Ships = append(g.Ships, s)
			}
		case c.InDeck():
			d := &g.Players[int(c.Side)].Deck
			for k := 0; k < c.Copies; k++ {
				d.Known = append(d.Known, c.Name)
			}
		}
	}
	g.Starting.Unknown = max(0, IslandCount-known)
	for _, is := range g.Islands {
		is.Hazards = []*Piece{g.newPiece("")}
	}
	g.openDecks()
	decks := referee.Text("runner.setup.decks", referee.Int(g.crown().Deck.Size()), g.home().term(), referee.Int(len(g.Ships)), referee.Int(g.pirate().Deck.Size()))
	t.Say("rr.setup", referee.Text("runner.setup.intro", referee.Str(g.Config.Crown), referee.Str(g.Config.Pirate), referee.List(g.islandNames(), ", ", ", "), referee.Sub(decks)))
	// Once the four are placed the crown may look at them (rule 3.2):
	// naming them now, in secret, fixes which is where for the game.
	for _, is := range g.Islands {
		g.identify(t, is.Hazards[0], referee.Text("runner.setup.look", is.term()))
	}
	for seat := CrownSeat; seat <= PirateSeat; seat++ {
		g.draw(t, seat, HandLimit)
	}
	if g.Config.Mulligan {
		for seat := CrownSeat; seat <= PirateSeat; seat++ {
			g.mulligan(t, seat)
		}
	}
}

// openDecks counts the unknown cards of each deck and of the starting
// hazards by type: what the box holds less what the catalog names
// (rulings A3).
func (g *Game) openDecks() {
	n := listed(g.cards)
	for _, d := range []struct {
		deck *Deck
		pile Pile
	}{{&g.crown().Deck, CrownDeck}, {&g.pirate().Deck, PirateDeck}, {&g.Starting, StartingHazards}} {
		d.deck.Unknown = 0
		for _, ty := range PileTypes(d.pile) {
			d.deck.Open[ty] = max(0, g.Config.Counts(d.pile, ty)-n[d.pile][ty])
			d.deck.Unknown += d.deck.Open[ty]
		}
	}
}

// mulligan lets a player pay 1 coin to shuffle the hand back and draw 5
// again, as often as they can pay (rulings A2).
func (g *Game) mulligan(t *referee.T, seat int) {
	p := g.Players[seat]
	for p.Supply >= 1 {
		if !yes(t, referee.Question{ID: "setup.mulligan", Rule: "rr.mulligan", Prompt: referee.Text("runner.setup.mulligan", referee.Str(p.Name), referee.Count(p.Supply, "runner.noun.coin"))},
			seat, referee.Text("runner.setup.mulligan.yes"), referee.Text("runner.setup.mulligan.no")) {
			return
		}
		p.Supply--
		g.note(BoxMove{Kind: "shuffle-hand", Seat: seat})
		p.shuffleHandIn()
		t.Say("rr.mulligan", referee.Text("runner.setup.mulliganed", referee.Str(p.Name)))
		g.draw(t, seat, HandLimit)
	}
}

func (g *Game) home() *IslandPlace {
	for _, is := range g.Islands {
		if is.Home {
			return is
		}
	}
	return g.Islands[0]
}

func (g *Game) islandNames() []referee.Msg {
	names := make([]referee.Msg, len(g.Islands))
	for i, is := range g.Islands {
		names[i] = referee.Text("runner.name", is.term())
	}
	return names
}

// term is the island's name as an argument of a message: as printed, or
// "Island 4 (name unknown)" in the reader's language for an island the
// catalog does not name.
func (is *IslandPlace) term() referee.Arg {
	if is.unknown > 0 {
		return referee.Sub(referee.Text("runner.island.unknown", referee.Int(is.unknown)))
	}
	return referee.Str(is.Name)
}

// IslandCard is the card of an island whose printed name the catalog does
// not know (the fourth island, named with rumref new runner --island): it
// refuses a name that is too long, has no letter or digit, or is already
// a card's name in cards.
func IslandCard(cards []Card, name string) (Card, error) {
	// The characters are checked before any trimming, as for every name.
	if err := safetext.Check(name); err != nil {
		return Card{}, wrapf(err, "runner.err.island-name")
	}
	name = strings.TrimSpace(name)
	if n := utf8.RuneCountInString(name); n > MaxNameLength {
		return Card{}, errorf("runner.err.island-long", referee.Int(n), referee.Int(MaxNameLength))
	}
	k := slug(name)
	if k == "" {
		return Card{}, errorf("runner.err.island-letters")
	}
	islands := 0
	for i := range cards {
		if slug(cards[i].Name) == k {
			return Card{}, errorf("runner.err.island-taken", referee.Str(cards[i].Name))
		}
		if cards[i].Type == Island {
			islands++
		}
	}
	if islands >= IslandCount {
		return Card{}, errorf("runner.err.island-none", referee.Int(islands))
	}
	return Card{Name: name, Side: CrownSide, Type: Island, Copies: 1}, nil
}
