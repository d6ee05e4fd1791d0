package setup

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"rumref/internal/catalogcheck"
	"rumref/internal/golden"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
)

// emptyOccupants returns an occupant list with every alley empty.
func emptyOccupants(b *pirates.Board) []int {
	occ := make([]int, len(b.Alleys))
	for i := range occ {
		occ[i] = -1
	}
	return occ
}

func TestGoldenFixedBoard(t *testing.T) {
	l := FixedLayout()
	b := mustAssemble(t, l)
	occ := emptyOccupants(b)
	occ[0], occ[45], occ[70] = 0, 1, 2 // Coin 1 - HQ, Rendezvous 2 - 3, Supply 3 dark east
	marks := []string{"G", "V", "B"}
	var out strings.Builder
	out.WriteString(BuildInstructionsIn(l, locale.English))
	out.WriteString("\n")
	out.WriteString(b.PictureIn(occ, marks, b.HQ, 0, locale.English))
	out.WriteString("\n")
	out.WriteString(b.AlleyList(occ, marks))
	golden.Check(t, "testdata/board-fixed.txt", out.String())

	// The narrow picture, for a terminal of 80 columns.
	out.Reset()
	out.WriteString(b.PictureIn(occ, marks, b.HQ, 80, locale.English))
	golden.Check(t, "testdata/board-fixed-80.txt", out.String())

	turned, err := ParseLayout("3e 1 7 / 9s 5 2w / 4 8 6")
	if err != nil {
		t.Fatal(err)
	}
	tb := mustAssemble(t, turned)
	out.Reset()
	out.WriteString(BuildInstructionsIn(turned, locale.English))
	out.WriteString("\n")
	out.WriteString(tb.PictureIn(nil, nil, tb.CoinOf[5], 0, locale.English))
	golden.Check(t, "testdata/board-turned.txt", out.String())
}

// TestNarrowPictureFitsEightyColumns draws random boards for a terminal
// of 80 columns: no line of the picture or its key is wider than 79, and
// every alley's segment count is on it, as in the wide picture.
func TestNarrowPictureFitsEightyColumns(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		b := mustAssemble(t, RandomLayout(seed))
		narrow, wide := b.PictureIn(nil, nil, b.HQ, 80, locale.English), b.PictureIn(nil, nil, b.HQ, 0, locale.English)
		for i, line := range strings.Split(narrow, "\n") {
			if n := len([]rune(line)); n > 79 {
				t.Fatalf("seed %d: line %d is %d columns: %q", seed, i+1, n, line)
			}
		}
		for n := 1; n <= 9; n++ {
			if !strings.Contains(narrow, fmt.Sprintf("[%d]", n)) && !regexp.MustCompile(fmt.Sprintf(`\[%d[esw]\]`, n)).MatchString(narrow) {
				t.Errorf("seed %d: section %d's number is not in the narrow picture:\n%s", seed, n, narrow)
			}
		}
		rows := strings.Split(narrow, "\n")[:28]
		if got, want := countDigits(strings.Join(rows, "")), countDigits(strings.Join(pictureBody(wide), "")); got != want {
			t.Errorf("seed %d: the narrow picture shows %d digits, the wide one %d", seed, got, want)
		}
	}
}

// pictureBody returns the board rows of a picture (without the key).
func pictureBody(pic string) []string {
	lines := strings.Split(pic, "\n")
	return lines[:37]
}

func countDigits(s string) int {
	n := 0
	for _, r := range s {
		if unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

func TestPictureRandomLayouts(t *testing.T) {
	n := 500
	if testing.Short() {
		n = 50
	}
	for seed := range int64(n) {
		l := RandomLayout(seed)
		b := mustAssemble(t, l)
		occ := emptyOccupants(b)
		for i := range occ {
			if i%7 == int(seed%7) {
				occ[i] = i % 3
			}
		}
		captain := int(seed) % len(b.Intersections)
		pic := b.PictureIn(occ, []string{"G", "V", "K"}, captain, 0, locale.English)
		for _, line := range strings.Split(pic, "\n") {
			if len([]rune(line)) > 110 {
				t.Fatalf("%s: a line is %d wide: %q", FormatLayout(l), len([]rune(line)), line)
			}
			if strings.ContainsRune(line, '\x1b') {
				t.Fatalf("%s: the picture holds an escape code", FormatLayout(l))
			}
		}
		body := strings.Join(pictureBody(pic), "\n")
		// Every label is drawn whole, and the captain's is starred.
		labelDigits := 0
		for _, in := range b.Intersections {
			want := in.Short()
			if in.ID == captain {
				want = "*" + want + "*"
			}
			if !strings.Contains(body, want) {
				t.Fatalf("%s: label %q is missing or overdrawn\n%s", FormatLayout(l), want, body)
			}
			labelDigits += countDigits(in.Short())
		}
		for _, p := range l {
			if !strings.Contains(body, "["+formatCell(p)+"]") {
				t.Fatalf("%s: section tag %s missing", FormatLayout(l), formatCell(p))
			}
		}
		// Every alley's segment count is drawn: the digits on the board are
		// the labels' digits, the nine section numbers, and 88 counts.
		if got := countDigits(body); got != labelDigits+9+len(b.Alleys) {
			t.Fatalf("%s: %d digits drawn, want %d\n%s", FormatLayout(l), got, labelDigits+9+len(b.Alleys), body)
		}
		// 24 dark alleys put their count on the frame.
		frame := 0
		for r, line := range pictureBody(pic) {
			for c, ch := range []rune(line) {
				if (r == 0 || r == 36 || c == 0 || c == 108) && unicode.IsDigit(ch) {
					frame++
				}
			}
		}
		if frame != 24 {
			t.Fatalf("%s: %d counts on the frame, want 24", FormatLayout(l), frame)
		}
		for _, m := range []string{"G", "V", "K"} {
			if !strings.Contains(body, m) {
				t.Fatalf("%s: occupant mark %s not drawn", FormatLayout(l), m)
			}
		}
		list := b.AlleyList(occ, []string{"G", "V", "K"})
		if strings.Count(list, "\n") != 1+44 {
			t.Fatalf("alley list has %d lines", strings.Count(list, "\n"))
		}
	}
}

// TestPictureKeptDrawings checks the drawings a board's picture keeps
// (pirates.Board.PictureIn draws a board, size and captain once): a
// board changed after it was drawn is drawn anew, a board drawn again
// after many others and boards drawn from several goroutines at once come
// out as a board of the same content drawn for the first time.
func TestPictureKeptDrawings(t *testing.T) {
	marks := []string{"G", "V", "K"}
	occupied := func(b *pirates.Board, seed int) []int {
		occ := emptyOccupants(b)
		for i := range occ {
			if (i+seed)%4 == 0 {
				occ[i] = (i + seed) % 3
			}
		}
		return occ
	}
	// fresh is the picture of a copy of b never drawn before.
	fresh := func(b *pirates.Board, seed, captain, cols int) string {
		c := *b
		c.Intersections = append([]pirates.Intersection(nil), b.Intersections...)
		c.Alleys = append([]pirates.Alley(nil), b.Alleys...)
		return c.PictureIn(occupied(b, seed), marks, captain, cols, locale.English)
	}
	b := mustAssemble(t, RandomLayout(7))
	before := b.PictureIn(occupied(b, 1), marks, b.HQ, 0, locale.English)
	if got := fresh(b, 1, b.HQ, 0); got != before {
		t.Fatalf("a copy of the board draws another picture:\n%s\nwant\n%s", got, before)
	}
	// Change what the picture shows: a segment count, a section's turn,
	// an intersection's place.
	b.Alleys[3].Segments = (b.Alleys[3].Segments + 1) % 10
	b.Layout[4].Turn = (b.Layout[4].Turn + 1) % 4
	b.Intersections[b.HQ].X += 0.3
	after := b.PictureIn(occupied(b, 1), marks, b.HQ, 0, locale.English)
	if after == before {
		t.Fatal("the changed board draws its old picture")
	}
	if want := fresh(b, 1, b.HQ, 0); after != want {
		t.Fatalf("the changed board draws\n%s\nwant\n%s", after, want)
	}
	for seed := range int64(12) {
		o := mustAssemble(t, RandomLayout(100+seed))
		o.PictureIn(nil, nil, int(seed), 80, locale.English)
	}
	if again := b.PictureIn(occupied(b, 1), marks, b.HQ, 0, locale.English); again != after {
		t.Fatalf("the board drawn again after others draws\n%s\nwant\n%s", again, after)
	}
	boards := make([]*pirates.Board, 6)
	want := map[[3]int]string{}
	for i := range boards {
		boards[i] = mustAssemble(t, RandomLayout(int64(200+i)))
		for captain := range 3 {
			for _, cols := range []int{0, 80} {
				want[[3]int{i, captain, cols}] = fresh(boards[i], i+captain, captain, cols)
			}
		}
	}
	errs := make(chan string, 4)
	for g := range 4 {
		go func() {
			var bad string
			for n := range 200 {
				i, captain, cols := (n+g)%len(boards), n%3, n%2*80
				if got := boards[i].PictureIn(occupied(boards[i], i+captain), marks, captain, cols, locale.English); got != want[[3]int{i, captain, cols}] && bad == "" {
					bad = fmt.Sprintf("goroutine %d: board %d, captain %d, %d columns draws\n%s", g, i, captain, cols, got)
				}
			}
			errs <- bad
		}()
	}
	for range 4 {
		if bad := <-errs; bad != "" {
			t.Fatal(bad)
		}
	}
}

func TestPictureBadInput(t *testing.T) {
	b := mustAssemble(t, FixedLayout())
	// Short occupant lists, seats without marks and a captain off the
	// board must not crash the picture.
	for _, occ := range [][]int{nil, {}, {7}, {0, 1, 2, 3, 4, 5, 6}} {
		for _, captain := range []int{-1, 36, 1000, 0} {
			pic := b.PictureIn(occ, []string{"", "X"}, captain, 0, locale.English)
			if !strings.Contains(pic, "HQ") {
				t.Fatal("picture lost the HQ")
			}
			_ = b.AlleyList(occ, nil)
		}
	}
}

func TestGoldenBoardSVG(t *testing.T) {
	for seed := range int64(20) {
		b := mustAssemble(t, RandomLayout(seed))
		svg := BoardSVGIn(b, locale.English)
		if !bytes.Equal(svg, BoardSVGIn(b, locale.English)) {
			t.Fatal("BoardSVG is not deterministic")
		}
		dec := xml.NewDecoder(bytes.NewReader(svg))
		alleys, dark, intersections, texts := 0, 0, 0, 0
		names := map[string]bool{}
		inText := false
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("seed %d: the SVG is not well-formed XML: %v", seed, err)
			}
			switch e := tok.(type) {
			case xml.StartElement:
				inText = e.Name.Local == "text"
				for _, a := range e.Attr {
					if a.Name.Local != "class" {
						continue
					}
					switch a.Value {
					case "alley":
						alleys++
					case "alley dark":
						alleys++
						dark++
					case "intersection":
						intersections++
					}
				}
				if e.Name.Local == "text" {
					texts++
				}
			case xml.CharData:
				if inText {
					names[string(e)] = true
				}
			case xml.EndElement:
				inText = false
			}
		}
		if alleys != 88 || dark != 24 || intersections != 36 {
			t.Fatalf("seed %d: SVG has %d alleys (%d dark), %d intersections", seed, alleys, dark, intersections)
		}
		for _, in := range b.Intersections {
			if !names[in.Name] {
				t.Fatalf("seed %d: SVG does not name %s", seed, in.Name)
			}
		}
	}
	golden.Check(t, "testdata/board-fixed.svg", string(BoardSVGIn(mustAssemble(t, FixedLayout()), locale.English)))
}

func BenchmarkPicture(b *testing.B) {
	board := mustAssemble(b, RandomLayout(3))
	occ := emptyOccupants(board)
	for b.Loop() {
		_ = board.PictureIn(occ, []string{"G"}, board.HQ, 0, locale.English)
	}
}

// BenchmarkPictureFirst draws the first picture of a board, as show does
// (a copy of the board each time, so that nothing drawn before is kept).
func BenchmarkPictureFirst(b *testing.B) {
	board := mustAssemble(b, RandomLayout(7))
	occ := emptyOccupants(board)
	occ[0], occ[45], occ[70] = 0, 1, 2
	marks := []string{"G", "V", "B"}
	for b.Loop() {
		c := *board
		c.Intersections = append([]pirates.Intersection(nil), board.Intersections...)
		c.Alleys = append([]pirates.Alley(nil), board.Alleys...)
		c.PictureIn(occ, marks, c.HQ, 0, locale.English)
	}
}

// BenchmarkPictureGame draws one board's pictures as a game's checks do:
// one board, the captain on one of a few intersections, pirates moving.
func BenchmarkPictureGame(b *testing.B) {
	board := mustAssemble(b, RandomLayout(7))
	occ := emptyOccupants(board)
	marks := []string{"G", "V", "B"}
	n := 0
	for b.Loop() {
		occ[n%len(occ)] = n % 3
		board.PictureIn(occ, marks, board.CoinOf[1+n/50%3], 0, locale.English)
		n++
	}
}

// TestBoardSVGInNamesAsTheView: in every language, with and without the
// catalog check, the board picture's words come from the catalog, each
// place is labelled as the view names it (the table page rings the
// captain's), and each alley's tooltip, without its "alley N: " prefix
// (cut as the page cuts it), is the view's name of that alley (the page
// draws the pieces on it by that name).
func TestBoardSVGInNamesAsTheView(t *testing.T) {
	defer locale.SetChecking(false)
	title := regexp.MustCompile(`<title>([^<]*)</title></polyline>`)
	label := regexp.MustCompile(`<text [^>]*>([^<]*)</text>`)
	prefix := regexp.MustCompile(`^[^:]*: \x{2069}?`) // app.js renderBoard
	unescape := func(s string) string {
		var out strings.Builder
		d := xml.NewDecoder(strings.NewReader("<x>" + s + "</x>"))
		for {
			tok, err := d.Token()
			if err != nil {
				return out.String()
			}
			if c, ok := tok.(xml.CharData); ok {
				out.Write(c)
			}
		}
	}
	b := mustAssemble(t, RandomLayout(5))
	cfg := pirates.NewConfig(b.Layout)
	cfg.Players = []pirates.PlayerConfig{{Name: "Ann", Color: "gold"}, {Name: "Bo", Color: "blue"}}
	for _, check := range []bool{false, true} {
		locale.SetChecking(check)
		for _, l := range locale.All {
			g := pirates.New(cfg, b)
			for i := range g.Occupant {
				g.Occupant[i] = i % 2
			}
			view := g.View(referee.Public, l).(pirates.View)
			svg := string(BoardSVGIn(b, l))
			s := catalogcheck.New().Allow("Ann", "Bo")
			labels := map[string]bool{}
			for _, m := range label.FindAllStringSubmatch(svg, -1) {
				labels[unescape(m[1])] = true
				s.Scan("label", unescape(m[1]))
			}
			if !labels[view.Captain] {
				t.Errorf("%s (check %v): no place is labelled %q, the view's captain", l, check, view.Captain)
			}
			tips := map[string]bool{}
			for _, m := range title.FindAllStringSubmatch(svg, -1) {
				tip := unescape(m[1])
				s.Scan("alley", tip)
				tips[prefix.ReplaceAllString(tip, "")] = true
			}
			if len(view.Alleys) != len(b.Alleys) {
				t.Fatalf("the view lists %d alleys of %d", len(view.Alleys), len(b.Alleys))
			}
			for _, a := range view.Alleys {
				if !tips[a.Alley] {
					t.Errorf("%s (check %v): no alley's tooltip names %q", l, check, a.Alley)
				}
			}
			if check {
				for _, f := range s.Findings() {
					t.Errorf("%s: the board picture says a text not from the catalog: %s", l, f)
				}
			}
		}
	}
}
