package pirates

import (
	"rumref/referee"
)

// beginRound announces the round and, in a two-player game, asks the die
// that sets how many pirates the imaginary third player puts in the top row
// beside the mast.
func (g *Game) beginRound(t *referee.T) {
	t.Say("rp.rounds", referee.Text("pirates.round.round-begins-holds", referee.Int(g.Round), referee.Int(Rounds), g.who(g.StartPlayer)))
	if len(g.Players) != 2 {
		return
	}
	n := askDie(t, "wrangle.imaginary", referee.Table,
		referee.Text("pirates.round.round-roll-die", referee.Int(g.Round)), "rp.wrangle.imaginary")
	g.Mast = append([]MastRow{{Player: Imaginary, Left: n}}, g.Mast...)
	t.Say("rp.wrangle.imaginary", referee.Text("pirates.round.imaginary-player-puts", referee.Count(n, nPirate)))
}

// endRound cleans up after the wrangle: the start-player tile passes left,
// every pirate on the board or still beside the mast goes back to its
// owner's supply, the captain stays where he is, and, if a round follows,
// new sleeping places are drawn for the ship.
func (g *Game) endRound(t *referee.T) {
	for id, p := range g.Occupant {
		if p >= 0 {
			g.Players[p].Supply += g.Board.Alleys[id].Segments
			g.Occupant[id] = -1
		}
	}
	for _, r := range g.Mast {
		if r.Player >= 0 {
			g.Players[r.Player].Supply += r.Left + r.Right
		}
	}
	g.Mast = nil
	for i := range g.Players {
		g.Players[i].Out = false
	}
	g.Turn = -1
	if g.Round >= Rounds {
		t.Say("rp.round-end", referee.Text("pirates.round.round-over-every", referee.Int(g.Round)))
		return
	}
	g.StartPlayer = g.next(g.StartPlayer)
	t.Say("rp.round-end", referee.Text("pirates.round.round-over-every-2", referee.Int(g.Round), g.at(g.Captain), g.who(g.StartPlayer)))
	g.drawSleeping(t, "round")
}
