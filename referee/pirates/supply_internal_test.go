package pirates

import (
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
)

// TestParseWares: a line of wares is read into tile keys whatever
// separates them, and a wrong one is refused with the same help.
func TestParseWares(t *testing.T) {
	for _, c := range []struct {
		line string
		n    int
		want string
	}{
		{"hook 3", 1, "hook-3"},
		{"Peg leg 5, eye-patch 2; hat 4", 3, "peg-leg-5 eye-patch-2 hat-4"},
		{"peg-leg-5 parrot 2", 2, "peg-leg-5 parrot-2"},
	} {
		got, err := parseWares(c.line, c.n)
		if err != nil || strings.Join(got, " ") != c.want {
			t.Errorf("parseWares(%q, %d) = %q, %v; want %s", c.line, c.n, got, err, c.want)
		}
	}
	help := "name each ware by kind and value, for example hook 3 (kinds: eye patch, hat, hook, parrot, peg leg; values 2 to 5)"
	for _, c := range []struct {
		line string
		n    int
		want string
	}{
		{"3", 1, "3 has no ware kind before it: " + help},
		{"spoon 3", 1, `"spoon" is not a ware kind: ` + help},
		{"hook 6", 1, "no hook has the value 6: " + help},
		{"hook 3, hook 3", 2, "the hook 3 is named twice, and the box holds one: " + help},
		{"hook", 1, `"hook" has no value after it: ` + help},
		{"hook 3", 2, "you kept 2 and named 1: name exactly 2, for example hook 3"},
	} {
		if _, err := parseWares(c.line, c.n); err == nil || err.Error() != c.want {
			t.Errorf("parseWares(%q, %d): %v, want %s", c.line, c.n, err, c.want)
		}
	}
}

// TestParseWaresBuildsItsWordsOnce: reading a line costs the line's own
// words and keys (16 allocations for this one), not the list of kinds,
// the help and the separators again (9 more when they were made at
// every call).
func TestParseWaresBuildsItsWordsOnce(t *testing.T) {
	parseWares("hook 3", 1)
	if n := testing.AllocsPerRun(100, func() { parseWares("hook 3, peg leg 5", 2) }); n > 20 {
		t.Errorf("parseWares makes %v allocations a line", n)
	}
}

// TestWaresNamedInGerman: a wares line is read in either language, and
// its refusal is said in the language where it is shown.
func TestWaresNamedInGerman(t *testing.T) {
	got, err := parseWares("Haken 3, holzbein 5; peg leg 2", 3)
	if err != nil || !slices.Equal(got, []string{"hook-3", "peg-leg-5", "peg-leg-2"}) {
		t.Fatalf("got %v, %v", got, err)
	}
	_, err = parseWares("Säbel 3", 1)
	r, ok := err.(*referee.Error)
	if !ok || !strings.Contains(r.In(locale.German), "keine Warenart") || !strings.Contains(err.Error(), "is not a ware kind") {
		t.Fatalf("refusal %v", err)
	}
}
