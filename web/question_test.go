package web

import (
	"encoding/json"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/wire"
)

// TestAnswerNamesItsQuestion: an answer that names another question than
// the one pending at its step is refused with 409 and changes nothing;
// one naming none is refused with 400; naming the pending one is taken. The same
// holds for an answer given ahead of its turn.
func TestAnswerNamesItsQuestion(t *testing.T) {
	tb := serve(t, "pirates", 3, 7)
	queuedAt := map[int]bool{}
	aheadChecked := false
	for step := 0; step < len(tb.answers) && !aheadChecked; {
		ts, _ := tb.state(Table)
		var q wire.Question
		if json.Unmarshal(ts.Question, &q) != nil || ts.Step != step {
			t.Fatalf("step %d: the table is at %d with %s", step, ts.Step, ts.Question)
		}
		who := referee.Viewer(q.Actor) // the table page for the table's own
		if step == 0 {
			code, body := tb.post(who, "answer", map[string]any{"step": step, "question": "not." + q.ID, "answer": tb.answers[step].A})
			if code != 409 || !strings.Contains(string(body), "another question") {
				t.Fatalf("an answer naming another question: %d %s, want 409", code, body)
			}
			if s, _ := tb.state(Table); s.Step != 0 {
				t.Fatalf("the refused answer moved the game to step %d", s.Step)
			}
		}
		for i := range tb.names {
			seat := referee.Viewer(i)
			s, _ := tb.state(seat)
			var sq wire.Question
			if json.Unmarshal(s.Question, &sq) != nil || !sq.Ahead || sq.Queued != "" {
				continue
			}
			code, body := tb.post(seat, "answer", map[string]any{"step": sq.Step, "question": "not." + sq.ID, "answer": tb.answers[sq.Step].A})
			if code != 409 || !strings.Contains(string(body), "another question") {
				t.Fatalf("an answer ahead of its turn naming another question: %d %s, want 409", code, body)
			}
			if s, _ := tb.state(seat); strings.Contains(string(s.Question), `"queued"`) {
				t.Fatalf("the refused answer ahead was kept: %s", s.Question)
			}
			code, body = tb.post(seat, "answer", map[string]any{"step": sq.Step, "question": sq.ID, "answer": tb.answers[sq.Step].A})
			if code != 200 || !strings.Contains(string(body), "queued") {
				t.Fatalf("an answer ahead of its turn naming its question: %d %s", code, body)
			}
			queuedAt[sq.Step] = true
			aheadChecked = true
		}
		body := map[string]any{"step": step, "question": q.ID, "answer": tb.answers[step].A}
		if step%2 == 1 {
			// An answer that names no question is refused: the table
			// cannot tell what its sender was shown.
			if code, reply := tb.post(who, "answer", map[string]any{"step": step, "answer": tb.answers[step].A}); code != 400 {
				t.Fatalf("step %d: an answer naming no question: %d %s, want 400", step, code, reply)
			}
		}
		if code, reply := tb.post(who, "answer", body); code != 200 {
			t.Fatalf("step %d (%s): %d %s", step, q.ID, code, reply)
		}
		step = tb.waitPast(step, queuedAt, q.ID)
	}
	if !aheadChecked {
		t.Fatal("no question was ever asked ahead of its turn")
	}
}
