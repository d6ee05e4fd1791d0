package cli

import (
	"os"
	"path/filepath"
	"rumref/games"
	"rumref/referee/pirates"
	"slices"
	"strings"
	"testing"
)

// TestJSONMapDeclineThroughTheBinary plays, over JSON Lines, to a treasure
// map with two matching maps on display: the highest is listed first, the
// player declines, nothing is drawn, and the save (rules revision 2) holds
// the decline and resumes.
func TestJSONMapDeclineThroughTheBinary(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	d := startDriver(t, nil, "new", "pirates", "--players", "Ann:gold,Bo:violet", "--start", "Ann", "--layout", "fixed", "--save", save)
	draws := map[string][]string{"setup.pub": {"swan-3", "swan-4", "escruce-2", "frere-5"}, "setup.chest": {"chest-5"},
		"setup.scorpion": {"scorpion-12"}, "setup.map": {"map-rose-3", "map-green-4", "map-rose-6", "map-yellow-5"},
		"setup.bunk": {"bunk-7"}, "setup.hammock": {"hammock-4"}, "wrangle.imaginary": {"3"}}
	// HQ to Coin 2 (fixed board), hop again to Map rose (2).
	plan := []string{"turn.menu=Coin 2", "move.again=Map rose (2)"}
	var mapQ map[string]any
	for mapQ == nil {
		q := d.next()
		if q == nil {
			t.Fatalf("the game ended early:\n%s", d.errs.String())
		}
		id := q["id"].(string)
		if id == "map.take" {
			mapQ = q
			break
		}
		if len(draws[id]) > 0 {
			d.send(draws[id][0])
			draws[id] = draws[id][1:]
			continue
		}
		if len(plan) == 0 {
			t.Fatalf("unexpected question %s: %v", id, q["text"])
		}
		want, ans, _ := strings.Cut(plan[0], "=")
		plan = plan[1:]
		if id != want {
			t.Fatalf("asked %s, want %s", id, want)
		}
		if id == "turn.menu" || id == "move.again" {
			for _, o := range q["options"].([]any) {
				if o := o.(map[string]any); strings.HasPrefix(o["label"].(string), "To "+ans+" (") {
					ans = o["key"].(string)
				}
			}
		}
		d.send(ans)
	}
	var keys []string
	for _, o := range mapQ["options"].([]any) {
		keys = append(keys, o.(map[string]any)["key"].(string))
	}
	if !slices.Equal(keys, []string{"map-rose-6", "map-rose-3", "none"}) {
		t.Fatalf("map options %v: want the highest first and a decline", keys)
	}
	d.send("none")
	if q := d.next(); q == nil || q["id"] != "move.again" {
		t.Fatalf("after declining, asked %v (no map is drawn)", q)
	}
	d.send("quit")
	if code := d.finish(); code != 2 {
		t.Fatalf("quit exit %d\n%s", code, d.errs.String())
	}
	declined := false
	for _, o := range d.objs {
		declined = declined || o["type"] == "event" && strings.Contains(o["text"].(string), "Ann takes no map")
	}
	if !declined {
		t.Error("no public line says Ann takes no map")
	}
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if last := f.Answers[len(f.Answers)-1]; f.Setup.(*pirates.Config).Rules != pirates.RulesRevision || last.Q != "map.take" || last.A != "none" {
		t.Errorf("save: rules %d, last answer %+v", f.Setup.(*pirates.Config).Rules, last)
	}
	if res := rumref(t, "quit\n", "resume", save, "--io", "plain"); res.code != 2 || !strings.Contains(res.stdout, "Hop again") {
		t.Errorf("resume after the decline: exit %d\n%s%s", res.code, res.stdout, res.stderr)
	}
}

// TestOldSavesOpenThroughTheBinary opens the whole games of older rules
// revisions in testdata with show, log and resume: those of revisions 0 to
// 2 (the first ones saved by rumref 221e179, format 1) are refused, each
// command naming the revision and leaving the file as it is; those of
// revisions 3 and 4 are migrated and shown to their end.
func TestOldSavesOpenThroughTheBinary(t *testing.T) {
	saves, _ := filepath.Glob(filepath.Join("..", "referee", "pirates", "testdata", "rev[0-4]", "rev*-[1-5]*.yaml"))
	if len(saves) < 16 {
		t.Fatalf("%d old saves", len(saves))
	}
	for _, src := range saves {
		if strings.Contains(src, "rev4-3p") { // refused at answer 91: oldsaves_test.go
			continue
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		save := filepath.Join(t.TempDir(), filepath.Base(src))
		if err := os.WriteFile(save, data, 0o600); err != nil {
			t.Fatal(err)
		}
		rev := strings.TrimPrefix(filepath.Base(filepath.Dir(src)), "rev")
		refused := rev < "3"
		said := "saved under revision " + rev + " of rumref's Rum & Pirates questions"
		for _, args := range [][]string{{"show", save}, {"log", save}, {"resume", save, "--io", "plain"}} {
			res := rumref(t, "", args...)
			switch {
			case refused && (res.code != exitError || !strings.Contains(res.stderr, said) || !strings.Contains(res.stderr, "cannot carry it over")):
				t.Errorf("%v of %s: exit %d, want it refused\n%s", args[0], src, res.code, res.stderr)
			case !refused && (res.code != 0 || !strings.Contains(res.stdout+res.stderr, said)):
				t.Errorf("%v of %s: exit %d\n%s%s", args[0], src, res.code, res.stdout, res.stderr)
			case !refused && args[0] == "log" && !strings.Contains(res.stdout, "== Round 5 of 5 begins =="),
				!refused && args[0] != "log" && !strings.Contains(res.stdout, "Winner"):
				t.Errorf("%v of %s does not show the end:\n%s", args[0], src, res.stdout)
			}
		}
		if now, _ := os.ReadFile(save); refused && string(now) != string(data) {
			t.Errorf("%s: the refused save was changed", src)
		}
	}
}

// TestJSONSeveralAnswersOnOneLine sends the twelve setup draws of a
// 3-player game on one line through the binary: a line with one tile that
// cannot be drawn is refused whole, then the whole line is taken, saved
// once, and the first turn is asked at step 12.
func TestJSONSeveralAnswersOnOneLine(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	d := startDriver(t, nil, "new", "pirates", "--players", "Ann:gold,Bo:violet,Cy:black", "--start", "Ann", "--layout", "fixed", "--save", save)
	for q := d.next(); q == nil || q["id"] != "setup.pub"; q = d.next() {
		if q == nil {
			t.Fatalf("no pub draw asked:\n%s", d.errs.String())
		}
		d.send("") // a pause before the game
	}
	draws := "swan-3 swan-4 escruce-2 frere-5 chest-5 scorpion-12 map-rose-3 map-rose-6 map-green-4 map-yellow-5 bunk-7 hammock-4"
	d.send(strings.Replace(draws, "bunk-7", "bunk-99", 1))
	q := d.next()
	last := d.objs[len(d.objs)-2]
	if q["id"] != "setup.pub" || q["step"].(float64) != 0 || last["type"] != "error" ||
		!strings.Contains(last["error"].(string), "Value 11 (bunk-99)") || !strings.Contains(last["error"].(string), "Nothing of the line was taken") {
		t.Fatalf("the bad line: %v, then %v", last, q)
	}
	d.send(draws)
	if q = d.next(); q["id"] != "turn.menu" || q["step"].(float64) != 12 {
		t.Fatalf("after the line: %v", q)
	}
	d.send("quit")
	if code := d.finish(); code != 2 {
		t.Fatalf("quit exit %d\n%s", code, d.errs.String())
	}
	f, _, err := games.Read(save)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Answers) != 12 || f.Answers[11].A != "hammock-4" {
		t.Errorf("saved %v", f.Answers)
	}
}
