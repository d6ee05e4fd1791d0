package locale

import (
	"fmt"
	"strconv"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// digits is a whole number as rumref writes it in every language: its
// digits alone. x/text's printer groups the digits of a number given to
// %d (12,345 in English, 12.345 in German), and rumref's numbers are
// seeds, ports, answer numbers, lines and sizes people type back. It
// still chooses a plural form by its value.
type digits int64

// plainNumbers is args with every whole number as digits; args itself
// when it holds none.
func plainNumbers(args []any) []any {
	var out []any
	for i, a := range args {
		var n int64
		switch v := a.(type) {
		case int:
			n = int64(v)
		case int8:
			n = int64(v)
		case int16:
			n = int64(v)
		case int32:
			n = int64(v)
		case int64:
			n = v
		case uint:
			n = int64(v)
		case uint8:
			n = int64(v)
		case uint16:
			n = int64(v)
		case uint32:
			n = int64(v)
		case uint64:
			n = int64(v)
		default:
			continue
		}
		if out == nil {
			out = append([]any(nil), args...)
		}
		out[i] = digits(n)
	}
	if out == nil {
		return args
	}
	return out
}

// Format writes the number as fmt writes an int64 with the same verb,
// flags, width and precision (never grouped).
func (n digits) Format(f fmt.State, verb rune) {
	if verb == 'd' || verb == 'v' {
		if _, ok := f.Width(); !ok {
			if _, ok := f.Precision(); !ok && !f.Flag('+') {
				f.Write(strconv.AppendInt(nil, int64(n), 10))
				return
			}
		}
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), int64(n))
}

// PluralForm is the number's plural form in language t (plural.Interface).
func (n digits) PluralForm(t language.Tag, scale int) (plural.Form, int) {
	v := int64(n)
	if v < 0 {
		v = -v
	}
	return plural.Cardinal.MatchPlural(t, int(v%10000000), 0, 0, 0, 0), int(n)
}
