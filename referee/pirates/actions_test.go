package pirates_test

import (
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
)

// arriveAt builds a game, puts the captain on the named intersection and
// resolves seat p's arrival there.
func arriveAt(t *testing.T, n int, where string, p int, prep func(g *pirates.Game), steps ...string) (*pirates.Game, *referee.Engine) {
	t.Helper()
	return run(t, func() *pirates.Game {
		g := freshGame(t, n)
		g.Captain = at(t, g.Board, where)
		if prep != nil {
			prep(g)
		}
		return g
	}, func(g *pirates.Game, t *referee.T) { g.ArriveForTest(t, p) }, steps...)
}

func TestCoinRumAndRecruit(t *testing.T) {
	g, e := arriveAt(t, 3, "Coin 4", 1, nil)
	if g.Players[1].Coins != 3 {
		t.Errorf("coin: %d coins", g.Players[1].Coins)
	}
	for _, ev := range e.Events() {
		if ev.Rule == "rp.coin" && (strings.Contains(ev.For(referee.Public), "3 coins") || !strings.Contains(ev.For(1), "3 coins")) {
			t.Errorf("coin total: public %q, own %q", ev.For(referee.Public), ev.For(1))
		}
	}
	for _, c := range []struct{ pool, want int }{{12, 2}, {1, 1}, {0, 0}} {
		g, _ := arriveAt(t, 3, "Rum (6)", 0, func(g *pirates.Game) {
			g.RumPool = c.pool
			g.Players[2].Rum = 12 - c.pool
		})
		if g.Players[0].Rum != c.want || g.RumPool != c.pool-c.want {
			t.Errorf("rum from a pool of %d: got %d, pool %d", c.pool, g.Players[0].Rum, g.RumPool)
		}
	}
	g, _ = arriveAt(t, 3, "Pirate (8)", 2, nil)
	if g.Players[2].Office != 4 || g.Players[2].Supply != 11 {
		t.Errorf("recruit: %+v", g.Players[2])
	}
	g, e = arriveAt(t, 3, "Pirate (8)", 2, func(g *pirates.Game) { g.Players[2].Office = 0 })
	if g.Players[2].Supply != 10 || !hasEvent(e, "rp.pirate", "nothing happens") {
		t.Errorf("recruit from an empty office: %+v", g.Players[2])
	}
}

func TestHeadquartersTakesBackOneAlleyOrTwoDarkAlleys(t *testing.T) {
	prep := func(g *pirates.Game) {
		g.Occupant[41], g.Occupant[64], g.Occupant[87], g.Occupant[0] = 0, 0, 0, 1
		g.Players[0].Supply = 2 // 4 + 2 + 2 on alleys, 5 in the office
	}
	_, e := arriveAt(t, 3, "HQ", 0, prep)
	if got := optionKeys(e); !slices.Equal(got, []string{"none", "a41", "a64", "a87"}) {
		t.Fatalf("hq options %v", got)
	}
	g, e := arriveAt(t, 3, "HQ", 0, prep, "hq.alley=a64", "hq.second=a87")
	if g.Players[0].Supply != 6 || g.Occupant[64] != -1 || g.Occupant[87] != -1 || g.Occupant[41] != 0 || pending(e) != "" {
		t.Errorf("two dark alleys: supply %d", g.Players[0].Supply)
	}
	g, e = arriveAt(t, 3, "HQ", 0, prep, "hq.alley=a41")
	if g.Players[0].Supply != 6 || g.Occupant[41] != -1 || pending(e) != "" {
		t.Errorf("one alley: supply %d pending %q", g.Players[0].Supply, pending(e))
	}
	g, _ = arriveAt(t, 3, "HQ", 0, prep, "hq.alley=a64", "hq.second=none")
	if g.Players[0].Supply != 4 || g.Occupant[87] != 0 {
		t.Errorf("one dark alley: supply %d", g.Players[0].Supply)
	}
	g, _ = arriveAt(t, 3, "HQ", 0, prep, "hq.alley=none")
	if g.Players[0].Supply != 2 {
		t.Errorf("nothing taken: supply %d", g.Players[0].Supply)
	}
}

func TestHeadquartersPiratesUsableSameTurn(t *testing.T) {
	// Ann arrives at the HQ with her last pirate, takes the alley back and
	// hops on with the same pirate.
	g, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = g.Board.CoinOf[1]
		g.Players[0].Supply = 1
		g.Players[0].Office = 0
		g.Occupant[41], g.Occupant[43], g.Occupant[3], g.Occupant[4] = 0, 0, 0, 0 // 4+5+3+2 = 14
		return g
	}, turn(0), "turn.menu=a0", "hq.alley=a0", "move.again=a0")
	// Back on Coin 1 with that pirate on the alley again: out of pirates.
	if g.Captain != g.Board.CoinOf[1] || !g.Players[0].Out || g.Occupant[0] != 0 || !hasEvent(e, "rp.hq", "takes back 1 pirate") {
		t.Errorf("%+v\n%s", g.Players[0], events(e))
	}
}

func TestTreasureMap(t *testing.T) {
	// The display holds rose 3 and rose 6 (in that order): the highest is
	// offered first, and taking none is open too.
	_, e := arriveAt(t, 3, "Map rose (2)", 0, nil)
	if got := optionKeys(e); !slices.Equal(got, []string{"map-rose-6", "map-rose-3", "none"}) {
		t.Fatalf("rose maps %v", got)
	}
	g, _ := arriveAt(t, 3, "Map rose (2)", 0, nil, "map.take=map-rose-6", "map.refill=map-green-6")
	if !slices.Equal(g.Players[0].Won, []string{"map-rose-6"}) || !slices.Equal(g.Maps, []string{"map-rose-3", "map-green-4", "map-yellow-5", "map-green-6"}) {
		t.Errorf("won %v maps %v", g.Players[0].Won, g.Maps)
	}
	// One green map: the player may still decline, so it is asked.
	_, e = arriveAt(t, 3, "Map green (7)", 1, nil)
	if got := optionKeys(e); pending(e) != "map.take" || !slices.Equal(got, []string{"map-green-4", "none"}) {
		t.Fatalf("lone green map: asked %q with %v", pending(e), got)
	}
	g, _ = arriveAt(t, 3, "Map green (7)", 1, nil, "map.take=map-green-4", "map.refill=map-rose-4")
	if !slices.Equal(g.Players[1].Won, []string{"map-green-4"}) {
		t.Errorf("green: %v", g.Players[1].Won)
	}
	// No matching map: nothing, and no refill.
	g, e = arriveAt(t, 3, "Map yellow (9)", 1, func(g *pirates.Game) {
		g.Stacks[pirates.SortMap].PutUnder(g.Maps[3])
		g.Maps = g.Maps[:3]
	})
	if len(g.Players[1].Won) != 0 || pending(e) != "" || !hasEvent(e, "rp.map", "No face-up yellow map") {
		t.Errorf("no yellow: %v", g.Players[1].Won)
	}
}

// TestTreasureMapDecline checks that a player may take no map: nothing
// goes under the flag, the display stays as it was and nothing is drawn.
func TestTreasureMapDecline(t *testing.T) {
	for _, where := range []string{"Map rose (2)", "Map green (7)"} {
		g, e := arriveAt(t, 3, where, 1, nil, "map.take=none")
		if len(g.Players[1].Won) != 0 || pending(e) != "" || !hasEvent(e, "rp.map.choice", "Bo takes no map") {
			t.Errorf("%s: won %v, pending %q\n%s", where, g.Players[1].Won, pending(e), events(e))
		}
		if !slices.Equal(g.Maps, []string{"map-rose-3", "map-rose-6", "map-green-4", "map-yellow-5"}) || g.Stacks[pirates.SortMap].Size() != 26 {
			t.Errorf("%s: a declined map changed the display %v or the stack (%d)", where, g.Maps, g.Stacks[pirates.SortMap].Size())
		}
	}
}

func TestPubNobodyJoins(t *testing.T) {
	g, e := arriveAt(t, 3, "The Swan", 0, nil, "pub.invite=some", "pub.join=decline", "pub.join=decline", "pub.refill=swan-2", "pub.refill=frere-3")
	if !slices.Equal(g.Players[0].Won, []string{"swan-3", "swan-4"}) || len(g.Pubs) != 4 || pending(e) != "" {
		t.Errorf("won %v pubs %v", g.Players[0].Won, g.Pubs)
	}
	// The invitations go clockwise from the host's left.
	var actors []int
	for _, l := range e.Log() {
		if l.Event == nil && l.QuestionID == "pub.join" {
			actors = append(actors, int(l.Actor))
		}
	}
	_, e = arriveAt(t, 3, "The Swan", 1, nil, "pub.invite=some", "pub.join=decline", "pub.join=decline")
	var later []int
	for _, l := range e.Log() {
		if l.Event == nil && l.QuestionID == "pub.join" {
			later = append(later, int(l.Actor))
		}
	}
	if !slices.Equal(actors, []int{1, 2}) || !slices.Equal(later, []int{2, 0}) {
		t.Errorf("invitation order %v and %v", actors, later)
	}
}

func TestPubRollOff(t *testing.T) {
	prep := func(g *pirates.Game) { g.Players[2].Out = true } // boarded players may join
	_, e := arriveAt(t, 3, "The Swan", 0, prep,
		"pub.invite=some", "pub.join=decline", "pub.join=join", // Bo declines, Cy joins and pays Ann 1
		"pub.roll=3", // Ann's 3 beats nothing (3 is not more than 3)
		"pub.roll=5") // Cy beats both
	if got := optionKeys(e); !slices.Equal(got, []string{"swan-4", "swan-3"}) {
		t.Errorf("pub choice %v: the highest tile must come first", got)
	}
	g, e := arriveAt(t, 3, "The Swan", 0, prep,
		"pub.invite=some", "pub.join=decline", "pub.join=join",
		"pub.roll=3",
		"pub.roll=5", "pub.take=swan-4", // Cy chooses the 4
		"pub.roll=4", // Ann's 4 beats the 3: no choice to ask
		"pub.refill=swan-2", "pub.refill=escruce-3")
	if !slices.Equal(g.Players[2].Won, []string{"swan-4"}) || !slices.Equal(g.Players[0].Won, []string{"swan-3"}) {
		t.Errorf("won: Ann %v Cy %v", g.Players[0].Won, g.Players[2].Won)
	}
	if g.Players[0].Coins != 3 || g.Players[2].Coins != 1 || g.Players[1].Coins != 2 {
		t.Errorf("fees: %d %d %d", g.Players[0].Coins, g.Players[1].Coins, g.Players[2].Coins)
	}
	if pending(e) != "" || !hasEvent(e, "rp.pub.roll", "no tile of lower value is left") {
		t.Errorf("pending %q\n%s", pending(e), events(e))
	}
}

func TestPubNoCoinNoJoinAndRumReroll(t *testing.T) {
	prep := func(g *pirates.Game) {
		g.Players[1].Coins = 0
		g.Players[0].Rum, g.RumPool = 1, 11
	}
	g, e := arriveAt(t, 3, "The Swan", 0, prep,
		"pub.invite=some", "pub.join=join", "pub.join=join", // Bo, without a coin, cannot pay and does not join
		"pub.roll=r6", // Ann's barrel: re-rolls 2, then 6

		"pub.take=swan-3", "pub.roll=6") // Cy takes the 4
	if !hasEvent(e, "rp.pub.public", "Bo cannot pay the coin and does not join.") || g.Players[0].Rum != 0 || g.RumPool != 12 {
		t.Errorf("rum %d pool %d\n%s", g.Players[0].Rum, g.RumPool, events(e))
	}
	if !slices.Equal(g.Players[0].Won, []string{"swan-3"}) || !slices.Equal(g.Players[2].Won, []string{"swan-4"}) {
		t.Errorf("won %v %v", g.Players[0].Won, g.Players[2].Won)
	}
	if pending(e) != "pub.refill" {
		t.Errorf("pending %q", pending(e))
	}
}

func TestPubWithoutMatchingTiles(t *testing.T) {
	g, e := arriveAt(t, 3, "Frere Jacques", 0, func(g *pirates.Game) {
		g.Stacks[pirates.SortPub].PutUnder("frere-5")
		g.Pubs = g.Pubs[:3]
	})
	if pending(e) != "" || len(g.Players[0].Won) != 0 || !hasEvent(e, "rp.pub", "nothing happens") {
		t.Errorf("pending %q", pending(e))
	}
}

func TestChestAndScorpion(t *testing.T) {
	// Bo moves; goal 12: Bo 6, Cy 3, Ann 3 reaches 12 and is stung.
	g, e := arriveAt(t, 3, "Chest (7)", 1, func(g *pirates.Game) { g.Players[2].Rum, g.RumPool = 1, 11 },
		"chest.roll=6", "chest.roll=3", "chest.roll=3",
		"chest.refill=chest-6", "chest.scorpion.refill=scorpion-20")
	if !slices.Equal(g.Players[1].Won, []string{"chest-5"}) || !slices.Equal(g.Players[0].Won, []string{"scorpion-12"}) {
		t.Errorf("won: Ann %v Bo %v", g.Players[0].Won, g.Players[1].Won)
	}
	if g.Chest != "chest-6" || g.Scorpion != "scorpion-20" || pending(e) != "" {
		t.Errorf("displays %q %q", g.Chest, g.Scorpion)
	}
	var actors []int
	for _, l := range e.Log() {
		if l.Event == nil && l.QuestionID == "chest.roll" {
			actors = append(actors, int(l.Actor))
		}
	}
	if !slices.Equal(actors, []int{1, 2, 0}) {
		t.Errorf("roll order %v", actors)
	}
	// Empty displays: nothing to take or roll for.
	g, e = arriveAt(t, 3, "Chest (8)", 0, func(g *pirates.Game) {
		for k, c := range g.Stacks[pirates.SortChest].Counts {
			for range c {
				g.Boxed = append(g.Boxed, k)
			}
			g.Stacks[pirates.SortChest].Counts[k] = 0
		}
		g.Boxed = append(g.Boxed, g.Chest, g.Scorpion)
		g.Chest, g.Scorpion = "", ""
	}, "chest.scorpion.refill=scorpion-10")
	if len(g.Players[0].Won) != 0 || g.Chest != "" || g.Scorpion != "scorpion-10" || !hasEvent(e, "rp.running-out.displays", "nobody rolls") {
		t.Errorf("empty chest: %v %q %q\n%s", g.Players[0].Won, g.Chest, g.Scorpion, events(e))
	}
}

func TestGuard(t *testing.T) {
	// 5 pirates beat a small guard 2 and earn its coin.
	g, e := arriveAt(t, 3, "Guard (3)", 0, func(g *pirates.Game) { g.Players[0].Supply = 5 }, "guard.stack=small", "guard.draw=guard-2")
	if !slices.Equal(g.Players[0].Won, []string{"guard-2"}) || g.Players[0].Coins != 3 {
		t.Errorf("win: %+v", g.Players[0])
	}
	for _, ev := range e.Events() {
		if ev.Rule == "rp.guard.count" && strings.Contains(ev.For(referee.Public), "3 coins") {
			t.Errorf("coin total in public: %q", ev.For(referee.Public))
		}
	}
	// 4 pirates do not beat a large guard 4: it goes under its stack.
	g, _ = arriveAt(t, 3, "Guard (6)", 0, func(g *pirates.Game) { g.Players[0].Supply = 4 }, "guard.stack=large", "guard.draw=guard-4")
	if len(g.Players[0].Won) != 0 || !slices.Equal(g.Stacks[pirates.SortLargeGuard].Under, []string{"guard-4"}) {
		t.Errorf("loss: %+v", g.Players[0])
	}
	// 5 beat a large 4 (no coin on large guards).
	g, _ = arriveAt(t, 3, "Guard (6)", 0, func(g *pirates.Game) { g.Players[0].Supply = 5 }, "guard.stack=large", "guard.draw=guard-4")
	if !slices.Equal(g.Players[0].Won, []string{"guard-4"}) || g.Players[0].Coins != 2 {
		t.Errorf("large win: %+v", g.Players[0])
	}
	// An empty stack cannot be chosen: TestGuardWithAnEmptyStackIsAnInstruction.
}

func TestStatusAndViewSecrets(t *testing.T) {
	g := freshGame(t, 3)
	g.Players[0].Coins = 7
	g.Players[0].Wares = []string{"parrot-5"}
	g.Players[0].FaceDown = 1
	takeAll(g, pirates.SortWare, "parrot-5")
	g.Stacks[pirates.SortRendezvous].DrawUnnamed()
	pub := g.Status(referee.Public, locale.English, 0)
	for _, s := range []string{"7 coins", "parrot", "treasure chest (6)", "yours only"} {
		if strings.Contains(pub, s) {
			t.Errorf("public status shows %q:\n%s", s, pub)
		}
	}
	if !strings.Contains(pub, "face-down rendezvous 1, wares kept 1") {
		t.Errorf("public status lacks the face-down counts:\n%s", pub)
	}
	own := g.Status(0, locale.English, 0)
	for _, s := range []string{"7 coins", "parrot 5", "rendezvous targets: 1 face down, named when revealed"} {
		if !strings.Contains(own, s) {
			t.Errorf("own status lacks %q:\n%s", s, own)
		}
	}
	if strings.Contains(g.Status(1, locale.English, 0), "parrot") || strings.Contains(g.Status(1, locale.English, 0), "7 coins") {
		t.Error("another player sees Ann's secrets")
	}
	v := g.View(referee.Public, locale.English).(pirates.View)
	if v.Players[0].Coins != nil || v.Players[0].Wares != nil || v.Players[0].Targets != nil {
		t.Error("public view holds secrets")
	}
	if v := g.View(0, locale.English).(pirates.View); v.Players[0].Coins == nil || *v.Players[0].Coins != 7 || v.Players[1].Coins != nil {
		t.Error("own view lacks own coins or shows others'")
	}
}

// TestEmptyStackEventsSayWhoGetsNothing checks the lines for an empty
// stack: an action names the player who gets nothing, and a refill says
// the display stays short.
func TestEmptyStackEventsSayWhoGetsNothing(t *testing.T) {
	drain := func(g *pirates.Game, s pirates.TileSort) {
		st := g.Stacks[s]
		for _, k := range st.Possible() {
			for st.Counts[k] > 0 {
				st.Take(k)
			}
		}
	}
	_, e := arriveAt(t, 3, "Supply (9)", 1, func(g *pirates.Game) { drain(g, pirates.SortWare) })
	if !hasEvent(e, "rp.running-out", "The pirate supply stack is empty: Bo gets nothing.") {
		t.Errorf("empty ware stack:\n%s", events(e))
	}
	_, e = arriveAt(t, 3, "Frere Jacques", 1, func(g *pirates.Game) {
		drain(g, pirates.SortPub)
		for i := range g.Players {
			g.Players[i].Coins = 0
		}
	}, "pub.invite=nobody")
	if !hasEvent(e, "rp.pub", "Bo sets aside the face-up Frere Jacques 5 and invites") {
		t.Errorf("pub set-aside line:\n%s", events(e))
	}
	if !hasEvent(e, "rp.running-out", "The pub stack is empty: nothing is drawn to refill the pub display (4 of 4).") {
		t.Errorf("empty pub stack:\n%s", events(e))
	}
}
