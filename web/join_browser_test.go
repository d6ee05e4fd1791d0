package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rumref/referee"
)

// The phones of the join browser test: tabs that are no viewer of their
// own until they take a seat.
const (
	phoneA referee.Viewer = 100 + iota
	phoneB
)

// openJoin opens the join page in a new tab at phone size; own gives the
// tab its own cookies (another device).
func (b *browser) openJoin(v referee.Viewer, own bool) {
	b.t.Helper()
	var opts []chromedp.ContextOption
	if own {
		opts = append(opts, chromedp.WithNewBrowserContext())
	}
	ctx, _ := chromedp.NewContext(b.root, opts...)
	b.tabs[v] = ctx
	b.listen(v, ctx)
	if err := chromedp.Do(ctx, shortGuard, chromedp.EmulateViewport(390, 844), chromedp.Navigate(b.tb.srv.JoinURL()),
		chromedp.WaitVisible(chromedp.CSS(`#seats button[data-seat="0"]`))); err != nil {
		b.t.Fatalf("opening the join page: %v", err)
	}
}

// waitEval waits until js is true in v's tab (a page being loaded
// meanwhile counts as not yet).
func (b *browser) waitEval(v referee.Viewer, what, js string) {
	b.t.Helper()
	expr := "(() => { try { return !!(" + js + "); } catch (e) { return false; } })()"
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		ctx, cancel := context.WithTimeout(b.tabs[v], 5*time.Second)
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			var html string
			b.eval(v, `document.body.outerHTML`, &html)
			b.t.Fatalf("%s: never (%v); the page shows %.2000s", what, err, html)
		}
	}
}

// TestBrowserJoinWithOneCode: at phone size, a phone opens the one join
// code and taps its seat, and gets that seat's page; a second device
// asking for the seat waits, holding nothing of the seat, until the
// owner taps yes, then gets the page; the table page shows the join code
// and both devices on the seat, and its page never holds a seat's token;
// no page has a console error.
func TestBrowserJoinWithOneCode(t *testing.T) {
	chromium(t)
	tb := serve(t, "runner", 2, 3)
	b := newBrowser(t, tb)
	b.open(Table, 1280, 900)
	b.waitEval(Table, "the join code on the table page", `!!document.querySelector("#join:not([hidden]) #joinqr svg")`)
	var url string
	b.eval(Table, `document.getElementById("joinurl").textContent`, &url)
	if url != tb.srv.JoinURL() {
		t.Fatalf("the table page's join URL is %q, want %q", url, tb.srv.JoinURL())
	}

	b.openJoin(phoneA, false)
	b.layout(phoneA, "join-page")
	b.run(phoneA, "tapping the first seat", chromedp.Click(chromedp.CSS(`#seats button[data-seat="0"]`)))
	b.waitEval(phoneA, "the seat page", `document.body.dataset.page === "seat" && !!document.querySelector("#question .who, #question p")`)
	var title string
	b.eval(phoneA, `document.getElementById("title").textContent`, &title)
	if !strings.Contains(title, tb.names[0]) {
		t.Fatalf("after the tap the page is %q, not %s's", title, tb.names[0])
	}
	b.waitEval(Table, "the phone on the table page", `document.getElementById("seatlist").textContent.includes("1 device")`)

	// Another device asks for the same seat.
	b.openJoin(phoneB, true)
	var label string
	b.eval(phoneB, `document.querySelector('#seats button[data-seat="0"]').textContent`, &label)
	if !strings.Contains(label, "ask to join") {
		t.Fatalf("the taken seat's button says %q", label)
	}
	b.run(phoneB, "asking for the taken seat", chromedp.Click(chromedp.CSS(`#seats button[data-seat="0"]`)))
	b.waitEval(phoneB, "the wait", `document.getElementById("info").textContent.includes("was asked")`)
	b.waitEval(phoneA, "the owner's question", `!!document.querySelector("#confirm:not([hidden]) #confirm-yes") && document.getElementById("confirm").textContent.includes("Another device")`)
	time.Sleep(500 * time.Millisecond) // the device asking polls meanwhile
	var page string
	var html string
	b.eval(phoneB, `document.body.dataset.page`, &page)
	b.eval(phoneB, `document.documentElement.outerHTML + document.cookie`, &html)
	if page != "join" {
		t.Fatalf("the device asking is on the %q page before the yes", page)
	}
	scanTokens(t, "the device asking, before the yes", html, tb.srv.tokens)

	// The owner's yes (past the tap guard) lets it in.
	b.waitEval(phoneA, "the yes button", `!document.getElementById("confirm-yes").disabled`)
	b.run(phoneA, "saying yes", chromedp.Click(chromedp.CSS("#confirm-yes")))
	b.waitEval(phoneB, "the second device on the seat page", `document.body.dataset.page === "seat" && !!document.querySelector("#question .who, #question p")`)
	b.eval(phoneB, `document.getElementById("title").textContent`, &title)
	if !strings.Contains(title, tb.names[0]) {
		t.Fatalf("the second device's page is %q", title)
	}
	b.waitEval(phoneA, "the second device shown to the owner", `!document.getElementById("devices").hidden && document.getElementById("devices").textContent.includes("2 devices")`)
	b.run(Table, "showing the join code", chromedp.Click(chromedp.CSS("#joinbtn")))
	b.waitEval(Table, "both devices on the table page", `document.getElementById("seatlist").textContent.includes("2 devices")`)

	b.eval(Table, `document.documentElement.outerHTML`, &html)
	scanTokens(t, "the table page", html, tb.srv.tokens)
	b.noErrors()
}
