package prompts

import (
	"strings"

	"github.com/fatih/color"

	"rumref/locale"
	"rumref/referee"
)

// palette colors text for meaning only: whose turn it is, errors, secrets
// and quiet detail such as rule IDs. Every colored piece of text also says
// what it means in words, so nothing is lost without color. The zero
// palette (color off) returns text unchanged.
//
// It also holds the language of the words the terminal draws itself (a
// list's hints, a prompt's label): say.
type palette struct {
	on     bool
	pieces *pieces
	lang   locale.Lang
}

// say is the catalog's message prompts.KEY in the palette's language.
func (p palette) say(key string, args ...any) string {
	return p.lang.Sprintf("prompts."+key, args...)
}

func (p palette) paint(s string, attrs ...color.Attribute) string {
	if !p.on || s == "" {
		return s
	}
	c := color.New(attrs...)
	c.EnableColor() // the caller already decided; ignore the global guess
	return c.Sprint(s)
}

// turn marks whose turn it is (the actor's name).
func (p palette) turn(s string) string { return p.paint(s, color.FgCyan, color.Bold) }

// bad marks an error or a rejected answer.
func (p palette) bad(s string) string { return p.paint(s, color.FgRed, color.Bold) }

// secret marks pass-the-laptop screens and private text.
func (p palette) secret(s string) string { return p.paint(s, color.FgMagenta, color.Bold) }

// quiet marks detail: rule IDs, hints.
func (p palette) quiet(s string) string { return p.paint(s, color.Faint) }

// good marks a confirmation: an answer taken, a game saved.
func (p palette) good(s string) string { return p.paint(s, color.FgGreen) }

// heading marks a section title such as the final status.
func (p palette) heading(s string) string { return p.paint(s, color.Bold) }

// pieces are the players' colors (see referee.Colored): their names and
// the marks of their pieces on the board picture are painted in them.
// Every copy of a session's palette shares them.
type pieces struct {
	names []string
	attrs [][]color.Attribute // per seat, as names
	marks map[rune][]color.Attribute
}

// pirateColor is how a pirate color is painted at a terminal: the nearest
// of the terminal's colors (black as black on white, so that it shows on a
// dark screen).
func pirateColor(name string) []color.Attribute {
	switch name {
	case "gold":
		return []color.Attribute{color.FgYellow, color.Bold}
	case "violet":
		return []color.Attribute{color.FgMagenta, color.Bold}
	case "blue":
		return []color.Attribute{color.FgHiBlue, color.Bold}
	case "silver":
		return []color.Attribute{color.FgWhite}
	case "black":
		return []color.Attribute{color.FgBlack, color.BgWhite}
	}
	return nil
}

// setPlayers records the players' names and colors (colors may be nil).
func (p palette) setPlayers(names []string, colors []referee.PlayerColor) {
	if p.pieces == nil || len(colors) != len(names) {
		return
	}
	p.pieces.names, p.pieces.attrs, p.pieces.marks = names, make([][]color.Attribute, len(names)), map[rune][]color.Attribute{}
	for i, c := range colors {
		p.pieces.attrs[i] = pirateColor(c.Name)
		if p.pieces.attrs[i] != nil && c.Mark != 0 {
			p.pieces.marks[c.Mark] = p.pieces.attrs[i]
		}
	}
}

// who marks the name of the one asked: a player in their color, anyone
// else (the table) as whose turn it is.
func (p palette) who(name string) string {
	if p.pieces != nil {
		for i, n := range p.pieces.names {
			if p.pieces.attrs[i] != nil && strings.EqualFold(capital(n), name) {
				return p.paint(name, p.pieces.attrs[i]...)
			}
		}
	}
	return p.turn(name)
}

// names paints every player's name in text (as a whole word) in their
// color.
func (p palette) names(text string) string {
	if !p.on || p.pieces == nil || len(p.pieces.names) == 0 {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		if i == 0 || !wordByte(text[i-1]) {
			if n, attrs := p.nameAt(text[i:]); n > 0 {
				b.WriteString(p.paint(text[i:i+n], attrs...))
				i += n
				continue
			}
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
}

// nameAt is the length of the longest colored player's name that text
// opens with as a whole word, and its color.
func (p palette) nameAt(text string) (int, []color.Attribute) {
	best, attrs := 0, []color.Attribute(nil)
	for i, n := range p.pieces.names {
		if n == "" || p.pieces.attrs[i] == nil || len(n) <= best || !strings.HasPrefix(text, n) {
			continue
		}
		if len(text) > len(n) && wordByte(text[len(n)]) {
			continue
		}
		best, attrs = len(n), p.pieces.attrs[i]
	}
	return best, attrs
}

func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// board paints a board picture's pieces: each player's mark (a letter
// that stands alone or in a run of itself, as an alley holding their
// pirates is drawn, and not inside a label such as Grd7 or MapG5) in
// their color, and the captain's starred label (*HQ*) in reverse video.
// Escape codes already in text are kept as they are.
func (p palette) board(text string) string {
	if !p.on || p.pieces == nil || len(p.pieces.marks) == 0 {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == 0x1b { // an escape sequence: copied up to its final letter
			j := i + 1
			for j < len(text) && !(text[j] >= 0x40 && text[j] <= 0x7e && text[j] != '[') {
				j++
			}
			j = min(j+1, len(text))
			b.WriteString(text[i:j])
			i = j - 1
			continue
		}
		if c == '*' {
			if j := strings.IndexByte(text[i+1:], '*'); j > 0 && label(text[i+1:i+1+j]) {
				b.WriteString(p.paint(text[i:i+j+2], color.ReverseVideo, color.Bold))
				i += j + 1
				continue
			}
		}
		if attrs, ok := p.pieces.marks[rune(c)]; ok && markAt(text, i) {
			n := 1
			for i+n < len(text) && text[i+n] == c && markAt(text, i+n) {
				n++
			}
			b.WriteString(p.paint(text[i:i+n], attrs...))
			i += n - 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// markAt reports whether the letter at i of text is a piece's mark: the
// letter before it is none or the same (an alley's count may stand next to
// it), and the one after is no lower-case letter (as in Grd7 or Swan).
func markAt(text string, i int) bool {
	if p := text[i-min(i, 1)]; i > 0 && p != text[i] && letter(p) {
		return false
	}
	if i+1 < len(text) && text[i+1] >= 'a' && text[i+1] <= 'z' {
		return false
	}
	return true
}

func letter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 }

// label reports whether s is an intersection's short label (letters and
// digits only).
func label(s string) bool {
	for i := 0; i < len(s); i++ {
		if !wordByte(s[i]) || s[i] >= 0x80 {
			return false
		}
	}
	return s != ""
}
