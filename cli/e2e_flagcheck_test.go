package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRefuseBadIOEverywhere gives every command a bad --io: each refuses
// it as new does, in the reader's language, before doing anything (show
// printed the game and exited 0; board drew a board).
func TestRefuseBadIOEverywhere(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "g.yaml")
	if res := rumref(t, "", "--io", "plain", "new", "pirates", "--layout", "fixed", "--start", "1", "--players", "Ann:gold,Bo:blue", "--save", save); res.code != exitInterrupted {
		t.Fatalf("new: exit %d %s", res.code, res.stderr)
	}
	want := map[string]string{
		"en": `unknown input mode "bogus": use terminal, plain or json`,
		"de": `unbekannte Eingabeart "bogus": nimm terminal, plain oder json`,
	}
	commands := [][]string{
		{"new", "pirates", "--layout", "fixed", "--start", "1", "--players", "Ann:gold,Bo:blue", "--save", filepath.Join(dir, "n.yaml")},
		{"resume", save}, {"show", save}, {"log", save}, {"score", save}, {"saves"}, {"board"},
		{"rules", "pirates"}, {"cards"}, {"sim", "pirates", "--games", "1"}, {"man"},
	}
	for lang, why := range want {
		for _, cmd := range commands {
			for _, io := range [][]string{{"--io", "bogus"}, {"--io=bogus"}} {
				args := append(append([]string{"--lang", lang}, io...), cmd...)
				res := rumref(t, "", args...)
				if res.code != exitError || !strings.Contains(res.stderr, why) {
					t.Errorf("%v: exit %d, stderr %q; want a refusal saying %q", args, res.code, res.stderr, why)
				}
				if res.stdout != "" {
					t.Errorf("%v printed before refusing: %.200q", args, res.stdout)
				}
			}
		}
	}
}
