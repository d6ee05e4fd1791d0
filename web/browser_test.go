package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"rumref/referee"
	"rumref/wire"
)

// The browser tests drive Debian's chromium through chromedp. test.sh
// installs chromium when it is missing; without it these tests fail,
// unless RUMREF_SKIP_BROWSER=1 says to skip them (for a quick local run).

// chromium finds the browser.
func chromium(t *testing.T) string {
	t.Helper()
	if os.Getenv("RUMREF_SKIP_BROWSER") == "1" {
		t.Skip("RUMREF_SKIP_BROWSER=1: browser tests skipped")
	}
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("chromium is not installed: ./test.sh installs it (apt-get install chromium), or set RUMREF_SKIP_BROWSER=1 to skip the browser tests")
	return ""
}

// browser is one headless chromium with a tab per viewer.
type browser struct {
	t    *testing.T
	tb   *served
	root context.Context
	tabs map[referee.Viewer]context.Context
	// errs are the console errors and uncaught exceptions of each tab
	// (listen).
	mu   sync.Mutex
	errs map[referee.Viewer][]string
}

func newBrowser(t *testing.T, tb *served, extra ...chromedp.ExecAllocatorOption) *browser {
	path := chromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	opts = append(opts, extra...)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	root, cancelR := chromedp.NewContext(actx)
	if err := chromedp.Do(root); err != nil {
		cancelR()
		cancelA()
		t.Fatalf("starting chromium: %v", err)
	}
	t.Cleanup(func() { cancelR(); cancelA() })
	return &browser{t: t, tb: tb, root: root, tabs: map[referee.Viewer]context.Context{}}
}

// open loads a viewer's page in a tab of the given width.
func (b *browser) open(v referee.Viewer, width, height int64) context.Context {
	b.t.Helper()
	ctx := b.root
	if len(b.tabs) > 0 {
		ctx, _ = chromedp.NewContext(b.root)
	}
	b.tabs[v] = ctx
	b.listen(v, ctx)
	if err := chromedp.Do(ctx, shortGuard, chromedp.EmulateViewport(width, height), chromedp.Navigate(b.tb.url(v)),
		chromedp.WaitVisible(chromedp.CSS("#question .who, #question p"))); err != nil {
		b.t.Fatalf("opening the page of viewer %d: %v", v, err)
	}
	return ctx
}

// listen keeps the console errors (console.error, console.assert) and
// uncaught exceptions of viewer v's tab (noErrors reports them).
func (b *browser) listen(v referee.Viewer, ctx context.Context) {
	b.t.Helper()
	if err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch e := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if e.Type != runtime.ConsoleAPICalledTypeError && e.Type != runtime.ConsoleAPICalledTypeAssert {
				return
			}
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			msg = "console." + string(e.Type) + ": " + strings.Join(parts, " ")
		case *runtime.EventExceptionThrown:
			d := e.ExceptionDetails
			msg = "uncaught: " + d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
		default:
			return
		}
		b.mu.Lock()
		defer b.mu.Unlock()
		if b.errs == nil {
			b.errs = map[referee.Viewer][]string{}
		}
		b.errs[v] = append(b.errs[v], msg)
	}); err != nil {
		b.t.Fatalf("listening to viewer %d's tab: %v", v, err)
	}
	if err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, runtime.Enable, cdp.Empty{})
		return err
	})); err != nil {
		b.t.Fatalf("enabling the runtime events of viewer %d's tab: %v", v, err)
	}
}

// noErrors fails the test for any console error or uncaught exception
// a tab had.
func (b *browser) noErrors() {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for v, l := range b.errs {
		for _, m := range l {
			b.t.Errorf("viewer %d's page: %s", v, m)
		}
	}
}

// shortGuard shortens the pages' tap guard (GUARD_MS in app.js) from
// 400 ms to 30 ms in the tests that play whole games, one click per
// question at machine speed: the real guard would add 400 ms to each of
// their hundreds of answers. The tap tests (tap_browser_test.go) keep the
// real one.
var shortGuard = chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
	_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: "window.rumrefGuardMs = 30;"})
	return err
})

// run runs actions in a viewer's tab with a timeout.
func (b *browser) run(v referee.Viewer, what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.tabs[v], 15*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("viewer %d: %s: %v", v, what, err)
	}
}

// waitKept waits for a seat's page to say its answer ahead of its turn is
// kept. The table takes the answer, saves it and streams it back to the
// page; on a loaded 2-core CI machine running the terminal and browser
// tests of cli beside these, that took more than the 15 s of run (seen
// twice), so it gets 45 s, and a failure says what the page showed.
func (b *browser) waitKept(v referee.Viewer, _ int) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.tabs[v], 45*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.Search(`//p[contains(., "Your answer is kept")]`))); err != nil {
		var html string
		b.eval(v, `document.getElementById("question").outerHTML + " | " + (document.getElementById("status") || {}).textContent`, &html)
		b.t.Fatalf("viewer %d: waiting for the kept answer: %v; the page shows: %s", v, err, html)
	}
}

// get runs one action that returns a value in a viewer's tab.
func get[T any](b *browser, v referee.Viewer, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.tabs[v], 15*time.Second)
	defer cancel()
	out, err := chromedp.Run(ctx, a)
	if err != nil {
		b.t.Fatalf("viewer %d: %s: %v", v, what, err)
	}
	return out
}

// eval evaluates JavaScript in a viewer's tab into out.
func (b *browser) eval(v referee.Viewer, js string, out any) {
	b.t.Helper()
	raw := get(b, v, js, chromedp.Evaluate[json.RawMessage](js))
	if err := json.Unmarshal(raw, out); err != nil {
		b.t.Fatalf("viewer %d: %s: %v (%s)", v, js, err, raw)
	}
}

// click answers key on a viewer's page by its button (or the number
// field for a long range).
func (b *browser) click(v referee.Viewer, step int, key string) {
	b.t.Helper()
	sel := fmt.Sprintf(`#question[data-step="%d"] button.choice[data-key=%q]:not(:disabled)`, step, key)
	var n int
	// Wait for the page to show this step's question, past its guard.
	deadline := time.Now().Add(10 * time.Second)
	for {
		b.eval(v, fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n)
		if n > 0 {
			break
		}
		var hasInput int
		b.eval(v, fmt.Sprintf(`document.querySelectorAll('#question[data-step="%d"] form button:not(:disabled)').length`, step), &hasInput)
		if hasInput > 0 {
			b.run(v, "typing the answer", chromedp.SendKeys(chromedp.CSS(`#question input`), key),
				chromedp.Click(chromedp.CSS(`#question form button`)))
			return
		}
		if time.Now().After(deadline) {
			var html string
			b.eval(v, `document.getElementById("question").outerHTML`, &html)
			b.t.Fatalf("step %d: viewer %d's page has no button %q; it shows: %s", step, v, key, html)
		}
		time.Sleep(5 * time.Millisecond)
	}
	b.run(v, "clicking "+key, chromedp.Click(chromedp.CSS(sel)))
}

// layout checks a phone-size page: nothing wider than the screen, every
// button at least 44 px each way; and takes a screenshot of the whole
// page (kept in $RUMREF_SCREENSHOTS when set).
func (b *browser) layout(v referee.Viewer, name string) {
	b.t.Helper()
	var res struct {
		Scroll int      `json:"scroll"`
		Width  int      `json:"width"`
		Small  []string `json:"small"`
		Wide   []string `json:"wide"`
	}
	b.eval(v, `(() => {
		const w = document.documentElement.clientWidth;
		const small = [], wide = [];
		for (const e of document.querySelectorAll("button, input")) {
			const r = e.getBoundingClientRect();
			if (r.width === 0 && r.height === 0) continue;
			if (r.width < 44 || r.height < 44) small.push(e.id || e.textContent.slice(0, 30) || e.outerHTML.slice(0, 40));
		}
		for (const e of document.querySelectorAll("body *")) {
			const r = e.getBoundingClientRect();
			if (r.right > w + 0.5 && getComputedStyle(e).position !== "fixed") {
				let p = e.parentElement, clipped = false;
				for (; p; p = p.parentElement) { const o = getComputedStyle(p).overflowX; if (o === "auto" || o === "hidden" || o === "scroll") { clipped = true; break; } }
				if (!clipped) wide.push(e.tagName + "#" + e.id + "." + e.className);
			}
		}
		return {scroll: document.documentElement.scrollWidth, width: w, small, wide};
	})()`, &res)
	if res.Scroll > res.Width {
		b.t.Errorf("%s: the page scrolls sideways: %d px wide on a %d px screen", name, res.Scroll, res.Width)
	}
	if len(res.Wide) > 0 {
		b.t.Errorf("%s: elements overflow the screen: %v", name, res.Wide)
	}
	if len(res.Small) > 0 {
		b.t.Errorf("%s: touch targets under 44 px: %v", name, res.Small)
	}
	shot(b, v, name)
}

// shot takes a screenshot of a whole page, kept in $RUMREF_SCREENSHOTS
// when set.
func shot(b *browser, v referee.Viewer, name string) {
	b.t.Helper()
	png := get(b, v, "screenshot", chromedp.FullScreenshot(100))
	if len(png) == 0 {
		b.t.Errorf("%s: no screenshot", name)
	}
	if dir := os.Getenv("RUMREF_SCREENSHOTS"); dir != "" {
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
	}
}

// playInBrowser plays the whole game by clicking the pages: each answer
// on the page of the seat asked (public questions of the table, and some
// of the players', on the table page), pub invitations on every phone at
// once, each waited for until kept (waitKept: the page's sentence;
// keptInState: the seat's state). every runs after each answer.
func (b *browser) playInBrowser(kept func(seat referee.Viewer, step int), every func(step int)) {
	tb := b.tb
	queuedAt := map[int]bool{}
	for step := 0; step < len(tb.answers); {
		ts, _ := tb.state(Table)
		var q wire.Question
		if json.Unmarshal(ts.Question, &q) != nil || ts.Step != step {
			b.t.Fatalf("step %d: the table is at %d with %s", step, ts.Step, ts.Question)
		}
		who := referee.Viewer(q.Actor)
		if !q.Secret && (step%4 == 0 || who == Table) {
			who = Table
		}
		if _, ok := b.tabs[who]; !ok {
			who = Table
		}
		for i := range tb.names {
			seat := referee.Viewer(i)
			s, _ := tb.state(seat)
			var sq wire.Question
			if json.Unmarshal(s.Question, &sq) == nil && sq.Ahead && sq.Queued == "" {
				b.click(seat, sq.Step, tb.answers[sq.Step].A)
				queuedAt[sq.Step] = true
				kept(seat, sq.Step)
			}
		}
		b.click(who, step, tb.answers[step].A)
		step = tb.waitPast(step, queuedAt, fmt.Sprintf("clicked %s %s on viewer %d's page", q.ID, tb.answers[step].A, who))
		if every != nil {
			every(step)
		}
	}
}

// secretsHiddenUntilTapped checks the tap-to-reveal of a seat page.
func (b *browser) secretsHiddenUntilTapped(v referee.Viewer, holds string) {
	b.t.Helper()
	var hidden bool
	b.eval(v, `document.getElementById("secrets").hidden`, &hidden)
	if !hidden {
		b.t.Errorf("viewer %d's secrets show before a tap", v)
	}
	b.run(v, "revealing", chromedp.Click(chromedp.ID("reveal")))
	text := get(b, v, "reading the secrets", chromedp.Text(chromedp.ID("secrets")))
	if !contains(text, holds) {
		b.t.Errorf("viewer %d's revealed secrets %q lack %q", v, text, holds)
	}
	b.run(v, "hiding", chromedp.Click(chromedp.ID("reveal")))
	b.eval(v, `document.getElementById("secrets").hidden`, &hidden)
	if !hidden {
		b.t.Errorf("viewer %d's secrets stay shown after a second tap", v)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// endPages checks every page at the end: the score pad, the play
// logger's code and link, and nothing that cannot be used any more (no
// Undo, Correct or Help, no "reconnecting" once the stream has ended).
func (b *browser) endPages(seats int) {
	b.t.Helper()
	for v := range b.tabs {
		b.run(v, "waiting for the score pad", chromedp.WaitVisible(chromedp.ID("scorepad")))
		b.run(v, "waiting for the play logger code", chromedp.WaitVisible(chromedp.CSS("#playqr svg")))
		href := get(b, v, "reading the play link", chromedp.AttributeValue(chromedp.CSS("#playqr a"), "href"))
		if !href.Exists || !contains(href.Value, "createPlay") {
			b.t.Errorf("viewer %d: the play link is %q", v, href.Value)
		}
	}
	// The streams end with the game: every page says it is over and
	// keeps saying so.
	time.Sleep(2500 * time.Millisecond)
	for v := range b.tabs {
		var over struct {
			Conn  string   `json:"conn"`
			Shown []string `json:"shown"`
		}
		b.eval(v, `(() => ({ conn: document.getElementById("conn").textContent,
			shown: [...document.querySelectorAll("#undo, #mine, #helpbtn, #joinbtn")].filter((e) => e.getClientRects().length > 0).map((e) => e.id) }))()`, &over)
		if over.Conn != "game over" || len(over.Shown) > 0 {
			b.t.Errorf("viewer %d at the end: the header says %q and %v are still on the page", v, over.Conn, over.Shown)
		}
	}
}

func TestBrowserRumAndPiratesThreePhonesAndTheTable(t *testing.T) {
	chromium(t)
	tb := serve(t, "pirates", 3, 7)
	b := newBrowser(t, tb)
	b.open(Table, 1280, 900)
	for i := range tb.names {
		b.open(referee.Viewer(i), 360, 740)
	}
	b.layout(0, "pirates-seat-start")
	b.secretsHiddenUntilTapped(0, "Coins:")
	var boardSVG int
	b.eval(Table, `document.querySelectorAll("#board svg polyline.alley").length`, &boardSVG)
	if boardSVG == 0 {
		t.Fatal("the table page shows no board")
	}
	checked := false
	// What each page shows (its whole text, hidden parts too), scanned at
	// the end for other seats' secrets.
	shown := map[referee.Viewer][]string{}
	look := func() {
		for v := range b.tabs {
			var text string
			b.eval(v, `document.body.textContent`, &text)
			shown[v] = append(shown[v], text)
		}
	}
	b.playInBrowser(b.waitKept, func(step int) {
		if step%25 == 0 {
			look()
		}
		if checked || step < len(tb.answers)/2 {
			return
		}
		s, _ := tb.state(Table)
		var view struct {
			Alleys []json.RawMessage `json:"alleys"`
		}
		json.Unmarshal(s.View, &view)
		if len(view.Alleys) == 0 {
			return
		}
		checked = true
		b.boardShowsThePieces(len(view.Alleys))
		for i := range tb.names {
			b.layout(referee.Viewer(i), fmt.Sprintf("pirates-seat%d-middle", i))
		}
		shot(b, Table, "pirates-table-middle")
	})
	if !checked {
		t.Error("the board was never checked with pirates on it")
	}
	b.endPages(len(tb.names))
	look()
	secrets, legit := secretsOf(t, tb)
	for v, texts := range shown {
		scan(t, "pirates", v, texts, secrets, legit[v])
	}
	shot(b, Table, "pirates-table-end")
	for i := range tb.names {
		b.layout(referee.Viewer(i), fmt.Sprintf("pirates-seat%d-end", i))
	}
	b.noErrors()
}

func TestBrowserRumRunnerTwoPhones(t *testing.T) {
	chromium(t)
	tb := serve(t, "runner", 2, 3)
	b := newBrowser(t, tb)
	b.open(Table, 1024, 800)
	b.open(0, 360, 740)
	b.open(1, 360, 740)
	b.layout(0, "runner-crown-start")
	b.layout(1, "runner-pirate-start")
	b.playInBrowser(b.waitKept, func(step int) {
		if step == len(tb.answers)/2 {
			b.layout(0, "runner-crown-middle")
			b.layout(1, "runner-pirate-middle")
			var islands int
			b.eval(Table, `document.querySelectorAll("#state .island").length`, &islands)
			if islands != 4 {
				t.Errorf("the table page shows %d islands", islands)
			}
		}
	})
	b.secretsHiddenUntilTapped(0, "Hand:")
	b.endPages(2)
	shot(b, Table, "runner-table-end")
	b.layout(0, "runner-crown-end")
	b.layout(1, "runner-pirate-end")
	// The laptop closes after the end: the streams end for good and the
	// pages still say the game is over, not "reconnecting".
	tb.srv.Close()
	time.Sleep(3 * time.Second)
	for v := range b.tabs {
		if conn := get(b, v, "reading the header", chromedp.Text(chromedp.ID("conn"))); conn != "game over" {
			t.Errorf("viewer %d, the laptop closed after the end: the header says %q", v, conn)
		}
	}
	b.noErrors()
}

// boardShowsThePieces checks that the table page's board draws the
// pieces on the alleys the view names (alleys of them) and rings the
// captain's place: the page finds both on the board by their names in
// its language.
func (b *browser) boardShowsThePieces(alleys int) {
	b.t.Helper()
	var taken, captain int
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		b.eval(Table, `document.querySelectorAll("#board polyline.taken").length`, &taken)
		b.eval(Table, `document.querySelectorAll("#board #captain").length`, &captain)
		if taken == alleys && captain == 1 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if taken != alleys || captain != 1 {
		b.t.Errorf("the board shows %d occupied alleys of %d and %d captains", taken, alleys, captain)
	}
}
