package pirates

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"rumref/locale"
	"rumref/safetext"
)

// The picture draws each board section as a box of w columns by h rows;
// a terminal character is about twice as tall as wide. The wide picture
// is 109 columns; the narrow one, for a terminal of fewer columns, fits
// 80.
type picSize struct{ w, h int }

var (
	widePicture   = picSize{w: wideW, h: 12}
	narrowPicture = picSize{w: 26, h: 9}
)

// wideW is the wide picture's section width, which WidePictureCols
// follows.
const wideW = 36

// cols and rows are the size of the framed board.
func (z picSize) cols() int { return 3*z.w + 1 }
func (z picSize) rows() int { return 3*z.h + 1 }

// WidePictureCols is how many columns the wide board picture takes: a
// narrower terminal gets the narrow one (see PictureIn).
const WidePictureCols = 3*wideW + 1 // widePicture.cols()

// Short returns the intersection's label for the board picture, at most
// five characters, e.g. "Coin3", "HQ", "Pir5", "MapR2", "Swan".
func (in Intersection) Short() string {
	switch in.Kind {
	case Coin:
		return "Coin" + strconv.Itoa(in.Section)
	case Headquarters:
		return "HQ"
	case Recruit:
		return "Pir" + strconv.Itoa(in.Section)
	case RumBarrel:
		return "Rum" + strconv.Itoa(in.Section)
	case Rendezvous:
		return "Rdv" + strconv.Itoa(in.Section)
	case PirateSupply:
		return "Sup" + strconv.Itoa(in.Section)
	case Guard:
		return "Grd" + strconv.Itoa(in.Section)
	case TreasureChest:
		return "Chst" + strconv.Itoa(in.Section)
	case MapRose:
		return "MapR" + strconv.Itoa(in.Section)
	case MapGreen:
		return "MapG" + strconv.Itoa(in.Section)
	case MapYellow:
		return "MapY" + strconv.Itoa(in.Section)
	case PubSwan:
		return "Swan"
	case PubEsCruce:
		return "Cruce"
	case PubFrereJacques:
		return "Frere"
	}
	return "?" + strconv.Itoa(in.ID)
}

// canvas is a grid of characters the picture is drawn on, row after row.
type canvas struct {
	z     picSize
	cells []byte  // every character drawn is ASCII (lines, labels, numbers)
	label []bool  // an intersection label is here
	count []bool  // a segment count is here
	alley []int16 // the alley whose line is drawn here, or -1
}

// newCanvas makes a canvas of size z, every cell without an alley (its
// characters are left for drawBase); label and count share one array.
func newCanvas(z picSize) *canvas {
	n := z.rows() * z.cols()
	marks := make([]bool, 2*n)
	cv := &canvas{z: z, cells: make([]byte, n), label: marks[:n:n], count: marks[n:], alley: make([]int16, n)}
	for i := range cv.alley {
		cv.alley[i] = -1
	}
	return cv
}

// clone copies the canvas.
func (cv *canvas) clone() *canvas {
	n := len(cv.cells)
	marks := make([]bool, 2*n)
	copy(marks, cv.label)
	copy(marks[n:], cv.count)
	return &canvas{z: cv.z, cells: slices.Clone(cv.cells), label: marks[:n:n], count: marks[n:], alley: slices.Clone(cv.alley)}
}

// at is the index of cell k.
func (cv *canvas) at(k cell) int { return k.r*cv.z.cols() + k.c }

// cell is one character position: row and column.
type cell struct{ r, c int }

// at converts board coordinates (0-3) to the nearest character cell.
func (z picSize) at(x, y float64) cell {
	return cell{r: int(math.Round(y * float64(z.h))), c: int(math.Round(x * float64(z.w)))}
}

// inside reports whether a cell lies on the canvas.
func (z picSize) inside(k cell) bool { return k.r >= 0 && k.r < z.rows() && k.c >= 0 && k.c < z.cols() }

// onFrame reports whether a cell lies on the board's outer edge.
func (z picSize) onFrame(k cell) bool {
	return k.r == 0 || k.r == z.rows()-1 || k.c == 0 || k.c == z.cols()-1
}

// line appends to out the cells from p to q, both included, and returns
// them with the character that draws a line of that slope.
func line(out []cell, p, q cell) ([]cell, byte) {
	dr, dc := q.r-p.r, q.c-p.c
	steps := max(abs(dr), abs(dc))
	for i := 0; i <= steps; i++ {
		t := 0.0
		if steps > 0 {
			t = float64(i) / float64(steps)
		}
		out = append(out, cell{r: p.r + int(math.Round(t*float64(dr))), c: p.c + int(math.Round(t*float64(dc)))})
	}
	// A row is about two columns tall: compare slopes as they look.
	h, v := math.Abs(float64(dc)), math.Abs(float64(2*dr))
	ch := byte('/')
	switch {
	case v <= 0.41*h:
		ch = '-'
	case h <= 0.41*v:
		ch = '|'
	case (dr > 0) == (dc > 0):
		ch = '\\'
	}
	return out, ch
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// markOf returns the occupant's mark of an alley, or 0 when it is empty.
func markOf(id int, occupant []int, marks []string) rune {
	if id >= len(occupant) || occupant[id] < 0 {
		return 0
	}
	seat := occupant[id]
	if seat < len(marks) && marks[seat] != "" {
		for _, r := range marks[seat] {
			return r
		}
	}
	return rune('a' + seat%26)
}

// PictureIn draws the assembled board as plain text for a terminal, its
// key in language l: 109 columns wide, or below WidePictureCols columns
// (cols; 0 means wide) the narrow picture, 79 columns wide, with the key
// wrapped to fit. Each intersection shows its short label (see Short); the
// captain's is wrapped in stars, e.g. "*HQ*". Alleys are lines with their
// segment count on them; a cross-seam alley shows its count where it
// crosses the seam, and a dark alley shows its count where it meets the #
// frame of the board. An alley holding pirates is drawn with its
// occupant's mark: occupant gives, per alley ID, the seat holding it or -1
// (occupant may be nil), and marks gives each seat's mark, e.g. "G" for
// gold. Each section's corner shows its number and, for a turned section,
// where its top edge points, e.g. "[5e]". A short key follows the picture.
func (b *Board) PictureIn(occupant []int, marks []string, captain, cols int, l locale.Lang) string {
	var out strings.Builder
	b.writePicture(&out, occupant, marks, captain, cols, l)
	return out.String()
}

// writePicture writes PictureIn's picture to out.
func (b *Board) writePicture(out *strings.Builder, occupant []int, marks []string, captain, cols int, l locale.Lang) {
	z := widePicture
	if cols > 0 && cols < WidePictureCols {
		z = narrowPicture
	}
	// The drawing of the board, its labels and its counts depends only on
	// the board, the size and the captain: it is drawn once (pictures.get)
	// and the alleys holding pirates are drawn over it in their marks.
	t, lines := pictures.get(b, z, captain)
	out.Grow(len(t.cells) + z.rows() + 600)
	// The drawing's labels are symbols, the same in every language, that
	// the key explains in l: under the catalog check they are marked as
	// the catalog's.
	mark := func(s string) {
		if locale.Checking {
			out.WriteString(s)
		}
	}
	mark(locale.Open)
	if lines != nil && t.writeASCII(out, lines, occupant, marks) {
		mark(locale.Close)
		out.WriteString(pictureKey(b, occupant, marks, captain, z.cols(), l))
		return
	}
	// The first picture of a drawing (for show, the only one) is written
	// cell by cell: listing its alleys' cells would cost more than it
	// saves. So is a picture with marks that are not all ASCII.
	t.drawMarked(out, b, occupant, marks)
	mark(locale.Close)
	out.WriteString(pictureKey(b, occupant, marks, captain, z.cols(), l))
}

// template is the picture of one board at one size with one captain, its
// alleys drawn in their plain line characters: every cell's character,
// row after row, and the ID of the alley whose line the cell shows (-1
// for the frame, the grid, a label, a section number or a count). An alley
// holding pirates is drawn over it in its occupant's mark, on exactly the
// cells its line shows.
type template struct {
	z     picSize
	cells []byte
	alley []int16
	// lines lists, per alley ID, the cells that show its line; it is made
	// when the template is used a second time (index), and read and
	// written only under the templates' lock.
	lines [][]int32
}

// writeASCII writes the picture of t to out with the occupied alleys,
// whose cells are lines, in their occupants' marks, and reports true; it
// writes nothing and reports false when a mark is not ASCII.
func (t *template) writeASCII(out *strings.Builder, lines [][]int32, occupant []int, marks []string) bool {
	cells := slices.Clone(t.cells)
	for id, line := range lines {
		if m := markOf(id, occupant, marks); m >= utf8.RuneSelf {
			return false
		} else if m != 0 {
			for _, c := range line {
				cells[c] = byte(m)
			}
		}
	}
	cols := t.z.cols()
	for r := range t.z.rows() {
		out.Write(bytes.TrimRight(cells[r*cols:(r+1)*cols], " "))
		out.WriteByte('\n')
	}
	return true
}

// drawMarked writes the picture of t to out with the occupied alleys in
// their occupants' marks, cell by cell.
func (t *template) drawMarked(out *strings.Builder, b *Board, occupant []int, marks []string) {
	mark := make([]rune, len(b.Alleys))
	for id := range mark {
		mark[id] = markOf(id, occupant, marks)
	}
	ascii := true
	for _, m := range mark {
		ascii = ascii && m < utf8.RuneSelf
	}
	cols := t.z.cols()
	row := make([]byte, 0, cols*utf8.UTFMax)
	for r := range t.z.rows() {
		cells, alley := t.cells[r*cols:(r+1)*cols], t.alley[r*cols:(r+1)*cols]
		if ascii {
			// Marks take one byte: the row's characters, marked in place.
			row = append(row[:0], cells...)
			for c, a := range alley {
				if a >= 0 && mark[a] != 0 {
					row[c] = byte(mark[a])
				}
			}
		} else {
			row = row[:0]
			for c, a := range alley {
				if a >= 0 && mark[a] != 0 {
					row = utf8.AppendRune(row, mark[a])
				} else {
					row = append(row, cells[c])
				}
			}
		}
		out.Write(bytes.TrimRight(row, " "))
		out.WriteByte('\n')
	}
}

// base is what the templates of one board and size share, whoever the
// captain: the frame, the grid, the section numbers of the wide picture
// and the alleys' lines, with each alley's path and the cell of the path
// its count prefers.
type base struct {
	cv     *canvas
	paths  [][]cell
	prefer []int
}

// drawBase draws the base of board b at size z.
func drawBase(b *Board, z picSize) *base {
	cv := newCanvas(z)
	// The frame is #; a row between sections is dotted (every other
	// column) with + at the corners; a section's side is : on every other
	// row.
	cols, rows := z.cols(), z.rows()
	for r := range rows {
		row := cv.cells[r*cols : (r+1)*cols]
		switch {
		case r == 0 || r == rows-1:
			for c := range row {
				row[c] = '#'
			}
			continue
		case r%z.h == 0:
			for c := range row {
				row[c] = " ."[1-c%2]
			}
			for c := 0; c < cols; c += z.w {
				row[c] = '+'
			}
		default:
			for c := range row {
				row[c] = ' '
			}
			if r%2 == 0 {
				for c := 0; c < cols; c += z.w {
					row[c] = ':'
				}
			}
		}
		row[0], row[cols-1] = '#', '#'
	}
	if z == widePicture {
		cv.tags(b, false)
	}
	// Draw every alley as a line: straight inside a section, bent at the
	// border point for one that crosses a seam or leaves the board.
	paths := make([][]cell, len(b.Alleys))
	prefer := make([]int, len(b.Alleys))
	// Every path is a piece of one list; seg is the line being drawn.
	all := make([]cell, 0, 16*len(b.Alleys))
	var seg []cell
	for _, a := range b.Alleys {
		from := b.Intersections[a.A]
		var pt [3]cell
		pts := append(pt[:0], z.at(from.X, from.Y))
		if a.Crosses {
			pts = append(pts, z.at(a.CrossX, a.CrossY))
		}
		if !a.Dark && a.B >= 0 && a.B < len(b.Intersections) {
			to := b.Intersections[a.B]
			pts = append(pts, z.at(to.X, to.Y))
		}
		start := len(all)
		for i := 1; i < len(pts); i++ {
			var ch byte
			seg, ch = line(seg[:0], pts[i-1], pts[i])
			if i > 1 {
				seg = seg[1:]
			}
			for _, k := range seg {
				if z.inside(k) && (!z.onFrame(k) || a.Dark) {
					cv.cells[cv.at(k)] = ch
					cv.alley[cv.at(k)] = int16(a.ID)
				}
			}
			if i == 1 && a.Crosses {
				prefer[a.ID] = len(all) - start + len(seg) - 1
			}
			all = append(all, seg...)
		}
		if !a.Crosses {
			prefer[a.ID] = (len(all) - start) / 2
		}
		paths[a.ID] = all[start:len(all):len(all)]
	}
	return &base{cv: cv, paths: paths, prefer: prefer}
}

// drawTemplate draws the template of board b from its base at that size,
// with the captain on intersection captain: the labels over the lines
// (the captain's starred), the narrow picture's section numbers, then the
// counts clear of both. It draws on a copy of the base when the base is
// kept for other captains (keep), else on the base itself.
func drawTemplate(b *Board, bs *base, captain int, keep bool) *template {
	cv := bs.cv
	if keep {
		cv = cv.clone()
	}
	z := cv.z
	for _, in := range b.Intersections {
		text := in.Short()
		if in.ID == captain {
			text = "*" + text + "*"
		}
		k := z.at(in.X, in.Y)
		start := min(max(k.c-(len(text)-1)/2, 1), z.cols()-1-len(text))
		cv.write(k.r, start, text, true)
	}
	if z == narrowPicture {
		// Alleys and labels run closer to the corners here: the section
		// numbers are written over the alleys, clear of the labels.
		cv.tags(b, true)
	}
	for _, a := range b.Alleys {
		cv.placeCount(bs.paths[a.ID], bs.prefer[a.ID], a.Segments)
	}
	return &template{z: z, cells: cv.cells, alley: cv.alley}
}

// index lists each alley's cells (lines) of a template of a board of
// alleys alleys; the caller holds the templates' lock.
func (t *template) index(alleys int) {
	t.lines = make([][]int32, alleys)
	// Each alley's cells, in one list: counted, then placed.
	n := make([]int, alleys+1)
	for _, a := range t.alley {
		if a >= 0 {
			n[a+1]++
		}
	}
	for id := range alleys {
		n[id+1] += n[id]
	}
	cells := make([]int32, n[alleys])
	for id := range alleys {
		t.lines[id] = cells[n[id]:n[id]:n[id+1]]
	}
	for c, a := range t.alley {
		if a >= 0 {
			t.lines[a] = append(t.lines[a], int32(c))
		}
	}
}

// tags writes each section's number in its top left corner; with free
// set, on the first row down from there whose cells (and the one after)
// hold no label.
func (cv *canvas) tags(b *Board, free bool) {
	pictureW, pictureH := cv.z.w, cv.z.h
	for cell, p := range b.Layout {
		turn := ""
		if p.Turn > 0 && p.Turn < 4 {
			turn = "nesw"[p.Turn : p.Turn+1]
		}
		tag := "[" + strconv.Itoa(p.Section) + turn + "]"
		r, c := cell/3*pictureH+1, cell%3*pictureW+2
		for free && r < (cell/3+1)*pictureH-1 && cv.labelAt(r, c, len(tag)+1) {
			r++
		}
		cv.write(r, c, tag, true)
	}
}

// pictures keeps the templates of the boards drawn last: a game draws
// its board after many answers, and the captain stands on few
// intersections.
var pictures templates

// templates is a cache of templates for the last few boards, each checked
// against a copy of the board it was drawn from, so that a board changed
// since is drawn again. It is safe for concurrent use (the web pages draw
// from several goroutines).
type templates struct {
	mu     sync.Mutex
	boards []*boardTemplates // the most recently used first
}

// boardTemplates are the templates of one board,
// with a copy of what they were made from.
type boardTemplates struct {
	board         *Board
	layout        Layout
	intersections []Intersection
	alleys        []Alley
	// bases has a size once a template of that size is drawn: nil while
	// one captain's alone is (it was drawn on the base itself), the base
	// once another captain's is.
	bases map[picSize]*base
	drawn map[templateKey]*template
}

type templateKey struct {
	z       picSize
	captain int
}

// keptBoards is how many boards' templates are kept.
const keptBoards = 4

// get returns the template of board b at size z with the given captain,
// drawn now if it is not kept, and its alleys' cells (nil the first time:
// a process that draws one picture, such as show, never lists them).
//
// The first template of a size is drawn on its base, which is then not
// kept; a second captain's draws the base again, keeps it and draws on a
// copy: show draws one base and no copy, a game draws one more base.
func (ts *templates) get(b *Board, z picSize, captain int) (*template, [][]int32) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	bt := ts.board(b)
	k := templateKey{z, captain}
	if t := bt.drawn[k]; t != nil {
		if t.lines == nil {
			t.index(len(b.Alleys))
		}
		return t, t.lines
	}
	bs, drawn := bt.bases[z]
	if bs == nil && drawn {
		bs = drawBase(b, z)
		bt.bases[z] = bs
	}
	var t *template
	if bs == nil {
		t = drawTemplate(b, drawBase(b, z), captain, false)
		bt.bases[z] = nil
	} else {
		t = drawTemplate(b, bs, captain, true)
	}
	bt.drawn[k] = t
	return t, nil
}

// board returns what is kept of board b, made the most recently used;
// the caller holds ts.mu.
func (ts *templates) board(b *Board) *boardTemplates {
	i := slices.IndexFunc(ts.boards, func(bt *boardTemplates) bool { return bt.board == b })
	if i >= 0 && !ts.boards[i].same(b) {
		ts.boards = slices.Delete(ts.boards, i, i+1)
		i = -1
	}
	if i < 0 {
		bt := &boardTemplates{board: b, layout: b.Layout, intersections: slices.Clone(b.Intersections),
			alleys: slices.Clone(b.Alleys), bases: map[picSize]*base{}, drawn: map[templateKey]*template{}}
		if len(ts.boards) == keptBoards {
			ts.boards = ts.boards[:keptBoards-1]
		}
		ts.boards = slices.Insert(ts.boards, 0, bt)
		return bt
	}
	bt := ts.boards[i]
	copy(ts.boards[1:i+1], ts.boards[:i])
	ts.boards[0] = bt
	return bt
}

// same reports whether b still holds what the templates were drawn from.
func (bt *boardTemplates) same(b *Board) bool {
	return bt.layout == b.Layout && slices.Equal(bt.intersections, b.Intersections) && slices.Equal(bt.alleys, b.Alleys)
}

// labelAt reports whether any of the n cells from row r, column c holds
// a label.
func (cv *canvas) labelAt(r, c, n int) bool {
	for i := range n {
		if k := (cell{r: r, c: c + i}); cv.z.inside(k) && cv.label[cv.at(k)] {
			return true
		}
	}
	return false
}

// write puts text, which is ASCII, on the canvas from row r, column c.
func (cv *canvas) write(r, c int, text string, isLabel bool) {
	for i := range len(text) {
		k := cell{r: r, c: c + i}
		if cv.z.inside(k) {
			j := cv.at(k)
			cv.cells[j] = text[i]
			cv.alley[j] = -1
			cv.label[j] = cv.label[j] || isLabel
		}
	}
}

// placeCount writes an alley's segment count on its path, as near the
// preferred cell as it can without covering a label or another count.
func (cv *canvas) placeCount(path []cell, prefer, segments int) {
	digit := byte('?')
	if segments >= 0 && segments <= 9 {
		digit = byte('0' + segments)
	}
	for d := 0; d < 2*len(path); d++ {
		i := prefer + d/2
		if d%2 == 1 {
			i = prefer - (d+1)/2
		}
		if i < 0 || i >= len(path) {
			continue
		}
		k := path[i]
		if cv.z.inside(k) && !cv.label[cv.at(k)] && !cv.count[cv.at(k)] {
			cv.cells[cv.at(k)] = digit
			cv.alley[cv.at(k)] = -1
			cv.count[cv.at(k)] = true
			return
		}
	}
}

// pictureKey explains the picture's symbols, in lines of at most cols
// characters (the wide picture's key is written for WidePictureCols, the
// narrow one's for narrowPicture's width), in language l.
func pictureKey(b *Board, occupant []int, marks []string, captain, cols int, l locale.Lang) string {
	narrow := cols < WidePictureCols
	// fit ends a line that names a place or players, wrapped to the
	// narrow width.
	fit := func(line string) string {
		if narrow {
			line = strings.Join(safetext.Wrap(line, cols-1, ""), "\n")
		}
		return line + "\n"
	}
	digitKey, symbolKey := "pirates.picture.digits", "pirates.picture.symbols"
	if narrow {
		digitKey, symbolKey = "pirates.picture.digits.narrow", "pirates.picture.symbols.narrow"
	}
	var k strings.Builder
	if captain >= 0 && captain < len(b.Intersections) {
		in := &b.Intersections[captain]
		m := in.Msg()
		k.WriteString(fit(l.Sprintf("pirates.picture.captain", in.Short(), m.In(l))))
	}
	k.WriteString(l.Get(digitKey))
	used := map[rune]bool{}
	var shown []string
	for id := range b.Alleys {
		if m := markOf(id, occupant, marks); m != 0 && !used[m] {
			used[m] = true
			shown = append(shown, string(m))
		}
	}
	if len(shown) > 0 {
		k.WriteString(fit(l.Sprintf("pirates.picture.marks", strings.Join(shown, ", "))))
	}
	k.WriteString(l.Get(symbolKey))
	return k.String()
}

// darkSide describes where a dark alley leaves the board, e.g. "north, left".
func darkSide(a Alley) string {
	// first is the left or top exit of the two on a section's side.
	first := func(v float64) bool { return v-math.Floor(v) < 0.5 }
	switch {
	case a.CrossY == 0 && first(a.CrossX):
		return "north, left"
	case a.CrossY == 0:
		return "north, right"
	case a.CrossX == 3 && first(a.CrossY):
		return "east, top"
	case a.CrossX == 3:
		return "east, bottom"
	case a.CrossY == 3 && first(a.CrossX):
		return "south, left"
	case a.CrossY == 3:
		return "south, right"
	case first(a.CrossY):
		return "west, top"
	default:
		return "west, bottom"
	}
}

// AlleyList lists every alley in two columns: its ID, its two ends (a dark
// alley names the board side it leaves by), its segment count, and the
// occupant's mark for an alley holding pirates (see Picture).
func (b *Board) AlleyList(occupant []int, marks []string) string {
	entries := make([]string, len(b.Alleys))
	for _, a := range b.Alleys {
		ends := b.Intersections[a.A].Name + " - "
		if a.Dark {
			ends += "dark (" + darkSide(a) + ")"
		} else {
			ends += b.Intersections[a.B].Name
		}
		mark := ""
		if m := markOf(a.ID, occupant, marks); m != 0 {
			mark = string(m)
		}
		entries[a.ID] = fmt.Sprintf("%2d  %-36s %d %-1s", a.ID, ends, a.Segments, mark)
	}
	var out strings.Builder
	out.WriteString("Alleys: number, ends, segments, and the mark of the player whose pirates fill it.\n")
	half := (len(entries) + 1) / 2
	for i := range half {
		line := entries[i]
		if i+half < len(entries) {
			line += "    " + entries[i+half]
		}
		out.WriteString(strings.TrimRight(line, " "))
		out.WriteByte('\n')
	}
	return out.String()
}
