package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScoreAndOpenRefusalsNameTheGameByItsTitle: the refusals of score
// and of opening a save name a game by its title in the reader's language
// (not by its id, "runner" or "pirates", which is no word of a German
// sentence), and a save's setup by its section as the save spells it; the
// English sentences stay as they were.
func TestScoreAndOpenRefusalsNameTheGameByItsTitle(t *testing.T) {
	dir := t.TempDir()
	runner, pirates := filepath.Join(dir, "runner.yaml"), filepath.Join(dir, "pirates.yaml")
	for _, args := range [][]string{
		{"new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", runner},
		{"new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "random", "--seed", "3", "--save", pirates},
	} {
		if r := rumref(t, strings.Repeat("1\n", 40), append([]string{"--io", "plain", "--no-color"}, args...)...); r.code != exitInterrupted {
			t.Fatalf("%s: exit %d\n%s", strings.Join(args, " "), r.code, lastChars(r.stdout+r.stderr, 2000))
		}
	}
	save, err := os.ReadFile(pirates)
	if err != nil {
		t.Fatal(err)
	}
	// Two players of one colour: the game refuses the whole section.
	twice := filepath.Join(dir, "twice.yaml")
	if err := os.WriteFile(twice, []byte(strings.Replace(string(save), "color: violet", "color: gold", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	// No section at all.
	none := filepath.Join(dir, "none.yaml")
	if err := os.WriteFile(none, []byte("format: 2\ngame: pirates\nanswers: []\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		lang, file string
		want, not  []string
	}{
		{"de", runner, []string{"runner.yaml ist ein Spielstand von Rum Runner: score wertet nur Um Ru(h)m und Ehre"}, []string{"von runner"}},
		{"en", runner, []string{"runner.yaml is a Rum Runner game: score works on Rum & Pirates games"}, nil},
		{"de", twice, []string{"Zeile 5: der Abschnitt pirates: ist kein gültiger Aufbau: Zwei Spieler haben Gold gewählt"}, []string{"section"}},
		{"en", twice, []string{"line 5: the pirates: section is not a valid setup: two players chose gold"}, nil},
		{"de", none, []string{"ein Spielstand mit game: pirates braucht einen Abschnitt pirates: und keinen Abschnitt runner:"}, []string{"Spielstand von pirates"}},
		{"en", none, []string{"a pirates save needs a pirates: section and no runner: section"}, nil},
	} {
		r := rumref(t, "", "--lang", c.lang, "score", c.file)
		out := r.stdout + r.stderr
		t.Logf("--lang %s score %s: %s", c.lang, filepath.Base(c.file), strings.TrimSpace(out))
		if r.code != 1 {
			t.Errorf("--lang %s score %s: exit %d, want 1", c.lang, filepath.Base(c.file), r.code)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("--lang %s score %s: %q, want it to hold %q", c.lang, filepath.Base(c.file), out, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(out, n) {
				t.Errorf("--lang %s score %s: %q holds %q", c.lang, filepath.Base(c.file), out, n)
			}
		}
	}
}
