package games

import (
	"rumref/locale"
	"rumref/referee"
)

// Scorer is how "rumref score" scores a game's plays (Entry.Score): a game
// played with the referee, a score sheet of one played without it, and
// tiles typed in player by player, which are written as a sheet (game:
// SheetGame, then players: each with its name and Fields) so that they get
// the sheet's checks. The scores are the game's own: Rum & Pirates' are
// package scoring's (games/pirates_score.go).
type Scorer struct {
	// Game scores g for the viewer (referee.Public: the table, with the
	// others' secrets kept); over says whether the game has ended (a pad
	// of a game still being played is provisional).
	Game func(g referee.Game, viewer referee.Viewer, over bool) Scored
	// SheetGame is the game: line of the game's score sheets.
	SheetGame string
	// Sheet scores a score sheet (nil: the game has none); typed: a sheet
	// written from what was typed in, whose refusals name no line.
	Sheet func(data []byte, typed bool) (Scored, error)
	// Fields are asked of each player when the tiles are typed in, in
	// sheet order.
	Fields []SheetField
}

// SheetField is one question asked of each player when the tiles are
// typed in: the sheet's field, what is asked, and how a typed line is
// written as the field's YAML value (or refused, in words).
type SheetField struct {
	Key, Prompt string
	Value       func(typed string) (string, error)
}

// Scored is a scored game.
type Scored struct {
	// Placings are the players' places, for the play logger.
	Placings []Placing
	// Tiles is what a sheet scored, written the same way each time: its
	// play's ID is made of it (SheetPlayID).
	Tiles string
	// In is, in a language, the score pad as printed for people and the
	// object "rumref score --json" prints (the JSON Lines score object
	// carries its fields).
	In func(locale.Lang) (pad string, json any)
}
