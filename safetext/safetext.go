// Package safetext keeps text that came from outside rumref (player names
// from flags, prompts, saves and score sheets; card names and texts from
// card files; lines typed at a prompt) from doing anything but being read.
//
// A terminal obeys control characters: an escape sequence in a name could
// retitle the terminal, clear it or write the clipboard; a newline prints a
// fake line; a right-to-left override turns the rest of a line around.
// Names and card data are therefore checked where they are decoded (Name,
// Unique, Line), and every printer runs text from outside through Clean.
//
// It also holds the one line wrapper (Wrap, wrap.go), which measures text
// as a screen shows it, escape codes taking no room: the terminal's and
// the board picture's key. The package imports nothing of rumref but the
// message catalog (locale), so every layer may use it.
package safetext

import (
	"bytes"
	"embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"rumref/locale"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("safetext", messages)

// Error is a refusal of safetext in words of the catalog: a key and its
// arguments (strings, numbers, or a nested *Error), rendered in the
// language where it is shown (In); Error() is English.
type Error struct {
	Key  string
	Args []any
}

func newError(key string, args ...any) error { return &Error{Key: "safetext." + key, Args: args} }

func (e *Error) Error() string { return locale.Unmark(e.In(locale.English)) }

// In is the refusal in language l.
func (e *Error) In(l locale.Lang) string {
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		if n, ok := a.(*Error); ok {
			a = n.In(l)
		}
		args[i] = a
	}
	return l.Sprintf(e.Key, args...)
}

// MaxName is the longest player name, in characters (not bytes): a
// nine-character Japanese name is nine characters.
const MaxName = 24

// MaxCardName is the longest card name, in characters.
const MaxCardName = 40

// MaxCardText is the longest card text, in characters.
const MaxCardText = 600

// Bad reports whether a character must never be printed as it is: a
// control character (C0, DEL, C1, including newline and tab), a format
// character (the bidirectional marks and overrides such as U+200E, U+200F
// and U+202E, zero-width spaces and joiners, the byte-order mark, soft
// hyphens, tag characters), a line or paragraph separator, or the
// replacement character that stands for bytes that are not UTF-8.
func Bad(r rune) bool {
	if r < 0x20 || r == 0x7f {
		return true
	}
	if r < 0x7f {
		return false
	}
	return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Zl, r) ||
		unicode.Is(unicode.Zp, r) || r == utf8.RuneError
}

// firstBad returns the byte offset and the rune (utf8.RuneError for a byte
// that is not UTF-8) of the first bad character of s, or -1; with lines,
// line breaks ('\n') are not bad.
func firstBad(s string, lines bool) (int, rune) {
	for i := 0; i < len(s); {
		if c := s[i]; c >= 0x20 && c < 0x7f || lines && c == '\n' {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if Bad(r) {
			return i, r
		}
		i += size
	}
	return -1, 0
}

// describe names a bad character in words for an error message: a key
// of the catalog, and the character's code point where the words show it.
func describe(r rune) (key, code string) {
	switch r {
	case '\n', '\r':
		return "safetext.char.line_break", ""
	case '\t':
		return "safetext.char.tab", ""
	case 0x1b:
		return "safetext.char.escape", ""
	case utf8.RuneError:
		return "safetext.char.not_utf8", ""
	}
	code = fmt.Sprintf("U+%04X", r)
	switch {
	case r == 0x200e || r == 0x200f || r == 0x061c || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
		return "safetext.char.direction", code
	case r >= 0x200b && r <= 0x200d || r == 0x2060 || r == 0xfeff:
		return "safetext.char.zero_width", code
	case unicode.IsControl(r):
		return "safetext.char.control", code
	}
	return "safetext.char.format", code
}

// Find names in words the first character of s that Bad reports ("a line
// break", "a text-direction mark (U+202E)"), or returns "" if there is none.
func Find(s string) string {
	if key, code := FindKey(s); key != "" {
		return locale.Unmark(charError(key, code).In(locale.English))
	}
	return ""
}

// FindKey is Find as a catalog key and the code point its words show
// ("" when they show none); key is "" when s has no bad character.
func FindKey(s string) (key, code string) {
	if i, r := firstBad(s, false); i >= 0 {
		return describe(r)
	}
	return "", ""
}

// charError is the description of a bad character as a nested message.
func charError(key, code string) *Error {
	if code == "" {
		return &Error{Key: key}
	}
	return &Error{Key: key, Args: []any{code}}
}

// found is the description of s's first bad character, or nil.
func found(s string) *Error {
	if key, code := FindKey(s); key != "" {
		return charError(key, code)
	}
	return nil
}

// Check refuses text that holds a character Bad reports, naming the first
// one in words.
func Check(s string) error {
	if d := found(s); d != nil {
		return newError("check.holds", d)
	}
	return nil
}

// Line checks one line of outside text such as a card name: no bad
// character, not empty or only spaces, not longer than max characters.
// what names the text in the error ("the card name"; a catalog key is
// rendered in the error's language).
func Line(what, s string, max int) error {
	w := any(what)
	if locale.English.Has(what) {
		w = &Error{Key: what}
	}
	if d := found(s); d != nil {
		return newError("line.holds", w, d)
	}
	if strings.TrimSpace(s) == "" {
		return newError("line.empty", w)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return newError("line.long", w, n, max)
	}
	return nil
}

// Name checks a player's name as typed or read and returns it without the
// spaces around it. The checks come before the trimming, so a tab, a line
// break or an escape sequence anywhere is refused, never trimmed away. The
// name must hold at least one character and at most MaxName characters.
func Name(raw string) (string, error) {
	if d := found(raw); d != nil {
		return "", newError("name.holds", d)
	}
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", newError("name.empty")
	}
	if n := utf8.RuneCountInString(s); n > MaxName {
		return "", newError("name.long", n, MaxName)
	}
	return s, nil
}

// NewName is Name for a player of a new game: it also refuses the names
// that would make setup or play ambiguous, in either language a game may
// be played in (a save does not depend on the language): "the table" and
// "der Tisch" are who answers what no player owns; "random" is the start
// question's answer; a name of digits only reads as a seat or option
// number (--start 2); the undo command's words (UndoWords) and anything
// starting with ":" read as commands. Letter case does not matter. Saves
// keep what an older rumref accepted (CheckName).
func NewName(raw string) (string, error) {
	s, err := Name(raw)
	if err != nil {
		return "", err
	}
	if why := reserved(s); why != "" {
		return "", newError("name.reserved", Clean(s), &Error{Key: why})
	}
	return s, nil
}

// UndoWords are the words of the undo command in every language, as
// typed (lower case, with and without umlauts): a player of that name
// typed at a setup question would take an answer back instead.
var UndoWords = []string{"undo", "zurück", "zurueck", "rückgängig", "rueckgaengig"}

// reserved says why a name (already trimmed) would be ambiguous (a
// catalog key), or "".
func reserved(s string) string {
	switch l := strings.ToLower(s); {
	case l == "the table" || l == "der tisch":
		return "safetext.reserved.table"
	case l == "random":
		return "safetext.reserved.random"
	case slices.Contains(UndoWords, l):
		return "safetext.reserved.undo"
	case strings.HasPrefix(l, ":"):
		return "safetext.reserved.colon"
	case strings.Trim(l, "0123456789") == "":
		return "safetext.reserved.digits"
	}
	return ""
}

// CheckName reports whether a name read from a file is acceptable as it
// is: Name accepts it and it has no spaces around it.
func CheckName(s string) error {
	t, err := Name(s)
	if err != nil {
		return err
	}
	if t != s {
		return newError("name.spaces", Clean(s))
	}
	return nil
}

// Unique refuses two names that differ only in letter case ("Ann" and
// "ann" would be the same player to everyone at the table).
func Unique(names []string) error {
	for i, a := range names {
		for _, b := range names[:i] {
			if strings.EqualFold(a, b) {
				if a == b {
					return newError("unique.same", Clean(a))
				}
				return newError("unique.case", Clean(b), Clean(a))
			}
		}
	}
	return nil
}

// Clean returns s with every character Bad reports replaced by a visible
// escape in Go's notation (\n, \t, \x1b, \u202e, \xff for a byte that is
// not UTF-8), so the text can be printed on any terminal and reads the
// same everywhere. Text without such characters is returned as it is.
//
// One pair of format characters is kept: the isolate marks U+2068 and
// U+2069 that the message catalog's check (package locale) wraps every
// message in, where they pair up (a U+2069 closes the last U+2068 still
// open): the check reads them in what a viewer receives, and an isolate
// only keeps the direction of what it holds from spilling over. A mark
// that does not pair up is escaped as every other one is.
func Clean(s string) string { return clean(s, false) }

// CleanLines is Clean for text of several lines that rumref put together
// itself (a status, an error message): line breaks stay, every other bad
// character is escaped.
func CleanLines(s string) string { return clean(s, true) }

func clean(s string, lines bool) string {
	// Nearly every text it is given has nothing to escape: as it is.
	i, _ := firstBad(s, lines)
	if i < 0 {
		return s
	}
	kept := pairedMarks([]byte(s[i:]), i)
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '\n' && lines || kept[i]:
			b.WriteString(s[i : i+size])
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80 && Bad(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case Bad(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// The catalog check's isolate marks (locale.Open and locale.Close).
const (
	markOpen  = "\u2068"
	markClose = "\u2069"
)

// pairedMarks is where the isolate marks of b that pair up begin, as
// offsets from base (nil when there are none).
func pairedMarks(b []byte, base int) map[int]bool {
	var kept map[int]bool
	var open []int
	for i := 0; i < len(b); {
		switch {
		case bytes.HasPrefix(b[i:], []byte(markOpen)):
			open = append(open, i)
		case bytes.HasPrefix(b[i:], []byte(markClose)) && len(open) > 0:
			if kept == nil {
				kept = map[int]bool{}
			}
			kept[base+open[len(open)-1]], kept[base+i] = true, true
			open = open[:len(open)-1]
		}
		_, size := utf8.DecodeRune(b[i:])
		i += size
	}
	return kept
}

// CleanJSON returns encoded JSON with every string value cleaned as
// CleanLines cleans text: encoding/json escapes control characters
// (\u001b) but a program that prints the decoded string would still send
// them to a terminal, and it leaves format characters such as U+202E
// as they are. Each such character becomes the visible escape Clean
// writes (the decoded string reads \x1b or \u202e); line breaks stay.
// b must be valid JSON as encoding/json writes it.
func CleanJSON(b []byte) []byte {
	if !slices.ContainsFunc(b, func(c byte) bool { return c == '\\' || c >= 0x7f }) {
		return b
	}
	out := make([]byte, 0, len(b)+16)
	in := false
	var kept map[int]bool // the paired marks of the string read
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '"':
			in = !in
			if in {
				kept = pairedMarks(b[i:stringEnd(b, i)], i)
			}
			out = append(out, c)
			i++
		case in && c == '\\' && i+1 < len(b):
			e := b[i+1]
			r, n := rune(-1), 2
			switch e {
			case 't':
				r = '\t'
			case 'r':
				r = '\r'
			case 'b':
				r = '\b'
			case 'f':
				r = '\f'
			case 'u':
				if i+6 <= len(b) {
					if v, err := strconv.ParseUint(string(b[i+2:i+6]), 16, 32); err == nil {
						r, n = rune(v), 6
					}
				}
			}
			if r >= 0 && r != '\n' && Bad(r) {
				out = append(out, '\\', '\\')
				out = append(out, Clean(string(r))[1:]...)
			} else {
				out = append(out, b[i:i+n]...)
			}
			i += n
		case in && c == 0x7f:
			out = append(out, `\\x7f`...)
			i++
		case in && c >= 0x80:
			r, size := utf8.DecodeRune(b[i:])
			if Bad(r) && !kept[i] {
				out = append(out, '\\', '\\')
				out = append(out, fmt.Sprintf("u%04x", r)...)
			} else {
				out = append(out, b[i:i+size]...)
			}
			i += size
		default:
			out = append(out, c)
			i++
		}
	}
	return out
}

// stringEnd is the offset of the quote that ends the JSON string whose
// opening quote is at b[i].
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(b)
}
