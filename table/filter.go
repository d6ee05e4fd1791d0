package table

import (
	"encoding/json"
	"fmt"
	"strings"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// This file is the one place that decides what each viewer may see. The
// viewers are:
//
//   - a seat's page (its phone): the public game, its own secrets, its own
//     secret questions, the confirmations and requests addressed to it;
//   - the table page: the public game and the public questions;
//   - the laptop: the public game, and every question and confirmation
//     the table hands it to ask: public ones, and those of seats without
//     a connected phone (the laptop shows its own pass-the-laptop screen
//     before a secret one). It gets a seat's private rulings only in the
//     reply to that seat's secret answer given at the laptop, and a
//     seat's private status only when it asks for it (peek, after its
//     pass screen).

// sees reports whether viewer v may see seat's secrets.
func sees(v Viewer, seat referee.Seat) bool { return !v.Laptop && v.Viewer.Sees(seat) }

// custody reports whether the laptop asks q: every public question, and
// a secret one whose actor has no phone connected (or who chose to
// answer at the laptop).
func (t *Table) custody(q *referee.Question, step int) bool {
	if q == nil || !q.Secret || !q.Actor.Player() {
		return true
	}
	return !t.onPhone(q.Actor) || t.here == q.Actor && t.hereStep == step
}

// mayAnswer reports whether the sender f may answer q at step: a seat's
// phone its own questions; the table page the public ones; the laptop
// those it is handed.
func (t *Table) mayAnswer(f From, q *referee.Question, step int) bool {
	switch {
	case q == nil:
		return false
	case f.Laptop:
		return t.custody(q, step)
	case f.Viewer == referee.Public:
		return !q.Secret
	}
	return f.Viewer.Sees(q.Actor)
}

// questionFor is q (at step) as viewer v sees it, in language l.
func (t *Table) questionFor(q *referee.Question, step int, v Viewer, l locale.Lang) *Question {
	out := &Question{Q: q.In(l), Step: step, ActorName: t.name(q.Actor, l)}
	show := !q.Secret || sees(v, q.Actor) || v.Laptop && t.custody(q, step)
	if !show {
		out.Q = q.Masked(say("question.secret", t.nameArg(q.Actor)), l)
		out.Hidden = true
		out.Phone = v.Laptop
	}
	return out
}

// eventsFor are evs as w's viewer sees them (the laptop: the public text).
func (t *Table) eventsFor(w *watch, evs []referee.Event) []Event {
	var out []Event
	viewer := w.v.Viewer
	if w.v.Laptop {
		viewer = referee.Public
	}
	for _, ev := range evs {
		if text := ev.In(w.lang, viewer); text != "" {
			out = append(out, Event{Rule: ev.Rule, Text: safetext.CleanLines(text), Step: ev.Step})
		}
	}
	return out
}

// privateAfter are the private rulings of seat in evs[from:]: the reply
// to its secret answer given at the laptop shows them behind the pass
// screen, in language l.
func privateAfter(evs []referee.Event, from int, seat referee.Seat, l locale.Lang) []string {
	var out []string
	for _, ev := range evs[min(from, len(evs)):] {
		if ev.Private != "" && ev.Player == seat && seat.Player() {
			out = append(out, safetext.CleanLines(ev.In(l, seat.Viewer())))
		}
	}
	return out
}

// updateFor is w's update now, with evs its new rulings.
func (t *Table) updateFor(w *watch, evs []Event, rewound bool) Update {
	step := len(t.e.Answers())
	u := Update{Step: step, Events: evs, Rewound: rewound, End: t.e.Over(), Exit: t.exit}
	if w.v.Laptop {
		u.Failed = t.failed
	}
	if u.End && t.cfg.PlayLink != nil {
		u.Play = t.cfg.PlayLink(t.e.Game())
	}
	for s := range t.names {
		u.Phones = append(u.Phones, t.onPhone(referee.Seat(s)))
	}
	if q := t.e.Next(); q != nil {
		u.Question = t.questionFor(q, step, w.v, w.lang)
		if !w.v.Laptop && !t.mayAnswer(w.v, q, step) {
			// Nothing for this seat now: a question it may answer ahead
			// of its turn, if there is one.
			for s := step + 1; t.ahead[s] != nil; s++ {
				if sees(w.v, t.ahead[s].Actor) {
					u.Question = t.questionFor(t.ahead[s], s, w.v, w.lang)
					u.Question.Ahead = true
					if a, ok := t.queued[s]; ok {
						u.Question.Queued = a.Answer.A
					}
					break
				}
			}
		}
	}
	u.Confirm = t.confirmFor(w.v, w.lang)
	u.Answers = t.answersFor(w.v, w.lang)
	if w.v.Laptop {
		// The laptop draws the board when it is asked to (Peek), at its
		// screen's width at that moment.
		return u
	}
	viewer := w.v.Viewer
	view := viewJSON(t.e.Game().View(viewer, w.lang))
	if string(view) != string(w.view) || u.End {
		w.view = view
		u.Status = &Status{Viewer: viewer, Text: t.statusText(viewer, w.lang, 0), View: view}
	}
	return u
}

// recentAnswers is how many of its own latest answers a seat's page
// lists.
const recentAnswers = 8

// answersFor are the latest answers of v's seat, oldest first, in words
// of language l:
// its page lists them so that its player corrects one by tapping it. A
// seat's page gets its own answers only (its secret ones with their
// value, which only it sees); the table page and the laptop get none.
func (t *Table) answersFor(v Viewer, l locale.Lang) []Answered {
	seat, ok := v.Viewer.Seat()
	if v.Laptop || !ok {
		return nil
	}
	var out []Answered
	n := 0
	for _, e := range t.e.Log() {
		if e.Event != nil {
			continue
		}
		n++
		if e.Actor != seat {
			continue
		}
		answer := safetext.Clean(e.LabelIn(l))
		if answer == "" {
			answer = safetext.Clean(e.Answer)
		}
		out = append(out, Answered{N: n, Question: e.QuestionID, Text: safetext.CleanLines(strings.TrimSpace(e.TextIn(l))), Answer: answer, Secret: e.Secret})
	}
	if len(out) > recentAnswers {
		out = out[len(out)-recentAnswers:]
	}
	return out
}

// statusText is the board and status for viewer in language l, cleaned
// for printing; a game that can fit its picture to a screen gets the
// width.
func (t *Table) statusText(viewer referee.Viewer, l locale.Lang, width int) string {
	return safetext.CleanLines(t.e.Game().Status(viewer, l, width))
}

// viewJSON encodes a game view; a view that cannot be encoded becomes an
// object saying so.
func viewJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": fmt.Sprintf("the view could not be encoded: %v", err)})
	}
	return b
}

// Peek is the board and status for seat's player (referee.Public: the
// public one) in language l, when f may see it: the seat's own page, or
// the laptop (after its pass screen). width fits the picture (0: any).
func (t *Table) Peek(f From, viewer referee.Viewer, l locale.Lang, width int) (Status, error) {
	var st Status
	var err error
	ok := t.call(func() {
		if viewer != referee.Public && !f.Laptop && f.Viewer != viewer {
			err = referee.Errorf("table.error.peek", t.nameArg(referee.Seat(viewer)))
			return
		}
		st = Status{Viewer: viewer, Text: t.statusText(viewer, l, width), View: viewJSON(t.e.Game().View(viewer, l))}
	})
	if !ok {
		return st, ErrStopped
	}
	return st, err
}

// Entry is one line of the log as the public sees it: an answer (N > 0)
// or a ruling.
type Entry struct {
	// N is the answer's number (1-based), 0 for a ruling.
	N          int
	QuestionID string
	Actor      referee.Seat
	ActorName  string
	Text       string
	Answer     string
	Label      string
	Secret     bool
	Rule       string
	Step       int
}

// Log is the game's log in the public view, in language l: secret
// answers show as "(secret)", rulings with their public text only.
func (t *Table) Log(l locale.Lang) []Entry {
	var out []Entry
	t.call(func() { out = t.log(l) })
	return out
}

func (t *Table) log(l locale.Lang) []Entry {
	var out []Entry
	n := 0
	for _, e := range t.e.Log() {
		if e.Event != nil {
			text := safetext.CleanLines(e.Event.In(l, referee.Public))
			if text != "" {
				out = append(out, Entry{Rule: e.Event.Rule, Text: text, Step: e.Event.Step})
			}
			continue
		}
		n++
		en := Entry{N: n, QuestionID: e.QuestionID, Actor: e.Actor, ActorName: t.name(e.Actor, l), Text: safetext.CleanLines(e.TextIn(l)),
			Answer: safetext.Clean(e.Answer), Label: safetext.Clean(e.LabelIn(l)), Secret: e.Secret, Rule: e.Rule, Step: e.Step}
		if e.Secret {
			en.Answer, en.Label, en.Text = word("secret", l), word("secret", l), word("secret_question", l)
		}
		out = append(out, en)
	}
	return out
}

// still is a table of a saved game that nobody plays (rumref log, show):
// the same filter, without a goroutine, a save or watchers.
func still(e *referee.Engine) *Table {
	t := &Table{e: e, phones: map[referee.Seat]int{}, here: referee.Table}
	for _, n := range e.Game().PlayerNames() {
		t.names = append(t.names, safetext.Clean(n))
	}
	return t
}

// PublicLog is the log of a saved game as the public sees it, in
// language l (as Log).
func PublicLog(e *referee.Engine, l locale.Lang) []Entry { return still(e).log(l) }

// PublicQuestion is the pending question of a saved game as the public
// sees it, in language l (nil: none).
func PublicQuestion(e *referee.Engine, l locale.Lang) *Question {
	q := e.Next()
	if q == nil {
		return nil
	}
	return still(e).questionFor(q, len(e.Answers()), Page(referee.Public), l)
}
