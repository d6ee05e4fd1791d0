package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rumref/games"
	"rumref/internal/catalogcheck"
	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/sim"
	"rumref/wire"
)

// helpRulesQueries are the words each language's pages look up under
// Rules: words of the game, a rule's ID, nothing, and a search too long.
var helpRulesQueries = map[locale.Lang][]string{
	locale.German:  {"Kneipe", "Rangelei", "rp.wrangle", "", strings.Repeat("Rum ", 60)},
	locale.English: {"pub", "wrangle", "rp.wrangle", "", strings.Repeat("rum ", 60)},
}

// TestCatalogHelpAndRulesInTheBrowser opens what the phone and table
// pages offer beside the question (TestCatalogPagesInTheBrowser plays
// the questions): a refused tap's error, Help, the rules reference's
// searches and entries, the sound and secrets toggles, the undo and
// correct dialogs, the join screens (the table's join code and the join
// page, with a request for a taken seat) and the language select, on a
// short game in chromium at phone size (the table page at a laptop's),
// in German and English under the catalog check, and finds no text that
// did not come from the catalog of the page's language, no missing
// message and (on the German pages) no English message.
func TestCatalogHelpAndRulesInTheBrowser(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("pages in the browser under the catalog check")
	}
	locale.SetChecking(true)
	t.Cleanup(func() { locale.SetChecking(false) })
	for _, lang := range locale.All {
		t.Run(lang.String(), func(t *testing.T) { helpAndRulesIn(t, lang) })
	}
}

// helpAndRulesIn is the test with pages in language lang.
func helpAndRulesIn(t *testing.T, lang locale.Lang) {
	start := time.Now()
	f, err := sim.Finished("pirates", 2, 32)
	if err != nil {
		t.Fatal(err)
	}
	tb := serveFile(t, f, prompts.JSON, func(c *Config) { c.Rules = games.RulesIn })
	b := langBrowser(t, tb, lang)
	other := locale.English
	if lang == locale.English {
		other = locale.German
	}
	const phone = referee.Viewer(100)
	tabs := []referee.Viewer{Table, 0, 1}
	pages := b.openCatalogTabs(tabs...)
	s := pagesScanner(t, tb, "pirates")
	var english *catalogcheck.English
	if lang != locale.English {
		if english, err = catalogcheck.NewEnglish(lang); err != nil {
			t.Fatal(err)
		}
	}
	name := func(v referee.Viewer) string {
		switch v {
		case Table:
			return "table"
		case phone:
			return "join page"
		}
		return fmt.Sprintf("seat %d", v)
	}
	looks := 0
	// look scans what the pages of vs show now (all pages when none).
	look := func(what string, vs ...referee.Viewer) {
		t.Helper()
		if len(vs) == 0 {
			vs = tabs
		}
		looks++
		for _, v := range vs {
			var texts []string
			b.eval(v, pageTexts, &texts)
			where := fmt.Sprintf("%s page %s, %s", lang, name(v), what)
			for _, x := range texts {
				s.Scan(where, x)
				if english != nil {
					s.ScanEnglish(english, where, x)
				}
			}
		}
	}
	shows := func(v referee.Viewer, what, js string) {
		t.Helper()
		b.waitEval(v, what, js)
		look(what, v)
	}
	look("opened")

	// A refused tap: nothing to undo yet.
	b.run(0, "tapping Undo", chromedp.Click(chromedp.ID("undo")))
	shows(0, "the refused undo", `document.getElementById("info").classList.contains("error") && document.getElementById("info").textContent !== ""`)

	// Help and the rules reference on a seat's page and the table's.
	for _, v := range []referee.Viewer{0, 1, Table} {
		b.run(v, "tapping Help", chromedp.Evaluate[chromedp.Void](`document.getElementById("helptext").textContent = ""`), chromedp.Click(chromedp.ID("helpbtn")))
		shows(v, "Help", `!document.getElementById("helptext").hidden && document.getElementById("helptext").textContent !== ""`)
	}
	for _, v := range []referee.Viewer{0, Table} {
		for _, q := range helpRulesQueries[lang] {
			b.run(v, "searching the rules", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
				document.getElementById("helptext").textContent = "";
				document.getElementById("info").textContent = "";
				document.getElementById("rulesq").value = %q;
			})()`, q)), chromedp.Click(chromedp.CSS("#rulesform button")))
			what := fmt.Sprintf("Rules %.20q", q)
			if len(q) > 200 {
				shows(v, what, `document.getElementById("info").textContent !== ""`)
				continue
			}
			shows(v, what, `!document.getElementById("helptext").hidden && document.getElementById("helptext").textContent !== ""`)
		}
	}

	// The sound and the secrets, on and off.
	for range 2 {
		b.run(0, "tapping the sound", chromedp.Click(chromedp.ID("soundbtn")))
		b.run(0, "tapping the secrets", chromedp.Click(chromedp.ID("reveal")))
		look("sound and secrets toggled", 0)
	}

	// A few answers, until seat 1 has given a public answer last and
	// seat 0 has answered: then seat 0 may ask to take it back.
	step := 0
	lastBy, lastSecret, mine := -1, false, 0
	for ; step < len(tb.answers) && (lastBy != 1 || lastSecret || mine == 0); step++ {
		ts, _ := tb.state(Table)
		var q wire.Question
		if json.Unmarshal(ts.Question, &q) != nil || ts.Step != step {
			t.Fatalf("step %d: the table is at %d with %s", step, ts.Step, ts.Question)
		}
		body := map[string]any{"step": step, "question": q.ID, "answer": tb.answers[step].A}
		if code, reply := tb.post(referee.Viewer(q.Actor), "answer", body); code != 200 {
			t.Fatalf("answer %d (%s): %d %s", step+1, q.ID, code, reply)
		}
		tb.waitPast(step, nil, q.ID)
		lastBy, lastSecret = q.Actor, q.Secret
		if q.Actor == 0 {
			mine++
		}
	}
	if lastBy != 1 || mine == 0 {
		t.Fatal("no public answer of seat 1 after one of seat 0")
	}
	for _, v := range tabs {
		b.waitEval(v, "the question after the answers", fmt.Sprintf(`document.getElementById("question").dataset.step === "%d"`, step))
	}
	b.waitEval(0, "seat 0's answers", `!document.getElementById("mine").hidden`)
	look(fmt.Sprintf("at answer %d", step+1))

	// Undo from seat 0 asks seat 1, who says no.
	b.run(0, "tapping Undo", chromedp.Click(chromedp.ID("undo")))
	b.waitEval(1, "the owner's question", `!document.getElementById("confirm").hidden && !!document.getElementById("confirm-no")`)
	time.Sleep(300 * time.Millisecond) // the asker's reply
	look("undo asked")
	b.waitEval(1, "the no button", `!document.getElementById("confirm-no").disabled`)
	b.run(1, "saying no", chromedp.Click(chromedp.ID("confirm-no")))
	b.waitEval(1, "the question gone", `document.getElementById("confirm").hidden`)
	time.Sleep(300 * time.Millisecond)
	look("undo refused by its owner")

	// Correcting seat 0's own answer: its choices and Keep it.
	b.run(0, "tapping an answer", chromedp.Click(chromedp.CSS("#answers button")))
	b.waitEval(0, "the value request", `!document.getElementById("confirm").hidden && !!document.getElementById("confirm-keep")`)
	look("correction asked")
	b.waitEval(0, "the keep button", `!document.getElementById("confirm-keep").disabled`)
	b.run(0, "keeping the answer", chromedp.Click(chromedp.ID("confirm-keep")))
	b.waitEval(0, "the request gone", `document.getElementById("confirm").hidden`)
	time.Sleep(300 * time.Millisecond)
	look("correction kept")

	// The table's join code, shown and hidden.
	for range 2 {
		b.run(Table, "tapping the join code", chromedp.Click(chromedp.ID("joinbtn")))
		time.Sleep(300 * time.Millisecond)
		look("join code toggled", Table)
	}

	// The join page on another device, asking for seat 0, which says no.
	b.openJoin(phone, true)
	b.run(phone, "phone size", chromedp.EmulateViewport(360, 740))
	look("join page", phone)
	b.run(phone, "asking for the taken seat", chromedp.Click(chromedp.CSS(`#seats button[data-seat="0"]`)))
	b.waitEval(phone, "the wait", `document.getElementById("info").textContent !== ""`)
	b.waitEval(0, "the owner's question", `!document.getElementById("confirm").hidden && !!document.getElementById("confirm-no")`)
	look("seat asked for", phone, 0, Table)
	b.waitEval(0, "the no button", `!document.getElementById("confirm-no").disabled`)
	b.run(0, "saying no", chromedp.Click(chromedp.ID("confirm-no")))
	b.waitEval(phone, "the no", `!!document.querySelector("#seats button:not(:disabled)")`)
	look("seat refused", phone, 0)

	// Undo from the table page, which needs no one's yes.
	b.run(Table, "tapping Undo", chromedp.Click(chromedp.ID("undo")))
	for _, v := range tabs {
		b.waitEval(v, "the answer taken back", fmt.Sprintf(`document.getElementById("question").dataset.step === "%d"`, step-1))
	}
	time.Sleep(300 * time.Millisecond)
	look("undone from the table")

	// The language select: the page in the other language, and back.
	for _, l := range []locale.Lang{other, lang} {
		b.run(0, "choosing a language", chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const s = document.getElementById("lang"); s.value = %q; s.dispatchEvent(new Event("change")); })()`, l.String())))
		b.waitEval(0, "the page in "+l.String(), fmt.Sprintf(`document.documentElement.lang === %q && !!document.querySelector("#question .who, #question p")`, l.String()))
		time.Sleep(300 * time.Millisecond)
		if l == lang {
			look("language chosen again", 0)
			continue
		}
		// In the other language the page is scanned as that language's.
		var texts []string
		b.eval(0, pageTexts, &texts)
		for _, x := range texts {
			s.Scan(fmt.Sprintf("%s page seat 0, chosen in %s", lang, l), x)
		}
	}

	nEvents := pages.scanStreams(s, func(v referee.Viewer, i int) string {
		return fmt.Sprintf("stream %s %s event %d", lang, name(v), i)
	}, nil)
	b.noErrors()
	marked, scanned := s.Marked()
	t.Logf("%d looks, %d stream messages, %d texts scanned (%d marked) in %.1f s: %d findings",
		looks, nEvents, scanned, marked, time.Since(start).Seconds(), len(s.Findings()))
	dumpFindings(t, s, lang, "page")
	s.Report(t, 60)
}
