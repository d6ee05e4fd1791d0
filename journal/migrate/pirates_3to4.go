package migrate

import (
	"rumref/referee"
)

// pirates3to4 takes a roll with rum as one answer. Revision 3 asked the
// die (pub.roll, chest.roll, wrangle.roll), then, while rum could help,
// whether the player keeps it or hands back a barrel and what the
// re-roll showed (rum.use), then the barrel's second re-roll (rum.second);
// revision 4 asks the die or "r" and the result that stands after the
// barrel (r5), then for each further barrel its result (rum.more). Both
// offer rum under the same conditions, so the results that stand, the
// barrels handed back and the questions after a roll are the same.
//
// A save that stopped inside such a roll is refused: its pending question
// (rum.use or rum.second) has no counterpart that keeps the answers given.
func pirates3to4(_ any, old []referee.Answer) (*Rewrite, error) {
	out := make([]referee.Answer, 0, len(old))
	kept := make([]int, len(old)+1)
	midRoll := func(n int) error {
		return stop(n, "pirates.mid_roll")
	}
	var check func(e *referee.Engine) error
	for i := 0; i < len(old); {
		a, j, before := old[i], i+1, len(out)
		switch {
		case isRoll(a.Q) && j < len(old) && old[j].Q == "rum.use":
			for barrels := 0; ; barrels++ {
				use := old[j]
				j++
				res := use.A
				if res != "keep" {
					switch {
					case j < len(old) && old[j].Q == "rum.second":
						if old[j].A != "keep" {
							res = old[j].A
						}
						j++
					case j == len(old):
						return nil, midRoll(j) // rum.second may be pending
					}
				}
				switch {
				case barrels == 0 && res == "keep":
					out = append(out, a)
				case barrels == 0:
					out = append(out, referee.Answer{Q: a.Q, A: res, Actor: a.Actor, HasActor: a.HasActor})
				default:
					out = append(out, referee.Answer{Q: "rum.more", A: res, Actor: use.Actor, HasActor: use.HasActor})
				}
				if res == "keep" || j == len(old) || old[j].Q != "rum.use" {
					break
				}
			}
		case a.Q == "rum.use" || a.Q == "rum.second":
			return nil, stop(i+1, "pirates.no_roll", referee.Str(a.String()))
		default:
			out = append(out, a)
			if isRoll(a.Q) && j == len(old) {
				// The save ends at the die: revision 3 would have asked
				// next whether the player uses rum if they hold any.
				last := len(out) - 1
				check = func(e *referee.Engine) error {
					q, err := e.QuestionAt(last)
					if err != nil {
						return err
					}
					if offers(q, "r1") {
						return midRoll(last + 1)
					}
					return nil
				}
			}
		}
		for k := i + 1; k < j; k++ {
			kept[k] = before
		}
		kept[j] = len(out)
		i = j
	}
	return &Rewrite{Answers: out, Kept: kept, Check: check}, nil
}

// isRoll reports whether a question asks a contest's die.
func isRoll(id string) bool { return id == "pub.roll" || id == "chest.roll" || id == "wrangle.roll" }

// offers reports whether a question offers the option key.
func offers(q *referee.Question, key string) bool {
	for _, o := range q.Options {
		if o.Key == key {
			return true
		}
	}
	return false
}
