package pirates

import "rumref/referee"

// PlayerColors is each player's pirate color and its mark on the board
// picture (referee.Colored).
func (g *Game) PlayerColors() []referee.PlayerColor {
	out := make([]referee.PlayerColor, len(g.Players))
	for i, p := range g.Players {
		out[i] = referee.PlayerColor{Name: p.Color, Mark: []rune(Mark(p.Color))[0]}
	}
	return out
}
