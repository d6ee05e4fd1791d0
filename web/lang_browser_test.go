package web

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"rumref/locale"
	"rumref/referee"
	"rumref/wire"
)

// acceptLanguage makes a tab's browser ask for the languages langs
// (Accept-Language: chromium adds the q values), from an Android phone's
// Chrome.
func acceptLanguage(lang string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{
			UserAgent:      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
			AcceptLanguage: lang})
		return err
	})
}

// outsideMarks is a script that returns the words of a page (its header,
// tools, headings and buttons, the question with its answers, and each
// ruling of the event list) that
// have letters outside the catalog check's marks.
const outsideMarks = `(() => {
	const strip = (s) => { let out = "", depth = 0; for (const c of s) { if (c === "\u2068") depth++; else if (c === "\u2069") depth = Math.max(0, depth - 1); else if (depth === 0) out += c; } return out; };
	const bad = [];
	for (const e of document.querySelectorAll("header, .tools, #reveal, h2, .hint, summary, #question, #events li, #lang option, label")) {
		const text = e.innerText || e.textContent;
		if (/\p{L}/u.test(strip(text))) bad.push(JSON.stringify(text));
	}
	if (/\p{L}/u.test(strip(document.title))) bad.push("title " + JSON.stringify(document.title));
	return bad;
})()`

// TestBrowserSeatPageInGerman: a phone whose browser asks for German
// (Accept-Language) gets its seat page in German, every word of the
// page's own and the question from the catalog (the catalog check finds
// no letters outside its marks); choosing English on the page changes it, and a
// reload, or opening the page's address again, keeps the choice.
func TestBrowserSeatPageInGerman(t *testing.T) {
	chromium(t)
	locale.SetChecking(true)
	defer locale.SetChecking(false)
	tb := serve(t, "pirates", 3, 11)
	b := newBrowser(t, tb)
	b.tabs[0] = b.root
	b.listen(0, b.root)
	b.run(0, "opening the seat page in German", shortGuard, acceptLanguage("de-DE,en"), chromedp.EmulateViewport(360, 740),
		chromedp.Navigate(tb.url(0)), chromedp.WaitVisible(chromedp.CSS("#question .who, #question p")))
	b.waitEval(0, "the German page, live", `document.documentElement.lang === "de" && document.getElementById("conn").textContent === "\u2068verbunden\u2069"`)
	var got struct {
		Undo, Reveal, Lang, Title string
		Bad                       []string
	}
	b.eval(0, `({undo: document.getElementById("undo").textContent, reveal: document.getElementById("reveal").textContent,
		lang: document.getElementById("lang").value, title: document.getElementById("title").textContent, bad: `+outsideMarks+`})`, &got)
	if locale.Unmark(got.Undo) != "Rückgängig" || locale.Unmark(got.Reveal) != "Tippen, um meine Geheimnisse zu zeigen" || got.Lang != "de" ||
		locale.Unmark(got.Title) != locale.Unmark(tb.hub.cfg.TitleIn(locale.German))+": "+tb.names[0] {
		t.Errorf("the German seat page shows %+v", got)
	}
	if len(got.Bad) > 0 {
		t.Errorf("words of the German seat page not from the catalog: %v", got.Bad)
	}
	// The question in German, not as the English state has it.
	var qtext string
	b.eval(0, `document.querySelector("#question .qtext").textContent`, &qtext)
	st, _ := tb.state(0)
	var q wire.Question
	if json.Unmarshal(st.Question, &q) != nil || q.Text == "" || locale.Unmark(qtext) == locale.Unmark(q.Text) {
		t.Errorf("the German page asks %q, the English state %s", qtext, st.Question)
	}
	b.layout(0, "seat-de")

	// The rulings of the first answers after the setup, listed in German.
	queuedAt := map[int]bool{}
	for step := 0; step < len(tb.answers); {
		ts, _ := tb.state(Table)
		var q wire.Question
		if json.Unmarshal(ts.Question, &q) != nil || ts.Step != step {
			t.Fatalf("step %d: the table is at %d with %s", step, ts.Step, ts.Question)
		}
		who := Table
		if q.Secret {
			who = referee.Viewer(q.Actor)
		}
		for i := range tb.names {
			seat := referee.Viewer(i)
			s, _ := tb.state(seat)
			var sq wire.Question
			if json.Unmarshal(s.Question, &sq) == nil && sq.Ahead && sq.Queued == "" {
				if code, body := tb.post(seat, "answer", map[string]any{"step": sq.Step, "question": sq.ID, "answer": tb.answers[sq.Step].A}); code != 200 {
					t.Fatalf("answer ahead by %d for step %d: %d %s", seat, sq.Step, code, body)
				}
				queuedAt[sq.Step] = true
			}
		}
		if code, body := tb.post(who, "answer", map[string]any{"step": step, "question": q.ID, "answer": tb.answers[step].A}); code != 200 {
			t.Fatalf("step %d (%s) from viewer %d: %d %s", step, q.ID, who, code, body)
		}
		step = tb.waitPast(step, queuedAt, q.ID)
		if s0, _ := tb.state(0); len(s0.Events) >= 3 {
			break
		}
	}
	b.waitEval(0, "the rulings listed", `document.querySelectorAll("#events li").length > 0`)
	b.eval(0, outsideMarks, &got.Bad)
	if len(got.Bad) > 0 {
		t.Errorf("words of the German seat page's rulings not from the catalog: %v", got.Bad)
	}

	// English, chosen on the page.
	b.run(0, "choosing English", chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById("lang"); s.value = "en"; s.dispatchEvent(new Event("change")); })()`))
	english := `document.documentElement.lang === "en" && document.getElementById("undo").textContent === "\u2068Undo\u2069" && document.getElementById("conn").textContent === "\u2068live\u2069"`
	b.waitEval(0, "the page in English", english)
	b.run(0, "reloading", chromedp.Reload())
	b.waitEval(0, "the page in English after a reload", english)
	b.run(0, "opening the address again", chromedp.Navigate(tb.url(0)))
	b.waitEval(0, "the page in English at its address", english+` && location.search === "?lang=en"`)
	b.eval(0, `(`+outsideMarks+`)`, &got.Bad)
	if len(got.Bad) > 0 {
		t.Errorf("words of the English seat page not from the catalog: %v", got.Bad)
	}
	b.noErrors()
}
