package prompts

import (
	"encoding/json"
	"errors"
	"fmt"

	"rumref/referee"
	"rumref/safetext"
	"rumref/table"
	"rumref/wire"
)

// The JSON Lines protocol (--io json) is documented in docs/protocol.md;
// its objects are package wire's. Every object is written on one line.

// options are a question's options on the wire, as they are.
func options(opts []referee.Option) []wire.Option {
	out := make([]wire.Option, len(opts))
	for i, o := range opts {
		out[i] = wire.Option(o)
	}
	return out
}

// jsonFront is the JSON Lines front end (--io json): one object per line
// out, one answer per line in. A driver program shows each player only
// what is theirs, so it passes no laptop, and it cannot be asked a
// question in the middle of a command.
type jsonFront struct {
	lineFront
}

func (j *jsonFront) can() abilities { return abilities{} }

// errNoFollowUp is what a follow-up question returns in JSON mode; the
// session never asks one there (see abilities).
var errNoFollowUp = errors.New("the JSON protocol asks nothing in the middle of a command")

func (j *jsonFront) ask(a asking) func() (string, error) {
	s := j.s
	switch a.kind {
	case askQuestion:
		s.emit(wire.QuestionOf(a.q, s.name(a.q.Actor), a.step, s.Lang))
	case askPhone:
		// The question as anyone but its player sees it: it is answered
		// on their phone; a line here takes it to the laptop.
		o := wire.QuestionOf(a.q, s.name(a.q.Actor), a.step, s.Lang)
		o.Options, o.Min, o.Max, o.Example = []wire.Option{}, nil, nil, ""
		s.emit(o)
	case askConfirm:
		s.emit(wire.Confirm{Type: "confirm", ID: a.id, Actor: int(a.actor), ActorName: s.name(a.actor), Text: a.text})
	case askSetup, askSetupYesNo:
		// Before a game exists: the table answers, at step 0.
		s.emit(wire.Question{Type: "question", ID: a.q.ID, Actor: int(referee.Table), ActorName: s.name(referee.Table), Kind: a.q.Kind.String(),
			Text: a.q.Text, Options: options(a.q.Options)})
		return j.setupLine
	case askPause:
		for _, m := range a.parts {
			j.show(shown{kind: showMessage, text: m})
		}
		return func() (string, error) { return "", nil }
	default:
		return func() (string, error) { return "", errNoFollowUp }
	}
	return j.readLine
}

func (j *jsonFront) show(m shown) {
	s := j.s
	switch m.kind {
	case showEvent:
		s.emit(wire.Event{Type: "event", Rule: m.event.Rule, Text: m.text, Step: m.event.Step})
	case showInfo:
		s.emit(wire.Info{Type: "info", Text: m.text})
	case showMessage:
		if m.obj != nil {
			s.emit(m.obj)
		} else if m.text != "" && !m.people {
			s.emit(wire.Info{Type: "info", Text: m.text})
		}
	case showLog:
		s.emit(j.log())
	case showHelp:
		id := ""
		if m.q != nil {
			id = m.q.ID
		}
		s.emit(wire.Help{Type: "help", Question: id, Text: m.question, Commands: m.commands, Rules: m.refs})
	case showRules:
		s.emit(wire.Rules{Type: "rules", Query: safetext.Clean(m.query), Text: m.text})
	case showEnd:
		st, _ := s.Table.Peek(table.Laptop, referee.Public, s.Lang, Columns(s.Out))
		var play *wire.Play
		if s.cur.Play != "" {
			play = &wire.Play{URL: s.cur.Play}
		}
		s.emit(wire.End{Type: "end", Status: st.View, Text: st.Text, Step: s.cur.Step, Play: play})
	}
	// Headings, notes and lines for the one at the laptop have no
	// object: a driver lays out its own screens.
}

// log is the log object: answers and rulings in the public view.
func (j *jsonFront) log() wire.Log {
	s := j.s
	out := wire.Log{Type: "log", Entries: []any{}}
	for _, e := range s.Table.Log(s.Lang) {
		if e.N == 0 {
			out.Entries = append(out.Entries, wire.LogEvent{Kind: "event", Rule: e.Rule, Text: e.Text, Step: e.Step})
			continue
		}
		out.Entries = append(out.Entries, wire.LogAnswer{Kind: "answer", N: e.N, Question: e.QuestionID, Actor: int(e.Actor),
			ActorName: s.name(e.Actor), Text: e.Text, Answer: e.Answer, Label: e.Label, Secret: e.Secret, Rule: e.Rule, Step: e.Step})
	}
	return out
}

func (j *jsonFront) status(viewer referee.Viewer) {
	s := j.s
	st, err := s.Table.Peek(table.Laptop, viewer, s.Lang, Columns(s.Out))
	if err != nil {
		s.emit(wire.Error{Type: "error", Error: s.reason(err)})
		return
	}
	s.emit(wire.Status{Type: "status", Viewer: int(viewer), Text: st.Text, View: st.View})
}

// pass only runs f: the driver shows a private status to its owner.
func (j *jsonFront) pass(_ passing, f func() error) error { return f() }

func (j *jsonFront) passBack(string, []string, bool) error { return nil }

func (j *jsonFront) refuse(q *referee.Question, why string) {
	e := wire.Error{Type: "error", Error: why}
	if q != nil {
		e.Question, e.Rule = q.ID, q.Rule
		if q.Secret {
			actor := int(q.Actor)
			e.Secret, e.Actor = true, &actor
		}
	}
	j.s.emit(e)
}

func (j *jsonFront) stop(reason string) {
	s := j.s
	s.emit(wire.Exit{Type: "exit", Reason: reason, Save: s.SaveName, Step: s.cur.Step})
}

// emit writes one JSON object as one line.
func (s *Session) emit(v any) {
	writeJSON(s.Out, v)
}

func writeJSON(w interface{ Write([]byte) (int, error) }, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(wire.Error{Type: "error", Error: fmt.Sprintf("internal: could not encode a message: %v", err)})
	}
	b = append(safetext.CleanJSON(b), '\n')
	w.Write(b)
}
