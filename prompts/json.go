package prompts

import (
	"encoding/json"
	"errors"
	"fmt"

	"rumref/referee"
	"rumref/safetext"
)

// The JSON Lines protocol (--io json) is documented in docs/protocol.md;
// keep the two in step. Every object is written on one line.

type jsonQuestion struct {
	Type      string           `json:"type"`
	ID        string           `json:"id"`
	Actor     int              `json:"actor"`
	ActorName string           `json:"actor_name"`
	Kind      string           `json:"kind"`
	Text      string           `json:"text"`
	Options   []referee.Option `json:"options"`
	Min       *int             `json:"min"`
	Max       *int             `json:"max"`
	Secret    bool             `json:"secret"`
	Rule      string           `json:"rule"`
	Step      int              `json:"step"`
	// Example is an answer a text question would take.
	Example string `json:"example,omitempty"`
}

type jsonEvent struct {
	Type string `json:"type"`
	Rule string `json:"rule"`
	Text string `json:"text"`
	Step int    `json:"step"`
}

type jsonError struct {
	Type     string `json:"type"`
	Question string `json:"question"`
	Rule     string `json:"rule"`
	Error    string `json:"error"`
	// Secret marks the refusal of a secret question's answer: like the
	// question, it is for Actor only (its words may tell what only they
	// may know, such as the one choice they have).
	Secret bool `json:"secret,omitempty"`
	Actor  *int `json:"actor,omitempty"`
}

type jsonInfo struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

type jsonStatus struct {
	Type   string          `json:"type"`
	Viewer int             `json:"viewer"`
	Text   string          `json:"text"`
	View   json.RawMessage `json:"view"`
}

type jsonLogAnswer struct {
	Kind      string `json:"kind"`
	N         int    `json:"n"`
	Question  string `json:"question"`
	Actor     int    `json:"actor"`
	ActorName string `json:"actor_name"`
	Text      string `json:"text"`
	Answer    string `json:"answer"`
	Label     string `json:"label"`
	Secret    bool   `json:"secret"`
	Rule      string `json:"rule"`
	Step      int    `json:"step"`
}

type jsonLogEvent struct {
	Kind string `json:"kind"`
	Rule string `json:"rule"`
	Text string `json:"text"`
	Step int    `json:"step"`
}

type jsonLog struct {
	Type    string `json:"type"`
	Entries []any  `json:"entries"`
}

type jsonHelp struct {
	Type     string `json:"type"`
	Question string `json:"question"`
	Text     string `json:"text"`
	Commands string `json:"commands"`
	Rules    string `json:"rules"`
}

type jsonRules struct {
	Type  string `json:"type"`
	Query string `json:"query"`
	Text  string `json:"text"`
}

type jsonConfirm struct {
	Type      string `json:"type"`
	ID        string `json:"id"`
	Actor     int    `json:"actor"`
	ActorName string `json:"actor_name"`
	Text      string `json:"text"`
}

type jsonEnd struct {
	Type   string          `json:"type"`
	Status json.RawMessage `json:"status"`
	Text   string          `json:"text"`
	Step   int             `json:"step"`
}

type jsonExit struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
	Save   string `json:"save"`
	Step   int    `json:"step"`
}

// newJSONQuestion builds the question object for q.
func newJSONQuestion(q *referee.Question, name string, step int) jsonQuestion {
	out := jsonQuestion{Type: "question", ID: q.ID, Actor: int(q.Actor), ActorName: safetext.Clean(name), Kind: q.Kind.String(),
		Text: safetext.CleanLines(q.Text), Options: []referee.Option{}, Secret: q.Secret, Rule: q.Rule, Step: step, Example: safetext.Clean(q.Example)}
	if q.Kind == referee.Number {
		lo, hi := q.Min, q.Max
		out.Min, out.Max = &lo, &hi
	} else {
		// Keys stay exact: they are what the driver sends back.
		for _, o := range q.Options {
			out.Options = append(out.Options, referee.Option{Key: o.Key, Label: safetext.Clean(o.Label)})
		}
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
		s.emit(newJSONQuestion(a.q, s.name(a.q.Actor), len(s.Engine.Answers())))
	case askConfirm:
		s.emit(jsonConfirm{Type: "confirm", ID: a.id, Actor: int(a.actor), ActorName: s.name(a.actor), Text: a.text})
	case askSetup, askSetupYesNo:
		// Before a game exists: the table answers, at step 0.
		s.emit(jsonQuestion{Type: "question", ID: a.q.ID, Actor: int(referee.Table), ActorName: "the table", Kind: a.q.Kind.String(),
			Text: a.q.Text, Options: append([]referee.Option{}, a.q.Options...)})
		return j.setupLine
	case askPause:
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
		s.emit(jsonEvent{Type: "event", Rule: m.event.Rule, Text: m.text, Step: m.event.Step})
	case showInfo:
		s.emit(jsonInfo{Type: "info", Text: m.text})
	case showMessage:
		if m.obj != nil {
			s.emit(m.obj)
		} else if m.text != "" && !m.people {
			s.emit(jsonInfo{Type: "info", Text: m.text})
		}
	case showLog:
		s.emit(j.log())
	case showHelp:
		id := ""
		if m.q != nil {
			id = m.q.ID
		}
		s.emit(jsonHelp{Type: "help", Question: id, Text: m.question, Commands: m.commands, Rules: m.refs})
	case showRules:
		s.emit(jsonRules{Type: "rules", Query: safetext.Clean(m.query), Text: m.text})
	case showEnd:
		s.emit(jsonEnd{Type: "end", Status: viewJSON(s.Engine.Game().View(referee.Public)), Text: s.statusText(referee.Public), Step: len(s.Engine.Answers())})
	}
	// Headings, notes and lines for the one at the laptop have no
	// object: a driver lays out its own screens.
}

// log is the log object: answers and rulings in the public view.
func (j *jsonFront) log() jsonLog {
	s := j.s
	out := jsonLog{Type: "log", Entries: []any{}}
	n := 0
	for _, e := range s.Engine.Log() {
		if e.Event != nil {
			text := safetext.CleanLines(e.Event.For(referee.Public))
			if text == "" {
				continue
			}
			out.Entries = append(out.Entries, jsonLogEvent{Kind: "event", Rule: e.Event.Rule, Text: text, Step: e.Event.Step})
			continue
		}
		n++
		a, l, text := safetext.Clean(e.Answer), safetext.Clean(e.Label), safetext.CleanLines(e.Text)
		if e.Secret {
			a, l, text = "(secret)", "(secret)", secretQuestionText
		}
		out.Entries = append(out.Entries, jsonLogAnswer{Kind: "answer", N: n, Question: e.QuestionID, Actor: int(e.Actor),
			ActorName: s.name(e.Actor), Text: text, Answer: a, Label: l, Secret: e.Secret, Rule: e.Rule, Step: e.Step})
	}
	return out
}

func (j *jsonFront) status(viewer referee.Viewer) {
	s := j.s
	s.emit(jsonStatus{Type: "status", Viewer: int(viewer), Text: s.statusText(viewer), View: viewJSON(s.Engine.Game().View(viewer))})
}

// pass only runs f: the driver shows a private status to its owner.
func (j *jsonFront) pass(_ passing, f func() error) error { return f() }

func (j *jsonFront) passBack(string, []string, bool) error { return nil }

func (j *jsonFront) refuse(q *referee.Question, why string) {
	e := jsonError{Type: "error", Error: why}
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
	s.emit(jsonExit{Type: "exit", Reason: reason, Save: s.SaveName, Step: len(s.Engine.Answers())})
}

// viewJSON encodes a game view; a view that cannot be encoded becomes an
// object saying so rather than breaking the protocol.
func viewJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": fmt.Sprintf("the view could not be encoded: %v", err)})
	}
	return b
}

// emit writes one JSON object as one line.
func (s *Session) emit(v any) {
	writeJSON(s.Out, v)
}

func writeJSON(w interface{ Write([]byte) (int, error) }, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(jsonError{Type: "error", Error: fmt.Sprintf("internal: could not encode a message: %v", err)})
	}
	b = append(safetext.CleanJSON(b), '\n')
	w.Write(b)
}
