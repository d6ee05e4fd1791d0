package migrate

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"rumref/internal/randplay"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// TestPirates4To5GuardWithOneStackEmpty: revision 4 asked, with one guard
// stack empty, whether to draw from the other or face no guard. Its answer
// naming the other stack is dropped (revision 5 draws from it without
// asking); "none" is refused there, since revision 5 would have drawn.
// The games start with the small guard stack empty.
func TestPirates4To5GuardWithOneStackEmpty(t *testing.T) {
	defer func(f func(pirates.Config, *pirates.Board) *pirates.Game) { newPirates = f }(newPirates)
	newPirates = func(cfg pirates.Config, b *pirates.Board) *pirates.Game {
		g := pirates.New(cfg, b)
		st := g.Stacks[pirates.SortSmallGuard]
		for k, n := range st.Counts {
			for range n {
				g.Boxed = append(g.Boxed, k)
			}
			st.Counts[k] = 0
		}
		return g
	}
	cfg := pirates.NewConfig(setup.FixedLayout())
	cfg.Players = []pirates.PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo", Color: "blue"}, {Name: "Cy", Color: "black"}}
	factory, err := piratesFactory(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 40; seed++ {
		e, err := referee.Start(factory)
		if err != nil {
			t.Fatal(err)
		}
		p := randplay.From(rand.New(rand.NewPCG(seed, 3)))
		step, seat := -1, referee.Seat(-1)
		for q := e.Next(); q != nil && step < 0; q = e.Next() {
			if err := e.Answer(randplay.Pirates(p, q)); err != nil {
				t.Fatal(err)
			}
			for _, ev := range e.Events() {
				if ev.Rule == "rp.draw.known" {
					step = -2 // revision 4 asked it: not this game
				}
				if step == -1 && ev.Rule == "rp.guard.count" && strings.Contains(said(ev), "The small guard stack is empty: ") {
					step, seat = ev.Step, q.Actor
				}
			}
			if step == -2 {
				break
			}
		}
		answers := slices.Clone(e.Answers())
		e.Close()
		if step < 0 {
			continue
		}
		with := func(key string) []referee.Answer {
			out := slices.Clone(answers[:step])
			out = append(out, referee.Answer{Q: "guard.stack", A: key, Actor: int(seat), HasActor: true})
			return append(out, answers[step:]...)
		}
		rw, err := pirates4to5(piratesRevision(&cfg, 4), with("large"))
		if err != nil || !slices.Equal(rw.Answers, answers) {
			t.Fatalf("guard.stack=large: %v; want it dropped", err)
		}
		_, err = pirates4to5(piratesRevision(&cfg, 4), with("none"))
		if s, ok := err.(*Stop); !ok || s.Answer != step+1 || !strings.Contains(s.Error(), "faced no guard") {
			t.Fatalf("guard.stack=none: %v, want it refused at answer %d", err, step+1)
		}
		return
	}
	t.Fatal("no game met the guard with the small stack empty")
}
