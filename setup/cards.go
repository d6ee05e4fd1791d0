package setup

import (
	"bytes"
	"embed"
	"slices"

	"go.yaml.in/yaml/v3"

	"rumref/internal/yamlfile"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("setup", messages)

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
	if err := yamlfile.Decode(runnerCardsYAML, &base, yamlfile.MaxSize); err != nil {
		return nil, referee.Wrap(err, "setup.cards.builtin")
	}
	return AddRunnerCards(base.Cards, extra)
}

// AddRunnerCards adds the cards of a card file (extra, may be nil) to
// cards, each replacing a card of the same name, and checks the whole
// catalog; errors name the file's line, card and field.
func AddRunnerCards(cards []runner.Card, extra []byte) ([]runner.Card, error) {
	cards = slices.Clone(cards)
	if len(extra) > 0 {
		var add RunnerCardFile
		if err := yamlfile.Decode(extra, &add, yamlfile.MaxSize); err != nil {
			return nil, referee.Wrap(err, "setup.cards.file")
		}
		for i, c := range add.Cards {
			if err := c.Validate(); err != nil {
				return nil, referee.Wrap(err, "setup.cards.file_line", referee.Int(yamlfile.Line(extra, "cards", i)))
			}
			if i := slices.IndexFunc(cards, func(x runner.Card) bool { return x.Name == c.Name }); i >= 0 {
				cards[i] = c
			} else {
				cards = append(cards, c)
			}
		}
	}
	// The box counts are the caller's to check: a new game checks them
	// unless --beyond-box (games/runner_setup.go).
	cfg := runner.Config{Crown: "crown", Pirate: "pirate", Cards: cards, BeyondBox: true}
	if err := cfg.Validate(); err != nil {
		return nil, referee.Wrap(err, "setup.cards.catalog")
	}
	return cards, nil
}

// ReadRunnerCards reads the cards of a card file, each checked on its own
// (not as a whole catalog).
func ReadRunnerCards(data []byte) ([]runner.Card, error) {
	var f RunnerCardFile
	if err := yamlfile.Decode(data, &f, yamlfile.MaxSize); err != nil {
		return nil, err
	}
	for i, c := range f.Cards {
		if err := c.Validate(); err != nil {
			return nil, referee.Wrap(err, "setup.cards.line", referee.Int(yamlfile.Line(data, "cards", i)))
		}
	}
	return f.Cards, nil
}

// EncodeRunnerCards writes cards as a card file (the schema of --cards)
// after a comment of header lines.
func EncodeRunnerCards(header []string, cards []runner.Card) ([]byte, error) {
	body, err := yaml.Marshal(RunnerCardFile{Cards: cards})
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for _, h := range header {
		b.WriteString("# " + h + "\n")
	}
	b.Write(body)
	return b.Bytes(), nil
}
