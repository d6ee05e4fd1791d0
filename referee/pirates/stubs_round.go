package pirates

import "rumref/referee"

// beginRound prepares a round (the imaginary player's die in a 2-player
// game). (Placeholder: replaced by round.go.)
func (g *Game) beginRound(t *referee.T) {}

// wrangle runs the wrangle for the sleeping places. (Placeholder: replaced
// by wrangle.go.)
func (g *Game) wrangle(t *referee.T) {}

// endRound cleans up the round. (Placeholder: replaced by round.go.)
func (g *Game) endRound(t *referee.T) {}

// gameEnd scores the game. (Placeholder: replaced by round.go.)
func (g *Game) gameEnd(t *referee.T) {}
