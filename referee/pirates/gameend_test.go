package pirates_test

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/scoring"
	"rumref/setup"
)

// TestWholeGamesEndWithAValidScore plays random legal five-round games of
// 2 to 5 players and checks the rounds, the wrangles and the final score:
// the imaginary player's die is asked once a round in two-player games
// only, every round hands out or boxes its sleeping places, pirates are
// conserved after every answer, and the stored final score matches the
// tiles each player holds.
func TestWholeGamesEndWithAValidScore(t *testing.T) {
	board, err := setup.Assemble(setup.FixedLayout())
	if err != nil {
		t.Fatal(err)
	}
	rolled := false
	for n := 2; n <= 5; n++ {
		for seed := uint64(1); seed <= 4; seed++ {
			cfg := config(n)
			cfg.Layout = setup.FixedLayout()
			cfg.Start = int(seed) % n
			e, err := referee.Start(func() referee.Game { return pirates.New(cfg, board) })
			if err != nil {
				t.Fatal(err)
			}
			c := randplay.From(rand.New(rand.NewPCG(seed, uint64(n))))
			imaginary, sleeping := 0, 0
			for step := 0; e.Next() != nil; step++ {
				if step > 20000 {
					t.Fatalf("%d players seed %d: no end", n, seed)
				}
				q := e.Next()
				switch q.ID {
				case "wrangle.imaginary":
					imaginary++
					if q.Actor != referee.Table || q.Min != 1 || q.Max != 6 {
						t.Fatalf("imaginary die question %+v", q)
					}
				case "wrangle.roll":
					rolled = true
				case "round.bunk", "round.hammock", "round.bedroll":
					sleeping++
				}
				if err := e.Answer(randplay.Pirates(c, q)); err != nil {
					t.Fatalf("%d players seed %d: %v", n, seed, err)
				}
				if err := checkInvariants(e.Game().(*pirates.Game)); err != nil {
					t.Fatalf("%d players seed %d step %d after %s: %v", n, seed, step, q.ID, err)
				}
			}
			g := e.Game().(*pirates.Game)
			// A sleeping place whose tile is known is drawn without a
			// question (rp.draw.known).
			for _, ev := range e.Events() {
				if ev.Rule == "rp.draw.known" && strings.Contains(ev.Text, "beside the ship") && ev.Step > 0 {
					sleeping++
				}
			}
			if want := map[bool]int{true: pirates.Rounds, false: 0}[n == 2]; imaginary != want {
				t.Errorf("%d players: the imaginary die was asked %d times, want %d", n, imaginary, want)
			}
			perRound := map[bool]int{true: 3, false: 2}[n >= 4]
			if sleeping != perRound*(pirates.Rounds-1) {
				t.Errorf("%d players: %d sleeping places drawn after rounds, want %d", n, sleeping, perRound*(pirates.Rounds-1))
			}
			handed := 0
			for _, k := range g.Boxed {
				if tt, _ := pirates.Tile(k); tt.Sort >= pirates.SortBunk {
					handed++
				}
			}
			for _, p := range g.Players {
				for _, k := range p.Won {
					if tt, _ := pirates.Tile(k); tt.Sort >= pirates.SortBunk {
						handed++
					}
				}
			}
			if handed != perRound*pirates.Rounds || g.Bunk != "" || g.Hammock != "" || g.Bedroll != "" {
				t.Errorf("%d players: %d sleeping places handed out or boxed, want %d", n, handed, perRound*pirates.Rounds)
			}
			checkFinal(t, g)
			e.Close()
		}
	}
	if !rolled {
		t.Error("no random game reached a wrangle roll")
	}
}

// checkFinal checks the stored final score against the players' tiles.
func checkFinal(t *testing.T, g *pirates.Game) {
	t.Helper()
	if g.Phase != pirates.PhaseOver || g.Final == nil || g.Final.Provisional {
		t.Fatalf("game over without a final score: phase %d final %v", g.Phase, g.Final)
	}
	if again := g.Score(); !reflect.DeepEqual(again, *g.Final) {
		t.Fatalf("final score %+v differs from a fresh score %+v", *g.Final, again)
	}
	if len(g.Final.Winners) == 0 || len(g.Final.Scores) != len(g.Players) {
		t.Fatalf("final %+v", g.Final)
	}
	for i, s := range g.Final.Scores {
		p := g.Players[i]
		// Face-value tiles give a floor; adding every ware and map gives
		// a ceiling.
		floor, ceiling := 0, 0
		for _, k := range append(append([]string(nil), p.Won...), p.Wares...) {
			tt, _ := pirates.Tile(k)
			if tt.Sort != pirates.SortWare && tt.Sort != pirates.SortMap {
				floor += tt.Value
			}
			ceiling += tt.Value
		}
		if s.Name != p.Name || s.Total < floor || s.Total > ceiling || s.Unemployed != p.Office || s.Rum != p.Rum || s.Coins != p.Coins {
			t.Fatalf("%s: score %+v outside %d..%d for tiles %v %v", p.Name, s, floor, ceiling, p.Won, p.Wares)
		}
		if s.Place < 1 || s.Place > len(g.Players) {
			t.Fatalf("%s: place %d", p.Name, s.Place)
		}
	}
	pad := scoring.PadIn(*g.Final, locale.English)
	if !strings.Contains(pad, "Total") || strings.Contains(pad, "Provisional") {
		t.Fatalf("pad:\n%s", pad)
	}
}

// TestSharedVictoryNamesEveryWinner checks the closing line when three
// players tie on every key: all three are named as in a sentence.
func TestSharedVictoryNamesEveryWinner(t *testing.T) {
	_, e := run(t, func() *pirates.Game {
		g := freshGame(t, 3)
		g.Phase = pirates.PhaseOver
		return g
	}, func(g *pirates.Game, t *referee.T) { g.GameEndForTest(t) })
	if !hasEvent(e, "rp.scoring", "Ann, Bo and Cy share the victory.") {
		t.Errorf("closing line:\n%s", events(e))
	}
}
