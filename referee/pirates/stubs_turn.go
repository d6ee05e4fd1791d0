package pirates

import "rumref/referee"

// actionPhase runs turns clockwise from the start player until every
// player is out. (Placeholder: replaced by turn.go.)
func (g *Game) actionPhase(t *referee.T) {
	for i := range g.Players {
		g.Players[i].Out = true
	}
}
