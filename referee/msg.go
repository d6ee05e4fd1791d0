package referee

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"rumref/locale"
)

// Msg is a text the rules want shown: a format and its arguments. The
// rules never format: a Msg is formatted (String) only when a front end or
// the log shows it, so a replay or a simulated game that nobody reads
// formats nothing. The format is also the message's identity, which is
// what a translation would key on.
//
// The format is written in the printf style: each of %s, %d and %v takes
// the next argument and writes it as its kind says (a string, a number, a
// count with its noun, or a nested message); %q writes it quoted; %%
// writes a percent sign. The wording is kept right once, here: a number
// 1 before a counted plural noun of the games takes the singular
// ("%d barrels" with 1 is "1 barrel"), and an article the format puts
// before a name that has its own is dropped ("the %s" with "The Swan 3"
// is "The Swan 3"). Arguments are small typed values (Str, Int,
// Count, Sub), held in the Msg itself, so that making a Msg boxes nothing
// and, unless it nests another, allocates nothing.
type Msg struct {
	format string
	args   [maxArgs]Arg
	n      uint8
}

// maxArgs is the most arguments one message takes.
const maxArgs = 6

// argKind says how an argument is written.
type argKind uint8

const (
	argStr argKind = iota
	argInt
	argCount
	argSub
	argList
	argWords
	// argTerm is a Sub of a message without arguments (a place, a tile, a
	// color: a catalog key alone), held as its key, so it allocates nothing.
	argTerm
	argErr
	// argTermNum is a Sub of a message with one number (a tile's label,
	// a place with its section: a key and a number), held as its key and
	// the number, so it allocates nothing either. Measured 2026-12-02
	// (bench/harness raw pirates 3000, CPU time, five runs in turn beside
	// d621db2): with the places of a game made per game as messages and
	// nested by Ref, the engine ran at 0.82x d621db2's games per second;
	// with argTermNum, 0.95x (and the replay of a
	// finished 5-player game allocated 125 KB instead of 141 KB).
	argTermNum
)

// Arg is one argument of a message, two words long so that messages are
// cheap to make and to copy (the rules make one for every label and
// ruling, shown or not): p is a string's bytes (Str, Count) or the nested
// message or list (Sub, List); tag holds the kind in its top bits and the
// string's length below; v is the number (Int, Count). Measured
// 2026-12-02 with bench/harness replay of a finished 5-player game: a
// plain struct (a string, the nested value and the number: 32 or 40
// bytes) made the replay about 30% slower, so the packed form stays.
type Arg struct {
	p   unsafe.Pointer
	tag uint32
	v   int32
}

// kindShift places the kind in an Arg's tag; the length takes the bits
// below it.
const (
	kindShift = 28
	maxStrLen = 1<<kindShift - 1
)

func (a *Arg) kind() argKind { return argKind(a.tag >> kindShift) }

// str is the argument's string (Str, Count).
func (a *Arg) str() string { return unsafe.String((*byte)(a.p), a.tag&maxStrLen) }

// strArg is an argument holding s (a name or a noun) and the number v.
func strArg(k argKind, s string, v int) Arg {
	return Arg{p: unsafe.Pointer(unsafe.StringData(s)), tag: uint32(k)<<kindShift | uint32(len(s)), v: int32(v)}
}

// msgList is a List argument's messages and separators.
type msgList struct {
	items     []Msg
	sep, last string
}

// Str is a string argument (a name, a tile, a card).
func Str(s string) Arg {
	if len(s) > maxStrLen {
		// No name is this long; kept whole all the same, as a message
		// without arguments (written as it is).
		return Sub(Msg{format: s})
	}
	return strArg(argStr, s, 0)
}

// Int is a number argument.
func Int(n int) Arg { return Arg{tag: uint32(argInt) << kindShift, v: int32(n)} }

// Count is a number with its noun, written "1 coin" or "3 coins".
func Count(n int, noun string) Arg { return strArg(argCount, noun[:min(len(noun), maxStrLen)], n) }

// Sub nests a message as an argument (a helper's "what" in its texts). It
// is the one argument that allocates.
func Sub(m Msg) Arg {
	if m.n == 0 && len(m.format) <= maxStrLen {
		// A message without arguments (a game term) is its key alone:
		// the rules pass many, so this one allocates nothing. Measured
		// with a random 2-5 player Rum & Pirates game: see argTerm.
		return strArg(argTerm, m.format, 0)
	}
	if m.n == 1 && m.args[0].kind() == argInt && len(m.format) <= maxStrLen {
		return strArg(argTermNum, m.format, int(m.args[0].v))
	}
	// A copy made here, not &m: taking m's address would move every m
	// to the heap, a term's too (one allocation in four of a random Rum
	// & Pirates game, measured 2026-12-02).
	p := new(Msg)
	*p = m
	return Arg{p: unsafe.Pointer(p), tag: uint32(argSub) << kindShift}
}

// Ref nests a message that lives as long as the game and never changes (a
// place of the board, a tile of the box) by reference: unlike Sub it
// allocates nothing. The rules name places and tiles in most rulings, so
// they keep these messages made once (referee/pirates: Game.places).
func Ref(m *Msg) Arg { return Arg{p: unsafe.Pointer(m), tag: uint32(argSub) << kindShift} }

// List is a list of messages written with sep between them and last
// before the last one: List(items, ", ", " and ") writes "a, b and c".
// An empty list writes nothing. Like Sub, it allocates.
func List(items []Msg, sep, last string) Arg {
	return Arg{p: unsafe.Pointer(&msgList{items: items, sep: sep, last: last}), tag: uint32(argList) << kindShift}
}

// Words is a list of plain strings (names) written as List writes its
// messages: Words(names, ", ", " and ") writes "Ann, Bo and Cy". Like
// List, it allocates, once.
func Words(items []string, sep, last string) Arg {
	return Arg{p: unsafe.Pointer(&wordList{items: items, sep: sep, last: last}), tag: uint32(argWords) << kindShift}
}

// wordList is a Words argument's strings and separators.
type wordList struct {
	items     []string
	sep, last string
}

// words is a Words argument's list.
func (a *Arg) words() *wordList { return (*wordList)(a.p) }

// termNum is an argTermNum argument's message: its key and its number.
func (a *Arg) termNum() Msg {
	m := Msg{format: a.str(), n: 1}
	m.args[0] = Int(int(a.v))
	return m
}

// sub is a Sub argument's message.
func (a *Arg) sub() *Msg { return (*Msg)(a.p) }

// list is a List argument's list.
func (a *Arg) list() *msgList { return (*msgList)(a.p) }

// Text makes a message from a format and its arguments. It panics when
// given more than six arguments: split the sentence.
func Text(format string, args ...Arg) (m Msg) {
	if len(args) > maxArgs {
		tooManyArgs(format)
	}
	m.format, m.n = format, uint8(copy(m.args[:], args))
	return m
}

// tooManyArgs is Text's panic, out of line so that Text inlines.
func tooManyArgs(format string) {
	panic("referee.Text: more than six arguments in " + strconv.Quote(format))
}

// IsZero reports whether the message is empty (no format).
func (m *Msg) IsZero() bool { return m.format == "" }

// Equal reports whether two messages are the same: the same format and
// equal arguments, nested messages compared by what they hold.
func (m *Msg) Equal(o *Msg) bool {
	if m.format != o.format || m.n != o.n {
		return false
	}
	for i := range m.n {
		if !m.args[i].equal(&o.args[i]) {
			return false
		}
	}
	return true
}

func (a *Arg) equal(o *Arg) bool {
	if a.tag != o.tag || a.v != o.v {
		return false
	}
	switch a.kind() {
	case argSub:
		return a.sub().Equal(o.sub())
	case argList:
		x, y := a.list(), o.list()
		return x.sep == y.sep && x.last == y.last && msgsEqual(x.items, y.items)
	case argWords:
		x, y := a.words(), o.words()
		return x.sep == y.sep && x.last == y.last && slices.Equal(x.items, y.items)
	case argInt:
		return true
	case argErr:
		return a.p == o.p
	}
	return a.str() == o.str()
}

// msgsEqual reports whether two lists of messages are the same.
func msgsEqual(a, b []Msg) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(&b[i]) {
			return false
		}
	}
	return true
}

// Format is the message's format, its identity for a translation.
func (m *Msg) Format() string { return m.format }

// String formats the message in English: a catalog key from the English
// catalog (without the catalog check's marks: a text shown from String
// did not go through a viewer's language), another format as written.
func (m *Msg) String() string {
	if e := english(m.format); e.key {
		return string(m.appendEnglish(make([]byte, 0, len(e.text)+24*int(m.n))))
	}
	if m.n == 0 {
		return m.format
	}
	b := make([]byte, 0, len(m.format)+16*int(m.n))
	return string(m.appendTo(b))
}

func (m *Msg) appendTo(b []byte) []byte {
	if isKey(m.format) {
		return m.appendEnglish(b)
	}
	if m.n == 0 {
		return append(b, m.format...)
	}
	next := 0
	f := m.format
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' || i+1 == len(f) {
			b = append(b, c)
			continue
		}
		i++
		verb := f[i]
		if verb == '%' {
			b = append(b, '%')
			continue
		}
		if next >= int(m.n) {
			b = append(b, "%!"...)
			b = append(b, verb)
			b = append(b, "(MISSING)"...)
			continue
		}
		a := &m.args[next]
		next++
		if verb == 'q' {
			b = strconv.AppendQuote(b, a.text())
			continue
		}
		if a.kind() == argStr {
			b = article(b, a.str())
		}
		b = a.appendTo(b)
		if a.kind() == argInt && (a.v == 1 || a.v == -1) {
			// "(1 barrels)" is written "(1 barrel)".
			if plural, one := singular(f[i+1:]); plural != "" {
				b = append(b, ' ')
				b = append(b, one...)
				i += 1 + len(plural)
			}
		}
	}
	return b
}

// nouns are the plural nouns the games count with %d, and their singular:
// a number 1 written just before one of them takes the singular. (A
// Count argument pluralizes by itself; this keeps the formats that write
// a number and its noun apart right too.)
var nouns = [...][2]string{
	{"rum barrels", "rum barrel"}, {"barrels", "barrel"}, {"coins", "coin"}, {"pirates", "pirate"},
	{"cards", "card"}, {"players", "player"}, {"points", "point"}, {"answers", "answer"},
	{"turns", "turn"}, {"times", "time"}, {"islands", "island"}, {"alleys", "alley"},
	{"events", "event"}, {"characters", "character"}, {"parts", "part"}, {"tiles", "tile"},
	{"segments", "segment"}, {"wares", "ware"}, {"hazards", "hazard"}, {"mugs", "mug"},
	{"rounds", "round"}, {"re-rolls", "re-roll"}, {"actions", "action"}, {"ships", "ship"},
	{"steps", "step"}, {"columns", "column"}, {"matches", "match"}, {"honour points", "honour point"},
}

// singular finds a counted plural noun at the start of rest (after one
// space): it returns the noun as written and its singular, or "" when
// rest does not start with one.
func singular(rest string) (plural, one string) {
	if len(rest) < 2 || rest[0] != ' ' {
		return "", ""
	}
	for _, n := range nouns {
		w := n[0]
		if len(rest) > len(w) && rest[1:1+len(w)] == w && !wordByte(rest, 1+len(w)) {
			return w, n[1]
		}
		if len(rest) == 1+len(w) && rest[1:] == w {
			return w, n[1]
		}
	}
	return "", ""
}

// wordByte reports whether s[i] continues a word.
func wordByte(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// article drops an article the format wrote just before a name that has
// its own ("the %s" with "The Swan 3" is written "The Swan 3").
func article(b []byte, name string) []byte {
	if len(name) < 4 || (name[:4] != "The " && name[:4] != "the ") {
		return b
	}
	n := len(b)
	if n >= 4 && (string(b[n-4:]) == "the " || string(b[n-4:]) == "The ") && (n == 4 || !wordByte(string(b[n-5:n-4]), 0)) {
		return b[:n-4]
	}
	return b
}

func (a *Arg) appendTo(b []byte) []byte {
	switch a.kind() {
	case argInt:
		return strconv.AppendInt(b, int64(a.v), 10)
	case argCount:
		if isKey(a.str()) {
			return appendCount(b, a.str(), int(a.v))
		}
		b = strconv.AppendInt(b, int64(a.v), 10)
		b = append(b, ' ')
		b = append(b, a.str()...)
		if a.v != 1 {
			b = append(b, 's')
		}
		return b
	case argSub:
		return a.sub().appendTo(b)
	case argTerm:
		m := Msg{format: a.str()}
		return m.appendTo(b)
	case argTermNum:
		m := a.termNum()
		return m.appendTo(b)
	case argList:
		x := a.list()
		for i := range x.items {
			b = listSep(b, i, len(x.items), x.sep, x.last)
			b = x.items[i].appendTo(b)
		}
		return b
	case argWords:
		x := a.words()
		for i, w := range x.items {
			b = listSep(b, i, len(x.items), x.sep, x.last)
			b = append(b, w...)
		}
		return b
	case argErr:
		return append(b, (*errBox)(a.p).err.Error()...)
	}
	return append(b, a.str()...)
}

// listSep writes what comes before item i of a list of n: nothing before
// the first, last before the last, sep before the others.
func listSep(b []byte, i, n int, sep, last string) []byte {
	switch {
	case i == 0:
		return b
	case i == n-1:
		return append(b, last...)
	}
	return append(b, sep...)
}

func (a *Arg) text() string {
	if a.kind() == argStr {
		return a.str()
	}
	return string(a.appendTo(nil))
}

// In renders the message in language l, from the catalog: the format is
// a catalog key (package locale) and each argument is written as l writes
// it (a count by its noun's plural forms, a nested message or list in l).
// A format that is not a key is a text not yet in the catalog, written in
// English as String writes it and, under the catalog check, left unmarked
// so that the check finds it.
func (m *Msg) In(l locale.Lang) string {
	e := english(m.format)
	if !e.key {
		return m.String()
	}
	if l == locale.English && e.fast && e.one == "" && !m.hasErr() {
		// As appendEnglish writes it: x/text's printer takes several
		// times as long (rumref show writes a few hundred messages).
		return string(m.appendEnglish(make([]byte, 0, len(e.text)+24*int(m.n))))
	}
	if m.n == 0 {
		return l.Sprintf(m.format)
	}
	var args [maxArgs]any
	for i := range m.n {
		args[i] = m.args[i].in(l)
	}
	return l.Sprintf(m.format, args[:m.n]...)
}

// hasErr reports whether an argument is an error, which In writes in
// the language (ErrorIn) and appendEnglish as its Error.
func (m *Msg) hasErr() bool {
	for i := range m.n {
		if m.args[i].kind() == argErr {
			return true
		}
	}
	return false
}

// isKey reports whether a format names a catalog message: a dotted name
// with no spaces that the English catalog holds.
func isKey(format string) bool { return english(format).key }

// englishText is what the English catalog holds of a key: its text, and
// its plural forms; fast when it takes only plain verbs in order.
type englishText struct {
	key, fast bool
	text      string
	one       string // a plural's one form ("" for none)
}

// englishTexts keeps englishText by key, read once: every ruling and
// label the rules make is formatted in English for the log, so the
// catalog's locks and maps are not asked each time.
var englishTexts struct {
	sync.RWMutex
	m map[string]englishText
}

// englishAt keeps englishText by where a format's bytes are (the rules'
// keys are constants, or made once): found without hashing the key. A
// format made anew each time is not kept there past its first 4096.
var englishAt struct {
	sync.RWMutex
	m map[formatAt]englishText
}

type formatAt struct {
	p *byte
	n int
}

// english is the English catalog's text of format, if it is a key: a
// dotted name with no spaces that the English catalog holds.
func english(format string) englishText {
	at := formatAt{unsafe.StringData(format), len(format)}
	englishAt.RLock()
	e, ok := englishAt.m[at]
	englishAt.RUnlock()
	if ok {
		return e
	}
	e = englishOf(format)
	englishAt.Lock()
	if englishAt.m == nil {
		englishAt.m = map[formatAt]englishText{}
	}
	if len(englishAt.m) < 4096 {
		englishAt.m[at] = e
	}
	englishAt.Unlock()
	return e
}

// englishOf is english, looked up by the format's text.
func englishOf(format string) englishText {
	dot := false
	for i := 0; i < len(format); i++ {
		switch format[i] {
		case ' ', '%', '\n':
			return englishText{}
		case '.':
			dot = true
		}
	}
	if !dot {
		return englishText{}
	}
	englishTexts.RLock()
	e, ok := englishTexts.m[format]
	englishTexts.RUnlock()
	if ok {
		return e
	}
	if e.key = locale.English.Has(format); e.key {
		e.text, _ = locale.Raw(locale.English, format)
		forms := locale.Forms(locale.English, format)
		e.one = forms["one"]
		e.fast = forms == nil && plainVerbs(e.text) || forms != nil && countForm(e.text) && countForm(e.one)
	}
	englishTexts.Lock()
	if englishTexts.m == nil {
		englishTexts.m = map[string]englishText{}
	}
	englishTexts.m[format] = e
	englishTexts.Unlock()
	return e
}

// countForm reports whether a plural form is a number and words: one %d.
func countForm(f string) bool { return strings.Count(f, "%") == 1 && strings.Contains(f, "%d") }

// in is the argument as language l writes it: a number stays a number
// for the catalog's plural forms (locale writes its digits alone).
func (a *Arg) in(l locale.Lang) any {
	switch a.kind() {
	case argInt:
		return int(a.v)
	case argCount:
		if isKey(a.str()) {
			return l.Sprintf(a.str(), int(a.v))
		}
		return string(a.appendTo(nil))
	case argSub:
		return a.sub().In(l)
	case argTerm:
		m := Msg{format: a.str()}
		return m.In(l)
	case argTermNum:
		m := a.termNum()
		return m.In(l)
	case argList:
		x := a.list()
		items := make([]string, len(x.items))
		for i := range x.items {
			items[i] = x.items[i].In(l)
		}
		return join(l, items, x.sep, x.last)
	case argWords:
		x := a.words()
		return join(l, x.items, x.sep, x.last)
	case argErr:
		return ErrorIn((*errBox)(a.p).err, l)
	}
	return a.str()
}

// join writes a list in l: the separators ", ", " and " and " or " are
// the catalog's (locale.list.sep, .and, .or); others are kept as given.
func join(l locale.Lang, items []string, sep, last string) string {
	var b strings.Builder
	for i, s := range items {
		switch {
		case i == 0:
		case i == len(items)-1:
			b.WriteString(separator(l, last))
		default:
			b.WriteString(separator(l, sep))
		}
		b.WriteString(s)
	}
	return b.String()
}

func separator(l locale.Lang, s string) string {
	switch s {
	case ", ":
		return l.Sprintf("locale.list.sep")
	case " and ":
		return l.Sprintf("locale.list.and")
	case " or ":
		return l.Sprintf("locale.list.or")
	}
	return s
}

// appendEnglish writes a message whose format is a catalog key in
// English, as In(locale.English) writes it: by a plain printf of the
// catalog's text when it takes only %s, %d, %v and %q in order (the
// simulator and the English log format every ruling, and x/text's printer
// takes several times as long), else by In.
func (m *Msg) appendEnglish(b []byte) []byte {
	e := english(m.format)
	if !e.fast || e.one != "" {
		return append(b, m.In(locale.English)...)
	}
	f := e.text
	if locale.Checking {
		b = append(b, locale.Open...)
	}
	next := 0
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b = append(b, f[i])
			continue
		}
		i++
		if f[i] == '%' {
			b = append(b, '%')
			continue
		}
		if next >= int(m.n) {
			b = append(b, "%!"...)
			b = append(b, f[i])
			b = append(b, "(MISSING)"...)
			continue
		}
		a := &m.args[next]
		next++
		switch {
		case f[i] == 'q':
			b = strconv.AppendQuote(b, a.text())
		case a.kind() == argList || a.kind() == argWords:
			b = append(b, a.in(locale.English).(string)...)
		default:
			b = a.appendTo(b)
		}
	}
	if locale.Checking {
		b = append(b, locale.Close...)
	}
	return b
}

// plainVerbs reports whether every verb of f is %s, %d, %v, %q or %%.
func plainVerbs(f string) bool {
	for i := 0; i < len(f); i++ {
		if f[i] == '%' {
			if i+1 == len(f) || !strings.ContainsRune("sdvq%", rune(f[i+1])) {
				return false
			}
			i++
		}
	}
	return true
}

// appendCount writes n with a plural noun of the catalog in English.
func appendCount(b []byte, noun string, n int) []byte {
	e := english(noun)
	if !e.fast || e.one == "" {
		return append(b, locale.English.Sprintf(noun, n)...)
	}
	f := e.text
	if n == 1 {
		f = e.one
	}
	if locale.Checking {
		b = append(b, locale.Open...)
	}
	i := strings.Index(f, "%d")
	b = append(b, f[:i]...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, f[i+2:]...)
	if locale.Checking {
		b = append(b, locale.Close...)
	}
	return b
}
