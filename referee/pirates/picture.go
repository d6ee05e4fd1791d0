package pirates

import (
	"fmt"
	"math"
	"strings"
)

// The picture draws each board section as a box of w columns by h rows;
// a terminal character is about twice as tall as wide. The wide picture
// is 109 columns; the narrow one, for a terminal of fewer columns, fits
// 80.
type picSize struct{ w, h int }

var (
	widePicture   = picSize{w: 36, h: 12}
	narrowPicture = picSize{w: 26, h: 9}
)

// cols and rows are the size of the framed board.
func (z picSize) cols() int { return 3*z.w + 1 }
func (z picSize) rows() int { return 3*z.h + 1 }

// WidePictureCols is how many columns the wide board picture takes: a
// narrower terminal gets the narrow one (see PictureFor).
const WidePictureCols = 109

// Short returns the intersection's label for the board picture, at most
// five characters, e.g. "Coin3", "HQ", "Pir5", "MapR2", "Swan".
func (in Intersection) Short() string {
	switch in.Kind {
	case Coin:
		return fmt.Sprintf("Coin%d", in.Section)
	case Headquarters:
		return "HQ"
	case Recruit:
		return fmt.Sprintf("Pir%d", in.Section)
	case RumBarrel:
		return fmt.Sprintf("Rum%d", in.Section)
	case Rendezvous:
		return fmt.Sprintf("Rdv%d", in.Section)
	case PirateSupply:
		return fmt.Sprintf("Sup%d", in.Section)
	case Guard:
		return fmt.Sprintf("Grd%d", in.Section)
	case TreasureChest:
		return fmt.Sprintf("Chst%d", in.Section)
	case MapRose:
		return fmt.Sprintf("MapR%d", in.Section)
	case MapGreen:
		return fmt.Sprintf("MapG%d", in.Section)
	case MapYellow:
		return fmt.Sprintf("MapY%d", in.Section)
	case PubSwan:
		return "Swan"
	case PubEsCruce:
		return "Cruce"
	case PubFrereJacques:
		return "Frere"
	}
	return fmt.Sprintf("?%d", in.ID)
}

// canvas is a grid of characters the picture is drawn on.
type canvas struct {
	z     picSize
	cells [][]rune
	label [][]bool // an intersection label is here
	count [][]bool // a segment count is here
}

func newCanvas(z picSize) *canvas {
	cv := &canvas{z: z, cells: make([][]rune, z.rows()), label: make([][]bool, z.rows()), count: make([][]bool, z.rows())}
	for r := range cv.cells {
		cv.cells[r] = make([]rune, z.cols())
		cv.label[r] = make([]bool, z.cols())
		cv.count[r] = make([]bool, z.cols())
	}
	return cv
}

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

// line lists the cells from p to q, both included, and the character that
// draws a line of that slope.
func line(p, q cell) ([]cell, rune) {
	dr, dc := q.r-p.r, q.c-p.c
	steps := max(abs(dr), abs(dc))
	out := make([]cell, 0, steps+1)
	for i := 0; i <= steps; i++ {
		t := 0.0
		if steps > 0 {
			t = float64(i) / float64(steps)
		}
		out = append(out, cell{r: p.r + int(math.Round(t*float64(dr))), c: p.c + int(math.Round(t*float64(dc)))})
	}
	// A row is about two columns tall: compare slopes as they look.
	h, v := math.Abs(float64(dc)), math.Abs(float64(2*dr))
	ch := '/'
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

// Picture draws the assembled board as plain text for a terminal, 109
// columns wide. Each intersection shows its short label (see Short); the
// captain's is wrapped in stars, e.g. "*HQ*". Alleys are lines with their
// segment count on them; a cross-seam alley shows its count where it
// crosses the seam, and a dark alley shows its count where it meets the #
// frame of the board. An alley holding pirates is drawn with its
// occupant's mark: occupant gives, per alley ID, the seat holding it or -1
// (occupant may be nil), and marks gives each seat's mark, e.g. "G" for
// gold. Each section's corner shows its number and, for a turned section,
// where its top edge points, e.g. "[5e]". A short key follows the picture.
func (b *Board) Picture(occupant []int, marks []string, captain int) string {
	return b.PictureFor(occupant, marks, captain, 0)
}

// PictureFor is Picture for a terminal of cols columns: below
// WidePictureCols it draws the narrow picture, 79 columns wide, with the
// key wrapped to fit (0 means wide).
func (b *Board) PictureFor(occupant []int, marks []string, captain, cols int) string {
	z := widePicture
	if cols > 0 && cols < WidePictureCols {
		z = narrowPicture
	}
	cv := newCanvas(z)
	pictureW, pictureH := z.w, z.h
	for r := range cv.cells {
		for c := range cv.cells[r] {
			switch {
			case r == 0 || r == z.rows()-1 || c == 0 || c == z.cols()-1:
				cv.cells[r][c] = '#'
			case r%pictureH == 0 && c%pictureW == 0:
				cv.cells[r][c] = '+'
			case r%pictureH == 0 && c%2 == 0:
				cv.cells[r][c] = '.'
			case c%pictureW == 0 && r%2 == 0:
				cv.cells[r][c] = ':'
			default:
				cv.cells[r][c] = ' '
			}
		}
	}
	// tags writes each section's number in its top left corner; with
	// free set, on the first row down from there whose cells (and the
	// one after) hold no label.
	tags := func(free bool) {
		for cell, p := range b.Layout {
			tag := fmt.Sprintf("[%d]", p.Section)
			if p.Turn > 0 && p.Turn < 4 {
				tag = fmt.Sprintf("[%d%c]", p.Section, "nesw"[p.Turn])
			}
			r, c := cell/3*pictureH+1, cell%3*pictureW+2
			for free && r < (cell/3+1)*pictureH-1 && cv.labelAt(r, c, len(tag)+1) {
				r++
			}
			cv.write(r, c, tag, true)
		}
	}
	if z == widePicture {
		tags(false)
	}
	// Draw every alley as a line: straight inside a section, bent at the
	// border point for one that crosses a seam or leaves the board.
	paths := make([][]cell, len(b.Alleys))
	prefer := make([]int, len(b.Alleys))
	for _, a := range b.Alleys {
		from := b.Intersections[a.A]
		pts := []cell{z.at(from.X, from.Y)}
		if a.Crosses {
			pts = append(pts, z.at(a.CrossX, a.CrossY))
		}
		if !a.Dark && a.B >= 0 && a.B < len(b.Intersections) {
			to := b.Intersections[a.B]
			pts = append(pts, z.at(to.X, to.Y))
		}
		mark := markOf(a.ID, occupant, marks)
		var path []cell
		for i := 1; i < len(pts); i++ {
			seg, ch := line(pts[i-1], pts[i])
			if i > 1 {
				seg = seg[1:]
			}
			if mark != 0 {
				ch = mark
			}
			for _, k := range seg {
				if z.inside(k) && (!z.onFrame(k) || a.Dark) {
					cv.cells[k.r][k.c] = ch
				}
			}
			if i == 1 && a.Crosses {
				prefer[a.ID] = len(path) + len(seg) - 1
			}
			path = append(path, seg...)
		}
		if !a.Crosses {
			prefer[a.ID] = len(path) / 2
		}
		paths[a.ID] = path
	}
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
		tags(true)
	}
	for _, a := range b.Alleys {
		cv.placeCount(paths[a.ID], prefer[a.ID], a.Segments)
	}
	var out strings.Builder
	for r := range cv.cells {
		out.WriteString(strings.TrimRight(string(cv.cells[r][:]), " "))
		out.WriteByte('\n')
	}
	out.WriteString(pictureKey(b, occupant, marks, captain, z.cols()))
	return out.String()
}

// labelAt reports whether any of the n cells from row r, column c holds
// a label.
func (cv *canvas) labelAt(r, c, n int) bool {
	for i := range n {
		if k := (cell{r: r, c: c + i}); cv.z.inside(k) && cv.label[k.r][k.c] {
			return true
		}
	}
	return false
}

// write puts text on the canvas from row r, column c.
func (cv *canvas) write(r, c int, text string, isLabel bool) {
	for i, ch := range []rune(text) {
		k := cell{r: r, c: c + i}
		if cv.z.inside(k) {
			cv.cells[k.r][k.c] = ch
			cv.label[k.r][k.c] = cv.label[k.r][k.c] || isLabel
		}
	}
}

// placeCount writes an alley's segment count on its path, as near the
// preferred cell as it can without covering a label or another count.
func (cv *canvas) placeCount(path []cell, prefer, segments int) {
	digit := '?'
	if segments >= 0 && segments <= 9 {
		digit = rune('0' + segments)
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
		if cv.z.inside(k) && !cv.label[k.r][k.c] && !cv.count[k.r][k.c] {
			cv.cells[k.r][k.c] = digit
			cv.count[k.r][k.c] = true
			return
		}
	}
}

// pictureKey explains the picture's symbols, in lines of at most cols
// characters.
func pictureKey(b *Board, occupant []int, marks []string, captain, cols int) string {
	var k strings.Builder
	if captain >= 0 && captain < len(b.Intersections) {
		fmt.Fprintf(&k, "The captain stands on *%s* (%s).\n", b.Intersections[captain].Short(), b.Intersections[captain].Name)
	}
	k.WriteString("A digit on a line counts that alley's segments; on the # frame it is a dark alley.\n")
	used := map[rune]bool{}
	var shown []string
	for id := range b.Alleys {
		if m := markOf(id, occupant, marks); m != 0 && !used[m] {
			used[m] = true
			shown = append(shown, string(m))
		}
	}
	if len(shown) > 0 {
		fmt.Fprintf(&k, "An alley drawn in letters holds that player's pirates (%s).\n", strings.Join(shown, ", "))
	}
	k.WriteString("[5e] = section 5 with its top edge pointing east (n, e, s, w).  Pir = Pirate, Rdv = Rendezvous,\n")
	k.WriteString("Sup = Supply, Grd = Guard, Chst = Chest, MapR/MapG/MapY = map rose/green/yellow, Swan/Cruce/Frere = pubs.\n")
	if cols >= WidePictureCols {
		return k.String()
	}
	return wrapWords(strings.ReplaceAll(strings.ReplaceAll(k.String(), ",\nSup", ", Sup"), ".  Pir", ".\nPir"), cols-1)
}

// wrapWords wraps each line of s at a space so that none is longer than
// n characters.
func wrapWords(s string, n int) string {
	var out strings.Builder
	for _, line := range strings.SplitAfter(s, "\n") {
		nl := strings.HasSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\n")
		for len(line) > n {
			cut := strings.LastIndexByte(line[:n+1], ' ')
			if cut <= 0 {
				cut = n
			}
			out.WriteString(line[:cut])
			out.WriteByte('\n')
			line = strings.TrimLeft(line[cut:], " ")
		}
		out.WriteString(line)
		if nl {
			out.WriteByte('\n')
		}
	}
	return out.String()
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
