package reference

import (
	"fmt"

	"rumref/games"
)

// Game names which of the two games an entry belongs to.
type Game int

const (
	// Pirates is Rum & Pirates by Stefan Feld; its rule IDs start with "rp.".
	Pirates Game = iota + 1
	// Runner is Rum Runner by Chris Glein; its rule IDs start with "rr.".
	Runner
)

// books are the games of the reference, in browsing order: each with its
// entry in the registry (which holds its names) and its rules entries in
// the file named after it. A game's rules are one more line here.
var books = []struct {
	game  Game
	entry *games.Entry
	rules func() []Entry
}{
	{Pirates, games.Pirates, piratesEntries},
	{Runner, games.Runner, runnerEntries},
}

// entries are the games' entries in the registry, by reference game.
var entries = func() map[Game]*games.Entry {
	m := map[Game]*games.Entry{}
	for _, b := range books {
		m[b.game] = b.entry
	}
	return m
}()

// String returns the game's printed name.
func (g Game) String() string {
	if e, ok := entries[g]; ok {
		return e.Title
	}
	return fmt.Sprintf("game(%d)", int(g))
}

// Key returns the short name used on the command line and in JSON.
func (g Game) Key() string {
	if e, ok := entries[g]; ok {
		return e.Name
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
	for k, e := range entries {
		if e.Name == string(b) {
			*g = k
			return nil
		}
	}
	return fmt.Errorf("unknown game %q: use %s", string(b), games.OneOf())
}
