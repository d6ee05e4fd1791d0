// Package sim plays whole games of both rumref games with a seeded random
// legal player through the real engine, the same Question/Answer path the
// adapters use, and checks the invariants of the rules after every answer.
// A failing game is reported with its seed and the answers that reproduce
// it, written as a save file that "rumref resume" opens.
package sim

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/referee"
)

// Config says what to simulate.
type Config struct {
	// Game is a game's short name (games.Names).
	Game string
	// Games is the number of whole games to play.
	Games int
	// Seed is the seed of the first game; game i uses Seed+i, so any one
	// game can be played again on its own.
	Seed uint64
	// Players is the number of Rum & Pirates players (2 to 5); 0 varies it
	// from game to game. Rum Runner always has 2.
	Players int
	// CheckEvery compares a replay of the answers with the live state and
	// checks the public view for secrets after every CheckEvery-th answer
	// of every game (0: never in the middle of a game). The invariants run
	// after every answer; the secrets after every secret answer; replay
	// equality and the save round-trip at the end of every game.
	CheckEvery int
	// DeepEvery picks every DeepEvery-th game for the expensive checks:
	// replay equality and the public secrets after every answer, the save
	// round-trip at the end, and every listed option tried on a replay for
	// the first question of each ID and every 10th question (0: no game).
	DeepEvery int
	// SaveEvery writes and reads back the save of every SaveEvery-th game
	// at its end and replays the save read back (0: every 10th game; 1:
	// every game). Deep games always do it.
	SaveEvery int
	// MaxAnswers bounds a game: one that has not ended after this many
	// answers is a failure (0: 20,000).
	MaxAnswers int
	// Unchecked plays the games with no checks at all, to measure the
	// engine and the random player alone.
	Unchecked bool
	// Out is the directory failure saves are written to ("" : none).
	Out string
	// Check is an extra invariant run after every answer, with the live
	// game; tests use it to inject a failure.
	Check func(g referee.Game, answers []referee.Answer) error
	// Progress, when set, is called after every finished game.
	Progress func(done int, r *Report)
}

// Failure is one game that broke an invariant or refused a legal answer.
type Failure struct {
	// Seed reproduces the game: the same Config with Games 1 and this Seed.
	Seed uint64 `json:"seed"`
	// Answers are the accepted answers up to the failure; replaying them
	// reproduces the state in which it was found.
	Answers []referee.Answer `json:"answers"`
	// Err says what went wrong.
	Err error `json:"-"`
	// Message is Err as text, for JSON output.
	Message string `json:"error"`
	// Save is the path of the save file written for the failure, if any.
	Save string `json:"save,omitempty"`
	// File is the save of the failure: setup plus Answers.
	File *journal.File `json:"-"`
}

// Report is the outcome of a run.
type Report struct {
	Game     string        `json:"game"`
	Games    int           `json:"games"`
	Answers  int           `json:"answers"`
	Failures []Failure     `json:"failures"`
	Elapsed  time.Duration `json:"elapsed_ns"`
}

// GamesPerSecond is the number of whole games played per second.
func (r Report) GamesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Games) / r.Elapsed.Seconds()
}

// newTable sets up game seed of the configured kind.
func newTable(cfg Config, seed uint64) (games.SimTable, error) {
	e, ok := games.Lookup(cfg.Game)
	if !ok {
		return nil, fmt.Errorf("game %q is not one rumref knows: use %s", cfg.Game, strings.Join(games.Names(), " or "))
	}
	return e.Sim(cfg.Players, seed)
}

// Run plays cfg.Games games and reports every failure. A bad Config is
// reported as a failure of the first seed.
func Run(cfg Config) Report {
	start := time.Now()
	r := Report{Game: cfg.Game, Failures: []Failure{}}
	if cfg.MaxAnswers <= 0 {
		cfg.MaxAnswers = 20000
	}
	if cfg.SaveEvery <= 0 {
		cfg.SaveEvery = 10
	}
	var room []referee.Answer // the answers' list of the game before
	for i := 0; i < cfg.Games; i++ {
		seed := cfg.Seed + uint64(i)
		deep := cfg.DeepEvery > 0 && i%cfg.DeepEvery == 0
		n, f := playOne(cfg, seed, deep, deep || i%cfg.SaveEvery == 0, &room)
		r.Games++
		r.Answers += n
		if f != nil {
			if cfg.Out != "" {
				if path, err := writeFailure(cfg.Out, cfg.Game, f); err != nil {
					f.Err = fmt.Errorf("%w (and the save could not be written: %v)", f.Err, err)
				} else {
					f.Save = path
				}
			}
			f.Message = f.Err.Error()
			r.Failures = append(r.Failures, *f)
			if errors.Is(f.Err, errSetup) {
				break
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(i+1, &r)
		}
	}
	r.Elapsed = time.Since(start)
	return r
}

var errSetup = errors.New("the simulation cannot be set up")

// writeFailure writes the failure's save into dir and returns its path.
func writeFailure(dir, game string, f *Failure) (string, error) {
	if f.File == nil {
		return "", errors.New("no setup to save")
	}
	data, err := journal.Encode(f.File)
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("making %s: %w", dir, err)
	}
	path := filepath.Join(dir, fmt.Sprintf("sim-%s-seed-%d.yaml", game, f.Seed))
	if err := journal.Write(path, data); err != nil {
		return "", err
	}
	return path, nil
}

// Finished plays the game of one seed to its end with the random player
// and no checks, and returns its save: a finished game for benchmarks and
// demonstrations. players is the Rum & Pirates table size (0: by seed).
func Finished(game string, players int, seed uint64) (*journal.File, error) {
	tb, err := newTable(Config{Game: game, Players: players}, seed)
	if err != nil {
		return nil, err
	}
	e, err := referee.Start(tb.Factory(), referee.WithoutLog())
	if err != nil {
		return nil, err
	}
	defer e.Close()
	p := randplay.New(seed)
	for q := e.Next(); q != nil; q = e.Next() {
		if err := e.Answer(tb.Answer(p, q)); err != nil {
			return nil, fmt.Errorf("answer %d (%s): %w", len(e.Answers())+1, q.ID, err)
		}
	}
	if !e.Over() {
		return nil, errors.New("the game stopped without ending")
	}
	return tb.File(append([]referee.Answer(nil), e.Answers()...)), nil
}

// Factory makes the game factory of a save, as "rumref resume" does.
func Factory(f *journal.File) (referee.Factory, error) { return games.FactoryOf(f) }
