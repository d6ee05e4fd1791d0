package setup

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"rumref/referee/pirates"
)

// mustAssemble assembles a layout or fails the test.
func mustAssemble(t testing.TB, l pirates.Layout) *pirates.Board {
	t.Helper()
	b, err := Assemble(l)
	if err != nil {
		t.Fatalf("Assemble(%s): %v", FormatLayout(l), err)
	}
	return b
}

// named finds an intersection by name.
func named(t *testing.T, b *pirates.Board, name string) int {
	t.Helper()
	for _, in := range b.Intersections {
		if in.Name == name {
			return in.ID
		}
	}
	t.Fatalf("no intersection %q", name)
	return -1
}

// between lists the segment counts of the alleys joining two intersections.
func between(b *pirates.Board, x, y int) []int {
	var out []int
	for _, a := range b.Alleys {
		if !a.Dark && (a.A == x && a.B == y || a.A == y && a.B == x) {
			out = append(out, a.Segments)
		}
	}
	return out
}

// darkAt lists the dark alleys of an intersection as "exit=segments".
func darkAt(b *pirates.Board, x int) map[string]int {
	out := map[string]int{}
	for _, id := range b.At[x] {
		if a := b.Alleys[id]; a.Dark {
			out[a.Exit] = a.Segments
		}
	}
	return out
}

func TestSectionsLoad(t *testing.T) {
	secs, err := boardSections()
	if err != nil {
		t.Fatal(err)
	}
	hist := map[int]int{}
	alleys := 0
	for _, s := range secs {
		for _, a := range s.alleys {
			hist[a.segments]++
			alleys++
		}
	}
	if alleys != 40 || hist[1] != 5 || hist[2] != 25 || hist[3] != 10 {
		t.Errorf("internal alleys: %d with histogram %v, want 40 with 1x5 2x25 3x10", alleys, hist)
	}
}

func TestParseSectionsRejects(t *testing.T) {
	for name, data := range map[string]string{
		"empty":      "",
		"not a list": "section: 1",
		"too few":    "- section: 1\n",
		"bad field":  "- section: 1\n  colour: red\n",
	} {
		if _, err := parseSections([]byte(data)); err == nil {
			t.Errorf("%s: parseSections accepted bad data", name)
		}
	}
}

func TestWorkedFigures(t *testing.T) {
	b := mustAssemble(t, FixedLayout())
	for _, c := range []struct {
		x, y string
		want []int
	}{
		{"HQ", "Coin 2", []int{4}},
		{"HQ", "Supply (4)", []int{5}},
		{"Pirate (5)", "Coin 6", []int{1}},
		{"Rendezvous (2)", "Rendezvous (3)", []int{1}},
		{"Coin 1", "HQ", []int{1}},
		{"The Swan", "Map green (5)", []int{1}},
		{"Map rose (2)", "Coin 2", []int{3}},
		{"Chest (8)", "Es Cruce", []int{3}},
		{"Coin 3", "Guard (3)", []int{3}},
	} {
		if got := between(b, named(t, b, c.x), named(t, b, c.y)); !slices.Equal(got, c.want) {
			t.Errorf("%s - %s: alleys of %v segments, want %v", c.x, c.y, got, c.want)
		}
	}
	// Section 6 sits on the east edge and section 3 on the north edge.
	if got := darkAt(b, named(t, b, "Guard (6)")); got["east edge of section 6, bottom"] != 3 || len(got) != 1 {
		t.Errorf("Guard (6) dark alleys = %v, want east bottom of 3", got)
	}
	if got := darkAt(b, named(t, b, "Coin 3")); got["north edge of section 3, left"] != 1 || len(got) != 1 {
		t.Errorf("Coin 3 dark alleys = %v, want north left of 1", got)
	}
	if b.Intersections[b.HQ].Name != "HQ" {
		t.Errorf("HQ is %q", b.Intersections[b.HQ].Name)
	}
}

func TestMultigraph(t *testing.T) {
	// Rum on 6 owns both north exits and Es Cruce on 8 both east exits:
	// section 6 turned so its north faces west, right of section 8, gives
	// two separate alleys between them.
	l := FixedLayout()
	l[3], l[4], l[5], l[7] = pirates.Placement{Section: 8}, pirates.Placement{Section: 6, Turn: 3},
		pirates.Placement{Section: 5}, pirates.Placement{Section: 4}
	b := mustAssemble(t, l)
	got := between(b, named(t, b, "Rum (6)"), named(t, b, "Es Cruce"))
	// Rum Nl (1) -> west bottom after the turn; Nr (2) -> west top.
	// Es Cruce Et (1) and Eb (1): top 1+1+2 = 4, bottom 1+1+1 = 3.
	if !slices.Equal(got, []int{4, 3}) {
		t.Errorf("Rum (6) - Es Cruce alleys = %v, want [4 3]", got)
	}
	checkBoard(t, b)
	ids := map[int]bool{}
	for _, a := range b.Alleys {
		if ids[a.ID] {
			t.Fatalf("alley ID %d twice", a.ID)
		}
		ids[a.ID] = true
	}
}

func TestCheckLayoutRejects(t *testing.T) {
	bad := []pirates.Layout{
		{},
		func() pirates.Layout { l := FixedLayout(); l[0].Section = 2; return l }(),
		func() pirates.Layout { l := FixedLayout(); l[4].Turn = 4; return l }(),
		func() pirates.Layout { l := FixedLayout(); l[8].Turn = -1; return l }(),
		func() pirates.Layout { l := FixedLayout(); l[8].Section = 10; return l }(),
	}
	for _, l := range bad {
		if _, err := Assemble(l); err == nil {
			t.Errorf("Assemble accepted %v", l)
		}
	}
}

// checkBoard asserts every invariant of an assembled board.
func checkBoard(t *testing.T, b *pirates.Board) {
	t.Helper()
	spec := FormatLayout(b.Layout)
	if len(b.Intersections) != 36 || len(b.Alleys) != 88 {
		t.Fatalf("%s: %d intersections, %d alleys", spec, len(b.Intersections), len(b.Alleys))
	}
	names := map[string]bool{}
	kinds := map[pirates.Kind]int{}
	for i, in := range b.Intersections {
		if in.ID != i || names[in.Name] || in.X < 0 || in.X > 3 || in.Y < 0 || in.Y > 3 {
			t.Fatalf("%s: bad intersection %+v", spec, in)
		}
		if b.Layout[in.Cell].Section != in.Section || int(in.X) != in.Cell%3 || int(in.Y) != in.Cell/3 {
			t.Fatalf("%s: %s is not inside its cell", spec, in.Name)
		}
		names[in.Name] = true
		kinds[in.Kind]++
	}
	if kinds[pirates.Coin] != 9 || kinds[pirates.Headquarters] != 1 || kinds[pirates.Recruit] != 3 ||
		kinds[pirates.PubSwan] != 1 || kinds[pirates.MapYellow] != 2 || kinds[pirates.TreasureChest] != 2 {
		t.Fatalf("%s: intersection kinds %v", spec, kinds)
	}
	for n := 1; n <= 9; n++ {
		c := b.Intersections[b.CoinOf[n]]
		if c.Kind != pirates.Coin || c.Section != n {
			t.Fatalf("%s: CoinOf[%d] is %s", spec, n, c.Name)
		}
	}
	if b.Intersections[b.HQ].Kind != pirates.Headquarters || b.Intersections[b.HQ].Section != 1 {
		t.Fatalf("%s: HQ is %d", spec, b.HQ)
	}
	darkExits := map[string]bool{}
	for _, a := range b.Alleys {
		if a.Dark {
			if darkExits[a.Exit] {
				t.Fatalf("%s: two dark alleys leave by %q", spec, a.Exit)
			}
			darkExits[a.Exit] = true
		}
	}
	dark, seam, inner := 0, 0, map[int]int{}
	exits := map[[2]float64]bool{}
	degree := 0
	for i, a := range b.Alleys {
		if a.ID != i || a.A < 0 || a.A >= 36 || a.B >= 36 || a.A == a.B {
			t.Fatalf("%s: bad alley %+v", spec, a)
		}
		switch {
		case a.Dark:
			dark++
			degree++
			if a.B != -1 || a.Segments < 1 || a.Segments > 3 || a.Exit == "" || !a.Crosses {
				t.Fatalf("%s: bad dark alley %+v", spec, a)
			}
			if a.CrossX != 0 && a.CrossX != 3 && a.CrossY != 0 && a.CrossY != 3 {
				t.Fatalf("%s: dark alley %d ends inside the board", spec, a.ID)
			}
		case a.Crosses:
			seam++
			degree += 2
			if a.B < 0 || a.Segments < 1 || a.Segments > 5 {
				t.Fatalf("%s: bad seam alley %+v", spec, a)
			}
			if b.Intersections[a.A].Cell == b.Intersections[a.B].Cell {
				t.Fatalf("%s: seam alley %d stays in one cell", spec, a.ID)
			}
		default:
			inner[a.Segments]++
			degree += 2
			if a.B < 0 || b.Intersections[a.A].Cell != b.Intersections[a.B].Cell {
				t.Fatalf("%s: bad inner alley %+v", spec, a)
			}
		}
		if a.Crosses {
			p := [2]float64{a.CrossX, a.CrossY}
			if exits[p] {
				t.Fatalf("%s: two alleys cross the border at %v", spec, p)
			}
			exits[p] = true
			// Exits sit a quarter or three quarters along a side.
			fx, fy := a.CrossX-math.Floor(a.CrossX), a.CrossY-math.Floor(a.CrossY)
			if !(fx == 0 && (fy == 0.25 || fy == 0.75)) && !(fy == 0 && (fx == 0.25 || fx == 0.75)) {
				t.Fatalf("%s: alley %d crosses at %v", spec, a.ID, p)
			}
		}
	}
	if dark != 24 || seam != 24 || inner[1] != 5 || inner[2] != 25 || inner[3] != 10 || len(exits) != 48 {
		t.Fatalf("%s: %d dark, %d seam, inner %v, %d border points", spec, dark, seam, inner, len(exits))
	}
	// Every section exit is used exactly once: each intersection's border
	// alleys match the exits of its printed section.
	secs, _ := boardSections()
	atSum := 0
	for id, at := range b.At {
		atSum += len(at)
		in := b.Intersections[id]
		s := secs[in.Section-1]
		wantBorder, wantInner := 0, 0
		local := -1
		for j, sp := range s.spots {
			if sp.kind == in.Kind {
				local = j
			}
		}
		for _, e := range s.exits {
			if e.to == local {
				wantBorder++
			}
		}
		for _, a := range s.alleys {
			if a.a == local || a.b == local {
				wantInner++
			}
		}
		gotBorder, gotInner := 0, 0
		for _, aid := range at {
			a := b.Alleys[aid]
			if a.A != id && a.B != id {
				t.Fatalf("%s: At[%d] lists alley %d that misses it", spec, id, aid)
			}
			if a.Crosses {
				gotBorder++
			} else {
				gotInner++
			}
		}
		if gotBorder != wantBorder || gotInner != wantInner {
			t.Fatalf("%s: %s has %d border and %d inner alleys, want %d and %d",
				spec, in.Name, gotBorder, gotInner, wantBorder, wantInner)
		}
	}
	if atSum != degree || degree != 2*88-24 {
		t.Fatalf("%s: degree sum %d, alley ends %d", spec, atSum, degree)
	}
}

func TestRandomLayoutInvariants(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 200
	}
	seen := map[pirates.Layout]bool{}
	turns := [4]int{}
	for seed := range int64(n) {
		l := RandomLayout(seed)
		if l != RandomLayout(seed) {
			t.Fatalf("seed %d: RandomLayout is not repeatable", seed)
		}
		seen[l] = true
		for _, p := range l {
			turns[p.Turn]++
		}
		checkBoard(t, mustAssemble(t, l))
	}
	if len(seen) < n-1 {
		t.Errorf("only %d different layouts from %d seeds", len(seen), n)
	}
	for q, c := range turns {
		if c < 9*n/4*9/10 {
			t.Errorf("turn %d drawn %d times of %d", q, c, 9*n)
		}
	}
	checkBoard(t, mustAssemble(t, FixedLayout()))
}

// turnBoard turns a whole layout a quarter-turn clockwise: every section
// moves to its turned cell and is itself turned once more.
func turnBoard(l pirates.Layout) pirates.Layout {
	var out pirates.Layout
	for cell, p := range l {
		r, c := cell/3, cell%3
		out[3*c+2-r] = pirates.Placement{Section: p.Section, Turn: (p.Turn + 1) % 4}
	}
	return out
}

// alleySignature lists a board's alleys by end names and length, sorted.
func alleySignature(b *pirates.Board) []string {
	var out []string
	for _, a := range b.Alleys {
		x, y := b.Intersections[a.A].Name, "edge"
		if !a.Dark {
			y = b.Intersections[a.B].Name
		}
		if y < x {
			x, y = y, x
		}
		out = append(out, fmt.Sprintf("%s|%s|%d", x, y, a.Segments))
	}
	slices.Sort(out)
	return out
}

func TestFourQuarterTurnsIsIdentity(t *testing.T) {
	for e := range numExits {
		if e.turned(4) != e || e.turned(1).turned(3) != e || e.turned(2) == e {
			t.Fatalf("exit %s does not turn right", e)
		}
	}
	for _, p := range [][2]float64{{0.37, 0.32}, {0.9, 0.1}} {
		x, y := rotate(p[0], p[1], 4)
		if math.Abs(x-p[0]) > 1e-12 || math.Abs(y-p[1]) > 1e-12 {
			t.Fatalf("rotate by 4 moved %v to %v,%v", p, x, y)
		}
		if x, y := rotate(p[0], p[1], 1); math.Abs(x-(1-p[1])) > 1e-12 || math.Abs(y-p[0]) > 1e-12 {
			t.Fatalf("rotate by 1 moved %v to %v,%v", p, x, y)
		}
	}
	for seed := range int64(100) {
		l := RandomLayout(seed)
		want := mustAssemble(t, l)
		pos := map[string][2]float64{}
		for _, in := range want.Intersections {
			pos[in.Name] = [2]float64{in.X, in.Y}
		}
		// Turning the whole table keeps the same town: the same alleys
		// between the same places, every place turned about the centre.
		turned := l
		for q := 1; q <= 4; q++ {
			turned = turnBoard(turned)
			got := mustAssemble(t, turned)
			if !slices.Equal(alleySignature(got), alleySignature(want)) {
				t.Fatalf("%s turned %d times: the alleys changed", FormatLayout(l), q)
			}
			for _, in := range got.Intersections {
				x, y := pos[in.Name][0], pos[in.Name][1]
				for range q {
					x, y = 3-y, x
				}
				if math.Abs(x-in.X) > 1e-9 || math.Abs(y-in.Y) > 1e-9 {
					t.Fatalf("%s turned %d times: %s at %v,%v, want %v,%v", FormatLayout(l), q, in.Name, in.X, in.Y, x, y)
				}
			}
		}
		if turned != l || !boardsEqual(mustAssemble(t, turned), want) {
			t.Fatalf("%s: four quarter-turns of the table changed the board", FormatLayout(l))
		}
	}
	// A single quarter-turn of section 3 in the corner changes which
	// exits face the edge: Coin 3 (north-left, 0 full segments) moves to the
	// east side, where it is still on the edge as the top-right cell.
	l := FixedLayout()
	l[2].Turn = 1
	b := mustAssemble(t, l)
	if got := darkAt(b, named(t, b, "Coin 3")); got["east edge of section 3, top"] != 1 {
		t.Errorf("turned Coin 3 dark alleys = %v", got)
	}
}

// boardsEqual compares two boards' graphs and positions.
func boardsEqual(x, y *pirates.Board) bool {
	if len(x.Intersections) != len(y.Intersections) || len(x.Alleys) != len(y.Alleys) || x.HQ != y.HQ || x.CoinOf != y.CoinOf {
		return false
	}
	for i := range x.Intersections {
		p, q := x.Intersections[i], y.Intersections[i]
		if p.Name != q.Name || math.Abs(p.X-q.X) > 1e-9 || math.Abs(p.Y-q.Y) > 1e-9 {
			return false
		}
	}
	return slices.Equal(x.Alleys, y.Alleys)
}

func FuzzAssemble(f *testing.F) {
	f.Add([]byte{1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8, 0, 9, 0})
	f.Add([]byte{9, 3, 8, 2, 7, 1, 6, 0, 5, 3, 4, 2, 3, 1, 2, 0, 1, 3})
	f.Add([]byte{1, 0, 1, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		var l pirates.Layout
		for i := range l {
			if 2*i+1 < len(data) {
				l[i] = pirates.Placement{Section: int(int8(data[2*i])), Turn: int(int8(data[2*i+1]))}
			}
		}
		b, err := Assemble(l)
		if (err == nil) != (CheckLayout(l) == nil) {
			t.Fatalf("Assemble and CheckLayout disagree on %v: %v", l, err)
		}
		if err == nil {
			checkBoard(t, b)
		}
	})
}

func BenchmarkAssemble(b *testing.B) {
	l := RandomLayout(7)
	for b.Loop() {
		if _, err := Assemble(l); err != nil {
			b.Fatal(err)
		}
	}
}
