package pirates

import (
	"rumref/referee"
)

// hop is one way to move the captain: an empty alley at the captain's
// intersection, or for a dark-alley hop an empty dark entry there and an
// empty dark exit elsewhere.
type hop struct {
	Alley   int
	Exit    int // exit dark alley, or -1 for an ordinary hop
	Dest    int
	Pirates int // pirates needed: one per segment of every alley used
	// DarkCoin: the hop is through dark alleys and costs their coin, as
	// it is not the only move (darkCoinDue).
	DarkCoin bool
}

// empty reports whether no pirates stand in alley a.
func (g *Game) empty(a int) bool { return g.Occupant[a] < 0 }

// hasEmptyPlain reports whether an empty alley that is not dark leaves
// intersection c.
func (g *Game) hasEmptyPlain(c int) bool {
	for _, a := range g.Board.At[c] {
		if !g.Board.Alleys[a].Dark && g.empty(a) {
			return true
		}
	}
	return false
}

// eachHop calls f for every legal hop from intersection c, whatever the
// mover can pay, until f returns false; cost says who would move (their
// dark alleys' coin depends on it, darkCoinDue). The order is stable:
// alleys as the board lists them at c, each dark entry followed by its
// exits in alley order. A dark exit must be an empty dark alley other
// than the entry whose inner end is not c (the captain must reach a new
// intersection).
func (g *Game) eachHop(c int, cost darkCost, f func(hop) bool) {
	for _, id := range g.Board.At[c] {
		if !g.hopsVia(c, id, &cost, f) {
			return
		}
	}
}

// darkCost is whether the hops through dark alleys from one intersection
// cost their coin (darkCoinDue): worked out at its first dark entry, and
// kept for the others. Its mover is who would make the hops, as hop
// number k of the turn, last if they are the last player still in; the
// zero darkCost has none, and reads the board alone.
type darkCost struct {
	mover       *Player
	k           int
	last        bool
	known, coin bool
}

// costFor is the darkCost of player p's hop number k.
func (g *Game) costFor(p referee.Seat, k int, last bool) darkCost {
	return darkCost{mover: &g.Players[p], k: k, last: last}
}

// darkCoinDue reports whether a dark-alley hop from c costs its extra coin
// (rp.dark-alley.free). The coin is waived when the dark alley is the
// only possible move: the only move for the mover, so an empty ordinary
// alley counts only if they can fill it with their supply pirates and pay
// its hop coin; without a mover, when no ordinary alley at c is empty at
// all.
func (g *Game) darkCoinDue(cost *darkCost, c int) bool {
	m := cost.mover
	if m == nil {
		return g.hasEmptyPlain(c)
	}
	extra, _ := hopCoins(hop{}, cost.k, cost.last)
	if extra > m.Coins {
		// No ordinary alley can be paid for; nor can a dark one.
		return false
	}
	for _, a := range g.Board.At[c] {
		if al := &g.Board.Alleys[a]; !al.Dark && g.empty(a) && al.Segments <= m.Supply {
			return true
		}
	}
	return false
}

// hopsVia calls f for every legal hop from intersection c through its
// alley id (none when the alley is taken), in eachHop's order, until f
// returns false; it reports whether f never did.
func (g *Game) hopsVia(c, id int, cost *darkCost, f func(hop) bool) bool {
	a := &g.Board.Alleys[id]
	if !g.empty(id) {
		return true
	}
	if !a.Dark {
		return f(hop{Alley: id, Exit: -1, Dest: g.Board.Other(*a, c), Pirates: a.Segments})
	}
	if !cost.known {
		cost.coin, cost.known = g.darkCoinDue(cost, c), true
	}
	for _, x := range g.dark {
		xa := &g.Board.Alleys[x]
		if x == id || xa.A == c || !g.empty(x) {
			continue
		}
		if !f(hop{Alley: id, Exit: x, Dest: xa.A, Pirates: a.Segments + xa.Segments, DarkCoin: cost.coin}) {
			return false
		}
	}
	return true
}

// deadEnd reports whether intersection c offers no legal hop at all (§7.7):
// every alley is taken, or only dark alleys are free and no exit for them
// exists. The mover's pirates and coins do not matter.
func (g *Game) deadEnd(c int) bool {
	dead := true
	g.eachHop(c, darkCost{}, func(hop) bool { dead = false; return false })
	return dead
}

// escapeTarget returns where the captain starts a hop from: c itself, or
// when c is a dead end the coin of the next section by number (9 wraps to
// 1), skipping coins that are dead ends too. ok is false when all nine
// coins are dead ends and no hop is possible anywhere.
func (g *Game) escapeTarget(c int) (dest int, ok bool) {
	if !g.deadEnd(c) {
		return c, true
	}
	s := g.Board.Intersections[c].Section
	for i := 1; i <= 9; i++ {
		coin := g.Board.CoinOf[(s+i-1)%9+1]
		if !g.deadEnd(coin) {
			return coin, true
		}
	}
	return c, false
}

// escapeDeadEnd moves the captain off a dead end before a hop, with an
// event for every coin it passes; no coin action is taken and it is no
// rendezvous arrival.
func (g *Game) escapeDeadEnd(t *referee.T) {
	c := g.Captain
	if !g.deadEnd(c) {
		return
	}
	dest, ok := g.escapeTarget(c)
	if !ok {
		return
	}
	var path []referee.Msg
	s := g.Board.Intersections[c].Section
	for i := 1; i <= 9; i++ {
		coin := g.Board.CoinOf[(s+i-1)%9+1]
		path = append(path, g.Board.Intersections[coin].Msg())
		if coin == dest {
			break
		}
	}
	why := referee.Text("pirates.movement.every-alley-taken", g.at(c))
	for _, a := range g.Board.At[c] {
		if g.empty(a) {
			why = referee.Text("pirates.movement.hop-can-leave", g.at(c))
			break
		}
	}
	text := referee.Text("pirates.movement.captain-jumps-coin", referee.Sub(why), g.at(dest))
	if len(path) > 1 {
		text = referee.Text("pirates.movement.captain-jumps-past", referee.Sub(why),
			referee.List(path[:len(path)-1], ", ", ", "), g.at(dest))
	}
	g.Captain = dest
	t.Say("rp.dead-end", text)
}

// hopCoins is the coin cost of hop number k of a turn: 1 for every hop
// after the first (free for the last player still in), plus 1 for a dark
// alley unless it is the only possible move (DarkCoin).
func hopCoins(h hop, k int, last bool) (extra, dark int) {
	if k > 0 && !last {
		extra = 1
	}
	if h.DarkCoin {
		dark = 1
	}
	return extra, dark
}

// payable reports whether player p can pay for hop h as hop number k: a
// pirate for every segment, and the coins.
func (g *Game) payable(p referee.Seat, h hop, k int, last bool) bool {
	pl := &g.Players[p]
	extra, dark := hopCoins(h, k, last)
	return h.Pirates <= pl.Supply && extra+dark <= pl.Coins
}

// affordable lists, for every entry alley at c in the board's order, the
// first hop through it the player can pay for as hop number k (0 = the
// first of the turn; last: they are the last player still in). One hop
// an entry is all a menu shows: a dark entry's exits are asked for once
// it is chosen (hop), so the search of a dark entry stops at its first
// exit the player can pay for. Each of c's alleys is looked at once, and
// c's ordinary alleys once more at its first dark entry (darkCost).
// The list is the game's one hop buffer, reused by the next call: read
// it before calling again.
func (g *Game) affordable(p referee.Seat, c, k int, last bool) []hop {
	out := g.hops[:0]
	cost := g.costFor(p, k, last)
	for _, id := range g.Board.At[c] {
		g.hopsVia(c, id, &cost, func(h hop) bool {
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

// canHop reports whether player p could make hop number k now, counting a
// dead-end jump that would come first.
func (g *Game) canHop(p referee.Seat, k int, last bool) bool {
	c, ok := g.escapeTarget(g.Captain)
	if !ok {
		return false
	}
	found := false
	g.eachHop(c, g.costFor(p, k, last), func(h hop) bool {
		found = g.payable(p, h, k, last)
		return !found
	})
	return found
}

// whyNoHop tells player p, privately, why they cannot make the next hop:
// no hop anywhere, no free alley their pirates fill, or no coin for it.
func (g *Game) whyNoHop(p referee.Seat) referee.Msg {
	c, ok := g.escapeTarget(g.Captain)
	if !ok {
		return referee.Text("pirates.movement.hop-possible-anywhere")
	}
	fits := false
	g.eachHop(c, darkCost{}, func(h hop) bool {
		fits = h.Pirates <= g.Players[p].Supply
		return !fits
	})
	if fits {
		return referee.Text("pirates.movement.you-have-enough", referee.Count(g.Players[p].Coins, nCoin), g.at(c))
	}
	return referee.Text("pirates.movement.free-alley-from", g.at(c), referee.Count(g.Players[p].Supply, nPirate))
}

// isLast reports whether every other player is out of the action phase.
func (g *Game) isLast(p referee.Seat) bool {
	for i, pl := range g.Players {
		if referee.Seat(i) != p && !pl.Out {
			return false
		}
	}
	return true
}

// alley is an alley ID offered in a question; its key is "a" and the ID.
// The turn menus offer the alleys beside the other
// ways to end or spend the turn, which are alleys of their own: noAlley
// ("none"), restTurn ("rest"), goOnBoard ("board") and avast ("avast").
type alley int

// The choices that are not an alley.
const (
	noAlley  alley = -1
	restTurn alley = -2
	boardNow alley = -3
	avast    alley = -4
	// revealHere opens the secret rendezvous question.
	revealHere alley = -5
)

// alleyKeys are the keys of the alleys, made once.
var alleyKeys = referee.NewKeys("a", 128)

// Key is the alley's option key.
func (a alley) Key() string {
	switch a {
	case noAlley:
		return "none"
	case restTurn:
		return "rest"
	case boardNow:
		return "board"
	case avast:
		return "avast"
	case revealHere:
		return "reveal"
	}
	return alleyKeys.Of(int(a))
}

// move runs a "move the captain" turn: hops until the player says Avast,
// cannot hop again, or is out of pirates. first is the alley the turn menu
// chose for the first hop.
func (g *Game) move(t *referee.T, p referee.Seat, first alley) {
	last := g.isLast(p)
	for k := 0; ; k++ {
		pl := &g.Players[p]
		entry := first
		if k > 0 {
			if !g.canHop(p, k, last) {
				// The reason may be the mover's coins, which are secret: the
				// public line states only the ruling.
				t.Tell("rp.move", referee.Text("pirates.movement.turn-ends-after", referee.Str(pl.Name)), p, g.whyNoHop(p))
				g.offerRendezvous(t, p)
				return
			}
			if entry = g.hopAgain(t, p, k, last); entry == avast {
				t.Say("rp.move", referee.Text("pirates.movement.says-avast-turn", referee.Str(pl.Name)))
				return
			}
		}
		g.escapeDeadEnd(t)
		g.hop(t, p, k, last, entry)
		g.arrive(t, p)
		if pl.Supply == 0 {
			pl.Out = true
			t.Say("rp.board", referee.Text("pirates.movement.has-pirates-left", referee.Str(pl.Name)))
			g.offerRendezvous(t, p)
			return
		}
	}
}

// hopAgain is the menu before hop number k: every
// alley the mover can pay for, with its cost, and Avast; after an arrival
// where a face-down rendezvous could be met, also the rendezvous reveal
// (which asks in secret and comes back here).
func (g *Game) hopAgain(t *referee.T, p referee.Seat, k int, last bool) alley {
	pl := &g.Players[p]
	offer := g.mayReveal(p)
	for {
		from, _ := g.escapeTarget(g.Captain)
		c := referee.Choose[alley](t)
		// Avast first: it is the usual answer, and keeps its number.
		c.Add(avast, referee.Text("pirates.movement.avast-stop-here"))
		g.addHops(&c, p, from, k, last)
		if offer {
			c.Add(revealHere, referee.Text("pirates.movement.reveal-rendezvous-tile"))
		}
		cost := referee.Text("pirates.movement.cost")
		if last {
			cost = referee.Text("pirates.movement.cost-last")
		}
		a := c.Pick(t, referee.Question{ID: "move.again", Actor: p, Rule: "rp.move",
			Prompt: referee.Text("pirates.movement.captain-supply-hop",
				referee.Str(pl.Name), g.at(g.Captain), g.deadEndNote(from), referee.Count(pl.Supply, nPirate), referee.Sub(cost))})
		if a != revealHere {
			return a
		}
		g.revealRendezvous(t, p)
		offer = false
	}
}

// deadEndNote is the note of a menu whose hops start from the escape
// target from of a dead end, or nothing.
func (g *Game) deadEndNote(from int) referee.Arg {
	if from == g.Captain {
		return referee.Str("")
	}
	return referee.Sub(referee.Text("pirates.movement.dead-end-captain", g.at(from)))
}

// addHops offers every hop from intersection from that player p can pay
// for as hop number k: one choice per entry alley, with its cost.
func (g *Game) addHops(c *referee.Choices[alley], p referee.Seat, from, k int, last bool) {
	for _, h := range g.affordable(p, from, k, last) {
		id := alley(h.Alley)
		a := g.Board.Alleys[h.Alley]
		extra, dark := hopCoins(h, k, last)
		coins := referee.Count(extra+dark, nCoin)
		switch {
		case a.Dark && extra+dark > 0:
			c.Add(id, referee.Text("pirates.movement.dark-alley-then", g.exitArg(&a), referee.Count(a.Segments, nPirate), coins))
		case a.Dark:
			c.Add(id, referee.Text("pirates.movement.dark-alley-then-2", g.exitArg(&a), referee.Count(a.Segments, nPirate)))
		case extra+dark > 0:
			c.Add(id, referee.Text("pirates.movement.to-coins", g.at(h.Dest), referee.Count(h.Pirates, nPirate), coins))
		default:
			c.Add(id, referee.Text("pirates.movement.to", g.at(h.Dest), referee.Count(h.Pirates, nPirate)))
		}
	}
}

// hop takes hop number k along the entry alley chosen (and for a dark
// alley asks which exit), collects the coins and pirates, and moves the
// captain.
func (g *Game) hop(t *referee.T, p referee.Seat, k int, last bool, entry alley) {
	pl := &g.Players[p]
	from := g.Captain
	var choice hop
	exits := g.exits[:0]
	cost := g.costFor(p, k, last)
	g.hopsVia(from, int(entry), &cost, func(h hop) bool {
		if g.payable(p, h, k, last) {
			exits = append(exits, h)
		}
		return true
	})
	g.exits = exits
	choice = exits[0]
	if choice.Exit >= 0 {
		ea := g.Board.Alleys[entry]
		xc := referee.Choose[alley](t)
		for _, h := range exits {
			xa := g.Board.Alleys[h.Exit]
			xc.Add(alley(h.Exit), referee.Text("pirates.movement.dark-exit", g.exitArg(&xa), g.at(h.Dest), referee.Count(xa.Segments, nPirate)))
		}
		q := referee.Question{ID: "move.exit", Actor: p, Rule: "rp.dark-alley.exit",
			Prompt: referee.Text("pirates.movement.enters-dark-alley", referee.Str(pl.Name), g.exitArg(&ea), referee.Count(ea.Segments, nPirate))}
		if len(exits) == 1 {
			// Taken without asking.
			q.Only = referee.Text("pirates.movement.only-one-dark", g.exitArg(&g.Board.Alleys[exits[0].Exit]))
		}
		x := int(xc.Pick(t, q))
		for _, h := range exits {
			if h.Exit == x {
				choice = h
			}
		}
	}
	extra, dark := hopCoins(choice, k, last)
	pl.Coins -= extra + dark
	g.Occupant[choice.Alley] = int(p)
	if choice.Exit >= 0 {
		g.Occupant[choice.Exit] = int(p)
	}
	supply := pl.Supply
	pl.Supply -= choice.Pirates
	paid := referee.Str("")
	switch {
	case extra+dark == 0 && k > 0:
		paid = referee.Sub(referee.Text("pirates.movement.paid-free"))
	case extra > 0 && dark > 0:
		paid = referee.Sub(referee.Text("pirates.movement.paid-both"))
	case extra > 0:
		paid = referee.Sub(referee.Text("pirates.movement.paid-extra"))
	case dark > 0:
		paid = referee.Sub(referee.Text("pirates.movement.paid-dark"))
	}
	if choice.Exit >= 0 {
		rule, pays := "rp.dark-alley", paid
		if dark == 0 {
			rule = "rp.dark-alley.free"
			pays = referee.Sub(referee.Text("pirates.movement.dark-alley-costs", paid, g.at(from)))
			if g.hasEmptyPlain(from) {
				// The free ordinary alleys are too long for the mover (their coins cannot be the reason: the
				// hop coin of an ordinary alley is the dark alley's too).
				pays = referee.Sub(referee.Text("pirates.movement.dark-alley-costs-2",
					paid, referee.Str(pl.Name), g.at(from), referee.Count(supply, nPirate)))
			}
		}
		t.Say(rule, referee.Text("pirates.movement.puts-into-dark", referee.Str(pl.Name), referee.Count(choice.Pirates, nPirate),
			g.exitArg(&g.Board.Alleys[choice.Alley]), g.exitArg(&g.Board.Alleys[choice.Exit]), g.at(choice.Dest), pays))
	} else {
		rule := "rp.move"
		if last && k > 0 {
			rule = "rp.last-player"
		}
		t.Say(rule, referee.Text("pirates.movement.puts-alley-captain", referee.Str(pl.Name), referee.Count(choice.Pirates, nPirate),
			g.at(from), g.at(choice.Dest), g.at(choice.Dest), paid))
	}
	g.Captain = choice.Dest
}

// arrive resolves the captain's arrival by the mover's own hop: first a
// possible rendezvous, then the intersection's action.
func (g *Game) arrive(t *referee.T, p referee.Seat) {
	switch k := g.Board.Intersections[g.Captain].Kind; {
	case k == Coin:
		g.coin(t, p)
	case k == Headquarters:
		g.headquarters(t, p)
	case k == Recruit:
		g.recruit(t, p)
	case k == RumBarrel:
		g.rum(t, p)
	case k == Rendezvous:
		g.rendezvous(t, p)
	case k == PirateSupply:
		g.supply(t, p)
	case k == Guard:
		g.guard(t, p)
	case k == TreasureChest:
		g.chest(t, p)
	case k.IsMap():
		g.treasureMap(t, p, k)
	case k.IsPub():
		g.pub(t, p, k)
	}
}
