package reference

import "rumref/locale"

// Book is one game's part of the reference: the game's names, as its
// entry in the registry holds them (games.Entry), and its rules, in the
// file named after the game (PiratesRules reads pirates.yaml). The registry
// makes the library of its games' books (games.Reference), so a game is
// added to the reference with its entry.
type Book struct {
	// Name is the game's short name ("pirates"), written for the game
	// in JSON.
	Name string
	// Title is the game's printed name.
	Title string
	// Rules returns the game's rules in reading order.
	Rules func() []Rule
}

// String returns the game's printed name.
func (b *Book) String() string { return b.Title }

// TitleIn is the game's name in language l (reference.game.NAME: "Um
// Ru(h)m und Ehre" in German), its printed name where the catalog has
// none.
func (b *Book) TitleIn(l locale.Lang) string {
	if key := "reference.game." + b.Name; l.Has(key) {
		return l.Get(key)
	}
	return b.Title
}

// MarshalText encodes the game as its short name for JSON output.
func (b *Book) MarshalText() ([]byte, error) { return []byte(b.Name), nil }

// UnmarshalText decodes a short name written by MarshalText: the book
// read back holds the game's name only.
func (b *Book) UnmarshalText(text []byte) error {
	b.Name = string(text)
	return nil
}
