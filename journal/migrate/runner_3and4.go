package migrate

import (
	"rumref/referee"
	"rumref/referee/runner"
)

// runner3and4 carries a save of edition 3 or 4 over to today's edition,
// which asks as they did but for the crown's draws: editions 3 and 4 held
// the crown's hand as a count, naming a card only when it left the hand,
// and today the crown names each card it draws, in secret, so that what
// its deck can still give at a raid on Home Port is what the deck holds.
// Which card each draw was cannot be told from the save: the cards
// still in hand were never named, and those named later could have been
// drawn in any order. So a save is carried over only while the crown has
// drawn nothing (one stopped at the setup's starting hazards), and
// refused from its first crown draw on. Edition 3 also offered the crown's
// placing actions whenever its hand held a card, which edition 4 and
// today offer by the table's counts; within the setup the two agree.
func runner3and4(setup any, old []referee.Answer) (*Rewrite, error) {
	ed := setup.(*runner.Config).Edition
	return replayRunner(setup, old, false, func(*referee.Question, []referee.Answer, int) (string, int, bool) {
		return "", 0, false
	}, func(q *referee.Question, a referee.Answer, n int) *Stop {
		if q.ID == "draw.card" && q.Actor == runner.CrownSeat {
			return stop(n, "runner.draws", referee.Int(ed))
		}
		return mismatch(q, a, n)
	})
}
