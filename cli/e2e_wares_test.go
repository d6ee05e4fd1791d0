package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rumref/journal"
	"rumref/referee/pirates"
	"rumref/sim"
)

// TestEndOfGameWaresLeakNothing plays, through the binary, the end of a
// rules revision 3 game where several players name their kept wares in
// secret (wares.name), and scans what the table received on every channel
// (JSON objects, plain output, the log) until the final score: no ware is
// named in public, and no answer typed at the secret question is echoed
// anywhere, the score included (it lists the wares, not the lines typed).
func TestEndOfGameWaresLeakNothing(t *testing.T) {
	var f *journal.File
	first := -1
	var typed []string
	for seed := uint64(1); seed < 40 && len(typed) < 2; seed++ {
		g, err := sim.Finished("pirates", 3, seed)
		if err != nil {
			t.Fatal(err)
		}
		first, typed = -1, nil
		for i, a := range g.Answers {
			if a.Q == "wares.name" {
				if first < 0 {
					first = i
				}
				typed = append(typed, a.A)
			}
		}
		f = g
	}
	if len(typed) < 2 {
		t.Fatal("no random game ends with two players naming wares")
	}
	// Name other wares than the questions' examples (taken from the
	// front of the box), from the back of the box, and in capitals, so an
	// echo of a line typed cannot hide behind the example shown to its
	// owner, nor behind the final status, which names the kept wares once
	// the game is over (as their labels are written).
	var back []string
	for i := len(pirates.Catalog()) - 1; i >= 0; i-- {
		if tt := pirates.Catalog()[i]; tt.Sort == pirates.SortWare {
			back = append(back, tt.Label)
		}
	}
	lines := make([]string, len(typed))
	for i, a := range typed {
		n := strings.Count(a, ",") + 1
		lines[i] = strings.ToUpper(strings.Join(back[:n], ", "))
		back = back[n:]
	}
	typed = lines
	f.Answers = append(journal.Answers(nil), f.Answers[:first]...)
	save := filepath.Join(t.TempDir(), "end.yaml")
	data, err := journal.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(save, data, 0o644); err != nil {
		t.Fatal(err)
	}
	words := wareWords()
	check := func(channel, text string, before bool) {
		t.Helper()
		end := strings.Index(text, "The game is over after five rounds")
		if end < 0 {
			t.Fatalf("%s: the game did not end:\n%s", channel, text)
		}
		if w := words.FindString(text[:end]); before && w != "" {
			t.Fatalf("%s names the ware %q before the final score:\n%s", channel, w, text[:end])
		}
		for _, l := range typed {
			if strings.Contains(text, l) {
				t.Fatalf("%s echoes the secret line %q", channel, l)
			}
		}
	}
	objs := jsonConversation(t, save, lines[:len(lines)-1])
	var public []string
	secret := 0
	for _, m := range objs {
		b, _ := json.Marshal(m)
		switch {
		case m["type"] == "question" && m["secret"] == true:
			secret++
			if m["id"] != "wares.name" {
				t.Errorf("a secret question other than wares.name: %s", b)
			}
		case m["type"] == "status" && m["viewer"] != -1.0:
		default:
			public = append(public, string(b))
		}
	}
	if secret != len(typed) {
		t.Errorf("%d secret questions, want %d (one per player who kept wares)", secret, len(typed))
	}
	// The last answer ends the game.
	res := rumref(t, lines[len(lines)-1]+"\n", "--io", "json", "resume", save)
	var out []string
	for _, l := range strings.Split(res.stdout, "\n") {
		if !strings.Contains(l, `"secret":true`) && !strings.Contains(l, `"type":"status"`) {
			out = append(out, l)
		}
	}
	check("JSON output", strings.Join(public, "\n")+"\n"+strings.Join(out, "\n"), true)
	for _, l := range typed {
		if w := "(" + strings.ToLower(l) + ")"; !strings.Contains(res.stdout, w) {
			t.Errorf("the final status does not name the kept wares %s:\n%s", w, res.stdout)
		}
	}
	// The end object's status names them too, in players[].wares, as the
	// protocol says of the final status (issue 21).
	ended := map[string]bool{}
	for _, l := range strings.Split(res.stdout, "\n") {
		var end struct {
			Type   string
			Status struct{ Players []struct{ Wares []string } }
		}
		if json.Unmarshal([]byte(l), &end) != nil || end.Type != "end" {
			continue
		}
		for _, p := range end.Status.Players {
			for _, w := range p.Wares {
				ended[w] = true
			}
		}
	}
	for _, l := range typed {
		for _, w := range strings.Split(strings.ToLower(l), ", ") {
			if !ended[w] {
				t.Errorf("the end object's status does not name the kept ware %q: %v", w, ended)
			}
		}
	}
	log := rumref(t, "", "log", save)
	check("rumref log", log.stdout, true)
	if strings.Contains(log.stdout, "wares.name") && !strings.Contains(log.stdout, "secret") {
		t.Errorf("the log shows the wares.name answers without masking them:\n%s", log.stdout)
	}

	// Plain: the same lines from the start of the naming.
	if err := os.WriteFile(save, data, 0o644); err != nil {
		t.Fatal(err)
	}
	plain := rumref(t, strings.Join(lines, "\n")+"\n", "--io", "plain", "resume", save)
	// The owner's secret prompt shows an example ware: only echoes count.
	check("plain output", plain.stdout, false)
}

// wareWords matches every ware's key and label: all wares are secret until
// the end of a Rum & Pirates game.
func wareWords() *regexp.Regexp {
	var alts []string
	for _, tt := range pirates.Catalog() {
		if tt.Sort == pirates.SortWare {
			alts = append(alts, regexp.QuoteMeta(tt.Key), regexp.QuoteMeta(tt.Label))
		}
	}
	return regexp.MustCompile(`(?i)\b(` + strings.Join(alts, "|") + `)\b`)
}
