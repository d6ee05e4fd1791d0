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
	t.Emit(referee.Event{Rule: "rp.board", Text: "Every player is out of the action phase: on to the wrangle."})
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
func (g *Game) turn(t *referee.T, p int) {
	pl := &g.Players[p]
	last := g.isLast(p)
	if last {
		t.Emit(referee.Event{Rule: "rp.last-player", Text: textf(t, "%s is the only player still in: hops after the first cost no coin this turn (a dark alley still costs its coin).", pl.Name)})
	}
	var opts []referee.Option
	if g.canHop(p, 0, last) {
		label := "Move the captain"
		if c, _ := g.escapeTarget(g.Captain); c != g.Captain {
			label += textf(t, " (dead end: the captain first jumps to %s)", g.Board.Intersections[c].Name)
		}
		opts = append(opts, referee.Option{Key: "move", Label: label})
	}
	if pl.Coins >= 1 {
		opts = append(opts, referee.Option{Key: "rest", Label: "Rest (pay 1 coin)"})
	}
	opts = append(opts, referee.Option{Key: "board", Label: textf(t, "Go on board with %s", plural(pl.Supply, "pirate"))})
	if len(opts) == 1 {
		// Resting needs a coin, and coins are secret: the public line
		// states only the ruling.
		t.Emit(referee.Event{Rule: "rp.turn.one-option", Text: textf(t, "%s has only one choice this turn: go on board.", pl.Name),
			Private: textf(t, "You cannot rest without a coin. %s", g.whyNoHop(t, p, 0, last)), Player: referee.Seat(p)})
		g.goOnBoard(t, p)
		return
	}
	switch t.Ask(referee.Question{ID: "turn.choice", Actor: referee.Seat(p), Rule: "rp.turn", Options: opts,
		Text: textf(t, "%s's turn (captain on %s, %s in supply): move the captain, rest or go on board?",
			pl.Name, g.Board.Intersections[g.Captain].Name, plural(pl.Supply, "pirate"))}) {
	case "move":
		g.move(t, p)
	case "rest":
		pl.Coins--
		t.Emit(referee.Event{Rule: "rp.rest", Text: textf(t, "%s rests and pays 1 coin.", pl.Name),
			Private: textf(t, "You have %s left.", plural(pl.Coins, "coin")), Player: referee.Seat(p)})
	default:
		g.goOnBoard(t, p)
	}
}

// goOnBoard puts all the player's supply pirates beside the mast in the
// top-most empty row; the player is out of the action phase.
func (g *Game) goOnBoard(t *referee.T, p int) {
	pl := &g.Players[p]
	n := pl.Supply
	pl.Out = true
	if n == 0 {
		t.Emit(referee.Event{Rule: "rp.board", Text: textf(t, "%s has no pirates to take on board and is out of this round.", pl.Name)})
		return
	}
	g.Mast = append(g.Mast, MastRow{Player: p, Left: n})
	pl.Supply = 0
	t.Emit(referee.Event{Rule: "rp.board", Text: textf(t, "%s goes on board with %s in row %d beside the mast and is out of the action phase.",
		pl.Name, plural(n, "pirate"), len(g.Mast))})
}
