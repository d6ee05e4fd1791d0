// Package locale is rumref's message catalog: every text a player reads,
// in English and German, keyed by message.
//
// It is built on golang.org/x/text/message: each package that shows text
// keeps its messages beside its code, in messages.en.yaml and
// messages.de.yaml, and registers them (Register); a package's files are
// read the first time one of its keys is used in a language, into an
// x/text catalog.Builder, and formatted by an x/text message.Printer of
// that language (printf verbs, %[2]s to reorder, plural forms chosen by
// CLDR's rules for the language). docs/architecture.md says why x/text
// and not go-i18n.
//
// A value in a catalog file is a printf format, or a map of plural forms
// selected by the first argument:
//
//	pirates.pub.invited: "%s invites the table to the pub."
//	pirates.noun.barrel: {one: "%d barrel", other: "%d barrels"}
//
// The rules never hold a sentence: they name a key and its arguments
// (referee.Text), and the front end renders it in its viewer's language.
package locale

import (
	"fmt"
	"io/fs"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

// Lang is a language rumref speaks. The zero value is English.
type Lang uint8

const (
	English Lang = iota
	German
	numLangs
)

// All lists every language, English first.
var All = []Lang{English, German}

var (
	names = [numLangs]string{"en", "de"}
	tags  = [numLangs]language.Tag{language.English, language.German}
)

// String is the language's code, as --lang takes it ("en", "de").
func (l Lang) String() string {
	if l >= numLangs {
		return "en"
	}
	return names[l]
}

// Tag is the language's BCP 47 tag.
func (l Lang) Tag() language.Tag { return tags[l.valid()] }

func (l Lang) valid() Lang {
	if l >= numLangs {
		return English
	}
	return l
}

// Parse reads a language as --lang, a seat's choice or a locale variable
// gives it: "de", "DE", "de-AT", "de_DE.UTF-8", "en", "English"... Its
// error names the languages there are.
func Parse(s string) (Lang, error) {
	s = strings.TrimSpace(s)
	if l, ok := parse(s); ok {
		return l, nil
	}
	return English, fmt.Errorf("%s", English.Sprintf("locale.unknown", s, Choices()))
}

// parse is Parse without the error: whether s names a language.
func parse(s string) (Lang, bool) {
	base := strings.ToLower(s)
	if i := strings.IndexAny(base, "_.@-"); i >= 0 {
		base = base[:i]
	}
	switch base {
	case "en", "english", "englisch":
		return English, true
	case "de", "german", "deutsch", "ger", "deu":
		return German, true
	}
	return English, false
}

// Choices names the languages as --lang takes them: "de or en".
func Choices() string { return "de, en" }

// FromEnv is the language of the locale variables, as POSIX orders them:
// LC_ALL, else LC_MESSAGES, else LANG; English when none names a language
// rumref speaks ("C" and "POSIX" are English).
func FromEnv() Lang { return fromEnv(os.Getenv) }

func fromEnv(getenv func(string) string) Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := getenv(v); s != "" {
			// parse, not Parse: the error's text is formatted from the
			// catalog, and a locale such as C.UTF-8 is no error.
			l, _ := parse(strings.TrimSpace(s))
			return l
		}
	}
	return English
}

// matcher is made at its first use: making it took 0.1 ms of every
// start-up (measured 2026-12-02).
var matcher = sync.OnceValue(func() language.Matcher { return language.NewMatcher(tags[:]) })

// FromAcceptLanguage is the language a browser asks for first among the
// ones rumref speaks (an Accept-Language header), English when it asks
// for none of them. The header is read entry by entry: an entry that does
// not read (a bad tag or weight) is skipped and the others kept, and of
// repeated weights ("de;q=0.9;q=0.9", as chromium's emulation sends) the
// first counts.
func FromAcceptLanguage(h string) Lang {
	type pref struct {
		tag language.Tag
		q   float64
	}
	var prefs []pref
	for _, entry := range strings.Split(h, ",") {
		name, params, _ := strings.Cut(entry, ";")
		name = strings.TrimSpace(name)
		if name == "" || name == "*" {
			continue
		}
		tag, err := language.Parse(name)
		if err != nil {
			continue
		}
		q, ok := weight(params)
		if !ok || q <= 0 {
			continue
		}
		prefs = append(prefs, pref{tag, q})
	}
	sort.SliceStable(prefs, func(i, j int) bool { return prefs[i].q > prefs[j].q })
	if len(prefs) == 0 {
		return English
	}
	want := make([]language.Tag, len(prefs))
	for i, p := range prefs {
		want[i] = p.tag
	}
	_, i, conf := matcher().Match(want...)
	if conf == language.No {
		return English
	}
	return Lang(i)
}

// weight is the q value of an Accept-Language entry's parameters (1 when
// it has none, the first when it repeats it); false when it does not read.
func weight(params string) (float64, bool) {
	if strings.TrimSpace(params) == "" {
		return 1, true
	}
	for _, p := range strings.Split(params, ";") {
		k, v, found := strings.Cut(p, "=")
		if !found || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		q, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || q < 0 || q > 1 {
			return 0, false
		}
		return q, true
	}
	return 1, true
}

// Registered messages. Each package's files are read the first time one
// of its keys is used in a language (rumref show formats a few dozen
// messages and must not read the rules reference), and a message is
// given to x/text's catalog the first time it is formatted: compiling
// every message of a file took about as long as reading it (measured
// 2026-12-02, about 0.4 ms for cli's 340 messages).
type pkg struct {
	prefix string
	fsys   fs.FS
	once   [numLangs]sync.Once
	err    [numLangs]error
	// msgs are the package's messages by key in each language, set
	// once read.
	msgs [numLangs]map[string]*entry
}

// entry is a message of a language: where its file holds it, and once
// read (ready) its text. It is small, and its text is made apart, because
// a file's every message has an entry and few are used.
type entry struct {
	raw  *rawEntry
	file *string // the package's prefix and the file's name
	once sync.Once
	// set tells whether the message is in builder.
	set atomic.Bool
	*body
}

// body is a message's text as read.
type body struct {
	err  error
	text string // the text; a plural's other form
	// forms are a plural's forms by CLDR category, nil for a plain
	// text; cases are the forms in the file's order, as form and text.
	forms map[string]string
	cases [][2]string
	// verbs is the number of verbs of a plain text that takes only %s,
	// %d, %v and %q, in order (plainPrintf writes it); -1 for another
	// text and for a plural.
	verbs int
}

var (
	mu       sync.RWMutex
	packages = map[string]*pkg{}
	builder  = catalog.NewBuilder(catalog.Fallback(language.English))
	printers [numLangs]*message.Printer
)

func init() {
	for l := range numLangs {
		printers[l] = message.NewPrinter(tags[l], message.Catalog(builder))
	}
}

// Register makes a package's messages known: fsys holds messages.en.yaml
// and messages.de.yaml, whose every key begins with prefix and a dot. It
// returns true, so that a package can register from a variable:
//
//	//go:embed messages.*.yaml
//	var messages embed.FS
//	var _ = locale.Register("pirates", messages)
func Register(prefix string, fsys fs.FS) bool {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := packages[prefix]; dup {
		panic("locale: the prefix " + prefix + " is registered twice")
	}
	packages[prefix] = &pkg{prefix: prefix, fsys: fsys}
	return true
}

// Prefixes lists the registered prefixes, sorted.
func Prefixes() []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(packages))
	for p := range packages {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// load reads the files of key's package for l, once, and returns the
// package (nil for none).
func load(l Lang, key string) *pkg {
	prefix, _, ok := strings.Cut(key, ".")
	if !ok {
		return nil
	}
	mu.RLock()
	p := packages[prefix]
	mu.RUnlock()
	if p == nil {
		return nil
	}
	p.once[l].Do(func() { p.err[l] = p.read(l) })
	return p
}

// lookup is key's message in l, read, nil when l has none (or its
// file's text of it does not read: Load says why).
func lookup(l Lang, key string) *entry {
	if p := load(l, key); p != nil {
		if e := p.msgs[l][key]; e != nil && e.ready() == nil { // set before load returns, then only read
			return e
		}
	}
	return nil
}

// Load reads every registered package's messages in l and gives each to
// x/text's catalog, and returns the first error: for tests, which check
// every file and message.
func Load(l Lang) error {
	for _, prefix := range Prefixes() {
		load(l, prefix+".")
		mu.RLock()
		err := packages[prefix].err[l]
		mu.RUnlock()
		if err != nil {
			return err
		}
	}
	for _, k := range Keys(l) {
		prefix, _, _ := strings.Cut(k, ".")
		mu.RLock()
		e := packages[prefix].msgs[l][k]
		mu.RUnlock()
		if err := e.ready(); err != nil {
			return err
		}
		if err := compile(l, k, e); err != nil {
			return fmt.Errorf("locale: %s in %s: %v", k, l, err)
		}
	}
	return nil
}

// compile gives key's message in l to x/text's catalog, once.
func compile(l Lang, key string, e *entry) error {
	if e.set.Load() {
		return nil
	}
	mu.Lock()
	defer mu.Unlock()
	if e.set.Load() {
		return nil
	}
	var err error
	if e.cases == nil {
		err = builder.SetString(tags[l], key, e.text)
	} else {
		cases := make([]any, 0, 2*len(e.cases))
		for _, c := range e.cases {
			cases = append(cases, pluralForms[c[0]], c[1])
		}
		err = builder.Set(tags[l], key, plural.Selectf(1, "%d", cases...))
	}
	e.set.Store(true)
	return err
}

// Keys lists the keys of l's loaded messages, sorted (Load them first).
func Keys(l Lang) []string {
	mu.RLock()
	defer mu.RUnlock()
	var out []string
	for _, p := range packages {
		for k := range p.msgs[l.valid()] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Forms is a plural message's forms by CLDR category ("one", "other"),
// nil for a plain message or a missing one (Load first).
func Forms(l Lang, key string) map[string]string {
	l = l.valid()
	mu.RLock()
	defer mu.RUnlock()
	prefix, _, _ := strings.Cut(key, ".")
	if p := packages[prefix]; p != nil {
		if e := p.msgs[l][key]; e != nil && e.ready() == nil {
			return e.forms
		}
	}
	return nil
}

var pluralForms = map[string]plural.Form{
	"zero": plural.Zero, "one": plural.One, "two": plural.Two,
	"few": plural.Few, "many": plural.Many, "other": plural.Other,
}

// read finds the messages of the package's file in l (indexFile); each
// is read at its first use (ready).
func (p *pkg) read(l Lang) error {
	name := "messages." + names[l] + ".yaml"
	data, err := fs.ReadFile(p.fsys, name)
	if err != nil {
		return fmt.Errorf("locale: %s has no %s", p.prefix, name)
	}
	// The texts are the file's bytes (read once, never changed), not a
	// copy.
	raws, err := indexFile(unsafe.String(unsafe.SliceData(data), len(data)))
	if err != nil {
		return fmt.Errorf("locale: %s/%s %v", p.prefix, name, err)
	}
	file := new(string)
	*file = p.prefix + "/" + name
	msgs := make(map[string]*entry, len(raws))
	all := make([]entry, len(raws))
	dotted := p.prefix + "."
	for i := range raws {
		r := &raws[i]
		if !strings.HasPrefix(r.key, dotted) {
			return fmt.Errorf("locale: %s line %d: the key %s does not begin with %q", *file, r.line, r.key, dotted)
		}
		if _, dup := msgs[r.key]; dup {
			return fmt.Errorf("locale: %s line %d: the key %s is there twice", *file, r.line, r.key)
		}
		all[i].raw, all[i].file = r, file
		msgs[r.key] = &all[i]
	}
	mu.Lock()
	p.msgs[l] = msgs
	mu.Unlock()
	return nil
}

// ready reads the message's text from its file, once, and checks it.
func (e *entry) ready() error {
	e.once.Do(func() {
		e.body = new(body)
		e.err = e.read()
	})
	return e.err
}

func (e *entry) read() error {
	f, err := e.raw.decode()
	if err != nil {
		return fmt.Errorf("locale: %s %v", *e.file, err)
	}
	e.text = f.text
	e.verbs = plainVerbs(f.text)
	texts := f.text
	if f.forms != nil {
		e.verbs = -1
		e.forms, e.cases = map[string]string{}, f.forms
		for _, c := range f.forms {
			if _, ok := pluralForms[c[0]]; !ok {
				return fmt.Errorf("locale: %s line %d: %s is no plural form (zero, one, two, few, many, other)", *e.file, f.line, c[0])
			}
			e.forms[c[0]] = c[1]
			texts += c[1]
		}
		if _, ok := e.forms["other"]; !ok {
			return fmt.Errorf("locale: %s line %d: the plural %s has no other form", *e.file, f.line, f.key)
		}
	}
	if strings.Contains(texts, "${") {
		// x/text's catalog reads ${name} as a variable, with no escape.
		return fmt.Errorf("locale: %s line %d: %s holds ${, which the catalog would read as a variable", *e.file, f.line, f.key)
	}
	return nil
}

// Has reports whether l's catalog holds key.
func (l Lang) Has(key string) bool { return lookup(l.valid(), key) != nil }

// Get is key's text in l with nothing formatted (a long text that may
// hold a percent sign, a rules entry), in English when l lacks it, else
// the key; under the catalog check it is marked as Sprintf marks.
func (l Lang) Get(key string) string {
	l = l.valid()
	if e := lookup(l, key); e != nil {
		return Mark(e.text)
	}
	return l.miss(key, func(s string) string { return s })
}

// Sprintf formats key's message in l with args. A key l lacks is written
// in English when English has it, else as the key itself; it never panics.
// A whole number among args is written as its digits alone (digits).
func (l Lang) Sprintf(key string, args ...any) string {
	l = l.valid()
	if e := lookup(l, key); e != nil {
		if e.verbs >= 0 && e.verbs == len(args) {
			if b, ok := plainPrintf(make([]byte, 0, len(e.text)+16*len(args)), e.text, args); ok {
				return Mark(string(b))
			}
		}
		if err := compile(l, key, e); err != nil {
			return Mark(fmt.Sprintf(e.text, args...))
		}
		return Mark(printers[l].Sprintf(key, plainNumbers(args)...))
	}
	return l.miss(key, func(string) string { return English.Sprintf(key, args...) })
}

// miss is what a key l lacks is shown as: English's text, else the key.
func (l Lang) miss(key string, english func(string) string) string {
	recordMiss(l, key)
	if Checking {
		return "⟦MISSING " + key + "⟧"
	}
	if e := lookup(English, key); l != English && e != nil {
		return english(e.text)
	}
	return key
}

// The catalog check. With RUMREF_LOCALE_CHECK=1 in the environment every
// message rendered is wrapped in the marks Open and Close (Unicode's
// first-strong isolate and pop directional isolate, which a terminal and a
// browser show as nothing), and a message the language lacks is shown as
// ⟦MISSING key⟧: a test that scans what a viewer received finds text that
// did not come from the catalog (letters outside the marks) and messages
// missing from it.
const (
	Open  = "\u2068"
	Close = "\u2069"
)

// Checking reports whether the catalog check is on (RUMREF_LOCALE_CHECK=1
// at start, or SetChecking).
var Checking = os.Getenv("RUMREF_LOCALE_CHECK") == "1"

// SetChecking turns the catalog check on or off, for tests in one process.
func SetChecking(on bool) { Checking = on }

// Mark wraps s in the check's marks when the check is on.
func Mark(s string) string {
	if !Checking {
		return s
	}
	return Open + s + Close
}

// Unmark removes the check's marks from s.
func Unmark(s string) string {
	if !strings.ContainsAny(s, Open+Close) {
		return s
	}
	return strings.NewReplacer(Open, "", Close, "").Replace(s)
}

var (
	missMu sync.Mutex
	misses = map[string]bool{}
)

func recordMiss(l Lang, key string) {
	missMu.Lock()
	misses[l.String()+" "+key] = true
	missMu.Unlock()
}

// Misses lists the keys asked for and missing since the start, as
// "de KEY", sorted: for tests.
func Misses() []string {
	missMu.Lock()
	defer missMu.Unlock()
	out := make([]string, 0, len(misses))
	for k := range misses {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Raw is key's text in l as its file holds it (a plural's other form),
// without fallback or marks: for tests of the catalogs.
func Raw(l Lang, key string) (string, bool) {
	if e := lookup(l.valid(), key); e != nil {
		return e.text, true
	}
	return "", false
}
