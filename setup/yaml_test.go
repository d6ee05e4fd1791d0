package setup

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"rumref/referee/pirates"
)

// TestDecodeYAMLRefusesInPlainWords checks every class of refusal of the
// decoder: each names the line and the field and says what is allowed,
// with no Go type, YAML tag or strconv text.
func TestDecodeYAMLRefusesInPlainWords(t *testing.T) {
	type target struct {
		Name   string                 `yaml:"name"`
		Coins  int                    `yaml:"coins"`
		List   []int                  `yaml:"list"`
		Layout pirates.Layout         `yaml:"layout"`
		Flag   bool                   `yaml:"flag"`
		Nest   []map0                 `yaml:"nest"`
		Seats  []pirates.PlayerConfig `yaml:"seats"`
	}
	cases := []struct{ doc, want string }{
		{"coins: 010\n", `line 1, field "coins": "010" is not a whole number`},
		{"coins: 0x10\n", `"0x10" is not a whole number`},
		{"coins: 2.7\n", `"2.7" is not a whole number`},
		{"coins: 1e3\n", `"1e3" is not a whole number`},
		{"coins: 1_000\n", `"1_000" is not a whole number`},
		{"coins: \"3\"\n", `write the number "3" without quotes`},
		{"coins: abc\n", `"abc" is not a whole number`},
		{"coins: 99999999999999999999\n", `is too large`},
		{"coins: [1]\n", `write a number here, not a list`},
		{"list: [1, 010]\n", `line 1, list entry 2: "010" is not a whole number`},
		{"list: 3\n", `field "list": write a list here`},
		{"name: [a, b]\n", `line 1, field "name": write one value (a name or a word) here, not a list`},
		{"name: {a: 1}\n", `not a group of fields`},
		{"doubloons: 3\n", `line 1: "doubloons" is not a field here (allowed: name, coins, list, layout, flag, nest, seats)`},
		{"name: a\nname: b\n", `line 2, field "name": the field is given twice (first on line 1): keep one`},
		{"layout: [{section: 1}]\n", `line 1, field "layout": the list has 1 entries; it needs exactly 9`},
		{"flag: maybe\n", `"maybe" is not true or false`},
		{"seats:\n  - name: Ann\n    colour: red\n", `line 3, seats entry 1 ("Ann"): "colour" is not a field here (allowed: name, color)`},
		{"seats:\n  - {name: Ann}\n  - {name: Bo, color: [x]}\n", `line 3, seats entry 2 ("Bo"), field "color": write one value`},
		{"- 1\n", `write fields here (name, coins,`},
		{"name: a\n---\nname: b\n", `line 2: the file holds more than one YAML document`},
		{"name: [\n", `this is not valid YAML`},
		{"", `the file is empty`},
		{"nest: &a [*a]\n", `the alias *a is used inside its own anchor`},
		{"nest: " + strings.Repeat("[", 70) + strings.Repeat("]", 70) + "\n", `nest more than 64 levels deep`},
	}
	for _, c := range cases {
		var v target
		err := DecodeYAML([]byte(c.doc), &v)
		if err == nil {
			t.Errorf("%q: accepted", c.doc)
			continue
		}
		var ye *YAMLError
		if !errors.As(err, &ye) {
			t.Errorf("%q: error %T, not a YAMLError", c.doc, err)
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.doc, err, c.want)
		}
		for _, internal := range []string{"!!", "setup.", "unmarshal", "strconv", "reflect", "[]int", "int64"} {
			if strings.Contains(err.Error(), internal) {
				t.Errorf("%q: error %q shows %q", c.doc, err, internal)
			}
		}
	}
}

// map0 nests to itself, for the nesting and alias tests.
type map0 []map0

func TestDecodeYAMLAcceptsWhatItShould(t *testing.T) {
	var v struct {
		A int     `yaml:"a"`
		B int     `yaml:"b"`
		C []int   `yaml:"c"`
		D string  `yaml:"d"`
		E bool    `yaml:"e"`
		F float64 `yaml:"f"`
		G *int    `yaml:"g"`
	}
	if err := DecodeYAML([]byte("a: -2\nb: 0\nc: &x [1, 2]\nd: 010\ne: yes\nf: 0.5\ng: 7\n"), &v); err != nil {
		t.Fatal(err)
	}
	if v.A != -2 || v.B != 0 || len(v.C) != 2 || v.D != "010" || !v.E || v.F != 0.5 || v.G == nil || *v.G != 7 {
		t.Fatalf("%+v", v)
	}
	if err := DecodeYAML([]byte("a: ~\nc:\n"), &v); err != nil || v.A != 0 || v.C != nil {
		t.Fatalf("null leaves the default: %v %+v", err, v)
	}
}

// TestDecodeYAMLAliasLimit: aliases may not make a file grow beyond the
// limit, however small the file; the same values written out decode.
func TestDecodeYAMLAliasLimit(t *testing.T) {
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
	err := DecodeYAML([]byte(b.String()), &deep)
	if err == nil || !strings.Contains(err.Error(), "grows beyond 4194304 bytes") {
		t.Fatalf("billion laughs: %v", err)
	}
}

// FuzzDecodeYAML: whatever the file, the decoder never panics, never
// takes more than the alias limit, and refuses in words: a YAMLError
// with no Go type, YAML tag or strconv text.
func FuzzDecodeYAML(f *testing.F) {
	f.Add([]byte(issueSheet))
	f.Add([]byte("cards: [{name: Fog, side: crown, type: hazard, cost: 1, options: [[{do: pay, n: 1}]]}]"))
	f.Add([]byte("a: &a [1, 2]\nb: [*a, *a]\n"))
	f.Add([]byte("players: [{name: Ann, coins: 010}, {name: Bo, coins: 2.7}]\n"))
	f.Add([]byte("layout: [{section: 1}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var targets = []any{new(sheetFile), new(RunnerCardFile), new(struct {
			Layout pirates.Layout `yaml:"layout"`
			F      float64        `yaml:"f"`
			B      bool           `yaml:"b"`
			P      *int           `yaml:"p"`
		})}
		for _, v := range targets {
			err := DecodeYAML(data, v)
			if err == nil {
				continue
			}
			var ye *YAMLError
			if !errors.As(err, &ye) {
				t.Fatalf("error %T %v", err, err)
			}
			msg := ye.Where + " " + ye.Msg
			for _, internal := range []string{"!!", "setup.", "unmarshal", "strconv", "reflect", "[]int", "int64", "runner."} {
				if strings.Contains(msg, internal) && !strings.Contains(string(data), internal) {
					t.Fatalf("error %q shows %q", err, internal)
				}
			}
		}
	})
}

// flatFields and inlineFields are one document's fields, the second
// with some of them in a struct inlined with ",inline".
type flatFields struct {
	Game  string          `yaml:"game"`
	Setup *pirates.Config `yaml:"pirates,omitempty"`
	Teach bool            `yaml:"teach,omitempty"`
	Seats []string        `yaml:"seats,omitempty"`
}

type inlineFields struct {
	Game    string `yaml:"game"`
	Section struct {
		Setup *pirates.Config `yaml:"pirates,omitempty"`
	} `yaml:",inline"`
	Teach bool     `yaml:"teach,omitempty"`
	Seats []string `yaml:"seats,omitempty"`
}

func (f *inlineFields) flat() flatFields {
	return flatFields{Game: f.Game, Setup: f.Section.Setup, Teach: f.Teach, Seats: f.Seats}
}

// checkInline decodes data into the flat and the inlined fields: both
// take it or both refuse it with the same error, and what they take is
// the same and encodes to the same bytes.
func checkInline(t *testing.T, data []byte) {
	var flat flatFields
	var in inlineFields
	ferr, ierr := DecodeYAML(data, &flat), DecodeYAML(data, &in)
	if fmt.Sprint(ferr) != fmt.Sprint(ierr) {
		t.Fatalf("%q: flat %v, inlined %v", data, ferr, ierr)
	}
	if ferr != nil {
		return
	}
	if got := in.flat(); !reflect.DeepEqual(got, flat) {
		t.Fatalf("%q: flat %+v, inlined %+v", data, flat, got)
	}
	fb, err1 := EncodeYAML(&flat)
	ib, err2 := EncodeYAML(&in)
	if err1 != nil || err2 != nil || !bytes.Equal(fb, ib) {
		t.Fatalf("%q: written flat %q (%v), inlined %q (%v)", data, fb, err1, ib, err2)
	}
}

// inlineDocs are documents for the inlined fields (each also a fuzz seed).
var inlineDocs = []string{
	"game: pirates\npirates:\n  players:\n    - name: Ann\n      color: gold\n  rules: 3\nteach: true\nseats: [a, b]\n",
	"game: pirates\n", "", "pirates: 3\n", "game: x\nchess: 1\n", "game: a\ngame: b\n", "pirates: {}\npirates: {}\n",
	"teach: yes\nsection: {}\n", "Section: {pirates: {}}\n", "pirates:\n  nope: 1\n",
}

// TestInlinedFieldsAreTheOuterStructs: a struct inlined with ",inline"
// decodes as if its fields were the outer struct's (the same values, the
// same refusals, "allowed" lists and lines), and writes the same.
func TestInlinedFieldsAreTheOuterStructs(t *testing.T) {
	for _, doc := range inlineDocs {
		checkInline(t, []byte(doc))
	}
	err := DecodeYAML([]byte("game: x\nchess: 1\n"), new(inlineFields))
	if err == nil || !strings.Contains(err.Error(), "allowed: game, pirates, teach, seats") {
		t.Fatalf("unknown field: %v", err)
	}
	for _, bad := range []any{
		new(struct {
			A int `yaml:"a"`
			B struct {
				A int `yaml:"a"`
			} `yaml:",inline"`
		}),
		new(struct {
			B []int `yaml:",inline"`
		}),
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%T is taken", bad)
				}
			}()
			_ = DecodeYAML([]byte("a: 1\n"), bad)
		}()
	}
}

// FuzzInline: whatever the document, the inlined fields decode it as the
// flat ones do.
func FuzzInline(f *testing.F) {
	for _, doc := range inlineDocs {
		f.Add([]byte(doc))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkInline(t, data) })
}
