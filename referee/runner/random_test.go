package runner_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
	"rumref/setup"
)

func catalog(t testing.TB) []runner.Card {
	t.Helper()
	cards, err := setup.RunnerCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	return cards
}

func factory(cfg runner.Config) referee.Factory {
	return func() referee.Game { return runner.New(cfg) }
}

func snapshot(g referee.Game) string {
	var b strings.Builder
	for _, v := range []int{int(referee.Public), runner.CrownSeat, runner.PirateSeat} {
		b.WriteString(g.Status(referee.Viewer(v), locale.English, 0))
		j, _ := json.Marshal(g.View(referee.Viewer(v), locale.English))
		b.Write(j)
	}
	return b.String()
}

func checkInvariants(g *runner.Game) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	fail := func(format string, a ...any) {
		panic(fmt.Sprintf(format, a...))
	}
	// Every card in exactly one place, coins never negative, crews within
	// their slots: the simulator's checks.
	if err := games.CheckRunner(g); err != nil {
		fail("%v", err)
	}
	var pub runner.View
	j, _ := json.Marshal(g.View(referee.Public, locale.English))
	if err := json.Unmarshal(j, &pub); err != nil {
		fail("public view: %v", err)
	}
	for _, p := range pub.Players {
		if p.Hand != nil {
			fail("public view shows %s's hand", p.Name)
		}
	}
	if at := faceDownNames(pub); len(at) > 0 {
		fail("public view names a face-down card at %s", at[0][0])
	}
	if strings.Contains(g.Status(referee.Public, locale.English, 0), "hand:") || len(pub.Peeked) > 0 {
		fail("public status shows a secret")
	}
	for _, viewer := range []referee.Viewer{referee.Public, runner.CrownSeat, runner.PirateSeat} {
		var seen []string
		for n, at := range g.NamedCards() {
			if at.SeenBy(viewer) {
				seen = append(seen, n)
			}
		}
		if a, b := sorted(seen), sorted(viewNames(g.View(viewer, locale.English).(runner.View))); !slices.Equal(a, b) {
			fail("viewer %d sees the named cards %q, and the view shows %q", viewer, a, b)
		}
	}
	return ""
}

// viewNames are the names of the cards a view shows on the table.
func viewNames(v runner.View) []string {
	var names []string
	for _, p := range v.Players {
		names = append(names, p.Hand...)
		names = append(names, p.Discard...)
		for _, s := range p.Score {
			names = append(names, s.Name)
		}
	}
	for _, is := range v.Islands {
		if is.Card != nil && is.Card.Name != "" {
			names = append(names, is.Card.Name)
		}
		for _, h := range is.Hazards {
			if h.Name != "" {
				names = append(names, h.Name)
			}
		}
	}
	for _, s := range v.Ships {
		names = append(names, s.Name)
		names = append(names, s.Crew...)
	}
	return append(names, v.Revealed...)
}

func sorted(l []string) []string {
	l = slices.Clone(l)
	slices.Sort(l)
	return l
}

// faceDownNames lists the face-down cards a view names, each as its
// island and its name.
func faceDownNames(v runner.View) (out [][2]string) {
	for _, is := range v.Islands {
		all := is.Hazards
		if is.Card != nil {
			all = append(all, *is.Card)
		}
		for _, c := range all {
			if !c.FaceUp && c.Name != "" {
				out = append(out, [2]string{is.Name, c.Name})
			}
		}
	}
	return out
}

func TestRandomGames(t *testing.T) {
	cards := catalog(t)
	games := 30
	if testing.Short() {
		games = 5
	}
	wins := [3]int{}
	for seed := int64(1); seed <= int64(games); seed++ {
		cfg := runner.Config{Crown: "Ann", Pirate: "Bo", TurnCap: 80, Mulligan: seed%3 == 0, Cards: cards, Edition: runner.Edition}
		e, err := referee.Start(factory(cfg))
		if err != nil {
			t.Fatal(err)
		}
		r := randplay.New(uint64(seed))
		for step := 1; !e.Over(); step++ {
			q := e.Next()
			if q == nil {
				t.Fatalf("seed %d: no question but game not over", seed)
			}
			if step > 20000 {
				t.Fatalf("seed %d: game does not end", seed)
			}
			if err := e.Answer(randplay.Runner(r, q)); err != nil {
				t.Fatalf("seed %d step %d (%s): %v", seed, step, q.ID, err)
			}
			g := e.Game().(*runner.Game)
			if msg := checkInvariants(g); msg != "" {
				for _, en := range e.Log() {
					if en.Step > step-15 || (en.Event != nil && en.Event.Step > step-15) {
						if en.Event != nil {
							t.Logf("  event: %s", en.Event.For(0))
						} else {
							t.Logf("%d %s -> %s", en.Step, en.QuestionID, en.Label)
						}
					}
				}
				t.Fatalf("seed %d answer %d: %s\n%s", seed, step, msg, g.Status(runner.CrownSeat, locale.English, 0))
			}
			if seed <= 2 || step%97 == 0 {
				re, err := referee.Replay(factory(cfg), e.Answers())
				if err != nil {
					t.Fatalf("seed %d step %d: replay: %v", seed, step, err)
				}
				if a, b := snapshot(g), snapshot(re.Game()); a != b {
					t.Fatalf("seed %d step %d: replay differs\nlive:\n%s\nreplay:\n%s", seed, step, a, b)
				}
				re.Close()
			}
		}
		for _, ev := range e.Events() {
			if strings.Contains(ev.Text, "It is ") {
				t.Fatalf("seed %d: public event text carries a private identity: %q", seed, ev.Text)
			}
		}
		g := e.Game().(*runner.Game)
		wins[g.Winner]++
		e.Close()
	}
	t.Logf("crown wins %d, pirate wins %d, draws %d", wins[0], wins[1], wins[2])
}

// BenchmarkRandomGame plays whole random games over the engine.
func BenchmarkRandomGame(b *testing.B) {
	cards := catalog(b)
	cfg := runner.Config{Crown: "Ann", Pirate: "Bo", TurnCap: 80, Cards: cards}
	for i := 0; i < b.N; i++ {
		e, err := referee.Start(factory(cfg), referee.WithoutLog())
		if err != nil {
			b.Fatal(err)
		}
		r := randplay.New(uint64(i))
		for !e.Over() {
			if err := e.Answer(randplay.Runner(r, e.Next())); err != nil {
				b.Fatal(err)
			}
		}
		e.Close()
	}
}
