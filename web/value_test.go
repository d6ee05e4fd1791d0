package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/table"
	"rumref/wire"
)

// TestValueRequestOnThePhone: Bo's phone asks to correct Ann's secret
// answer; Ann's phone is asked for the new value. Her "keep it" (a reply
// without a value, yes false) keeps the answer and says so; it is not
// taken as the value "no". Her value, sent as value, is taken.
func TestValueRequestOnThePhone(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	ann, bo := tb.open(0, ""), tb.open(1, "")
	defer ann.close()
	defer bo.close()
	a := tb.answers[0]
	if code, body := tb.post(0, "answer", map[string]any{"step": 0, "question": a.Q, "answer": a.A}); code != 200 {
		t.Fatalf("Ann's answer: %d %s", code, body)
	}
	ask := func() wire.PageConfirm {
		t.Helper()
		if code, body := tb.post(1, "correct", map[string]any{"step": 1, "n": 1}); code != 200 || !strings.Contains(string(body), `"pending":true`) {
			t.Fatalf("Bo's correction of Ann's secret answer: %d %s", code, body)
		}
		s, _ := tb.state(0)
		var c wire.PageConfirm
		if json.Unmarshal(s.Confirm, &c) != nil || c.Value == nil || len(c.Value.Options) < 2 {
			t.Fatalf("Ann's phone was not asked for a value: %s", s.Confirm)
		}
		return c
	}
	c := ask()
	code, body := tb.post(0, "confirm", map[string]any{"step": 1, "id": c.ID, "yes": false})
	if code != 200 || !strings.Contains(string(body), "Nothing was changed") {
		t.Fatalf("Ann's 'keep it': %d %s", code, body)
	}
	if s, _ := tb.state(0); string(s.Confirm) != "null" {
		t.Fatalf("after 'keep it' Ann is still asked: %s", s.Confirm)
	}
	c = ask()
	value, label := "", ""
	for _, o := range c.Value.Options {
		if o.Key != a.A {
			value, label = o.Key, o.Label
			break
		}
	}
	code, body = tb.post(0, "confirm", map[string]any{"step": 1, "id": c.ID, "value": value})
	if code != 200 {
		t.Fatalf("Ann's value: %d %s", code, body)
	}
	if s, _ := tb.state(0); string(s.Confirm) != "null" {
		// A change that drops later answers asks its chooser once more.
		var d wire.PageConfirm
		if json.Unmarshal(s.Confirm, &d) != nil || d.ID != "correct.drop" {
			t.Fatalf("after her value Ann is asked: %s", s.Confirm)
		}
		if code, body = tb.post(0, "confirm", map[string]any{"step": 1, "id": d.ID, "yes": true}); code != 200 {
			t.Fatalf("Ann's yes to the drop: %d %s", code, body)
		}
	}
	if _, was, err := tb.core.Answered(table.Page(0), 1, locale.English); err != nil || was != fmt.Sprintf("%s (%s)", label, value) {
		// The table names an answer "Label (key)": the pages mark the
		// option by its key, the laptop says only the label (f03d572).
		t.Fatalf("Ann's answer 1 is %q after she chose %q (%q) (%v)", was, value, label, err)
	}
	for _, e := range tb.core.Log(locale.English) {
		if e.N == 1 && e.Answer != "(secret)" {
			t.Fatalf("the public log shows Ann's answer as %q", e.Answer)
		}
	}
	bo.waitFor(t, "Answer 1 is now (secret)")
}
