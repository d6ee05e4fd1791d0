package web

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rumref/referee"
	"rumref/wire"
)

// The tap tests: fast and clumsy taps on a phone-size page in chromium,
// with touch emulation and the pages' real tap guard, against a real
// game. Whatever the fingers do, one tap answers one question: the
// question the page showed when it was tapped.

// tapRecorder is put in the page before its script: it keeps every touch
// (when the browser took it in, on which button, of which question
// then on screen, whether the button was disabled), every change of the question shown, and every POST the page
// makes with its reply's status.
const tapRecorder = `(() => {
	const taps = [], shown = [], posts = [];
	window.rumrefTest = { taps, shown, posts };
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
	ctx, cancel := chromedp.NewContext(b.root)
	b.t.Cleanup(cancel) // the tab closes with the game's test
	b.tabs[v] = ctx
	record := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: tapRecorder})
		return err
	})
	if err := chromedp.Do(ctx, record, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait),
		chromedp.Navigate(b.tb.url(v)), chromedp.WaitVisible(chromedp.CSS("#question .who, #question p"))); err != nil {
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
	p.b.eval(p.v, `(() => { const r = window.rumrefTest; r.taps.length = 0; r.shown.length = 0; r.posts.length = 0; return true; })()`, &ok)
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
}

// settle waits until every POST the page made has its reply and the
// page's guard on what came next is over (so a tap it let through would
// have been posted), and returns the record.
func (p *tapPage) settle() recorded {
	p.b.t.Helper()
	var r recorded
	time.Sleep(600 * time.Millisecond) // past the guard of the question that came up
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
	tb    *table
	b     *browser
	qs    []referee.Question // the question asked at each step
	pages map[referee.Viewer]*tapPage
	step  int
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
	g := &tapGame{t: t, tb: tb, pages: map[referee.Viewer]*tapPage{}}
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
	for ; g.step < step; g.step++ {
		q := g.qs[g.step]
		body := map[string]any{"step": g.step, "question": q.ID, "answer": g.tb.answers[g.step].A}
		if code, reply := g.tb.post(referee.Viewer(q.Actor), "answer", body); code != 200 {
			g.t.Fatalf("answer %d (%s): %d %s", g.step+1, q.ID, code, reply)
		}
		g.tb.waitPast(g.step, nil, q.ID)
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
// Each tap is tried on a new game.
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
			g := newTapGame(t, chrome)
			step := g.next(c.table)
			g.advanceTo(step)
			q := g.qs[step]
			v := referee.Viewer(q.Actor)
			if c.table {
				v = Table
			}
			p := g.page(v)
			key := g.tb.answers[step].A
			x, y := p.button(step, key)
			p.reset()
			began := p.taps([][2]float64{{x, y}, {x, y}}, []time.Duration{0, c.gap})
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
			if second.Step == step+1 && second.Key != "" {
				under++
			}
			g.check(what, v, step, r)
		})
	}
	if under == 0 {
		t.Error("no second tap fell on a button of the next question: the test did not try what it is for")
	}
}

// TestTapClumsyTapsOnTwoButtons: tapping one option and, 40 ms later,
// its neighbour answers once, with the first; each on a new game, on a
// question of a seat that is asked again right after.
func TestTapClumsyTapsOnTwoButtons(t *testing.T) {
	chromium(t)
	chrome := newBrowser(t, nil)
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
