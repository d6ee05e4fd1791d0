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
// the board picture's key. The package imports nothing of rumref, so every
// layer may use it.
package safetext

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

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

// describe names a bad character in words for an error message.
func describe(r rune) string {
	switch r {
	case '\n', '\r':
		return "a line break"
	case '\t':
		return "a tab"
	case 0x1b:
		return "an escape character (U+001B)"
	case utf8.RuneError:
		return "bytes that are not UTF-8 text"
	}
	switch {
	case r == 0x200e || r == 0x200f || r == 0x061c || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
		return fmt.Sprintf("a text-direction mark (U+%04X)", r)
	case r >= 0x200b && r <= 0x200d || r == 0x2060 || r == 0xfeff:
		return fmt.Sprintf("an invisible zero-width character (U+%04X)", r)
	case unicode.IsControl(r):
		return fmt.Sprintf("a control character (U+%04X)", r)
	}
	return fmt.Sprintf("an invisible formatting character (U+%04X)", r)
}

// Find names in words the first character of s that Bad reports ("a line
// break", "a text-direction mark (U+202E)"), or returns "" if there is none.
func Find(s string) string {
	if i, r := firstBad(s, false); i >= 0 {
		return describe(r)
	}
	return ""
}

// Check refuses text that holds a character Bad reports, naming the first
// one in words.
func Check(s string) error {
	if d := Find(s); d != "" {
		return fmt.Errorf("it holds %s; use only letters, digits, spaces and punctuation", d)
	}
	return nil
}

// Line checks one line of outside text such as a card name: no bad
// character, not empty or only spaces, not longer than max characters.
// what names the text in the error ("the card name").
func Line(what, s string, max int) error {
	if err := Check(s); err != nil {
		return fmt.Errorf("%s %s", what, strings.TrimPrefix(err.Error(), "it "))
	}
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("%s is empty", what)
	}
	if n := utf8.RuneCountInString(s); n > max {
		return fmt.Errorf("%s is %d characters long; keep it to %d", what, n, max)
	}
	return nil
}

// Name checks a player's name as typed or read and returns it without the
// spaces around it. The checks come before the trimming, so a tab, a line
// break or an escape sequence anywhere is refused, never trimmed away. The
// name must hold at least one character and at most MaxName characters.
func Name(raw string) (string, error) {
	if err := Check(raw); err != nil {
		return "", fmt.Errorf("the name %s", strings.TrimPrefix(err.Error(), "it "))
	}
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", fmt.Errorf("the name is empty: type a name")
	}
	if n := utf8.RuneCountInString(s); n > MaxName {
		return "", fmt.Errorf("the name is %d characters long; keep it to %d", n, MaxName)
	}
	return s, nil
}

// NewName is Name for a player of a new game: it also refuses the names
// that would make setup or play ambiguous. "the table" is who answers
// what no player owns; "random" is the start question's answer; a name of
// digits only reads as a seat or option number (--start 2); "undo" and
// anything starting with ":" read as commands. Letter case does not
// matter. Saves keep what an older rumref accepted (CheckName).
func NewName(raw string) (string, error) {
	s, err := Name(raw)
	if err != nil {
		return "", err
	}
	if why := reserved(s); why != "" {
		return "", fmt.Errorf("the name %q %s: choose another name (any name but the table, random, undo, digits only or one starting with a colon)", Clean(s), why)
	}
	return s, nil
}

// reserved says why a name (already trimmed) would be ambiguous, or "".
func reserved(s string) string {
	switch l := strings.ToLower(s); {
	case l == "the table":
		return "is how rumref speaks of everyone at once"
	case l == "random":
		return "is the answer that draws the starting player at random"
	case l == "undo":
		return "is the command that takes back an answer"
	case strings.HasPrefix(l, ":"):
		return "starts with a colon, as commands do"
	case strings.Trim(l, "0123456789") == "":
		return "is only digits, which read as a seat or option number"
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
		return fmt.Errorf("the name %q has spaces around it", Clean(s))
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
					return fmt.Errorf("two players are called %s: give each a different name", Clean(a))
				}
				return fmt.Errorf("%s and %s differ only in letter case: give each player a different name", Clean(b), Clean(a))
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
