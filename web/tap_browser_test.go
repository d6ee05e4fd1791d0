package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rumref/locale"
	"rumref/referee"
	"rumref/wire"
)

// The tap tests: fast and clumsy taps on a phone-size page in chromium,
// with touch emulation and the pages' real tap guard, against a real
// game. Whatever the fingers do, one tap answers one question: the
// question the page showed when it was tapped.

// tapRecorder is put in the page before its script: it keeps every touch
// (when the browser took it in, on which button, of which question then
// on screen, whether the button was disabled), every change of the
// question shown, every POST the page makes with its reply's status, and
// every uncaught error.
const tapRecorder = `(() => {
	const taps = [], shown = [], posts = [], errors = [];
	window.rumrefTest = { taps, shown, posts, errors };
	window.addEventListener("error", (e) => errors.push(String(e.message)));
	window.addEventListener("unhandledrejection", (e) => errors.push(String(e.reason)));
	document.addEventListener("touchstart", (e) => {
		const b = e.target && e.target.closest ? e.target.closest("button") : null;
		const q = document.getElementById("question");
		taps.push({ t: e.timeStamp, step: q && q.dataset.step !== undefined ? Number(q.dataset.step) : -1,
			key: b ? (b.dataset.key || b.textContent) : "", disabled: b ? b.disabled : false });
	}, true);
	document.addEventListener("DOMContentLoaded", () => {
		const q = document.getElementById("question");
		new MutationObserver(() => {
			const s = q.dataset.step === undefined ? -1 : Number(q.dataset.step);
			if (!shown.length || shown[shown.length - 1].step !== s) shown.push({ t: performance.now(), step: s });
		}).observe(q, { attributes: true, attributeFilter: ["data-step"] });
	});
	const fetch0 = window.fetch;
	window.fetch = function (url, opts) {
		const p = fetch0.apply(this, arguments);
		if (opts && opts.method === "POST") {
			const r = { url: String(url), body: opts.body, t: performance.now(), status: -1 };
			posts.push(r);
			p.then((res) => { r.status = res.status; }, () => { r.status = 0; });
		}
		return p;
	};
})();`

// tapPage is one viewer's page in a tab at phone size with touch.
type tapPage struct {
	b *browser
	v referee.Viewer
}

func openTapPage(b *browser, v referee.Viewer) *tapPage {
	b.t.Helper()
	return openTapPageAt(b, v, b.tb.url(v))
}

// openTapPageAt opens viewer v's page at url (through a proxy).
func openTapPageAt(b *browser, v referee.Viewer, url string) *tapPage {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.root)
	b.t.Cleanup(cancel) // the tab closes with the game's test
	b.tabs[v] = ctx
	record := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: tapRecorder})
		return err
	})
	if err := chromedp.Do(ctx, record, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait),
		chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS("#question .who, #question p"))); err != nil {
		b.t.Fatalf("opening the page of viewer %d: %v", v, err)
	}
	return &tapPage{b: b, v: v}
}

// button waits until the page shows step's question with the button of
// key enabled (its guard over), scrolls it to the middle of the screen
// and returns its center.
func (p *tapPage) button(step int, key string) (x, y float64) {
	p.b.t.Helper()
	sel := fmt.Sprintf(`#question[data-step="%d"] button[data-key=%q]`, step, key)
	var at struct {
		OK bool    `json:"ok"`
		X  float64 `json:"x"`
		Y  float64 `json:"y"`
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		p.b.eval(p.v, fmt.Sprintf(`(() => {
			const b = document.querySelector(%q);
			if (!b || b.disabled) return { ok: false };
			b.scrollIntoView({ block: "center" });
			const r = b.getBoundingClientRect();
			return { ok: true, x: r.left + r.width / 2, y: r.top + r.height / 2 };
		})()`, sel), &at)
		if at.OK {
			break
		}
		if time.Now().After(deadline) {
			var html string
			p.b.eval(p.v, `document.getElementById("question").outerHTML`, &html)
			p.b.t.Fatalf("viewer %d never showed an enabled button %q for answer %d: %s", p.v, key, step+1, html)
		}
	}
	// Let the scroll settle (a scroll does not move the box on the page,
	// so it does not start the guard again).
	var y2 float64
	for i := 0; i < 50; i++ {
		time.Sleep(10 * time.Millisecond)
		p.b.eval(p.v, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return r.top + r.height / 2; })()`, sel), &y2)
		if y2 == at.Y {
			break
		}
		at.Y = y2
	}
	return at.X, at.Y
}

// at is the center of the button of key of step's question where it is
// now on the screen.
func (p *tapPage) at(step int, key string) (x, y float64) {
	p.b.t.Helper()
	var at struct {
		OK bool    `json:"ok"`
		X  float64 `json:"x"`
		Y  float64 `json:"y"`
	}
	p.b.eval(p.v, fmt.Sprintf(`(() => {
		const b = document.querySelector(%q);
		if (!b) return { ok: false };
		const r = b.getBoundingClientRect();
		return { ok: r.top >= 0 && r.bottom <= window.innerHeight, x: r.left + r.width / 2, y: r.top + r.height / 2 };
	})()`, fmt.Sprintf(`#question[data-step="%d"] button[data-key=%q]`, step, key)), &at)
	if !at.OK {
		p.b.t.Fatalf("viewer %d: the button %q of answer %d is not on the screen", p.v, key, step+1)
	}
	return at.X, at.Y
}

// reset forgets what the recorder kept.
func (p *tapPage) reset() {
	p.b.t.Helper()
	var ok bool
	p.b.eval(p.v, `(() => { const r = window.rumrefTest; r.taps.length = 0; r.shown.length = 0; r.posts.length = 0; r.errors.length = 0; return true; })()`, &ok)
}

// taps taps the points at the given offsets from the first tap, and
// returns when each tap began, from the first.
func (p *tapPage) taps(points [][2]float64, after []time.Duration) []time.Duration {
	p.b.t.Helper()
	ctx, cancel := context.WithTimeout(p.b.tabs[p.v], 15*time.Second)
	defer cancel()
	var began []time.Duration
	t0 := time.Now()
	for i, pt := range points {
		if d := after[i] - time.Since(t0); d > 0 {
			time.Sleep(d)
		}
		began = append(began, time.Since(t0))
		if err := chromedp.Do(ctx, chromedp.TapXY(pt[0], pt[1])); err != nil {
			p.b.t.Fatalf("viewer %d: tapping: %v", p.v, err)
		}
	}
	return began
}

// recorded is what the recorder kept.
type recorded struct {
	Taps []struct {
		T        float64 `json:"t"`
		Step     int     `json:"step"`
		Key      string  `json:"key"`
		Disabled bool    `json:"disabled"`
	} `json:"taps"`
	Shown []struct {
		T    float64 `json:"t"`
		Step int     `json:"step"`
	} `json:"shown"`
	Posts []struct {
		URL    string  `json:"url"`
		Body   string  `json:"body"`
		T      float64 `json:"t"`
		Status int     `json:"status"`
	} `json:"posts"`
	Errors []string `json:"errors"`
}

// settle waits until every POST the page made has its reply and the
// page's guard on what came next is over (so a tap it let through would
// have been posted), and returns the record.
func (p *tapPage) settle() recorded {
	p.b.t.Helper()
	time.Sleep(600 * time.Millisecond) // past the guard of the question that came up
	return p.replies()
}

// replies waits until every POST the page made has its reply, and
// returns the record.
func (p *tapPage) replies() recorded {
	p.b.t.Helper()
	var r recorded
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		p.b.eval(p.v, `window.rumrefTest`, &r)
		done := true
		for _, x := range r.Posts {
			done = done && x.Status != -1
		}
		if done {
			return r
		}
		if time.Now().After(deadline) {
			p.b.t.Fatalf("viewer %d: a POST got no reply: %+v", p.v, r.Posts)
		}
	}
}

// tapGame is a game of Rum & Pirates served to pages that tap, and the
// questions it will ask, known in advance from its answers.
type tapGame struct {
	t     *testing.T
	tb    *served
	b     *browser
	qs    []referee.Question // the question asked at each step
	pages map[referee.Viewer]*tapPage
	step  int
	// queued are the steps answered ahead of their turn: they go in by
	// themselves.
	queued map[int]bool
}

// newTapGame serves a new game to pages in tabs of chromium (one
// browser for all the games of a test).
func newTapGame(t *testing.T, chrome *browser) *tapGame {
	tb := serve(t, "pirates", 3, 7)
	e, err := referee.Start(tb.hub.cfg.Factory, referee.WithoutLog())
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	g := &tapGame{t: t, tb: tb, pages: map[referee.Viewer]*tapPage{}, queued: map[int]bool{}}
	for _, a := range tb.answers {
		q := *e.Next()
		q.Options = append([]referee.Option(nil), q.Options...) // the engine reuses its buffer
		g.qs = append(g.qs, q)
		if err := e.Answer(a.A); err != nil {
			t.Fatal(err)
		}
	}
	g.b = &browser{t: t, tb: tb, root: chrome.root, tabs: map[referee.Viewer]context.Context{}}
	return g
}

// page is viewer v's page, opened the first time it is needed.
func (g *tapGame) page(v referee.Viewer) *tapPage {
	if g.pages[v] == nil {
		g.pages[v] = openTapPage(g.b, v)
	}
	return g.pages[v]
}

// advanceTo answers every question before step through the HTTP contract
// (from the actor's page, the table's from the table page).
func (g *tapGame) advanceTo(step int) {
	g.t.Helper()
	for g.step < step {
		q := g.qs[g.step]
		if !g.queued[g.step] {
			body := map[string]any{"step": g.step, "question": q.ID, "answer": g.tb.answers[g.step].A}
			if code, reply := g.tb.post(referee.Viewer(q.Actor), "answer", body); code != 200 {
				g.t.Fatalf("answer %d (%s): %d %s", g.step+1, q.ID, code, reply)
			}
		}
		g.step = g.tb.waitPast(g.step, g.queued, q.ID)
	}
}

// next finds the first step from g.step on where the seat asked answers a
// choice and is asked a choice again right after it with at least as
// many options as the position of its answer: its next question comes
// up under the finger that tapped. public asks for public questions only
// (for the table page).
func (g *tapGame) next(public bool) int {
	g.t.Helper()
	for s := g.step; s+1 < len(g.qs); s++ {
		q, n := g.qs[s], g.qs[s+1]
		if q.Actor < 0 || n.Actor != q.Actor || q.Kind != referee.Choice || n.Kind != referee.Choice || (public && (q.Secret || n.Secret)) {
			continue
		}
		if i := optionIndex(&q, g.tb.answers[s].A); i >= 0 && i < len(n.Options) {
			return s
		}
	}
	g.t.Fatalf("no question from answer %d on is followed by another of the same seat", g.step+1)
	return -1
}

func optionIndex(q *referee.Question, key string) int {
	for i, o := range q.Options {
		if o.Key == key {
			return i
		}
	}
	return -1
}

// check checks, after taps on viewer v's page at step, that the page
// posted exactly one answer, the one to step's question with its ID and
// the key first tapped, that it was taken, and that the game is at the
// next step with its question still waiting for an answer on the page.
func (g *tapGame) check(what string, v referee.Viewer, step int, r recorded) {
	g.t.Helper()
	answers := 0
	for _, p := range r.Posts {
		answers++
		var body struct {
			Step     int    `json:"step"`
			Question string `json:"question"`
			Answer   string `json:"answer"`
		}
		json.Unmarshal([]byte(p.Body), &body)
		if body.Step != step || body.Question != g.qs[step].ID || body.Answer != g.tb.answers[step].A || p.Status != 200 {
			g.t.Errorf("%s: the page posted %s to %s, reply %d; want step %d, question %s, answer %s, 200",
				what, p.Body, p.URL, p.Status, step, g.qs[step].ID, g.tb.answers[step].A)
		}
	}
	if answers != 1 {
		g.t.Errorf("%s: the page posted %d answers, want 1", what, answers)
	}
	if len(r.Errors) > 0 {
		g.t.Errorf("%s: uncaught errors in the page: %q", what, r.Errors)
	}
	s, _ := g.tb.state(Table)
	var q wire.Question
	json.Unmarshal(s.Question, &q)
	if s.Step != step+1 || q.ID != g.qs[step+1].ID {
		g.t.Fatalf("%s: the game is at answer %d (%s), want answer %d (%s) still waiting", what, s.Step+1, q.ID, step+2, g.qs[step+1].ID)
	}
	g.step = step + 1
	// The next question waits on the page, its buttons live again.
	if referee.Viewer(g.qs[step+1].Actor) == v || v == Table {
		g.page(v).button(step+1, g.qs[step+1].Options[0].Key)
	}
}

// TestTapDoubleTapAnswersOneQuestion: a double tap on an option, its taps
// 30, 60, 150 and 250 ms apart, answers exactly one question, also when
// the first tap's answer brings the same seat's next question up under
// the finger before the second tap (in this game: "To Rum (1)" on Bo's
// turn, then his paid hops); on a seat's page and on the table page.
// Each double tap is tried on a new game; when the machine is too busy
// to tap at the gap asked (as the page measured it), it is tried again,
// up to three times.
func TestTapDoubleTapAnswersOneQuestion(t *testing.T) {
	chromium(t)
	chrome := newBrowser(t, nil)
	under := 0
	for _, c := range []struct {
		gap   time.Duration
		table bool
	}{{30 * time.Millisecond, false}, {60 * time.Millisecond, false}, {150 * time.Millisecond, false}, {250 * time.Millisecond, false},
		{60 * time.Millisecond, true}, {150 * time.Millisecond, true}} {
		name := fmt.Sprintf("seat/%v", c.gap)
		if c.table {
			name = fmt.Sprintf("table/%v", c.gap)
		}
		t.Run(name, func(t *testing.T) {
			for try := 1; try <= 3; try++ {
				tapped, fell := false, false
				ok := t.Run(fmt.Sprintf("try%d", try), func(t *testing.T) { tapped, fell = doubleTap(t, chrome, c.gap, c.table) })
				if fell {
					under++
				}
				if tapped || !ok {
					return
				}
			}
			t.Skipf("the machine was too busy to tap %v apart, three times", c.gap)
		})
	}
	if under == 0 {
		t.Error("no second tap fell on a button of the next question: the test did not try what it is for")
	}
}

// doubleTap double-taps, gap apart, the answer of the first question of
// a seat asked again right after, on a new game, on the seat's page or
// the table page, and checks that it answered one question. It returns
// whether the page saw the taps gap apart (from 10 ms less to 25 ms
// more; else nothing is checked: that was no such double tap), and
// whether the second one fell on a button of the next question.
func doubleTap(t *testing.T, chrome *browser, gap time.Duration, table bool) (tapped, fell bool) {
	g := newTapGame(t, chrome)
	step := g.next(table)
	g.advanceTo(step)
	q := g.qs[step]
	v := referee.Viewer(q.Actor)
	if table {
		v = Table
	}
	p := g.page(v)
	key := g.tb.answers[step].A
	x, y := p.button(step, key)
	p.reset()
	began := p.taps([][2]float64{{x, y}, {x, y}}, []time.Duration{0, gap})
	r := p.settle()
	what := fmt.Sprintf("viewer %d, answer %d (%s %s then %s)", v, step+1, q.ID, key, g.qs[step+1].ID)
	if len(r.Taps) != 2 {
		t.Fatalf("%s: the page saw %d touches, want 2", what, len(r.Taps))
	}
	upAt := -1.0
	for _, s := range r.Shown {
		if s.Step == step+1 && upAt < 0 {
			upAt = s.T - r.Taps[0].T
		}
	}
	second := r.Taps[1]
	t.Logf("%s: taps began %v apart (%.0f ms in the page); the next question came up %.0f ms after the first; the second tap fell on %q of answer %d (disabled %v)",
		what, (began[1] - began[0]).Round(time.Millisecond), second.T-r.Taps[0].T, upAt, second.Key, second.Step+1, second.Disabled)
	if apart, want := second.T-r.Taps[0].T, float64(gap.Milliseconds()); apart < want-10 || apart > want+25 {
		t.Logf("the machine was too busy: the taps were %.0f ms apart, not %v; trying again", apart, gap)
		return false, false
	}
	g.check(what, v, step, r)
	return true, second.Step == step+1 && second.Key != ""
}

// TestTapClumsyTapsOnTwoButtons: tapping one option and, 40 ms later,
// its neighbour answers once, with the first; each on a new game, on a
// question of a seat that is asked again right after.
func TestTapClumsyTapsOnTwoButtons(t *testing.T) {
	chromium(t)
	for _, lang := range locale.All {
		t.Run(lang.String(), func(t *testing.T) { clumsyTapsOnTwoButtons(t, lang) })
	}
}

// langBrowser is a browser set to language l, as a phone set to it
// asks for its pages (Accept-Language and navigator.language).
func langBrowser(t *testing.T, tb *served, l locale.Lang) *browser {
	return newBrowser(t, tb, chromedp.Flag("lang", l.String()), chromedp.Flag("accept-lang", l.String()))
}

// pageLangIs fails the test unless viewer v's page is in language l.
func pageLangIs(t *testing.T, b *browser, v referee.Viewer, l locale.Lang) {
	t.Helper()
	var got string
	b.eval(v, "document.documentElement.lang", &got)
	if got != l.String() {
		t.Fatalf("viewer %d's page is in %q, want %s", v, got, l)
	}
}

// clumsyTapsOnTwoButtons is the test with pages in language lang.
func clumsyTapsOnTwoButtons(t *testing.T, lang locale.Lang) {
	chrome := langBrowser(t, nil, lang)
	for n := range 2 {
		t.Run(fmt.Sprintf("question%d", n+1), func(t *testing.T) {
			g := newTapGame(t, chrome)
			// The n-th answer of a seat followed by its next question:
			// the second tap falls on the same question or on the next.
			step := g.next(false)
			for range n {
				g.step = step + 1
				step = g.next(false)
			}
			g.step = 0
			g.advanceTo(step)
			q := g.qs[step]
			v := referee.Viewer(q.Actor)
			p := g.page(v)
			pageLangIs(t, g.b, v, lang)
			key := g.tb.answers[step].A
			// The neighbour of the answer, as a finger slips.
			i := optionIndex(&q, key)
			other := q.Options[max(i-1, 0)].Key
			if other == key {
				other = q.Options[i+1].Key
			}
			x1, y1 := p.button(step, key)
			x2, y2 := p.at(step, other)
			p.reset()
			p.taps([][2]float64{{x1, y1}, {x2, y2}}, []time.Duration{0, 40 * time.Millisecond})
			r := p.settle()
			what := fmt.Sprintf("viewer %d, answer %d (%s): %s then %s 40 ms later", v, step+1, q.ID, key, other)
			if len(r.Taps) != 2 {
				t.Fatalf("%s: the page saw the touches %+v", what, r.Taps)
			}
			t.Logf("%s: the second tap fell %.0f ms after the first on %q of answer %d (disabled %v)", what, r.Taps[1].T-r.Taps[0].T, r.Taps[1].Key, r.Taps[1].Step+1, r.Taps[1].Disabled)
			g.check(what, v, step, r)
		})
	}
}

// offline cuts the page's network (as a phone off the Wi-Fi), or gives
// it back.
func (p *tapPage) offline(off bool) {
	p.b.t.Helper()
	p.b.run(p.v, "setting the network", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}}})
		return err
	}))
}

// TestTapWithoutNetworkRetries: a tap while the phone has no network
// says "Not sent, retrying" on the page (no uncaught "Failed to fetch",
// no dead end), leaves the question waiting, and goes through by itself,
// once, when the network is back: every try is the same answer, bound to
// the step and question tapped.
func TestTapWithoutNetworkRetries(t *testing.T) {
	chromium(t)
	g := newTapGame(t, newBrowser(t, nil))
	q := g.qs[0]
	v := referee.Viewer(q.Actor)
	p := g.page(v)
	key := g.tb.answers[0].A
	x, y := p.button(0, key)
	p.reset()
	p.offline(true)
	p.taps([][2]float64{{x, y}}, []time.Duration{0})
	p.retried(t, "offline", func() { p.offline(false) })
	g.check("the tap, retried until the network is back", v, 0, p.replies())
}

// TestTapWhileTheLaptopIsUnreachableRetries: with every connection to
// the laptop refused (the proxy in front of it closes each one at once,
// as a laptop whose server has stopped accepting), a tap says "Not sent,
// retrying" and goes through, once, when the laptop accepts again.
func TestTapWhileTheLaptopIsUnreachableRetries(t *testing.T) {
	chromium(t)
	g := newTapGame(t, newBrowser(t, nil))
	q := g.qs[0]
	v := referee.Viewer(q.Actor)
	d := newDropper(t, strings.TrimPrefix(g.tb.srv.Base(), "http://"))
	g.pages[v] = openTapPageAt(g.b, v, strings.Replace(g.tb.url(v), g.tb.srv.Base(), "http://"+d.ln.Addr().String(), 1))
	p := g.pages[v]
	key := g.tb.answers[0].A
	x, y := p.button(0, key)
	p.reset()
	d.stop(true)
	p.taps([][2]float64{{x, y}}, []time.Duration{0})
	p.retried(t, "with the laptop unreachable", func() { d.stop(false) })
	g.check("the tap, retried until the laptop was back", v, 0, p.replies())
}

// retried checks a tap that could not reach the laptop: the page says it
// is retrying and tries more than once while the game waits; then back
// brings the laptop back, and the tries end with the answer taken. It
// leaves in the record only the try that was taken, for tapGame.check.
func (p *tapPage) retried(t *testing.T, what string, back func()) {
	t.Helper()
	var info string
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		p.b.eval(p.v, `document.getElementById("info").textContent`, &info)
		if contains(info, "Not sent, retrying") || time.Now().After(deadline) {
			break
		}
	}
	if !contains(info, "Not sent, retrying") {
		t.Errorf("%s, a tap shows %q, want a word that it is not sent and is retried", what, info)
	}
	time.Sleep(2500 * time.Millisecond) // a second try at least
	if s, _ := p.b.tb.state(Table); s.Step != 0 {
		t.Fatalf("%s, the game moved to answer %d", what, s.Step+1)
	}
	back()
	var r recorded
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		p.b.eval(p.v, `window.rumrefTest`, &r)
		if n := len(r.Posts); n > 0 && r.Posts[n-1].Status > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s, the tap never went through once the laptop was back: %+v", what, r.Posts)
		}
	}
	if len(r.Posts) < 2 {
		t.Errorf("%s, the page tried %d times, want a retry", what, len(r.Posts))
	}
	for i, x := range r.Posts {
		if x.Body != r.Posts[0].Body || (i < len(r.Posts)-1 && x.Status != 0) {
			t.Errorf("%s, try %d of %d: %s got %d; want the same answer each time, refused by nothing but the network", what, i+1, len(r.Posts), x.Body, x.Status)
		}
	}
	t.Logf("%s: %d tries, the last taken with %d", what, len(r.Posts), r.Posts[len(r.Posts)-1].Status)
	var ok bool
	p.b.eval(p.v, `(() => { const r = window.rumrefTest; r.posts.splice(0, r.posts.length - 1); return true; })()`, &ok)
}

// TestTapDoubleTapOnAnAnswerAhead: a double tap on a pub invitation
// answered ahead of the seat's turn keeps one answer, the first tap's,
// although the line that says it is kept moves the buttons down under
// the finger.
func TestTapDoubleTapOnAnAnswerAhead(t *testing.T) {
	chromium(t)
	for _, lang := range locale.All {
		t.Run(lang.String(), func(t *testing.T) { doubleTapOnAnAnswerAhead(t, lang) })
	}
}

// doubleTapOnAnAnswerAhead is the test with pages in language lang.
func doubleTapOnAnAnswerAhead(t *testing.T, lang locale.Lang) {
	g := newTapGame(t, langBrowser(t, nil, lang))
	for _, gap := range []time.Duration{60 * time.Millisecond, 150 * time.Millisecond} {
		// The next question a seat may answer ahead of its turn.
		var sq wire.Question
		var seat referee.Viewer
		for found := false; !found; {
			for i := range g.tb.names {
				s, _ := g.tb.state(referee.Viewer(i))
				var q wire.Question
				if json.Unmarshal(s.Question, &q) == nil && q.Ahead && q.Queued == "" && len(q.Options) >= 2 {
					sq, seat, found = q, referee.Viewer(i), true
					break
				}
			}
			if !found {
				if g.step+1 >= len(g.qs) {
					t.Fatal("no question was asked ahead of its turn")
				}
				g.advanceTo(g.step + 1)
			}
		}
		p := g.page(seat)
		pageLangIs(t, g.b, seat, lang)
		key := g.tb.answers[sq.Step].A
		x, y := p.button(sq.Step, key)
		p.reset()
		p.taps([][2]float64{{x, y}, {x, y}}, []time.Duration{0, gap})
		r := p.settle()
		what := fmt.Sprintf("viewer %d, answer %d (%s %s) ahead of its turn, a double tap %v apart", seat, sq.Step+1, sq.ID, key, gap)
		if len(r.Taps) != 2 {
			t.Fatalf("%s: the page saw %d touches", what, len(r.Taps))
		}
		t.Logf("%s: the second tap fell %.0f ms after the first on %q (disabled %v)", what, r.Taps[1].T-r.Taps[0].T, r.Taps[1].Key, r.Taps[1].Disabled)
		if len(r.Posts) != 1 || r.Posts[0].Status != 200 || len(r.Errors) > 0 {
			t.Errorf("%s: the page posted %+v (errors %q), want one answer taken", what, r.Posts, r.Errors)
		}
		s, _ := g.tb.state(seat)
		var q wire.Question
		json.Unmarshal(s.Question, &q)
		if q.Step != sq.Step || q.Queued != key {
			t.Fatalf("%s: the page's seat now has %s, want answer %d kept as %s", what, s.Question, sq.Step+1, key)
		}
		g.queued[sq.Step] = true
		g.advanceTo(sq.Step + 1)
	}
}

// TestTapPageWhoseStreamIsRefusedTriesAgain: a page whose event stream
// the server refuses (429: too many copies of the page open) does not
// freeze: once a copy closes, it follows the game again by itself.
func TestTapPageWhoseStreamIsRefusedTriesAgain(t *testing.T) {
	chromium(t)
	g := newTapGame(t, newBrowser(t, nil))
	var others []*stream
	for range streamsPerToken {
		others = append(others, g.tb.open(0, ""))
	}
	p := g.page(0)
	text := func(id string) string {
		var s string
		p.b.eval(0, `document.getElementById("`+id+`").textContent`, &s)
		return s
	}
	waitFor := func(id, want string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); text(id) != want; time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("#%s shows %q, want %q", id, text(id), want)
			}
		}
	}
	waitFor("conn", "reconnecting")
	time.Sleep(500 * time.Millisecond)
	if got := text("conn"); got != "reconnecting" {
		t.Fatalf("with %d copies of the page open, the stream is %q", streamsPerToken, got)
	}
	for _, s := range others {
		s.close()
	}
	waitFor("conn", "live")
	g.advanceTo(1)
	waitFor("stepinfo", "answer 2")
}
