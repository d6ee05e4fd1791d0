package runner

import (
	"rumref/referee"
)

// ActionsPerTurn is the number of actions each turn.
const ActionsPerTurn = 3

// takeTurn runs one turn of the active player: start of turn, three
// actions, end of turn (rules 20-21, 37-38).
func (g *Game) takeTurn(t *referee.T) {
	seat := g.Active
	p := g.Players[seat]
	t.Say("rr.turn", referee.Text("runner.turn.start", referee.Int(g.Turn), referee.Sub(g.who(seat))))
	if seat == PirateSeat {
		g.readyShipsStep(t)
	} else {
		// The crown's first action question offers the reveal
		// (revealOption), so it is asked in secret only when wanted.
		g.revealOpen = true
	}
	for g.Actions = ActionsPerTurn; g.Actions > 0 && !g.Over; {
		if g.action(t, seat) {
			g.Actions--
			g.revealOpen = false
		}
	}
	g.revealOpen = false
	if seat == CrownSeat && !g.Over {
		g.turnEnd(t)
	}
	if g.Over {
		return
	}
	t.Say("rr.end-turn", referee.Text("runner.turn.end", referee.Str(p.Name)))
	g.draw(t, seat, 1)
	if p.HandSize() > HandLimit {
		g.discard(t, seat, "rr.end-turn", referee.Text("runner.turn.too-many", referee.Int(p.HandSize())))
	}
}
