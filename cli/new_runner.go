package cli

import (
	"fmt"
	"rumref/games"

	"rumref/journal"
	"rumref/prompts"
	"rumref/referee/runner"
	"rumref/safetext"
	"rumref/setup"
)

type runnerFlags struct {
	crown, pirate, cards string
	mulligan, beyondBox  bool
	turnCap              int
}

// newRunner sets up and referees a new game of Rum Runner.
func newRunner(a *app, f runnerFlags) error {
	mode, err := a.mode()
	if err != nil {
		return err
	}
	var extra []byte
	if f.cards != "" {
		if extra, err = setup.ReadFile(f.cards, setup.MaxFileSize); err != nil {
			return fmt.Errorf("--cards: %w", err)
		}
	}
	cards, err := setup.RunnerCatalog(extra)
	if err != nil {
		if f.cards != "" {
			return fmt.Errorf("--cards %s: %w", f.cards, err)
		}
		return err
	}
	// A catalog too large for a save is refused before the first question.
	probe := runner.Config{Crown: "crown", Pirate: "pirate", Cards: cards}
	if enc, err := journal.NewEncoder(games.Runner.File(&probe, nil)); err != nil {
		return err
	} else if err := enc.CheckSetup(); err != nil {
		return fmt.Errorf("--cards %s: %w", f.cards, err)
	}
	if !f.beyondBox {
		if err := runner.CheckBox(cards); err != nil {
			return fmt.Errorf("--cards %s: %w", f.cards, err)
		}
	}
	if err := a.prepareSave(games.Runner.Name); err != nil {
		return err
	}
	ask := prompts.NewAsker(mode, a.input(), a.stdout, a.color())
	name := func(flag, role string, taken []string) (string, error) {
		if flag != "" {
			s, err := safetext.Name(flag)
			if err != nil {
				return "", fmt.Errorf("--%s: %w", role, err)
			}
			return s, nil
		}
		s, err := askName(ask, fmt.Sprintf("Name of the %s player", role), taken)
		return s, interrupted(err, "")
	}
	cfg := runner.Config{Mulligan: f.mulligan, TurnCap: f.turnCap, Cards: cards, Edition: runner.Edition, BeyondBox: f.beyondBox}
	if cfg.Crown, err = name(f.crown, "crown", nil); err != nil {
		return err
	}
	if cfg.Pirate, err = name(f.pirate, "pirate", []string{cfg.Crown}); err != nil {
		return err
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	a.info(mode, fmt.Sprintf("Rum Runner: %s plays the crown and takes the first turn; %s plays the pirate.", cfg.Crown, cfg.Pirate))
	file := games.Runner.File(&cfg, nil)
	file.Teach = a.teach
	return a.play(mode, file, "", games.RunnerFactory(cfg))
}
