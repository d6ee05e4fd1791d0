package pirates

import (
	"testing"

	"rumref/referee"
)

// TestWrangleSixGetsNoRumOffer: under rules revision 2 a 6 in the wrangle
// is not offered a re-roll, a lower roll is; revision 0 offers both.
func TestWrangleSixGetsNoRumOffer(t *testing.T) {
	mast := []MastRow{{Player: 0, Left: 1}, {Player: 1, Left: 1}}
	for _, c := range []struct {
		rules int
		ans   []referee.Answer
	}{
		{2, answers("wrangle.roll", "6", "wrangle.roll", "3", "rum.spend", "keep")},
		{0, answers("wrangle.roll", "6", "rum.spend", "keep", "wrangle.roll", "3", "rum.spend", "keep")},
	} {
		f := wrangleFactory(3, mast, []int{1, 1})
		e, err := referee.Replay(func() referee.Game {
			g := f().(*procGame)
			g.Config.Rules = c.rules
			return g
		}, c.ans)
		if err != nil {
			t.Fatalf("revision %d: %v", c.rules, err)
		}
		if !e.Over() {
			t.Errorf("revision %d: still asks %s", c.rules, e.Next().ID)
		}
		e.Close()
	}
}

// TestScorpionRumOnlyWhenTheRollMatters: from one short of the goal any
// roll stings, so no rum is offered then.
func TestScorpionRumOnlyWhenTheRollMatters(t *testing.T) {
	g := New(Config{Rules: 2, Players: []PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo", Color: "violet"}}}, tinyBoard())
	g.Players[0].Rum, g.Players[1].Rum, g.RumPool = 1, 1, 10
	g.Chest, g.Scorpion = "chest-5", "scorpion-12"
	g.Stacks[SortChest].Take("chest-5")
	g.Stacks[SortScorpion].Take("scorpion-12")
	// Ann 6 (rum offered, kept), Bo 5 (offered, kept): 11, one short of
	// 12: Ann's roll stings whatever it is, so no offer.
	e, err := referee.Replay(func() referee.Game {
		cp := *g
		return &procGame{Game: &cp, play: func(g *Game, t *referee.T) { g.chest(t, 0) }}
	}, answers("chest.roll", "6", "rum.spend", "keep", "chest.roll", "5", "rum.spend", "keep", "chest.roll", "2"))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if q := e.Next(); q == nil || q.ID != "chest.refill" {
		t.Fatalf("after the stinging roll: %+v", q)
	}
}

// TestHandedBackBarrelsGoToThePool: under every revision's way of asking
// for rum, a barrel spent on a re-roll leaves the player and is back in
// the pool, once for each barrel.
func TestHandedBackBarrelsGoToThePool(t *testing.T) {
	for _, c := range []struct {
		rules int
		ans   []referee.Answer
	}{
		{2, answers("chest.roll", "3", "rum.spend", "spend", "rum.reroll", "4", "rum.again", "keep")},
		{3, answers("chest.roll", "3", "rum.use", "r4", "rum.second", "keep")},
		{4, answers("chest.roll", "r4")},
		{4, answers("chest.roll", "r2", "rum.more", "r4")},
	} {
		g := New(Config{Rules: c.rules, Players: []PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo", Color: "violet"}}}, tinyBoard())
		g.Players[0].Rum, g.RumPool = 2, 10
		g.Chest, g.Scorpion = "chest-5", "scorpion-12"
		g.Stacks[SortChest].Take("chest-5")
		g.Stacks[SortScorpion].Take("scorpion-12")
		e, err := referee.Replay(func() referee.Game {
			return &procGame{Game: g, play: func(g *Game, t *referee.T) { g.chest(t, 0) }}
		}, c.ans)
		if err != nil {
			t.Fatalf("revision %d %v: %v", c.rules, c.ans, err)
		}
		spent := 0
		for _, a := range c.ans {
			if a.A == "spend" || len(a.A) == 2 && a.A[0] == 'r' {
				spent++
			}
		}
		if g.Players[0].Rum != 2-spent || g.RumPool != 10+spent {
			t.Errorf("revision %d %v: Ann holds %d barrels and the pool %d, want %d and %d", c.rules, c.ans, g.Players[0].Rum, g.RumPool, 2-spent, 10+spent)
		}
		e.Close()
	}
}
