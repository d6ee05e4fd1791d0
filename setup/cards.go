package setup

import (
	_ "embed"
	"fmt"
	"slices"

	"rumref/referee/runner"
)

//go:embed runner_cards.yaml
var runnerCardsYAML []byte

// RunnerCardFile is the schema of the Rum Runner card catalog and of a
// --cards file: a list of cards.
type RunnerCardFile struct {
	Cards []runner.Card `yaml:"cards"`
}

// RunnerCatalog returns the embedded Rum Runner catalog with the cards of
// an optional user file (extra, may be nil) added or overriding cards of
// the same name. Every card is checked; errors name the card and field.
func RunnerCatalog(extra []byte) ([]runner.Card, error) {
	var base RunnerCardFile
	if err := DecodeYAML(runnerCardsYAML, &base); err != nil {
		return nil, fmt.Errorf("built-in card catalog: %w", err)
	}
	cards := base.Cards
	if len(extra) > 0 {
		var add RunnerCardFile
		if err := DecodeYAML(extra, &add); err != nil {
			return nil, fmt.Errorf("card file: %w", whichCard(extra, err))
		}
		for _, c := range add.Cards {
			if err := c.Validate(); err != nil {
				return nil, fmt.Errorf("card file: %w", err)
			}
			if i := slices.IndexFunc(cards, func(x runner.Card) bool { return x.Name == c.Name }); i >= 0 {
				cards[i] = c
			} else {
				cards = append(cards, c)
			}
		}
	}
	cfg := runner.Config{Crown: "crown", Pirate: "pirate", Cards: cards}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("card catalog: %w", err)
	}
	return cards, nil
}

// whichCard names the card at fault when a card file does not decode: the
// YAML library reports a bad value (an unknown type, say) without saying
// where, so each card is decoded on its own to find the first bad one.
func whichCard(data []byte, err error) error {
	var loose struct {
		Cards []map[string]any `yaml:"cards"`
	}
	if DecodeYAML(data, &loose) != nil {
		return err
	}
	for i, raw := range loose.Cards {
		one, encErr := EncodeYAML(raw)
		if encErr != nil {
			continue
		}
		var c runner.Card
		if cardErr := DecodeYAML(one, &c); cardErr != nil {
			name, _ := raw["name"].(string)
			if name == "" {
				name = fmt.Sprintf("number %d", i+1)
			} else {
				name = fmt.Sprintf("%q", name)
			}
			return fmt.Errorf("card %s: %w", name, cardErr)
		}
	}
	return err
}
