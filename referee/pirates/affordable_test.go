package pirates_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"rumref/referee/pirates"
	"rumref/setup"
)

// randomAffordableCases are n games on random boards with random alleys
// taken (from none to nearly all), and a random mover's supply and coins;
// every other game under rules revision 5, whose dark-alley coin reads
// the mover (the others under revision 1, which reads the board).
func randomAffordableCases(tb testing.TB, seed uint64, n int) []*pirates.Game {
	tb.Helper()
	r := rand.New(rand.NewPCG(seed, 3))
	var out []*pirates.Game
	for i := range n {
		b, err := setup.Assemble(setup.RandomLayout(int64(seed)*1000 + int64(i)))
		if err != nil {
			tb.Fatal(err)
		}
		cfg := config(2 + r.IntN(4))
		if i%2 == 1 {
			cfg.Rules = 5
		}
		g := pirates.New(cfg, b)
		taken := r.Float64()
		for a := range g.Occupant {
			if r.Float64() < taken {
				g.Occupant[a] = r.IntN(len(g.Players))
			}
		}
		for j := range g.Players {
			g.Players[j].Supply = r.IntN(11)
			g.Players[j].Coins = r.IntN(4)
		}
		out = append(out, g)
	}
	return out
}

// TestAffordableAsBefore: on many random boards and positions, from
// every intersection, for every hop number and whether the mover is the
// last player in, affordable lists exactly the hops the walk it replaced
// listed, in the same order; so do eachHop, and the hops through each
// entry alley that hop offers as exits.
func TestAffordableAsBefore(t *testing.T) {
	hops, dark, free := 0, 0, 0
	for _, g := range randomAffordableCases(t, 1, 400) {
		for c := range g.Board.Intersections {
			for _, entry := range append([]int{-1}, g.Board.At[c]...) {
				if got, want := g.EachHopForTest(c, entry), g.EachHopBeforeForTest(c, entry); !slices.Equal(got, want) {
					t.Fatalf("%s, at %s through %d: hops %+v, before %+v", setup.FormatLayout(g.Board.Layout), g.Board.Intersections[c].Name, entry, got, want)
				}
			}
			for p := range g.Players {
				for k := range 3 {
					for _, last := range []bool{false, true} {
						got := slices.Clone(g.AffordableForTest(p, c, k, last))
						want := g.AffordableBeforeForTest(p, c, k, last)
						if !slices.Equal(got, want) {
							t.Fatalf("%s, %s at %s, hop %d, last %v: affordable %+v, before %+v",
								setup.FormatLayout(g.Board.Layout), g.Players[p].Name, g.Board.Intersections[c].Name, k, last, got, want)
						}
						hops += len(got)
						for _, h := range got {
							if h.Exit >= 0 && h.DarkCoin {
								dark++
							} else if h.Exit >= 0 {
								free++
							}
						}
					}
				}
			}
		}
	}
	if hops == 0 || dark == 0 || free == 0 {
		t.Fatalf("the positions had %d affordable hops, %d through dark alleys for a coin, %d for none: too few to compare", hops, dark, free)
	}
	t.Logf("%d affordable hops compared, %d through dark alleys for a coin, %d for none", hops, dark, free)
}

// BenchmarkAffordable measures the one pass (now) beside the walk it
// replaced (before) on the same positions: every intersection of 50
// random boards.
func BenchmarkAffordable(b *testing.B) {
	games := randomAffordableCases(b, 2, 50)
	for _, bc := range []struct {
		name string
		f    func(g *pirates.Game, p, c, k int, last bool) []pirates.Hop
	}{
		{"before", (*pirates.Game).AffordableBeforeForTest},
		{"now", (*pirates.Game).AffordableForTest},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				for _, g := range games {
					for c := range g.Board.Intersections {
						bc.f(g, 0, c, 1, false)
					}
				}
			}
		})
	}
}
