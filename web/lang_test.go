package web

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/wire"
)

// getIn fetches url with the header Accept-Language al ("": none).
func getIn(t *testing.T, url, al string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	if al != "" {
		req.Header.Set("Accept-Language", al)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// TestPagesSpeakTheRequestsLanguage: a page's language is its ?lang=,
// else Accept-Language, else English: the page itself (<html lang>, its
// words, its script's messages), its state's question, its help and its
// refusals; ids and keys stay the same in every language.
func TestPagesSpeakTheRequestsLanguage(t *testing.T) {
	tb := serve(t, "pirates", 3, 11)
	for _, c := range []struct{ query, al, lang, undo string }{
		{"", "", "en", "Undo"},
		{"", "de-DE,de;q=0.9,en;q=0.8", "de", "Rückgängig"},
		{"?lang=en", "de", "en", "Undo"},
		{"?lang=de", "en-US", "de", "Rückgängig"},
		{"?lang=fr", "de", "de", "Rückgängig"},
	} {
		code, html := getIn(t, tb.url(0)+c.query, c.al)
		if code != 200 || !strings.Contains(html, `<html lang="`+c.lang+`">`) || !strings.Contains(html, ">"+c.undo+"</button>") ||
			!strings.Contains(html, "data-messages=") {
			t.Errorf("GET U%s with Accept-Language %q: %d, want the page in %s: %.300s", c.query, c.al, code, c.lang, html)
		}
	}
	var en, de wire.State
	_, b := getIn(t, tb.url(0)+"/state", "")
	json.Unmarshal([]byte(b), &en)
	_, b = getIn(t, tb.url(0)+"/state?lang=de", "")
	json.Unmarshal([]byte(b), &de)
	var qe, qd wire.Question
	if json.Unmarshal(en.Question, &qe) != nil || json.Unmarshal(de.Question, &qd) != nil || qe.ID != qd.ID || qe.Text == qd.Text ||
		len(qe.Options) != len(qd.Options) {
		t.Fatalf("the question in English %s, in German %s", en.Question, de.Question)
	}
	for i := range qe.Options {
		if qe.Options[i].Key != qd.Options[i].Key {
			t.Errorf("option %d's key is %q in English, %q in German", i, qe.Options[i].Key, qd.Options[i].Key)
		}
	}
	if de.Name != en.Name || len(de.Seats) != len(en.Seats) {
		t.Errorf("the German state's name and seats: %q %v", de.Name, de.Seats)
	}
	_, help := getIn(t, tb.url(Table)+"/help?lang=de", "")
	var h wire.Help
	if json.Unmarshal([]byte(help), &h) != nil || !strings.Contains(h.Commands, "Rückgängig") || h.Question != qe.ID {
		t.Errorf("the German help: %s", help)
	}
	code, body := getIn(t, tb.url(0)+"/nothing", "de")
	if code != 404 || !strings.Contains(body, locale.German.Sprintf("web.refused.page")) {
		t.Errorf("a German browser's 404: %d %s", code, body)
	}
	code, body = getIn(t, tb.srv.Base()+"/nosuchtoken", "de")
	if code != 404 || !strings.Contains(body, `<html lang="de">`) || !strings.Contains(body, "nicht mehr gültig") {
		t.Errorf("a German browser's page of an unknown code: %d %s", code, body)
	}
	code, body = getIn(t, tb.srv.JoinURL(), "de")
	if code != 200 || !strings.Contains(body, `<html lang="de">`) || !strings.Contains(body, "Tippe auf deinen Namen") {
		t.Errorf("the German join page: %d %.300s", code, body)
	}
}

// TestPageMessages: the pages' script gets every web.page.* message of
// its language, plurals as their CLDR forms.
func TestPageMessages(t *testing.T) {
	for _, l := range locale.All {
		var m map[string]any
		if err := json.Unmarshal(pageMessages(l), &m); err != nil {
			t.Fatal(err)
		}
		undo, _ := locale.Raw(l, "web.page.undo")
		if m["web.page.undo"] != undo || undo == "" {
			t.Errorf("%s: web.page.undo is %v", l, m["web.page.undo"])
		}
		if f, ok := m["web.page.n.point"].(map[string]any); !ok || f["one"] == nil || f["other"] == nil {
			t.Errorf("%s: web.page.n.point is %v", l, m["web.page.n.point"])
		}
		for k := range m {
			if !strings.HasPrefix(k, "web.page.") {
				t.Errorf("%s: the pages are sent %s", l, k)
			}
		}
	}
}
