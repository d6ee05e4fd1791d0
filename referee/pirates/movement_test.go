package pirates_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/referee/pirates"
)

// TestFigurePirateCosts checks the board figures of the rules data §1.2 as
// the pirates a hop really takes on the fixed layout.
func TestFigurePirateCosts(t *testing.T) {
	b := fixedBoard(t)
	cases := []struct {
		from, to string
		want     int
	}{
		{"HQ", "Coin 2", 4},
		{"HQ", "Supply (4)", 5},
		{"Pirate (5)", "Coin 6", 1},
		{"Rendezvous (2)", "Rendezvous (3)", 1},
		{"Coin 1", "HQ", 1},
		{"The Swan", "Map green (5)", 1},
		{"Map rose (2)", "Coin 2", 3},
		{"Chest (8)", "Es Cruce", 3},
		{"Coin 3", "Guard (3)", 3},
	}
	for _, c := range cases {
		from, to := at(t, b, c.from), at(t, b, c.to)
		ids := between(b, from, to)
		if len(ids) != 1 {
			t.Fatalf("%s - %s: %d alleys", c.from, c.to, len(ids))
		}
		g, _ := run(t, func() *pirates.Game {
			g := freshGame(t, 3)
			g.Captain = from
			return g
		}, turn(0), "turn.menu="+key(ids[0]))
		if got := 10 - g.Players[0].Supply; got != c.want || g.Captain != to {
			t.Errorf("%s - %s: took %d pirates, captain on %s; want %d and %s", c.from, c.to, got,
				b.Intersections[g.Captain].Name, c.want, c.to)
		}
	}
	// Dark alleys: Coin 3 north is 1 segment, Guard (6) east-bottom 3; a
	// hop through both takes 4 pirates and 1 coin.
	coin3, guard6 := at(t, b, "Coin 3"), at(t, b, "Guard (6)")
	in, out := darkAt(b, coin3)[0], darkAt(b, guard6)[0]
	if b.Alleys[in].Segments != 1 || b.Alleys[out].Segments != 3 {
		t.Fatalf("dark alley lengths %d and %d, want 1 and 3", b.Alleys[in].Segments, b.Alleys[out].Segments)
	}
	g, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = coin3
		return g
	}, turn(0), "turn.menu="+key(in), "move.exit="+key(out))
	if g.Players[0].Supply != 6 || g.Players[0].Coins != 1 || g.Captain != guard6 || g.Occupant[in] != 0 || g.Occupant[out] != 0 {
		t.Errorf("dark hop: supply %d coins %d captain %d", g.Players[0].Supply, g.Players[0].Coins, g.Captain)
	}
	if pending(e) != "guard.stack" {
		t.Errorf("after arriving at Guard (6) the game asks %q", pending(e))
	}
}

func TestExtraHopCostsOneCoinAndActionsResolveBetweenHops(t *testing.T) {
	g, e := run(t, func() *pirates.Game { return freshGame(t, 3) }, turn(0),
		"turn.menu=a0",  // HQ -> Coin 1: +1 coin
		"move.again=a1", // Coin 1 -> Pirate (1): pays 1, recruits
	)
	p := g.Players[0]
	if p.Coins != 2 || p.Supply != 8 || p.Office != 4 {
		t.Fatalf("coins %d supply %d office %d, want 2, 8, 4", p.Coins, p.Supply, p.Office)
	}
	if !hasEvent(e, "rp.move", "Pays 1 coin for the extra hop") {
		t.Errorf("no event for the extra hop's coin:\n%s", events(e))
	}
	if pending(e) != "move.again" {
		t.Fatalf("pending %q", pending(e))
	}
	if err := e.Answer("avast"); err != nil {
		t.Fatal(err)
	}
	if pending(e) != "" || !hasEvent(e, "rp.move", "Avast") {
		t.Errorf("Avast should end the turn; pending %q", pending(e))
	}
}

func TestOnlyEmptyAffordableAlleysAreOffered(t *testing.T) {
	_, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Occupant[0] = 1 // Coin 1 - HQ taken by Bo
		g.Players[0].Supply = 3
		return g
	}, turn(0))
	// HQ: a0 taken, a3 (3) and a4 (2) fit, a41 (4) and a43 (5) are too long.
	if got := optionKeys(e); !slices.Equal(got, []string{"a3", "a4", "rest", "board"}) {
		t.Errorf("options %v, want [a3 a4 rest board]", got)
	}
	if err := e.Answer("a41"); err == nil {
		t.Error("a hop needing more pirates than the supply was accepted")
	}
}

func TestNoCoinNoExtraHop(t *testing.T) {
	g, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Players[0].Coins = 0
		return g
	}, turn(0), "turn.menu=a4") // HQ -> Rum (1)
	if pending(e) != "" || !hasEvent(e, "rp.move", "Ann's turn ends after this hop.") || g.Players[0].Rum != 2 {
		t.Errorf("pending %q rum %d events:\n%s", pending(e), g.Players[0].Rum, events(e))
	}
	coins := e.Events()[len(e.Events())-1]
	if !strings.Contains(coins.For(0), "You have 0 coins") || coins.For(1) != coins.For(referee.Public) {
		t.Errorf("the reason (no coin) must be Ann's alone: Ann sees %q, Bo %q", coins.For(0), coins.For(1))
	}
	// Too few pirates for any free alley: a public reason, but the public
	// line reads the same, so it cannot tell the two apart.
	_, e = run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Players[0].Supply = 3
		return g
	}, turn(0), "turn.menu=a4") // 2 pirates to Rum (1); 1 left fits no alley there
	pirates := e.Events()[len(e.Events())-1]
	if pending(e) != "" || pirates.For(referee.Public) != coins.For(referee.Public) || !strings.Contains(pirates.For(0), "1 pirate in your supply") {
		t.Errorf("turn end for want of pirates: public %q (for want of coins %q), Ann %q\n%s",
			pirates.For(referee.Public), coins.For(referee.Public), pirates.For(0), events(e))
	}
}

func TestDarkAlleyCoinWaiverAndExits(t *testing.T) {
	b := fixedBoard(t)
	coin3 := at(t, b, "Coin 3")
	// With an empty ordinary alley at Coin 3 the dark alley costs a coin
	// (shown above); with every ordinary alley taken it is free.
	g, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = coin3
		fillAround(g, coin3, 1, 68)
		return g
	}, turn(0), "turn.menu=a68", "move.exit=a73")
	if g.Players[0].Coins != 2 || !hasEvent(e, "rp.dark-alley.free", "costs no coin") {
		t.Errorf("waived dark alley: coins %d\n%s", g.Players[0].Coins, events(e))
	}
	// The exit is another empty dark alley whose intersection is not the
	// start: Supply (3) owns a69 and a70, so neither ends a hop entered there.
	supply3 := at(t, b, "Supply (3)")
	_, e = run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = supply3
		g.Occupant[79] = 2
		return g
	}, turn(0), "turn.menu=a69")
	keys := optionKeys(e)
	for _, bad := range []string{"a69", "a70", "a79"} {
		if slices.Contains(keys, bad) {
			t.Errorf("exit %s offered: %v", bad, keys)
		}
	}
	if len(keys) != 21 {
		t.Errorf("%d exits offered, want 21: %v", len(keys), keys)
	}
	// Pirates for both legs: Guard (6)'s dark alley is 3 long, so with 3
	// pirates it is not offered, and with 4 only 1-segment exits are.
	guard6 := at(t, b, "Guard (6)")
	_, e = run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = guard6
		g.Players[0].Supply = 3
		return g
	}, turn(0))
	if slices.Contains(optionKeys(e), "a73") {
		t.Errorf("dark alley needing 4 pirates offered with 3: %v", optionKeys(e))
	}
	_, e = run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = guard6
		g.Players[0].Supply = 4
		return g
	}, turn(0), "turn.menu=a73")
	if got := optionKeys(e); !slices.Equal(got, []string{"a65", "a68", "a70", "a79", "a85", "a86"}) {
		t.Errorf("exits with 1 pirate left: %v", got)
	}
	// A player without a coin cannot pay the dark alley's extra coin.
	_, e = run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = guard6
		g.Players[0].Coins = 0
		return g
	}, turn(0))
	if slices.Contains(optionKeys(e), "a73") {
		t.Errorf("dark alley offered without a coin to pay: %v", optionKeys(e))
	}
}

func TestDeadEndJumpsCoinToCoin(t *testing.T) {
	b := fixedBoard(t)
	coin := func(n int) int { return b.CoinOf[n] }
	cases := []struct {
		name   string
		start  int
		dead   []int // coins (by section) whose alleys are all taken
		want   int
		passed string
	}{
		{"next coin", at(t, b, "Coin 2"), []int{2}, coin(3), ""},
		{"from a non-coin", at(t, b, "Rum (2)"), nil, coin(3), ""},
		{"chain", coin(2), []int{2, 3, 4}, coin(5), "Coin 3, Coin 4"},
		{"9 wraps to 1", coin(9), []int{9}, coin(1), ""},
	}
	for _, c := range cases {
		_, e := run(t, func() *pirates.Game {
			g := freshGame(t, 3)
			g.Captain = c.start
			fillAround(g, c.start, 1)
			for _, n := range c.dead {
				fillAround(g, coin(n), 1)
			}
			return g
		}, turn(0))
		q := e.Next()
		if q == nil || q.ID != "turn.menu" || !strings.Contains(q.Text, "a dead end: the captain first jumps to "+b.Intersections[c.want].Name) {
			t.Fatalf("%s: the menu does not warn of the jump: %+v", c.name, q)
		}
		// The hops offered leave the coin the captain jumps to.
		for _, o := range q.Options {
			var id int
			if _, err := fmt.Sscanf(o.Key, "a%d", &id); err == nil && b.Alleys[id].A != c.want && b.Alleys[id].B != c.want {
				t.Errorf("%s: the menu offers %s, which does not leave %s", c.name, o.Label, b.Intersections[c.want].Name)
			}
		}
		if err := e.Answer(q.Options[0].Key); err != nil {
			t.Fatal(err)
		}
		if !hasEvent(e, "rp.dead-end", "no coin action") || !hasEvent(e, "rp.dead-end", b.Intersections[c.want].Name) {
			t.Errorf("%s: no jump to %s\n%s", c.name, b.Intersections[c.want].Name, events(e))
		}
		if c.passed != "" && !hasEvent(e, "rp.dead-end", c.passed) {
			t.Errorf("%s: jump does not name the dead ends passed\n%s", c.name, events(e))
		}
	}
}

func TestDeadEndWithOnlyDarkAlleys(t *testing.T) {
	g := freshGame(t, 3)
	coin8 := g.Board.CoinOf[8]
	g.Occupant[31], g.Occupant[61] = 1, 1
	if g.DeadEndForTest(coin8) {
		t.Fatal("Coin 8 with its dark alley free and other dark alleys free is no dead end")
	}
	for _, a := range g.Board.Alleys {
		if a.Dark && a.ID != 79 {
			g.Occupant[a.ID] = 2
		}
	}
	if !g.DeadEndForTest(coin8) {
		t.Fatal("Coin 8 with only its own dark alley free and no exit is a dead end")
	}
}

func TestAllCoinsDeadMeansNoMove(t *testing.T) {
	_, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		for i := range g.Occupant {
			g.Occupant[i] = 1
		}
		return g
	}, turn(0))
	if got := optionKeys(e); !slices.Equal(got, []string{"rest", "board"}) {
		t.Errorf("options %v, want [rest board]", got)
	}
}

func TestMustBoardWhenNeitherHopNorRest(t *testing.T) {
	g, e := run(t, func() *pirates.Game {
		g := freshGame(t, 2)
		for i := range g.Occupant {
			g.Occupant[i] = 1
		}
		g.Players[0].Coins = 0
		g.Mast = []pirates.MastRow{{Player: pirates.Imaginary, Left: 4}}
		return g
	}, turn(0))
	if pending(e) != "" || !hasEvent(e, "rp.turn.one-option", "Ann has only one choice this turn: go on board.") {
		t.Fatalf("pending %q\n%s", pending(e), events(e))
	}
	// Coins are secret: the reason (no coin to rest) is Ann's alone.
	for _, ev := range e.Events() {
		if ev.Rule == "rp.turn.one-option" {
			if pub := ev.For(referee.Public); strings.Contains(pub, "coin") || strings.Contains(pub, "rest") {
				t.Errorf("the public line gives the secret reason: %q", pub)
			}
			if own := ev.For(0); !strings.Contains(own, "cannot rest without a coin") || ev.For(1) != ev.For(referee.Public) {
				t.Errorf("the reason must be Ann's alone: Ann sees %q, Bo %q", own, ev.For(1))
			}
		}
	}
	p := g.Players[0]
	if !p.Out || p.Supply != 0 || len(g.Mast) != 2 || g.Mast[1] != (pirates.MastRow{Player: 0, Left: 10}) || g.Mast[0].Player != pirates.Imaginary {
		t.Errorf("after boarding: %+v mast %+v", p, g.Mast)
	}
}

func TestRestAndBoard(t *testing.T) {
	g, e := run(t, func() *pirates.Game { return freshGame(t, 3) }, turn(0), "turn.menu=rest")
	if g.Players[0].Coins != 1 || pending(e) != "" || !hasEvent(e, "rp.rest", "pays 1 coin") {
		t.Errorf("rest: coins %d", g.Players[0].Coins)
	}
	for _, ev := range e.Events() {
		if ev.Rule == "rp.rest" && (strings.Contains(ev.For(referee.Public), "1 coin left") || !strings.Contains(ev.For(0), "1 coin left")) {
			t.Errorf("rest event: public %q, own %q", ev.For(referee.Public), ev.For(0))
		}
	}
	g, _ = run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Mast = []pirates.MastRow{{Player: 2, Left: 3}}
		g.Players[0].Supply = 7
		return g
	}, turn(0), "turn.menu=board")
	if !g.Players[0].Out || g.Players[0].Supply != 0 || len(g.Mast) != 2 || g.Mast[1] != (pirates.MastRow{Player: 0, Left: 7}) {
		t.Errorf("board: %+v %+v", g.Players[0], g.Mast)
	}
	// No rest without a coin.
	_, e = run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Players[0].Coins = 0
		return g
	}, turn(0))
	if got := optionKeys(e); slices.Contains(got, "rest") || !slices.Contains(got, "board") || len(got) < 2 {
		t.Errorf("options without a coin %v", got)
	}
}

func TestOutOfPiratesByMoving(t *testing.T) {
	g, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Players[0].Supply = 1
		return g
	}, turn(0), "turn.menu=a0")
	if !g.Players[0].Out || pending(e) != "" || !hasEvent(e, "rp.board", "no pirates left") || len(g.Mast) != 0 {
		t.Errorf("out: %+v pending %q mast %v", g.Players[0], pending(e), g.Mast)
	}
}

func TestLastPlayerHopsFreeButDarkAlleyCosts(t *testing.T) {
	g, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Players[1].Out, g.Players[2].Out = true, true
		g.Players[0].Coins = 0
		return g
	}, turn(0),
		"turn.menu=a0",                    // HQ -> Coin 1: 1 coin
		"move.again=a1",                   // -> Pirate (1), free
		"move.again=a65", "move.exit=a68", // dark to Coin 3: pays 1, then +1
	)
	p := g.Players[0]
	if p.Coins != 1 || p.Supply != 10-1-2+1-2 {
		t.Errorf("coins %d supply %d", p.Coins, p.Supply)
	}
	if !hasEvent(e, "rp.last-player", "only player still in") || !hasEvent(e, "rp.last-player", "free") ||
		!hasEvent(e, "rp.dark-alley", "Pays 1 coin for the dark alley") {
		t.Errorf("events:\n%s", events(e))
	}
}

func TestActionPhaseTurnOrderAndEnd(t *testing.T) {
	var actors []int
	e, err := referee.Start(func() referee.Game {
		g := freshGame(t, 3)
		g.StartPlayer = 1
		return scene{g, func(g *pirates.Game, t *referee.T) { g.ActionPhaseForTest(t) }}
	})
	if err != nil {
		t.Fatal(err)
	}
	// Bo rests, Cy boards, Ann boards, Bo boards: Cy and Ann are skipped
	// from then on.
	for _, a := range []string{"rest", "board", "board", "board"} {
		actors = append(actors, int(e.Next().Actor))
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(actors, []int{1, 2, 0, 1}) || pending(e) != "" {
		t.Errorf("actors %v pending %q", actors, pending(e))
	}
	g := e.Game().(scene).Game
	if g.Turn != -1 || len(g.Mast) != 3 || g.Mast[0].Player != 2 || g.Mast[2].Player != 1 {
		t.Errorf("turn %d mast %+v", g.Turn, g.Mast)
	}
}

// TestDeadEndJumpExplainsDarkAlleyWithoutExit checks the jump off an
// intersection whose only free alley is a dark alley with no free exit
// anywhere: the event must not claim every alley there is taken.
func TestDeadEndJumpExplainsDarkAlleyWithoutExit(t *testing.T) {
	_, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		coin8 := g.Board.CoinOf[8]
		g.Captain = coin8
		fillAround(g, coin8, 1, darkAt(g.Board, coin8)...)
		for _, a := range g.Board.Alleys {
			if a.Dark && a.A != coin8 {
				g.Occupant[a.ID] = 2
			}
		}
		return g
	}, turn(0))
	if q := e.Next(); q == nil || !strings.Contains(q.Text, "first jumps to Coin 9") {
		t.Fatalf("the menu does not jump to Coin 9: %+v", q)
	}
	if err := e.Answer(optionKeys(e)[0]); err != nil {
		t.Fatal(err)
	}
	if hasEvent(e, "rp.dead-end", "Every alley at Coin 8 is taken") {
		t.Errorf("the jump claims every alley is taken while a dark alley is free:\n%s", events(e))
	}
	if !hasEvent(e, "rp.dead-end", "no dark alley elsewhere is free") {
		t.Errorf("the jump does not say why Coin 8 is a dead end:\n%s", events(e))
	}
}

// TestDarkExitQuestionCitesTheExitRule checks that the question for the
// dark alley to come out of cites the exit ruling.
func TestDarkExitQuestionCitesTheExitRule(t *testing.T) {
	b := fixedBoard(t)
	coin3 := at(t, b, "Coin 3")
	_, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = coin3
		return g
	}, turn(0), "turn.menu="+key(darkAt(b, coin3)[0]))
	if q := e.Next(); q == nil || q.ID != "move.exit" || q.Rule != "rp.dark-alley.exit" {
		t.Errorf("pending %+v, want move.exit citing rp.dark-alley.exit", q)
	}
}

// TestHopAgainWarnsOfDeadEnd checks that the offer of another hop says
// the captain will first jump off a dead end, as the turn's move option
// does.
func TestHopAgainWarnsOfDeadEnd(t *testing.T) {
	b := fixedBoard(t)
	coin1, hq := at(t, b, "Coin 1"), at(t, b, "HQ")
	first := between(b, hq, coin1)[0]
	_, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		fillAround(g, coin1, 1, first)
		return g
	}, turn(0), "turn.menu="+key(first))
	q := e.Next()
	if q == nil || q.ID != "move.again" {
		t.Fatalf("pending %v", q)
	}
	if !strings.Contains(q.Text, "dead end: the captain first jumps to Coin 2") {
		t.Errorf("hop-again question %q does not warn of the jump", q.Text)
	}
}
