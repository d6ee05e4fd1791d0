package locale

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// asYAML is what yaml.v3 reads of a catalog file, as readFile gives it.
func asYAML(t *testing.T, data string) ([]fileEntry, error) {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(data), &doc); err != nil {
		return nil, err
	}
	var out []fileEntry
	if len(doc.Content) == 0 {
		return nil, nil
	}
	m := doc.Content[0]
	if m.Kind != yaml.MappingNode {
		t.Fatalf("not a map: %q", data)
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		e := fileEntry{key: k.Value, line: k.Line, text: v.Value}
		if v.Kind == yaml.MappingNode {
			e.text = ""
			for j := 0; j+1 < len(v.Content); j += 2 {
				e.forms = append(e.forms, [2]string{v.Content[j].Value, v.Content[j+1].Value})
				if v.Content[j].Value == "other" {
					e.text = v.Content[j+1].Value
				}
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// TestReadFileAsYAML reads every catalog file of the module with readFile
// and with yaml.v3: the same keys, lines, texts and plural forms.
func TestReadFileAsYAML(t *testing.T) {
	n := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasPrefix(d.Name(), "messages") || !strings.HasSuffix(d.Name(), ".yaml") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		got, err := readFile(string(data))
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		want, err := asYAML(t, string(data))
		if err != nil {
			t.Errorf("%s: yaml.v3: %v", path, err)
			return nil
		}
		if !reflect.DeepEqual(got, want) {
			for i := range min(len(got), len(want)) {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Errorf("%s: read %+v, yaml.v3 %+v", path, got[i], want[i])
					break
				}
			}
			if len(got) != len(want) {
				t.Errorf("%s: %d messages, yaml.v3 %d", path, len(got), len(want))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 30 {
		t.Errorf("only %d catalog files found", n)
	}
}

// TestReadFileForms reads each form a catalog file may take as yaml.v3
// reads it, and refuses by its line what it does not read.
func TestReadFileForms(t *testing.T) {
	for _, data := range []string{
		"",
		"# a comment\n\na.b: \"x\"\n",
		"a.b: \"tab\\tnew\\nline \\\"q\\\" \\\\ \\u2068x\\u2069 \\x41 \\U0001F600 \\_\"\n",
		"a.b: 'it''s'\na.c: 'plain'\na.d: ''\n",
		"a.b: plain text, with 'quotes' and \"these\"   \na.c: text # a comment\n",
		"a.b: |\n  one\n    two\n\n  three\n\n\na.c: |-\n  x\n  y\n\n# after\na.d: \"z\"\n",
		"a.b: |\n  last line, no break",
		"a.b: |-\n  one\n   \n  two\n",
		"a.b: {one: \"%d x\", other: '%d xs'}\na.c: {other: \"o\", one: \"1\"}  # c\n",
		"a.b: \"x\"   # c\r\na.c: 'y'\r\n",
		"\ufeffa.b: \"bom\"\n",
		"A_b-1.c: \"key chars\"\n",
		"a.b: 100% sure\n",
	} {
		got, err := readFile(data)
		if err != nil {
			t.Errorf("%q: %v", data, err)
			continue
		}
		want, err := asYAML(t, data)
		if err != nil {
			t.Errorf("%q: yaml.v3: %v", data, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: read %+v, yaml.v3 %+v", data, got, want)
		}
	}
	for data, line := range map[string]int{
		"a.b: \"x\"\n  more\n":          2,
		"a.b:\n  one: x\n":              1,
		"a.b: \"open\n":                 1,
		"a.b: \"x\" y\n":                1,
		"# c\na.b: x: y\n":              2,
		"a.b: - x\n":                    1,
		"a.b: {one: x}\n":               1,
		"a.b: {one: \"x\"\n":            1,
		"a.b: {one: \"x\"} y\n":         1,
		"a.b: \"\\q\"\n":                1,
		"a.b: >\n  folded\n":            1,
		"\n\na b: \"x\"\n":              3,
		"a.b:\"x\"\n":                   1,
		"a.b: |\n  x\na.c: \"y\"\n\t\n": 4,
	} {
		_, err := readFile(data)
		fe, ok := err.(*fileError)
		if !ok || fe.line != line {
			t.Errorf("%q: %v, want a refusal at line %d", data, err, line)
		}
	}
}

func BenchmarkReadFile(b *testing.B) {
	data, err := os.ReadFile("../cli/messages.en.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := readFile(string(data)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadFileYAML(b *testing.B) {
	data, err := os.ReadFile("../cli/messages.en.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			b.Fatal(err)
		}
	}
}
