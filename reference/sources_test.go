package reference

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// ruleIDLiteral matches a string that looks like a rule ID of either game.
var ruleIDLiteral = regexp.MustCompile(`^r[pr]\.[a-z0-9]+([.-][a-z0-9]+)*$`)

// citedRuleIDs parses every non-test Go file under root and returns the rule
// IDs it cites, with the file and line of one citation each: string
// literals given to a field named Rule (referee.Event and
// referee.Question), and any other string literal shaped like an rp./rr.
// rule ID, such as one passed on to a helper. IDs built at run time cannot
// be seen and are skipped.
func citedRuleIDs(t *testing.T, root string) map[string]string {
	t.Helper()
	cited := map[string]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			// Another engineer's file may be mid-edit; say so and go on.
			t.Logf("skipping %s: %v", path, err)
			return nil
		}
		add := func(lit *ast.BasicLit) {
			if lit == nil || lit.Kind != token.STRING {
				return
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return
			}
			if _, ok := cited[s]; !ok {
				cited[s] = fset.Position(lit.Pos()).String()
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Rule" {
					lit, _ := n.Value.(*ast.BasicLit)
					add(lit)
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					if s, err := strconv.Unquote(n.Value); err == nil && ruleIDLiteral.MatchString(s) {
						add(n)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return cited
}

// TestEveryCitedRuleExists fails when engine code cites a rule ID that has
// no entry in the reference.
func TestEveryCitedRuleExists(t *testing.T) {
	root := filepath.Join("..", "referee")
	if _, err := os.Stat(root); err != nil {
		t.Skipf("no referee tree: %v", err)
	}
	cited := citedRuleIDs(t, root)
	if len(cited) == 0 {
		t.Fatal("found no rule citations at all; the scan is broken")
	}
	for id, where := range cited {
		if _, ok := lib.Lookup(id); !ok {
			t.Errorf("%s cites rule %q, which has no reference entry", where, id)
		}
	}
}

// TestCitationScanFindsLiterals checks the scanner itself on a small file.
func TestCitationScanFindsLiterals(t *testing.T) {
	dir := t.TempDir()
	src := `package x
func f() {
	emit(Event{Rule: "rp.pub", Text: "x"})
	ask(Question{ID: "pub.roll", Rule:"rp.pub.roll"})
	askDie(t, "wrangle.roll", 1, "text", "rp.dice")
	rule := "r" + "p.dyn"
	emit(Event{Rule: rule})
}
`
	if err := os.WriteFile(filepath.Join(dir, "x.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "x_test.go"), []byte("package x\nvar _ = Event{Rule: \"rp.only-in-tests\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := citedRuleIDs(t, dir)
	for _, want := range []string{"rp.pub", "rp.pub.roll", "rp.dice"} {
		if _, ok := got[want]; !ok {
			t.Errorf("scan missed %s", want)
		}
	}
	for _, not := range []string{"pub.roll", "wrangle.roll", "rp.only-in-tests", "text"} {
		if _, ok := got[not]; ok {
			t.Errorf("scan wrongly reported %s", not)
		}
	}
}

// TestNoCopiedRulebookText fails when an entry, in English or German,
// shares a run of 12 or more consecutive words with the rulebook files:
// entries are written in our own words.
func TestNoCopiedRulebookText(t *testing.T) {
	const run = 12
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	dir, files := rulebooks(wd)
	if len(files) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no rulebook files in shared/rules beside the repository or above it (from %s): CI has them beside its clone", wd)
		}
		t.Skipf("no rulebook files in shared/rules beside the repository or above it (from %s)", wd)
	}
	t.Logf("rulebooks: %s", dir)
	grams := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		w := words(string(b))
		for i := 0; i+run <= len(w); i++ {
			grams[strings.Join(w[i:i+run], " ")] = filepath.Base(f)
		}
	}
	// Both languages: a German rulebook put beside the English ones is
	// checked against the German texts as well.
	for _, e := range append(lib.All(), de.All()...) {
		for field, text := range map[string]string{"text": e.Text, "example": e.Example, "reason": e.Reason} {
			w := words(text)
			for i := 0; i+run <= len(w); i++ {
				g := strings.Join(w[i:i+run], " ")
				if src, ok := grams[g]; ok {
					t.Errorf("%s %s copies %q from %s; rewrite it in our own words", e.ID, field, g, src)
					break
				}
			}
		}
	}
}

// rulebooks finds the rulebook files: shared/rules beside the repository
// holding dir (../shared/rules from the directory of its go.mod, as CI
// lays it out), or beside a folder above it (a worktree under another
// folder). It returns the folder and its files, or no files.
func rulebooks(dir string) (string, []string) {
	for root := dir; ; root = filepath.Dir(root) {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			dir = root
			break
		}
		if filepath.Dir(root) == root {
			return "", nil
		}
	}
	for up := filepath.Dir(dir); ; up = filepath.Dir(up) {
		rules := filepath.Join(up, "shared", "rules")
		if files, _ := filepath.Glob(filepath.Join(rules, "*")); len(files) > 0 {
			return rules, files
		}
		if filepath.Dir(up) == up {
			return "", nil
		}
	}
}

// TestRulebooksFoundBesideTheRepository: the copy check finds the
// rulebooks beside the repository and beside a folder above it, and none
// when there are none.
func TestRulebooksFoundBesideTheRepository(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "wt", "clone")
	for _, d := range []string{filepath.Join(repo, "reference"), filepath.Join(top, "wt", "shared")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if dir, files := rulebooks(filepath.Join(repo, "reference")); len(files) != 0 {
		t.Fatalf("found rulebooks %v in %s where there are none", files, dir)
	}
	for _, rules := range []string{filepath.Join(top, "shared", "rules"), filepath.Join(top, "wt", "shared", "rules")} {
		if err := os.MkdirAll(rules, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(rules, "book.txt"), []byte("rules"), 0o644); err != nil {
			t.Fatal(err)
		}
		if dir, files := rulebooks(filepath.Join(repo, "reference")); dir != rules || len(files) != 1 {
			t.Fatalf("rulebooks found %s %v, want %s/book.txt", dir, files, rules)
		}
	}
}

// TestCopyCheckCatchesCopies makes sure the word-run comparison would see a
// copied sentence through changes of case and punctuation.
func TestCopyCheckCatchesCopies(t *testing.T) {
	a := words("The player takes one gold coin from the tile holder. Players keep the number secret.")
	b := words("the PLAYER takes one gold coin, from the tile-holder; players keep the number secret")
	if strings.Join(a, " ") != strings.Join(b, " ") {
		t.Fatalf("normalization differs: %v vs %v", a, b)
	}
}

// words splits text into lowercase words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 && r != '—' && r != '–')
	})
}

// TestEveryRunnerCardHasAnEntry checks that each card named in the Rum
// Runner catalog has an rr.cards.<name> entry, the ID the runner engine
// cites when a card's text is applied.
func TestEveryRunnerCardHasAnEntry(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "setup", "runner_cards.yaml"))
	if err != nil {
		t.Skipf("no card catalog: %v", err)
	}
	names := regexp.MustCompile(`(?m)name:\s*([^,}\n]+)`).FindAllStringSubmatch(string(b), -1)
	if len(names) == 0 {
		t.Fatal("found no card names; the catalog format changed")
	}
	for _, m := range names {
		name := strings.Trim(strings.TrimSpace(m[1]), `"'`)
		id := "rr.cards." + cardSlug(name)
		if _, ok := lib.Lookup(id); !ok {
			t.Errorf("card %q has no entry %s", name, id)
		}
	}
}

// cardSlug turns a card name into the lowercase dashed form the runner
// engine uses in rule IDs ("Letter of Marque" gives letter-of-marque).
func cardSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
