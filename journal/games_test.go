package journal

import (
	"reflect"

	"rumref/referee/pirates"
	"rumref/referee/runner"
	"rumref/setup"
)

// testGames is the two games as package games defines them, for the
// journal's own tests (which cannot import games: it imports the journal).
type testGames struct{}

func (testGames) Names() []string { return []string{"pirates", "runner"} }

func (testGames) Wire(game string) reflect.Type {
	switch game {
	case "pirates":
		return reflect.TypeFor[piratesWire]()
	case "runner":
		return reflect.TypeFor[Wire[struct {
			Setup *runner.Config `yaml:"runner,omitempty"`
		}]]()
	}
	return nil
}

type piratesWire = Wire[struct {
	Setup *pirates.Config `yaml:"pirates,omitempty"`
}]

func (testGames) Check(game string, s any) error {
	switch cfg := s.(type) {
	case *pirates.Config:
		if err := cfg.Validate(); err != nil {
			return &SetupError{Part: "section", What: "a valid setup", Err: err}
		}
		if err := setup.CheckLayout(cfg.Layout); err != nil {
			return &SetupError{Part: "layout", What: "a valid board", Err: err}
		}
	case *runner.Config:
		if err := cfg.Validate(); err != nil {
			return &SetupError{Part: "section", What: "a valid setup", Err: err}
		}
	}
	return nil
}

// Decode is DecodeWith the two games.
func Decode(data []byte) (*File, error) { return DecodeWith(data, testGames{}) }
