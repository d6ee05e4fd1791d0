package games

import (
	"strconv"

	"rumref/internal/yamlfile"
	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
	"rumref/setup"
)

var runnerFlags = []Flag{
	{Name: "crown", Usage: "gamesrunner.usage.crown"},
	{Name: "pirate", Usage: "gamesrunner.usage.pirate"},
	{Name: "cards", Usage: "gamesrunner.usage.cards"},
	{Name: "island", Usage: "gamesrunner.usage.island"},
	{Name: "mulligan", Kind: FlagBool, Default: "false", Usage: "gamesrunner.usage.mulligan"},
	{Name: "beyond-box", Kind: FlagBool, Default: "false", Usage: "gamesrunner.usage.beyond-box"},
	{Name: "turn-cap", Kind: FlagInt, Default: "0", Usage: "gamesrunner.usage.turn-cap"},
}

// beginRunner reads the flags of a new Rum Runner game: the card
// catalog, the mulligan, the box check and the turn cap are settings,
// checked before any question; --crown and --pirate are pre-answers.
func beginRunner(f Flags) (*Setup, error) {
	cfg := runner.Config{Mulligan: f.Get("mulligan") == "true", BeyondBox: f.Get("beyond-box") == "true", Edition: runner.Edition}
	cap, err := strconv.Atoi(f.Get("turn-cap"))
	if err != nil {
		return nil, referee.Errorf("gamesrunner.err.turn-cap", referee.Str(f.Get("turn-cap")))
	}
	cfg.TurnCap = cap
	var extra []byte
	file := f.Get("cards")
	if file != "" {
		if extra, err = yamlfile.ReadFile(file, yamlfile.MaxSize); err != nil {
			return nil, referee.Wrap(err, "gamesrunner.err.cards")
		}
	}
	// The built-in catalog, then the cards typed in during earlier games
	// (runner_cards.go), then the --cards file, each replacing cards of
	// the same name.
	if cfg.Cards, err = setup.RunnerCatalog(nil); err != nil {
		return nil, err
	}
	if cfg.Cards, err = addRemembered(cfg.Cards, f.DataDir); err != nil {
		return nil, err
	}
	if cfg.Cards, err = setup.AddRunnerCards(cfg.Cards, extra); err != nil {
		if file != "" {
			return nil, referee.Wrap(err, "gamesrunner.err.cards-file", referee.Str(file))
		}
		return nil, err
	}
	if name := f.Get("island"); name != "" {
		c, err := runner.IslandCard(cfg.Cards, name)
		if err != nil {
			return nil, referee.Wrap(err, "gamesrunner.err.island")
		}
		cfg.Cards = append(cfg.Cards, c)
	}
	// A catalog too large for a save is refused before the first question.
	probe := cfg
	probe.Crown, probe.Pirate = "crown", "pirate"
	if enc, err := journal.NewEncoder(&journal.File{Format: journal.Format, Game: "runner", Setup: &probe}); err != nil {
		return nil, err
	} else if err := enc.CheckSetup(); err != nil {
		return nil, referee.Wrap(err, "gamesrunner.err.cards-file", referee.Str(file))
	}
	if !cfg.BeyondBox {
		if err := runner.CheckBox(cfg.Cards); err != nil {
			return nil, referee.Wrap(err, "gamesrunner.err.cards-file", referee.Str(file))
		}
	}
	pre := map[string]Pre{}
	for _, role := range []string{"crown", "pirate"} {
		if s := f.Get(role); s != "" {
			pre[QName(role)] = Pre{Flag: role, Answer: s}
		}
	}
	return &Setup{Questions: func() SetupGame { return &runnerSetup{cfg: cfg} }, Pre: pre}, nil
}

// runnerSetup asks the setup questions of Rum Runner: who plays the
// crown and who the pirate.
type runnerSetup struct {
	SetupBase
	cfg runner.Config
}

func (s *runnerSetup) Name() string { return "Rum Runner setup" }

func (s *runnerSetup) Play(t *referee.T) {
	s.cfg.Crown = t.Ask(runnerName("crown", nil))
	s.cfg.Pirate = t.Ask(runnerName("pirate", []string{s.cfg.Crown}))
}

// runnerName asks the name of the player of a side.
func runnerName(side string, taken []string) referee.Question {
	q := NameQuestion(QName(side), "", taken)
	q.Prompt = referee.Text("gamesrunner.setup." + side)
	return q
}

func (s *runnerSetup) Done(l locale.Lang) (*NewGame, error) {
	if err := s.cfg.Validate(); err != nil {
		return nil, err
	}
	return &NewGame{Setup: &s.cfg, Intro: []string{runnerInstructions(&s.cfg, l)}}, nil
}

// runnerInstructions says who plays which side, in l.
func runnerInstructions(cfg *runner.Config, l locale.Lang) string {
	return l.Sprintf("gamesrunner.instructions", cfg.Crown, cfg.Pirate)
}
