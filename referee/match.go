package referee

import (
	"strings"
	"unicode"

	"rumref/locale"
)

// Options named as people say them
//
// A choice's option may be answered by its label as it is printed and as
// people say it, not only by its key: "the swan 3", "Swan 3", "swan3",
// "es cruce 2", "escruce 2", "Frère 5" all name the tile The Swan 3 ...
// Frere Jacques 5 (key "frere-5"). Both the answer and the option's
// label and key are read as words: letters and digits only, lower case,
// accents dropped, the article "the" left out. The answer names an option
// when its words, run together, are the option's ("escruce2"), or when
// each of its words begins a word of the option, in order, and its
// numbers are the option's numbers ("frere 5" is "Frere Jacques 5"; "swan"
// alone names none of The Swan 2 ... 5). When no option is named so but
// the answer's words begin the words of only one option ("keep" for
// "Keep the 4"), it names that one. A whole name said beats one whose
// words it only begins ("rest" is Rest, not Rest 3). An answer that names several options
// is refused with the names it could be.

// words are the words of s as matching reads them.
func words(s string) []string {
	var out []string
	var cur []rune
	digit := false
	flush := func() {
		if len(cur) > 0 {
			if w := string(cur); w != "the" {
				out = append(out, w)
			}
			cur = cur[:0]
		}
	}
	for _, r := range strings.ToLower(s) {
		r = foldAccent(r)
		switch {
		case r >= '0' && r <= '9':
			if !digit {
				flush()
			}
			digit = true
			cur = append(cur, r)
		case unicode.IsLetter(r):
			if digit {
				flush()
			}
			digit = false
			cur = append(cur, r)
		default:
			flush()
		}
	}
	flush()
	return out
}

// accents maps the accented letters a label or a typed name may hold to
// their base letter (the standard library has no Unicode decomposition,
// and the games' names need only these).
var accents = map[rune]rune{}

func init() {
	for base, list := range map[rune]string{
		'a': "àáâãäåāăą", 'c': "çćĉċč", 'e': "èéêëēĕėęě", 'i': "ìíîïĩīĭįı", 'n': "ñńņňŉ",
		'o': "òóôõöøōŏő", 'u': "ùúûüũūŭůűų", 'y': "ýÿŷ", 's': "śŝşš", 'z': "źżž", 'g': "ĝğġģ", 'l': "ĺļľŀł", 'r': "ŕŗř", 'd': "ďđ", 't': "ţťŧ",
	} {
		for _, r := range list {
			accents[r] = base
		}
	}
}

func foldAccent(r rune) rune {
	if r < 0x80 {
		return r
	}
	if b, ok := accents[r]; ok {
		return b
	}
	return r
}

func isNumberWord(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

// cover reports whether the typed words begin words of name in order
// (a number only as the same number), and whether every number of name
// was among them.
func cover(typed, name []string) (ok, numbers bool) {
	j := 0
	matched := make([]bool, len(name))
	for _, t := range typed {
		for j < len(name) && !wordFits(t, name[j]) {
			j++
		}
		if j == len(name) {
			return false, false
		}
		matched[j] = true
		j++
	}
	for i, w := range name {
		if isNumberWord(w) && !matched[i] {
			return true, false
		}
	}
	return true, true
}

func wordFits(t, w string) bool {
	if isNumberWord(t) || isNumberWord(w) {
		return strings.TrimLeft(t, "0") == strings.TrimLeft(w, "0")
	}
	return strings.HasPrefix(w, t)
}

// matchOption finds the options of a choice that s names by label or key
// as people say them (see above): one index when s names one option,
// several when it could be any of them, none when it names none.
func (q *Question) matchOption(s string) []int {
	typed := words(s)
	if len(typed) == 0 {
		return nil
	}
	joined := strings.Join(typed, "")
	var exact, full, part []int
	for i, o := range q.Options {
		e, f, p := false, false, false
		names := []string{q.name(i), o.Key}
		if i < len(q.labels) && !q.labels[i].IsZero() {
			// A label in any language names the option ("Kneipe" and
			// "pub").
			for _, l := range locale.All {
				names = append(names, locale.Unmark(q.labels[i].In(l)))
			}
		}
		for _, name := range names {
			w := words(name)
			if strings.Join(w, "") == joined {
				e = true
			}
			ok, numbers := cover(typed, w)
			f = f || ok && numbers
			p = p || ok
		}
		switch {
		case e:
			exact = append(exact, i)
		case f:
			full = append(full, i)
		case p:
			part = append(part, i)
		}
	}
	switch {
	case len(exact) > 0:
		return exact
	case len(full) > 0:
		return full
	}
	return part
}

// notOne is the refusal of an answer that names no option, or several.
func (q *Question) notOne(s string, which []int) error {
	if len(which) < 2 {
		return Errorf("referee.refused.no_choice", Str(s), Sub(q.AllowedMsg()))
	}
	var names []string
	var said []Msg
	same := false
	for _, i := range which {
		n := q.name(i)
		for _, m := range names {
			same = same || m == n
		}
		if len(names) < 6 {
			names = append(names, n)
			said = append(said, q.nameMsg(i))
		}
	}
	var more Msg
	if len(which) > len(names) {
		more = Text("referee.could.more", Int(len(which)))
	}
	var how Msg
	if same || !q.Numbered() {
		how = Text("referee.could.number")
		if !q.Numbered() {
			how = Text("referee.could.allowed", Sub(q.AllowedMsg()))
		}
	} else {
		how = Text("referee.could.say_more_or_number")
	}
	return Errorf("referee.refused.could_be", Str(s), List(said, ", ", " or "), Sub(more), Sub(how))
}

// name is how option i is named to people: its label, or its key when
// it has none.
func (q *Question) name(i int) string {
	if l := q.Options[i].Label; l != "" {
		return l
	}
	if len(q.labels) > i && !q.labels[i].IsZero() {
		return q.labels[i].String()
	}
	return q.Options[i].Key
}

// nameMsg is how option i is named to people, as a message (its label
// in the viewer's language).
func (q *Question) nameMsg(i int) Msg {
	if len(q.labels) > i && !q.labels[i].IsZero() {
		return q.labels[i]
	}
	return Text(q.name(i))
}
