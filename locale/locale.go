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

	"go.yaml.in/yaml/v3"
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
	base := strings.ToLower(s)
	if i := strings.IndexAny(base, "_.@-"); i >= 0 {
		base = base[:i]
	}
	switch base {
	case "en", "english", "englisch":
		return English, nil
	case "de", "german", "deutsch", "ger", "deu":
		return German, nil
	}
	return English, fmt.Errorf("%s", English.Sprintf("locale.unknown", s, Choices()))
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
			l, err := Parse(s)
			if err != nil {
				return English
			}
			return l
		}
	}
	return English
}

var matcher = language.NewMatcher(tags[:])

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
	_, i, conf := matcher.Match(want...)
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
// of its keys is used in a language: rumref show formats a few dozen
// messages and must not read the rules reference.
type pkg struct {
	prefix string
	fsys   fs.FS
	once   [numLangs]sync.Once
	err    [numLangs]error
}

var (
	mu       sync.RWMutex
	packages = map[string]*pkg{}
	raw      [numLangs]map[string]string // the text of every loaded key (a plural's "other")
	builder  = catalog.NewBuilder(catalog.Fallback(language.English))
	printers [numLangs]*message.Printer
)

func init() {
	for l := range numLangs {
		raw[l] = map[string]string{}
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

// load reads the files of key's package for l, once.
func load(l Lang, key string) {
	prefix, _, ok := strings.Cut(key, ".")
	if !ok {
		return
	}
	mu.RLock()
	p := packages[prefix]
	mu.RUnlock()
	if p == nil {
		return
	}
	p.once[l].Do(func() { p.err[l] = p.read(l) })
}

// Load reads every registered package's messages in l, and returns the
// first error: for tests, which check every file.
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
	return nil
}

// Keys lists the keys of l's loaded messages, sorted (Load them first).
func Keys(l Lang) []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(raw[l]))
	for k := range raw[l] {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Forms is a plural message's forms by CLDR category ("one", "other"),
// nil for a plain message or a missing one (Load first).
func Forms(l Lang, key string) map[string]string {
	mu.RLock()
	defer mu.RUnlock()
	return forms[l][key]
}

var forms [numLangs]map[string]map[string]string

var pluralForms = map[string]plural.Form{
	"zero": plural.Zero, "one": plural.One, "two": plural.Two,
	"few": plural.Few, "many": plural.Many, "other": plural.Other,
}

func (p *pkg) read(l Lang) error {
	name := "messages." + names[l] + ".yaml"
	data, err := fs.ReadFile(p.fsys, name)
	if err != nil {
		return fmt.Errorf("locale: %s has no %s", p.prefix, name)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("locale: %s/%s: %v", p.prefix, name, err)
	}
	if len(doc.Content) == 0 {
		return nil
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		return fmt.Errorf("locale: %s/%s is not a map of keys", p.prefix, name)
	}
	mu.Lock()
	defer mu.Unlock()
	if forms[l] == nil {
		forms[l] = map[string]map[string]string{}
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		key := k.Value
		if !strings.HasPrefix(key, p.prefix+".") {
			return fmt.Errorf("locale: %s/%s line %d: the key %s does not begin with %s.", p.prefix, name, k.Line, key, p.prefix)
		}
		if _, dup := raw[l][key]; dup {
			return fmt.Errorf("locale: %s/%s line %d: the key %s is there twice", p.prefix, name, k.Line, key)
		}
		if strings.Contains(v.Value, "${") || strings.Contains(yamlText(v), "${") {
			// x/text's catalog reads ${name} as a variable, with no escape.
			return fmt.Errorf("locale: %s/%s line %d: %s holds ${, which the catalog would read as a variable", p.prefix, name, k.Line, key)
		}
		switch v.Kind {
		case yaml.ScalarNode:
			raw[l][key] = v.Value
			if err := builder.SetString(tags[l], key, v.Value); err != nil {
				return err
			}
		case yaml.MappingNode:
			f := map[string]string{}
			var cases []any
			for j := 0; j+1 < len(v.Content); j += 2 {
				form, text := v.Content[j].Value, v.Content[j+1].Value
				pf, ok := pluralForms[form]
				if !ok || v.Content[j+1].Kind != yaml.ScalarNode {
					return fmt.Errorf("locale: %s/%s line %d: %s is no plural form (zero, one, two, few, many, other)", p.prefix, name, v.Content[j].Line, form)
				}
				f[form] = text
				cases = append(cases, pf, text)
			}
			if _, ok := f["other"]; !ok {
				return fmt.Errorf("locale: %s/%s line %d: the plural %s has no other form", p.prefix, name, k.Line, key)
			}
			raw[l][key] = f["other"]
			forms[l][key] = f
			if err := builder.Set(tags[l], key, plural.Selectf(1, "%d", cases...)); err != nil {
				return err
			}
		default:
			return fmt.Errorf("locale: %s/%s line %d: the value of %s is neither a text nor plural forms", p.prefix, name, k.Line, key)
		}
	}
	return nil
}

// yamlText is the text of a plural's forms, one after the other.
func yamlText(v *yaml.Node) string {
	var b strings.Builder
	for _, c := range v.Content {
		b.WriteString(c.Value)
	}
	return b.String()
}

// Has reports whether l's catalog holds key.
func (l Lang) Has(key string) bool {
	l = l.valid()
	load(l, key)
	mu.RLock()
	_, ok := raw[l][key]
	mu.RUnlock()
	return ok
}

// Get is key's text in l with nothing formatted (a long text that may
// hold a percent sign, a rules entry), in English when l lacks it, else
// the key; under the catalog check it is marked as Sprintf marks.
func (l Lang) Get(key string) string {
	l = l.valid()
	if l.Has(key) {
		mu.RLock()
		s := raw[l][key]
		mu.RUnlock()
		return Mark(s)
	}
	return l.miss(key, func(s string) string { return s })
}

// Sprintf formats key's message in l with args. A key l lacks is written
// in English when English has it, else as the key itself; it never panics.
func (l Lang) Sprintf(key string, args ...any) string {
	l = l.valid()
	if l.Has(key) {
		mu.RLock()
		p := printers[l]
		mu.RUnlock()
		return Mark(p.Sprintf(key, args...))
	}
	return l.miss(key, func(string) string { return English.Sprintf(key, args...) })
}

// miss is what a key l lacks is shown as: English's text, else the key.
func (l Lang) miss(key string, english func(string) string) string {
	recordMiss(l, key)
	if Checking {
		return "⟦MISSING " + key + "⟧"
	}
	if l != English && English.Has(key) {
		mu.RLock()
		s := raw[English][key]
		mu.RUnlock()
		return english(s)
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
	l = l.valid()
	load(l, key)
	mu.RLock()
	defer mu.RUnlock()
	s, ok := raw[l][key]
	return s, ok
}
