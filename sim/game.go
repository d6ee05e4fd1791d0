package sim

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"unsafe"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
)

// playOne plays the game of one seed to its end, checking after every
// answer, and at the end compares a replay (of the save read back when
// save is set) with the live game. It returns the number of answers and the failure, if any.
// The game records its answers into *room (referee.WithRoom), and leaves
// its list there for the next game.
func playOne(cfg Config, seed uint64, deep, save bool, room *[]referee.Answer) (n int, fail *Failure) {
	tb, err := newTable(cfg, seed)
	if err != nil {
		return 0, &Failure{Seed: seed, Err: fmt.Errorf("%w: %w", errSetup, err)}
	}
	var e *referee.Engine
	failed := func(err error) *Failure {
		var answers []referee.Answer
		if e != nil {
			answers = append(answers, e.Answers()...)
		}
		return &Failure{Seed: seed, Answers: answers, Err: err, File: tb.File(answers)}
	}
	defer func() {
		if r := recover(); r != nil {
			fail = failed(fmt.Errorf("a check panicked: %v", r))
		}
	}()
	opts := []referee.StartOption{referee.WithoutLog(), referee.WithRoom(*room)}
	if cfg.Unchecked {
		// Nothing reads the events nor the texts: keep none, format none.
		opts = append(opts, referee.WithoutTexts())
	}
	e, err = referee.Start(tb.Factory(), opts...)
	if err != nil {
		return 0, &Failure{Seed: seed, Err: fmt.Errorf("the game does not start: %w", err), File: tb.File(nil)}
	}
	defer func() { *room = e.Answers()[:0] }() // after Close
	defer e.Close()
	p := randplay.New(seed)
	tried := map[string]bool{}
	// The player answers inside the rules (Engine.Drive): the checks of
	// an answer run when the rules ask the next question, or when the
	// game has ended, on the state the answer left.
	step := 0
	var last struct {
		id, a  string
		secret bool
	}
	checked := func() error {
		due := deep || (cfg.CheckEvery > 0 && step%cfg.CheckEvery == 0)
		if err := checkState(cfg, tb, e, due || last.secret, due || last.secret && step%statusEvery == 0, due); err != nil {
			return fmt.Errorf("after answer %d (%s=%s): %w", step, last.id, last.a, err)
		}
		return nil
	}
	ask := func(q *referee.Question) (a string, err error) {
		if step > 0 && !cfg.Unchecked {
			if err := checked(); err != nil {
				return "", err
			}
		}
		step++
		if step > cfg.MaxAnswers {
			return "", fmt.Errorf("the game has not ended after %d answers", cfg.MaxAnswers)
		}
		if !cfg.Unchecked {
			q = e.Next()
			if err := checkQuestion(q); err != nil {
				return "", err
			}
			if deep && (!tried[q.ID] || step%optionEvery == 0) {
				tried[q.ID] = true
				if err := tryEveryOption(tb, e); err != nil {
					return "", err
				}
			}
		}
		a = tb.Answer(p, q)
		last.id, last.a, last.secret = q.ID, a, q.Secret
		return a, nil
	}
	var stop error
	drive := func(q *referee.Question) (a string, ok bool) {
		defer func() {
			if r := recover(); r != nil {
				stop, ok = fmt.Errorf("a check panicked: %v", r), false
			}
		}()
		a, stop = ask(q)
		return a, stop == nil
	}
	for e.Pending() != nil && stop == nil {
		if err := e.Drive(drive); err != nil {
			return len(e.Answers()), failed(fmt.Errorf("answer %d: the legal answer %s=%s was refused: %w", step, last.id, last.a, err))
		}
	}
	if stop != nil {
		return len(e.Answers()), failed(stop)
	}
	if step > 0 && !cfg.Unchecked {
		if err := checked(); err != nil {
			return len(e.Answers()), failed(err)
		}
	}
	if !e.Over() {
		return len(e.Answers()), failed(errors.New("the game stopped without ending"))
	}
	if cfg.Unchecked {
		return len(e.Answers()), nil
	}
	if err = tb.Over(e.Game()); err == nil && save {
		err = roundTrip(tb, e)
	} else if err == nil {
		err = sameAsReplay(tb, e, tb.Factory(), e.Answers())
	}
	if err != nil {
		return len(e.Answers()), failed(fmt.Errorf("at the end: %w", err))
	}
	return len(e.Answers()), nil
}

// optionEvery is how often a deep game tries every option of a question
// it has already tried: the first of each question ID is always tried.
const optionEvery = 10

// statusEvery is how often the public status text, which is slow to
// render, is searched for secrets after a secret answer outside the
// checks that are due anyway.
const statusEvery = 5

// checkState runs the checks due after an answer: the invariants always,
// the public secrets when secrets is set (after a secret answer, when a
// secret may have entered the game; the status text too when status is
// set), replay equality when full is set.
func checkState(cfg Config, tb games.SimTable, e *referee.Engine, secrets, status, full bool) error {
	g := e.Game()
	if err := tb.Invariants(g); err != nil {
		return err
	}
	if secrets && !e.Over() {
		if err := tb.Secrets(g, status); err != nil {
			return err
		}
	}
	if cfg.Check != nil {
		if err := cfg.Check(g, e.Answers()); err != nil {
			return err
		}
	}
	if full {
		if err := sameAsReplay(tb, e, tb.Factory(), e.Answers()); err != nil {
			return err
		}
	}
	return nil
}

// checkQuestion checks that a question looks complete: a choice lists at
// least one option, with unique non-empty keys and labels; a number has a
// range.
func checkQuestion(q *referee.Question) error {
	if q.ID == "" {
		return errors.New("a question has no ID")
	}
	switch q.Kind {
	case referee.Number:
		if q.Min > q.Max {
			return fmt.Errorf("question %s has the empty range %d to %d", q.ID, q.Min, q.Max)
		}
	case referee.Choice:
		if len(q.Options) == 0 {
			return fmt.Errorf("question %s lists no options", q.ID)
		}
		for i, o := range q.Options {
			if o.Key == "" || o.Label == "" {
				return fmt.Errorf("question %s option %d has key %q and label %q: both are needed", q.ID, i+1, o.Key, o.Label)
			}
			if slices.ContainsFunc(q.Options[:i], func(p referee.Option) bool { return p.Key == o.Key }) {
				return fmt.Errorf("question %s lists the key %q twice", q.ID, o.Key)
			}
		}
	case referee.TextLine:
		// The example in every language is an answer the question takes.
		for _, l := range locale.All {
			if _, err := q.Validate(q.ExampleIn(l)); err != nil {
				return fmt.Errorf("question %s gives the example %q (%s), which it refuses: %w", q.ID, q.ExampleIn(l), l, err)
			}
		}
	default:
		return fmt.Errorf("question %s has the unknown kind %v", q.ID, q.Kind)
	}
	return nil
}

// tryEveryOption answers the pending question with each listed option (or
// each end and the middle of a number range) on a fresh replay, and checks
// that every one is taken and leaves the invariants intact.
func tryEveryOption(tb games.SimTable, e *referee.Engine) error {
	q := e.Next()
	var keys []string
	switch q.Kind {
	case referee.Number:
		keys = []string{fmt.Sprint(q.Min), fmt.Sprint((q.Min + q.Max) / 2), fmt.Sprint(q.Max)}
	case referee.TextLine:
		keys = []string{q.Example}
	default:
		for _, o := range q.Options {
			keys = append(keys, o.Key)
		}
	}
	r, err := referee.Replay(tb.Factory(), e.Answers(), referee.WithoutLog())
	if err != nil {
		return fmt.Errorf("replay for the option check: %w", err)
	}
	defer r.Close()
	n := len(e.Answers())
	for i, k := range keys {
		if i > 0 {
			if err := r.Rewind(n); err != nil {
				return fmt.Errorf("rewind for the option check: %w", err)
			}
		}
		if err := r.Answer(k); err != nil {
			return fmt.Errorf("question %s lists %q but refuses it: %w", q.ID, k, err)
		}
		if err := tb.Invariants(r.Game()); err != nil {
			return fmt.Errorf("question %s: the listed option %q breaks an invariant: %w", q.ID, k, err)
		}
	}
	return nil
}

// sameAsReplay replays answers into a fresh game and compares it with the
// live one: the whole state, the pending question and the events.
func sameAsReplay(tb games.SimTable, e *referee.Engine, factory referee.Factory, answers []referee.Answer) error {
	// With a log, so that the replay writes every text the live game did.
	r, err := referee.Replay(factory, answers)
	if err != nil {
		return fmt.Errorf("the answers do not replay: %w", err)
	}
	defer r.Close()
	// The whole states are compared field by field (sameState), hidden
	// and unexported fields included: equal states draw equal statuses and
	// views, so the replay's dump is drawn only to show a difference. The
	// live game's is drawn always, so that every viewer's status and view
	// of the finished game is drawn once.
	live := tb.Dump(e.Game())
	if !sameState(reflect.ValueOf(e.Game()), reflect.ValueOf(r.Game())) {
		return fmt.Errorf("the replay differs from the live game:\nlive:   %s\nreplay: %s", live, tb.Dump(r.Game()))
	}
	// Question.Equal compares messages by what they hold.
	lq, rq := e.Next(), r.Next()
	if (lq == nil) != (rq == nil) || lq != nil && !lq.Equal(rq) {
		return fmt.Errorf("the replay asks %v, the live game %v", rq, lq)
	}
	if !sameEvents(e.Events(), r.Events()) {
		return fmt.Errorf("the replay reports %d events, the live game %d, and they differ", len(r.Events()), len(e.Events()))
	}
	// Without a log (as show, score and resume replay), the rules skip
	// texts that will go unread; the pending question must still be asked
	// exactly as the live game asks it.
	quiet, err := referee.Replay(factory, answers, referee.WithoutLog())
	if err != nil {
		return fmt.Errorf("the answers do not replay without a log: %w", err)
	}
	defer quiet.Close()
	if qq := quiet.Next(); (lq == nil) != (qq == nil) || lq != nil && !lq.Equal(qq) {
		return fmt.Errorf("the replay without a log asks %+v, the live game %+v", qq, lq)
	}
	return nil
}

// roundTrip writes the game's save, reads it back and checks that it holds
// the same answers, writes back to the same bytes, and that the game made
// from the save read back replays to the live state.
func roundTrip(tb games.SimTable, e *referee.Engine) error {
	f := tb.File(append([]referee.Answer(nil), e.Answers()...))
	data, err := journal.Encode(f)
	if err != nil {
		return fmt.Errorf("the save cannot be written: %w", err)
	}
	back, err := games.Decode(data)
	if err != nil {
		return fmt.Errorf("the save cannot be read back: %w", err)
	}
	if len(back.Answers) != len(f.Answers) || len(f.Answers) > 0 && !reflect.DeepEqual(f.Answers, back.Answers) {
		return fmt.Errorf("the save read back holds %d answers, not the %d written, or they differ", len(back.Answers), len(f.Answers))
	}
	again, err := journal.Encode(back)
	if err != nil {
		return fmt.Errorf("the save read back cannot be written again: %w", err)
	}
	if !bytes.Equal(data, again) {
		return errors.New("the save read back and written again differs from the save first written")
	}
	factory, err := games.FactoryOf(back)
	if err != nil {
		return fmt.Errorf("the save read back makes no game: %w", err)
	}
	return sameAsReplay(tb, e, factory, back.Answers)
}

// sameState compares two values field by field, unexported fields
// included, and takes a nil and an empty slice or map as the same (a setup
// read back from a save holds empty lists where the one written held
// none; the round trip checks that it writes back to the same bytes).
//
// It has no guard against cycles, and needs none: a game's state is a
// tree. No type in it reaches itself through a pointer or a map, and it
// holds no interface (TestGameStatesHoldNoCycle proves it for every game
// of games.All); the one type that nests itself, a Rum Runner card's
// effects (Effect.Or), does so through lists of values, which the card
// catalog and the setup decoder build afresh for each entry (the decoder
// refuses an alias inside its own anchor).
func sameState(a, b reflect.Value) bool {
	if a.Type() != b.Type() {
		return false
	}
	if a.Type() == msgType && a.CanAddr() && b.CanAddr() {
		// A message (a place's name kept by the game) holds its arguments
		// by pointer: compare what they say.
		return (*referee.Msg)(unsafe.Pointer(a.UnsafeAddr())).Equal((*referee.Msg)(unsafe.Pointer(b.UnsafeAddr())))
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.Kind() == reflect.Pointer && a.Pointer() == b.Pointer() {
			return true
		}
		return sameState(a.Elem(), b.Elem())
	case reflect.Slice:
		if a.Len() != b.Len() {
			return false
		}
		if a.Len() > 0 && a.Pointer() == b.Pointer() {
			return true
		}
		fallthrough
	case reflect.Array:
		for i := range a.Len() {
			if !sameState(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameState(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		for it := a.MapRange(); it.Next(); {
			v := b.MapIndex(it.Key())
			if !v.IsValid() || !sameState(it.Value(), v) {
				return false
			}
		}
		return true
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	case reflect.Func:
		// Functions compare only for being unset, as reflect.DeepEqual.
		return a.IsNil() && b.IsNil()
	}
	return false
}

var msgType = reflect.TypeFor[referee.Msg]()

// sameEvents reports whether two lists of events say the same: their
// messages compared by what they hold (Msg.Equal), not by pointer.
func sameEvents(a, b []referee.Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Rule != y.Rule || x.Text != y.Text || x.Private != y.Private || x.Player != y.Player || x.Step != y.Step ||
			!x.Said.Equal(&y.Said) || !x.Aside.Equal(&y.Aside) {
			return false
		}
	}
	return true
}
