package referee

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"rumref/locale"
	"rumref/safetext"
)

// Kind says how a question is answered.
type Kind int

const (
	// Choice questions are answered with the key of one of their options.
	Choice Kind = iota
	// Number questions are answered with a whole number between Min and Max.
	Number
	// TextLine questions are answered with one line of text (a name, a
	// card's printed text), checked by Check when it is set.
	TextLine
)

// MaxText is the longest answer a text question takes, in characters.
const MaxText = 300

// String returns the protocol name of the kind.
func (k Kind) String() string {
	switch k {
	case Choice:
		return "choice"
	case Number:
		return "number"
	case TextLine:
		return "text"
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Option is one legal answer to a choice question. Keys are stable and are
// what the journal stores; labels are for people.
type Option struct {
	Key   string `json:"key"`
	Label string `json:"label"`
}

// Question is what the engine needs to know next: a stable dotted ID, who
// answers, the text, and the complete set of legal answers.
type Question struct {
	ID    string
	Actor Seat
	Kind  Kind
	// Text is the question as shown; the engine makes it from Prompt
	// when a front end asks for the question (Engine.Next).
	Text    string
	Prompt  Msg
	Options []Option
	Min     int
	Max     int
	// Secret marks an answer that only the actor may see (a drawn ware, a
	// rendezvous target). Adapters mask it and show a pass-the-laptop screen.
	Secret bool
	// Rule is the ID of the rule the question applies.
	Rule string
	// Check validates the answer to a text question (nil takes any line);
	// its error says what to type instead.
	Check func(string) error
	// Example is an answer a text question would take, shown as a hint,
	// in English; ExampleMsg, when set, is the same example as a message,
	// which a front end shows in its reader's language (ExampleIn).
	Example    string
	ExampleMsg Msg
	// Confirm marks a question that records a physical fact the table
	// must confirm (a tile drawn, a die shown): it is asked even when it
	// has one legal answer, in a game that lets the engine take such
	// answers itself (OnlyAnswers).
	Confirm bool
	// Only is the ruling said when the engine takes the question's one
	// legal answer itself; the engine's own line is used when it is zero.
	Only Msg

	answer string
	// labels are the option labels as messages, formatted into the
	// options' Label when shown.
	labels []Msg
}

// KeyAt reads s as an option's position (1, 2, ...) where the options
// may be answered by position: a choice none of whose keys is itself a
// number, so that "3" always means the key "3" where there is one.
func (q *Question) KeyAt(s string) (string, bool) {
	if !q.Numbered() {
		return "", false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > len(q.Options) || strings.TrimLeft(s, "0123456789") != "" {
		return "", false
	}
	return q.Options[n-1].Key, true
}

// Numbered reports whether a choice question's options may be answered
// by their position (see KeyAt).
func (q *Question) Numbered() bool {
	if q.Kind != Choice {
		return false
	}
	for _, o := range q.Options {
		if o.Key != "" && strings.Trim(o.Key, "0123456789") == "" {
			return false
		}
	}
	return true
}

// Validate checks an answer against the question and returns its canonical
// key, or a player-facing error that says what is allowed.
func (q *Question) Validate(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	switch q.Kind {
	case TextLine:
		return q.validateText(s)
	case Number:
		n, err := strconv.Atoi(s)
		if err != nil {
			return "", Errorf("referee.refused.not_number", Str(s), Int(q.Min), Int(q.Max))
		}
		if n < q.Min || n > q.Max {
			return "", Errorf("referee.refused.out_of_range", Int(n), Int(q.Min), Int(q.Max))
		}
		return strconv.Itoa(n), nil
	default:
		for _, o := range q.Options {
			if o.Key == s {
				return o.Key, nil
			}
		}
		for _, o := range q.Options {
			if strings.EqualFold(o.Key, s) {
				return o.Key, nil
			}
		}
		which := q.matchOption(s)
		if len(which) == 1 {
			return q.Options[which[0]].Key, nil
		}
		return "", q.notOne(s, which)
	}
}

// validateText checks one line of text: not empty, not too long, no
// control characters, then the question's own check.
func (q *Question) validateText(s string) (string, error) {
	if s == "" {
		return "", Errorf("referee.refused.empty")
	}
	if n := utf8.RuneCountInString(s); n > MaxText {
		return "", Errorf("referee.refused.long", Int(n), Int(MaxText))
	}
	if key, code := safetext.FindKey(s); key != "" {
		return "", Errorf("referee.refused.holds", Sub(badChar(key, code)))
	}
	if q.Check != nil {
		if err := q.Check(s); err != nil {
			return "", err
		}
	}
	return s, nil
}

// Allowed describes the legal answers in one short phrase, naming the
// options as every front end shows them: by their labels and numbers
// where the options are numbered, by their keys where the keys are
// themselves numbers (a die's 1 to 6, and r1 to r6 for a roll with rum),
// never by an internal key.
func (q *Question) Allowed() string {
	m := q.AllowedMsg()
	return m.String()
}

// AllowedIn is Allowed in language l.
func (q *Question) AllowedIn(l locale.Lang) string {
	m := q.AllowedMsg()
	return m.In(l)
}

// AllowedMsg is Allowed as a message.
func (q *Question) AllowedMsg() Msg {
	if q.Kind == TextLine {
		return Text("referee.allowed.text")
	}
	if q.Kind == Number {
		return Text("referee.allowed.number", Int(q.Min), Int(q.Max))
	}
	n := len(q.Options)
	if q.Numbered() {
		names := make([]Msg, 0, n)
		size := 0
		for i := range q.Options {
			names = append(names, q.nameMsg(i))
			size += len(q.name(i))
		}
		if n == 1 {
			return Text("referee.allowed.one", Sub(names[0]))
		}
		if n <= 6 && size <= 90 {
			return Text("referee.allowed.few", List(names, ", ", " or "), Int(n))
		}
		return Text("referee.allowed.many", Int(n), Sub(names[0]), Sub(names[n-1]))
	}
	keys := make([]Msg, 0, n)
	for i, o := range q.Options {
		if i == 12 {
			keys = append(keys, Text("referee.allowed.more", Int(n)))
			break
		}
		if NumberKey(o.Key) {
			keys = append(keys, Text(o.Key)) // a number, or r5
		} else {
			keys = append(keys, q.nameMsg(i))
		}
	}
	return Text("referee.allowed.keys", List(keys, ", ", ", "))
}

// badChar names a character safetext refuses, in words (key and its
// code point, from safetext.FindKey).
func badChar(key, code string) Msg {
	if code == "" {
		return Text(key)
	}
	return Text(key, Str(code))
}

// LabelOf is the label of the option with the given key as a message
// (the key itself when it has none).
func (q *Question) LabelOf(key string) Msg {
	if m := q.labelMsg(key); !m.IsZero() {
		return m
	}
	return Text(q.Label(key))
}

// NumberKey reports whether an option key is a number ("4"), or one
// letter and a number ("r5", a roll with rum): such keys are what people
// type and see for their options (a list shows them as the options'
// numbers), where other keys are names internal to the rules.
func NumberKey(k string) bool {
	if k != "" && k[0] >= 'a' && k[0] <= 'z' {
		k = k[1:]
	}
	return k != "" && strings.Trim(k, "0123456789") == ""
}

// Label returns the label of the option with the given key, or the key.
func (q *Question) Label(key string) string {
	for _, o := range q.Options {
		if o.Key == key {
			return o.Label
		}
	}
	return key
}

// Equal reports whether two questions are asked alike: every field the
// same, messages compared by what they hold (Msg.Equal); a text
// question's check is a function, compared only for being set. A field
// added to Question is compared here too (TestQuestionEqualComparesEveryField).
func (q *Question) Equal(o *Question) bool {
	return q.ID == o.ID && q.Actor == o.Actor && q.Kind == o.Kind && q.Text == o.Text &&
		q.Prompt.Equal(&o.Prompt) && slices.Equal(q.Options, o.Options) &&
		q.Min == o.Min && q.Max == o.Max && q.Secret == o.Secret && q.Rule == o.Rule &&
		(q.Check == nil) == (o.Check == nil) && q.Example == o.Example && q.ExampleMsg.Equal(&o.ExampleMsg) &&
		q.Confirm == o.Confirm && q.Only.Equal(&o.Only) &&
		q.answer == o.answer && msgsEqual(q.labels, o.labels)
}

// Answer is one accepted answer as the journal stores it: the question ID,
// the option key (or the number in decimal) and who the question was asked
// of. A replay keeps an answer only where it belongs: where the game asks
// the same question of the same actor.
type Answer struct {
	Q string `yaml:"q" json:"q"`
	A string `yaml:"a" json:"a"`
	// Actor is the seat the question was asked of, or Table; it counts
	// only when HasActor is set. The engine records it with every answer;
	// saves of format 1 do not hold it, and their answers are checked by
	// question ID only.
	Actor    int  `yaml:"by" json:"by"`
	HasActor bool `yaml:"-" json:"-"`
}

// String shows the answer as question ID and key, as the log and tests
// name it: {pub.roll 5}.
func (a Answer) String() string { return "{" + a.Q + " " + a.A + "}" }

// onlyAnswer returns the one legal answer of a choice question with one
// option or a number question whose range holds one number.
func (q *Question) onlyAnswer() (string, bool) {
	switch q.Kind {
	case Choice:
		if len(q.Options) == 1 {
			return q.Options[0].Key, true
		}
	case Number:
		if q.Min == q.Max {
			return strconv.Itoa(q.Min), true
		}
	}
	return "", false
}

// TextIn is the question's text in language l.
func (q *Question) TextIn(l locale.Lang) string { return inOr(&q.Prompt, q.Text, l) }

// inOr is m in language l, or plain when m is none (a text the rules
// gave as it stands).
func inOr(m *Msg, plain string, l locale.Lang) string {
	if m.IsZero() {
		return plain
	}
	return m.In(l)
}

// ExampleIn is the question's example in language l, without the
// catalog check's marks: an answer to type as it stands ("" when it has
// none).
func (q *Question) ExampleIn(l locale.Lang) string {
	if q.ExampleMsg.IsZero() {
		return q.Example
	}
	return locale.Unmark(q.ExampleMsg.In(l))
}

// LabelIn is option i's label in language l ("" when it has none).
func (q *Question) LabelIn(i int, l locale.Lang) string {
	if i < len(q.labels) && !q.labels[i].IsZero() {
		return q.labels[i].In(l)
	}
	if i < len(q.Options) {
		return q.Options[i].Label
	}
	return ""
}

// labelMsg is the label message of the option with the given key (zero
// when it has none).
func (q *Question) labelMsg(key string) Msg {
	for i, o := range q.Options {
		if o.Key == key && i < len(q.labels) {
			return q.labels[i]
		}
	}
	return Msg{}
}

// In is a copy of the question with its text, its example and its
// options' labels in language l (the options are the copy's own).
func (q *Question) In(l locale.Lang) *Question {
	c := *q
	c.Text, c.Example = q.TextIn(l), q.ExampleIn(l)
	c.Options = slices.Clone(q.Options)
	for i := range c.Options {
		if s := q.LabelIn(i, l); s != "" {
			c.Options[i].Label = s
		}
	}
	return &c
}

// Masked is a copy of the question that shows text alone, in language l:
// a secret question as the others see it, with no options, labels,
// range, example or check.
func (q *Question) Masked(text Msg, l locale.Lang) *Question {
	c := *q
	c.Prompt, c.Text = text, text.In(l)
	c.Options, c.labels, c.Min, c.Max, c.Example, c.ExampleMsg, c.Check, c.Only = nil, nil, 0, 0, "", Msg{}, nil, Msg{}
	return &c
}
