package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"rumref/games"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"rumref/prompts"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/safetext"
	"rumref/setup"
)

// newNewCmd builds "rumref new".
func newNewCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:       "new pirates|runner",
		Short:     "Start a new game and referee it",
		ValidArgs: games.Names(),
		Args: func(cmd *cobra.Command, args []string) error {
			if _, ok := games.Lookup(firstArg(args)); len(args) != 1 || !ok {
				return fmt.Errorf("name the game to start: rumref new pirates (Rum & Pirates) or rumref new runner (Rum Runner)")
			}
			return nil
		},
	}
	var p pirateFlags
	cmd.Flags().StringVar(&p.players, "players", "", `players in seat order, clockwise, as NAME:COLOR,... (e.g. "Ann:gold,Bo:blue"); asked when absent`)
	cmd.Flags().StringVar(&p.start, "start", "", "starting player: a name, a seat number, or random; asked when absent")
	cmd.Flags().StringVar(&p.layout, "layout", "random", "board layout: random, fixed (reading order, unrotated) or a layout spec (see rumref board --help)")
	cmd.Flags().Int64Var(&p.seed, "seed", 0, "seed for a random layout and a random start player (default: from the clock, printed)")
	var r runnerFlags
	var teach bool
	cmd.Flags().BoolVar(&teach, "teach", false, "first-game walkthrough: explain each rule the first time it comes up")
	cmd.Flags().StringVar(&r.crown, "crown", "", "Rum Runner: the crown player's name; asked when absent")
	cmd.Flags().StringVar(&r.pirate, "pirate", "", "Rum Runner: the pirate player's name; asked when absent")
	cmd.Flags().StringVar(&r.cards, "cards", "", "Rum Runner: a YAML file of cards that adds to or overrides the built-in catalog")
	cmd.Flags().BoolVar(&r.mulligan, "mulligan", false, "Rum Runner: use the optional mulligan rule")
	cmd.Flags().BoolVar(&r.beyondBox, "beyond-box", false, "Rum Runner: accept a --cards file whose decks hold more cards of a type than the box (the status says so)")
	cmd.Flags().IntVar(&r.turnCap, "turn-cap", 0, "Rum Runner: end a stalled game in a draw after this many turns (0: no cap)")
	addWebFlag(cmd, &a.web)
	cmd.RegisterFlagCompletionFunc("layout", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"random", "fixed"}, cobra.ShellCompDirectiveNoFileComp
	})
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if !cmd.Flags().Changed("seed") {
			p.seed = newSeed()
		}
		a.teach = teach
		// Each game's setup: its flags, its questions, its new save.
		start := map[*games.Entry]func() error{
			games.Pirates: func() error { return newPirates(a, p) },
			games.Runner:  func() error { return newRunner(a, r) },
		}
		e, _ := games.Lookup(args[0])
		return start[e]()
	}
	return cmd
}

// firstArg is the first argument, or "".
func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

type pirateFlags struct {
	players, start, layout string
	seed                   int64
}

// out is the mode's front end for what a command prints around a game.
func (a *app) out(mode prompts.Mode) prompts.Asker {
	return prompts.NewAsker(mode, a.input(), a.stdout, a.color())
}

// info prints a message for people as the mode's front end does.
func (a *app) info(mode prompts.Mode, text string) { a.out(mode).Say(text) }

// resolveLayout turns the --layout value into a layout.
func resolveLayout(spec string, seed int64) (pirates.Layout, string, error) {
	switch strings.ToLower(strings.TrimSpace(spec)) {
	case "", "random":
		return setup.RandomLayout(seed), fmt.Sprintf("random layout, seed %d", seed), nil
	case "fixed":
		return setup.FixedLayout(), "fixed layout (reading order, unrotated)", nil
	}
	l, err := setup.ParseLayout(spec)
	if err != nil {
		return l, "", fmt.Errorf("--layout %q: %w", spec, err)
	}
	return l, "layout as given", nil
}

func newPirates(a *app, f pirateFlags) error {
	mode, err := a.mode()
	if err != nil {
		return err
	}
	layout, how, err := resolveLayout(f.layout, f.seed)
	if err != nil {
		return err
	}
	board, err := setup.Assemble(layout)
	if err != nil {
		return err
	}
	if err := a.prepareSave(games.Pirates.Name); err != nil {
		return err
	}
	ask := prompts.NewAsker(mode, a.input(), a.stdout, a.color())
	cfg := pirates.NewConfig(layout)
	if f.players != "" {
		if cfg.Players, err = parsePlayers(f.players); err != nil {
			return err
		}
	} else if cfg.Players, err = askPlayers(ask); err != nil {
		return interrupted(err, "")
	}
	if cfg.Start, err = chooseStart(ask, cfg.Players, f.start, f.seed); err != nil {
		return interrupted(err, "")
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	a.info(mode, fmt.Sprintf("Rum & Pirates: %s.\n\n%s\n%s", how, setup.BuildInstructions(layout), board.Picture(nil, nil, board.HQ)))
	a.info(mode, fmt.Sprintf("%s starts and takes the start-player tile. Everyone takes 2 coins and 10 pirates; 5 of each color go to the unemployment office; the captain stands on the HQ.",
		cfg.Players[cfg.Start].Name))
	file := games.Pirates.File(&cfg, nil)
	file.Teach = a.teach
	return a.play(mode, file, "", games.PiratesFactory(cfg, board))
}

// parsePlayers reads --players NAME:COLOR,... . Every name gets the checks
// of safetext.Name before anything is trimmed.
func parsePlayers(s string) ([]pirates.PlayerConfig, error) {
	if err := safetext.Check(s); err != nil {
		return nil, fmt.Errorf("--players: %w", err)
	}
	var out []pirates.PlayerConfig
	for i, part := range strings.Split(s, ",") {
		name, color, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("--players: %q needs NAME:COLOR (colors: %s)", strings.TrimSpace(part), strings.Join(pirates.Colors, ", "))
		}
		name, err := safetext.Name(name)
		if err != nil {
			return nil, fmt.Errorf("--players: player %d: %w", i+1, err)
		}
		out = append(out, pirates.PlayerConfig{Name: name, Color: strings.ToLower(strings.TrimSpace(color))})
	}
	if err := (pirates.Config{Players: out}).Validate(); err != nil {
		return nil, fmt.Errorf("--players: %w", err)
	}
	return out, nil
}

func askPlayers(ask prompts.Asker) ([]pirates.PlayerConfig, error) {
	nOpts := []referee.Option{}
	for n := 2; n <= 5; n++ {
		nOpts = append(nOpts, referee.Option{Key: strconv.Itoa(n), Label: fmt.Sprintf("%d players", n)})
	}
	ns, err := ask.Choose("How many players?", nOpts)
	if err != nil {
		return nil, err
	}
	n, _ := strconv.Atoi(ns)
	var players []pirates.PlayerConfig
	for i := 0; i < n; i++ {
		taken := make([]string, 0, len(players))
		for _, p := range players {
			taken = append(taken, p.Name)
		}
		name, err := askName(ask, fmt.Sprintf("Name of player %d (seats go clockwise)", i+1), taken)
		if err != nil {
			return nil, err
		}
		var colors []referee.Option
		for _, c := range pirates.Colors {
			used := false
			for _, p := range players {
				used = used || p.Color == c
			}
			if !used {
				colors = append(colors, referee.Option{Key: c, Label: c})
			}
		}
		color, err := ask.Choose(fmt.Sprintf("Pirate color for %s", name), colors)
		if err != nil {
			return nil, err
		}
		players = append(players, pirates.PlayerConfig{Name: name, Color: color})
	}
	return players, nil
}

// askName asks for a player's name with the checks of safetext.Name and
// a name different (ignoring letter case) from every name in taken.
func askName(ask prompts.Asker, prompt string, taken []string) (string, error) {
	name, err := ask.Text(prompt, func(s string) error {
		name, err := safetext.Name(s)
		if err != nil {
			return err
		}
		for _, t := range taken {
			if strings.EqualFold(t, name) {
				return fmt.Errorf("%s is taken: give each player a different name", t)
			}
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return safetext.Name(name)
}

func chooseStart(ask prompts.Asker, players []pirates.PlayerConfig, flag string, seed int64) (int, error) {
	pickRandom := func() int { return int(uint64(seed*2654435761+7) % uint64(len(players))) }
	if flag != "" {
		if strings.EqualFold(flag, "random") {
			return pickRandom(), nil
		}
		for i, p := range players {
			if strings.EqualFold(p.Name, flag) || flag == strconv.Itoa(i+1) {
				return i, nil
			}
		}
		return 0, fmt.Errorf("--start %q is not a player: give a name, a seat number from 1 to %d, or random", flag, len(players))
	}
	opts := []referee.Option{}
	for i, p := range players {
		opts = append(opts, referee.Option{Key: strconv.Itoa(i + 1), Label: p.Name})
	}
	opts = append(opts, referee.Option{Key: "random", Label: "Draw one at random"})
	s, err := ask.Choose("Who is the starting player?", opts)
	if err != nil {
		return 0, err
	}
	if s == "random" {
		return pickRandom(), nil
	}
	n, _ := strconv.Atoi(s)
	return n - 1, nil
}

// defaultSaveDir is the directory of saves in the user's data directory,
// made (mode 0700: saves hold every secret of a game) if need be.
func defaultSaveDir() (string, error) {
	base := os.Getenv("XDG_DATA_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no home directory for the save: use --save FILE")
		}
		base = filepath.Join(home, ".local", "share")
	}
	dir := filepath.Join(base, "rumref", "saves")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("making the save directory: %w (use --save FILE)", err)
	}
	return dir, nil
}

// newSeed picks a seed from the clock for a random layout; it is printed
// so that the layout can be reproduced.
func newSeed() int64 { return time.Now().UnixNano() % 1_000_000_000 }
