package prompts

import (
	"encoding/json"
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

// jsonQuestion writes the pending question.
func (s *Session) jsonQuestion(q *referee.Question) {
	s.emit(newJSONQuestion(q, s.name(q.Actor), len(s.Engine.Answers())))
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
