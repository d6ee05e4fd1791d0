package migrate

import (
	"rumref/referee"
	"rumref/referee/runner"
)

// runner2 carries an edition-2 save over to today's edition. Edition 2
// named every draw in secret and asked the rest as today does but for
// these, each rewritten here from answers the save holds:
//   - the pirate's draws were named: today the pirate's hand is a count
//     and a card is named when it leaves the hand (the old play, discard
//     or crew answer names it, by the same key), so the naming answer
//     goes; the crown still names its draws, by the same question. A card
//     the pirate typed in by hand at a draw is typed in, with the same
//     answers, where it leaves the hand ("a card not in this list");
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
//     back to the box unseen, so their naming answers go;
//   - a rum's hand shuffle was offered with the crown deck run out: today
//     the deck stays out and it is not offered, so a shuffle declined goes
//     (one taken, which rebuilt the deck, meets a question today does not
//     ask, and the save is refused there);
//   - with no rum left rumref declared the draw: today the table is asked,
//     and such a save stops at that question (stalemate.draw).
func runner2(setup any, old []referee.Answer) (*Rewrite, error) {
	return replayRunner(setup, old, false, edition2Rules(), mismatch)
}

// typedCard is a card the pirate typed in by hand at a draw: its name and
// the answers that typed it in.
type typedCard struct {
	name    string
	answers []referee.Answer
}

// edition2Rules is where an edition-2 save's answers and today's
// questions part ways (runner2); edition 1's are the same (runner1). It
// keeps the pirate's cards typed in at a draw until they leave the hand.
func edition2Rules() runnerRule {
	var typed []typedCard
	var feeding []referee.Answer
	return func(q *referee.Question, old []referee.Answer, i int) (string, int, bool) {
		a := old[i]
		if len(feeding) > 0 {
			// A typed-in card's answers, moved from its draw to where it
			// leaves the hand (old[i] names it); card.type is asked only
			// where the card could be of more than one type.
			if feeding[0].Q == "card.type" && q.ID != "card.type" {
				feeding = feeding[1:]
			}
			if len(feeding) == 0 || feeding[0].Q != q.ID {
				return "", 0, false
			}
			f := feeding[0]
			feeding = feeding[1:]
			if len(feeding) == 0 {
				return f.A, 1, true // the card has left the hand as old[i] says
			}
			return f.A, 0, true
		}
		switch {
		case a.Q == "draw.card" && a.Actor == runner.PirateSeat:
			j := i + 1
			if a.A == "unlisted" {
				t := typedCard{}
				for ; j < len(old) && old[j].Actor == runner.PirateSeat && isCardQuestion(old[j].Q); j++ {
					t.answers = append(t.answers, old[j])
					if old[j].Q == "card.name" {
						t.name = old[j].A
					}
				}
				typed = append(typed, t)
			}
			return "", j - i, true
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
		case a.Q == "effect.optional" && a.A == "no" && q.ID != "effect.optional":
			return "", 1, true
		case a.Actor == runner.PirateSeat && q.Kind == referee.Choice && offers(q, "unlisted") && !offers(q, a.A):
			for k, t := range typed {
				if runner.CardKey(t.name) == a.A {
					typed = append(typed[:k:k], typed[k+1:]...)
					feeding = t.answers
					return "unlisted", 0, true
				}
			}
		}
		return "", 0, false
	}
}

// isCardQuestion reports whether a question types in a card by hand.
func isCardQuestion(id string) bool {
	return len(id) > 5 && id[:5] == "card."
}
