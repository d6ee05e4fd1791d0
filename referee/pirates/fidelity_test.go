package pirates_test

// Closer to the rulebook (issue 21, rules revision 5): the dark-alley coin waiver reads the
// mover, a guard with one stack empty is an instruction, a draw whose
// tile is known asks nothing, the final view names the kept wares, and a
// clash of wares named at the end names the tile only to the two players.

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
)

// coin3Scene is the case on the fixed board: two players, Bo (seat
// 1) to move with supply pirates and coins, the captain on Coin 3, whose
// ordinary alleys take 3, 3, 3 and 4 pirates and whose dark alley 1.
func coin3Scene(t *testing.T, supply, coins int) func() *pirates.Game {
	return func() *pirates.Game {
		g := freshGame(t, 2)
		g.Captain = at(t, g.Board, "Coin 3")
		g.Players[1].Supply, g.Players[1].Coins = supply, coins
		return g
	}
}

// takeDarkHop answers the pending exit question, if any, with its first
// exit (the engine takes a lone exit itself).
func takeDarkHop(t *testing.T, e *referee.Engine) {
	t.Helper()
	if pending(e) == "move.exit" {
		if err := e.Answer(optionKeys(e)[0]); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDarkAlleyFreeWhenItIsTheMoversOnlyMove(t *testing.T) {
	b := fixedBoard(t)
	coin3 := at(t, b, "Coin 3")
	dark := darkAt(b, coin3)
	if len(dark) != 1 || b.Alleys[dark[0]].Segments != 1 {
		t.Fatalf("Coin 3's dark alleys %v", dark)
	}
	for _, id := range b.At[coin3] {
		if a := b.Alleys[id]; !a.Dark && a.Segments < 3 {
			t.Fatalf("Coin 3 has an ordinary alley of %d segments", a.Segments)
		}
	}
	d := key(dark[0])
	// 2 pirates and no coin: no ordinary alley fits Bo, so the dark alley
	// is his only move and costs no coin; he is not made to board.
	_, e := run(t, coin3Scene(t, 2, 0), turn(1))
	if q := e.Next(); q == nil || q.ID != "turn.menu" || !slices.Equal(optionKeys(e), []string{d, "board"}) {
		t.Fatalf("Bo with 2 pirates and 0 coins: %v\n%s", e.Next(), events(e))
	}
	g, e := run(t, coin3Scene(t, 2, 0), turn(1), "turn.menu="+d)
	takeDarkHop(t, e)
	if g.Players[1].Coins != 0 || !hasEvent(e, "rp.dark-alley.free", "it is the only move Bo can make, as no free alley leaving Coin 3 can be filled with 2 pirates") {
		t.Fatalf("the free dark hop: coins %d\n%s", g.Players[1].Coins, events(e))
	}
	// With 1 coin the dark alley is offered free and the coin stays.
	_, e = run(t, coin3Scene(t, 2, 1), turn(1))
	if q := e.Next(); q == nil || q.ID != "turn.menu" || strings.Contains(q.Options[0].Label, "coin") {
		t.Fatalf("Bo with 1 coin: %+v", q)
	}
	g, e = run(t, coin3Scene(t, 2, 1), turn(1), "turn.menu="+d)
	takeDarkHop(t, e)
	if g.Players[1].Coins != 1 {
		t.Errorf("Bo paid for a dark alley that was his only move: %d coins left\n%s", g.Players[1].Coins, events(e))
	}
	// With 3 pirates an ordinary alley fits: the dark alley costs its coin.
	_, e = run(t, coin3Scene(t, 3, 1), turn(1))
	if q := e.Next(); q == nil || !slices.Contains(optionKeys(e), d) || !strings.Contains(q.Options[slices.Index(optionKeys(e), d)].Label, "1 coin") {
		t.Fatalf("Bo with 3 pirates: %+v", e.Next())
	}
}

// TestDarkAlleyWaiverOnExtraHopsLastPlayerAndDeadEnds: the waiver reads
// the mover for a hop after the first (its hop coin is still due), for
// the last player (no hop coin) and after a dead-end jump (at the coin
// the captain jumps to).
func TestDarkAlleyWaiverOnExtraHopsLastPlayerAndDeadEnds(t *testing.T) {
	b := fixedBoard(t)
	coin3, guard3 := at(t, b, "Coin 3"), at(t, b, "Guard (3)")
	d := key(darkAt(b, coin3)[0])
	in := between(b, guard3, coin3)
	if len(in) != 1 || b.Alleys[in[0]].Segments != 3 {
		t.Fatalf("Guard (3) - Coin 3: %v", in)
	}
	// Bo hops Guard (3) -> Coin 3 with 5 pirates (2 left) and 0 coins; the
	// coin action gives him 1. A second hop costs 1 coin, and the dark
	// alley, his only move, nothing more.
	build := func(last bool) func() *pirates.Game {
		return func() *pirates.Game {
			g := freshGame(t, 2)
			g.Captain = guard3
			g.Players[1].Supply, g.Players[1].Coins = 5, 0
			g.Players[0].Out = last
			return g
		}
	}
	_, e := run(t, build(false), turn(1), "turn.menu="+key(in[0]))
	q := e.Next()
	if q == nil || q.ID != "move.again" || !slices.Contains(optionKeys(e), d) {
		t.Fatalf("after the first hop: %+v\n%s", q, events(e))
	}
	if l := q.Options[slices.Index(optionKeys(e), d)].Label; !strings.Contains(l, "1 coin") {
		t.Errorf("the dark alley as the second hop: %q, want 1 coin (the hop's)", l)
	}
	g, e := run(t, build(false), turn(1), "turn.menu="+key(in[0]), "move.again="+d)
	takeDarkHop(t, e)
	if g.Players[1].Coins != 0 || !hasEvent(e, "rp.dark-alley.free", "Pays 1 coin for the extra hop.") {
		t.Errorf("second hop through the dark alley: %d coins\n%s", g.Players[1].Coins, events(e))
	}
	// The last player still in pays nothing for it.
	g, e = run(t, build(true), turn(1), "turn.menu="+key(in[0]), "move.again="+d)
	takeDarkHop(t, e)
	if g.Players[1].Coins != 1 {
		t.Errorf("the last player's dark hop, his only move: %d coins left, want 1\n%s", g.Players[1].Coins, events(e))
	}
	// A dead end at Coin 2 jumps the captain to Coin 3: the waiver is
	// worked out there.
	_, e = run(t, func() *pirates.Game {
		g := coin3Scene(t, 2, 0)()
		coin2 := at(t, g.Board, "Coin 2")
		g.Captain = coin2
		fillAround(g, coin2, 0)
		return g
	}, turn(1))
	if q := e.Next(); q == nil || q.ID != "turn.menu" || !slices.Equal(optionKeys(e), []string{d, "board"}) {
		t.Fatalf("after a dead end at Coin 2: %+v\n%s", q, events(e))
	}
}

// emptyGuardStack empties one guard stack into Bo's tiles.
func emptyGuardStack(g *pirates.Game, s pirates.TileSort) {
	st := g.Stacks[s]
	for k, c := range st.Counts {
		for range c {
			g.Players[1].Won = append(g.Players[1].Won, k)
		}
		st.Counts[k] = 0
	}
}

func TestGuardWithAnEmptyStackIsAnInstruction(t *testing.T) {
	smallGone := func(g *pirates.Game) { emptyGuardStack(g, pirates.SortSmallGuard) }
	_, e := arriveAt(t, 3, "Guard (7)", 0, smallGone)
	if q := e.Next(); q == nil || q.ID != "guard.draw" || len(e.Answers()) != 0 {
		t.Fatalf("with the small stack empty: %+v\n%s", q, events(e))
	}
	if !hasEvent(e, "rp.guard.count", "The small guard stack is empty: Ann draws from the large guard stack.") {
		t.Errorf("no instruction:\n%s", events(e))
	}
	g, _ := arriveAt(t, 3, "Guard (7)", 0, func(g *pirates.Game) { smallGone(g); g.Players[0].Supply = 5 }, "guard.draw=guard-4")
	if !slices.Equal(g.Players[0].Won, []string{"guard-4"}) {
		t.Errorf("won %v", g.Players[0].Won)
	}
	// Both empty: the action gives nothing, and says so.
	_, e = arriveAt(t, 3, "Guard (7)", 0, func(g *pirates.Game) {
		smallGone(g)
		emptyGuardStack(g, pirates.SortLargeGuard)
	})
	if pending(e) != "" || !hasEvent(e, "rp.running-out", "Both guard stacks are empty: Ann gets nothing.") {
		t.Errorf("both empty: %v\n%s", e.Next(), events(e))
	}
}

func TestDrawOfAKnownTileIsAnInstruction(t *testing.T) {
	// The last bunk, hammock and bedroll of round 5: drawn without a
	// question, each named in an instruction.
	draw := func(g *pirates.Game, t *referee.T) { g.DrawSleepingForTest(t) }
	lastOnes := func() *pirates.Game {
		g := freshGame(t, 4)
		g.Bunk, g.Hammock, g.Bedroll = "", "", ""
		// The display took a bunk 7, a hammock 4 and a bedroll 1.
		takeAll(g, pirates.SortBunk, "bunk-6", "bunk-6", "bunk-8")
		takeAll(g, pirates.SortHammock, "hammock-3", "hammock-3", "hammock-5")
		takeAll(g, pirates.SortBedroll, "bedroll-1", "bedroll-2", "bedroll-2")
		return g
	}
	g, e := run(t, lastOnes, draw)
	if pending(e) != "" || len(e.Answers()) != 0 || g.Bunk != "bunk-7" || g.Hammock != "hammock-4" || g.Bedroll != "bedroll-1" {
		t.Fatalf("the last sleeping places: pending %s, bunk %q hammock %q bedroll %q\n%s", pending(e), g.Bunk, g.Hammock, g.Bedroll, events(e))
	}
	for _, want := range []string{"Take the last bunk: bunk 7 (the bunk beside the ship).", "Take the last hammock: hammock 4 (", "Take the last bedroll: bedroll 1 ("} {
		if !hasEvent(e, "rp.draw.known", want) {
			t.Errorf("no %q:\n%s", want, events(e))
		}
	}
	if st := g.Stacks[pirates.SortBunk]; st.Size() != 0 {
		t.Errorf("the bunk stack holds %d", st.Size())
	}
	// Two tiles of one kind left: the top one is known too.
	_, e = run(t, func() *pirates.Game {
		g := lastOnes()
		g.Stacks[pirates.SortBunk].Counts["bunk-7"] = 2
		return g
	}, draw)
	if !hasEvent(e, "rp.draw.known", "Draw the top bunk: it is bunk 7, the only kind left in the stack (the bunk beside the ship).") {
		t.Errorf("one kind left:\n%s", events(e))
	}
}

func TestFinalViewNamesTheKeptWares(t *testing.T) {
	g := freshGame(t, 3)
	g.Players[0].Wares = []string{"hook-3", "parrot-5"}
	g.Players[2].Wares = []string{"hat-2"}
	takeAll(g, pirates.SortWare, "hook-3", "parrot-5", "hat-2")
	wares := func() [][]string {
		var out [][]string
		for _, p := range g.View(referee.Public, locale.English).(pirates.View).Players {
			out = append(out, p.Wares)
		}
		return out
	}
	if got := wares(); got[0] != nil || got[2] != nil {
		t.Fatalf("before the end the public view names wares: %v", got)
	}
	r := g.Score()
	g.Final, g.Phase = &r, pirates.PhaseOver
	got := wares()
	if !slices.Equal(got[0], []string{"hook 3", "parrot 5"}) || len(got[1]) != 0 || !slices.Equal(got[2], []string{"hat 2"}) {
		t.Errorf("the final public view's wares: %v", got)
	}
	j, err := json.Marshal(g.View(referee.Public, locale.English))
	if err != nil || !strings.Contains(string(j), `"wares":["hook 3","parrot 5"]`) {
		t.Errorf("the final view as JSON: %s %v", j, err)
	}
	// Coins and unrevealed targets stay out of it.
	for _, p := range g.View(referee.Public, locale.English).(pirates.View).Players {
		if p.Coins != nil || p.Targets != nil {
			t.Errorf("the final public view shows %s's coins or targets", p.Name)
		}
	}
}

func TestWaresClashToldOnlyToThePlayers(t *testing.T) {
	name := func(g *pirates.Game, t *referee.T) { g.NameWaresForTest(t) }
	_, e := run(t, func() *pirates.Game { return keptWares(t) }, name, "wares.name=hook 3, hat 2", "wares.name=hook 3")
	// Ann is asked again in secret, and her question says why (on a
	// shared laptop a private ruling reaches only the player who answered
	// last, Cy).
	if q := e.Next(); q == nil || q.ID != "wares.name" || q.Actor != 0 || !q.Secret || !strings.Contains(q.Text, "you and Cy both named the hook 3") {
		t.Fatalf("after a clash: %v\n%s", q, events(e))
	}
	told := map[referee.Viewer]bool{}
	for _, ev := range e.Events() {
		if ev.Rule != "rp.supply.named" {
			continue
		}
		if pub := ev.For(referee.Public); strings.Contains(pub, "hook") || ev.For(1) != pub {
			t.Errorf("the table or Bo learns the tile: public %q, Bo %q", pub, ev.For(1))
		}
		for _, v := range []referee.Viewer{0, 2} {
			if strings.Contains(ev.For(v), "hook 3") {
				told[v] = true
			}
		}
	}
	if !told[0] || !told[2] {
		t.Errorf("the two players are not both told the tile (Ann %v, Cy %v)", told[0], told[2])
	}
	if !hasEvent(e, "rp.supply.named", "The namings of Ann and Cy clash") {
		t.Errorf("the table is not told of the clash:\n%s", events(e))
	}
	// Then Cy, the same way; named again without a clash, nothing more is
	// said of it.
	_, e = run(t, func() *pirates.Game { return keptWares(t) }, name, "wares.name=hook 3, hat 2", "wares.name=hook 3", "wares.name=hook 3, hat 2")
	if q := e.Next(); q == nil || q.Actor != 2 || !strings.Contains(q.Text, "you and Ann both named the hook 3") {
		t.Fatalf("Cy asked again: %v", q)
	}
	_, e = run(t, func() *pirates.Game { return keptWares(t) }, name, "wares.name=hook 3, hat 2", "wares.name=hook 3", "wares.name=hook 3, hat 2", "wares.name=parrot 5")
	if n := strings.Count(events(e), "clash"); pending(e) != "" || n != 1 {
		t.Errorf("after naming again: pending %s, %d clashes said\n%s", pending(e), n, events(e))
	}
}
