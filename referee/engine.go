// Package referee is the engine core shared by both games: questions,
// answers, events, the journal of answers, replay, undo and correction.
//
// Rules are written as straight-line code running as a coroutine: a game's
// Play method calls T.Ask for every decision and T.Emit for every automatic
// ruling. The engine suspends the coroutine at each question and resumes it
// with a validated answer. State is derived: replaying the answer list into
// a fresh game reproduces it exactly. The engine does no I/O, reads no clock
// and draws no random numbers.
package referee

import (
	"errors"
	"fmt"
	"iter"
)

// Game is one game's rules and state. Play runs the whole game, asking
// every decision through t; it returns when the game is over.
type Game interface {
	Play(t *T)
	// Name is the game's short name as used in saves ("pirates", "runner").
	Name() string
	// PlayerNames lists the players in seat order.
	PlayerNames() []string
	// Status is the board and status as text, as the viewer may see them.
	Status(viewer int) string
	// View is the same information as data for --json, for the viewer.
	View(viewer int) any
}

// Factory makes a fresh game in its starting state; replay runs answers
// into a fresh game.
type Factory func() Game

// ErrOver is returned when an answer is given to a finished game.
var ErrOver = errors.New("the game is over: there is nothing left to answer")

type stopped struct{}

// T is the handle the rules code uses to ask questions and report events.
type T struct {
	e     *Engine
	yield func(*Question) bool
}

// Ask suspends the rules until the question is answered and returns the
// validated answer key (for a number question, the number in decimal).
func (t *T) Ask(q Question) string {
	if q.Kind == Choice && len(q.Options) == 0 {
		panic(fmt.Sprintf("question %s has no legal answer", q.ID))
	}
	if q.Kind == Number && q.Min > q.Max {
		panic(fmt.Sprintf("question %s has an empty range", q.ID))
	}
	p := &q
	if !t.yield(p) {
		panic(stopped{})
	}
	return p.answer
}

// Emit reports an automatic ruling.
func (t *T) Emit(e Event) {
	e.Step = len(t.e.answers)
	t.e.events = append(t.e.events, e)
	if t.e.logging {
		t.e.log = append(t.e.log, Entry{Event: &t.e.events[len(t.e.events)-1]})
	}
}

// Step is the number of answers accepted so far.
func (t *T) Step() int { return len(t.e.answers) }

// Quiet reports whether texts made now will never be read: the engine is
// replaying without a log and more answers are queued, so the next
// question is answered from the queue and no event is shown. Rules may
// then skip formatting texts and labels (never keys or state).
func (t *T) Quiet() bool { return t.e.queued > 0 && !t.e.logging }

// Entry is one line of the game log: an accepted answer or an event.
type Entry struct {
	Event *Event
	// For answers:
	QuestionID string
	Actor      int
	Text       string
	Answer     string
	Label      string
	Secret     bool
	Rule       string
	Step       int
}

// Engine drives one game: it holds the pending question, the accepted
// answers and the events, and rebuilds the state by replay on undo.
type Engine struct {
	factory Factory
	game    Game
	next    func() (*Question, bool)
	stop    func()
	cur     *Question
	answers []Answer
	events  []Event
	log     []Entry
	logging bool
	err     error
	// queued counts the answers still waiting in a replay after the one
	// being applied.
	queued int
}

// StartOption configures an engine.
type StartOption func(*Engine)

// WithoutLog turns off the answer log (used by the simulator for speed).
func WithoutLog() StartOption { return func(e *Engine) { e.logging = false } }

// Start makes a fresh game and runs it to its first question.
func Start(f Factory, opts ...StartOption) (*Engine, error) {
	e := &Engine{factory: f, logging: true}
	for _, o := range opts {
		o(e)
	}
	e.begin()
	if e.err != nil {
		return nil, e.err
	}
	return e, nil
}

// Replay starts a fresh game and feeds it the answers in order. It fails,
// naming the answer at fault, if an answer does not fit its question.
func Replay(f Factory, answers []Answer, opts ...StartOption) (*Engine, error) {
	e, err := Start(f, opts...)
	if err != nil {
		return nil, err
	}
	if n, err := e.feed(answers); err != nil {
		e.Close()
		return nil, fmt.Errorf("answer %d (%s: %s): %w", n+1, answers[n].Q, answers[n].A, err)
	}
	return e, nil
}

func (e *Engine) begin() {
	if e.stop != nil {
		e.stop()
	}
	e.game = e.factory()
	e.cur, e.answers, e.events, e.log, e.err = nil, nil, nil, nil, nil
	g := e.game
	seq := func(yield func(*Question) bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stopped); ok {
					return
				}
				panic(r)
			}
		}()
		g.Play(&T{e: e, yield: yield})
	}
	e.next, e.stop = iter.Pull(iter.Seq[*Question](seq))
	e.advance()
}

func (e *Engine) advance() {
	defer func() {
		if r := recover(); r != nil {
			e.cur = nil
			e.err = fmt.Errorf("internal error in the rules: %v", r)
		}
	}()
	q, ok := e.next()
	if !ok {
		e.cur = nil
		return
	}
	e.cur = q
}

// feed applies answers in order and returns the index of the first one
// that does not fit.
func (e *Engine) feed(answers []Answer) (int, error) {
	defer func() { e.queued = 0 }()
	for i, a := range answers {
		e.queued = len(answers) - i - 1
		if e.err != nil {
			return i, e.err
		}
		if e.cur == nil {
			return i, ErrOver
		}
		if e.cur.ID != a.Q {
			return i, fmt.Errorf("the game asks %s here, not %s", e.cur.ID, a.Q)
		}
		key, err := e.cur.Validate(a.A)
		if err != nil {
			return i, err
		}
		if err := e.apply(key); err != nil {
			return i, err
		}
	}
	return len(answers), nil
}

// Next returns the pending question, or nil when the game is over.
func (e *Engine) Next() *Question { return e.cur }

// Game returns the live game state.
func (e *Engine) Game() Game { return e.game }

// Over reports whether the game has ended.
func (e *Engine) Over() bool { return e.cur == nil && e.err == nil }

// Answers returns the accepted answers, oldest first.
func (e *Engine) Answers() []Answer { return e.answers }

// Events returns every event so far, oldest first.
func (e *Engine) Events() []Event { return e.events }

// Log returns the answers and events in the order they happened.
func (e *Engine) Log() []Entry { return e.log }

// Answer validates the raw answer against the pending question and applies
// it. On error nothing changes and the same question is still pending.
func (e *Engine) Answer(raw string) error {
	if e.cur == nil {
		return ErrOver
	}
	key, err := e.cur.Validate(raw)
	if err != nil {
		return err
	}
	return e.apply(key)
}

func (e *Engine) apply(key string) error {
	q := e.cur
	q.answer = key
	e.answers = append(e.answers, Answer{Q: q.ID, A: key})
	if e.logging {
		e.log = append(e.log, Entry{QuestionID: q.ID, Actor: q.Actor, Text: q.Text, Answer: key,
			Label: q.Label(key), Secret: q.Secret, Rule: q.Rule, Step: len(e.answers)})
	}
	e.advance()
	if e.err != nil {
		bad := e.err
		keep := append([]Answer(nil), e.answers[:len(e.answers)-1]...)
		e.rebuild(keep)
		return fmt.Errorf("the referee could not apply %q to %s, so the answer was not taken (%v)", key, q.ID, bad)
	}
	return nil
}

func (e *Engine) rebuild(answers []Answer) {
	e.begin()
	e.feed(answers)
}

// Rewind keeps the first n answers and replays them into a fresh game.
func (e *Engine) Rewind(n int) error {
	if n < 0 || n > len(e.answers) {
		return fmt.Errorf("cannot rewind to answer %d: there are %d answers", n, len(e.answers))
	}
	keep := append([]Answer(nil), e.answers[:n]...)
	e.rebuild(keep)
	if e.err != nil {
		return e.err
	}
	return nil
}

// Undo takes back the last answer.
func (e *Engine) Undo() error {
	if len(e.answers) == 0 {
		return errors.New("there is nothing to undo")
	}
	return e.Rewind(len(e.answers) - 1)
}

// Correct replaces answer i (0-based) with key and replays the rest. Later
// answers that no longer fit are dropped; kept reports how many answers the
// game now holds.
func (e *Engine) Correct(i int, key string) (kept int, err error) {
	if i < 0 || i >= len(e.answers) {
		return len(e.answers), fmt.Errorf("there is no answer %d to correct: there are %d answers", i+1, len(e.answers))
	}
	all := append([]Answer(nil), e.answers...)
	e.rebuild(all[:i])
	if e.cur == nil || e.cur.ID != all[i].Q {
		e.rebuild(all)
		return len(e.answers), fmt.Errorf("answer %d cannot be corrected", i+1)
	}
	k, verr := e.cur.Validate(key)
	if verr != nil {
		e.rebuild(all)
		return len(e.answers), verr
	}
	if err := e.apply(k); err != nil {
		e.rebuild(all)
		return len(e.answers), err
	}
	e.feed(all[i+1:])
	return len(e.answers), nil
}

// Close releases the rules coroutine.
func (e *Engine) Close() {
	if e.stop != nil {
		e.stop()
		e.stop = nil
	}
}
