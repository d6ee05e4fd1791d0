package catalogcheck

import (
	"regexp"
	"sort"
	"strings"
	"unicode"

	"rumref/locale"
)

// English finds catalog texts in English where another language is read:
// a message rendered for the wrong reader is inside the marks, so Scan
// does not see it. Each message a viewer read is taken without the
// messages nested in it (Own); when that is an English text of the
// catalog that no text of the viewer's language is, it is reported. A
// text with arguments is matched as its format: %s, %q and %v as any
// text, %d as a number.
type English struct {
	plain   map[string]string
	formats []englishFormat
}

// englishFormat is an English format with arguments as a pattern: lit
// is its longest run of words, which a text must hold to match.
type englishFormat struct {
	key, lit string
	re       *regexp.Regexp
}

// NewEnglish reads every catalog (of the packages linked in) and knows
// the English texts and formats that no text of lang is.
func NewEnglish(lang locale.Lang) (*English, error) {
	for _, l := range []locale.Lang{locale.English, lang} {
		if err := locale.Load(l); err != nil {
			return nil, err
		}
	}
	texts := func(l locale.Lang, key string) []string {
		v, _ := locale.Raw(l, key)
		out := []string{v}
		for _, f := range locale.Forms(l, key) {
			out = append(out, f)
		}
		return out
	}
	other := map[string]bool{}
	var others []string
	for _, k := range locale.Keys(lang) {
		for _, v := range texts(lang, k) {
			if !other[v] {
				other[v] = true
				others = append(others, v)
			}
		}
	}
	e := &English{plain: map[string]string{}}
	keys := locale.Keys(locale.English)
	sort.Strings(keys)
	for _, k := range keys {
		for _, v := range texts(locale.English, k) {
			if other[v] || v == "" {
				continue
			}
			if !strings.Contains(v, "%") {
				if hasWord(v) {
					e.plain[v] = k
				}
				continue
			}
			re, lit := formatPattern(v)
			if re == nil {
				continue
			}
			// A format a text of lang also matches is no sign of English
			// ("%s (%s)", a name the two languages share).
			shared := false
			for _, o := range others {
				if strings.Contains(o, lit) && re.MatchString(unverb(o)) {
					shared = true
					break
				}
			}
			if !shared {
				e.formats = append(e.formats, englishFormat{key: k, lit: lit, re: re})
			}
		}
	}
	return e, nil
}

// hasWord reports whether s holds a word of two letters or more.
func hasWord(s string) bool {
	for _, w := range words(s) {
		if len([]rune(w)) > 1 {
			return true
		}
	}
	return false
}

// unverb is a format of the other language read as a text: its verbs as
// a placeholder any pattern's argument matches.
func unverb(f string) string { return verb.ReplaceAllString(f, "1") }

// formatPattern is the pattern of a format with arguments, and its longest
// literal run (nil when no run holds a word: the format says nothing of
// its own).
func formatPattern(f string) (*regexp.Regexp, string) {
	var b strings.Builder
	b.WriteString(`(?s)^`)
	lit := ""
	last := 0
	add := func(s string) {
		b.WriteString(regexp.QuoteMeta(s))
		if hasWord(s) && len(s) > len(lit) {
			lit = s
		}
	}
	for _, m := range verb.FindAllStringIndex(f, -1) {
		add(f[last:m[0]])
		v := f[m[0]:m[1]]
		switch v[len(v)-1] {
		case '%':
			b.WriteString(`%`)
		case 'd':
			b.WriteString(`-?[0-9]+`)
		default:
			b.WriteString(`.*?`)
		}
		last = m[1]
	}
	add(f[last:])
	b.WriteString(`$`)
	if lit == "" {
		return nil, ""
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, ""
	}
	return re, lit
}

// Find is the key of the English text own is (a message's own text,
// Own), or "".
func (e *English) Find(own string) string {
	own = strings.ReplaceAll(own, "\x00", "")
	if k, ok := e.plain[own]; ok {
		return k
	}
	if !hasWord(own) {
		return ""
	}
	for _, f := range e.formats {
		if strings.Contains(own, f.lit) && f.re.MatchString(own) {
			return f.key
		}
	}
	return ""
}

// Own are the texts of the catalog's messages in s, each without the
// messages nested in it (a NUL where one was), their spaces as written.
func Own(s string) []string {
	var out []string
	var open []*strings.Builder
	for _, r := range s {
		switch string(r) {
		case locale.Open:
			if len(open) > 0 {
				open[len(open)-1].WriteByte(0)
			}
			open = append(open, &strings.Builder{})
		case locale.Close:
			if len(open) > 0 {
				out = append(out, open[len(open)-1].String())
				open = open[:len(open)-1]
			}
		default:
			if len(open) > 0 {
				open[len(open)-1].WriteRune(r)
			}
		}
	}
	return out
}

// ScanEnglish reads text as the viewer where read it and reports each
// message in it whose own text is English (Find) as a finding of kind
// InEnglish, the key as its Key.
func (s *Scanner) ScanEnglish(e *English, where, text string) {
	for _, own := range Own(text) {
		if key := e.Find(own); key != "" {
			t := strings.TrimFunc(strings.ReplaceAll(own, "\x00", "…"), unicode.IsSpace)
			s.add(Finding{Kind: InEnglish, Key: key, Text: t, Where: where, Line: lineAt(text, max(0, strings.Index(text, strings.SplitN(own, "\x00", 2)[0])))})
		}
	}
}
