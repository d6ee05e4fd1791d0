// Package games is the one place rumref's games are defined: each game's
// entry holds its name as saves and commands spell it, its title, how many
// players it takes, how a save's setup section is decoded and checked,
// how a game is made from that setup, and how a finished game is scored.
// The commands, the journal's callers and the simulator look games up
// here, and the rules reference is made of the entries' rules
// (Reference); the games themselves never import it.
package games

import (
	"embed"
	"reflect"
	"sync"

	"rumref/journal"
	"rumref/journal/migrate"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/referee/runner"
	"rumref/reference"
	"rumref/setup"
)

// The games' generic texts; each game's own are beside them under a
// prefix of their own.
//
//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("games", messages)

// Entry is one game.
type Entry struct {
	// Name is the game's short name: the argument of "rumref new" and
	// "rumref sim", the game: line of a save and the name of its setup
	// section.
	Name string
	// Title is the game's printed name.
	Title string
	// MinPlayers and MaxPlayers bound the number of players.
	MinPlayers, MaxPlayers int
	// NewSetup returns a pointer to an empty setup of this game, for a
	// save's setup section to be decoded into.
	NewSetup func() any
	// Check refuses a setup the game cannot start from; a
	// *journal.SetupError says which part of the section is at fault.
	Check func(setup any) error
	// Factory makes fresh games of a checked setup, for play and replay.
	Factory func(setup any) (referee.Factory, error)
	// Migrate, when set, brings a save made under an older revision of
	// the game's questions to today's (package journal/migrate, a Chain
	// of one step per revision). It is given a decoded save (setup,
	// answers, answers ahead) and must not change it; it returns:
	//   - nil and no error: the save is of today's revision (or newer,
	//     which Check refuses);
	//   - a *migrate.Migrated: the same game under today's revision, its
	//     answers rewritten into today's questions and checked by a
	//     replay under today's rules, the answers ahead moved with them;
	//     it plays on exactly as the old revision would have;
	//   - a *migrate.Refusal: the save cannot be carried over exactly;
	//     its sentence names the save's revision in players' words. Such
	//     a save is never played under other rules.
	// "resume" writes a migrated save (keeping the original beside it);
	// show, log and score migrate in memory only.
	Migrate func(f *journal.File) (*migrate.Migrated, error)
	// Score is how rumref score scores the game's plays (see score.go);
	// nil when rumref does not score them.
	Score *Scorer
	// Play is what a play logger needs of the game (nil: rumref logs no
	// plays of it).
	Play *PlayLog
	// Board draws a game's board for the table page, its words in a
	// language (nil: no board).
	Board func(g referee.Game, l locale.Lang) []byte
	// Flags are the game's options of "rumref new": pre-answers to its
	// setup questions, or settings (see setup.go).
	Flags []Flag
	// Begin starts a new game's setup from its flags (see setup.go): the
	// procedure that asks the setup questions and the flags' answers to
	// them. A setting that is wrong on its own is refused here.
	Begin func(f Flags) (*Setup, error)
	// Instructions is how the table sets up the box for a setup (the
	// board to build), in l: shown when a game starts and resumes, and by
	// the setup command.
	Instructions func(setup any, cols int, l locale.Lang) (string, error)
	// Rebuild, when set, is Instructions for a game that resumes, whose
	// board and status are shown next: how to lay the box out, without
	// the starting position.
	Rebuild func(setup any, l locale.Lang) (string, error)
	// Progress says how far a game has come, as a list of saves shows it
	// ("round 2 of 5", "turn 7"); nil: the list says nothing of it.
	Progress func(g referee.Game, l locale.Lang) string
	// Sim makes the simulator's table of a seed (players: the table
	// size, 0 to vary it by the seed): its setup, the random player's
	// policy and the game's checks (see sim.go).
	Sim func(players int, seed uint64) (SimTable, error)
	// Parallel names the questions (by ID) that the players may answer
	// on their phones in any order: the rules ask them one after another,
	// and no answer depends on another.
	Parallel []string
	// Rules are the game's entries of the rules reference, in the file of
	// package reference named after the game (PiratesRules reads
	// reference/pirates.yaml; see Reference).
	Rules func() []reference.Rule
	// Remember, when set, keeps what the players typed in during a game
	// for the next games on this computer, in the user's data directory
	// dir (Rum Runner: the typed-in cards, runner_cards.go); it returns
	// what it added and the file it keeps them in.
	Remember func(dir string, g referee.Game) (added []string, file string, err error)
	// Wire is the struct type a save of the game is decoded into: a
	// journal.Wire of a one-field section, Setup, a pointer to the
	// NewSetup type under the game's name (see piratesWire).
	Wire reflect.Type
}

// PlayLog is how a finished game is logged in a play logger (BG Stats).
type PlayLog struct {
	// BggID is the game's BoardGameGeek ID (0: none).
	BggID int
	// SourceID names the game to the logger; it stays the same across
	// rumref versions so the plays of one game are kept together.
	SourceID string
	// Result is each player's final score, in seat order, and whether
	// the game is over.
	Result func(g referee.Game) ([]Placing, bool)
}

// Placing is one player's part in a finished game.
type Placing struct {
	Name   string
	Score  int
	Winner bool
	// Place is the player's place (1 for a winner; players who tie share
	// a place).
	Place int
	// Start is the player who took the first turn.
	Start bool
}

// All is every game, in the order commands list them.
var All = []*Entry{Pirates, Runner}

// Reference is the rules reference of every game, in the order of All:
// each entry's Rules under its names (made at the first look-up).
var Reference = sync.OnceValue(func() *reference.Library {
	books := make([]*reference.Book, len(All))
	for i, e := range All {
		books[i] = &reference.Book{Name: e.Name, Title: e.Title, Rules: e.Rules}
	}
	return reference.New(books...)
})

// RulesIn answers a rules search of the in-game help (the terminal's
// and the pages'), in language l: the entry a rule ID names, else the
// first three entries the words of any language find, else a sentence
// saying nothing matched.
func RulesIn(l locale.Lang, query string) string {
	ref := Reference().In(l)
	if e, ok := ref.Lookup(query); ok {
		return ref.Format(e, rulesWidth)
	}
	res := ref.Search(query)
	if len(res) == 0 {
		return l.Sprintf("games.rules.none", query)
	}
	out := ""
	for i, r := range res {
		if i == 3 {
			break
		}
		out += ref.Format(r.Entry, rulesWidth) + "\n"
	}
	return out
}

// rulesWidth is the width RulesIn wraps entries to.
const rulesWidth = 78

// Pirates is Rum & Pirates by Stefan Feld.
var Pirates = &Entry{
	Name: "pirates", Title: "Rum & Pirates", MinPlayers: piratesMin, MaxPlayers: piratesMax,
	Flags: piratesFlags, Begin: beginPirates, Rules: reference.PiratesRules,
	Wire: reflect.TypeFor[piratesWire](),
	Sim:  func(players int, seed uint64) (SimTable, error) { return newPiratesTable(players, seed) },
	Instructions: func(s any, cols int, l locale.Lang) (string, error) {
		cfg := s.(*pirates.Config)
		board, err := setup.Assemble(cfg.Layout)
		if err != nil {
			return "", err
		}
		return piratesInstructions(cfg, board, cols, l), nil
	},
	Rebuild: func(s any, l locale.Lang) (string, error) {
		return setup.BuildInstructionsIn(s.(*pirates.Config).Layout, l), nil
	},
	NewSetup: func() any { return new(pirates.Config) },
	Progress: func(g referee.Game, l locale.Lang) string {
		return l.Sprintf("games.progress.round", g.(*pirates.Game).View(referee.Public, locale.English).(pirates.View).Round, pirates.Rounds)
	},
	Check: func(s any) error {
		cfg := s.(*pirates.Config)
		if err := cfg.Validate(); err != nil {
			return &journal.SetupError{Part: "section", What: "journal.setup.valid", Err: err}
		}
		if err := setup.CheckLayout(cfg.Layout); err != nil {
			return &journal.SetupError{Part: "layout", What: "journal.setup.board", Err: err}
		}
		return nil
	},
	Factory: func(s any) (referee.Factory, error) {
		cfg := *s.(*pirates.Config)
		if cfg.Rules != pirates.RulesRevision {
			// The rules ask only today's questions (Migrate first).
			return nil, referee.Errorf("games.not_migrated", referee.Int(cfg.Rules), referee.Int(pirates.RulesRevision))
		}
		board, err := setup.Assemble(cfg.Layout)
		if err != nil {
			return nil, err
		}
		return PiratesFactory(cfg, board), nil
	},
	Migrate: migrate.Pirates.Migrate,
	Score:   piratesScorer,
	Play: &PlayLog{BggID: 19948, SourceID: "rum-and-pirates", Result: func(rg referee.Game) ([]Placing, bool) {
		g := rg.(*pirates.Game)
		if g.Final == nil {
			return nil, false
		}
		var out []Placing
		for _, s := range g.Final.Scores {
			seat := -1
			for i, pl := range g.Players {
				if pl.Name == s.Name {
					seat = i
				}
			}
			out = append(out, Placing{Name: s.Name, Score: s.Total, Winner: s.Place == 1, Place: s.Place, Start: seat == g.Config.Start})
		}
		return out, true
	}},
	Board:    func(g referee.Game, l locale.Lang) []byte { return setup.BoardSVGIn(g.(*pirates.Game).Board, l) },
	Parallel: []string{"pub.join"},
}

// Runner is Rum Runner by Chris Glein.
var Runner = &Entry{
	Name: "runner", Title: "Rum Runner", MinPlayers: 2, MaxPlayers: 2,
	Flags: runnerFlags, Begin: beginRunner, Rules: reference.RunnerRules, Remember: rememberRunner,
	Wire: reflect.TypeFor[runnerWire](),
	Sim:  func(_ int, seed uint64) (SimTable, error) { return newRunnerTable(seed) },
	Instructions: func(s any, _ int, l locale.Lang) (string, error) {
		return runnerInstructions(s.(*runner.Config), l), nil
	},
	NewSetup: func() any { return new(runner.Config) },
	Progress: func(g referee.Game, l locale.Lang) string {
		return l.Sprintf("games.progress.turn", g.(*runner.Game).View(referee.Public, locale.English).(runner.View).Turn)
	},
	Check: func(s any) error {
		if err := s.(*runner.Config).Validate(); err != nil {
			return &journal.SetupError{Part: "section", What: "journal.setup.valid", Err: err}
		}
		return nil
	},
	Factory: func(s any) (referee.Factory, error) {
		return RunnerFactory(*s.(*runner.Config)), nil
	},
	Migrate: migrate.Runner.Migrate,
	Play: &PlayLog{SourceID: "rum-runner", Result: func(rg referee.Game) ([]Placing, bool) {
		g := rg.(*runner.Game)
		if !g.Over {
			return nil, false
		}
		var out []Placing
		for i := range g.Players {
			place := 1 // a draw: both first
			if g.Winner >= 0 && g.Winner != i {
				place = 2
			}
			out = append(out, Placing{Name: g.Players[i].Name, Score: g.Players[i].Points(), Winner: g.Winner == i, Place: place, Start: i == 0})
		}
		return out, true
	}},
}

// PiratesFactory makes fresh Rum & Pirates games of one setup and board.
func PiratesFactory(cfg pirates.Config, board *pirates.Board) referee.Factory {
	return func() referee.Game { return pirates.New(cfg, board) }
}

// RunnerFactory makes fresh Rum Runner games of one setup.
func RunnerFactory(cfg runner.Config) referee.Factory {
	return func() referee.Game { return runner.New(cfg) }
}

// Lookup finds a game by its short name.
func Lookup(name string) (*Entry, bool) {
	for _, e := range All {
		if e.Name == name {
			return e, true
		}
	}
	return nil, false
}

// Names is the short names of every game.
func Names() []string {
	names := make([]string, len(All))
	for i, e := range All {
		names[i] = e.Name
	}
	return names
}

// unknownGame is the refusal of a game name no entry has.
func unknownGame(game string) error {
	return referee.Errorf("games.unknown", referee.Str(game), referee.Words(Names(), ", ", " or "))
}

// TitleIn is the game's title in language l (its printed name in that
// language's edition, where there is one).
func (e *Entry) TitleIn(l locale.Lang) string { return l.Sprintf("games.title." + e.Name) }

// Each is f of every game, in the order of All (for a message or a usage
// line that names them all).
func Each(f func(e *Entry) string) []string {
	out := make([]string, len(All))
	for i, e := range All {
		out[i] = f(e)
	}
	return out
}

// Setups is the games as the journal sees them when it reads a save.
var Setups journal.Setups = setups{}

type setups struct{}

func (setups) Names() []string { return Names() }

func (setups) Check(game string, s any) error {
	e, ok := Lookup(game)
	if !ok {
		return unknownGame(game)
	}
	return e.Check(s)
}

// Wire is the struct type a save of the game is decoded into: its
// entry's Wire (TestWires checks it with journal.CheckWire).
func (setups) Wire(game string) reflect.Type {
	if e, ok := Lookup(game); ok {
		return e.Wire
	}
	return nil
}

// piratesWire and runnerWire are the games' saves as written: a
// journal.Wire with the game's setup section.
type (
	piratesWire = journal.Wire[struct {
		Setup *pirates.Config `yaml:"pirates,omitempty"`
	}]
	runnerWire = journal.Wire[struct {
		Setup *runner.Config `yaml:"runner,omitempty"`
	}]
)

// Decode parses a save of any game (journal.DecodeWith), as written: a
// save of an older revision is not migrated (Migrate).
func Decode(data []byte) (*journal.File, error) {
	return journal.DecodeWith(data, Setups)
}

// Read loads a save of any game from disk (journal.ReadWith), as written.
func Read(path string) (*journal.File, []byte, error) {
	return journal.ReadWith(path, Setups)
}

// Migrate brings a save read by Read or Decode to today's revision of its
// game's questions (Entry.Migrate): nil for a save of today's revision.
func Migrate(f *journal.File) (*migrate.Migrated, error) {
	e, err := Of(f)
	if err != nil || e.Migrate == nil || f.Setup == nil {
		return nil, err
	}
	return e.Migrate(f)
}

// File is a new save of a game: its setup and answers, in today's format.
func (e *Entry) File(setup any, answers []referee.Answer) *journal.File {
	return &journal.File{Format: journal.Format, Game: e.Name, Setup: setup, Answers: answers}
}

// Of finds the entry of a save's game.
func Of(f *journal.File) (*Entry, error) {
	e, ok := Lookup(f.Game)
	if !ok {
		return nil, unknownGame(f.Game)
	}
	return e, nil
}

// FactoryOf makes the game factory of a save read by Read or Decode.
func FactoryOf(f *journal.File) (referee.Factory, error) {
	e, err := Of(f)
	if err != nil {
		return nil, err
	}
	if f.Setup == nil {
		return nil, referee.Errorf("games.no_setup")
	}
	return e.Factory(f.Setup)
}
