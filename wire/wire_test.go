package wire

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// types are the package's objects, by name; TestTypesListed keeps the
// list whole.
var types = map[string]reflect.Type{}

func init() {
	for _, v := range []any{Question{}, Option{}, Event{}, Error{}, Info{}, Status{}, Log{}, LogAnswer{}, LogEvent{},
		Help{}, Rules{}, Confirm{}, PageConfirm{}, End{}, Play{}, Exit{}, PageExit{}, Web{}, WebSeat{}, State{}, Answered{}, Answers{},
		Join{}, JoinSeat{}, Seats{}, JoinState{}, Claim{}, Answer{}, Undo{}, Correct{}, ConfirmReply{}, Reply{}, ValueRequest{}} {
		t := reflect.TypeOf(v)
		types[t.Name()] = t
	}
}

// TestTypesListed checks that types holds every struct type declared in
// the package, so none escapes the comparison with the doc.
func TestTypesListed(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range g.Specs {
				if ts, ok := s.(*ast.TypeSpec); ok {
					if _, ok := ts.Type.(*ast.StructType); ok {
						declared = append(declared, ts.Name.Name)
					}
				}
			}
		}
	}
	for _, n := range declared {
		if types[n] == nil {
			t.Errorf("wire.%s is not in the test's list of types: add it there and document it in docs/protocol.md", n)
		}
	}
	if len(declared) != len(types) {
		t.Errorf("declared %d struct types, the test lists %d", len(declared), len(types))
	}
}

// field is one JSON field as the code or the doc has it.
type field struct {
	name    string
	leftOut bool // omitempty in the code; "left out" in the doc
}

// codeFields are the JSON fields of t, from its tags.
func codeFields(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, codeFields(f.Type)...)
			continue
		}
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, field{name: name, leftOut: slices.Contains(strings.Split(opts, ","), "omitempty")})
	}
	return out
}

var (
	marker   = regexp.MustCompile(`^<!-- wire\.(\w+) -->$`)
	backtick = regexp.MustCompile("`([^`]+)`")
)

// docFields reads the field tables of docs/protocol.md: each follows a
// line "<!-- wire.NAME -->"; the first cell of a row names one or more
// fields in backticks, and a field that may be missing says "left out".
func docFields(text string) (map[string][]field, []string) {
	var bad []string
	out := map[string][]field{}
	sc := bufio.NewScanner(strings.NewReader(text))
	cur, row := "", 0
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if m := marker.FindStringSubmatch(line); m != nil {
			if _, dup := out[m[1]]; dup {
				bad = append(bad, fmt.Sprintf("wire.%s has two tables", m[1]))
			}
			cur, row = m[1], 0
			out[cur] = []field{}
			continue
		}
		if cur == "" {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			if row == 0 {
				bad = append(bad, fmt.Sprintf("the marker of wire.%s is not followed by its table", cur))
			}
			cur = ""
			continue
		}
		row++
		if row <= 2 { // the header and the |---| line
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		names := backtick.FindAllStringSubmatch(cells[0], -1)
		if len(names) == 0 {
			bad = append(bad, fmt.Sprintf("wire.%s: a row names no field: %s", cur, line))
		}
		for _, n := range names {
			out[cur] = append(out[cur], field{name: n[1], leftOut: strings.Contains(line, "left out")})
		}
	}
	return out, bad
}

// TestProtocolDoc checks that docs/protocol.md lists each wire type's
// fields exactly: none missing, none that the type lacks, and a field
// left out of the JSON when empty is said to be.
func TestProtocolDoc(t *testing.T) {
	b, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range checkDoc(string(b)) {
		t.Errorf("%s: %s", docPath, p)
	}
}

const docPath = "../docs/protocol.md"

// checkDoc compares the doc's tables with the types and says what
// differs.
func checkDoc(text string) []string {
	doc, bad := docFields(text)
	for name, typ := range types {
		fields, ok := doc[name]
		if !ok {
			bad = append(bad, fmt.Sprintf("no table for wire.%s (a line <!-- wire.%s --> and a table of its fields)", name, name))
			continue
		}
		inDoc := map[string]field{}
		for _, f := range fields {
			if _, dup := inDoc[f.name]; dup {
				bad = append(bad, fmt.Sprintf("wire.%s: field %q is listed twice", name, f.name))
			}
			inDoc[f.name] = f
		}
		inCode := map[string]bool{}
		for _, f := range codeFields(typ) {
			inCode[f.name] = true
			d, ok := inDoc[f.name]
			switch {
			case !ok:
				bad = append(bad, fmt.Sprintf("wire.%s has field %q (json tag), missing in its table", name, f.name))
			case f.leftOut && !d.leftOut:
				bad = append(bad, fmt.Sprintf("wire.%s: field %q is left out when empty (omitempty), but its row does not say so", name, f.name))
			case !f.leftOut && d.leftOut:
				bad = append(bad, fmt.Sprintf("wire.%s: field %q is always present, but its row says it is left out", name, f.name))
			}
		}
		var extra []string
		for n := range inDoc {
			if !inCode[n] {
				extra = append(extra, n)
			}
		}
		sort.Strings(extra)
		for _, n := range extra {
			bad = append(bad, fmt.Sprintf("wire.%s: field %q is documented but the type has no such field", name, n))
		}
	}
	var unknown []string
	for name := range doc {
		if types[name] == nil {
			unknown = append(unknown, name)
		}
	}
	sort.Strings(unknown)
	for _, n := range unknown {
		bad = append(bad, fmt.Sprintf("a table for wire.%s, which is not a type of package wire", n))
	}
	return bad
}

// TestProtocolDocDrift checks that checkDoc catches each way the doc and
// the types can part: a field taken out of a table, a field documented
// that no type has, a table for no type, a type without a table, and a
// row that forgets a field may be left out.
func TestProtocolDocDrift(t *testing.T) {
	b, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	if p := checkDoc(doc); len(p) > 0 {
		t.Fatalf("the doc itself differs: %v", p)
	}
	for _, c := range []struct{ name, old, new, want string }{
		{"a field missing", "| `actor_name` | string | that player's name, or `\"the table\"` |\n| `kind`", "| `kind`",
			`wire.Question has field "actor_name" (json tag), missing in its table`},
		{"a field too many", "| `label` | string | the option for people |\n", "| `label` | string | the option for people |\n| `hint` | string | more |\n",
			`wire.Option: field "hint" is documented but the type has no such field`},
		{"a table for no type", "<!-- wire.Undo -->", "<!-- wire.Redo -->",
			"a table for wire.Redo, which is not a type of package wire"},
		{"a type without a table", "<!-- wire.Undo -->", "<!-- nothing -->", "no table for wire.Undo (a line <!-- wire.Undo --> and a table of its fields)"},
		{"left out unsaid", "to type as it stands; left out when there is none", "to type as it stands",
			`wire.Question: field "example" is left out when empty (omitempty), but its row does not say so`},
	} {
		if !strings.Contains(doc, c.old) {
			t.Fatalf("%s: the doc has no %q to change", c.name, c.old)
		}
		got := checkDoc(strings.Replace(doc, c.old, c.new, 1))
		if !slices.Contains(got, c.want) {
			t.Errorf("%s: checkDoc said %q, want %q among them", c.name, got, c.want)
		}
	}
}
