// Package randplay is rumref's one seeded random legal player. The
// simulator (rumref sim) and the tests of the games and of the commands
// play with it; it knows only referee.Question, so any package's tests can
// import it.
//
// A Player answers any question with a legal answer (Any); a game's Policy
// adds the small biases that make its games end (Pirates, Runner).
package randplay

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"rumref/locale"
	"rumref/referee"
)

// Player is a seeded random legal player.
type Player struct {
	r *rand.Rand
	// keys is a policy's buffer of option keys, reused from one question
	// to the next.
	keys []string
}

// New returns the player of a seed (the simulator's stream of it).
func New(seed uint64) *Player {
	return From(rand.New(rand.NewPCG(seed, 0x5eed)))
}

// From returns a player drawing from r, for a test that keeps its own
// random source (and so the games it has always played).
func From(r *rand.Rand) *Player { return &Player{r: r} }

// IntN returns a random int in [0, n), from the player's source.
func (p *Player) IntN(n int) int { return p.r.IntN(n) }

// Any picks uniformly among the legal answers: a listed option key, a
// number in [Min, Max], or a text question's example.
func (p *Player) Any(q *referee.Question) string {
	switch q.Kind {
	case referee.Number:
		return strconv.Itoa(q.Min + p.r.IntN(q.Max-q.Min+1))
	case referee.TextLine:
		return q.ExampleIn(locale.English)
	}
	return q.Options[p.r.IntN(len(q.Options))].Key
}

// Policy answers a question for a game: Any, with the biases the game
// needs.
type Policy func(p *Player, q *referee.Question) string

// Answer answers q under policy (nil: Any).
func (p *Player) Answer(policy Policy, q *referee.Question) string {
	if policy == nil {
		return p.Any(q)
	}
	return policy(p, q)
}

// Has reports whether q lists the option key.
func Has(q *referee.Question, key string) bool {
	return slices.ContainsFunc(q.Options, func(o referee.Option) bool { return o.Key == key })
}
