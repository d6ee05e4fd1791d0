// Package catalogcheck is the catalog-miss detector's scanner, for tests:
// it reads what a viewer received from a game played under the catalog
// check (RUMREF_LOCALE_CHECK=1, or locale.SetChecking in the test's
// process) and reports every text that did not come from the message
// catalog of the viewer's language.
//
// Under the check every catalog message is wrapped in locale.Open and
// locale.Close (U+2068, U+2069) and a key the language lacks is shown as
// ⟦MISSING key⟧. So a run of letters outside every pair of marks was
// written by Go code, not by the catalog (a hard-coded English text), and
// a ⟦MISSING⟧ is a key to add. The scanner is given the words that are
// user content (the player names the test chose, what it typed), which
// may stand outside the marks; every other word outside them is a
// finding, reported with its line.
package catalogcheck

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"rumref/locale"
)

// Kind is what a finding is.
type Kind uint8

const (
	// Unmarked is text with letters outside the catalog's marks: Go code
	// wrote it, not the catalog.
	Unmarked Kind = iota
	// Missing is a key the viewer's language lacks (⟦MISSING key⟧).
	Missing
	// Escaped is a mark written as the visible escape \u2068 or \u2069
	// (safetext.Clean escapes format characters): the viewer reads
	// backslashes and letters where the catalog's text began or ended.
	Escaped
	// InEnglish is a message in English where another language is read
	// (English.Find): its Key is the English text's key.
	InEnglish
)

func (k Kind) String() string {
	switch k {
	case Missing:
		return "missing"
	case Escaped:
		return "escaped mark"
	case InEnglish:
		return "English"
	}
	return "not from the catalog"
}

// Finding is one distinct text a viewer read that did not come from the
// catalog, with where it was first seen and how often.
type Finding struct {
	Kind Kind
	// Key is the missing key (Missing).
	Key string
	// Text is the letters outside the marks, from the first letter to the
	// last on their line (Unmarked), or the escape (Escaped).
	Text string
	// Where says what the viewer was (the test's label: "json de
	// pirates-3") and Line is the line it read, the marks shown as ‹ ›.
	Where, Line string
	// Count is how many times the same text was seen (numbers in it
	// count as one text: "3 barrels" and "4 barrels" are one finding).
	Count int
}

func (f Finding) String() string {
	what := f.Text
	if f.Kind == Missing {
		what = f.Key
	}
	if f.Kind == InEnglish {
		what = f.Key + ": " + f.Text
	}
	return fmt.Sprintf("%s: %q (%d×), first in %s: %s", f.Kind, what, f.Count, f.Where, f.Line)
}

// Scanner collects the findings of everything it is given.
type Scanner struct {
	allow    map[string]bool
	tolerate []*regexp.Regexp
	findings map[string]*Finding
	order    []string
	scanned  int
	marked   int
}

// New returns a scanner that tolerates nothing outside the marks but the
// words given to Allow and the patterns given to Tolerate.
func New() *Scanner {
	return &Scanner{allow: map[string]bool{}, findings: map[string]*Finding{}}
}

// Allow makes words of user content acceptable outside the marks: the
// player names the test chose, a line it typed that the terminal echoes.
// Each letter run of each text given is allowed on its own ("Ann:gold"
// allows Ann and gold), in any letter case.
func (s *Scanner) Allow(texts ...string) *Scanner {
	for _, t := range texts {
		for _, w := range words(t) {
			s.allow[strings.ToLower(w)] = true
		}
	}
	return s
}

// AllowTyped allows what a test typed at a terminal: each word of each
// line and each of its beginnings, since a terminal echoes a line key by
// key ("h", "he", "hel", "help" each stand on the screen once).
func (s *Scanner) AllowTyped(lines ...string) *Scanner {
	for _, l := range lines {
		for _, w := range words(l) {
			for i := range w {
				if i > 0 {
					s.allow[strings.ToLower(w[:i])] = true
				}
			}
			s.allow[strings.ToLower(w)] = true
		}
	}
	return s
}

// Tolerate makes every match of re acceptable outside the marks. Each
// use says in a comment why the text is no language (RuleID, URL).
func (s *Scanner) Tolerate(res ...*regexp.Regexp) *Scanner {
	s.tolerate = append(s.tolerate, res...)
	return s
}

// RuleID matches the rule IDs the front ends show beside a question or a
// ruling ("rp.pub.invite", "rr.raid.hazards"): stable identifiers, the
// same in every language, which a player types to look the rule up.
var RuleID = regexp.MustCompile(`\br[pr](?:\.[a-z0-9-]+)+\b`)

// OptionKey matches an option's key as plain mode and the terminal show
// it beside the option, for the player to type: a letter naming the kind
// of option and a number ("a4" an alley, "r1" a roll after rum, "i1" an
// island), the protocol's key, which stays the same in every language
// (docs/protocol.md). A key that is a word ("board", "end") is no such
// key: it is a word the player reads.
var OptionKey = regexp.MustCompile(`\b[a-z][0-9]+\b`)

// URL matches an address (a phone's join link, the play logger's link):
// no language.
var URL = regexp.MustCompile(`\bhttps?://[^\s‹›\x{2068}\x{2069}]+`)

// Names matches each of names as a whole, the longest first: proper
// names a front end shows as printed in every language, such as Rum
// Runner's card names (docs/german.md), which a page draws from the
// view's data. It matches nothing when names is empty.
func Names(names ...string) *regexp.Regexp {
	names = slices.Clone(names)
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) })
	quoted := make([]string, 0, len(names))
	for _, n := range names {
		if n != "" {
			quoted = append(quoted, regexp.QuoteMeta(n))
		}
	}
	if len(quoted) == 0 {
		return regexp.MustCompile(`\b\B`)
	}
	return regexp.MustCompile(`\b(?:` + strings.Join(quoted, "|") + `)\b`)
}

var missing = regexp.MustCompile(`⟦MISSING ([^⟧]*)⟧`)

// escapedMark is a mark escaped by safetext.Clean.
var escapedMark = regexp.MustCompile(`\\u206[89]`)

// Scan reads text as the viewer where read it (lines of a terminal, a
// JSON text field, a page's innerText).
func (s *Scanner) Scan(where, text string) {
	s.scanned++
	if strings.Contains(text, locale.Open) {
		s.marked++
	}
	for _, m := range missing.FindAllStringSubmatchIndex(text, -1) {
		s.add(Finding{Kind: Missing, Key: text[m[2]:m[3]], Where: where, Line: lineAt(text, m[0])})
	}
	for _, m := range escapedMark.FindAllStringIndex(text, -1) {
		s.add(Finding{Kind: Escaped, Text: text[m[0]:m[1]], Where: where, Line: lineAt(text, m[0])})
	}
	orig := text
	text = missing.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat(" ", len(m)) })
	text = escapedMark.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat(" ", len(m)) })
	for _, re := range s.tolerate {
		text = re.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat(" ", len(m)) })
	}
	s.scanOutside(where, orig, text)
}

// outside is a stretch of text outside every mark, on one line.
type outside struct {
	start, end int // byte offsets in the text
}

// scanOutside finds the stretches outside the marks that hold a word
// not allowed.
// text is orig with the missing keys and tolerated matches blanked.
func (s *Scanner) scanOutside(where, orig, text string) {
	depth := 0
	var pending []outside // stretches of this line outside the marks
	var cur *outside
	flush := func() {
		for _, o := range pending {
			s.check(where, orig, text, o)
		}
		pending = pending[:0]
	}
	closeCur := func(at int) {
		if cur != nil {
			cur.end = at
			pending = append(pending, *cur)
			cur = nil
		}
	}
	for i, r := range text {
		switch {
		case string(r) == locale.Open:
			closeCur(i)
			depth++
		case string(r) == locale.Close:
			closeCur(i)
			depth = max(depth-1, 0)
		case r == '\n':
			closeCur(i)
			flush()
		case depth == 0:
			if cur == nil {
				cur = &outside{start: i}
			}
		}
	}
	closeCur(len(text))
	flush()
}

// check reports the stretch o of text if it holds a word not allowed.
func (s *Scanner) check(where, orig, text string, o outside) {
	seg := text[o.start:o.end]
	bad := false
	for _, w := range words(seg) {
		if !s.allow[strings.ToLower(w)] {
			bad = true
			break
		}
	}
	if !bad {
		return
	}
	first := strings.IndexFunc(seg, unicode.IsLetter)
	last := strings.LastIndexFunc(seg, unicode.IsLetter)
	_, size := utf8.DecodeRuneInString(seg[last:])
	s.add(Finding{Kind: Unmarked, Text: strings.TrimSpace(seg[first : last+size]), Where: where, Line: lineAt(orig, o.start+first)})
}

// words are the runs of letters of s.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.Is(unicode.Mn, r) })
}

var digits = regexp.MustCompile(`[0-9]+`)

// fold is a finding's text with its numbers and allowed words (names)
// folded: "Ann has 3 barrels" and "Bo has 4 barrels" are one finding.
func (s *Scanner) fold(text string) string {
	text = digits.ReplaceAllString(text, "#")
	var b strings.Builder
	word := func(w string) {
		if s.allow[strings.ToLower(w)] {
			w = "·"
		}
		b.WriteString(w)
	}
	start := -1
	for i, r := range text {
		letter := unicode.IsLetter(r) || unicode.Is(unicode.Mn, r)
		switch {
		case letter && start < 0:
			start = i
		case !letter && start >= 0:
			word(text[start:i])
			start = -1
		}
		if !letter {
			b.WriteRune(r)
		}
	}
	if start >= 0 {
		word(text[start:])
	}
	return b.String()
}

func (s *Scanner) add(f Finding) {
	text := s.fold(f.Text)
	if f.Kind == InEnglish {
		text = "" // one finding a key
	}
	id := fmt.Sprint(f.Kind, "\x00", f.Key, "\x00", text)
	if old := s.findings[id]; old != nil {
		old.Count++
		return
	}
	f.Count = 1
	s.findings[id] = &f
	s.order = append(s.order, id)
}

// lineAt is the line of text around offset i, the marks shown as ‹ and ›
// and cut to 300 bytes around i.
func lineAt(text string, i int) string {
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		end = len(text)
	} else {
		end += i
	}
	if i-start > 150 {
		start = i - 150
		for start < i && !utf8.RuneStart(text[start]) {
			start++
		}
	}
	if end-i > 150 {
		end = i + 150
		for end > i && !utf8.RuneStart(text[end]) {
			end--
		}
	}
	return Show(text[start:end])
}

// Show writes the marks of s as ‹ and ›, to read them in a report.
func Show(s string) string {
	return strings.NewReplacer(locale.Open, "‹", locale.Close, "›").Replace(s)
}

// Findings lists the distinct findings in the order they were first seen.
func (s *Scanner) Findings() []Finding {
	out := make([]Finding, 0, len(s.order))
	for _, id := range s.order {
		out = append(out, *s.findings[id])
	}
	return out
}

// Marked reports how many of the texts scanned held a catalog message:
// a test checks it is not zero, or the check was off and the scan saw
// nothing it could judge (every text would be a finding then, unless
// nothing was read at all).
func (s *Scanner) Marked() (marked, scanned int) { return s.marked, s.scanned }

// Report fails t with each finding (the first max of them; all when max
// is 0), missing keys first, and returns how many there are.
func (s *Scanner) Report(t testing.TB, max int) int {
	t.Helper()
	fs := s.Findings()
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].Kind > fs[j].Kind })
	for i, f := range fs {
		if max > 0 && i == max {
			t.Errorf("... and %d more findings", len(fs)-max)
			break
		}
		t.Errorf("%s", f)
	}
	if s.marked == 0 && s.scanned > 0 {
		t.Errorf("none of the %d texts scanned holds a catalog mark: was the catalog check on (RUMREF_LOCALE_CHECK=1)?", s.scanned)
	}
	return len(fs)
}

// ansi matches a terminal's escape sequences: CSI (colors, cursor
// moves, erasing), OSC (a title, a link) and the two-byte ones.
var ansi = regexp.MustCompile(`\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[ -/]*[0-~])`)

// StripANSI is terminal output as text: escape sequences removed, a
// carriage return read as a line break (a line redrawn in place is two
// lines here), backspaces and other control characters but line breaks
// and tabs dropped.
func StripANSI(b []byte) string {
	s := ansi.ReplaceAllString(string(b), "")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\r':
			return '\n'
		case r == '\n' || r == '\t':
			return r
		case r < 0x20 || r == 0x7f:
			return -1
		}
		return r
	}, s)
}

// IDFields are the JSON fields of the protocol that carry IDs, keys and
// data, not text (docs/protocol.md: ids and keys stay English): a
// question's and a rule's ID, an option's key, an answer as the save
// keeps it, a color's name as data. "view" and "status" are the board as
// data, which the pages draw (what they draw is scanned as the page's
// text); "qr" is the markup of a QR code's picture, "queued" the key of
// an answer kept ahead of its turn, "example" an answer a text question
// would take, to be typed back as it stands (referee.Question.ExampleIn:
// in the reader's language, without the marks).
var IDFields = map[string]bool{"type": true, "id": true, "question": true, "rule": true, "key": true, "answer": true,
	"save": true, "kind": true, "query": true, "color": true, "game": true, "seat_color": true, "ids": true,
	"view": true, "status": true, "token": true, "url": true, "href": true, "qr": true, "queued": true, "example": true}

// ScanJSON scans every text field of a JSON value (a JSON Lines object,
// a page's state, an event of its stream) but the IDFields: where names
// it, and each field's path is added to it.
func (s *Scanner) ScanJSON(where string, v any) {
	var walk func(path, k string, v any)
	walk = func(path, k string, v any) {
		if IDFields[k] {
			return
		}
		switch x := v.(type) {
		case string:
			s.Scan(where+" "+path, x)
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k2 := range x {
				keys = append(keys, k2)
			}
			sort.Strings(keys)
			for _, k2 := range keys {
				walk(path+"."+k2, k2, x[k2])
			}
		case []any:
			for _, v2 := range x {
				walk(path+"[]", k, v2)
			}
		}
	}
	walk("", "", v)
}

// EachString calls f with every string of a JSON value (IDFields too).
func EachString(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case map[string]any:
		for _, v := range x {
			EachString(v, f)
		}
	case []any:
		for _, v := range x {
			EachString(v, f)
		}
	}
}
