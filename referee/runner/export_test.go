package runner

import (
	"rumref/locale"
	"rumref/referee"
)

// Scenario runs one procedure of the rules on a prepared table, so tests
// can build a state directly and drive a single step through questions.
type Scenario struct {
	G   *Game
	Run func(g *Game, t *referee.T)
}

// Play runs the procedure; it returns when the game is won, as Play does.
func (s *Scenario) Play(t *referee.T) { s.Run(s.G, t) }

// Ended reports whether the game is over.
func (s *Scenario) Ended() bool { return s.G.Over }

// Name is the game's name.
func (s *Scenario) Name() string { return "runner" }

// PlayerNames lists the players.
func (s *Scenario) PlayerNames() []string { return s.G.PlayerNames() }

// Status is the table as text.
func (s *Scenario) Status(v referee.Viewer, l locale.Lang, cols int) string {
	return s.G.Status(v, l, cols)
}

// View is the table as data.
func (s *Scenario) View(v referee.Viewer, l locale.Lang) any { return s.G.View(v, l) }

// Tap sets the listener of the card movements the referee does not see.
func Tap(g *Game, f func(BoxMove)) { g.tap = f }

// RunDeadlock checks for a game with no rum left (rulings A20).
var RunDeadlock = func(g *Game, t *referee.T) { g.checkDeadlock(t) }

// Blank makes a table with the islands laid out and nothing else: no
// hazards, ships, decks or hands; 0 coins each.
func Blank(cfg Config) *Game {
	g := New(cfg)
	for i := range g.cards {
		if c := &g.cards[i]; c.Type == Island {
			g.Islands = append(g.Islands, &IslandPlace{Name: c.Name, Home: c.Name == HomePort})
		}
	}
	for len(g.Islands) < IslandCount {
		g.Islands = append(g.Islands, &IslandPlace{Name: "Island 4 (name unknown)"})
	}
	g.crown().Supply, g.pirate().Supply = 0, 0
	g.Starting = Deck{Known: []string{"Port Taxes", "Rowdy Tavern"}, Unknown: 2}
	g.Starting.Open[Hazard] = 2
	g.Turn, g.Active = 1, CrownSeat
	return g
}

// Put makes a new piece for a card.
func (g *Game) Put(name string, coins int, up bool) *Piece {
	p := g.newPiece(name)
	p.Coins, p.Up = coins, up
	return p
}

// AddShip puts a ship with crew into play.
func (g *Game) AddShip(name string, coins int, crew ...string) *ShipPiece {
	s := &ShipPiece{Piece: *g.Put(name, coins, true)}
	for _, c := range crew {
		s.Crew = append(s.Crew, g.Put(c, 0, true))
	}
	g.Ships = append(g.Ships, s)
	return s
}

// The procedures tests can drive.
var (
	RunRaid     = func(g *Game, t *referee.T) { g.raid(t, nil) }
	RunTurn     = func(g *Game, t *referee.T) { g.takeTurn(t) }
	RunReveal   = func(g *Game, t *referee.T) { g.reveal(t) }
	RunTurnEnd  = func(g *Game, t *referee.T) { g.turnEnd(t) }
	RunAction   = func(g *Game, t *referee.T) { g.action(t, g.Active) }
	RunDiscardC = func(g *Game, t *referee.T) { g.discard(t, CrownSeat, "rr.discard", referee.Text("discard a card.")) }
)

// RunDraw draws n cards for a seat.
func RunDraw(seat, n int) func(*Game, *referee.T) {
	return func(g *Game, t *referee.T) { g.draw(t, seat, n) }
}

// RunDiscard has a seat discard one card of their choice.
func RunDiscard(seat int) func(*Game, *referee.T) {
	return func(g *Game, t *referee.T) { g.discard(t, seat, "rr.discard", referee.Text("discard a card.")) }
}

// TakesOnlyAnswers is the game's: the engine takes a
// public question's one legal answer itself.
func (s *Scenario) TakesOnlyAnswers() bool { return s.G.TakesOnlyAnswers() }

// RunPeek has the pirate look at a face-down crown card (Treasure Map's
// reward).
var RunPeek = func(g *Game, t *referee.T) {
	g.peek(t, &effectCtx{actor: PirateSeat, card: g.card("Treasure Map"), rule: "rr.event"})
}

// RunFinish ends the game with a crown win.
var RunFinish = func(g *Game, t *referee.T) { g.finishAs(t, CrownSeat, "rr.win", referee.Text("The crown wins.")) }

// RunPick asks the seat for a card of its hand of the given types that
// costs at most most coins, or none (test.pick); later leaves the card in
// hand. got receives the name picked, "" for none.
func RunPick(seat int, types []CardType, most int, later bool, got *string) func(*Game, *referee.T) {
	return func(g *Game, t *referee.T) {
		*got = g.pickFromHand(t, seat, handQuestion{q: referee.Question{ID: "test.pick", Actor: referee.Seat(seat), Rule: "rr.test"},
			types: types, fits: func(c *Card) bool { return c.Cost <= most }, none: doneName, label: referee.Text("none"), later: later})
	}
}

// CouldBeFunded reports whether some face-down investment could be funded
// as far as the pirate can tell.
func (g *Game) CouldBeFunded() bool { return g.couldBeFunded() }

// AddCard adds a card to the game's list, as typing one in does.
func (g *Game) AddCard(c Card) { g.addCards(c) }

// SeenBy reports whether the viewer sees the name of the card at the place.
func (at Place) SeenBy(v referee.Viewer) bool { return at.seenBy(v) }

// ExampleName is the name offered for a card typed in by hand.
func (g *Game) ExampleName() referee.Msg { return g.exampleName() }
