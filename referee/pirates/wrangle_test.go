package pirates

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"rumref/internal/golden"
	"rumref/referee"
)

// procGame wraps a Game so a test can drive a single procedure (the
// wrangle, a round's clean-up) through the real engine.
type procGame struct {
	*Game
	play func(g *Game, t *referee.T)
}

func (p *procGame) Play(t *referee.T) { p.play(p.Game, t) }

// tinyBoard is a hand-made board with two alleys; the wrangle does not use
// the board.
func tinyBoard() *Board {
	return &Board{HQ: 0, Intersections: []Intersection{{ID: 0, Kind: Headquarters, Name: "HQ"}, {ID: 1, Kind: Coin, Name: "Coin 1"}},
		Alleys: []Alley{{ID: 0, A: 0, B: 1, Segments: 3}, {ID: 1, A: 0, B: -1, Segments: 2, Dark: true}}}
}

// wrangleGame makes an n-player game with the sleeping places on display
// and the given mast; every boarded pirate is taken from its owner's
// supply.
func wrangleGame(n int, mast []MastRow) *Game {
	cfg := Config{}
	for i := 0; i < n; i++ {
		cfg.Players = append(cfg.Players, PlayerConfig{Name: strings.ToUpper(Colors[i][:1]) + Colors[i][1:], Color: Colors[i]})
	}
	g := New(cfg, tinyBoard())
	g.Bunk, g.Hammock = "bunk-7", "hammock-4"
	if n >= 4 {
		g.Bedroll = "bedroll-2"
	}
	g.Mast = append([]MastRow(nil), mast...)
	for _, r := range mast {
		if r.Player >= 0 {
			g.Players[r.Player].Supply -= r.Left
		}
	}
	g.Phase = PhaseWrangle
	return g
}

func wrangleFactory(n int, mast []MastRow, rum []int) referee.Factory {
	return func() referee.Game {
		g := wrangleGame(n, mast)
		for i, r := range rum {
			g.Players[i].Rum = r
		}
		return &procGame{Game: g, play: func(g *Game, t *referee.T) { g.wrangle(t) }}
	}
}

// transcript writes the engine's log as text: answers with their actor,
// events with their rule.
func transcript(e *referee.Engine) string {
	var b strings.Builder
	for _, en := range e.Log() {
		if en.Event != nil {
			fmt.Fprintf(&b, "  [%s] %s\n", en.Event.Rule, en.Event.Text)
		} else {
			fmt.Fprintf(&b, "? %s (actor %d) = %s\n", en.QuestionID, en.Actor, en.Answer)
		}
	}
	return b.String()
}

func answers(pairs ...string) []referee.Answer {
	var out []referee.Answer
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, referee.Answer{Q: pairs[i], A: pairs[i+1]})
	}
	return out
}

func roll(vals ...int) []string {
	var out []string
	for _, v := range vals {
		out = append(out, "wrangle.roll", strconv.Itoa(v))
	}
	return out
}

// TestGoldenWrangleWorkedExample replays the data file's §4 worked example:
// gold 2, violet 3, black 1, silver 2 beside the mast in a 4-player game.
func TestGoldenWrangleWorkedExample(t *testing.T) {
	const gold, violet, black, silver = 0, 1, 2, 3
	mast := []MastRow{{Player: gold, Left: 2}, {Player: violet, Left: 3}, {Player: black, Left: 1}, {Player: silver, Left: 2}}
	var dice []string
	dice = append(dice, roll(4, 4, 2)...)    // match 1, column 2
	dice = append(dice, roll(5, 3, 6, 6)...) // match 1, column 1
	dice = append(dice, roll(2, 5)...)       // match 2, column 1
	dice = append(dice, roll(3, 1)...)       // match 3, column 1
	e, err := referee.Replay(wrangleFactory(4, mast, nil), answers(dice...))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if !e.Over() {
		t.Fatalf("wrangle not over; next %+v", e.Next())
	}
	g := e.Game().(*procGame).Game
	var actors []int
	for _, en := range e.Log() {
		if en.Event == nil {
			actors = append(actors, int(en.Actor))
		}
	}
	if want := []int{gold, violet, silver, gold, violet, black, silver, violet, silver, violet, silver}; !slices.Equal(actors, want) {
		t.Errorf("roll order %v, want %v", actors, want)
	}
	if got := g.Players[black].Won; !slices.Equal(got, []string{"bedroll-2"}) {
		t.Errorf("black won %v, want the bedroll", got)
	}
	if got := g.Players[silver].Won; !slices.Equal(got, []string{"hammock-4"}) {
		t.Errorf("silver won %v, want the hammock", got)
	}
	if got := g.Players[violet].Won; !slices.Equal(got, []string{"bunk-7"}) {
		t.Errorf("violet won %v, want the bunk", got)
	}
	if len(g.Players[gold].Won) != 0 || len(g.Boxed) != 0 || g.Bunk != "" || g.Hammock != "" || g.Bedroll != "" {
		t.Errorf("gold %v, boxed %v, display %q %q %q", g.Players[gold].Won, g.Boxed, g.Bunk, g.Hammock, g.Bedroll)
	}
	var outs []string
	for _, ev := range e.Events() {
		if strings.Contains(ev.Text, "out of the wrangle") {
			outs = append(outs, strings.Fields(ev.Text)[0])
		}
	}
	if want := []string{"Gold", "Black", "Silver"}; !slices.Equal(outs, want) {
		t.Errorf("elimination order %v, want %v", outs, want)
	}
	checkConserved(t, g)
	golden.Check(t, "testdata/wrangle_example.golden", transcript(e))
}

// checkConserved checks that every player's pirates add up to 15: supply,
// unemployment office, alleys and the ship.
func checkConserved(t *testing.T, g *Game) {
	t.Helper()
	for i, p := range g.Players {
		n := p.Supply + p.Office + g.piratesOnShip(referee.Seat(i))
		for a, occ := range g.Occupant {
			if occ == i {
				n += g.Board.Alleys[a].Segments
			}
		}
		if n != 15 {
			t.Errorf("%s has %d pirates in all (supply %d, office %d, ship %d), want 15", p.Name, n, p.Supply, p.Office, g.piratesOnShip(referee.Seat(i)))
		}
	}
}

// TestWrangleRumRerolls checks that rum re-rolls come right after the
// roller's own roll and that the re-rolled result stands.
func TestWrangleRumRerolls(t *testing.T) {
	mast := []MastRow{{Player: 0, Left: 1}, {Player: 1, Left: 1}, {Player: 2, Left: 1}}
	// Gold rolls 2, hands back a barrel, re-rolls 1 and then 6: r6.
	ans := answers("wrangle.roll", "r6", "wrangle.roll", "5", "wrangle.roll", "6")
	e, err := referee.Replay(wrangleFactory(3, mast, []int{2, 0, 1}), ans)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	g := e.Game().(*procGame).Game
	if !e.Over() {
		t.Fatalf("not over: next %+v", e.Next())
	}
	// Gold re-rolled to 6, violet's 5 is lower and leaves; black's 6 ties
	// and beats gold's 6. Black wins the bunk, gold the hammock.
	if !slices.Equal(g.Players[2].Won, []string{"bunk-7"}) || !slices.Equal(g.Players[0].Won, []string{"hammock-4"}) || len(g.Players[1].Won) != 0 {
		t.Fatalf("won: %v %v %v", g.Players[0].Won, g.Players[1].Won, g.Players[2].Won)
	}
	if g.Players[0].Rum != 1 || g.Players[2].Rum != 1 || g.RumPool != RumBarrels+1 {
		t.Fatalf("rum %d %d pool %d", g.Players[0].Rum, g.Players[2].Rum, g.RumPool)
	}
	checkConserved(t, g)
}

// TestTwoPlayerImaginary runs a two-player round's start and wrangle: the
// table rolls for the imaginary player, whose pirates take the top row
// and roll first; a tile it wins goes to the box.
func TestTwoPlayerImaginary(t *testing.T) {
	factory := func() referee.Game {
		g := wrangleGame(2, nil)
		return &procGame{Game: g, play: func(g *Game, t *referee.T) {
			g.beginRound(t)
			// The action phase boards the players below the imaginary row.
			g.Mast = append(g.Mast, MastRow{Player: 1, Left: 2}, MastRow{Player: 0, Left: 1})
			g.Players[1].Supply -= 2
			g.Players[0].Supply--
			g.wrangle(t)
		}}
	}
	e, err := referee.Start(factory)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	q := e.Next()
	if q.ID != "wrangle.imaginary" || q.Actor != referee.Table || q.Kind != referee.Number || q.Min != 1 || q.Max != 6 {
		t.Fatalf("first question %+v", q)
	}
	if err := e.Answer("3"); err != nil {
		t.Fatal(err)
	}
	g := e.Game().(*procGame).Game
	// The engine has run on to the first roll: column 3 (the imaginary
	// player alone) has already crossed.
	if r := g.Mast[0]; r.Player != Imaginary || r.Left+r.Right != 3 || r.Right != 1 {
		t.Fatalf("mast %+v", g.Mast)
	}
	var order []int
	for e.Next() != nil {
		q := e.Next()
		if q.ID != "wrangle.roll" {
			t.Fatalf("unexpected question %s", q.ID)
		}
		order = append(order, int(q.Actor))
		// The imaginary player rolls 6 every time and wins every column.
		a := "2"
		if q.Actor == referee.Table {
			a = "6"
		}
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	// Column 3: the imaginary player alone. Column 2: imaginary, violet.
	// Column 1: imaginary, violet, gold. Violet is out first (no tile), gold
	// second (the hammock).
	if want := []int{int(referee.Table), 1, int(referee.Table), 1, 0}; !slices.Equal(order, want) {
		t.Fatalf("roll order %v, want %v", order, want)
	}
	if !slices.Equal(g.Players[0].Won, []string{"hammock-4"}) || len(g.Players[1].Won) != 0 {
		t.Fatalf("won %v %v", g.Players[0].Won, g.Players[1].Won)
	}
	if !slices.Equal(g.Boxed, []string{"bunk-7"}) {
		t.Fatalf("boxed %v, want the imaginary player's bunk", g.Boxed)
	}
	checkConserved(t, g)
}

// TestWrangleAwardsByBoarded checks the sleeping places for every player
// count and every number of boarded players. Each boarded player has one
// pirate and rolls its row number, so the rows drop out top first and the
// bottom row wins.
func TestWrangleAwardsByBoarded(t *testing.T) {
	for n := 2; n <= 5; n++ {
		for boarded := 0; boarded <= n; boarded++ {
			t.Run(fmt.Sprintf("%dp-%dboarded", n, boarded), func(t *testing.T) {
				var mast []MastRow
				if n == 2 {
					mast = append(mast, MastRow{Player: Imaginary, Left: 1})
				}
				for p := 0; p < boarded; p++ {
					mast = append(mast, MastRow{Player: referee.Seat(p), Left: 1})
				}
				e, err := referee.Start(wrangleFactory(n, mast, nil))
				if err != nil {
					t.Fatal(err)
				}
				defer e.Close()
				for q := e.Next(); q != nil; q = e.Next() {
					row := -1
					for i, r := range mast {
						if referee.Seat(r.Player) == q.Actor || (q.Actor == referee.Table && r.Player == Imaginary) {
							row = i
						}
					}
					if q.ID != "wrangle.roll" || row < 0 {
						t.Fatalf("unexpected question %+v", q)
					}
					if err := e.Answer(strconv.Itoa(row + 1)); err != nil {
						t.Fatal(err)
					}
				}
				g := e.Game().(*procGame).Game
				got := map[int][]string{}
				for i, p := range g.Players {
					if len(p.Won) > 0 {
						got[i] = p.Won
					}
				}
				want := map[int][]string{}
				var boxed []string
				give := func(row int, tile string) {
					if row < 0 || row >= len(mast) {
						boxed = append(boxed, tile)
						return
					}
					p := mast[row].Player
					if p == Imaginary {
						boxed = append(boxed, tile)
						return
					}
					want[int(p)] = append(want[int(p)], tile)
				}
				b := len(mast)
				winner, second, third := b-1, b-2, b-3
				if n >= 4 {
					switch {
					case b >= 3:
						give(winner, "bunk-7")
						give(second, "hammock-4")
						give(third, "bedroll-2")
					case b == 2:
						give(second, "hammock-4")
						give(winner, "bunk-7")
						give(winner, "bedroll-2")
					default:
						give(winner, "bunk-7")
						give(winner, "bedroll-2")
						give(-1, "hammock-4")
					}
				} else {
					give(second, "hammock-4")
					give(winner, "bunk-7")
				}
				for p := range want {
					slices.Sort(want[p])
				}
				for p := range got {
					slices.Sort(got[p])
				}
				slices.Sort(boxed)
				gb := slices.Clone(g.Boxed)
				slices.Sort(gb)
				if fmt.Sprint(got) != fmt.Sprint(want) || !slices.Equal(gb, boxed) {
					t.Fatalf("won %v boxed %v, want %v boxed %v", got, gb, want, boxed)
				}
				if g.Bunk != "" || g.Hammock != "" || g.Bedroll != "" {
					t.Fatal("a sleeping place is left on display")
				}
				checkConserved(t, g)
			})
		}
	}
}

// TestWrangleConservationRandom runs wrangles with many masts and dice and
// checks after every answer that no pirate appears or vanishes, and that
// every wrangle ends with the display cleared.
func TestWrangleConservationRandom(t *testing.T) {
	seed := uint32(7)
	next := func(k int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>16) % k
	}
	for trial := 0; trial < 300; trial++ {
		n := 2 + next(4)
		var mast []MastRow
		if n == 2 {
			mast = append(mast, MastRow{Player: Imaginary, Left: 1 + next(6)})
		}
		seats := []int{0, 1, 2, 3, 4}[:n]
		for i := range seats {
			j := i + next(len(seats)-i)
			seats[i], seats[j] = seats[j], seats[i]
		}
		for _, p := range seats[:next(n+1)] {
			mast = append(mast, MastRow{Player: referee.Seat(p), Left: 1 + next(10)})
		}
		rum := make([]int, n)
		for i := range rum {
			rum[i] = next(3)
		}
		e, err := referee.Start(wrangleFactory(n, mast, rum))
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; e.Next() != nil; steps++ {
			if steps > 2000 {
				t.Fatalf("trial %d: wrangle does not end", trial)
			}
			q := e.Next()
			var a string
			if q.Kind == referee.Number {
				a = strconv.Itoa(q.Min + next(q.Max-q.Min+1))
			} else {
				a = q.Options[next(len(q.Options))].Key
			}
			if err := e.Answer(a); err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
			checkConserved(t, e.Game().(*procGame).Game)
		}
		g := e.Game().(*procGame).Game
		tiles := len(g.Boxed)
		for _, p := range g.Players {
			tiles += len(p.Won)
		}
		if want := map[bool]int{true: 3, false: 2}[n >= 4]; tiles != want || g.Bunk != "" || g.Hammock != "" || g.Bedroll != "" {
			t.Fatalf("trial %d: %d sleeping places handed out or boxed, want %d", trial, tiles, want)
		}
		e.Close()
	}
}

// TestWrangleLoneColumnsTogether checks that the outer columns held by a
// single row qualify without rolls, reported as one event, and that the
// first roll comes in the first shared column.
func TestWrangleLoneColumnsTogether(t *testing.T) {
	mast := []MastRow{{Player: 0, Left: 5}, {Player: 1, Left: 1}, {Player: 2, Left: 2}}
	e, err := referee.Start(wrangleFactory(3, mast, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if q := e.Next(); q.ID != "wrangle.roll" || q.Actor != 0 || !strings.Contains(q.Text, "column 2") {
		t.Fatalf("first question %+v", q)
	}
	var lone []string
	for _, ev := range e.Events() {
		if strings.Contains(ev.Text, "without a roll") {
			lone = append(lone, ev.Text)
		}
	}
	if want := []string{"Wrangle, match 1, columns 5 to 3: only Gold has pirates there, so all 3 qualify without a roll."}; !slices.Equal(lone, want) {
		t.Fatalf("lone column events %q, want %q", lone, want)
	}
	if g := e.Game().(*procGame).Game; g.Mast[0].Left != 2 || g.Mast[0].Right != 3 {
		t.Fatalf("gold's row %+v, want 2 left and 3 across", g.Mast[0])
	}
}

// BenchmarkWrangleWorkedExample replays the §4 worked example wrangle.
func BenchmarkWrangleWorkedExample(b *testing.B) {
	mast := []MastRow{{Player: 0, Left: 2}, {Player: 1, Left: 3}, {Player: 2, Left: 1}, {Player: 3, Left: 2}}
	ans := answers(roll(4, 4, 2, 5, 3, 6, 6, 2, 5, 3, 1)...)
	for b.Loop() {
		e, err := referee.Replay(wrangleFactory(4, mast, nil), ans, referee.WithoutLog())
		if err != nil {
			b.Fatal(err)
		}
		e.Close()
	}
}

// TestWrangleAwardEventsReadWell checks the award lines when the winner
// takes two sleeping places (4 players, 2 boarded) and when one player
// alone is on board: each names the tile once and says why.
func TestWrangleAwardEventsReadWell(t *testing.T) {
	mast := []MastRow{{Player: 0, Left: 1}, {Player: 1, Left: 1}}
	e, err := referee.Replay(wrangleFactory(4, mast, nil), answers(roll(2, 5)...))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var awards []string
	for _, ev := range e.Events() {
		if ev.Rule == "rp.wrangle.awards" {
			awards = append(awards, ev.Text)
		}
	}
	want := []string{
		"Gold finishes second and takes the hammock 4.",
		"Violet wins the wrangle and takes the bunk 7.",
		"Violet also takes the bedroll 2, as fewer than three players boarded.",
	}
	if !slices.Equal(awards, want) {
		t.Errorf("award lines:\n%s\nwant:\n%s", strings.Join(awards, "\n"), strings.Join(want, "\n"))
	}

	e2, err := referee.Start(wrangleFactory(4, mast[:1], nil))
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	awards = nil
	for _, ev := range e2.Events() {
		if ev.Rule == "rp.wrangle.awards" {
			awards = append(awards, ev.Text)
		}
	}
	want = []string{
		"Gold wins the wrangle and takes the bunk 7.",
		"Gold also takes the bedroll 2, as fewer than three players boarded.",
	}
	if !slices.Equal(awards, want) {
		t.Errorf("award lines:\n%s\nwant:\n%s", strings.Join(awards, "\n"), strings.Join(want, "\n"))
	}
}
