package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// playShortRunner plays a Rum Runner game of one turn (--turn-cap 1) over
// JSON with the data directories in home: the crown names the starting
// hazards with identify, in order (an entry of several words is typed
// in: "unlisted" and the card's answers), and every other question takes
// its first option (or its lowest number). It returns the IDs of the
// questions asked, the options of each starting-hazard question and the
// info lines.
func playShortRunner(t *testing.T, env []string, save string, identify [][]string) (asked []string, hazardOpts [][]string, infos []string) {
	t.Helper()
	d := startDriver(t, env, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--turn-cap", "1", "--save", save)
	for step := 0; ; step++ {
		q := d.next()
		if q == nil {
			break
		}
		if step > 500 {
			t.Fatalf("a one-turn game asks more than 500 questions")
		}
		id, _ := q["id"].(string)
		asked = append(asked, id)
		var keys []string
		if opts, ok := q["options"].([]any); ok {
			for _, o := range opts {
				if m, ok := o.(map[string]any); ok {
					k, _ := m["key"].(string)
					keys = append(keys, k)
				}
			}
		}
		switch {
		case id == "hazard.identify":
			hazardOpts = append(hazardOpts, keys)
			if len(identify) == 0 {
				t.Fatalf("more starting hazards asked than scripted")
			}
			for _, a := range identify[0] {
				d.send(a)
				if a != identify[0][len(identify[0])-1] {
					q := d.next()
					asked = append(asked, q["id"].(string))
				}
			}
			identify = identify[1:]
		case len(keys) > 0:
			d.send(keys[0])
		default:
			if lo, ok := q["min"].(float64); ok {
				d.send(jsonInt(lo))
			} else {
				d.send("-")
			}
		}
	}
	if err := d.cmd.Wait(); err != nil {
		t.Fatalf("the game did not end cleanly: %v\n%s", err, d.errs.String())
	}
	for _, o := range d.objs {
		if o["type"] == "info" {
			infos = append(infos, o["text"].(string))
		}
		if o["type"] == "error" {
			t.Fatalf("an answer was refused: %v", o)
		}
	}
	return asked, hazardOpts, infos
}

func jsonInt(f float64) string {
	b, _ := json.Marshal(int(f))
	return string(b)
}

// TestTypedInCardsRememberedForTheNextGame (issue 21): the crown types in
// the two starting hazards the built-in list lacks during a first game;
// when it ends they are kept in a card file in the data directory, beside
// the saves. A second game on the same computer offers them by name and
// asks nothing about them; rumref cards lists them and the file, and
// rumref cards forget drops one.
func TestTypedInCardsRememberedForTheNextGame(t *testing.T) {
	home := t.TempDir()
	data := filepath.Join(home, "data")
	env := []string{"HOME=" + home, "XDG_DATA_HOME=" + data}
	dir := t.TempDir()
	asked, _, infos := playShortRunner(t, env, filepath.Join(dir, "one.yaml"), [][]string{
		{"port-taxes"}, {"rowdy-tavern"},
		{"unlisted", "Fog Bank", "1", "0", "0", "2 navigation | pay 3"},
		{"unlisted", "Siren Shoals", "0", "0", "0", "1 combat | discard 2"},
	})
	if !slices.Contains(asked, "card.name") {
		t.Fatalf("the first game should have typed the cards in: %v", asked)
	}
	file := filepath.Join(data, "rumref", "runner-cards.yaml")
	if !slices.ContainsFunc(infos, func(s string) bool { return strings.Contains(s, "Fog Bank, Siren Shoals") && strings.Contains(s, file) }) {
		t.Errorf("the end of the first game does not say what it remembered where: %q", infos)
	}
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("no remembered cards beside the saves: %v", err)
	}
	if st, _ := os.Stat(file); st.Mode().Perm() != 0o600 {
		t.Errorf("the card file has mode %v, want 0600", st.Mode().Perm())
	}
	// The file is a card file of the --cards schema.
	r := rumref(t, "", "new", "runner", "--cards", file, "--crown", "Ann", "--pirate", "Bo", "--io", "plain", "--save", filepath.Join(dir, "probe.yaml"))
	if strings.Contains(r.stderr, "--cards") {
		t.Errorf("the remembered file is not a --cards file: %s\n%s", r.stderr, body)
	}

	asked, opts, _ := playShortRunner(t, env, filepath.Join(dir, "two.yaml"), [][]string{
		{"port-taxes"}, {"rowdy-tavern"}, {"fog-bank"}, {"siren-shoals"},
	})
	for _, id := range asked {
		if strings.HasPrefix(id, "card.") {
			t.Errorf("the second game asks %s about a card typed in the first: %v", id, asked)
			break
		}
	}
	if len(opts) == 0 || !slices.Contains(opts[0], "fog-bank") || !slices.Contains(opts[0], "siren-shoals") {
		t.Errorf("the second game's starting hazards do not offer the remembered cards: %v", opts)
	}

	list := runWith(t, env, "cards")
	if list.code != 0 || !strings.Contains(list.stdout, "Fog Bank (crown starting hazard, cost 1): 2 navigation | pay 3") || !strings.Contains(list.stdout, file) {
		t.Errorf("rumref cards (exit %d):\n%s%s", list.code, list.stdout, list.stderr)
	}
	list = runWith(t, env, "cards", "--json")
	var got struct {
		File  string           `json:"file"`
		Cards []map[string]any `json:"cards"`
	}
	if err := json.Unmarshal([]byte(list.stdout), &got); err != nil || got.File != file || len(got.Cards) != 2 {
		t.Errorf("rumref cards --json: %v %+v\n%s", err, got, list.stdout)
	}
	if r := runWith(t, env, "cards", "forget", "fog bank"); r.code != 0 {
		t.Errorf("forget: exit %d %s", r.code, r.stderr)
	}
	if r := runWith(t, env, "cards"); strings.Contains(r.stdout, "Fog Bank") || !strings.Contains(r.stdout, "Siren Shoals") {
		t.Errorf("after forgetting Fog Bank:\n%s", r.stdout)
	}
	if r := runWith(t, env, "cards", "forget", "Kraken"); r.code == 0 || !strings.Contains(r.stderr, "Siren Shoals") {
		t.Errorf("forgetting a card not remembered: exit %d %s", r.code, r.stderr)
	}
	// A file spoilt by hand is refused in words when the next game starts.
	if err := os.WriteFile(file, []byte("cards:\n  - name: Fog Bank\n    side: crown\n    type: hazard\n    cost: lots\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runWith(t, env, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--io", "plain", "--save", filepath.Join(dir, "three.yaml")); r.code == 0 || !strings.Contains(r.stderr, file) {
		t.Errorf("a spoilt card file: exit %d, %s", r.code, r.stderr)
	}
}

// runWith runs the binary with env added (HOME and the data directory)
// and no input.
func runWith(t *testing.T, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader("")
	cmd.Env = append(os.Environ(), append([]string{"NO_COLOR=1"}, env...)...)
	return runCmd(t, cmd)
}
