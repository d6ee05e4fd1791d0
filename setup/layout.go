package setup

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"rumref/referee/pirates"
)

// maxSpecLen caps a hand-typed layout spec.
const maxSpecLen = 200

// specHelp says what a layout spec looks like; it ends every parse error.
const specHelp = `write three rows of section numbers like "1 2 3 / 4 5e 6 / 7 8 9", ` +
	`each of 1-9 once, with n, e, s or w after a number for where that section's top edge points`

// turnLetters gives, per quarter-turn clockwise, the compass point the
// section's top edge then faces.
const turnLetters = "nesw"

// FixedLayout is the default board: sections 1-9 in reading order, none
// turned. Tests and worked examples use it.
func FixedLayout() pirates.Layout {
	var l pirates.Layout
	for i := range l {
		l[i] = pirates.Placement{Section: i + 1}
	}
	return l
}

// RandomLayout deals the nine sections into the grid in a random order,
// each turned a random number of quarter-turns, every arrangement equally
// likely. The same seed gives the same layout.
func RandomLayout(seed int64) pirates.Layout {
	r := rand.New(rand.NewPCG(uint64(seed), 0x5275_6d26_5069_7261))
	var l pirates.Layout
	for i, s := range r.Perm(9) {
		l[i] = pirates.Placement{Section: s + 1, Turn: r.IntN(4)}
	}
	return l
}

// ParseLayout reads a board a group built by hand, typed as a short spec.
//
// The grammar: three rows, top row first, separated by "/"; in each row
// three cells, left to right. A cell is a section number 1-9, optionally
// followed by a letter n, e, s or w saying which way the section's top edge
// (the edge above its coin number when the number reads upright) points:
// n or nothing means unturned, e is a quarter-turn clockwise, s a half
// turn, w a quarter-turn anticlockwise. Spaces and commas between cells are
// optional; letters may be upper or lower case. Without any "/", the spec
// must hold all nine cells in reading order. Examples: "1 2 3 / 4 5 6 / 7 8 9",
// "3e 1 7 / 9s 5 2w / 4 8 6n", "123/456/789". Each section must appear
// exactly once.
func ParseLayout(spec string) (pirates.Layout, error) {
	var l pirates.Layout
	if len(spec) > maxSpecLen {
		return l, fmt.Errorf("the board spec is %d characters long; %s", len(spec), specHelp)
	}
	if strings.TrimSpace(spec) == "" {
		return l, fmt.Errorf("the board spec is empty; %s", specHelp)
	}
	var cells []pirates.Placement
	if strings.Contains(spec, "/") {
		rows := strings.Split(spec, "/")
		if len(rows) != 3 {
			return l, fmt.Errorf("the board spec has %d rows; %s", len(rows), specHelp)
		}
		for i, row := range rows {
			got, err := parseCells(row)
			if err != nil {
				return l, err
			}
			if len(got) != 3 {
				hint := ""
				if len(got) > 3 && joined(row) {
					hint = " (digits written together are separate sections: 12 is sections 1 and 2)"
				}
				return l, fmt.Errorf("row %d has %d sections, not 3%s; %s", i+1, len(got), hint, specHelp)
			}
			cells = append(cells, got...)
		}
	} else {
		got, err := parseCells(spec)
		if err != nil {
			return l, err
		}
		if len(got) != 9 {
			return l, fmt.Errorf("the board spec has %d sections, not 9; %s", len(got), specHelp)
		}
		cells = got
	}
	copy(l[:], cells)
	if err := CheckLayout(l); err != nil {
		return pirates.Layout{}, fmt.Errorf("%w; %s", err, specHelp)
	}
	return l, nil
}

// joined reports whether a row holds two digits side by side.
func joined(row string) bool {
	for i := 1; i < len(row); i++ {
		if row[i-1] >= '0' && row[i-1] <= '9' && row[i] >= '0' && row[i] <= '9' {
			return true
		}
	}
	return false
}

// digitsBefore returns where the run of digits that ends just before s[i]
// starts (i when s[i-1] is not a digit).
func digitsBefore(s string, i int) int {
	j := i
	for j > 0 && s[j-1] >= '0' && s[j-1] <= '9' {
		j--
	}
	return j
}

// parseCells reads the cells of one row (or of the whole spec).
func parseCells(s string) ([]pirates.Placement, error) {
	var out []pirates.Placement
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == ',' || c == '\t':
		case c >= '1' && c <= '9':
			out = append(out, pirates.Placement{Section: int(c - '0')})
		case strings.IndexByte(turnLetters, lower(c)) >= 0:
			if i == 0 || s[i-1] < '1' || s[i-1] > '9' {
				return nil, fmt.Errorf("%q must come right after a section number; %s", string(c), specHelp)
			}
			out[len(out)-1].Turn = strings.IndexByte(turnLetters, lower(c))
		case c == '0':
			if j := digitsBefore(s, i); j < i {
				return nil, fmt.Errorf("%q is not a section number: the sections are numbered 1 to 9, one digit each "+
					"(digits written together, as in 123, are separate sections); %s", s[j:i+1], specHelp)
			}
			return nil, fmt.Errorf("there is no section 0: the sections are numbered 1 to 9; %s", specHelp)
		case c >= 0x20 && c < 0x7f:
			return nil, fmt.Errorf("%q is not allowed in a board spec; %s", string(c), specHelp)
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, fmt.Errorf("%q is not allowed in a board spec; %s", string(r), specHelp)
		}
	}
	return out, nil
}

// lower lower-cases an ASCII letter.
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// formatCell writes one placement as a spec cell, e.g. "5e".
func formatCell(p pirates.Placement) string {
	switch {
	case p.Turn == 0:
		return fmt.Sprint(p.Section)
	case p.Turn > 0 && p.Turn < 4:
		return fmt.Sprintf("%d%c", p.Section, turnLetters[p.Turn])
	default:
		return fmt.Sprintf("%d(turn %d)", p.Section, p.Turn)
	}
}

// FormatLayout writes a layout as a spec that ParseLayout reads back to the
// same layout, e.g. "1 2 3 / 4 5e 6 / 7 8 9". An invalid layout is written
// in the same shape but does not parse.
func FormatLayout(l pirates.Layout) string {
	rows := make([]string, 3)
	for r := range rows {
		cells := make([]string, 3)
		for c := range cells {
			cells[c] = formatCell(l[3*r+c])
		}
		rows[r] = strings.Join(cells, " ")
	}
	return strings.Join(rows, " / ")
}

// cellNames names the nine grid cells for people, in reading order.
var cellNames = [9]string{"Top left", "Top middle", "Top right",
	"Middle left", "Centre", "Middle right",
	"Bottom left", "Bottom middle", "Bottom right"}

// turnPhrase explains a quarter-turn count in words.
func turnPhrase(t int) string {
	switch t {
	case 0:
		return "not turned (its top edge points north)"
	case 1:
		return "turned 1/4 clockwise (its top edge points east)"
	case 2:
		return "turned half way round (its top edge points south)"
	case 3:
		return "turned 1/4 anticlockwise (its top edge points west)"
	default:
		return fmt.Sprintf("turned %d quarter-turns, which is not possible", t)
	}
}

// BuildInstructions tells a group how to lay the sections out for a layout:
// a 3x3 grid of section numbers with their turn letter, then one line per
// cell in words.
func BuildInstructions(l pirates.Layout) string {
	var b strings.Builder
	b.WriteString("Lay the nine board sections out like this, with north at the top.\n")
	b.WriteString("A section's top edge is the edge above its coin number when the number\n")
	b.WriteString("reads upright; a letter after a section number says where that edge points\n")
	b.WriteString("(e = east, s = south, w = west; no letter = north).\n\n")
	line := "    +------+------+------+\n"
	b.WriteString(line)
	for r := range 3 {
		b.WriteString("    |")
		for c := range 3 {
			fmt.Fprintf(&b, "  %-4s|", formatCell(l[3*r+c]))
		}
		b.WriteString("\n")
		b.WriteString(line)
	}
	b.WriteString("\n")
	for i, p := range l {
		fmt.Fprintf(&b, "  %-14s section %d, %s\n", cellNames[i]+":", p.Section, turnPhrase(p.Turn))
	}
	fmt.Fprintf(&b, "\nTo type this board again: %s\n", FormatLayout(l))
	return b.String()
}
