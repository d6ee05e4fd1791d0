package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/sim"
)

// newSimCmd builds "rumref sim": whole games played by a seeded random
// legal player through the engine, with every invariant checked.
func newSimCmd(a *app) *cobra.Command {
	var (
		count, players, checkEvery, deepEvery, saveEvery int
		seed                                             uint64
		out, checks                                      string
		asJSON, progress                                 bool
	)
	cmd := &cobra.Command{
		Use:   "sim " + strings.Join(games.Names(), "|"),
		Short: "Play many random legal games and check every rule invariant",
		Long: `sim plays whole games with a seeded random legal player through the same
engine the table uses, checks the invariants of the rules after every answer,
and compares a replay of the answers and a save read back with the live game.
Game i uses seed S+i. A failing game is written as a save file (into --out,
default the current directory) that "rumref resume" opens.`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: games.Names(),
		RunE: func(cmd *cobra.Command, args []string) error {
			game := args[0]
			entry, ok := games.Lookup(game)
			if !ok {
				return fmt.Errorf("there is no game %q to simulate: use %s", game, games.OneOf())
			}
			if count < 1 {
				return fmt.Errorf("--games %d: play at least 1 game", count)
			}
			if players != 0 && (entry.MinPlayers == entry.MaxPlayers || players < entry.MinPlayers || players > entry.MaxPlayers) {
				return fmt.Errorf("--players %d: %s (leave --players out)", players, strings.Join(games.Each(tableSizes), "; "))
			}
			if checks != "all" && checks != "none" {
				return fmt.Errorf("--checks %q: use all (every invariant, replay and save check) or none (the engine and the random player alone, to measure speed)", checks)
			}
			dir := out
			if dir == "" {
				wd, err := os.Getwd()
				if err != nil {
					return fmt.Errorf("finding the current directory for failure saves: %w (use --out DIR)", err)
				}
				dir = wd
			}
			cfg := sim.Config{Game: game, Games: count, Seed: seed, Players: players, CheckEvery: checkEvery,
				DeepEvery: deepEvery, SaveEvery: saveEvery, Out: dir, Unchecked: checks == "none"}
			if progress {
				step := max(count/20, 1)
				cfg.Progress = func(done int, r *sim.Report) {
					if done%step == 0 || done == count {
						fmt.Fprintf(a.stderr, "sim %s: %d/%d games, %d failures\n", game, done, count, len(r.Failures))
					}
				}
			}
			if os.Getenv("GOGC") == "" {
				// A simulation keeps a live heap of a few MB and allocates
				// fast: collecting it at 4x its size rather than 2x
				// halves the collections for little memory (GOGC set in
				// the environment is kept).
				debug.SetGCPercent(400)
			}
			r := sim.Run(cfg)
			if asJSON {
				b, err := json.MarshalIndent(struct {
					sim.Report
					GamesPerSecond float64 `json:"games_per_second"`
				}{r, r.GamesPerSecond()}, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintln(a.stdout, string(b))
			} else {
				fmt.Fprintf(a.stdout, "%s: %d games, %d answers, %d failures in %.2fs (%.0f games/s)\n",
					game, r.Games, r.Answers, len(r.Failures), r.Elapsed.Seconds(), r.GamesPerSecond())
				for _, f := range r.Failures {
					fmt.Fprintf(a.stdout, "seed %d failed after %d answers: %v\n", f.Seed, len(f.Answers), f.Err)
					if f.Save != "" {
						fmt.Fprintf(a.stdout, "  reproduce: rumref sim %s --games 1 --seed %d; inspect: rumref resume %s\n", game, f.Seed, f.Save)
					}
				}
			}
			if len(r.Failures) > 0 {
				return &codedError{code: exitError, err: fmt.Errorf("%d of %d games broke an invariant", len(r.Failures), r.Games)}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&count, "games", 100, "number of whole games to play")
	f.Uint64Var(&seed, "seed", 1, "seed of the first game; game i uses seed+i")
	f.IntVar(&players, "players", 0, "Rum & Pirates players, 2 to 5 (default: varied by seed)")
	f.StringVar(&out, "out", "", "directory for the save files of failing games (default: the current directory)")
	f.BoolVar(&asJSON, "json", false, "print the report as JSON")
	f.BoolVar(&progress, "progress", false, "print progress to stderr")
	f.IntVar(&checkEvery, "check-every", 0, "also compare a replay with the live game every N answers (0: at the end of each game)")
	f.IntVar(&deepEvery, "deep-every", 100, "every Nth game runs the expensive checks at every answer (0: none)")
	f.StringVar(&checks, "checks", "all", "all: check every invariant; none: play with the engine and the random player only (for speed measurements)")
	f.IntVar(&saveEvery, "save-every", 10, "every Nth game writes, reads back and replays its save (1: every game)")
	return cmd
}

// tableSizes says how many players a game takes, for --players.
func tableSizes(e *games.Entry) string {
	if e.MinPlayers == e.MaxPlayers {
		return fmt.Sprintf("%s always has %d", e.Title, e.MinPlayers)
	}
	return fmt.Sprintf("%s takes %d to %d players", e.Title, e.MinPlayers, e.MaxPlayers)
}
