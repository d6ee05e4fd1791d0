package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rumref/safetext"
)

// noRawControls fails if a stream holds a character that must never be
// printed from outside (anything safetext.Bad reports but a line break).
func noRawControls(t *testing.T, what, s string) {
	t.Helper()
	for _, r := range s {
		if r != '\n' && safetext.Bad(r) {
			t.Errorf("%s holds %U: %q", what, r, s)
			return
		}
	}
}

// TestNamesAreCheckedFromEverySource gives bad names through every way a
// name comes in (flags, the setup prompt, a save, a score sheet, a card
// file) and checks that each is refused in words, with nothing raw echoed.
func TestNamesAreCheckedFromEverySource(t *testing.T) {
	dir := t.TempDir()
	save := func(name string) string { return filepath.Join(dir, name+".yaml") }
	pirates := func(players string) []string {
		return []string{"--io", "plain", "new", "pirates", "--layout", "fixed", "--start", "1", "--players", players, "--save", save(players[:2])}
	}
	for _, tc := range []struct {
		name string
		args []string
		why  string
	}{
		{"escape in --players", pirates("Ann\x1b]0;pwned\x07:gold,Bo:blue"), "escape character"},
		{"clipboard write", pirates("\x1b]52;c;aGk=\x07:gold,Bo:blue"), "escape character"},
		{"newline in --players", pirates("Ann\nBo rolled 6.:gold,Bo:blue"), "line break"},
		{"right-to-left override", pirates("Ann\u202e:gold,Bo:blue"), "text-direction mark (U+202E)"},
		{"right-to-left mark", pirates("Ann:gold,\u200fBo:blue"), "text-direction mark (U+200F)"},
		{"zero-width space", pirates("An\u200bn:gold,Bo:blue"), "zero-width"},
		{"too long", pirates(strings.Repeat("x", 25) + ":gold,Bo:blue"), "25 characters long; keep it to 24"},
		{"100 KB name", pirates(strings.Repeat("x", 100<<10) + ":gold,Bo:blue"), "keep it to 24"},
		{"letter case", pirates("A:gold,a:blue"), "differ only in letter case"},
		{"crown escape", []string{"--io", "plain", "new", "runner", "--crown", "Ann\x1b[2J", "--pirate", "Bo", "--save", save("r1")}, "--crown: the name holds an escape character"},
		{"pirate case", []string{"--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "ANN", "--save", save("r2")}, "differ only in letter case"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := rumref(t, "", tc.args...)
			if res.code != exitError || !strings.Contains(res.stderr, tc.why) {
				t.Fatalf("exit %d, stderr %.300q; want a refusal saying %q", res.code, res.stderr, tc.why)
			}
			noRawControls(t, "stderr", res.stderr)
			noRawControls(t, "stdout", res.stdout)
			if len(res.stderr) > 2000 {
				t.Errorf("the refusal echoes the name: %d bytes", len(res.stderr))
			}
		})
	}

	// A nine-character Japanese name is nine characters, not 27 bytes.
	ok := save("jp")
	res := rumref(t, "", "--io", "plain", "new", "pirates", "--layout", "fixed", "--start", "1", "--players", "やまだたろうはなこ:gold,Bo:blue", "--save", ok)
	if res.code != exitInterrupted || !strings.Contains(res.stdout, "やまだたろうはなこ") {
		t.Fatalf("the Japanese name was not taken: exit %d %s", res.code, res.stderr)
	}

	// Interactive setup: each bad name is refused and asked again.
	in := "2\nAnn\x1b]0;x\x07\n" + strings.Repeat("é", 25) + "\nAnn\ngold\nann\nBo\u202e\nやまだたろうはなこ\nblue\n1\n"
	res = rumref(t, in, "--io", "plain", "new", "pirates", "--layout", "fixed", "--save", save("ask"))
	if res.code != exitInterrupted {
		t.Fatalf("setup: exit %d %s %s", res.code, res.stdout, res.stderr)
	}
	for _, want := range []string{"escape character", "keep it to 24", "Ann is taken", "text-direction mark", "やまだたろうはなこ"} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("setup output lacks %q:\n%s", want, res.stdout)
		}
	}
	noRawControls(t, "setup output", res.stdout)

	// A save whose name was edited to hold an escape sequence is refused
	// by resume, show and log, naming the player.
	data, err := os.ReadFile(ok)
	if err != nil {
		t.Fatal(err)
	}
	bad := save("edited")
	os.WriteFile(bad, []byte(strings.Replace(string(data), "name: Bo", `name: "Bo\e]0;x\a"`, 1)), 0o600)
	for _, cmd := range [][]string{{"--io", "plain", "resume", bad}, {"show", bad}, {"log", bad}, {"score", bad}} {
		res := rumref(t, "", cmd...)
		if res.code != exitError || !strings.Contains(res.stderr, "player 2: the name holds an escape character") {
			t.Errorf("%v on a save with an escape in a name: exit %d %q", cmd, res.code, res.stderr)
		}
		noRawControls(t, "stderr", res.stderr)
	}

	// A score sheet.
	sheet := filepath.Join(dir, "sheet.yaml")
	os.WriteFile(sheet, []byte("game: rum-and-pirates\nplayers:\n  - name: \"Ann\\u202e\"\n  - name: Bo\n"), 0o600)
	res = rumref(t, "", "score", sheet)
	if res.code != exitError || !strings.Contains(res.stderr, "text-direction mark") {
		t.Errorf("sheet with a bidi mark: exit %d %q", res.code, res.stderr)
	}
	noRawControls(t, "stderr", res.stderr)
	os.WriteFile(sheet, []byte("game: rum-and-pirates\nplayers:\n  - name: Ann\n  - name: ANN\n"), 0o600)
	if res := rumref(t, "", "score", sheet); res.code != exitError || !strings.Contains(res.stderr, "letter case") {
		t.Errorf("sheet with Ann and ANN: exit %d %q", res.code, res.stderr)
	}

	// A card file: a name with an escape, a name with no letters, a name
	// that makes a key the menus use, a text with a line break.
	cards := filepath.Join(dir, "cards.yaml")
	for _, c := range []struct{ card, why string }{
		{`{name: "Reef\e[2J", side: crown, type: hazard, cost: 1, options: [[{do: pay, n: 1}]]}`, "escape character"},
		{`{name: "!!!", side: crown, type: hazard, cost: 1, options: [[{do: pay, n: 1}]]}`, "needs at least one letter"},
		{`{name: "Done", side: crown, type: hazard, cost: 1, options: [[{do: pay, n: 1}]]}`, `answer key "done"`},
		{`{name: "Reef", side: crown, type: hazard, cost: 1, options: [[{do: pay, n: 1}]], text: "one\nfake line"}`, "line break"},
	} {
		os.WriteFile(cards, []byte("cards:\n  - "+c.card+"\n"), 0o600)
		res := rumref(t, "", "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--cards", cards, "--save", save("cards"), "--beyond-box")
		if res.code != exitError || !strings.Contains(res.stderr, c.why) {
			t.Errorf("card %s: exit %d %q, want %q", c.card, res.code, res.stderr, c.why)
		}
		noRawControls(t, "stderr", res.stderr)
	}
}

// TestInputLinesAreRefusedBeforeTrimming types overlong and control-laden
// lines at a game question: each is refused whole and nothing is saved.
func TestInputLinesAreRefusedBeforeTrimming(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	lines := []string{
		"3" + strings.Repeat("\t", 5000) + "\x1b[2J", // a valid answer, tabs and an escape
		"3" + strings.Repeat(" ", 5000),              // a valid answer padded past the limit
		"3\u202e",
		strings.Repeat("x", 100000),
	}
	res := rumref(t, strings.Join(lines, "\n")+"\n", "--io", "json", "new", "pirates", "--layout", "fixed", "--start", "1",
		"--players", "Ann:gold,Bo:blue", "--save", save)
	if res.code != exitInterrupted {
		t.Fatalf("exit %d %s", res.code, res.stderr)
	}
	var errs []string
	for _, o := range jsonLines(t, res.stdout) {
		if o["type"] == "error" {
			errs = append(errs, o["error"].(string))
		}
	}
	if len(errs) != len(lines) {
		t.Fatalf("%d refusals, want %d: %q", len(errs), len(lines), errs)
	}
	for i, want := range []string{"too long", "too long", "text-direction mark", "too long"} {
		if !strings.Contains(errs[i], want) {
			t.Errorf("line %d refused with %q, want %q", i+1, errs[i], want)
		}
	}
	if n := savedAnswers(t, save); n != 0 {
		t.Errorf("%d answers saved, want none", n)
	}
	noRawControls(t, "stdout", res.stdout)
}

// TestFlagErrorsInPlainWords checks that no flag or layout refusal shows
// Go's parser messages or type names, and that each says what is allowed.
func TestFlagErrorsInPlainWords(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"new", "pirates", "--seed", "abc"}, `--seed "abc" is not a whole number`},
		{[]string{"new", "pirates", "--seed", "99999999999999999999"}, "too large"},
		{[]string{"sim", "pirates", "--games", "2.5"}, `--games "2.5" is not a whole number`},
		{[]string{"sim", "pirates", "--seed", "-1"}, "0 or more"},
		{[]string{"new", "runner", "--turn-cap", "x"}, "whole number"},
		{[]string{"new", "pirates", "--teach=maybe"}, "true or false"},
		{[]string{"board", "--layout", "10 2 3/4 5 6/7 8 9"}, `"10" is not a section number: the sections are numbered 1 to 9`},
		{[]string{"board", "--layout", "12 3 4/5 6 7/8 9 1"}, "12 is sections 1 and 2"},
		{[]string{"board", "--layout", "1 2 3/4 5 6/7 8 \x1b"}, `"\x1b" is not allowed`},
	} {
		res := rumref(t, "", tc.args...)
		if res.code != exitError || !strings.Contains(res.stderr, tc.want) {
			t.Errorf("%q: exit %d %q, want %q", tc.args, res.code, res.stderr, tc.want)
		}
		for _, internal := range []string{"strconv", "ParseInt", "ParseUint", "invalid syntax", "int64", "uint64", "value out of range"} {
			if strings.Contains(res.stderr, internal) {
				t.Errorf("%q: the refusal shows Go's %q: %s", tc.args, internal, res.stderr)
			}
		}
		noRawControls(t, "stderr", res.stderr)
	}
}

// TestAmbiguousNamesRefused: a name that reads as a setup answer, a
// number or a command is refused from a flag (before anything is asked)
// and when typed (the question is asked again, the game goes on).
func TestAmbiguousNamesRefused(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	for _, args := range [][]string{
		{"new", "pirates", "--players", "2:gold,Bo:blue", "--start", "1"},
		{"new", "pirates", "--players", "Ann:gold,undo:blue"},
		{"new", "pirates", "--players", "Ann:gold,Zurück:blue"},
		{"new", "pirates", "--players", "Der Tisch:gold,Bo:blue"},
		{"new", "runner", "--crown", "Ann", "--pirate", "The Table"},
	} {
		res := rumref(t, "", append([]string{"--io", "plain", "--save", save}, args...)...)
		if res.code == 0 || !strings.Contains(res.stderr, "choose another name (any name but the table, random, a command word such as undo, digits only or one starting with a colon)") {
			t.Errorf("%v: %d %s %s", args, res.code, res.stdout, res.stderr)
		}
	}
	// Typed, a line starting with a colon is a command, as in the game
	// (":random" is none), and "random" is refused as a name.
	res := rumref(t, ":random\nrandom\nAnn\nBo\n", "--io", "plain", "--save", save, "new", "runner")
	if strings.Count(res.stdout, "choose another name") != 1 || !strings.Contains(res.stdout, `":random" is not a command`) || !strings.Contains(res.stdout, "Name of the pirate player") {
		t.Errorf("typed names: %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}
