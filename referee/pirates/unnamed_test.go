package pirates_test

import (
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
)

func TestRendezvousDrawnUnnamed(t *testing.T) {
	g, e := arriveAt(t, 3, "Rendezvous (2)", 0, nil)
	if pending(e) != "" || len(e.Answers()) != 0 {
		t.Fatalf("a rendezvous draw asks %s", pending(e))
	}
	if g.Players[0].FaceDown != 1 || g.Stacks[pirates.SortRendezvous].Size() != 17 {
		t.Fatalf("face down %d, stack %d", g.Players[0].FaceDown, g.Stacks[pirates.SortRendezvous].Size())
	}
	if !hasEvent(e, "rp.rendezvous.unnamed", "keeps it face down (1 face down)") {
		t.Errorf("events:\n%s", events(e))
	}
	// An empty stack gives nothing.
	g, _ = arriveAt(t, 3, "Rendezvous (2)", 0, func(g *pirates.Game) {
		g.Stacks[pirates.SortRendezvous].Unnamed = 18
		g.Players[1].FaceDown = 18
	})
	if g.Players[0].FaceDown != 0 {
		t.Errorf("drew from an empty stack: %d", g.Players[0].FaceDown)
	}
}

func TestRendezvousRevealedInPublic(t *testing.T) {
	hold := func(g *pirates.Game, n int) {
		g.Players[0].FaceDown = n
		for range n {
			g.Stacks[pirates.SortRendezvous].DrawUnnamed()
		}
		g.Captain = at(t, g.Board, "Coin 1")
	}
	build := func() *pirates.Game { g := freshGame(t, 3); hold(g, 2); return g }
	// Coin 1 -> Pirate (1): the menu offers the reveal; the target is
	// taken without asking, as only the pirate target fits, in public.
	_, e := run(t, build, turn(0), "turn.menu=a1")
	if q := e.Next(); q.ID != "move.again" || !slices.Contains(optionKeys(e), "reveal") {
		t.Fatalf("after arriving at a pirate intersection: %s %v", q.ID, optionKeys(e))
	}
	g, e := run(t, build, turn(0), "turn.menu=a1", "move.again=reveal")
	if !slices.Equal(g.Players[0].Won, []string{"rdv-pirate"}) || g.Players[0].FaceDown != 1 || pending(e) != "move.again" || slices.Contains(optionKeys(e), "reveal") {
		t.Fatalf("after the reveal: won %v face down %d, %s %v", g.Players[0].Won, g.Players[0].FaceDown, pending(e), optionKeys(e))
	}
	st := g.Stacks[pirates.SortRendezvous]
	if st.Counts["rdv-pirate"] != 1 || st.Unnamed != 1 || st.Size() != 16 {
		t.Errorf("stack: %d pirate targets left unrevealed, %d unnamed, size %d", st.Counts["rdv-pirate"], st.Unnamed, st.Size())
	}
	if !hasEvent(e, "rp.rendezvous.unnamed", "one target fits here") || !hasEvent(e, "rp.rendezvous.arrival", "rendezvous pirate (4), now under the flag (1 face down)") {
		t.Errorf("events:\n%s", events(e))
	}
	for _, l := range e.Log() {
		if l.Secret {
			t.Errorf("a secret step in a revision 3 reveal: %+v", l)
		}
	}
	// Both pirate targets revealed already: the reveal is not offered at
	// a pirate intersection, whatever the player holds.
	out := func() *pirates.Game {
		g := build()
		st := g.Stacks[pirates.SortRendezvous]
		st.Take("rdv-pirate")
		st.Take("rdv-pirate")
		g.Players[1].Won = append(g.Players[1].Won, "rdv-pirate", "rdv-pirate")
		return g
	}
	_, e = run(t, out, turn(0), "turn.menu=a1")
	if slices.Contains(optionKeys(e), "reveal") {
		t.Errorf("reveal offered for a target revealed twice: %v", optionKeys(e))
	}
	// The end-of-turn offer is public and reveals the same way.
	g, e = run(t, func() *pirates.Game { g := build(); g.Players[0].Coins = 0; return g }, turn(0), "turn.menu=a1", "rendezvous.offer=reveal")
	if !slices.Equal(g.Players[0].Won, []string{"rdv-pirate"}) || pending(e) != "" {
		t.Errorf("offer: won %v pending %s", g.Players[0].Won, pending(e))
	}
}

func TestWaresKeptOrSoldInPublic(t *testing.T) {
	_, e := arriveAt(t, 3, "Supply (3)", 0, nil)
	if q := e.Next(); q == nil || q.ID != "supply.keep" || q.Secret || !slices.Equal(optionKeys(e), []string{"keep", "sell"}) {
		t.Fatalf("asked %v %v", q, optionKeys(e))
	}
	g, _ := arriveAt(t, 3, "Supply (3)", 0, nil, "supply.keep=keep")
	if g.Players[0].Unnamed != 1 || len(g.Players[0].Wares) != 0 || g.Stacks[pirates.SortWare].Size() != 19 {
		t.Fatalf("kept: unnamed %d wares %v stack %d", g.Players[0].Unnamed, g.Players[0].Wares, g.Stacks[pirates.SortWare].Size())
	}
	g, e = arriveAt(t, 3, "Supply (3)", 0, nil, "supply.keep=sell")
	if g.Players[0].Unnamed != 0 || g.Players[0].Coins != 4 || g.Stacks[pirates.SortWare].Size() != 20 || g.Stacks[pirates.SortWare].Unnamed != 0 {
		t.Fatalf("sold: unnamed %d coins %d stack %d", g.Players[0].Unnamed, g.Players[0].Coins, g.Stacks[pirates.SortWare].Size())
	}
	for _, ev := range e.Events() {
		if strings.Contains(ev.For(referee.Public), "4 coins") {
			t.Errorf("the public line tells the coins: %q", ev.For(referee.Public))
		}
	}
	// A provisional score says kept wares are not counted yet.
	r := g.ScoreFor(referee.Seat(0).Viewer())
	if !slices.ContainsFunc(r.Notes, func(n referee.Msg) bool { return strings.Contains(n.String(), "named only at the game's end") }) {
		t.Errorf("provisional notes %v", r.Notes)
	}
}

// keptWares is a revision 3 game at its end where Ann kept 2 wares and Cy
// 1, unnamed.
func keptWares(tb testing.TB) *pirates.Game {
	g := freshGame(tb, 3)
	g.Players[0].Unnamed, g.Players[2].Unnamed = 2, 1
	for range 3 {
		g.Stacks[pirates.SortWare].DrawUnnamed()
	}
	return g
}

func TestWaresNamedAtTheEnd(t *testing.T) {
	name := func(g *pirates.Game, t *referee.T) { g.NameWaresForTest(t) }
	_, e := run(t, func() *pirates.Game { return keptWares(t) }, name)
	q := e.Next()
	if q == nil || q.ID != "wares.name" || !q.Secret || q.Actor != 0 || q.Kind != referee.TextLine {
		t.Fatalf("asked %+v", q)
	}
	// The example is in the reader's language, a line the question takes
	// (English as before: the labels joined).
	for _, l := range locale.All {
		ex := q.In(l).Example
		if _, err := q.Validate(ex); err != nil || ex == "" || strings.ContainsAny(ex, locale.Open+locale.Close) {
			t.Errorf("%s: the example %q is refused: %v", l, ex, err)
		}
		if l == locale.English && ex != q.Example || l == locale.German && (ex == q.Example || !strings.Contains(ex, ", ")) {
			t.Errorf("%s: the example %q (English %q)", l, ex, q.Example)
		}
	}
	for _, bad := range []string{"hook 3", "hook 3, hook 3", "hook 7, hat 2", "kraken 3, hat 2", "hook, hat 2", "3 hook 2", "hook 3 hat 2 parrot 4", "hook 3, hat"} {
		if err := e.Answer(bad); err == nil {
			t.Errorf("%q taken", bad)
		} else if !strings.Contains(err.Error(), "hook 3") && !strings.Contains(err.Error(), "name exactly 2") {
			t.Errorf("%q: the refusal %q does not say what to type", bad, err)
		}
	}
	g, e := run(t, func() *pirates.Game { return keptWares(t) }, name, "wares.name=Hook 3, peg-leg-5", "wares.name=eye patch 2")
	if pending(e) != "" || !slices.Equal(g.Players[0].Wares, []string{"hook-3", "peg-leg-5"}) || !slices.Equal(g.Players[2].Wares, []string{"eye-patch-2"}) ||
		g.Players[0].Unnamed != 0 || g.Stacks[pirates.SortWare].Unnamed != 0 || g.Stacks[pirates.SortWare].Size() != 17 {
		t.Fatalf("named: %v %v, unnamed %d, stack %d unnamed %d", g.Players[0].Wares, g.Players[2].Wares, g.Players[0].Unnamed, g.Stacks[pirates.SortWare].Size(), g.Stacks[pirates.SortWare].Unnamed)
	}
	for _, ev := range e.Events() {
		for _, w := range []string{"hook", "peg leg", "eye patch"} {
			if strings.Contains(ev.For(referee.Public), w) {
				t.Errorf("a public line names a ware: %q", ev.For(referee.Public))
			}
		}
	}
	// The same tile named twice: the table is told that the namings
	// clash, both name again (TestWaresClashToldOnlyToThePlayers).
	_, e = run(t, func() *pirates.Game { return keptWares(t) }, name, "wares.name=hook 3, hat 2", "wares.name=hook 3")
	if q := e.Next(); q == nil || q.ID != "wares.name" || q.Actor != 0 || !hasEvent(e, "rp.supply.named", "The namings of Ann and Cy clash") {
		t.Fatalf("after a clash: %v\n%s", q, events(e))
	}
	g, e = run(t, func() *pirates.Game { return keptWares(t) }, name, "wares.name=hook 3, hat 2", "wares.name=hook 3", "wares.name=hook 3, hat 2", "wares.name=parrot 5")
	if pending(e) != "" || !slices.Equal(g.Players[2].Wares, []string{"parrot-5"}) {
		t.Fatalf("after naming again: %s %v", pending(e), g.Players[2].Wares)
	}
	// Nobody kept a ware: nothing is asked.
	if _, e := run(t, func() *pirates.Game { return freshGame(t, 3) }, name); pending(e) != "" {
		t.Errorf("asked %s without kept wares", pending(e))
	}
}

func TestPubInviteesAnswerInPublic(t *testing.T) {
	prep := func(g *pirates.Game) { g.Players[1].Coins = 0 }
	_, e := arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=some")
	if q := e.Next(); q.ID != "pub.join" || q.Secret || q.Actor != 1 || !slices.Equal(optionKeys(e), []string{"join", "decline"}) {
		t.Fatalf("first invitee %+v %v", q, optionKeys(e))
	}
	// Bo has no coin: a join named for Bo is taken and ruled out in public.
	g, e := arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=some", "pub.join=join", "pub.join=join", "pub.roll=5", "pub.take=swan-4", "pub.roll=4")
	if g.Players[1].Coins != 0 || g.Players[2].Coins != 1 || g.Players[0].Coins != 3 || !slices.Equal(g.Players[2].Won, []string{"swan-3"}) ||
		!hasEvent(e, "rp.pub.public", "Bo cannot pay the coin and does not join") {
		t.Fatalf("coins %d %d %d, Cy won %v\n%s", g.Players[0].Coins, g.Players[1].Coins, g.Players[2].Coins, g.Players[2].Won, events(e))
	}
	for _, l := range e.Log() {
		if l.Secret {
			t.Errorf("a secret step in a revision 3 pub: %+v", l)
		}
	}
	// Everyone joins: each pays, one who cannot pay is ruled out.
	g, e = arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=everyone", "pub.roll=5", "pub.take=swan-4", "pub.roll=4")
	if g.Players[2].Coins != 1 || g.Players[0].Coins != 3 || !hasEvent(e, "rp.pub.public", "Bo cannot pay") || !hasEvent(e, "rp.pub", "Cy joins and pays Ann 1 coin") {
		t.Fatalf("everyone: coins %d %d\n%s", g.Players[0].Coins, g.Players[2].Coins, events(e))
	}
}

// TestRumRollTakesOneAnswer: a roll of a player holding rum is one answer, the die or r and the result that stands.
func TestRumRollTakesOneAnswer(t *testing.T) {
	prep := func(g *pirates.Game) {
		g.Players[0].Rum, g.RumPool = 2, 10
		g.Players[2].Coins = 1
	}
	// Ann holds rum: her roll offers the die or r and the result; r2 hands
	// back a barrel, and another is offered as 2 beats nothing left.
	_, e := arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=some", "pub.join=decline", "pub.join=join")
	if q := e.Next(); q.ID != "pub.roll" || q.Kind != referee.Choice || len(q.Options) != 12 || q.Options[6].Key != "r1" {
		t.Fatalf("Ann's roll: %s %v", q.ID, optionKeys(e))
	}
	g, e := arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=some", "pub.join=decline", "pub.join=join", "pub.roll=r2", "rum.more=r6", "pub.take=swan-4", "pub.roll=1")
	if g.Players[0].Rum != 0 || g.RumPool != 12 || !slices.Equal(g.Players[0].Won, []string{"swan-4"}) {
		t.Fatalf("rum %d pool %d won %v\n%s", g.Players[0].Rum, g.RumPool, g.Players[0].Won, events(e))
	}
	// A 6 beats every tile: taken as it is, no rum question follows.
	g, e = arriveAt(t, 3, "The Swan", 0, prep, "pub.invite=some", "pub.join=decline", "pub.join=join", "pub.roll=6", "pub.take=swan-4")
	if g.Players[0].Rum != 2 || pending(e) != "pub.roll" {
		t.Fatalf("after a 6: rum %d, pending %s", g.Players[0].Rum, pending(e))
	}
	// Cy holds no rum: his roll is a number.
	if q := e.Next(); q.Actor != 2 || q.Kind != referee.Number {
		t.Errorf("Cy's roll %+v", q)
	}
}
