package migrate

import (
	"rumref/referee"
	"rumref/referee/runner"
)

// runner2 carries an edition-2 save over to today's edition. Edition 2
// named every draw in secret and asked the rest as today does but for
// four things, each rewritten here from answers the save holds:
//   - the pirate's draws were named: today the pirate's hand is a count
//     and a card is named when it leaves the hand (the old play, discard
//     or crew answer names it, by the same key), so the naming answer
//     goes; the crown still names its draws, by the same question;
//   - the crown's reveal was its own question at the start of each crown
//     turn ("reveal nothing more" when it did not): today it is the
//     "reveal" option of the crown's first action, so a reveal made turns
//     into that option followed by the same reveal question, and a reveal
//     declined goes;
//   - the action menu offered an action that plays a card whenever the
//     hand held a card: today it offers one only when the table can tell
//     the hand may hold a card for it, so an action the menu no longer
//     offers that the old save took back at once ("take the action back")
//     goes with its take-back; it changed nothing;
//   - the 5 cards a pirate reshuffle removes were named: today they go
//     back to the box unseen, so their naming answers go.
//
// A crown deck that has run out was rebuilt by a rum's hand shuffle in
// edition 2 and stays out today, and with no rum left rumref declared the
// draw where today the table is asked: a save that met the first meets a
// question today's rules do not ask and is refused; one that met the
// second stops at the table's question.
func runner2(setup any, old []referee.Answer) (*Rewrite, error) {
	return replayRunner(setup, old, func(q *referee.Question, old []referee.Answer, i int) (string, int, bool) {
		a := old[i]
		switch {
		case a.Q == "draw.card" && a.Actor == runner.PirateSeat:
			return "", 1, true
		case a.Q == "deck.remove":
			return "", 1, true
		case a.Q == "reveal.pick" && q.ID == "action" && offers(q, "reveal"):
			if a.A == "done" {
				return "", 1, true
			}
			return "reveal", 0, true
		case a.Q == "reveal.pick" && a.A == "done" && q.ID == "action":
			return "", 1, true
		case a.Q == "action" && q.ID == "action" && !offers(q, a.A) && i+1 < len(old) && old[i+1].A == "cancel":
			return "", 2, true
		}
		return "", 0, false
	}, mismatch)
}
