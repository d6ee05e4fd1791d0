package pirates_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"rumref/internal/randplay"
	"rumref/referee"
	"rumref/referee/pirates"
)

// TestActionPhasesRunningOut plays whole action phases with the random
// legal player from starved positions: stacks nearly or fully empty (the
// drawn-off tiles go to the box), short displays, an empty rum pool, few
// coins and an empty unemployment office. Every answer must be accepted,
// and pirates, tiles, coins and barrels must stay conserved.
func TestActionPhasesRunningOut(t *testing.T) {
	reached := map[string]bool{}
	for seed := uint64(1); seed <= 200; seed++ {
		n := 2 + int(seed%4)
		build := func() *pirates.Game {
			g := freshGame(t, n)
			r := rand.New(rand.NewPCG(seed, 9))
			for _, st := range g.Stacks {
				for _, k := range st.Possible() {
					for st.Counts[k] > 0 && r.IntN(10) < 9 {
						st.Take(k)
						g.Boxed = append(g.Boxed, k)
					}
				}
			}
			if r.IntN(2) == 0 {
				k := r.IntN(4)
				g.Boxed = append(g.Boxed, g.Pubs[k:]...)
				g.Pubs = g.Pubs[:k]
				k = r.IntN(4)
				g.Boxed = append(g.Boxed, g.Maps[k:]...)
				g.Maps = g.Maps[:k]
			}
			if r.IntN(3) == 0 {
				g.Boxed = append(g.Boxed, g.Chest)
				g.Chest = ""
			}
			if r.IntN(3) == 0 {
				g.Boxed = append(g.Boxed, g.Scorpion)
				g.Scorpion = ""
			}
			// The pool holds 0 to 2 barrels; the players hold the rest.
			g.RumPool = r.IntN(3)
			held := pirates.RumBarrels - g.RumPool
			for i := range g.Players {
				g.Players[i].Coins = r.IntN(3)
				g.Players[i].Rum = held / n
				g.Players[i].Office = 0
				g.Players[i].Supply = 15
			}
			g.Players[0].Rum += held % n
			return g
		}
		e, err := referee.Start(func() referee.Game {
			return scene{build(), func(g *pirates.Game, t *referee.T) { g.ActionPhaseForTest(t) }}
		})
		if err != nil {
			t.Fatal(err)
		}
		c := randplay.From(rand.New(rand.NewPCG(seed, 3)))
		for step := 0; e.Next() != nil; step++ {
			if step > 5000 {
				t.Fatalf("seed %d: the action phase does not end", seed)
			}
			q := e.Next()
			a := randplay.Pirates(c, q)
			if err := e.Answer(a); err != nil {
				t.Fatalf("seed %d step %d: legal answer %s=%s refused: %v", seed, step, q.ID, a, err)
			}
			if err := checkInvariants(e.Game().(scene).Game); err != nil {
				t.Fatalf("seed %d step %d after %s=%s: %v", seed, step, q.ID, a, err)
			}
		}
		if !e.Over() {
			t.Fatalf("seed %d: the rules stopped with an internal error", seed)
		}
		for _, ev := range e.Events() {
			for _, want := range runningOutLines {
				if strings.Contains(ev.Text, want) {
					reached[want] = true
				}
			}
		}
		e.Close()
	}
	for _, want := range runningOutLines {
		if !reached[want] {
			t.Errorf("no starved action phase reached %q", want)
		}
	}
}

// runningOutLines are the running-out rulings the starved phases must
// reach.
var runningOutLines = []string{
	"The rum pool is empty",
	"The pirate supply stack is empty",
	"The rendezvous stack is empty",
	"nothing is drawn to refill the pub display",
	"nothing is drawn to refill the maps display",
	"No face-up treasure chest is left",
	"No face-up scorpion chest is left",
	"no pirates left in the unemployment office",
	"Both guard stacks are empty",
}
