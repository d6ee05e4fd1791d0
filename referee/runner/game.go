// Package runner referees Rum Runner: the crown against the pirate, turns
// of three actions, and raids resolved step by step. Cards are data (see
// Card and Effect); the players draw the real cards and tell the referee
// what they drew.
package runner

import (
	"embed"
	"slices"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// messages are every text of Rum Runner's rules, in English and German.
//
//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("runner", messages)

// Seats of the two players.
const (
	CrownSeat  = 0
	PirateSeat = 1
)

// WinPoints is the score that wins at once.
const WinPoints = 4

// HandLimit is the hand size the draw action fills to and the end of turn trims to.
const HandLimit = 5

// Config is the setup result recorded in the save.
type Config struct {
	// Crown and Pirate are the players' names.
	Crown  string `yaml:"crown" json:"crown"`
	Pirate string `yaml:"pirate" json:"pirate"`
	// Mulligan turns on the optional mulligan rule (1 coin per redraw, rulings A2).
	Mulligan bool `yaml:"mulligan,omitempty" json:"mulligan,omitempty"`
	// TurnCap ends the game in a draw after this many turns in all; 0 is off (rulings A20).
	TurnCap int `yaml:"turn_cap,omitempty" json:"turn_cap,omitempty"`
	// Edition records the edition of rumref's Rum Runner questions the
	// save was made under (see Edition); 0 in saves from before the box
	// counts. The rules play only today's: an older save is migrated
	// (journal/migrate) or refused before it is played.
	Edition int `yaml:"edition,omitempty" json:"edition,omitempty"`
	// BeyondBox lets the catalog list more cards of a type in a deck than
	// the box holds (--beyond-box); the status says so.
	BeyondBox bool `yaml:"beyond_box,omitempty" json:"beyond_box,omitempty"`
	// Cards is the card catalog in use.
	Cards []Card `yaml:"cards" json:"cards"`
}

// Validate checks the config for what the engine relies on.
func (c Config) Validate() error {
	if err := safetext.CheckName(c.Crown); err != nil {
		return wrapf(err, "runner.err.crown-name")
	}
	if err := safetext.CheckName(c.Pirate); err != nil {
		return wrapf(err, "runner.err.pirate-name")
	}
	if err := safetext.Unique([]string{c.Crown, c.Pirate}); err != nil {
		return err
	}
	if c.TurnCap < 0 {
		return errorf("runner.err.turn-cap", referee.Int(c.TurnCap))
	}
	if c.Edition > Edition {
		return errorf("runner.err.edition", referee.Int(c.Edition), referee.Int(Edition))
	}
	seen := map[string]bool{}
	islands, longboats := 0, 0
	for i := range c.Cards {
		card := &c.Cards[i]
		if err := card.Validate(); err != nil {
			return err
		}
		if seen[slug(card.Name)] {
			return errorf("runner.err.twice", referee.Str(card.Name))
		}
		seen[slug(card.Name)] = true
		if card.Type == Island {
			islands++
		}
		if card.Type == Ship && card.Starting {
			longboats += max(card.Copies, 1)
		}
	}
	if islands == 0 || islands > 4 {
		return errorf("runner.err.islands", referee.Int(islands))
	}
	if longboats == 0 {
		return errorf("runner.err.no-longboat")
	}
	return checkBox(c.Cards, c.BeyondBox)
}

// DeckSize is the number of cards in a pile at the start of the game.
func (c Config) DeckSize(p Pile) int {
	n := 0
	for _, ty := range PileTypes(p) {
		n += c.Counts(p, ty)
	}
	return n
}

// Piece is one card on the table: its name ("" while a starting hazard is
// still unidentified), the coins on it and whether it is face-up.
type Piece struct {
	ID    int    `json:"id"`
	Name  string `json:"name,omitempty"`
	Coins int    `json:"coins"`
	Up    bool   `json:"face_up"`
}

// IslandPlace is one island with its investment slot and hazard row.
type IslandPlace struct {
	Name string
	Home bool
	// Card is the investment on the island, or nil.
	Card *Piece
	// Hazards runs from the island outward; the last is the outermost.
	Hazards []*Piece
	// unknown is the number of an island the catalog does not name (its
	// Name is "Island 4 (name unknown)" in English).
	unknown int
}

// ShipPiece is a pirate ship in play with its crew.
type ShipPiece struct {
	Piece
	Crew []*Piece
}

// Scored is one card in a score pile.
type Scored struct {
	Name   string `json:"name"`
	Points int    `json:"points"`
}

// Player is one side's hand, deck, discard pile, supply and score pile.
type Player struct {
	Name   string
	Supply int
	// Hand holds the names of the cards in hand the referee knows; the
	// pirate's cards drawn and not named yet are counted in Deck.Held.
	Hand    []string
	Deck    Deck
	Discard []string
	Score   []Scored
}

// HandSize is the number of cards in the player's hand: those named and
// those held unnamed.
func (p *Player) HandSize() int { return len(p.Hand) + p.Deck.Held }

// shuffleHandIn shuffles the whole hand into the deck.
func (p *Player) shuffleHandIn() {
	p.Deck.Known = append(p.Deck.Known, p.Hand...)
	p.Deck.Held = 0
	p.Hand = nil
}

// Points is the total of the player's score pile.
func (p *Player) Points() int {
	n := 0
	for _, s := range p.Score {
		n += s.Points
	}
	return n
}

// Game is the whole state of a Rum Runner game.
type Game struct {
	Config  Config
	cards   []Card
	Islands []*IslandPlace
	Players [2]*Player
	Ships   []*ShipPiece
	// Starting holds the starting hazards not yet identified.
	Starting Deck
	// Turn counts turns from 1; Active is the seat whose turn it is.
	Turn    int
	Active  int
	Actions int
	Raid    *Raid
	// Revealed holds crown cards taken from a deck or hand that are being
	// raided right now, shown to both players.
	Revealed []string
	// Winner is the winning seat, -1 while none, Draw for a capped game.
	Winner int
	Over   bool
	// Result is the game's end in English (result the same as a message).
	Result string
	result referee.Msg
	nextID int
	// lastRaid is whether the latest raid succeeded; it is set before the
	// crew effects of that raid run.
	lastRaid bool
	// peeked holds what the pirate learned by looking at face-down cards.
	peeked []peek
	// byName and bySlug find a card of cards by its name or its key (the
	// first card of that name, as the list holds it).
	byName, bySlug map[string]int
	// revealOpen is whether the crown may still reveal funded investments
	// this turn: before its first action.
	revealOpen bool
	// tap, when set (a test's physical box, export_test.go), is told of
	// each card movement the referee does not see: see BoxMove.
	tap func(BoxMove)
	// playingOn is whether the table chose to play on with no rum left
	// (checkDeadlock).
	playingOn bool
	// leastPrice is the lowest price of an investment in cards (-1: none),
	// kept by addCards for couldBeFunded.
	leastPrice int
}

// BoxMove is a movement of cards the referee counts but does not see,
// as a physical box would make it: Kind is "draw" (the top card of the
// seat's deck into the hand, unnamed), "named" (a card held unnamed
// leaves the hand as Name), "reshuffle" (the discard pile, Names, becomes
// the pirate's new deck), "boxed" (the top N cards of the pirate deck go
// back to the box unseen) and "shuffle-hand" (the seat's hand goes into
// its deck). Only a test's physical box listens (tap).
type BoxMove struct {
	Kind  string
	Seat  int
	Name  string
	Names []string
	N     int
}

// note tells the tap of a movement, when one listens.
func (g *Game) note(m BoxMove) {
	if g.tap != nil {
		g.tap(m)
	}
}

// peek is a face-down card the pirate looked at: where it lies, and its name.
type peek struct {
	label referee.Msg
	name  string
}

// Draw is the Winner of a game ended by the turn cap.
const Draw = 2

// New makes a game in its starting state from a validated config.
func New(cfg Config) *Game {
	g := &Game{Config: cfg, Winner: -1, leastPrice: -1}
	g.addCards(cfg.Cards...)
	g.Players[CrownSeat] = &Player{Name: cfg.Crown, Supply: 5}
	g.Players[PirateSeat] = &Player{Name: cfg.Pirate, Supply: 5}
	return g
}

// Name is the game's short name.
func (g *Game) Name() string { return "runner" }

// PlayerNames lists the players in seat order: crown, then pirate.
func (g *Game) PlayerNames() []string { return []string{g.Config.Crown, g.Config.Pirate} }

// Play runs the whole game. The game ends the moment a score pile
// reaches the goal, deep inside a raid or a card's text: from there every
// step returns at once (each checks g.Over), and so does Play.
func (g *Game) Play(t *referee.T) {
	g.setup(t)
	for !g.Over {
		g.Turn++
		if g.Config.TurnCap > 0 && g.Turn > g.Config.TurnCap {
			g.finishAs(t, Draw, "rr.stalemate", referee.Text("runner.end.cap", referee.Count(g.Config.TurnCap, "runner.noun.turn")))
			return
		}
		g.Active = (g.Turn - 1) % 2
		if g.checkDeadlock(t) {
			return
		}
		g.takeTurn(t)
	}
}

// Ended reports whether the game is over; the engine refuses any question
// or ruling after it.
func (g *Game) Ended() bool { return g.Over }

// finishAs ends the game under the given rule; every step returns from
// there (see Play).
func (g *Game) finishAs(t *referee.T, winner int, rule string, text referee.Msg) {
	t.Say(rule, text)
	g.turnOver(t, rule)
	g.Winner = winner
	g.Over = true
	g.Result, g.result = text.In(locale.English), text
	g.Raid = nil
}

// turnOver turns the crown's face-down cards face-up when the game ends,
// for both players to see: a ruling names each, and the final status
// shows them face-up.
func (g *Game) turnOver(t *referee.T, rule string) {
	var parts []referee.Msg
	for _, x := range g.faceDown() {
		parts = append(parts, referee.Text("runner.named", referee.Sub(g.labelMsg(x)), referee.Str(x.Name)))
		x.Up = true
	}
	if len(parts) == 0 {
		return
	}
	t.Say(rule, referee.Text("runner.end.turn-over", referee.List(parts, "; ", "; ")))
}

// card returns the catalog entry for a name, or nil.
func (g *Game) card(name string) *Card {
	if i, ok := g.byName[name]; ok {
		return &g.cards[i]
	}
	return nil
}

// addCards adds cards to the game's list (the catalog at the start, a card
// typed in during play), found by card and cardBySlug.
func (g *Game) addCards(cs ...Card) {
	if g.byName == nil {
		g.byName, g.bySlug = make(map[string]int, len(cs)), make(map[string]int, len(cs))
	}
	g.cards = slices.Grow(g.cards, len(cs))
	for _, c := range cs {
		i := len(g.cards)
		g.cards = append(g.cards, c)
		if !hasKey(g.byName, c.Name) {
			g.byName[c.Name] = i
		}
		if k := slug(c.Name); !hasKey(g.bySlug, k) {
			g.bySlug[k] = i
		}
		if c.Type == Investment && (g.leastPrice < 0 || c.Cost < g.leastPrice) {
			g.leastPrice = c.Cost
		}
	}
}

// CardData returns a copy of the catalog entry for a name (cards typed in
// during play included).
func (g *Game) CardData(name string) (Card, bool) {
	if c := g.card(name); c != nil {
		return *c, true
	}
	return Card{}, false
}

// TypedInCards returns copies of the cards the players typed in during
// this game (not those of its catalog), as the game holds them now (a
// starting hazard marked starting once identified).
func (g *Game) TypedInCards() []Card {
	return slices.Clone(g.cards[min(len(g.Config.Cards), len(g.cards)):])
}

func hasKey(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

func (g *Game) cardBySlug(key string) *Card {
	if i, ok := g.bySlug[key]; ok {
		return &g.cards[i]
	}
	return nil
}

func (g *Game) newPiece(name string) *Piece {
	g.nextID++
	return &Piece{ID: g.nextID, Name: name}
}

func (g *Game) crown() *Player  { return g.Players[CrownSeat] }
func (g *Game) pirate() *Player { return g.Players[PirateSeat] }

func other(seat int) int { return 1 - seat }

func (g *Game) who(seat int) referee.Msg {
	if seat == CrownSeat {
		return referee.Text("runner.who.crown", referee.Str(g.Config.Crown))
	}
	return referee.Text("runner.who.pirate", referee.Str(g.Config.Pirate))
}

// name is a card's or a player's name as a message: names stay as
// printed or typed in every language.
func asName(s string) referee.Msg { return referee.Text("runner.name", referee.Str(s)) }

func removeName(l []string, name string) ([]string, bool) {
	i := slices.Index(l, name)
	if i < 0 {
		return l, false
	}
	return slices.Delete(l, i, i+1), true
}

// yes asks the actor q with the options yes and no (their labels) and
// reports whether the answer is yes.
func yes(t *referee.T, q referee.Question, actor int, yes, no referee.Msg) bool {
	c := referee.Choose[referee.Key](t)
	c.Add("yes", yes)
	c.Add("no", no)
	q.Actor = referee.Seat(actor)
	return c.Pick(t, q) == "yes"
}

// distinct returns the distinct names of a list, sorted.
func distinct(l []string) []string {
	out := slices.Clone(l)
	slices.Sort(out)
	return slices.Compact(out)
}
