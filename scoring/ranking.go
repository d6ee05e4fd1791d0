package scoring

import (
	"cmp"
	"fmt"
	"slices"

	"rumref/referee"
)

// Key is a tiebreak key: what decides between players level on points.
type Key int

// The tiebreak keys in the order they are applied; Shared means nothing
// decided and the players share the place.
const (
	KeyUnemployed Key = iota // fewest pirates in the unemployment office
	KeyRum                   // most rum barrels
	KeyCoins                 // most coins
	KeyShared                // still level: the place is shared
)

// keyWords are each key's short name as the JSON output uses it.
var keyWords = [...]string{"unemployed", "rum", "coins", "shared"}

// String returns the key's short name as the JSON output uses it.
func (k Key) String() string {
	if k >= 0 && int(k) < len(keyWords) {
		return keyWords[k]
	}
	return fmt.Sprintf("key(%d)", int(k))
}

// raw returns the score's value for the key as people count it.
func (k Key) raw(s Score) int { return [...]int{s.Unemployed, s.Rum, s.Coins, 0}[k] }

// value returns the score's value for the key, oriented so that higher is
// better.
func (k Key) value(s Score) int {
	if k == KeyUnemployed {
		return -s.Unemployed
	}
	return k.raw(s)
}

// Tie records how one group of players level on points (and on any
// earlier keys) was separated, or that they share a place.
type Tie struct {
	// Players names the tied players, best first.
	Players []string
	// Points is what each of them scored.
	Points int
	// Decided is the key that separated them, or KeyShared.
	Decided Key
	// Place is the best place the group occupies.
	Place int
	// Text explains the tie in a sentence, in English (Result.TieMsg
	// says it in any language).
	Text string
}

// Result is a scored game: every player's score in input order, the ties
// and how they were broken, and the winners.
type Result struct {
	Scores []Score
	Ties   []Tie
	// Winners names every player in 1st place (more than one when the
	// victory is shared), in input order.
	Winners []string
	// Provisional marks a score taken before the game is over.
	Provisional bool
	// Notes are remarks printed at the top of the pad, such as what a
	// provisional score leaves out.
	Notes []referee.Msg
}

// coinsHidden reports whether some player's coins are secret to the
// viewer of the score: then coins break no tie.
func (r *Result) coinsHidden() bool {
	return slices.ContainsFunc(r.Scores, func(s Score) bool { return s.CoinsHidden })
}

// Rank scores every player and ranks them: most points first, then fewest
// pirates in the unemployment office, then most rum barrels, then most
// coins; players still level share the place.
func Rank(players []Player) Result {
	var r Result
	for _, p := range players {
		pts, worthless := p.Points()
		r.Scores = append(r.Scores, Score{Name: p.Name, Points: pts, Total: sum(pts[:]), Unemployed: p.Unemployed, Rum: p.Rum,
			Coins: p.Coins, CoinsHidden: p.CoinsHidden, Worthless: worthless})
	}
	order := make([]int, len(r.Scores))
	for i := range order {
		order[i] = i
	}
	last := KeyShared
	if r.coinsHidden() {
		last = KeyCoins
	}
	better := func(a, b int) int { return compare(r.Scores[a], r.Scores[b], last) }
	slices.SortStableFunc(order, better)
	for i, idx := range order {
		if i > 0 && better(order[i-1], idx) == 0 {
			r.Scores[idx].Place = r.Scores[order[i-1]].Place
		} else {
			r.Scores[idx].Place = i + 1
		}
	}
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && r.Scores[order[j]].Total == r.Scores[order[i]].Total {
			j++
		}
		r.breakTies(order[i:j], KeyUnemployed)
		i = j
	}
	for _, s := range r.Scores {
		if s.Place == 1 {
			r.Winners = append(r.Winners, s.Name)
		}
	}
	return r
}

// compare orders scores best first by points and then the tiebreak keys
// before last.
func compare(a, b Score, last Key) int {
	if c := cmp.Compare(b.Total, a.Total); c != 0 {
		return c
	}
	for k := KeyUnemployed; k < last; k++ {
		if c := cmp.Compare(k.value(b), k.value(a)); c != 0 {
			return c
		}
	}
	return 0
}

// breakTies explains how the group (level on points and on every key
// before k, sorted best first) is separated, recursing into sub-groups
// still level.
func (r *Result) breakTies(group []int, k Key) {
	if len(group) < 2 {
		return
	}
	first := r.Scores[group[0]]
	tie := Tie{Points: first.Total, Place: first.Place, Decided: k}
	for _, i := range group {
		tie.Players = append(tie.Players, r.Scores[i].Name)
	}
	say := func() {
		m := r.TieMsg(tie)
		tie.Text = m.String()
		r.Ties = append(r.Ties, tie)
	}
	if k == KeyCoins && r.coinsHidden() {
		// A provisional score for a viewer who may not see every coin:
		// the coins decide nothing, and no hidden count is named.
		tie.Decided = KeyShared
		say()
		return
	}
	if k == KeyShared {
		say()
		return
	}
	var subs [][]int
	for _, i := range group {
		if n := len(subs); n > 0 && k.value(r.Scores[subs[n-1][0]]) == k.value(r.Scores[i]) {
			subs[n-1] = append(subs[n-1], i)
		} else {
			subs = append(subs, []int{i})
		}
	}
	if len(subs) == 1 {
		r.breakTies(group, k+1)
		return
	}
	say()
	for _, s := range subs {
		r.breakTies(s, k+1)
	}
}

// The tiebreak keys' words: what each prefers, and what it counts.
var (
	decidesKeys = [...]string{"scoring.key.unemployed", "scoring.key.rum", "scoring.key.coins"}
	levelKeys   = [...]string{"scoring.level.unemployed", "scoring.level.rum", "scoring.level.coins"}
)
