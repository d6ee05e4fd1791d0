// Package pirates referees Rum & Pirates: setup displays, the action phase
// with every intersection action, the wrangle on the ship, five rounds and
// the final score.
package pirates

import (
	"fmt"

	"rumref/referee"
	"rumref/safetext"
	"rumref/scoring"
)

// Colors are the five pirate colors of the box.
var Colors = []string{"gold", "violet", "black", "silver", "blue"}

// Imaginary is the imaginary third player of a two-player wrangle.
const Imaginary = referee.Imaginary

// Rounds is the number of rounds in a game.
const Rounds = 5

// PlayerConfig is one seat at the table.
type PlayerConfig struct {
	Name  string `yaml:"name" json:"name"`
	Color string `yaml:"color" json:"color"`
}

// Config is the setup result: everything decided before the first
// question, recorded in the save.
type Config struct {
	// Players in seat order, clockwise.
	Players []PlayerConfig `yaml:"players" json:"players"`
	// Start is the seat of the starting player of round 1.
	Start  int    `yaml:"start" json:"start"`
	Layout Layout `yaml:"layout" json:"layout"`
	// Rules is the revision of rumref's Rum & Pirates questions the save
	// was made under (RulesRevision for a new game; saves from before
	// revision 1 have none, 0). The rules read it nowhere: an older save
	// is migrated to RulesRevision before it is played (journal/migrate).
	Rules int `yaml:"rules,omitempty" json:"rules,omitempty"`
}

// RulesRevision is the revision of rumref's Rum & Pirates questions that
// this rumref asks, and that a new game records. A change to what the
// table is asked raises it and ships with the forward migration of saves
// made before (package journal/migrate), never as a branch here.
// Revision 5 follows the rulebook closer than 4: the dark-alley coin is
// waived when the dark alley is the only move the mover can make
// (rp.dark-alley.free); a guard with one stack empty draws from the other
// without asking (rp.guard.count); and a draw that can show only one kind
// of tile asks nothing (rp.draw.known).
const RulesRevision = 5

// NewConfig is the setup of a new game under today's rules.
func NewConfig(layout Layout) Config { return Config{Layout: layout, Rules: RulesRevision} }

// Validate checks a setup for the things the engine relies on.
func (c Config) Validate() error {
	if len(c.Players) < 2 || len(c.Players) > 5 {
		return referee.Errorf("pirates.config.players", referee.Int(len(c.Players)))
	}
	seen := map[string]bool{}
	names := make([]string, 0, len(c.Players))
	for i, p := range c.Players {
		if err := safetext.CheckName(p.Name); err != nil {
			return fmt.Errorf("player %d: %w", i+1, err)
		}
		names = append(names, p.Name)
		if err := safetext.Unique(names); err != nil {
			return err
		}
		ok := false
		for _, col := range Colors {
			if p.Color == col {
				ok = true
			}
		}
		if !ok {
			return referee.Errorf("pirates.config.color", referee.Str(p.Name), referee.Str(p.Color), referee.Words(Colors, ", ", ", "))
		}
		if seen[p.Color] {
			return referee.Errorf("pirates.config.twice", referee.Sub(ColorMsg(p.Color)))
		}
		seen[p.Color] = true
	}
	if c.Start < 0 || c.Start >= len(c.Players) {
		return referee.Errorf("pirates.config.start", referee.Int(c.Start+1), referee.Int(len(c.Players)))
	}
	// The revision a save records is only checked here: the rules never
	// read it (an older save is migrated before it is played).
	switch r := c.Rules; {
	case r < 0:
		return referee.Errorf("pirates.config.revision", referee.Int(r), referee.Int(RulesRevision))
	case r > RulesRevision:
		return referee.Errorf("pirates.config.newer", referee.Int(r), referee.Int(RulesRevision))
	}
	return nil
}

// Player is one player's state.
type Player struct {
	Name  string
	Color string
	// Coins is secret: only the player may see it.
	Coins  int
	Supply int // pirates in the play area
	Office int // pirates in the unemployment office
	Rum    int
	// Out is true once the player has boarded or run out of pirates this
	// round.
	Out bool
	// Won holds the public tiles under the flag (pubs, chests, guards,
	// maps, sleeping places and fulfilled rendezvous), in the order won.
	Won []string
	// Wares holds the kept ware tiles, named at the game's end: secret.
	Wares []string
	// FaceDown counts the unfulfilled rendezvous tiles, whose targets
	// rumref is told only when they are revealed: the count is public.
	FaceDown int `json:",omitempty"`
	// Unnamed counts the kept wares rumref was not told: the count is
	// public; the player names them at the game's end.
	Unnamed int `json:",omitempty"`
}

// MastRow is one row beside the mast: whose pirates, and how many stand on
// each side.
type MastRow struct {
	Player referee.Seat // seat, or Imaginary
	Left   int
	Right  int
}

// Phase says where in the round the game is.
type Phase int

// The phases of a round.
const (
	PhaseSetup Phase = iota
	PhaseAction
	PhaseWrangle
	PhaseOver
)

// Game is the whole state of a Rum & Pirates game.
type Game struct {
	Config  Config
	Board   *Board
	Players []Player
	Round   int
	Phase   Phase
	// StartPlayer holds the start-player tile this round.
	StartPlayer referee.Seat
	// Turn is the seat whose turn it is in the action phase (-1 outside).
	Turn    referee.Seat
	Captain int
	// Occupant gives, per alley ID, the seat whose pirates fill it, or -1.
	Occupant []int
	Mast     []MastRow

	// Stacks of the tile holder, by sort.
	Stacks [numSorts]*Stack
	// Face-up displays.
	Pubs     []string
	Maps     []string
	Chest    string
	Scorpion string
	Bunk     string
	Hammock  string
	Bedroll  string
	// Boxed holds tiles removed from the game.
	Boxed []string
	// RumPool is the barrels left in the holder.
	RumPool int
	// Final is the final score, set when the game ends.
	Final *scoring.Result

	// dark lists the board's dark alleys in alley order (derived from the
	// board, for movement).
	dark []int
	// hops is affordable's buffer, reused from call to call.
	hops []hop
	// exits is hop's buffer of the hops through the entry chosen.
	exits []hop
	// darkExits are the board's dark alleys' exits (in the order of dark),
	// read once (New): exitOf parses the exit's name.
	darkExits []exitName
}

// New makes a game in its starting state from a validated config and the
// board assembled from its layout.
func New(cfg Config, board *Board) *Game {
	g := &Game{Config: cfg, Board: board, Round: 1, StartPlayer: referee.Seat(cfg.Start), Turn: -1, Captain: board.HQ,
		RumPool: RumBarrels}
	for _, p := range cfg.Players {
		g.Players = append(g.Players, Player{Name: p.Name, Color: p.Color, Coins: 2, Supply: 10, Office: 5})
	}
	for _, a := range board.Alleys {
		if a.Dark {
			g.dark = append(g.dark, a.ID)
		}
	}
	g.darkExits = make([]exitName, len(g.dark))
	for i, id := range g.dark {
		g.darkExits[i] = exitOf(&board.Alleys[id])
	}
	g.Occupant = make([]int, len(board.Alleys))
	for i := range g.Occupant {
		g.Occupant[i] = -1
	}
	for s := TileSort(0); s < numSorts; s++ {
		g.Stacks[s] = newStack(s)
	}
	return g
}

// Name is the game's short name.
func (g *Game) Name() string { return "pirates" }

// PlayerNames lists the players in seat order.
func (g *Game) PlayerNames() []string {
	out := make([]string, len(g.Players))
	for i, p := range g.Players {
		out[i] = p.Name
	}
	return out
}

// Play runs the whole game.
func (g *Game) Play(t *referee.T) {
	g.setupDisplays(t)
	for g.Round = 1; g.Round <= Rounds; g.Round++ {
		g.beginRound(t)
		g.Phase = PhaseAction
		g.actionPhase(t)
		g.Phase = PhaseWrangle
		g.wrangle(t)
		g.endRound(t)
	}
	g.Round = Rounds
	g.nameWares(t)
	g.Phase = PhaseOver
	g.gameEnd(t)
}

// TakesOnlyAnswers lets the engine take the one legal answer of a public
// question itself.
func (g *Game) TakesOnlyAnswers() bool { return true }

// name returns a seat's name, or "the imaginary player".
func (g *Game) name(p referee.Seat) string {
	if p == Imaginary {
		return "the imaginary player"
	}
	return g.Players[p].Name
}

// next returns the seat to the left of p (clockwise).
func (g *Game) next(p referee.Seat) referee.Seat { return (p + 1) % referee.Seat(len(g.Players)) }
