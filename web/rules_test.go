package web

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"rumref/games"
	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/sim"
	"rumref/wire"
)

// TestRulesSearchMatchingNothing asks the seat's and the table's rules
// search (GET U/rules?q=) for a word no rule holds, with the lookup
// ConfigFor gives the pages, in German and English: each answer says in
// its own language that no rule matches, naming the word asked for, and
// the German one holds none of the English sentence.
func TestRulesSearchMatchingNothing(t *testing.T) {
	f, err := sim.Finished("pirates", 2, 32)
	if err != nil {
		t.Fatal(err)
	}
	factory, err := sim.Factory(f)
	if err != nil {
		t.Fatal(err)
	}
	entry, err := games.Of(f)
	if err != nil {
		t.Fatal(err)
	}
	rules := ConfigFor(entry, factory(), factory).Rules
	if rules == nil {
		t.Fatal("ConfigFor gives the pages no rules lookup")
	}
	tb := serveFile(t, f, prompts.JSON, func(c *Config) { c.Rules = rules })
	const query = "Quarkschnitzel"
	for _, c := range []struct {
		accept string
		want   string // the answer's start
		not    string // what it must not hold
	}{
		{"de-DE,de;q=0.9", "Keine Regel passt zu", "No rule matches"},
		{"en-GB,en;q=0.9", "No rule matches", "Keine Regel"},
	} {
		for _, v := range []referee.Viewer{0, Table} {
			u := tb.url(v) + "/rules?q=" + url.QueryEscape(query)
			req := httptest.NewRequest("GET", u, nil)
			req.Header.Set("Accept-Language", c.accept)
			rec := httptest.NewRecorder()
			tb.srv.serve(rec, req)
			var got wire.Rules
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 {
				t.Fatalf("GET %s (%s): %d %s", u, c.accept, rec.Code, rec.Body)
			}
			t.Logf("%s, viewer %d: %s", c.accept, v, got.Text)
			if got.Type != "rules" || got.Query != query || !strings.HasPrefix(got.Text, c.want) ||
				!strings.Contains(got.Text, query) || strings.Contains(got.Text, c.not) {
				t.Errorf("GET %s (%s): %+v, want a text starting %q, holding %q and not %q", u, c.accept, got, c.want, query, c.not)
			}
		}
	}
	if de, en := games.RulesIn(locale.German, query), games.RulesIn(locale.English, query); de == en {
		t.Errorf("the search for %q answers the same in both languages: %q", query, de)
	}
}
