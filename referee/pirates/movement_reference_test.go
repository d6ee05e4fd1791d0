package pirates

import "rumref/referee"

// Hop is a hop, for the tests outside the package.
type Hop = hop

// affordableBefore and eachHopViaBefore are affordable and the walk it
// made as they were written before affordable walked each alley once:
// eachHopViaBefore for every alley at c, each a walk of all of c's
// alleys, and of c's ordinary alleys again at a dark entry. They are the
// reference affordable is proven against (TestAffordableAsBefore) and
// measured beside (BenchmarkAffordable).
func (g *Game) affordableBefore(p referee.Seat, c, k int, last bool) []hop {
	out := g.hops[:0]
	for _, id := range g.Board.At[c] {
		g.eachHopViaBefore(c, alley(id), func() bool { return g.darkCoinBefore(p, c, k, last) }, func(h hop) bool {
			if !g.payable(p, h, k, last) {
				return true
			}
			out = append(out, h)
			return false
		})
	}
	g.hops = out
	return out
}

// darkCoinBefore is the dark-alley coin of player p's hop number k from
// c as written out for the reference: under revisionFaithful it is due
// when some empty ordinary alley at c is a move p can make (its segments
// within p's supply, its hop coin within p's coins); before, when some
// ordinary alley at c is empty. A p below 0 is no mover: the board alone.
func (g *Game) darkCoinBefore(p referee.Seat, c, k int, last bool) bool {
	for _, id := range g.Board.At[c] {
		a := g.Board.Alleys[id]
		if a.Dark || g.Occupant[id] >= 0 {
			continue
		}
		if p < 0 || g.Config.Rules < 5 {
			return true
		}
		coin := 0
		if k > 0 && !last {
			coin = 1
		}
		if a.Segments <= g.Players[p].Supply && coin <= g.Players[p].Coins {
			return true
		}
	}
	return false
}

func (g *Game) eachHopViaBefore(c int, entry alley, due func() bool, f func(hop) bool) {
	darkCoin, known := false, false // worked out at the first dark entry
	for _, id := range g.Board.At[c] {
		a := &g.Board.Alleys[id]
		if entry != noAlley && id != int(entry) || !g.empty(id) {
			continue
		}
		if !a.Dark {
			if !f(hop{Alley: id, Exit: -1, Dest: g.Board.Other(*a, c), Pirates: a.Segments}) {
				return
			}
			continue
		}
		if !known {
			darkCoin, known = due(), true
		}
		for _, x := range g.dark {
			xa := &g.Board.Alleys[x]
			if x == id || xa.A == c || !g.empty(x) {
				continue
			}
			if !f(hop{Alley: id, Exit: x, Dest: xa.A, Pirates: a.Segments + xa.Segments, DarkCoin: darkCoin}) {
				return
			}
		}
	}
}

// EachHopForTest and EachHopBeforeForTest list every hop from c, by
// eachHop and by the walk it was before; with entry ≥ 0, only the hops
// through that alley (as hop asks for the exits of the entry chosen).
func (g *Game) EachHopForTest(c, entry int) []Hop {
	var out []Hop
	each := func(h hop) bool { out = append(out, h); return true }
	if entry < 0 {
		g.eachHop(c, darkCost{}, each)
	} else {
		g.hopsVia(c, entry, &darkCost{}, each)
	}
	return out
}

func (g *Game) EachHopBeforeForTest(c, entry int) []Hop {
	var out []Hop
	g.eachHopViaBefore(c, alley(entry), func() bool { return g.darkCoinBefore(-1, c, 0, false) }, func(h hop) bool { out = append(out, h); return true })
	return out
}

// AffordableForTest is affordable's list for player p at intersection c
// as hop number k: the game's hop buffer, as affordable returns it.
func (g *Game) AffordableForTest(p, c, k int, last bool) []Hop {
	return g.affordable(referee.Seat(p), c, k, last)
}

// AffordableBeforeForTest is affordableBefore's list, in the same buffer.
func (g *Game) AffordableBeforeForTest(p, c, k int, last bool) []Hop {
	return g.affordableBefore(referee.Seat(p), c, k, last)
}
