package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"rumref/referee"
	"rumref/wire"
)

// turnRecorder stubs navigator.vibrate before the page's script, to
// keep every call (a headless browser has nothing to vibrate).
const turnRecorder = `(() => {
	window.rumrefVibrations = [];
	Object.defineProperty(navigator, "vibrate", { configurable: true, value: (p) => { window.rumrefVibrations.push(JSON.stringify(p)); return true; } });
})();`

// TestBrowserYourTurn: when a question for a seat comes up on its page
// (at phone size), the title and the favicon say it is the player's
// turn, the phone vibrates, and #announce (aria-live) reads the question
// out; when the question is answered and the next is another player's,
// the title and favicon are as before, and nothing vibrates for a
// question that is not the seat's.
func TestBrowserYourTurn(t *testing.T) {
	chromium(t)
	tb := serve(t, "pirates", 3, 7)
	e, err := referee.Start(tb.hub.cfg.Factory, referee.WithoutLog())
	if err != nil {
		t.Fatal(err)
	}
	var qs []referee.Question
	for _, a := range tb.answers {
		qs = append(qs, *e.Next())
		if err := e.Answer(a.A); err != nil {
			t.Fatal(err)
		}
	}
	e.Close()
	// The first question of a seat after one of the table's (a public
	// draw), asked on its own (not ahead of its turn).
	step := -1
	for s := 1; s < len(qs); s++ {
		if qs[s].Actor >= 0 && qs[s-1].Actor < 0 && !tb.hub.cfg.Parallel[qs[s].ID] {
			step = s
			break
		}
	}
	if step < 0 {
		t.Fatal("no seat's question follows one of the table's")
	}
	v := referee.Viewer(qs[step].Actor)
	b := newBrowser(t, tb)
	ctx := b.root
	b.tabs[v] = ctx
	b.listen(v, ctx)
	stub := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: turnRecorder})
		return err
	})
	b.run(v, "opening the seat page", stub, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(tb.url(v)), chromedp.WaitVisible(chromedp.CSS("#question .who, #question p")))
	// The player has touched the page (the browser lets a page vibrate
	// only then).
	b.run(v, "revealing the secrets", chromedp.Click(chromedp.ID("reveal")), chromedp.Click(chromedp.ID("reveal")))
	type look struct {
		Title    string   `json:"title"`
		Icon     string   `json:"icon"`
		Announce string   `json:"announce"`
		Vibrated []string `json:"vibrated"`
		Step     string   `json:"step"`
	}
	read := func() look {
		var l look
		b.eval(v, `({ title: document.title, icon: document.getElementById("favicon").getAttribute("href"),
			announce: document.getElementById("announce").textContent, vibrated: window.rumrefVibrations,
			step: document.getElementById("question").dataset.step || "" })`, &l)
		return l
	}
	for s := 0; s < step-1; s++ {
		if code, body := tb.post(referee.Viewer(qs[s].Actor), "answer", map[string]any{"step": s, "question": qs[s].ID, "answer": tb.answers[s].A}); code != 200 {
			t.Fatalf("answer %d: %d %s", s+1, code, body)
		}
		tb.waitPast(s, nil, qs[s].ID)
	}
	for deadline := time.Now().Add(10 * time.Second); read().Step != fmt.Sprint(step-1); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the page never showed answer %d", step)
		}
	}
	before := read()
	if strings.Contains(before.Title, "Your turn") || len(before.Vibrated) > 0 {
		t.Fatalf("before the seat's question the page says %+v", before)
	}
	// The table's draw goes in: the seat's question comes up.
	if code, body := tb.post(Table, "answer", map[string]any{"step": step - 1, "question": qs[step-1].ID, "answer": tb.answers[step-1].A}); code != 200 {
		t.Fatalf("answer %d: %d %s", step, code, body)
	}
	var now look
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		now = read()
		if now.Step == fmt.Sprint(step) && len(now.Vibrated) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the seat's question came up and the page shows %+v", now)
		}
	}
	var sq wire.Question
	s, _ := tb.state(v)
	json.Unmarshal(s.Question, &sq)
	if !strings.HasPrefix(now.Title, "Your turn!") || now.Icon == before.Icon || !strings.Contains(now.Announce, sq.Text) || len(now.Vibrated) != 1 {
		t.Errorf("the seat's question %q came up and the page shows %+v (before: %+v)", sq.Text, now, before)
	}
	t.Logf("at the seat's question: title %q, vibrated %v, announced %q", now.Title, now.Vibrated, now.Announce)
	// Its choices are alleys: the board shows under the question with
	// each offered alley marked, numbered as its button.
	alleys := 0
	for _, o := range sq.Options {
		if strings.HasPrefix(o.Key, "a") {
			alleys++
		}
	}
	var board struct {
		Shown   bool     `json:"shown"`
		Numbers []string `json:"numbers"`
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		b.eval(v, `(() => { const b = document.getElementById("seatboard"); return { shown: !!b && !b.hidden && !!b.querySelector("svg"),
			numbers: b ? [...b.querySelectorAll("text.offer")].map((t) => t.textContent) : [] }; })()`, &board)
		if (board.Shown && len(board.Numbers) == alleys) || time.Now().After(deadline) {
			break
		}
	}
	if alleys == 0 || !board.Shown || len(board.Numbers) != alleys {
		t.Errorf("the seat's question offers %d alleys; its page shows the board %v with the places %v", alleys, board.Shown, board.Numbers)
	}
	// Answered, and the game goes on to the next question that is not
	// the seat's: the title and favicon are as before.
	for s := step; s < len(qs); s++ {
		if code, body := tb.post(referee.Viewer(qs[s].Actor), "answer", map[string]any{"step": s, "question": qs[s].ID, "answer": tb.answers[s].A}); code != 200 {
			t.Fatalf("answer %d: %d %s", s+1, code, body)
		}
		tb.waitPast(s, nil, qs[s].ID)
		if referee.Viewer(qs[s+1].Actor) != v && !tb.hub.cfg.Parallel[qs[s+1].ID] {
			for deadline := time.Now().Add(10 * time.Second); read().Step != fmt.Sprint(s+1); time.Sleep(20 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the page never showed answer %d", s+2)
				}
			}
			break
		}
	}
	after := read()
	var hidden bool
	b.eval(v, `document.getElementById("seatboard").hidden`, &hidden)
	if !hidden {
		t.Error("the board stays under another player's question")
	}
	if after.Title != before.Title || after.Icon != before.Icon {
		t.Errorf("another player's question: the page shows %+v, want the title and icon of %+v", after, before)
	}
	b.noErrors()
}
