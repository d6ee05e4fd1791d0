package locale

import (
	"embed"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/message/catalog"
)

//go:embed testdata/messages.*.yaml
var testMessages embed.FS

var _ = func() bool {
	sub, err := fs.Sub(testMessages, "testdata")
	if err != nil {
		panic(err)
	}
	return Register("ltest", sub)
}()

func TestSprintfInBothLanguages(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		key  string
		args []any
		want string
	}{
		{English, "ltest.moved", []any{"Ann", "the pub"}, "Ann moves to the pub."},
		{German, "ltest.moved", []any{"Ann", "die Kneipe"}, "Nach die Kneipe zieht Ann."},
		{English, "ltest.barrel", []any{1}, "1 barrel"},
		{English, "ltest.barrel", []any{3}, "3 barrels"},
		{German, "ltest.barrel", []any{1}, "1 Fass"},
		{German, "ltest.barrel", []any{0}, "0 Fässer"},
		{English, "ltest.braces", nil, `Type {name} or $x as it is: 100% \ sure.`},
		{German, "ltest.braces", nil, `Tippe {name} oder $x so: 100% \ sicher.`},
		{German, "ltest.english.only", []any{"Bo"}, "Only in English, Bo."},
		{German, "ltest.nowhere", nil, "ltest.nowhere"},
		{German, "nopackage.key", nil, "nopackage.key"},
	} {
		if got := c.l.Sprintf(c.key, c.args...); got != c.want {
			t.Errorf("%s %s %v = %q, want %q", c.l, c.key, c.args, got, c.want)
		}
	}
	if got := German.Get("ltest.braces"); got != `Tippe {name} oder $x so: 100%% \ sicher.` {
		t.Errorf("Get = %q", got)
	}
	misses := strings.Join(Misses(), "|")
	for _, want := range []string{"de ltest.english.only", "de ltest.nowhere", "de nopackage.key"} {
		if !strings.Contains(misses, want) {
			t.Errorf("misses %q lack %q", misses, want)
		}
	}
}

func TestCheckMarksAndMisses(t *testing.T) {
	SetChecking(true)
	defer SetChecking(false)
	if got := German.Sprintf("ltest.barrel", 2); got != Open+"2 Fässer"+Close {
		t.Errorf("marked = %q", got)
	}
	if got := German.Sprintf("ltest.english.only", "x"); got != "⟦MISSING ltest.english.only⟧" {
		t.Errorf("a miss under the check = %q", got)
	}
	if got := Unmark(Open + "a" + Open + "b" + Close + Close); got != "ab" {
		t.Errorf("Unmark = %q", got)
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{"de": German, "DE": German, "de_DE.UTF-8": German, "de-AT": German,
		"en": English, "en_GB.UTF-8": English, "Deutsch": German, " english ": English} {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	_, err := Parse("fr")
	if err == nil || !strings.Contains(err.Error(), `"fr"`) || !strings.Contains(err.Error(), "de, en") {
		t.Errorf("Parse(fr) error = %v", err)
	}
}

func TestFromEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, c := range []struct {
		env  map[string]string
		want Lang
	}{
		{map[string]string{}, English},
		{map[string]string{"LANG": "de_DE.UTF-8"}, German},
		{map[string]string{"LANG": "de_DE.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, English},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_ALL": "de_CH.UTF-8"}, German},
		{map[string]string{"LANG": "C"}, English},
		{map[string]string{"LANG": "fr_FR.UTF-8"}, English},
	} {
		if got := fromEnv(env(c.env)); got != c.want {
			t.Errorf("fromEnv(%v) = %v, want %v", c.env, got, c.want)
		}
	}
}

func TestFromAcceptLanguage(t *testing.T) {
	for h, want := range map[string]Lang{
		"": English, "de-DE,de;q=0.9,en;q=0.8": German, "en-US,en;q=0.9,de;q=0.5": English,
		"fr-FR,fr;q=0.9,de;q=0.8": German, "fr-FR": English, "de-CH": German, "garbage;;q=x": English,
		// chromium's emulation repeats the weight; an entry that does not read is skipped, the others kept
		"de-DE,de;q=0.9;q=0.9": German, "de;q=0.9;q=0.9": German, "en;q=x,de;q=0.5": German,
		"!!,de": German, "de;q=0,en": English, "en;q=0.4,de;q=0.6": German, "de;q=2,en": English,
		" de-AT ; q=0.8 , fr": German, "*,de;q=0.1": German, ",,;": English, "de;q=0.5;q=x": German,
	} {
		if got := FromAcceptLanguage(h); got != want {
			t.Errorf("FromAcceptLanguage(%q) = %v, want %v", h, got, want)
		}
	}
}

// TestNumbersAreDigits: a whole number given to Sprintf is written as its
// digits alone in every language (x/text's printer would group them:
// 12,345 and 12.345), with its width, and still picks the plural form.
func TestNumbersAreDigits(t *testing.T) {
	for _, c := range []struct {
		l    Lang
		key  string
		args []any
		want string
	}{
		{English, "ltest.number", []any{12345, int64(8080)}, "seed 12345, port 8080, [   42]"},
		{German, "ltest.number", []any{uint16(54321), int32(-1234567)}, "Saat 54321, Port -1234567, [   42]"},
		{English, "ltest.barrel", []any{1000}, "1000 barrels"},
		{German, "ltest.barrel", []any{int64(1)}, "1 Fass"},
		{German, "ltest.barrel", []any{uint(2001)}, "2001 Fässer"},
	} {
		args := append(c.args, 42)
		if c.key == "ltest.barrel" {
			args = c.args
		}
		if got := c.l.Sprintf(c.key, args...); got != c.want {
			t.Errorf("%s %s %v = %q, want %q", c.l, c.key, args, got, c.want)
		}
	}
}

// TestReadRefuses: a catalog file with a key outside its prefix, a key
// twice, a ${, an unknown plural form or a plural without its other form
// is refused, and the error names the file, its line and the key.
func TestReadRefuses(t *testing.T) {
	for data, want := range map[string]string{
		"p.a: \"x\"\nq.b: \"y\"\n":             `p/messages.en.yaml line 2: the key q.b does not begin with "p."`,
		"p.a: \"x\"\n\np.a: \"y\"\n":           "p/messages.en.yaml line 3: the key p.a is there twice",
		"p.a: \"${x}\"\n":                      "p/messages.en.yaml line 1: p.a holds ${",
		"p.a: {one: \"x\", other: \"${y}\"}\n": "p/messages.en.yaml line 1: p.a holds ${",
		"p.a: {one: \"x\", lots: \"y\"}\n":     "p/messages.en.yaml line 1: lots is no plural form",
		"p.a: {one: \"x\"}\n":                  "p/messages.en.yaml line 1: the plural p.a has no other form",
		"p.a: \"x\"\np.b:\n":                   "p/messages.en.yaml line 2: p.b has no text",
	} {
		p := &pkg{prefix: "p", fsys: fstest.MapFS{"messages.en.yaml": {Data: []byte(data)}}}
		err := p.read(English)
		for _, e := range p.msgs[English] {
			if err == nil {
				err = e.ready()
			}
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", data, err, want)
		}
	}
}

// TestPlainPrintfAsThePrinter: a text with plain verbs is written by
// plainPrintf exactly as x/text's printer writes it, or left to it.
func TestPlainPrintfAsThePrinter(t *testing.T) {
	b := catalog.NewBuilder()
	for i, c := range []struct {
		f    string
		args []any
	}{
		{"%s moves to %s.", []any{"Ann", "the pub"}},
		{"%d%% of %v, %q", []any{42, "x", `a "b"`}},
		{"%v and %d", []any{int64(-7), uint(8)}},
		{"%s", []any{3}},
		{"%d", []any{"x"}},
		{"%d", []any{1.5}},
		{"no verbs, 100%%", nil},
	} {
		key := fmt.Sprintf("k%d", i)
		if err := b.SetString(language.German, key, c.f); err != nil {
			t.Fatal(err)
		}
		want := message.NewPrinter(language.German, message.Catalog(b)).Sprintf(key, plainNumbers(c.args)...)
		if plainVerbs(c.f) != len(c.args) {
			t.Fatalf("%q: %d verbs", c.f, plainVerbs(c.f))
		}
		if got, ok := plainPrintf(nil, c.f, c.args); ok && string(got) != want {
			t.Errorf("%q %v: %q, the printer %q", c.f, c.args, got, want)
		}
	}
	for _, f := range []string{"%[2]s %[1]s", "%5d", "100% sure", "end %"} {
		if plainVerbs(f) >= 0 {
			t.Errorf("%q is taken as plain", f)
		}
	}
}
