package sim

import (
	"math/rand/v2"
	"strconv"

	"rumref/referee"
)

// player is a seeded random legal player: it answers a choice question
// with one of the listed option keys and a number question with a number
// in [Min, Max]. The games add small biases so that games end.
type player struct {
	r *rand.Rand
}

func newPlayer(seed uint64) *player {
	return &player{r: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// any picks uniformly among the legal answers.
func (p *player) any(q *referee.Question) string {
	if q.Kind == referee.Number {
		return strconv.Itoa(q.Min + p.r.IntN(q.Max-q.Min+1))
	}
	if q.Kind == referee.TextLine {
		return q.Example
	}
	return q.Options[p.r.IntN(len(q.Options))].Key
}

// has reports whether the question lists option key.
func has(q *referee.Question, key string) bool {
	for _, o := range q.Options {
		if o.Key == key {
			return true
		}
	}
	return false
}
