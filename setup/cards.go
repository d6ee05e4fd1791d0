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
		doc, err := DecodeYAMLDoc(extra, &add, YAMLOptions{})
		if err != nil {
			return nil, fmt.Errorf("card file: %w", err)
		}
		for i, c := range add.Cards {
			if err := c.Validate(); err != nil {
				return nil, fmt.Errorf("card file: line %d: %w", doc.Line("cards", i), err)
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
