package cli

import (
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/locale"
	"rumref/referee"
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
		Use:       "sim " + strings.Join(games.Names(), "|"),
		Args:      nArgs(a.lang, 1, 1),
		ValidArgs: games.Names(),
		RunE: func(cmd *cobra.Command, args []string) error {
			game := args[0]
			entry, ok := games.Lookup(game)
			if !ok {
				return errorf(a.lang, "cli.sim.game", game, listIn(a.lang, games.Names(), " or "))
			}
			if count < 1 {
				return errorf(a.lang, "cli.sim.games", count)
			}
			if players != 0 && (entry.MinPlayers == entry.MaxPlayers || players < entry.MinPlayers || players > entry.MaxPlayers) {
				return errorf(a.lang, "cli.sim.players", players, strings.Join(games.Each(func(e *games.Entry) string { return tableSizes(a.lang, e) }), "; "))
			}
			if checks != "all" && checks != "none" {
				return errorf(a.lang, "cli.sim.checks", checks)
			}
			dir := out
			if dir == "" {
				wd, err := os.Getwd()
				if err != nil {
					return errorf(a.lang, "cli.sim.wd", err)
				}
				dir = wd
			}
			cfg := sim.Config{Game: game, Games: count, Seed: seed, Players: players, CheckEvery: checkEvery,
				DeepEvery: deepEvery, SaveEvery: saveEvery, Out: dir, Unchecked: checks == "none"}
			if progress {
				step := max(count/20, 1)
				cfg.Progress = func(done int, r *sim.Report) {
					if done%step == 0 || done == count {
						fmt.Fprintln(a.stderr, a.lang.Sprintf("cli.sim.progress", game, strconv.Itoa(done), strconv.Itoa(count), len(r.Failures)))
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
				if err := printJSON(a, struct {
					sim.Report
					GamesPerSecond float64 `json:"games_per_second"`
				}{r, r.GamesPerSecond()}); err != nil {
					return err
				}
			} else {
				// The games and failures counted ("1 game"), the seconds as the
				// language writes a decimal number ("0,74" in German).
				report := referee.Text("cli.sim.report", referee.Str(game), referee.Count(r.Games, "cli.sim.noun.game"), referee.Str(strconv.Itoa(r.Answers)),
					referee.Count(len(r.Failures), "cli.sim.noun.failure"), referee.Str(a.lang.Sprintf("cli.sim.seconds", r.Elapsed.Seconds())),
					referee.Str(fmt.Sprintf("%.0f", r.GamesPerSecond())))
				fmt.Fprintln(a.stdout, report.In(a.lang))
				for _, f := range r.Failures {
					fmt.Fprintln(a.stdout, a.lang.Sprintf("cli.sim.failed", strconv.FormatUint(f.Seed, 10), strconv.Itoa(len(f.Answers)), referee.ErrorIn(f.Err, a.lang)))
					if f.Save != "" {
						fmt.Fprintln(a.stdout, a.lang.Sprintf("cli.sim.reproduce", game, strconv.FormatUint(f.Seed, 10), f.Save))
					}
				}
			}
			if len(r.Failures) > 0 {
				return &codedError{code: exitError, err: errorf(a.lang, "cli.sim.broke", len(r.Failures), strconv.Itoa(r.Games))}
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.IntVar(&count, "games", 100, "")
	f.Uint64Var(&seed, "seed", 1, "")
	f.IntVar(&players, "players", 0, "")
	f.StringVar(&out, "out", "", "")
	f.BoolVar(&asJSON, "json", false, "")
	f.BoolVar(&progress, "progress", false, "")
	f.IntVar(&checkEvery, "check-every", 0, "")
	f.IntVar(&deepEvery, "deep-every", 100, "")
	f.StringVar(&checks, "checks", "all", "")
	f.IntVar(&saveEvery, "save-every", 10, "")
	return cmd
}

// tableSizes says how many players a game takes, for --players.
func tableSizes(l locale.Lang, e *games.Entry) string {
	if e.MinPlayers == e.MaxPlayers {
		return l.Sprintf("cli.sim.always", e.TitleIn(l), e.MinPlayers)
	}
	return l.Sprintf("cli.sim.takes", e.TitleIn(l), e.MinPlayers, e.MaxPlayers)
}
