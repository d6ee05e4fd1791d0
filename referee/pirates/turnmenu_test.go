package pirates_test

import (
	"slices"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/referee/pirates"
)

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
	if !freshGame(t, 3).TakesOnlyAnswers() {
		t.Fatal("the engine may not take only answers")
	}
}

func TestTurnMenuListsAlleysRestAndBoard(t *testing.T) {
	// One menu: the alleys from the HQ with their cost, rest and board.
	_, e := run(t, func() *pirates.Game { return freshGame(t, 3) }, turn(0))
	q := e.Next()
	if q.ID != "turn.menu" || !slices.Equal(optionKeys(e), []string{"a0", "a3", "a4", "a41", "a43", "rest", "board"}) {
		t.Fatalf("turn menu %s %v", q.ID, optionKeys(e))
	}
	if q.Options[0].Label != "To Coin 1 (1 pirate)" || q.Options[5].Label != "Rest (pay 1 coin)" {
		t.Errorf("labels %+v", q.Options)
	}
	// The alley is the move; "hop again" lists the alleys and Avast, each
	// further hop with its coin.
	g, e := run(t, func() *pirates.Game { return freshGame(t, 3) }, turn(0), "turn.menu=a0", "move.again=a1")
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
	g, _ = run(t, func() *pirates.Game { return freshGame(t, 3) }, turn(0), "turn.menu=rest")
	if g.Players[0].Coins != 1 {
		t.Errorf("rest: %d coins", g.Players[0].Coins)
	}
	g, _ = run(t, func() *pirates.Game { return freshGame(t, 3) }, turn(0), "turn.menu=board")
	if !g.Players[0].Out || len(g.Mast) != 1 {
		t.Errorf("board: %+v", g.Players[0])
	}
}

func TestOnlyExitIsTakenWithARuling(t *testing.T) {
	// Every ordinary alley at Coin 3 and every dark alley but a68 and a73
	// are taken: the one exit is taken without asking.
	build := func() *pirates.Game {
		g := freshGame(t, 3)
		g.Captain = at(t, g.Board, "Coin 3")
		fillAround(g, g.Captain, 1, 68)
		for _, a := range g.Board.Alleys {
			if a.Dark && a.ID != 68 && a.ID != 73 {
				g.Occupant[a.ID] = 2
			}
		}
		return g
	}
	_, e := run(t, build, turn(0), "turn.menu=a68")
	if pending(e) != "guard.stack" || !hasEvent(e, "rp.dark-alley.exit", "Only one dark alley is free for the captain to come out of: east edge of section 6, bottom.") {
		t.Errorf("pending %q\n%s", pending(e), events(e))
	}
}

func TestTurnMenuFromADeadEnd(t *testing.T) {
	// Coin 2's alleys are all taken: the menu says the captain first jumps
	// to Coin 3 and lists Coin 3's alleys; taking one makes the jump.
	b := fixedBoard(t)
	build := func() *pirates.Game {
		g := freshGame(t, 3)
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
