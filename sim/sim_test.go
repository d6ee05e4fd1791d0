package sim

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/referee/runner"
)

// nGames is the number of whole games each test plays of each game.
func nGames(t *testing.T, n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}

func TestPiratesGames(t *testing.T) {
	r := Run(Config{Game: "pirates", Games: nGames(t, 200), Seed: 1000, CheckEvery: 50, DeepEvery: 150})
	t.Logf("pirates: %d games, %d answers, %v", r.Games, r.Answers, r.Elapsed)
	for _, f := range r.Failures {
		t.Errorf("seed %d after %d answers: %v", f.Seed, len(f.Answers), f.Err)
	}
	if r.Games != nGames(t, 200) || r.Answers < r.Games*100 {
		t.Errorf("%d games with %d answers: too few", r.Games, r.Answers)
	}
}

func TestRunnerGames(t *testing.T) {
	r := Run(Config{Game: "runner", Games: nGames(t, 200), Seed: 1000, CheckEvery: 50, DeepEvery: 150})
	t.Logf("runner: %d games, %d answers, %v", r.Games, r.Answers, r.Elapsed)
	for _, f := range r.Failures {
		t.Errorf("seed %d after %d answers: %v", f.Seed, len(f.Answers), f.Err)
	}
	if r.Games != nGames(t, 200) || r.Answers < r.Games*20 {
		t.Errorf("%d games with %d answers: too few", r.Games, r.Answers)
	}
}

func TestEveryPlayerCount(t *testing.T) {
	for n := 2; n <= 5; n++ {
		r := Run(Config{Game: "pirates", Games: 3, Seed: uint64(n * 77), Players: n, SaveEvery: 1})
		for _, f := range r.Failures {
			t.Errorf("%d players, seed %d: %v", n, f.Seed, f.Err)
		}
	}
	if r := Run(Config{Game: "pirates", Games: 1, Players: 6}); len(r.Failures) != 1 || !strings.Contains(r.Failures[0].Message, "2 to 5") {
		t.Errorf("6 players: %+v", r.Failures)
	}
	if r := Run(Config{Game: "chess", Games: 5}); len(r.Failures) != 1 || r.Games != 1 {
		t.Errorf("unknown game: %d games, %+v", r.Games, r.Failures)
	}
}

func TestSameSeedSameGame(t *testing.T) {
	for _, g := range []string{"pirates", "runner"} {
		a := Run(Config{Game: g, Games: 3, Seed: 42})
		b := Run(Config{Game: g, Games: 3, Seed: 42})
		c := Run(Config{Game: g, Games: 3, Seed: 43})
		if a.Answers != b.Answers {
			t.Errorf("%s: seed 42 played %d then %d answers", g, a.Answers, b.Answers)
		}
		if a.Answers == c.Answers {
			t.Logf("%s: seeds 42 and 43 played the same number of answers", g)
		}
	}
}

// TestBrokenInvariantIsReported injects a failing check and expects a
// failure with its seed and a save that resumes to the failing state.
func TestBrokenInvariantIsReported(t *testing.T) {
	for _, game := range []string{"pirates", "runner"} {
		dir := t.TempDir()
		broken := errors.New("injected: the 37th answer breaks the rules")
		r := Run(Config{Game: game, Games: 4, Seed: 9, Out: dir, Check: func(g referee.Game, answers []referee.Answer) error {
			if len(answers) == 37 && g.Name() == game {
				return broken
			}
			return nil
		}})
		if r.Games != 4 || len(r.Failures) != 4 {
			t.Fatalf("%s: %d games, %d failures; want 4 and 4", game, r.Games, len(r.Failures))
		}
		f := r.Failures[1]
		if f.Seed != 10 || !errors.Is(f.Err, broken) || len(f.Answers) != 37 || !strings.Contains(f.Message, "injected") {
			t.Fatalf("%s: failure %+v", game, f)
		}
		if f.Save != filepath.Join(dir, "sim-"+game+"-seed-10.yaml") {
			t.Fatalf("%s: save at %q", game, f.Save)
		}
		file, _, err := games.Read(f.Save)
		if err != nil {
			t.Fatalf("%s: the failure's save does not read: %v", game, err)
		}
		factory, err := games.FactoryOf(file)
		if err != nil {
			t.Fatal(err)
		}
		e, err := referee.Replay(factory, file.Answers)
		if err != nil {
			t.Fatalf("%s: the failure's save does not replay: %v", game, err)
		}
		if len(e.Answers()) != 37 || e.Next() == nil {
			t.Errorf("%s: the save resumes at answer %d, over %v", game, len(e.Answers()), e.Over())
		}
		e.Close()
	}
}

// TestSaveWriteFailure reports a failure whose save cannot be written.
func TestSaveWriteFailure(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	r := Run(Config{Game: "runner", Games: 1, Out: filepath.Join(blocker, "sub"), Check: func(referee.Game, []referee.Answer) error {
		return errors.New("injected")
	}})
	if len(r.Failures) != 1 || r.Failures[0].Save != "" || !strings.Contains(r.Failures[0].Message, "could not be written") {
		t.Fatalf("%+v", r.Failures)
	}
}

// TestCheckersCatchBrokenStates breaks a live state in ways the rules
// never should and expects the invariant checks to say so.
func TestCheckersCatchBrokenStates(t *testing.T) {
	pt, err := games.Pirates.Sim(4, 2)
	if err != nil {
		t.Fatal(err)
	}
	pg := func() (*pirates.Game, *referee.Engine) {
		e, err := referee.Replay(pt.Factory(), nil)
		if err != nil {
			t.Fatal(err)
		}
		p := randplay.New(5)
		for range 60 {
			if err := e.Answer(pt.Answer(p, e.Next())); err != nil {
				t.Fatal(err)
			}
		}
		return e.Game().(*pirates.Game), e
	}
	for name, breakIt := range map[string]func(g *pirates.Game){
		"pirate lost":    func(g *pirates.Game) { g.Players[1].Supply-- },
		"negative coins": func(g *pirates.Game) { g.Players[0].Coins = -1 },
		"rum made":       func(g *pirates.Game) { g.Players[2].Rum++ },
		"tile lost":      func(g *pirates.Game) { g.Pubs = g.Pubs[1:] },
		"tile twice":     func(g *pirates.Game) { g.Boxed = append(g.Boxed, g.Pubs[0]) },
		"unknown tile":   func(g *pirates.Game) { g.Boxed = append(g.Boxed, "pub-unicorn-9") },
		"display overfull": func(g *pirates.Game) {
			g.Stacks[pirates.SortPub].Take(g.Stacks[pirates.SortPub].Drawable()[0].Key)
			g.Pubs = append(g.Pubs, "x")
		},
	} {
		g, e := pg()
		if err := pt.Invariants(g); err != nil {
			t.Fatalf("%s: intact game fails: %v", name, err)
		}
		breakIt(g)
		if err := pt.Invariants(g); err == nil {
			t.Errorf("%s: not caught", name)
		}
		e.Close()
	}
	g, e := pg()
	g.Players[0].Coins = 99
	if err := sameAsReplay(pt, e, pt.Factory(), e.Answers()); err == nil {
		t.Errorf("a live state changed behind the engine's back equals its replay")
	}
	if err := pt.Secrets(g, true); err != nil {
		t.Errorf("secrets check on an intact game: %v", err)
	}
	e.Close()

	rt, err := games.Runner.Sim(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	re, err := referee.Start(rt.Factory())
	if err != nil {
		t.Fatal(err)
	}
	defer re.Close()
	p := randplay.New(3)
	for range 40 {
		if err := re.Answer(rt.Answer(p, re.Next())); err != nil {
			t.Fatal(err)
		}
	}
	rg := re.Game().(*runner.Game)
	if err := rt.Invariants(rg); err != nil {
		t.Fatalf("intact runner game fails: %v", err)
	}
	rg.Players[runner.PirateSeat].Discard = append(rg.Players[runner.PirateSeat].Discard, "Longboat")
	if err := rt.Invariants(rg); err == nil {
		t.Errorf("a card in two places is not caught")
	}
	rg.Players[runner.PirateSeat].Discard = rg.Players[runner.PirateSeat].Discard[:len(rg.Players[runner.PirateSeat].Discard)-1]
	rg.Players[runner.CrownSeat].Supply = -2
	if err := rt.Invariants(rg); err == nil {
		t.Errorf("negative coins are not caught")
	}
	rg.Players[runner.CrownSeat].Supply = 1
	if len(rg.Ships) > 0 {
		ship := rg.Ships[0]
		keep := ship.Crew
		for range 5 {
			ship.Crew = append(ship.Crew, &runner.Piece{ID: 999, Name: "Stowaway", Up: true})
		}
		if err := rt.Invariants(rg); err == nil || !strings.Contains(err.Error(), "slots") {
			t.Errorf("an overfull ship is not caught: %v", err)
		}
		ship.Crew = keep
	}
	rg.Over, rg.Winner, rg.Result = true, runner.PirateSeat, "pirate wins"
	if err := rt.Over(rg); err == nil {
		t.Errorf("a winner without the points is not caught")
	}
}

func TestCheckQuestion(t *testing.T) {
	for _, q := range []referee.Question{
		{ID: "", Kind: referee.Number},
		{ID: "n", Kind: referee.Number, Min: 3, Max: 2},
		{ID: "c"},
		{ID: "c", Options: []referee.Option{{Key: "a", Label: "A"}, {Key: "a", Label: "B"}}},
		{ID: "c", Options: []referee.Option{{Key: "", Label: "A"}}},
		{ID: "c", Kind: referee.Kind(7)},
	} {
		if err := checkQuestion(&q); err == nil {
			t.Errorf("%+v passes", q)
		}
	}
	ok := referee.Question{ID: "c", Options: []referee.Option{{Key: "a", Label: "A"}, {Key: "b", Label: "B"}}}
	if err := checkQuestion(&ok); err != nil {
		t.Error(err)
	}
}

// BenchmarkPiratesGame plays whole checked games with the defaults of
// Run: invariants after every answer, replay at the end of every game,
// the save round-trip every 10th game.
func BenchmarkPiratesGame(b *testing.B) {
	benchGames(b, "pirates")
}

// BenchmarkRunnerGame plays whole checked Rum Runner games.
func BenchmarkRunnerGame(b *testing.B) {
	benchGames(b, "runner")
}

func benchGames(b *testing.B, game string) {
	r := Run(Config{Game: game, Games: b.N, Seed: 1})
	if len(r.Failures) > 0 {
		b.Fatal(r.Failures[0].Err)
	}
	b.ReportMetric(float64(r.Answers)/float64(b.N), "answers/game")
}

// TestUnlistedShipSlots replays the seed where the random player typed in
// a ship with four crew slots and filled them: legal, not a failure.
func TestUnlistedShipSlots(t *testing.T) {
	r := Run(Config{Game: "runner", Games: 1, Seed: 3563})
	for _, f := range r.Failures {
		t.Errorf("seed %d: %v", f.Seed, f.Err)
	}
}

// TestHandTrashedRaidedCard replays seeds where the players trashed, by
// hand, the raided card whose text they were applying, then scored it or
// finished: the card must not be counted twice.
func TestHandTrashedRaidedCard(t *testing.T) {
	for _, seed := range []uint64{16279, 28133} {
		r := Run(Config{Game: "runner", Games: 1, Seed: seed})
		for _, f := range r.Failures {
			t.Errorf("seed %d: %v", f.Seed, f.Err)
		}
	}
}

func TestSameStateComparesEveryField(t *testing.T) {
	type inner struct {
		N    int
		tags []string
	}
	type state struct {
		Name  string
		hid   *inner
		Count map[string]int
		Rows  []inner
	}
	base := func() state {
		return state{Name: "a", hid: &inner{N: 1, tags: []string{"x"}}, Count: map[string]int{"k": 2}, Rows: []inner{{N: 3}}}
	}
	same := func(a, b state) bool { return sameState(reflect.ValueOf(&a), reflect.ValueOf(&b)) }
	if !same(base(), base()) {
		t.Fatal("equal states differ")
	}
	empty := base()
	empty.Rows[0].tags = []string{}
	if !same(base(), empty) {
		t.Error("a nil and an empty list differ")
	}
	for name, change := range map[string]func(*state){
		"exported field":      func(s *state) { s.Name = "b" },
		"unexported pointee":  func(s *state) { s.hid.N = 9 },
		"unexported list":     func(s *state) { s.hid.tags[0] = "y" },
		"map value":           func(s *state) { s.Count["k"] = 3 },
		"map key":             func(s *state) { s.Count = map[string]int{"j": 2} },
		"list element":        func(s *state) { s.Rows[0].N = 4 },
		"list length":         func(s *state) { s.Rows = append(s.Rows, inner{}) },
		"nil against pointer": func(s *state) { s.hid = nil },
	} {
		other := base()
		change(&other)
		if same(base(), other) {
			t.Errorf("%s: the change is not seen", name)
		}
	}
}

// TestGameStatesHoldNoCycle walks the types of every game's state (what
// sameState compares) and fails on one that could hold a cycle: a type
// that reaches itself through a pointer or a map, or an interface, which
// may hold anything. A type may nest itself through lists of values (a
// tree, as a Rum Runner card's effects).
func TestGameStatesHoldNoCycle(t *testing.T) {
	for _, e := range games.All {
		tb, err := e.Sim(0, 1)
		if err != nil {
			t.Fatal(err)
		}
		root := reflect.TypeOf(tb.Factory()())
		done := map[reflect.Type]bool{}
		var walk func(typ reflect.Type, path []reflect.Type)
		walk = func(typ reflect.Type, path []reflect.Type) {
			if i := slices.Index(path, typ); i >= 0 {
				if slices.ContainsFunc(path[i:], func(p reflect.Type) bool { return p.Kind() == reflect.Pointer || p.Kind() == reflect.Map }) {
					t.Errorf("%s: %v reaches itself through a pointer or a map: sameState needs a cycle guard", e.Name, path[i:])
				}
				return
			}
			if done[typ] {
				return
			}
			path = append(path, typ)
			switch typ.Kind() {
			case reflect.Interface:
				t.Errorf("%s: %v holds an interface, which sameState cannot prove free of cycles", e.Name, path)
			case reflect.Pointer, reflect.Slice, reflect.Array:
				walk(typ.Elem(), path)
			case reflect.Map:
				walk(typ.Key(), path)
				walk(typ.Elem(), path)
			case reflect.Struct:
				for i := range typ.NumField() {
					walk(typ.Field(i).Type, path)
				}
			}
			done[typ] = true
		}
		walk(root, nil)
		if !done[reflect.TypeFor[runner.Effect]()] && e.Name == "runner" {
			t.Error("the walk did not reach the Rum Runner effects")
		}
	}
}
