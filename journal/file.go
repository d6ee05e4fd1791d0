// Package journal reads and writes save files: the setup result plus the
// list of accepted answers, in versioned YAML. Saves are written
// atomically (temp file, fsync, rename, fsync of the directory), the
// previous save is kept as FILE.bak, and a lock keeps two rumref processes
// from writing one save.
package journal

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"reflect"
	"strings"
	"sync"
	"time"

	"rumref/referee"
	"rumref/setup"
)

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
	Correction *Correction `yaml:"correction,omitempty"`
	// Web keeps the secret parts of the phone URLs (rumref --web), so a
	// resumed game keeps its QR codes.
	Web *WebTokens `yaml:"web,omitempty"`
	// Ahead are answers given before their turn (a pub invitation
	// answered on a phone while an earlier player still decides): each is
	// kept here from the moment it is acknowledged until the game reaches
	// its question.
	Ahead   AheadAnswers `yaml:"ahead,omitempty"`
	Answers Answers      `yaml:"answers,omitempty"`
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

// FromYAML decodes the list through the strict YAML decoder.
func (l *AheadAnswers) FromYAML(decode func(v any) error) error {
	var raw []struct {
		Step int    `yaml:"step"`
		Q    string `yaml:"q"`
		A    string `yaml:"a"`
		By   int    `yaml:"by"`
	}
	if err := decode(&raw); err != nil {
		return err
	}
	*l = nil
	for _, v := range raw {
		if v.Step < 0 || v.Q == "" {
			return fmt.Errorf("an answer given ahead needs a step of 0 or more and a question")
		}
		*l = append(*l, AheadAnswer{Step: v.Step, Answer: referee.Answer{Q: v.Q, A: v.A, Actor: v.By, HasActor: true}})
	}
	return nil
}

// Correction is the record of the last correction in a save: the answer
// corrected (1-based), how many answers the game held right after it, and
// the answers from the corrected one on as they were before it.
type Correction struct {
	Answer int     `yaml:"answer"`
	Kept   int     `yaml:"kept"`
	Before Answers `yaml:"before"`
}

// Answers is a list of answers as a save holds it: each answer is
// {q: QUESTION, a: KEY, by: ACTOR}, where by (format 2) is the seat the
// question was asked of, -1 for the table; answers of format 1 have no by.
type Answers []referee.Answer

// FromYAML decodes an answer list through the strict YAML decoder: each
// answer is a mapping of q, a and, optionally, by (a whole number).
func (l *Answers) FromYAML(decode func(v any) error) error {
	var raw []struct {
		Q  string `yaml:"q"`
		A  string `yaml:"a"`
		By *int   `yaml:"by"`
	}
	if err := decode(&raw); err != nil {
		return err
	}
	if len(raw) == 0 {
		*l = nil // "answers: []" reads as no answers, as it is written
		return nil
	}
	out := make(Answers, len(raw))
	for i, v := range raw {
		out[i] = referee.Answer{Q: v.Q, A: v.A}
		if v.By != nil {
			out[i].Actor, out[i].HasActor = *v.By, true
		}
	}
	*l = out
	return nil
}

// FromCorrection is the save's record of the engine's last correction.
func FromCorrection(c *referee.Correction) *Correction {
	if c == nil {
		return nil
	}
	return &Correction{Answer: c.Answer, Kept: c.Kept, Before: c.Before}
}

// Engine is the engine's form of the record.
func (c *Correction) Engine() *referee.Correction {
	if c == nil {
		return nil
	}
	return &referee.Correction{Answer: c.Answer, Kept: c.Kept, Before: c.Before}
}

// WebTokens are the tokens of the table page and of each seat's page.
type WebTokens struct {
	Table string   `yaml:"table"`
	Seats []string `yaml:"seats"`
}

// ErrNewer is returned for a save written by a newer rumref.
var ErrNewer = errors.New("the save was written by a newer rumref")

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
	head := *f
	head.Answers, head.Correction, head.Played, head.Ahead = nil, nil, 0, nil
	body, err := setup.EncodeYAML(newWire(head).Addr().Interface())
	if err != nil {
		return nil, fmt.Errorf("encoding the save: %w", err)
	}
	return &Encoder{head: append([]byte(saveComment), body...)}, nil
}

// Encode returns the whole save with these answers.
func (e *Encoder) Encode(answers []referee.Answer) []byte { return e.EncodeWith(answers, nil) }

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
// names, a new setup of one game to decode its section into, and the
// game's check of the decoded setup. Package games provides it.
type Setups interface {
	Names() []string
	New(game string) (setup any, ok bool)
	Check(game string, setup any) error
}

// Wires is an optional part of Setups: for a game, a struct type declared
// in Go with the very fields newWire makes for it (the games' TestWires
// proves it), so that reading a save needs no reflect.StructOf, the
// largest part of decoding a save's setup at a cold start (~0.1 ms). nil:
// none (newWire makes the type).
type Wires interface {
	Wire(game string) reflect.Type
}

// WireFields are the fields of the struct type a save of game with this
// setup (a pointer to the game's setup type) is decoded into.
func WireFields(game string, setup any) []reflect.StructField {
	return wireFields(File{Game: game, Setup: setup})
}

// SetupError is a setup its game refuses: Part is the field of the game's
// section at fault ("section" for the section as a whole), What what it
// should be ("a valid setup").
type SetupError struct {
	Part, What string
	Err        error
}

func (e *SetupError) Error() string { return e.Part + " is not " + e.What + ": " + e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }

// maxPlayed is the most seconds of play a save may hold (a hundred
// years): the clock adds each sitting to them without overflowing.
const maxPlayed = 100 * 365 * 24 * 3600

// DecodeWith parses a save strictly: unknown fields, a missing or newer
// format, an unknown game or a missing setup are errors that name the
// line at fault where there is one. The game's setup section is decoded
// and checked by the game (games.Setups).
func DecodeWith(data []byte, games Setups) (*File, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("the save is %d bytes; rumref reads at most %d", len(data), MaxSize)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("the save is empty")
	}
	// Look at the format first, so that a newer save is refused as newer
	// rather than for fields this rumref does not know.
	format, ok := scanFormat(data)
	var probe struct {
		Format int    `yaml:"format"`
		Game   string `yaml:"game"`
	}
	// The probe reads the document with its answer list left empty when
	// the list is written the fast way (see decodeFast): the YAML parser
	// then never walks the answers twice.
	var probeDoc *setup.YAMLDoc
	var err error
	fast := readFast(data)
	if fast != nil && fast.doc.Decode(&probe, setup.YAMLOptions{Limit: fast.limit, IgnoreUnknown: true}) == nil {
		probeDoc = fast.doc
	}
	if probeDoc == nil {
		probeDoc, err = setup.DecodeYAMLDoc(data, &probe, setup.YAMLOptions{Limit: MaxSize, IgnoreUnknown: true})
	}
	if !ok {
		if err != nil {
			return nil, err
		}
		format = probe.Format
	}
	if format > Format {
		return nil, fmt.Errorf("%w (format %d); this rumref reads format %d: update rumref to open it", ErrNewer, format, Format)
	}
	var section any
	var others []string
	if err == nil {
		if section, ok = games.New(probe.Game); !ok && probe.Format >= 1 {
			return nil, fmt.Errorf("line %d: game %q is not one rumref knows: use %s", probeDoc.Line("game"), probe.Game, oneOf(games.Names()))
		}
		for _, g := range games.Names() {
			if g != probe.Game {
				others = append(others, g)
			}
		}
		if section != nil && hasAny(probeDoc, others) {
			return nil, missingSection(probe.Game, others)
		}
	}
	var static reflect.Type
	if w, ok := games.(Wires); ok && section != nil {
		static = w.Wire(probe.Game)
	}
	f, doc, err := decodeFast(data, fast, probe.Game, section, static)
	if err != nil {
		return nil, err
	}
	if f.Format < 1 {
		return nil, errors.New("the save has no format version (line \"format: 1\" missing): it is not a rumref save")
	}
	if section == nil {
		return nil, fmt.Errorf("line %d: game %q is not one rumref knows: use %s", probeDoc.Line("game"), f.Game, oneOf(games.Names()))
	}
	if f.Setup == nil {
		return nil, missingSection(f.Game, others)
	}
	if err := games.Check(f.Game, f.Setup); err != nil {
		var se *SetupError
		if errors.As(err, &se) {
			line := doc.Line(f.Game)
			if se.Part != "section" {
				line = doc.Line(f.Game, se.Part)
			}
			return nil, fmt.Errorf("line %d: the %s: %w", line, f.Game, se)
		}
		return nil, fmt.Errorf("line %d: the %s: section is not a valid setup: %w", doc.Line(f.Game), f.Game, err)
	}
	for i, a := range f.Answers {
		if a.Q == "" || a.A == "" {
			return nil, fmt.Errorf("answer %d%s is incomplete: each answer needs q and a", i+1, answerLine(data, i))
		}
		if a.HasActor && a.Actor < int(referee.Table) {
			return nil, fmt.Errorf("answer %d%s names the actor %d: by is a seat from 0, or -1 for the table", i+1, answerLine(data, i), a.Actor)
		}
	}
	if f.Started != "" {
		if _, err := time.Parse(time.RFC3339, f.Started); err != nil {
			return nil, fmt.Errorf("line %d: started is %q, not a time such as 2026-12-01T20:15:00Z", doc.Line("started"), f.Started)
		}
	}
	if f.Played < 0 || f.Played > maxPlayed {
		return nil, fmt.Errorf("line %d: played is %d: it counts the seconds played, from 0 to %d (a hundred years)", doc.Line("played"), f.Played, maxPlayed)
	}
	if c := f.Correction; c != nil {
		if c.Answer < 1 || c.Kept < c.Answer || c.Kept > len(f.Answers) || len(c.Before) == 0 {
			return nil, fmt.Errorf("the correction record (answer %d, kept %d, %d answers before) does not fit the %d answers: answer is from 1 to kept, kept at most the number of answers", c.Answer, c.Kept, len(c.Before), len(f.Answers))
		}
		for i, a := range c.Before {
			if a.Q == "" || a.A == "" || a.HasActor && a.Actor < int(referee.Table) {
				return nil, fmt.Errorf("answer %d of the correction record is incomplete: each answer needs q and a", i+1)
			}
		}
	}
	return &f, nil
}

// AnswerLine returns " (line N)" for the i-th answer of a save, or "".
func AnswerLine(data []byte, i int) string { return answerLine(data, i) }

func answerLine(data []byte, i int) string {
	var f File
	doc, _ := setup.DecodeYAMLDoc(data, &f, setup.YAMLOptions{Limit: MaxSize, IgnoreUnknown: true})
	if !doc.Has("answers") {
		return ""
	}
	return fmt.Sprintf(" (line %d)", doc.Line("answers", i))
}

// ReadWith loads a save file from disk: a regular file of at most MaxSize
// bytes.
func ReadWith(path string, games Setups) (*File, []byte, error) {
	data, err := setup.ReadFile(path, MaxSize)
	if err != nil {
		return nil, nil, err
	}
	f, err := DecodeWith(data, games)
	if err != nil {
		return nil, data, err
	}
	return f, data, nil
}

// IsSave tells a save from a score sheet by their headers: a sheet says
// game: rum-and-pirates; a save has a top-level format field, or (when it
// is too damaged to read) the comment rumref writes at its top.
func IsSave(data []byte) bool {
	var probe struct {
		Format *int   `yaml:"format"`
		Game   string `yaml:"game"`
	}
	if _, err := setup.DecodeYAMLDoc(data, &probe, setup.YAMLOptions{Limit: MaxSize, IgnoreUnknown: true}); err != nil {
		return bytes.HasPrefix(data, []byte(saveComment))
	}
	return probe.Game != setup.SheetGame && (probe.Format != nil || bytes.HasPrefix(data, []byte(saveComment)))
}

// MaxSetup caps the setup part of a save (the players, the board, the
// card catalog), leaving room in MaxSize for the answers of the longest
// games (about 25,000 answers).
const MaxSetup = MaxSize - 1<<20

// CheckSetup refuses a setup whose save would be larger than rumref
// reads, before the game starts.
func (e *Encoder) CheckSetup() error {
	if len(e.head) > MaxSetup {
		return fmt.Errorf("the setup takes %d bytes in the save, and a save may hold at most %d bytes of setup (%d bytes in all, with the answers): use a smaller card file", len(e.head), MaxSetup, MaxSize)
	}
	return nil
}

// fastSave is a save whose answer list reads the fast way (splitAnswers):
// the answers, and the rest of the document with an empty answer list in
// place of the lines read, parsed by YAML (once for the probe of
// DecodeWith and the decoding of decodeFast), with what is left of the
// alias limit for it.
type fastSave struct {
	answers []referee.Answer
	doc     *setup.YAMLDoc
	limit   int
}

// readFast reads a save's answer list the fast way and parses the rest,
// or returns nil when the list is not written the fast way or the rest
// does not parse with the empty list as its last top-level field.
func readFast(data []byte) *fastSave {
	body, answers, cost, fast := splitAnswers(data)
	if !fast {
		return nil
	}
	// The rest is parsed with an empty answer list in place of the lines
	// read the fast way: that proves the "answers:" line is a top-level
	// field of the one document (not a second document, not a repeated
	// field, not text inside a value), and the answers are charged to the
	// alias limit as the YAML decoder would.
	opt := setup.YAMLOptions{Limit: MaxSize - cost}
	doc, err := setup.ParseYAMLDoc(withoutAnswers(body), opt)
	if err != nil || !answersLast(doc, body) {
		return nil
	}
	return &fastSave{answers: answers, doc: doc, limit: opt.Limit}
}

// decodeFast decodes a save: the answer list the fast way when it is
// written as rumref writes it (fast, from readFast; nil when it is not),
// the rest (or, failing that, everything) by the strict YAML decoder,
// into the game's wire type static (Wires; nil: made by newWire). Both
// ways give the same file or both refuse.
func decodeFast(data []byte, fast *fastSave, game string, section any, static reflect.Type) (File, *setup.YAMLDoc, error) {
	w := newWireOf(File{Game: game, Setup: section}, static)
	if fast != nil {
		if err := fast.doc.Decode(w.Addr().Interface(), setup.YAMLOptions{Limit: fast.limit}); err == nil {
			f := w.file()
			f.Answers = fast.answers
			return f, fast.doc, nil
		}
		w = newWireOf(File{Game: game, Setup: section}, static)
	}
	doc, err := setup.DecodeYAMLDoc(data, w.Addr().Interface(), setup.YAMLOptions{Limit: MaxSize})
	return w.file(), doc, err
}

// withoutAnswers is the rest of a save read the fast way (splitAnswers)
// with an empty answer list in place of the lines read.
func withoutAnswers(body []byte) []byte {
	return append(body[:len(body):len(body)], "answers: []\n"...)
}

// answersLast reports whether the document decoded from withoutAnswers(body)
// ends with the empty answer list as its last top-level field, on the
// line after body.
func answersLast(doc *setup.YAMLDoc, body []byte) bool {
	key, line, col := doc.LastKey()
	return key == "answers" && col == 1 && line == bytes.Count(body, []byte("\n"))+1
}

// Wire is a save as it is written: File's fields, with the game's setup
// section in place of Setup, right after the game: line (a field added to
// File is added here too: TestWireHoldsFilesFields). S is the section: a struct
// of one field, Setup, a pointer to the game's setup type under the
// game's name (yaml:"pirates,omitempty"); struct{} without a setup. The
// games declare theirs (Wires), so that reading a save makes no type;
// newWire makes it for any game (wireFields).
type Wire[S any] struct {
	Format     int          `yaml:"format"`
	Game       string       `yaml:"game"`
	Section    S            `yaml:",inline"`
	Teach      bool         `yaml:"teach,omitempty"`
	Started    string       `yaml:"started,omitempty"`
	Played     int          `yaml:"played,omitempty"`
	Correction *Correction  `yaml:"correction,omitempty"`
	Web        *WebTokens   `yaml:"web,omitempty"`
	Ahead      AheadAnswers `yaml:"ahead,omitempty"`
	Answers    Answers      `yaml:"answers,omitempty"`
}

// wire is a save as it is written: a Wire of the game's section type.
type wire struct{ reflect.Value }

// newWire makes the written form of f; f.Setup, when set, is a pointer to
// the game's setup type, taken as the section's value (nil: no section).
func newWire(f File) wire { return newWireOf(f, nil) }

// newWireOf is newWire with the struct type static when it is not nil
// and holds f's section (a type of Wires, with the fields wireFields
// makes for f).
func newWireOf(f File, static reflect.Type) wire {
	t := static
	if t == nil || f.Setup == nil || !holdsSection(t, f) {
		t = reflect.StructOf(wireFields(f))
	}
	w := reflect.New(t).Elem()
	fv := reflect.ValueOf(f)
	for i, name := range fileFields() {
		if name != "" {
			w.FieldByName(name).Set(fv.Field(i))
		}
	}
	if f.Setup != nil {
		w.FieldByName("Section").Field(0).Set(reflect.ValueOf(f.Setup))
	}
	return wire{w}
}

// holdsSection reports whether the wire type t has f's section: one
// field, of f's setup type, under the game's name.
func holdsSection(t reflect.Type, f File) bool {
	s, ok := t.FieldByName("Section")
	return ok && s.Type.Kind() == reflect.Struct && s.Type.NumField() == 1 &&
		s.Type.Field(0).Type == reflect.TypeOf(f.Setup) && s.Type.Field(0).Tag == sectionTag(f.Game)
}

// sectionTag is the tag of a game's setup section.
func sectionTag(game string) reflect.StructTag {
	return reflect.StructTag(`yaml:"` + game + `,omitempty"`)
}

// wireFields are the fields of f's written form: Wire's, with the
// section of f's setup under the game's name (none without a setup).
func wireFields(f File) []reflect.StructField {
	t := reflect.TypeFor[Wire[struct{}]]()
	fields := make([]reflect.StructField, t.NumField())
	for i := range fields {
		fields[i] = t.Field(i)
		if fields[i].Name == "Section" && f.Setup != nil {
			fields[i].Type = reflect.StructOf([]reflect.StructField{{Name: "Setup", Type: reflect.TypeOf(f.Setup), Tag: sectionTag(f.Game)}})
		}
	}
	return fields
}

// file is the File of a decoded save; its setup is nil when the section
// is missing.
func (w wire) file() File {
	var f File
	fv := reflect.ValueOf(&f).Elem()
	for i, name := range fileFields() {
		if name != "" {
			fv.Field(i).Set(w.FieldByName(name))
		}
	}
	if sec := w.FieldByName("Section"); sec.NumField() == 1 && !sec.Field(0).IsNil() {
		f.Setup = sec.Field(0).Interface()
	}
	return f
}

// fileFields are the names of File's fields, "" for Setup: the others
// are Wire's too (TestWireHoldsFilesFields), copied between the two by
// name.
var fileFields = sync.OnceValue(func() []string {
	t := reflect.TypeFor[File]()
	names := make([]string, t.NumField())
	for i := range names {
		if n := t.Field(i).Name; n != "Setup" {
			names[i] = n
		}
	}
	return names
})

// missingSection says what a save of the game holds: its own setup
// section and no other game's.
func missingSection(game string, others []string) error {
	return fmt.Errorf("a %s save needs a %s: section and no %s: section", game, game, strings.Join(others, ": or "))
}

// hasAny reports whether the document has any of these top-level keys.
func hasAny(doc *setup.YAMLDoc, keys []string) bool {
	for _, k := range keys {
		if doc.Has(k) {
			return true
		}
	}
	return false
}

// oneOf names the games for a message: "pirates or runner".
func oneOf(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// decodeStrict decodes one YAML document into v, refusing unknown fields.
func decodeStrict(data []byte, v any) error {
	_, err := setup.DecodeYAMLDoc(data, v, setup.YAMLOptions{Limit: MaxSize})
	return err
}

// scanFormat finds the top-level "format: N" line without parsing YAML.
func scanFormat(data []byte) (int, bool) {
	for _, line := range bytes.SplitN(data, []byte("\n"), 8) {
		if v, ok := bytes.CutPrefix(line, []byte("format: ")); ok {
			n, err := setup.ParseWhole(string(bytes.TrimSpace(v)))
			return n, err == nil
		}
	}
	return 0, false
}

// plainActor reads an actor as Encoder writes it: -1, or a seat number
// without leading zeros.
func plainActor(b string) (int, bool) {
	if b == "-1" {
		return -1, true
	}
	if len(b) == 0 || len(b) > 2 || b[0] < '0' || b[0] > '9' || len(b) == 2 && (b[0] == '0' || b[1] < '0' || b[1] > '9') {
		return 0, false
	}
	n := int(b[0] - '0')
	if len(b) == 2 {
		n = n*10 + int(b[1]-'0')
	}
	return n, true
}

// fastScalar reads a scalar of an answer line the fast way: a plain one
// as plainScalar takes it, or a double-quoted one whose text between the
// quotes is setup.SimpleQuoted (a ware's name, "eye patch 2"), which
// YAML reads as that text. It reports false for any other scalar, which
// the YAML decoder reads.
func fastScalar(s string) (string, bool) {
	if len(s) < 2 || s[0] != '"' || s[len(s)-1] != '"' {
		return s, plainScalar(s)
	}
	if text := s[1 : len(s)-1]; setup.SimpleQuoted(text) {
		return text, true
	}
	return "", false
}

// splitAnswers reads the answer list the fast way when it is written
// exactly as Encoder writes it with plain or simply quoted scalars (see
// fastScalar): a top-level "answers:" line followed only by "  - {q: KEY,
// a: KEY}" or "  - {q: KEY, a: KEY, by: N}" lines. It returns the rest of the document for the YAML
// decoder, the answers, and what the YAML decoder would have charged for
// them against the alias limit. When the list is written any other way,
// fast is false.
func splitAnswers(data []byte) (body []byte, answers []referee.Answer, cost int, fast bool) {
	var i int
	if bytes.HasPrefix(data, []byte("answers:\n")) {
		i = -1
	} else if i = bytes.Index(data, []byte("\nanswers:\n")); i < 0 {
		return nil, nil, 0, false
	}
	// One string holds the list's text: the answers' strings are pieces
	// of it.
	rest := string(data[i+len("\nanswers:\n"):])
	answers = make([]referee.Answer, 0, strings.Count(rest, "\n"))
	for len(rest) > 0 {
		line := rest
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			line, rest = rest[:j], rest[j+1:]
		} else {
			rest = ""
		}
		inner, ok := strings.CutPrefix(line, "  - {q: ")
		if !ok {
			return nil, nil, 0, false
		}
		inner, ok = strings.CutSuffix(inner, "}")
		if !ok {
			return nil, nil, 0, false
		}
		q, a, ok := strings.Cut(inner, ", a: ")
		if !ok {
			return nil, nil, 0, false
		}
		ans := referee.Answer{}
		// The YAML decoder charges each value its text and one byte: the
		// answer's mapping, q, a and by (q's and a's texts are added
		// below).
		cost += 3
		if key, by, hasBy := strings.Cut(a, ", by: "); hasBy {
			if ans.Actor, ok = plainActor(by); !ok {
				return nil, nil, 0, false
			}
			a, ans.HasActor = key, true
			cost += 1 + len(by)
		}
		if ans.Q, ok = fastScalar(q); !ok {
			return nil, nil, 0, false
		}
		if ans.A, ok = fastScalar(a); !ok {
			return nil, nil, 0, false
		}
		cost += len(ans.Q) + len(ans.A)
		answers = append(answers, ans)
	}
	if len(answers) == 0 {
		return nil, nil, 0, false // "answers:" alone is null, not an empty list
	}
	return data[:i+1], answers, cost, true
}
