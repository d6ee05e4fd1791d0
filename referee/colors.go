package referee

// Colored is a game whose players have colors (Rum & Pirates' pirate
// colors): a front end that shows colors paints a player's name, and the
// marks of their pieces on the board picture, in their color.
type Colored interface {
	// PlayerColors is each seat's color, in seat order.
	PlayerColors() []PlayerColor
}

// PlayerColor is one player's color: its name as the game calls it
// ("gold") and the letter that marks the player's pieces on the board
// picture ("G").
type PlayerColor struct {
	Name string
	Mark rune
}
