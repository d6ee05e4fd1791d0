package setup

import (
	"strconv"

	"rumref/referee"
	"rumref/referee/pirates"
)

// Assemble builds the board for a layout: it turns each section, places it
// on the 3x3 grid, joins the facing exits of every inner seam into one alley
// of a+1+b segments (the two border half segments make one), and turns every
// exit on the outer edge into a dark alley of a+1 segments (rules data §1.1
// and §7 rulings 1-4). Alleys keep their identity: two alleys may join the
// same two intersections.
//
// Intersection IDs run by grid cell in reading order, four per cell. Alley
// IDs run: the alleys inside each section by cell; then the two alleys of
// each inner seam, taking for each cell in reading order its east seam then
// its south seam; then the 24 dark alleys clockwise round the board edge
// from the top-left corner.
func Assemble(l pirates.Layout) (*pirates.Board, error) {
	if err := CheckLayout(l); err != nil {
		return nil, err
	}
	secs, err := boardSections()
	if err != nil {
		return nil, err
	}
	return assemble(secs, l), nil
}

// CheckLayout reports whether a layout uses each section 1-9 exactly once
// and turns each by 0-3 quarter-turns.
func CheckLayout(l pirates.Layout) error {
	var where [10]int
	var problems []referee.Msg
	for cell, p := range l {
		if p.Section < 1 || p.Section > 9 {
			return referee.Errorf("setup.check.cell", referee.Int(cell+1), referee.Int(p.Section))
		}
		if p.Turn < 0 || p.Turn > 3 {
			return referee.Errorf("setup.check.turn", referee.Int(p.Section), referee.Int(p.Turn))
		}
		where[p.Section]++
	}
	for n := 1; n <= 9; n++ {
		switch {
		case where[n] > 1:
			problems = append(problems, referee.Text("setup.check.twice", referee.Int(n), referee.Int(where[n])))
		case where[n] == 0:
			problems = append(problems, referee.Text("setup.check.missing", referee.Int(n)))
		}
	}
	if len(problems) > 0 {
		return referee.Errorf("setup.check.once", referee.List(problems, " and ", " and "))
	}
	return nil
}

// rotate turns a point of a unit section t quarter-turns clockwise about its
// centre (y runs downwards).
func rotate(x, y float64, t int) (float64, float64) {
	for range t {
		x, y = 1-y, x
	}
	return x, y
}

// intersectionName gives an intersection its unique human name.
func intersectionName(k pirates.Kind, number int) string {
	switch {
	case k == pirates.Coin:
		return "Coin " + strconv.Itoa(number)
	case k == pirates.Headquarters || k.IsPub():
		return k.String()
	default:
		return k.String() + " (" + strconv.Itoa(number) + ")"
	}
}

// assemble builds the board for a layout already checked.
func assemble(secs []section, l pirates.Layout) *pirates.Board {
	b := &pirates.Board{Layout: l, HQ: -1}
	// The lists are made at their size: each section's spots and alleys,
	// then 24 alleys across the inner seams (two at each of 12) and 24
	// dark ones at the edge.
	spots, alleys := 0, 24+24
	for _, p := range l {
		spots += len(secs[p.Section-1].spots)
		alleys += len(secs[p.Section-1].alleys)
	}
	b.Intersections = make([]pirates.Intersection, 0, spots)
	b.Alleys = make([]pirates.Alley, 0, alleys)
	// border[cell][e] is the exit physically at e on that cell, after turning:
	// the intersection it leads to and its full segments.
	var border [9][numExits]exitAlley
	for cell, p := range l {
		s := secs[p.Section-1]
		col, row := float64(cell%3), float64(cell/3)
		base := len(b.Intersections)
		for i, sp := range s.spots {
			x, y := rotate(sp.x, sp.y, p.Turn)
			id := base + i
			b.Intersections = append(b.Intersections, pirates.Intersection{
				ID: id, Kind: sp.kind, Section: s.number, Cell: cell,
				X: col + x, Y: row + y, Name: intersectionName(sp.kind, s.number),
			})
			switch sp.kind {
			case pirates.Coin:
				b.CoinOf[s.number] = id
			case pirates.Headquarters:
				b.HQ = id
			}
		}
		for e := range numExits {
			ea := s.exits[e]
			border[cell][e.turned(p.Turn)] = exitAlley{to: base + ea.to, segments: ea.segments}
		}
		for _, in := range s.alleys {
			b.Alleys = append(b.Alleys, pirates.Alley{ID: len(b.Alleys), A: base + in.a, B: base + in.b, Segments: in.segments})
		}
	}
	cross := func(cell int, e exit) (float64, float64) {
		x, y := e.point()
		return float64(cell%3) + x, float64(cell/3) + y
	}
	join := func(c1 int, e1 exit, c2 int, e2 exit) {
		a, z := border[c1][e1], border[c2][e2]
		x, y := cross(c1, e1)
		b.Alleys = append(b.Alleys, pirates.Alley{ID: len(b.Alleys), A: a.to, B: z.to,
			Segments: a.segments + 1 + z.segments, Crosses: true, CrossX: x, CrossY: y})
	}
	for cell := range 9 {
		if cell%3 < 2 {
			join(cell, exitEt, cell+1, exitWt)
			join(cell, exitEb, cell+1, exitWb)
		}
		if cell/3 < 2 {
			join(cell, exitSl, cell+3, exitNl)
			join(cell, exitSr, cell+3, exitNr)
		}
	}
	edges := []struct {
		cells [3]int
		exits [2]exit
	}{
		{[3]int{0, 1, 2}, [2]exit{exitNl, exitNr}},
		{[3]int{2, 5, 8}, [2]exit{exitEt, exitEb}},
		{[3]int{8, 7, 6}, [2]exit{exitSr, exitSl}},
		{[3]int{6, 3, 0}, [2]exit{exitWb, exitWt}},
	}
	for _, edge := range edges {
		for _, cell := range edge.cells {
			for _, e := range edge.exits {
				ea := border[cell][e]
				x, y := cross(cell, e)
				side, along := e.side()
				b.Alleys = append(b.Alleys, pirates.Alley{ID: len(b.Alleys), A: ea.to, B: -1,
					Segments: ea.segments + 1, Dark: true,
					Exit:    side + " edge of section " + strconv.Itoa(l[cell].Section) + ", " + along,
					Crosses: true, CrossX: x, CrossY: y})
			}
		}
	}
	// Each intersection's alleys in alley order, in one list made at its
	// size: room for every end of every alley.
	ends := make([]int, len(b.Intersections))
	for _, a := range b.Alleys {
		ends[a.A]++
		if a.B >= 0 {
			ends[a.B]++
		}
	}
	b.At = make([][]int, len(b.Intersections))
	all, off := make([]int, 2*len(b.Alleys)), 0
	for i, n := range ends {
		b.At[i] = all[off : off : off+n]
		off += n
	}
	for _, a := range b.Alleys {
		b.At[a.A] = append(b.At[a.A], a.ID)
		if a.B >= 0 {
			b.At[a.B] = append(b.At[a.B], a.ID)
		}
	}
	return b
}
