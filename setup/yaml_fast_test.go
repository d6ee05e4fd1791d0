package setup

import (
	"fmt"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"rumref/referee/pirates"
)

// fastSaveHead is the setup part of a finished 5-player save as rumref
// writes it, with the empty answer list the journal's fast reader puts in
// place of the answers.
const fastSaveHead = `# rumref save file: the setup and every answer given. Resume with: rumref resume FILE
format: 2
game: pirates
pirates:
  players:
    - name: Ann
      color: gold
    - name: Bo
      color: violet
  start: 0
  layout:
    - section: 4
      turn: 2
    - section: 1
      turn: 3
    - section: 9
      turn: 3
    - section: 2
      turn: 1
    - section: 6
      turn: 2
    - section: 5
      turn: 0
    - section: 8
      turn: 3
    - section: 3
      turn: 3
    - section: 7
      turn: 0
  rules: 3
started: "2026-12-01T20:15:00Z"
played: 42
web:
  table: abc
  seats:
    - x1
    - "y 2"
answers: []
`

// parsedByYAML is the node tree the YAML parser makes of data (nil when
// it refuses it), as ParseYAMLDoc keeps it.
func parsedByYAML(data []byte) *yaml.Node {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil || root.Kind != yaml.DocumentNode || len(root.Content) != 1 {
		return nil
	}
	return root.Content[0]
}

// sameNodes reports how a and b differ in what the strict decoder and the
// line look-ups read (comments aside), or "".
func sameNodes(a, b *yaml.Node, at string) string {
	if a.Kind != b.Kind || a.Tag != b.Tag || a.Value != b.Value || a.Style != b.Style || a.Anchor != b.Anchor ||
		a.Line != b.Line || a.Column != b.Column || len(a.Content) != len(b.Content) || (a.Alias == nil) != (b.Alias == nil) {
		return fmt.Sprintf("%s: fast %+v, YAML %+v", at, *a, *b)
	}
	for i := range a.Content {
		if d := sameNodes(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

func checkFastYAML(t *testing.T, data []byte) *yaml.Node {
	t.Helper()
	fast := fastYAML(data)
	if fast == nil {
		return nil
	}
	whole := parsedByYAML(data)
	if whole == nil {
		t.Fatalf("the fast reader takes %q, the YAML parser refuses it", data)
	}
	if d := sameNodes(fast, whole, ""); d != "" {
		t.Fatalf("%q: %s", data, d)
	}
	return fast
}

// TestFastYAMLReadsWhatRumrefWrites: the setup part of a save, a score
// sheet and a config encoded by EncodeYAML take the fast way and give the
// YAML parser's tree; documents outside the subset are left to the parser.
func TestFastYAMLReadsWhatRumrefWrites(t *testing.T) {
	encoded, err := EncodeYAML(struct {
		Setup pirates.Config `yaml:"pirates"`
	}{pirates.Config{Players: []pirates.PlayerConfig{{Name: "Ann Lee", Color: "gold"}, {Name: "Bo", Color: "violet"}}, Rules: 3}})
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []string{fastSaveHead, string(encoded) + "answers: []\n"} {
		if checkFastYAML(t, []byte(doc)) == nil {
			t.Fatalf("not read the fast way:\n%s", doc)
		}
	}
	var cfg struct {
		Format int            `yaml:"format"`
		Game   string         `yaml:"game"`
		Setup  pirates.Config `yaml:"pirates"`
		Start  string         `yaml:"started"`
		Played int            `yaml:"played"`
		Web    struct {
			Table string   `yaml:"table"`
			Seats []string `yaml:"seats"`
		} `yaml:"web"`
		Answers []string `yaml:"answers"`
	}
	if err := DecodeYAML([]byte(fastSaveHead), &cfg); err != nil || cfg.Setup.Players[1].Name != "Bo" || cfg.Web.Seats[1] != "y 2" || cfg.Played != 42 {
		t.Fatalf("decoded %+v, %v", cfg, err)
	}
	for _, doc := range fastRefused {
		if fastYAML([]byte(doc)) != nil {
			t.Errorf("read the fast way: %q", doc)
		}
	}
}

// fastRefused are documents outside the subset (each also a fuzz seed).
var fastRefused = []string{
	"a:\n- b\n", "a: b\n  c\n", "a: yes\nb: ~\n", "a: null\n", "a: True\n", "a: b #c\n", "a: -0\n", "a: 0123\n",
	"a: 1234567890\n", "a:\tb\n", "a: b\r\n", "a: b\n# c\n", "a: [ ]\n", "a: b \n", "a: b", "a:\n", "a: b\n\nc: d\n",
	"a: 'b'\n", "a: \"b\\\"c\"\n", "a: &x b\nc: *x\n", "--- \na: b\n", "a: b\n---\nc: d\n", " a: b\n", "a:\n  b: c\n d: e\n",
	"a:\n  - b: c\n   d: e\n", "a: \"\u00e9\"\n", "a: é\n", "a:b\n", "1: a\n", "a: {b: c}\n", "a: .5\n", "a: b: c\n",
}

// FuzzFastYAML: every document the fast reader takes, the YAML parser
// takes too, into the same tree.
func FuzzFastYAML(f *testing.F) {
	f.Add([]byte(fastSaveHead))
	f.Add([]byte(issueSheet))
	for _, doc := range fastRefused {
		f.Add([]byte(doc))
	}
	for _, v := range []string{"Ann  Lee", "a - b", "a'b", "x.y", "-5", "0", "999999999", "\"\"", "\"a #b\"", "\"yes\"", "A_1-b"} {
		f.Add([]byte(strings.Replace(fastSaveHead, "Bo", v, 1)))
		f.Add([]byte(strings.Replace(fastSaveHead, "color: gold", "color: "+v, 1)))
	}
	f.Fuzz(func(t *testing.T, data []byte) { checkFastYAML(t, data) })
}
