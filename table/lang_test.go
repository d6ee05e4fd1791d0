package table_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/table"
)

// TestEachReaderInTheirLanguage: the laptop (German) takes back a secret
// answer of a player whose phone (English) is connected: the laptop's
// reply and messages are German, the phone's confirmation English; then
// the other way round.
func TestEachReaderInTheirLanguage(t *testing.T) {
	probe := newGame(t, "runner", 2, 3, 0, nil)
	i, owner := secretAnswer(t, probe, 200)
	g := newGame(t, "runner", 2, 3, i+1, nil)
	laptop, phone := &watcher{}, &watcher{}
	g.tbl.Watch(table.Laptop, locale.German, laptop.put)
	g.tbl.Watch(table.Page(owner.Viewer()), locale.English, phone.put)
	g.tbl.Present(owner, 1)
	r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Undo, Step: i + 1, Lang: locale.German})
	if r.Code != table.Pending || !strings.Contains(r.Text, "wurde auf dem eigenen Handy gefragt; bis zur Antwort ändert sich nichts.") {
		t.Fatalf("the undo at the laptop: %v %q", r.Code, r.Text)
	}
	c := phone.last().Confirm
	if c == nil || c.Text != "The laptop asks: this takes back your secret answer "+itoa(i+1)+". Do you agree?" {
		t.Fatalf("the phone's confirmation: %+v", c)
	}
	r = g.tbl.Submit(table.Command{From: table.Page(owner.Viewer()), Kind: table.Respond, ID: c.ID, Text: "yes"})
	if r.Code != table.OK || !strings.HasPrefix(r.Text, "Took back answer "+itoa(i+1)) {
		t.Fatalf("the owner's yes: %v %q", r.Code, r.Text)
	}
	if seen := laptop.text(); !strings.Contains(seen, "info Antwort "+itoa(i+1)+" zurückgenommen (") ||
		!strings.Contains(seen, "(eine geheime Frage an: ") {
		t.Errorf("the German laptop was not told in German:\n%s", seen)
	}
	if l := g.tbl.Log(locale.German); len(l) == 0 {
		t.Error("no log")
	}
	if _, _, err := g.tbl.Answered(table.Laptop, 999, locale.German); err == nil || !strings.Contains(referee.ErrorIn(err, locale.German), "es gibt keine Antwort 999") {
		t.Errorf("Answered(999) in German: %v", err)
	}
	if r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Respond, ID: "none", Lang: locale.German}); !strings.HasPrefix(r.Text, "Gerade wartet keine Rückfrage") {
		t.Errorf("a stale response in German: %q", r.Text)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestEveryKeyIsInTheCatalog: every message the table names is in its
// catalog (a key it lacks would be shown as the key itself).
func TestEveryKeyIsInTheCatalog(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	lit := regexp.MustCompile(`say\("([a-z_.]+)"`)
	var keys []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range lit.FindAllStringSubmatch(string(b), -1) {
			if !strings.HasSuffix(m[1], ".") {
				keys = append(keys, "table."+m[1])
			}
		}
		for _, m := range regexp.MustCompile(`"(table\.[a-z_.]+[a-z_])"`).FindAllStringSubmatch(string(b), -1) {
			keys = append(keys, m[1])
		}
	}
	for _, kind := range []string{"undo", "uncorrect", "correct"} {
		for _, form := range []string{"secret", "page", "detail", "other"} {
			keys = append(keys, "table.ask."+kind+"."+form)
		}
	}
	for _, done := range []string{"changed", "taken_back"} {
		keys = append(keys, "table.whose."+done, "table.whose."+done+".table")
	}
	for _, why := range []string{"moved", "changed"} {
		keys = append(keys, "table.lapsed."+why, "table.lapsed."+why+".undo")
	}
	keys = append(keys, "table.ask.correct.other.to")
	if len(keys) < 80 {
		t.Fatalf("found only %d keys", len(keys))
	}
	for _, k := range keys {
		if !locale.English.Has(k) {
			t.Errorf("%s is not in messages.en.yaml", k)
		}
	}
}
