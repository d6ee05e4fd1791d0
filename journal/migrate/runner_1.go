package migrate

import (
	"rumref/referee"
)

// runner1 carries an edition-1 save over to today's edition. Edition 1
// asked as edition 2 (runner2) but more:
//   - a public question with one legal answer was asked, where today's
//     engine takes it itself: the save is played with such questions
//     asked, and its answers to them are left out (replayRunner's
//     askAll), so the rewritten save holds what today asks;
//   - the crown's reveal was asked whenever a face-down investment lay on
//     the table, also when none could be funded: "reveal nothing more"
//     goes, as in edition 2;
//   - a Treasure Map's look at a lone face-down card was taken without a
//     question, where today the pirate picks in secret: that pick is the
//     one card there is.
//
// Edition 1 left the crown's face-down cards face-down at the end; today
// they are turned over in a ruling, which changes no score.
func runner1(setup any, old []referee.Answer) (*Rewrite, error) {
	rules := edition2Rules()
	return replayRunner(setup, old, true, func(q *referee.Question, old []referee.Answer, i int) (string, int, bool) {
		if q.ID == "effect.peek" && len(q.Options) == 1 {
			return q.Options[0].Key, 0, true
		}
		return rules(q, old, i)
	}, mismatch)
}
