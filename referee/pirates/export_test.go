package pirates

import "rumref/referee"

// TurnForTest runs one player's turn (test hook for the external tests).
func (g *Game) TurnForTest(t *referee.T, p int) { g.turn(t, referee.Seat(p)) }

// ActionPhaseForTest runs the whole action phase (test hook).
func (g *Game) ActionPhaseForTest(t *referee.T) { g.actionPhase(t) }

// ArriveForTest resolves an arrival of player p's own hop (test hook).
func (g *Game) ArriveForTest(t *referee.T, p int) { g.arrive(t, referee.Seat(p)) }

// DeadEndForTest reports whether intersection c is a dead end (test hook).
func (g *Game) DeadEndForTest(c int) bool { return g.deadEnd(c) }

// GameEndForTest scores the game and reports the result (test hook).
func (g *Game) GameEndForTest(t *referee.T) { g.gameEnd(t) }

// NameWaresForTest runs the end-of-game naming of kept wares (test hook).
func (g *Game) NameWaresForTest(t *referee.T) { g.nameWares(t) }

// DrawSleepingForTest draws the sleeping places of a new round (test hook).
func (g *Game) DrawSleepingForTest(t *referee.T) { g.drawSleeping(t, "round") }

// Possible lists, in catalog order, the tile types the shuffled part of
// the stack holds, or else the first tile put under it (test hook).
func (s *Stack) Possible() []string {
	var out []string
	for _, k := range s.keys {
		if s.Counts[k] > 0 {
			out = append(out, k)
		}
	}
	if len(out) == 0 && len(s.Under) > 0 {
		out = append(out, s.Under[0])
	}
	return out
}
