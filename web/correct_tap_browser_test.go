package web

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"rumref/locale"
	"rumref/referee"
	"rumref/sim"
	"rumref/table"
	"rumref/wire"
)

// publicRulings are the public texts of the rulings of the game of
// answers that follow answer n (their step is n).
func publicRulings(t *testing.T, factory referee.Factory, answers []referee.Answer, n int) []string {
	t.Helper()
	e, err := referee.Replay(factory, answers)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var out []string
	for _, ev := range e.Events() {
		if text := ev.For(referee.Public); ev.Step == n && text != "" {
			out = append(out, text)
		}
	}
	return out
}

// TestBrowserCorrectByTapping: Ann's phone lists her answers in words;
// she taps her latest, public one, the page offers its other choices, and
// her tap on one corrects it. Afterwards neither her page nor the table
// page shows a ruling of the old answer (before, both kept them, and the
// new rulings reached neither); her Undo brings the old ones back on
// both. No page lists another player's answers.
func TestBrowserCorrectByTapping(t *testing.T) {
	const game, players, seed = "pirates", 3, 4
	f, err := sim.Finished(game, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	factory, err := sim.Factory(f)
	if err != nil {
		t.Fatal(err)
	}
	tb := serve(t, game, players, seed)
	b := newBrowser(t, tb)
	b.open(0, 390, 844)
	b.open(Table, 390, 844)

	// Answer from the pages' side (by HTTP) until Ann has given a public
	// answer whose other value rules otherwise.
	n, alt := 0, ""
	var old, fresh []string
	for step := 0; step < len(tb.answers)-1 && n == 0; step++ {
		ts, _ := tb.state(Table)
		var q wire.Question
		if json.Unmarshal(ts.Question, &q) != nil || ts.Step != step {
			t.Fatalf("step %d: the table is at %d with %s", step, ts.Step, ts.Question)
		}
		a := tb.answers[step]
		if q.Actor == 0 && !q.Secret && q.Kind == "choice" {
			for _, o := range q.Options {
				if o.Key == a.A || alt != "" {
					continue
				}
				changed := slices.Clone(tb.answers[:step+1])
				changed[step].A = o.Key
				before := publicRulings(t, factory, tb.answers[:step+1], step+1)
				after := publicRulings(t, factory, changed, step+1)
				var gone []string
				for _, r := range before {
					if !slices.Contains(after, r) {
						gone = append(gone, r)
					}
				}
				if len(gone) > 0 && len(after) > 0 {
					n, alt, old, fresh = step+1, o.Key, gone, after
				}
			}
		}
		who := Table
		if q.Secret {
			who = referee.Viewer(q.Actor)
		}
		if code, body := tb.post(who, "answer", map[string]any{"step": step, "question": a.Q, "answer": a.A}); code != 200 {
			t.Fatalf("step %d: answering %s: %d %s", step, a.A, code, body)
		}
		tb.waitPast(step, nil, "an answer by HTTP")
	}
	if n == 0 {
		t.Fatal("Ann never gave a public answer whose change rules otherwise")
	}
	t.Logf("Ann's answer %d (%s) becomes %s; the rulings %q give way to %q", n, tb.answers[n-1].Q, alt, old, fresh)
	eventsOf := func(v referee.Viewer) string {
		var s string
		b.eval(v, `document.getElementById("events").textContent`, &s)
		return s
	}
	for _, v := range []referee.Viewer{0, Table} {
		if got := eventsOf(v); !strings.Contains(got, old[0]) {
			t.Fatalf("viewer %d does not show the ruling %q before the correction:\n%s", v, old[0], got)
		}
	}

	// No page lists another player's answers; the table page none.
	for v := Table; v < referee.Viewer(players); v++ {
		s, raw := tb.state(v)
		if v == Table && len(s.Answers) != 0 {
			t.Errorf("the table page lists answers: %s", raw)
		}
		for _, a := range s.Answers {
			for _, e := range tb.core.Log(locale.English) {
				if e.N == a.N && referee.Viewer(e.Actor) != v {
					t.Errorf("viewer %d lists answer %d, %s's", v, a.N, e.ActorName)
				}
			}
		}
	}

	// Ann taps her answer: its choices come up, and she taps another.
	mine := fmt.Sprintf(`#answers button[data-n="%d"]`, n)
	b.run(0, "waiting for her answer in the list", chromedp.WaitVisible(chromedp.CSS(mine)))
	var label string
	b.eval(0, fmt.Sprintf(`document.querySelector(%q).textContent`, mine), &label)
	if !strings.Contains(label, fmt.Sprintf("Answer %d: ", n)) {
		t.Errorf("her answer is listed as %q", label)
	}
	b.run(0, "tapping her answer", chromedp.Click(chromedp.CSS(mine)))
	choice := fmt.Sprintf(`#confirm button.choice[data-key=%q]:not(:disabled)`, alt)
	b.run(0, "waiting for its choices", chromedp.WaitVisible(chromedp.CSS(choice)))
	b.run(0, "tapping "+alt, chromedp.Click(chromedp.CSS(choice)))
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, was, err := tb.core.Answered(table.Page(0), n, locale.English); err == nil && strings.Contains(was, alt) {
			break
		}
		if time.Now().After(deadline) {
			_, raw := tb.state(0)
			t.Fatalf("answer %d never became %s: %s", n, alt, raw)
		}
	}
	for _, v := range []referee.Viewer{0, Table} {
		var got string
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			got = eventsOf(v)
			if strings.Contains(got, fresh[len(fresh)-1]) || time.Now().After(deadline) {
				break
			}
		}
		for _, r := range old {
			if strings.Contains(got, r) {
				t.Errorf("viewer %d still shows the old ruling %q after the correction:\n%s", v, r, got)
			}
		}
		if !strings.Contains(got, fresh[len(fresh)-1]) {
			t.Errorf("viewer %d does not show the new ruling %q:\n%s", v, fresh[len(fresh)-1], got)
		}
	}

	// Undo on her phone takes the correction back: the old rulings come
	// back on every page and the corrected one's go.
	b.run(0, "tapping Undo", chromedp.WaitVisible(chromedp.CSS(`#undo:not(:disabled)`)), chromedp.Click(chromedp.CSS(`#undo`)))
	for _, v := range []referee.Viewer{0, Table} {
		var got string
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			got = eventsOf(v)
			if strings.Contains(got, old[0]) || time.Now().After(deadline) {
				break
			}
		}
		if !strings.Contains(got, old[0]) || strings.Contains(got, fresh[len(fresh)-1]) {
			t.Errorf("viewer %d after the undo: want %q back and %q gone:\n%s", v, old[0], fresh[len(fresh)-1], got)
		}
	}
}
