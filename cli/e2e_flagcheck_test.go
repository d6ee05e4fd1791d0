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

// TestRefuseBadWebAddressBeforeSetup gives new (its setup questions
// unanswered) and resume a --web address that cannot be listened at: it
// is refused in the reader's language before the first question, with
// nothing saved; one that can (loopback) is taken.
func TestRefuseBadWebAddressBeforeSetup(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ addr, en, de string }{
		{"nonsense", "give HOST:PORT", "gib HOST:PORT an"},
		{"999.1.1.1:80", "the host must be an IP address", "der Host muss eine IP-Adresse"},
		{"127.0.0.1:70000", "the port must be a number from 0 to 65535", "der Port muss eine Zahl von 0 bis 65535 sein"},
		{"127.0.0.1:-1", "the port must be a number from 0 to 65535", "der Port muss eine Zahl von 0 bis 65535 sein"},
		{"127.0.0.1:http", "the port must be a number from 0 to 65535", "der Port muss eine Zahl von 0 bis 65535 sein"},
		{"my host:80", "the host must be an IP address", "der Host muss eine IP-Adresse"},
	} {
		for lang, why := range map[string]string{"en": tc.en, "de": tc.de} {
			save := filepath.Join(dir, lang+".yaml")
			for _, args := range [][]string{
				{"--lang", lang, "--io", "plain", "new", "pirates", "--save", save, "--web", tc.addr},
				{"--lang", lang, "--io", "plain", "new", "runner", "--web=" + tc.addr},
				{"--lang", lang, "--io", "plain", "resume", save, "--web", tc.addr},
			} {
				res := rumref(t, "2\nAnn\ngold\nBo\nblue\n", args...)
				if res.code != exitError || !strings.Contains(res.stderr, why) || !strings.Contains(res.stderr, `"`+tc.addr+`"`) {
					t.Errorf("%v: exit %d, stderr %q; want a refusal saying %q", args, res.code, res.stderr, why)
				}
				if res.stdout != "" {
					t.Errorf("%v asked before refusing --web: %.200q", args, res.stdout)
				}
			}
		}
	}
	save := filepath.Join(dir, "ok.yaml")
	res := rumref(t, "", "--io", "json", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save, "--web", "127.0.0.1:0")
	if !strings.Contains(res.stdout, `"type":"web"`) {
		t.Errorf("--web 127.0.0.1:0 was not taken: exit %d %s", res.code, res.stderr)
	}
}

// TestRefuseOtherGamesFlags: new refuses a flag of the other game's
// setup (it was left unread without a word), naming the flag, the game
// by its title in the reader's language and the flags it takes, before
// any question.
func TestRefuseOtherGamesFlags(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args   []string
		en, de string
	}{
		{[]string{"new", "pirates", "--crown", "A"},
			"--crown is not a setting of this game (Rum & Pirates): it takes --players, --start, --layout and --seed",
			"--crown gehört nicht zu diesem Spiel (Um Ru(h)m und Ehre): es nimmt --players, --start, --layout und --seed"},
		{[]string{"new", "runner", "--layout", "fixed", "--crown", "Ann", "--pirate", "Bo"},
			"--layout is not a setting of this game (Rum Runner): it takes --crown, --pirate,",
			"--layout gehört nicht zu diesem Spiel (Rum Runner): es nimmt --crown, --pirate,"},
		{[]string{"new", "pirates", "--players", "Ann:gold,Bo:blue", "--mulligan=false"},
			"--mulligan is not a setting of this game (Rum & Pirates)",
			"--mulligan gehört nicht zu diesem Spiel (Um Ru(h)m und Ehre)"},
	} {
		for lang, why := range map[string]string{"en": tc.en, "de": tc.de} {
			args := append([]string{"--lang", lang, "--io", "plain", "--save", filepath.Join(dir, lang+".yaml")}, tc.args...)
			res := rumref(t, "2\nAnn\ngold\nBo\nblue\n1\n", args...)
			if res.code != exitError || !strings.Contains(res.stderr, why) {
				t.Errorf("%v: exit %d, stderr %q; want a refusal saying %q", args, res.code, res.stderr, why)
			}
			if res.stdout != "" {
				t.Errorf("%v asked before refusing: %.200q", args, res.stdout)
			}
		}
	}
}
