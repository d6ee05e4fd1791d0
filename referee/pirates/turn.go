package pirates

import (
	"rumref/referee"
)

// actionPhase runs turns clockwise from the start player, skipping players
// who are out, until every player has boarded or run out of pirates.
func (g *Game) actionPhase(t *referee.T) {
	for i := range g.Players {
		g.Players[i].Out = false
	}
	p := g.StartPlayer
	for !g.allOut() {
		if !g.Players[p].Out {
			g.Turn = p
			g.turn(t, p)
		}
		p = g.next(p)
	}
	g.Turn = -1
	t.Say("rp.board", referee.Text("pirates.turn.every-player-out"))
}

// allOut reports whether every player has left the action phase.
func (g *Game) allOut() bool {
	for _, pl := range g.Players {
		if !pl.Out {
			return false
		}
	}
	return true
}

// turn is one player's turn: exactly one of move the captain, rest or go on
// board. A player who can neither hop nor rest must go on board.
func (g *Game) turn(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	last := g.isLast(p)
	if last {
		t.Say("rp.last-player", referee.Text("pirates.turn.only-player-still", referee.Str(pl.Name)))
	}
	g.turnMenu(t, p, last)
}

// turnMenu is the turn: one menu of every empty
// alley the mover can pay for (with its cost; dark alleys ask for their
// exit next), rest and go on board.
func (g *Game) turnMenu(t *referee.T, p referee.Seat, last bool) {
	pl := &g.Players[p]
	c := referee.Choose[alley](t)
	from, _ := g.escapeTarget(g.Captain)
	g.addHops(&c, p, from, 0, last)
	if pl.Coins >= 1 {
		c.Add(restTurn, referee.Text("pirates.turn.rest-pay-1"))
	}
	c.Add(boardNow, referee.Text("pirates.turn.go-board", referee.Count(pl.Supply, nPirate)))
	if c.Len() == 1 {
		g.forcedBoarding(t, p)
		return
	}
	switch a := c.Pick(t, referee.Question{ID: "turn.menu", Actor: p, Rule: "rp.turn",
		Prompt: referee.Text("pirates.turn.turn-captain-supply",
			referee.Str(pl.Name), g.at(g.Captain), g.deadEndNote(from), referee.Count(pl.Supply, nPirate))}); a {
	case restTurn:
		g.rest(t, p)
	case boardNow:
		g.goOnBoard(t, p)
	default:
		g.move(t, p, a)
	}
}

// forcedBoarding boards a player whose one choice is to go on board.
// Resting needs a coin, and coins are secret: the public line states
// only the ruling.
func (g *Game) forcedBoarding(t *referee.T, p referee.Seat) {
	t.Tell("rp.turn.one-option", referee.Text("pirates.turn.has-only-one", referee.Str(g.Players[p].Name)), p,
		referee.Text("pirates.turn.you-cannot-rest", referee.Sub(g.whyNoHop(p))))
	g.goOnBoard(t, p)
}

// rest is the rest turn: the player pays 1 coin.
func (g *Game) rest(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	pl.Coins--
	t.Tell("rp.rest", referee.Text("pirates.turn.rests-pays-1", referee.Str(pl.Name)), p, referee.Text("pirates.turn.you-have-left", referee.Count(pl.Coins, nCoin)))
}

// goOnBoard puts all the player's supply pirates beside the mast in the
// top-most empty row; the player is out of the action phase.
func (g *Game) goOnBoard(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	n := pl.Supply
	pl.Out = true
	if n == 0 {
		t.Say("rp.board", referee.Text("pirates.turn.has-pirates-take", referee.Str(pl.Name)))
		return
	}
	g.Mast = append(g.Mast, MastRow{Player: p, Left: n})
	pl.Supply = 0
	t.Say("rp.board", referee.Text("pirates.turn.goes-board-row", referee.Str(pl.Name), referee.Count(n, nPirate), referee.Int(len(g.Mast))))
}
