package setup

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
)

// maxSpecLen caps a hand-typed layout spec.
const maxSpecLen = 200

// specError is a refusal of a layout spec: what is wrong (a message of
// the catalog), then what a spec looks like (setup.layout.help).
func specError(key string, args ...referee.Arg) error {
	return referee.Errorf("setup.layout.refused", referee.Sub(referee.Text("setup."+key, args...)))
}

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
		return l, specError("spec.long", referee.Int(len(spec)))
	}
	if strings.TrimSpace(spec) == "" {
		return l, specError("spec.empty")
	}
	var cells []pirates.Placement
	if strings.Contains(spec, "/") {
		rows := strings.Split(spec, "/")
		if len(rows) != 3 {
			return l, specError("spec.rows", referee.Int(len(rows)))
		}
		for i, row := range rows {
			got, err := parseCells(row)
			if err != nil {
				return l, err
			}
			if len(got) != 3 {
				if len(got) > 3 && joined(row) {
					return l, specError("spec.row.joined", referee.Int(i+1), referee.Int(len(got)))
				}
				return l, specError("spec.row", referee.Int(i+1), referee.Int(len(got)))
			}
			cells = append(cells, got...)
		}
	} else {
		got, err := parseCells(spec)
		if err != nil {
			return l, err
		}
		if len(got) != 9 {
			return l, specError("spec.sections", referee.Int(len(got)))
		}
		cells = got
	}
	copy(l[:], cells)
	if err := CheckLayout(l); err != nil {
		return pirates.Layout{}, referee.Wrap(err, "setup.layout.refused")
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
				return nil, specError("spec.letter", referee.Str(string(c)))
			}
			out[len(out)-1].Turn = strings.IndexByte(turnLetters, lower(c))
		case c == '0':
			if j := digitsBefore(s, i); j < i {
				return nil, specError("spec.number", referee.Str(s[j:i+1]))
			}
			return nil, specError("spec.zero")
		case c >= 0x20 && c < 0x7f:
			return nil, specError("spec.char", referee.Str(string(c)))
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, specError("spec.char", referee.Str(string(r)))
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

// turnPhrase explains a quarter-turn count in words, in lang.
func turnPhrase(t int, lang locale.Lang) string {
	if t < 0 || t > 3 {
		return lang.Sprintf("setup.turn.impossible", t)
	}
	return lang.Sprintf(fmt.Sprintf("setup.turn.%d", t))
}

// BuildInstructionsIn tells a group how to lay the sections out for a
// layout, in lang: a 3x3 grid of section numbers with their turn letter,
// then one line per cell in words.
func BuildInstructionsIn(l pirates.Layout, lang locale.Lang) string {
	var b strings.Builder
	b.WriteString(lang.Get("setup.build.intro"))
	b.WriteString("\n\n")
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
	width := 0
	for i := range l {
		width = max(width, utf8.RuneCountInString(locale.Unmark(lang.Get(fmt.Sprintf("setup.cell.%d", i)))))
	}
	for i, p := range l {
		name := lang.Get(fmt.Sprintf("setup.cell.%d", i))
		pad := strings.Repeat(" ", max(0, width-utf8.RuneCountInString(locale.Unmark(name))))
		fmt.Fprintf(&b, "  %s%s %s\n", name, pad, lang.Sprintf("setup.build.cell", p.Section, turnPhrase(p.Turn, lang)))
	}
	b.WriteString("\n")
	b.WriteString(lang.Sprintf("setup.build.again", FormatLayout(l)))
	b.WriteString("\n")
	return b.String()
}
