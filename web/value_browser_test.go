package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rumref/locale"
	"rumref/table"
	"rumref/wire"
)

// TestBrowserValueRequestOnThePhone: Bo asks to correct Ann's secret
// answer; Ann's phone shows the answer's choices and a Keep it button,
// and a tap on a choice makes it her answer.
func TestBrowserValueRequestOnThePhone(t *testing.T) {
	tb := serve(t, "runner", 2, 3)
	b := newBrowser(t, tb)
	b.open(0, 390, 844)
	a := tb.answers[0]
	b.click(0, 0, a.A)
	waitState := func(what string, ok func(wire.State) bool) wire.State {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if s, _ := tb.state(0); ok(s) {
				return s
			}
			if time.Now().After(deadline) {
				_, raw := tb.state(0)
				t.Fatalf("%s never came: %s", what, raw)
			}
		}
	}
	waitState("Ann's answer", func(s wire.State) bool { return s.Step == 1 })
	if code, body := tb.post(1, "correct", map[string]any{"step": 1, "n": 1}); code != 200 {
		t.Fatalf("Bo's correction: %d %s", code, body)
	}
	s := waitState("the value request", func(s wire.State) bool { return strings.Contains(string(s.Confirm), `"value"`) })
	var c wire.PageConfirm
	if err := json.Unmarshal(s.Confirm, &c); err != nil {
		t.Fatal(err)
	}
	value := ""
	for _, o := range c.Value.Options {
		if o.Key != a.A {
			value = o.Key
		}
	}
	sel := fmt.Sprintf(`#confirm button.choice[data-key=%q]:not(:disabled)`, value)
	b.run(0, "waiting for the choices", chromedp.WaitVisible(chromedp.CSS(`#confirm-keep`)), chromedp.WaitVisible(chromedp.CSS(sel)))
	b.run(0, "tapping "+value, chromedp.Click(chromedp.CSS(sel)))
	s = waitState("the end of the request", func(s wire.State) bool { return !strings.Contains(string(s.Confirm), `"value"`) })
	if strings.Contains(string(s.Confirm), `"correct.drop"`) {
		b.run(0, "agreeing to the drop", chromedp.WaitVisible(chromedp.CSS(`#confirm-yes:not(:disabled)`)), chromedp.Click(chromedp.CSS(`#confirm-yes`)))
		waitState("the correction", func(s wire.State) bool { return string(s.Confirm) == "null" })
	}
	if _, was, err := tb.core.Answered(table.Page(0), 1, locale.English); err != nil || !strings.Contains(was, value) {
		t.Fatalf("after Ann tapped %q her answer 1 is %q (%v)", value, was, err)
	}
}
