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

// plainVerbs is the number of verbs of a text that takes only %s, %d, %v
// and %q (and writes %%), -1 for another.
func plainVerbs(f string) int {
	n := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		if i+1 == len(f) {
			return -1
		}
		i++
		switch f[i] {
		case 's', 'd', 'v', 'q':
			n++
		case '%':
		default:
			return -1
		}
	}
	return n
}

// plainPrintf writes f with args as x/text's printer writes them, for a
// text whose verbs plainVerbs counts and arguments that are strings or
// whole numbers (numbers as digits alone): that printer takes several
// times as long. It reports false, having written part of it, for an
// argument of another kind or a verb that does not fit it.
func plainPrintf(b []byte, f string, args []any) ([]byte, bool) {
	next := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b = append(b, f[i])
			continue
		}
		i++
		verb := f[i]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		a := args[next]
		next++
		if s, ok := a.(string); ok {
			switch verb {
			case 's', 'v':
				b = append(b, s...)
			case 'q':
				b = strconv.AppendQuote(b, s)
			default:
				return b, false
			}
			continue
		}
		if verb != 'd' && verb != 'v' {
			return b, false
		}
		switch v := a.(type) {
		case int:
			b = strconv.AppendInt(b, int64(v), 10)
		case int64:
			b = strconv.AppendInt(b, v, 10)
		case int32:
			b = strconv.AppendInt(b, int64(v), 10)
		case uint:
			b = strconv.AppendUint(b, uint64(v), 10)
		case uint64:
			b = strconv.AppendUint(b, v, 10)
		default:
			return b, false
		}
	}
	return b, true
}
