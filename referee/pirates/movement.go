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
	var path []string
	s := g.Board.Intersections[c].Section
	for i := 1; i <= 9; i++ {
		coin := g.Board.CoinOf[(s+i-1)%9+1]
		path = append(path, g.Board.Intersections[coin].Name)
		if coin == dest {
			break
		}
	}
	why := referee.Text("Every alley at %s is taken", referee.Str(g.Board.Intersections[c].Name))
	for _, a := range g.Board.At[c] {
		if g.empty(a) {
			why = referee.Text("No hop can leave %s: its only free alleys are dark and no dark alley elsewhere is free to come out of", referee.Str(g.Board.Intersections[c].Name))
			break
		}
	}
	text := referee.Text("%s: the captain jumps to %s (no coin action).", referee.Sub(why), referee.Str(g.Board.Intersections[dest].Name))
	if len(path) > 1 {
		text = referee.Text("%s: the captain jumps on past dead ends (%s) to %s (no coin action).", referee.Sub(why),
			referee.Words(path[:len(path)-1], ", ", ", "), referee.Str(g.Board.Intersections[dest].Name))
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
		return referee.Text("No hop is possible anywhere on the board.")
	}
	fits := false
	g.eachHop(c, darkCost{}, func(h hop) bool {
		fits = h.Pirates <= g.Players[p].Supply
		return !fits
	})
	if fits {
		return referee.Text("You have %s, not enough for the coins a hop from %s costs.", referee.Count(g.Players[p].Coins, "coin"), referee.Str(g.Board.Intersections[c].Name))
	}
	return referee.Text("No free alley from %s can be filled with the %s in your supply.", referee.Str(g.Board.Intersections[c].Name), referee.Count(g.Players[p].Supply, "pirate"))
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
				t.Tell("rp.move", referee.Text("%s's turn ends after this hop.", referee.Str(pl.Name)), p, g.whyNoHop(p))
				g.offerRendezvous(t, p)
				return
			}
			if entry = g.hopAgain(t, p, k, last); entry == avast {
				t.Say("rp.move", referee.Text("%s says Avast: the turn ends.", referee.Str(pl.Name)))
				return
			}
		}
		g.escapeDeadEnd(t)
		g.hop(t, p, k, last, entry)
		g.arrive(t, p)
		if pl.Supply == 0 {
			pl.Out = true
			t.Say("rp.board", referee.Text("%s has no pirates left in supply and is out of this round (no pirates for the wrangle).", referee.Str(pl.Name)))
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
		c.AddText(avast, "Avast! Stop here and end the turn")
		g.addHops(&c, p, from, k, last)
		if offer {
			c.AddText(revealHere, "Reveal a rendezvous tile here")
		}
		cost := "1 coin"
		if last {
			cost = "free for the last player still in"
		}
		a := c.Pick(t, referee.Question{ID: "move.again", Actor: p, Rule: "rp.move",
			Prompt: referee.Text("%s: the captain is on %s%s (%s in supply). Hop again (%s) along which empty alley, or stop here?",
				referee.Str(pl.Name), referee.Str(g.Board.Intersections[g.Captain].Name), g.deadEndNote(from), referee.Count(pl.Supply, "pirate"), referee.Str(cost))})
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
	return referee.Sub(referee.Text(" (a dead end: the captain first jumps to %s)", referee.Str(g.Board.Intersections[from].Name)))
}

// addHops offers every hop from intersection from that player p can pay
// for as hop number k: one choice per entry alley, with its cost.
func (g *Game) addHops(c *referee.Choices[alley], p referee.Seat, from, k int, last bool) {
	for _, h := range g.affordable(p, from, k, last) {
		id := alley(h.Alley)
		a := g.Board.Alleys[h.Alley]
		extra, dark := hopCoins(h, k, last)
		coins := referee.Count(extra+dark, "coin")
		switch {
		case a.Dark && extra+dark > 0:
			c.Add(id, referee.Text("Dark alley %s (%s, then the exit's), %s", referee.Str(a.Exit), referee.Count(a.Segments, "pirate"), coins))
		case a.Dark:
			c.Add(id, referee.Text("Dark alley %s (%s, then the exit's)", referee.Str(a.Exit), referee.Count(a.Segments, "pirate")))
		case extra+dark > 0:
			c.Add(id, referee.Text("To %s (%s), %s", referee.Str(g.Board.Intersections[h.Dest].Name), referee.Count(h.Pirates, "pirate"), coins))
		default:
			c.Add(id, referee.Text("To %s (%s)", referee.Str(g.Board.Intersections[h.Dest].Name), referee.Count(h.Pirates, "pirate")))
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
			xc.Add(alley(h.Exit), referee.Text("Dark alley %s to %s (%s)", referee.Str(xa.Exit), referee.Str(g.Board.Intersections[h.Dest].Name), referee.Count(xa.Segments, "pirate")))
		}
		q := referee.Question{ID: "move.exit", Actor: p, Rule: "rp.dark-alley.exit",
			Prompt: referee.Text("%s enters dark alley %s with %s. Which empty dark alley elsewhere does the captain come out of?", referee.Str(pl.Name), referee.Str(ea.Exit), referee.Count(ea.Segments, "pirate"))}
		if len(exits) == 1 {
			// Taken without asking.
			q.Only = referee.Text("Only one dark alley is free for the captain to come out of: %s.", referee.Str(g.Board.Alleys[exits[0].Exit].Exit))
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
	var paid string
	switch {
	case extra+dark == 0 && k > 0:
		paid = " This extra hop is free: everyone else is out."
	case extra > 0 && dark > 0:
		paid = " Pays 2 coins: 1 for the extra hop, 1 for the dark alley."
	case extra > 0:
		paid = " Pays 1 coin for the extra hop."
	case dark > 0:
		paid = " Pays 1 coin for the dark alley."
	}
	if choice.Exit >= 0 {
		rule, pays := "rp.dark-alley", referee.Str(paid)
		if dark == 0 {
			rule = "rp.dark-alley.free"
			pays = referee.Sub(referee.Text("%s The dark alley costs no coin: no other alley leaving %s is free.", referee.Str(paid), referee.Str(g.Board.Intersections[from].Name)))
			if g.hasEmptyPlain(from) {
				// The free ordinary alleys are too long for the mover (their coins cannot be the reason: the
				// hop coin of an ordinary alley is the dark alley's too).
				pays = referee.Sub(referee.Text("%s The dark alley costs no coin: it is the only move %s can make, as no free alley leaving %s can be filled with %s.",
					referee.Str(paid), referee.Str(pl.Name), referee.Str(g.Board.Intersections[from].Name), referee.Count(supply, "pirate")))
			}
		}
		t.Say(rule, referee.Text("%s puts %s into dark alleys %s and %s; the captain comes out at %s.%s", referee.Str(pl.Name), referee.Count(choice.Pirates, "pirate"),
			referee.Str(g.Board.Alleys[choice.Alley].Exit), referee.Str(g.Board.Alleys[choice.Exit].Exit), referee.Str(g.Board.Intersections[choice.Dest].Name), pays))
	} else {
		rule := "rp.move"
		if last && k > 0 {
			rule = "rp.last-player"
		}
		t.Say(rule, referee.Text("%s puts %s on the alley %s - %s; the captain arrives at %s.%s", referee.Str(pl.Name), referee.Count(choice.Pirates, "pirate"),
			referee.Str(g.Board.Intersections[from].Name), referee.Str(g.Board.Intersections[choice.Dest].Name), referee.Str(g.Board.Intersections[choice.Dest].Name), referee.Str(paid)))
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
