package yamlfile

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"rumref/locale"
)

type seat struct {
	Name  string `yaml:"name"`
	Color string `yaml:"color"`
}

// side reads one of two words, as the card files' enumerations do.
type side int

func (s *side) UnmarshalText(b []byte) error {
	switch string(b) {
	case "crown", "pirate":
		return nil
	}
	return fmt.Errorf("side %q is not crown or pirate", b)
}

type target struct {
	Name   string    `yaml:"name"`
	Coins  int       `yaml:"coins"`
	List   []int     `yaml:"list"`
	Layout [9]seat   `yaml:"layout"`
	Flag   bool      `yaml:"flag"`
	Nest   []nest    `yaml:"nest"`
	Seats  []seat    `yaml:"seats"`
	Side   side      `yaml:"side"`
	Inline inlined   `yaml:",inline"`
	Ratio  float64   `yaml:"ratio"`
	Sides  []side    `yaml:"sides"`
	Table  *struct{} `yaml:"table"`
}

type inlined struct {
	Teach bool `yaml:"teach"`
}

// nest nests to itself, for the alias tests.
type nest []nest

// internals are words of Go or YAML that no refusal may show.
var internals = []string{"!!", "yamlfile.", "unmarshal", "strconv", "reflect", "[]int", "int64", "yaml:"}

// TestDecodeRefusesInPlainWords checks every class of refusal: each names
// the line and says what is allowed, with no Go type, YAML tag or strconv
// text.
func TestDecodeRefusesInPlainWords(t *testing.T) {
	cases := []struct{ doc, want string }{
		{"coins: 010\n", `line 1, field "coins": "010" is not a whole number`},
		{"coins: 0x10\n", `"0x10" is not a whole number`},
		{"coins: 2.7\n", `"2.7" is not a whole number`},
		{"coins: 1e3\n", `"1e3" is not a whole number`},
		{"coins: 1_000\n", `"1_000" is not a whole number`},
		{"coins: +3\n", `"+3" is not a whole number`},
		{"coins: \"3\"\n", `write the number "3" without quotes`},
		{"coins: abc\n", `"abc" is not a whole number`},
		{"coins: 99999999999999999999\n", `is too large`},
		{"coins: [1]\n", `line 1, field "coins": write a whole number here, not a list`},
		{"list: [1, 010]\n", `line 1, list entry 2: "010" is not a whole number`},
		{"list:\n  - 1\n  - 2.5\n", `line 3, list entry 2: "2.5" is not a whole number`},
		{"list: 3\n", `line 1, field "list": write a list (such as [a, b] or lines starting with -) here, not "3"`},
		{"name: [a, b]\n", `line 1, field "name": write one value (a name or a word) here, not a list`},
		{"name: {a: 1}\n", `not a group of fields`},
		{"doubloons: 3\n", `line 1: "doubloons" is not a field here (allowed: name, coins, list, layout, flag, nest, seats, side, teach, ratio, sides, table)`},
		{"name: a\nname: b\n", `line 2, field "name": the field is given twice (first on line 1): keep one`},
		{"layout: [{name: a}]\n", `line 1, field "layout": the list has 1 entries; it needs exactly 9`},
		{"flag: maybe\n", `line 1, field "flag": write true or false here, not "maybe"`},
		{"seats:\n  - name: Ann\n    colour: red\n", `line 3, seats entry 1 ("Ann"): "colour" is not a field here (allowed: name, color)`},
		{"seats:\n  - {name: Ann}\n  - {name: Bo, color: [x]}\n", `line 3, seats entry 2 ("Bo"): write one value`},
		{"- 1\n", `write fields (name, coins, list,`},
		{"side: king\n", `line 1, field "side": side "king" is not crown or pirate`},
		{"sides: [crown, [x]]\n", `line 1, field "sides": write one word here, not a list`},
		{"ratio: [1]\n", `write a number here, not a list`},
		{"table: 3\n", `write fields (, each as name: value) here, not "3"`},
		{"name: a\n---\nname: b\n", `line 2: the file holds more than one YAML document`},
		{"name: [\n", `this is not valid YAML`},
		{"", `the file is empty`},
		{"# only a comment\n", `the file is empty`},
		{"nest: &a [*a]\n", `not valid YAML`},
	}
	for _, c := range cases {
		var v target
		err := Decode([]byte(c.doc), &v, MaxSize)
		if err == nil {
			t.Errorf("%q: accepted", c.doc)
			continue
		}
		var ye *Error
		if !errors.As(err, &ye) {
			t.Errorf("%q: error %T, not an *Error", c.doc, err)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.doc, err, c.want)
		}
		for _, internal := range internals {
			if strings.Contains(err.Error(), internal) {
				t.Errorf("%q: error %q shows %q", c.doc, err, internal)
			}
		}
	}
	if err := Decode([]byte("name: Ann\n"), new(target), 5); err == nil || err.Error() != "the file is 10 bytes; rumref reads at most 5" {
		t.Errorf("over the limit: %v", err)
	}
}

func TestDecodeAcceptsWhatItShould(t *testing.T) {
	var v struct {
		A int     `yaml:"a"`
		B int     `yaml:"b"`
		C []int   `yaml:"c"`
		D string  `yaml:"d"`
		E bool    `yaml:"e"`
		F float64 `yaml:"f"`
		G *int    `yaml:"g"`
		H []int   `yaml:"h"`
		I bool    `yaml:"i"`
	}
	if err := Decode([]byte("a: -2\nb: 0\nc: &x [1, 2]\nd: 010\ne: yes\nf: 0.5\ng: 7\nh: *x\n"), &v, MaxSize); err != nil {
		t.Fatal(err)
	}
	if v.A != -2 || v.B != 0 || len(v.C) != 2 || v.D != "010" || !v.E || v.F != 0.5 || v.G == nil || *v.G != 7 || len(v.H) != 2 {
		t.Fatalf("%+v", v)
	}
	var w struct {
		A int   `yaml:"a"`
		C []int `yaml:"c"`
	}
	if err := Decode([]byte("a: ~\nc:\n"), &w, MaxSize); err != nil || w.A != 0 || len(w.C) != 0 {
		t.Fatalf("null leaves the default: %v %+v", err, w)
	}
}

// TestDecodeAliasLimit: aliases may not make a small file grow without
// bound (yaml.v3 refuses excessive aliasing).
func TestDecodeAliasLimit(t *testing.T) {
	// A billion laughs: ten levels, each ten times the one before.
	var b strings.Builder
	b.WriteString("a0: &a0 [" + strings.Repeat("x,", 9) + "x]\n")
	for i := 1; i <= 9; i++ {
		fmt.Fprintf(&b, "a%d: &a%d [%s*a%d]\n", i, i, strings.Repeat(fmt.Sprintf("*a%d, ", i-1), 9), i-1)
	}
	var deep struct {
		A0 []string                   `yaml:"a0"`
		A1 [][]string                 `yaml:"a1"`
		A2 [][][]string               `yaml:"a2"`
		A3 [][][][]string             `yaml:"a3"`
		A4 [][][][][]string           `yaml:"a4"`
		A5 [][][][][][]string         `yaml:"a5"`
		A6 [][][][][][][]string       `yaml:"a6"`
		A7 [][][][][][][][]string     `yaml:"a7"`
		A8 [][][][][][][][][]string   `yaml:"a8"`
		A9 [][][][][][][][][][]string `yaml:"a9"`
	}
	err := Decode([]byte(b.String()), &deep, MaxSize)
	if err == nil || !strings.Contains(err.Error(), "excessive aliasing") {
		t.Fatalf("billion laughs: %v", err)
	}
}

func TestLine(t *testing.T) {
	doc := []byte("game: x\nplayers:\n  - name: Ann\n    wares: [1, 2]\n  - name: Bo\n")
	for _, c := range []struct {
		path []any
		want int
	}{{[]any{"game"}, 1}, {[]any{"players", 1}, 5}, {[]any{"players", 0, "wares", 1}, 4}, {[]any{"players", 7}, 3}, {[]any{"none"}, 1}} {
		if got := Line(doc, c.path...); got != c.want {
			t.Errorf("Line(%v) = %d, want %d", c.path, got, c.want)
		}
	}
	if !Has(doc, "players") || Has(doc, "name") || Line([]byte("a: [\n"), "a") != 0 {
		t.Error("Has or a bad document")
	}
}

// FuzzDecode: whatever the file, the decoder never panics and refuses in
// words: an *Error with no Go type, YAML tag or strconv text.
func FuzzDecode(f *testing.F) {
	f.Add([]byte("name: Ann\ncoins: 3\nlist: [1, 2]\nseats: [{name: a, color: b}]\n"))
	f.Add([]byte("a: &a [1, 2]\nb: [*a, *a]\n"))
	f.Add([]byte("seats: [{name: Ann, color: 010}, {name: Bo, coins: 2.7}]\n"))
	f.Add([]byte("layout: [{name: a}]\nside: crown\nsides: [pirate]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		err := Decode(data, new(target), MaxSize)
		if err == nil {
			return
		}
		var ye *Error
		if !errors.As(err, &ye) {
			t.Fatalf("error %T %v", err, err)
		}
		for _, internal := range internals {
			if strings.Contains(ye.msg.String(), internal) && !strings.Contains(string(data), internal) {
				t.Fatalf("error %q shows %q", err, internal)
			}
		}
	})
}

// TestSyntaxProblemsInTheReadersLanguage: yaml.v3's reason a text is no
// YAML is a message of the catalog, English as yaml.v3 words it and in
// German for a German reader; one the catalog does not know stays as it
// is.
func TestSyntaxProblemsInTheReadersLanguage(t *testing.T) {
	for _, p := range yamlProblems {
		m := say("syntax", syntaxProblem(p.problem))
		if en := m.In(locale.English); locale.Unmark(en) != "this is not valid YAML: "+p.problem {
			t.Errorf("%q in English: %q", p.problem, en)
		}
		if de := locale.Unmark(m.In(locale.German)); strings.Contains(de, p.problem) || !strings.HasPrefix(de, "das ist kein gültiges YAML: ") {
			t.Errorf("%q in German: %q", p.problem, de)
		}
	}
	for _, c := range []struct{ doc, de string }{
		{"name: [\n", "Zeile 1: das ist kein gültiges YAML: ein erwarteter Wert fehlt"},
		{"a: *x\n", "das ist kein gültiges YAML: Verweis auf einen unbekannten Anker 'x'"},
		{"a:\n\t- b\n", "Zeile 2: das ist kein gültiges YAML: ein Zeichen, mit dem nichts in YAML beginnen kann"},
	} {
		var v target
		err := Decode([]byte(c.doc), &v, MaxSize)
		var ye *Error
		if !errors.As(err, &ye) || locale.Unmark(ye.In(locale.German)) != c.de {
			t.Errorf("%q in German: %v, want %q", c.doc, err, c.de)
		}
	}
	unknown := say("syntax", syntaxProblem("something new"))
	if got := locale.Unmark(unknown.In(locale.German)); got != "das ist kein gültiges YAML: something new" {
		t.Errorf("an unknown problem: %q", got)
	}
}
