package pirates

import (
	"testing"

	"rumref/referee"
)

// TestWrangleSixGetsNoRumOffer: a 6 in the wrangle stands without an
// offer of another barrel; a lower roll gets one.
func TestWrangleSixGetsNoRumOffer(t *testing.T) {
	mast := []MastRow{{Player: 0, Left: 1}, {Player: 1, Left: 1}}
	f := wrangleFactory(3, mast, []int{2, 1})
	e, err := referee.Replay(f, answers("wrangle.roll", "r6", "wrangle.roll", "3"))
	if err != nil {
		t.Fatal(err)
	}
	if !e.Over() {
		t.Errorf("after a 6: still asks %s", e.Next().ID)
	}
	e.Close()
	e, err = referee.Replay(f, answers("wrangle.roll", "r5"))
	if err != nil {
		t.Fatal(err)
	}
	if q := e.Next(); q == nil || q.ID != "rum.more" {
		t.Errorf("after a 5 with a barrel left: %+v", q)
	}
	e.Close()
}

// TestScorpionRumOnlyWhenTheRollMatters: from one short of the goal any
// roll stings, so no rum is offered then.
func TestScorpionRumOnlyWhenTheRollMatters(t *testing.T) {
	g := New(Config{Players: []PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo", Color: "violet"}}}, tinyBoard())
	g.Players[0].Rum, g.Players[1].Rum, g.RumPool = 1, 1, 10
	g.Chest, g.Scorpion = "chest-5", "scorpion-12"
	g.Stacks[SortChest].Take("chest-5")
	g.Stacks[SortScorpion].Take("scorpion-12")
	// Ann 6 (rum offered, kept), Bo 5 (offered, kept): 11, one short of
	// 12: Ann's roll stings whatever it is, so no offer: the die alone.
	e, err := referee.Replay(func() referee.Game {
		cp := *g
		return &procGame{Game: &cp, play: func(g *Game, t *referee.T) { g.chest(t, 0) }}
	}, answers("chest.roll", "6", "chest.roll", "5"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if q := e.Next(); q == nil || q.ID != "chest.roll" || q.Kind != referee.Number || q.Actor != 0 {
		t.Fatalf("Ann's stinging roll: %+v", q)
	}
	if err := e.Answer("2"); err != nil {
		t.Fatal(err)
	}
	if q := e.Next(); q == nil || q.ID != "chest.refill" {
		t.Fatalf("after the stinging roll: %+v", q)
	}
}

// TestHandedBackBarrelsGoToThePool: a barrel spent on a re-roll leaves
// the player and is back in the pool, once for each barrel.
func TestHandedBackBarrelsGoToThePool(t *testing.T) {
	for _, c := range []struct {
		ans []referee.Answer
	}{
		{answers("chest.roll", "r4")},
		{answers("chest.roll", "r2", "rum.more", "r4")},
	} {
		g := New(Config{Players: []PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo", Color: "violet"}}}, tinyBoard())
		g.Players[0].Rum, g.RumPool = 2, 10
		g.Chest, g.Scorpion = "chest-5", "scorpion-12"
		g.Stacks[SortChest].Take("chest-5")
		g.Stacks[SortScorpion].Take("scorpion-12")
		e, err := referee.Replay(func() referee.Game {
			return &procGame{Game: g, play: func(g *Game, t *referee.T) { g.chest(t, 0) }}
		}, c.ans)
		if err != nil {
			t.Fatalf("%v: %v", c.ans, err)
		}
		spent := 0
		for _, a := range c.ans {
			if len(a.A) == 2 && a.A[0] == 'r' {
				spent++
			}
		}
		if g.Players[0].Rum != 2-spent || g.RumPool != 10+spent {
			t.Errorf("%v: Ann holds %d barrels and the pool %d, want %d and %d", c.ans, g.Players[0].Rum, g.RumPool, 2-spent, 10+spent)
		}
		e.Close()
	}
}
