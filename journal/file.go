// Package journal reads and writes save files: the setup result plus the
// list of accepted answers, in versioned YAML. Saves are written
// atomically (temp file, fsync, rename, fsync of the directory), the
// previous save is kept as FILE.bak, and a lock keeps two rumref processes
// from writing one save.
package journal

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"reflect"
	"rumref/locale"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"rumref/internal/yamlfile"
	"rumref/referee"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("journal", messages)

// Format is the save format version this rumref writes. It reads every
// format up to this one: format 1 saves hold no actor per answer (their
// answers replay checked by question ID only) and no correction record.
const Format = 2

// MaxSize caps the size of a save file rumref will read.
const MaxSize = 8 << 20

// File is one save: the format version, the game, its setup result and the
// accepted answers.
type File struct {
	Format int    `yaml:"format"`
	Game   string `yaml:"game"`
	// Setup is the game's setup, a pointer to the game's own setup type
	// (package games says which); the save holds it in a section named
	// like the game, right after the game: line.
	Setup any `yaml:"-"`
	// Teach keeps the first-game walkthrough on when the game is resumed.
	Teach bool `yaml:"teach,omitempty"`
	// Started is when the game's first answer was asked for (RFC 3339,
	// UTC), and Played how many seconds the game has been played in all
	// its sessions up to the last save: the play logger's date and
	// duration survive a resume. Saves from before have neither.
	Started string `yaml:"started,omitempty"`
	Played  int    `yaml:"played,omitempty"`
	// Correction is the last correction made (format 2), kept until the
	// next one so that undo can take it back, even after a resume.
	Correction *Correction `yaml:"-"`
	// Web keeps the secret parts of the phone URLs (rumref --web), so a
	// resumed game keeps its QR codes.
	Web *WebTokens `yaml:"web,omitempty"`
	// Ahead are answers given before their turn (a pub invitation
	// answered on a phone while an earlier player still decides): each is
	// kept here from the moment it is acknowledged until the game reaches
	// its question.
	Ahead   AheadAnswers
	Answers Answers
}

// AheadAnswers are answers given before their turn, as a save holds
// them: {step: N, q: QUESTION, a: KEY, by: ACTOR}, where step is the
// number of answers before the one it gives.
type AheadAnswers []AheadAnswer

// AheadAnswer is one answer given before its turn.
type AheadAnswer struct {
	Step   int
	Answer referee.Answer
}

// Correction is the record of the last correction in a save, the
// engine's own.
type Correction = referee.Correction

// Answers is a list of answers as a save holds it: each answer is
// {q: QUESTION, a: KEY, by: ACTOR}, where by (format 2) is the seat the
// question was asked of, -1 for the table; answers of format 1 have no by.
type Answers []referee.Answer

// WebTokens are the tokens of the table page and of each seat's page,
// and the port the pages were last served on (0: none yet), which
// rumref resume --web HOST:0 takes again when it is free, so the pages'
// URLs and codes keep working.
type WebTokens struct {
	Table string   `yaml:"table"`
	Seats []string `yaml:"seats"`
	Port  int      `yaml:"port,omitempty"`
}

// ErrNewer is returned for a save written by a newer rumref.
var ErrNewer = referee.Errorf("journal.newer")

// Encode returns the save as YAML, one answer per line.
func Encode(f *File) ([]byte, error) {
	enc, err := NewEncoder(f)
	if err != nil {
		return nil, err
	}
	enc.Played, enc.Ahead = f.Played, f.Ahead
	return enc.EncodeWith(f.Answers, f.Correction), nil
}

// saveComment opens every save file.
const saveComment = "# rumref save file: the setup and every answer given. Resume with: rumref resume FILE\n"

// Encoder writes the saves of one game fast enough to save after every
// answer: the setup part is encoded once, and each save appends the
// answers, one per line.
type Encoder struct {
	head []byte
	// Played is the seconds played written with each save (0: none).
	Played int
	// Ahead are the answers given before their turn, written with each
	// save.
	Ahead AheadAnswers
}

// NewEncoder encodes the setup part of f (everything but the answers).
func NewEncoder(f *File) (*Encoder, error) {
	// The head is the save's top-level fields in order: its format and
	// game, the game's setup section under the game's name, and the rest
	// but the answers, which EncodeWith writes.
	var section map[string]any
	if f.Setup != nil {
		section = map[string]any{f.Game: f.Setup}
	}
	root := yaml.Node{Kind: yaml.MappingNode}
	for _, part := range []any{Head{Format: f.Format, Game: f.Game}, section, Body{Teach: f.Teach, Started: f.Started, Web: f.Web}} {
		var n yaml.Node
		if err := n.Encode(part); err != nil {
			return nil, fmt.Errorf("encoding the save: %w", err)
		}
		root.Content = append(root.Content, n.Content...)
	}
	body, err := yamlfile.Encode(&root)
	if err != nil {
		return nil, fmt.Errorf("encoding the save: %w", err)
	}
	return &Encoder{head: append([]byte(saveComment), body...)}, nil
}

// Reset encodes the setup part of f again, for the saves from now on
// (the pages' port was recorded once they listened). The caller keeps
// it from running beside a save.
func (e *Encoder) Reset(f *File) error {
	n, err := NewEncoder(f)
	if err != nil {
		return err
	}
	e.head = n.head
	return nil
}

// EncodeWith returns the whole save with these answers and the record of
// the last correction (c may be nil).
func (e *Encoder) EncodeWith(answers []referee.Answer, c *Correction) []byte {
	n := len(answers)
	if c != nil {
		n += len(c.Before)
	}
	b := make([]byte, 0, len(e.head)+64+n*40)
	b = append(b, e.head...)
	if e.Played > 0 {
		b = append(b, "played: "...)
		b = strconv.AppendInt(b, int64(e.Played), 10)
		b = append(b, '\n')
	}
	if c != nil {
		b = fmt.Appendf(b, "correction:\n  answer: %d\n  kept: %d\n  before:\n", c.Answer, c.Kept)
		b = appendAnswers(b, "    - {q: ", c.Before)
	}
	if len(e.Ahead) > 0 {
		b = append(b, "ahead:\n"...)
		for _, a := range e.Ahead {
			b = fmt.Appendf(b, "  - {step: %d, q: ", a.Step)
			b = appendScalar(b, a.Answer.Q)
			b = append(b, ", a: "...)
			b = appendScalar(b, a.Answer.A)
			b = fmt.Appendf(b, ", by: %d}\n", a.Answer.Actor)
		}
	}
	if len(answers) == 0 {
		return append(b, "answers: []\n"...)
	}
	b = append(b, "answers:\n"...)
	return appendAnswers(b, "  - {q: ", answers)
}

// appendAnswers writes answers one per line, each line opening with lead.
func appendAnswers(b []byte, lead string, answers []referee.Answer) []byte {
	for _, a := range answers {
		b = append(b, lead...)
		b = appendScalar(b, a.Q)
		b = append(b, ", a: "...)
		b = appendScalar(b, a.A)
		if a.HasActor {
			b = append(b, ", by: "...)
			b = strconv.AppendInt(b, int64(a.Actor), 10)
		}
		b = append(b, "}\n"...)
	}
	return b
}

// appendScalar writes s as a YAML scalar: plain when it is a simple key or
// number that reads back as the same string, double-quoted otherwise.
func appendScalar(b []byte, s string) []byte {
	if plainScalar(s) {
		return append(b, s...)
	}
	return strconv.AppendQuote(b, s)
}

// plainScalar reports whether s can be written unquoted in a flow mapping
// and read back unchanged: a lower-case word of letters, digits, dots and
// dashes that starts with a letter and is not a YAML keyword, or a whole
// number without leading zeros.
func plainScalar(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	if s[0] >= '1' && s[0] <= '9' || s == "0" {
		for i := 1; i < len(s); i++ {
			if s[i] < '0' || s[i] > '9' {
				return false
			}
		}
		return len(s) < 10
	}
	if s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	switch s {
	case "null", "true", "false", "yes", "no", "on", "off", "y", "n", "nan", "inf":
		return false
	}
	return true
}

// Setups is what the journal needs of the games to read a save: their
// names, the type a save of a game is decoded into, and the game's check
// of the decoded setup. Package games provides it.
type Setups interface {
	Names() []string
	// Wire is the struct type of a save of the game: a Wire of a one-field
	// section, a pointer to the game's setup type under the game's name
	// (see Wire); nil for a game rumref does not know.
	Wire(game string) reflect.Type
	Check(game string, setup any) error
}

// SetupError is a setup its game refuses: Part is the field of the game's
// section at fault ("section" for the section as a whole), What what it
// should be ("a valid setup").
type SetupError struct {
	Part, What string
	Err        error
}

// Error is the refusal in English; What is a key of the catalog (a
// valid setup, a valid board) or words.
func (e *SetupError) Error() string { return locale.Unmark(e.In(locale.English)) }

// In is the refusal in language l.
func (e *SetupError) In(l locale.Lang) string {
	what := e.What
	if l.Has(what) {
		what = l.Sprintf(what)
	}
	return l.Sprintf("journal.setup.error", e.Part, what, referee.ErrorIn(e.Err, l))
}
func (e *SetupError) Unwrap() error { return e.Err }

// maxPlayed is the most seconds of play a save may hold (a hundred
// years): the clock adds each sitting to them without overflowing.
const maxPlayed = 100 * 365 * 24 * 3600

// Head is the first two fields of a save.
type Head struct {
	Format int    `yaml:"format"`
	Game   string `yaml:"game"`
}

// Body is the fields of a save after the game's setup section.
type Body struct {
	Teach      bool        `yaml:"teach,omitempty"`
	Started    string      `yaml:"started,omitempty"`
	Played     int         `yaml:"played,omitempty"`
	Correction *correction `yaml:"correction,omitempty"`
	Web        *WebTokens  `yaml:"web,omitempty"`
	Ahead      []ahead     `yaml:"ahead,omitempty"`
	Answers    []answer    `yaml:"answers,omitempty"`
}

// answer, ahead and correction are the answers of a save as it holds
// them: {q: QUESTION, a: KEY, by: ACTOR} (format 1: no by), and an answer
// given ahead with the step it answers, {step: N, q: ..., a: ..., by: ...}.
type (
	answer struct {
		Q  string `yaml:"q"`
		A  string `yaml:"a"`
		By *int   `yaml:"by,omitempty"`
	}
	ahead struct {
		Step int    `yaml:"step"`
		Q    string `yaml:"q"`
		A    string `yaml:"a"`
		By   int    `yaml:"by"`
	}
	correction struct {
		Answer int      `yaml:"answer"`
		Kept   int      `yaml:"kept"`
		Before []answer `yaml:"before"`
	}
)

// Wire is a save as it is written and decoded: its head, the game's setup
// section S, its body. S is a struct of one field, a pointer to the
// game's setup type under the game's name (yaml:"pirates,omitempty");
// the games declare theirs (Setups.Wire).
type Wire[S any] struct {
	Head    `yaml:",inline"`
	Section S `yaml:",inline"`
	Body    `yaml:",inline"`
}

// parts are the wire's head, its setup (the section's one field) and body.
func (w *Wire[S]) parts() (*Head, reflect.Value, *Body) {
	return &w.Head, reflect.ValueOf(&w.Section).Elem().Field(0), &w.Body
}

// wire is any Wire.
type wire interface {
	parts() (*Head, reflect.Value, *Body)
}

// CheckWire says whether t is a Wire of a game's setup (a pointer to its
// setup type) under the game's name.
func CheckWire(game string, setup any, t reflect.Type) error {
	w, ok := reflect.New(t).Interface().(wire)
	if !ok {
		return fmt.Errorf("%s is not a journal.Wire", t)
	}
	_, sec, _ := w.parts()
	f, _ := t.FieldByName("Section")
	if sec.Type() != reflect.TypeOf(setup) || f.Type.NumField() != 1 || f.Type.Field(0).Tag.Get("yaml") != game+",omitempty" {
		return fmt.Errorf("%s does not hold a %s section of %T", t, game, setup)
	}
	return nil
}

// DecodeWith parses a save strictly: unknown fields, a missing or newer
// format, an unknown game or a missing setup are errors that name the
// line at fault where there is one. The game's setup section is decoded
// and checked by the game (games.Setups).
func DecodeWith(data []byte, games Setups) (*File, error) {
	if len(data) > MaxSize {
		return nil, referee.Errorf("journal.too_big", size(len(data)), size(MaxSize))
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, referee.Errorf("journal.empty")
	}
	// The format and the game are read first, so that a newer save is
	// refused as newer rather than for fields this rumref does not know.
	head, answers, fast := splitAnswers(data)
	format, okFormat := scanField(data, "format")
	game, okGame := scanField(data, "game")
	var probe Head
	if !okFormat || !okGame {
		if err := yamlfile.Peek(head, &probe, MaxSize); err != nil {
			return nil, err
		}
		format, game = strconv.Itoa(probe.Format), probe.Game
	}
	n, err := yamlfile.ParseWhole(format)
	if err == nil && n > Format {
		return nil, referee.Wrap(ErrNewer, "journal.newer.format", referee.Int(n), referee.Int(Format))
	}
	t := games.Wire(game)
	if t == nil {
		if err != nil || n < 1 {
			return nil, errNoFormat
		}
		return nil, referee.Errorf("journal.game.unknown", referee.Int(yamlfile.Line(head, "game")), referee.Str(game), referee.Words(games.Names(), ", ", " or "))
	}
	f, err := decode(data, head, answers, fast, t)
	if err != nil {
		return nil, err
	}
	if f.Format < 1 {
		return nil, errNoFormat
	}
	if f.Game != game {
		return nil, referee.Errorf("journal.game.other", referee.Int(yamlfile.Line(head, "game")), referee.Str(f.Game), referee.Str(game))
	}
	if f.Setup == nil {
		var others []string
		for _, g := range games.Names() {
			if g != f.Game {
				others = append(others, g)
			}
		}
		return nil, referee.Errorf("journal.section", referee.Str(f.Game), referee.Str(strings.Join(others, ": or ")))
	}
	if err := games.Check(f.Game, f.Setup); err != nil {
		var se *SetupError
		if errors.As(err, &se) {
			if se.Part == "section" {
				// The whole section: one sentence naming it as the save
				// spells it (the part's name "section" is no word of a
				// German sentence).
				return nil, referee.Wrap(se.Err, "journal.setup.bad", referee.Int(yamlfile.Line(head, f.Game)), referee.Str(f.Game))
			}
			line := yamlfile.Line(head, f.Game, se.Part)
			return nil, referee.Wrap(se, "journal.setup.part", referee.Int(line), referee.Str(f.Game))
		}
		return nil, referee.Wrap(err, "journal.setup.bad", referee.Int(yamlfile.Line(head, f.Game)), referee.Str(f.Game))
	}
	for i, a := range f.Answers {
		if a.Q == "" || a.A == "" {
			return nil, referee.Errorf("journal.answer.incomplete", referee.Int(i+1), answerLineArg(data, i))
		}
		if a.HasActor && a.Actor < int(referee.Table) {
			return nil, referee.Errorf("journal.answer.actor", referee.Int(i+1), answerLineArg(data, i), referee.Int(a.Actor))
		}
	}
	for _, a := range f.Ahead {
		if a.Step < 0 || a.Answer.Q == "" {
			return nil, referee.Errorf("journal.ahead", referee.Int(yamlfile.Line(head, "ahead")))
		}
	}
	if f.Started != "" {
		if _, err := time.Parse(time.RFC3339, f.Started); err != nil {
			return nil, referee.Errorf("journal.started", referee.Int(yamlfile.Line(head, "started")), referee.Str(f.Started))
		}
	}
	if f.Played < 0 || f.Played > maxPlayed {
		return nil, referee.Errorf("journal.played", referee.Int(yamlfile.Line(head, "played")), size(int(f.Played)), size(maxPlayed))
	}
	if c := f.Correction; c != nil {
		if c.Answer < 1 || c.Kept < c.Answer || c.Kept > len(f.Answers) || len(c.Before) == 0 {
			return nil, referee.Errorf("journal.correction", referee.Int(c.Answer), referee.Int(c.Kept), referee.Int(len(c.Before)), referee.Int(len(f.Answers)))
		}
		for i, a := range c.Before {
			if a.Q == "" || a.A == "" || a.HasActor && a.Actor < int(referee.Table) {
				return nil, referee.Errorf("journal.correction.incomplete", referee.Int(i+1))
			}
		}
	}
	return f, nil
}

var errNoFormat = referee.Errorf("journal.no_format")

// decode decodes a save into the wire type t: when its answers were read
// from their lines (fast, see splitAnswers), the rest of the save with an
// empty answer list in their place; when that is refused (or answers are
// written any other way), the whole save, so that an error names its
// line in the save.
func decode(data, head []byte, answers []referee.Answer, fast bool, t reflect.Type) (*File, error) {
	w := reflect.New(t).Interface().(wire)
	if !fast || yamlfile.Decode(append(head[:len(head):len(head)], "answers: []\n"...), w, MaxSize) != nil {
		w = reflect.New(t).Interface().(wire)
		if err := yamlfile.Decode(data, w, MaxSize); err != nil {
			return nil, err
		}
		fast = false
	}
	h, sec, b := w.parts()
	f := &File{Format: h.Format, Game: h.Game, Teach: b.Teach, Started: b.Started, Played: b.Played, Web: b.Web, Answers: answers}
	if !sec.IsNil() {
		f.Setup = sec.Interface()
	}
	if !fast {
		f.Answers = fromWire(b.Answers)
	}
	if c := b.Correction; c != nil {
		f.Correction = &Correction{Answer: c.Answer, Kept: c.Kept, Before: fromWire(c.Before)}
	}
	for _, a := range b.Ahead {
		f.Ahead = append(f.Ahead, AheadAnswer{Step: a.Step, Answer: referee.Answer{Q: a.Q, A: a.A, Actor: a.By, HasActor: true}})
	}
	return f, nil
}

// fromWire is the answers of a save's list ("answers: []" is none).
func fromWire(list []answer) Answers {
	if len(list) == 0 {
		return nil
	}
	out := make(Answers, len(list))
	for i, v := range list {
		out[i] = referee.Answer{Q: v.Q, A: v.A}
		if v.By != nil {
			out[i].Actor, out[i].HasActor = *v.By, true
		}
	}
	return out
}

// AnswerLine returns " (line N)" for the i-th answer of a save in l, or "".
func AnswerLine(data []byte, i int, l locale.Lang) string {
	m := answerLineMsg(data, i)
	return m.In(l)
}

// answerLineArg is answerLine as an argument of a message.
func answerLineArg(data []byte, i int) referee.Arg { return referee.Sub(answerLineMsg(data, i)) }

func answerLineMsg(data []byte, i int) referee.Msg {
	if !yamlfile.Has(data, "answers") {
		return referee.Msg{}
	}
	return referee.Text("journal.answer.line", referee.Int(yamlfile.Line(data, "answers", i)))
}

// size is a number that may be large, written with its digits alone (a
// catalog's %d would group them: 16,777,216).
func size(n int) referee.Arg { return referee.Str(strconv.Itoa(n)) }

// ReadWith loads a save file from disk: a regular file of at most MaxSize
// bytes.
func ReadWith(path string, games Setups) (*File, []byte, error) {
	data, err := yamlfile.ReadFile(path, MaxSize)
	if err != nil {
		return nil, nil, err
	}
	f, err := DecodeWith(data, games)
	if err != nil {
		return nil, data, err
	}
	return f, data, nil
}

// IsSave tells a save from a score sheet by their top-level fields: a
// save has a format field and no players field (a sheet has players and
// no format), or (when it is too damaged to read) the comment rumref
// writes at its top.
func IsSave(data []byte) bool {
	var probe struct {
		Format  *int `yaml:"format"`
		Players any  `yaml:"players"`
	}
	if len(data) > MaxSize || yaml.Unmarshal(data, &probe) != nil {
		return bytes.HasPrefix(data, []byte(saveComment))
	}
	return probe.Players == nil && (probe.Format != nil || bytes.HasPrefix(data, []byte(saveComment)))
}

// MaxSetup caps the setup part of a save (the players, the board, the
// card catalog), leaving room in MaxSize for the answers of the longest
// games (about 25,000 answers).
const MaxSetup = MaxSize - 1<<20

// CheckSetup refuses a setup whose save would be larger than rumref
// reads, before the game starts.
func (e *Encoder) CheckSetup() error {
	if len(e.head) > MaxSetup {
		return referee.Errorf("journal.setup.big", size(len(e.head)), size(MaxSetup), size(MaxSize))
	}
	return nil
}

// scanField finds the value of a top-level "KEY: VALUE" line among the
// first lines of a save, where rumref writes the format and the game,
// without parsing YAML (the strict decoder then reads the same value).
func scanField(data []byte, key string) (string, bool) {
	for _, line := range bytes.SplitN(data, []byte("\n"), 8) {
		if v, ok := bytes.CutPrefix(line, []byte(key+": ")); ok {
			v = bytes.TrimSpace(v)
			return string(v), len(v) > 0 && plainScalar(string(v))
		}
	}
	return "", false
}

// splitAnswers reads the answer list from its lines when it is the last
// field and written exactly as Encoder writes it: a top-level "answers:"
// line followed only by lines "  - {q: Q, a: A}" or "  - {q: Q, a: A,
// by: N}", each value plain (plainScalar) or double-quoted printable
// ASCII without a quote mark or a backslash (a ware's name, "eye patch
// 2"), which YAML reads as the text between the quotes. It returns the
// save before that line and the answers; fast is false (and head the
// whole save) when the list is written any other way, for the YAML
// decoder. Parsing the list with yaml.v3 takes about 40 times as long
// (3 ms for a finished 5-player game), over the start-up of show.
func splitAnswers(data []byte) (head []byte, answers []referee.Answer, fast bool) {
	i := bytes.Index(data, []byte("\nanswers:\n"))
	if i < 0 {
		return data, nil, false
	}
	rest := string(data[i+len("\nanswers:\n"):])
	answers = make([]referee.Answer, 0, strings.Count(rest, "\n"))
	for line := range strings.Lines(rest) {
		inner, ok1 := strings.CutPrefix(line, "  - {q: ")
		inner, ok2 := strings.CutSuffix(inner, "}\n")
		if !ok1 || !ok2 {
			return data, nil, false
		}
		q, a, ok := strings.Cut(inner, ", a: ")
		if !ok {
			return data, nil, false
		}
		var ans referee.Answer
		if key, by, hasBy := strings.Cut(a, ", by: "); hasBy {
			n, err := yamlfile.ParseWhole(by)
			if err != nil {
				return data, nil, false
			}
			a, ans.Actor, ans.HasActor = key, n, true
		}
		if ans.Q, ok = lineScalar(q); !ok {
			return data, nil, false
		}
		if ans.A, ok = lineScalar(a); !ok {
			return data, nil, false
		}
		answers = append(answers, ans)
	}
	if len(answers) == 0 {
		return data, nil, false // "answers:" alone is null, not an empty list
	}
	return data[:i+1], answers, true
}

// lineScalar reads a value of an answer line: plain (plainScalar), or
// double-quoted printable ASCII without a quote mark or a backslash.
func lineScalar(s string) (string, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s, plainScalar(s)
	}
	text := s[1 : len(s)-1]
	for i := range len(text) {
		if c := text[i]; c < ' ' || c > '~' || c == '"' || c == '\\' {
			return "", false
		}
	}
	return text, true
}
