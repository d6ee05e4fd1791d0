package reference

import "fmt"

// Game names which of the two games an entry belongs to.
type Game int

const (
	// Pirates is Rum & Pirates by Stefan Feld; its rule IDs start with "rp.".
	Pirates Game = iota + 1
	// Runner is Rum Runner by Chris Glein; its rule IDs start with "rr.".
	Runner
)

// String returns the game's printed name.
func (g Game) String() string {
	switch g {
	case Pirates:
		return "Rum & Pirates"
	case Runner:
		return "Rum Runner"
	}
	return fmt.Sprintf("game(%d)", int(g))
}

// Key returns the short name used on the command line and in JSON.
func (g Game) Key() string {
	switch g {
	case Pirates:
		return "pirates"
	case Runner:
		return "runner"
	}
	return ""
}

// MarshalText encodes the game as its short name for JSON output.
func (g Game) MarshalText() ([]byte, error) {
	if k := g.Key(); k != "" {
		return []byte(k), nil
	}
	return nil, fmt.Errorf("unknown game %d", int(g))
}

// UnmarshalText decodes a short name written by MarshalText.
func (g *Game) UnmarshalText(b []byte) error {
	switch string(b) {
	case "pirates":
		*g = Pirates
	case "runner":
		*g = Runner
	default:
		return fmt.Errorf("unknown game %q: use pirates or runner", string(b))
	}
	return nil
}
