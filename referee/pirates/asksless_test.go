package pirates_test

import (
	"slices"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/referee/pirates"
)

// asksLess is a fresh n-player game under rules revision 2, which asks
// the table less.
func asksLess(tb testing.TB, n int) *pirates.Game {
	g := freshGame(tb, n)
	g.Config.Rules = 2
	return g
}

// asked lists the question IDs of the answers given.
func asked(e *referee.Engine) []string {
	var out []string
	for _, a := range e.Answers() {
		out = append(out, a.Q)
	}
	return out
}

func TestNewGamesAskLess(t *testing.T) {
	if c := pirates.NewConfig(pirates.Layout{}); c.Rules != 5 {
		t.Fatalf("a new game starts under rules revision %d, want 5", c.Rules)
	}
	if !asksLess(t, 3).TakesOnlyAnswers() || freshGame(t, 3).TakesOnlyAnswers() {
		t.Fatal("only revision 2 lets the engine take only answers")
	}
}

func TestTurnMenuListsAlleysRestAndBoard(t *testing.T) {
	// One menu: the alleys from the HQ with their cost, rest and board.
	_, e := run(t, func() *pirates.Game { return asksLess(t, 3) }, turn(0))
	q := e.Next()
	if q.ID != "turn.menu" || !slices.Equal(optionKeys(e), []string{"a0", "a3", "a4", "a41", "a43", "rest", "board"}) {
		t.Fatalf("turn menu %s %v", q.ID, optionKeys(e))
	}
	if q.Options[0].Label != "To Coin 1 (1 pirate)" || q.Options[5].Label != "Rest (pay 1 coin)" {
		t.Errorf("labels %+v", q.Options)
	}
	// The alley is the move; "hop again" lists the alleys and Avast, each
	// further hop with its coin.
	g, e := run(t, func() *pirates.Game { return asksLess(t, 3) }, turn(0), "turn.menu=a0", "move.again=a1")
	if p := g.Players[0]; p.Coins != 2 || p.Supply != 8 || p.Office != 4 {
		t.Fatalf("coins %d supply %d office %d, want 2, 8, 4", p.Coins, p.Supply, p.Office)
	}
	q = e.Next()
	if q.ID != "move.again" || q.Options[0].Key != "avast" || !strings.Contains(q.Options[1].Label, "1 coin") {
		t.Fatalf("hop again %s %+v", q.ID, q.Options)
	}
	if err := e.Answer("avast"); err != nil || pending(e) != "" || !hasEvent(e, "rp.move", "Avast") {
		t.Fatalf("avast: %v, pending %q", err, pending(e))
	}
	if got := asked(e); !slices.Equal(got, []string{"turn.menu", "move.again", "move.again"}) {
		t.Errorf("asked %v", got)
	}
	// Rest and board from the same menu.
	g, _ = run(t, func() *pirates.Game { return asksLess(t, 3) }, turn(0), "turn.menu=rest")
	if g.Players[0].Coins != 1 {
		t.Errorf("rest: %d coins", g.Players[0].Coins)
	}
	g, _ = run(t, func() *pirates.Game { return asksLess(t, 3) }, turn(0), "turn.menu=board")
	if !g.Players[0].Out || len(g.Mast) != 1 {
		t.Errorf("board: %+v", g.Players[0])
	}
}

func TestOnlyExitIsTakenWithARuling(t *testing.T) {
	// Every ordinary alley at Coin 3 and every dark alley but a68 and a73
	// are taken: the one exit is taken without asking.
	build := func(rules int) func() *pirates.Game {
		return func() *pirates.Game {
			g := freshGame(t, 3)
			g.Config.Rules = rules
			g.Captain = at(t, g.Board, "Coin 3")
			fillAround(g, g.Captain, 1, 68)
			for _, a := range g.Board.Alleys {
				if a.Dark && a.ID != 68 && a.ID != 73 {
					g.Occupant[a.ID] = 2
				}
			}
			return g
		}
	}
	_, e := run(t, build(2), turn(0), "turn.menu=a68")
	if pending(e) != "guard.stack" || !hasEvent(e, "rp.dark-alley.exit", "Only one dark alley is free for the captain to come out of: east edge of section 6, bottom.") {
		t.Errorf("pending %q\n%s", pending(e), events(e))
	}
	// Revision 1 asks it.
	_, e = run(t, build(1), turn(0), "turn.choice=move", "move.alley=a68")
	if pending(e) != "move.exit" || len(e.Next().Options) != 1 {
		t.Errorf("revision 1: pending %q", pending(e))
	}
}

func TestPubInvitationIsPublicUntilSomeoneJoins(t *testing.T) {
	// Nobody joins: one public question of the table, no secret one.
	prep := func(g *pirates.Game) { g.Config.Rules = 2; g.Players[1].Coins = 0 }
	g, e := arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=nobody", "pub.refill=swan-2", "pub.refill=frere-3")
	if !slices.Equal(g.Players[0].Won, []string{"swan-3", "swan-4"}) || !slices.Equal(asked(e), []string{"pub.invite", "pub.refill", "pub.refill"}) {
		t.Errorf("won %v asked %v", g.Players[0].Won, asked(e))
	}
	for _, l := range e.Log() {
		if l.Event == nil && l.QuestionID == "pub.invite" && (l.Secret || l.Actor != referee.Table) {
			t.Errorf("the invitation is not the table's public question: %+v", l)
		}
	}
	// Someone joins: each invitee answers in secret, the coinless one with
	// "decline" only, as before.
	_, e = arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=some")
	if q := e.Next(); q.ID != "pub.join" || !q.Secret || q.Actor != 1 || !slices.Equal(optionKeys(e), []string{"decline"}) {
		t.Fatalf("first invitee %+v", q)
	}
	g, _ = arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=some", "pub.join=decline", "pub.join=join", "pub.roll=5", "pub.take=swan-4", "pub.roll=4")
	if g.Players[2].Coins != 1 || g.Players[0].Coins != 3 || !slices.Equal(g.Players[2].Won, []string{"swan-3"}) {
		t.Errorf("coins %d %d, Cy won %v", g.Players[0].Coins, g.Players[2].Coins, g.Players[2].Won)
	}
}

func TestRendezvousOnDemand(t *testing.T) {
	hold := func(g *pirates.Game) {
		g.Players[0].Targets = []string{"rdv-pirate", "rdv-pub"}
		takeAll(g, pirates.SortRendezvous, g.Players[0].Targets...)
	}
	// HQ -> Pirate (1) -> ...: no reveal question on arrival; the hop
	// again menu offers the reveal, which asks in secret and comes back.
	build := func() *pirates.Game { g := asksLess(t, 3); hold(g); g.Captain = at(t, g.Board, "Coin 1"); return g }
	g, e := run(t, build, turn(0), "turn.menu=a1")
	if q := e.Next(); q.ID != "move.again" || !slices.Contains(optionKeys(e), "reveal") || q.Secret {
		t.Fatalf("after arriving at a pirate intersection: %s %v", q.ID, optionKeys(e))
	}
	if g.Players[0].Office != 4 {
		t.Errorf("the recruit comes first: office %d", g.Players[0].Office)
	}
	_, e = run(t, build, turn(0), "turn.menu=a1", "move.again=reveal")
	if q := e.Next(); q.ID != "rendezvous.reveal" || !q.Secret || !slices.Equal(optionKeys(e), []string{"hide", "rdv-pirate"}) {
		t.Fatalf("secret reveal %s %v", q.ID, optionKeys(e))
	}
	g, e = run(t, build, turn(0), "turn.menu=a1", "move.again=reveal", "rendezvous.reveal=rdv-pirate")
	if !slices.Contains(g.Players[0].Won, "rdv-pirate") || pending(e) != "move.again" || slices.Contains(optionKeys(e), "reveal") {
		t.Fatalf("after the reveal: won %v, %s %v", g.Players[0].Won, pending(e), optionKeys(e))
	}
	// Without a face-down tile no reveal is offered.
	_, e = run(t, func() *pirates.Game { g := asksLess(t, 3); g.Captain = at(t, g.Board, "Coin 1"); return g }, turn(0), "turn.menu=a1")
	if slices.Contains(optionKeys(e), "reveal") {
		t.Errorf("reveal offered without a face-down tile: %v", optionKeys(e))
	}
	// A turn that ends with the arrival (no coin for another hop) asks in
	// public whether to reveal.
	_, e = run(t, func() *pirates.Game { g := build(); g.Players[0].Coins = 0; return g }, turn(0), "turn.menu=a1")
	if q := e.Next(); q.ID != "rendezvous.offer" || q.Secret {
		t.Fatalf("end of turn: %s", q.ID)
	}
}

func TestRumOnlyWhereItHelps(t *testing.T) {
	prep := func(g *pirates.Game) {
		g.Config.Rules = 2
		g.Players[0].Rum, g.RumPool = 2, 10
	}
	// A 6 at the pub beats every tile: no rum question. A 1 gets one;
	// after a re-roll that is kept no second one is asked.
	_, e := arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=some", "pub.join=decline", "pub.join=join",
		"pub.roll=6", "pub.take=swan-4", "pub.roll=1", "pub.roll=1", "rum.spend=spend", "rum.reroll=2", "rum.again=keep", "pub.roll=5")
	if got := strings.Join(asked(e), " "); strings.Count(got, "rum.spend") != 1 {
		t.Errorf("asked %s", got)
	}
	if pending(e) != "pub.refill" {
		t.Errorf("pending %q", pending(e))
	}
}

func TestTurnMenuFromADeadEnd(t *testing.T) {
	// Coin 2's alleys are all taken: the menu says the captain first jumps
	// to Coin 3 and lists Coin 3's alleys; taking one makes the jump.
	b := fixedBoard(t)
	build := func() *pirates.Game {
		g := asksLess(t, 3)
		g.Captain = b.CoinOf[2]
		fillAround(g, g.Captain, 1)
		return g
	}
	_, e := run(t, build, turn(0))
	q := e.Next()
	if q.ID != "turn.menu" || !strings.Contains(q.Text, "a dead end: the captain first jumps to Coin 3") {
		t.Fatalf("menu %s: %q", q.ID, q.Text)
	}
	for _, a := range b.Alleys {
		if slices.Contains(optionKeys(e), key(a.ID)) && a.A != b.CoinOf[3] && a.B != b.CoinOf[3] {
			t.Errorf("alley %d does not leave Coin 3", a.ID)
		}
	}
	first := optionKeys(e)[0]
	g, e := run(t, build, turn(0), "turn.menu="+first)
	if !hasEvent(e, "rp.dead-end", "the captain jumps to Coin 3 (no coin action)") || g.Captain == b.CoinOf[3] {
		t.Errorf("captain on %s\n%s", b.Intersections[g.Captain].Name, events(e))
	}
	// Resting makes no jump.
	g, _ = run(t, build, turn(0), "turn.menu=rest")
	if g.Captain != b.CoinOf[2] {
		t.Errorf("a rest moved the captain to %s", b.Intersections[g.Captain].Name)
	}
}
