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
	"fmt"
	"iter"
	"slices"

	"rumref/locale"
)

// Game is one game's rules and state. Play runs the whole game, asking
// every decision through t; it returns when the game is over.
type Game interface {
	Play(t *T)
	// Name is the game's short name as used in saves ("pirates", "runner").
	Name() string
	// PlayerNames lists the players in seat order.
	PlayerNames() []string
	// Status is the board and status as text, as the viewer may see
	// them, in language l, fitted to cols columns where the game can (0:
	// no limit).
	Status(viewer Viewer, l locale.Lang, cols int) string
	// View is the same information as data for --json, for the viewer:
	// its texts in l, its ids and keys the same in every language.
	View(viewer Viewer, l locale.Lang) any
}

// Factory makes a fresh game in its starting state; replay runs answers
// into a fresh game.
type Factory func() Game

// ErrOver is returned when an answer is given to a finished game.
var ErrOver = Errorf("referee.error.over")

// ErrTakeBack is returned by whoever asks a question for an engine when
// the people asked to take their last answer back instead of answering
// (the setup questions: see games.Setup.Run).
var ErrTakeBack = Errorf("referee.error.take_back")

type stopped struct{}

// T is the handle the rules code uses to ask questions and report events.
type T struct {
	e     *Engine
	yield func(*Question) bool
	// opts and labels are the option buffers of the last question
	// answered, for Choose to reuse.
	opts   []Option
	labels []Msg
	slots  [2]Question
	slot   int
	// vals are the value buffers of the last Choices of a few value
	// types (a *valBuf[V] each), so that alternating types reuse theirs too.
	vals [4]any
	// valsNext is the slot the next new type takes.
	valsNext uint8
}

// Ender is a game that can say it has ended; its rules return after the
// end, and the engine refuses a question or a ruling made after it.
type Ender interface {
	Ended() bool
}

// OnlyAnswers is a game that may let the engine take the one legal answer
// of a question itself (a game says so from its edition, so that saves
// whose journals hold such answers replay as they were).
type OnlyAnswers interface {
	TakesOnlyAnswers() bool
}

// Ask suspends the rules until the question is answered and returns the
// validated answer key (for a number question, the number in decimal).
//
// In a game that takes only answers (OnlyAnswers), a public question with
// exactly one legal answer that is not marked Confirm is not asked: the
// engine takes that answer, says so in a ruling (the question's Only, or
// its own line) and records nothing in the journal, so a replay takes it
// again the same way and undo and correction count only answers given.
// A secret question is always asked: whether it has one answer may
// depend on what only its actor may know.
func (t *T) Ask(q Question) string { return t.ask(&q) }

// ask is Ask on the caller's copy of the question (Pick and AskNumber pass
// theirs): the question is copied once more, where it is kept.
func (t *T) ask(q *Question) string {
	if t.e.ended != nil && t.e.ended() {
		panic(fmt.Sprintf("question %s asked after the game ended", q.ID))
	}
	if q.Kind == Choice && len(q.Options) == 0 {
		panic(fmt.Sprintf("question %s has no legal answer", q.ID))
	}
	if q.Kind == Number && q.Min > q.Max {
		panic(fmt.Sprintf("question %s has an empty range", q.ID))
	}
	if t.e.only && !q.Secret && !q.Confirm {
		if key, ok := q.onlyAnswer(); ok {
			t.e.tookOnly(q, key)
			return key
		}
	}
	if t.e.queue != nil {
		// A replay's queue answers here, inside the rules, reading the
		// question where it stands.
		if key, ok := t.e.take(q); ok {
			t.e.record(q, key)
			return key
		}
	}
	var p *Question
	if t.e.logging {
		p = new(Question)
	} else {
		// Without a log (a replay, the simulator) the two latest questions
		// take turns in two slots instead of one allocation each: the
		// question answered last stays readable while the next is asked.
		t.slot ^= 1
		p = &t.slots[t.slot]
	}
	*p = *q
	if d := t.e.drive; d != nil {
		// A driver answers here, inside the rules: no switch back to the
		// engine's caller for this answer.
		t.e.cur = p
		if key, ok := d(p); ok {
			t.e.record(p, key)
			return key
		}
	}
	if !t.yield(p) {
		panic(stopped{})
	}
	return p.answer
}

// Emit reports an automatic ruling with its texts already made (Say and
// Tell make them only when shown).
func (t *T) Emit(e Event) {
	text, private := Msg{format: e.Text}, Msg{format: e.Private}
	t.e.emit(e.Rule, &text, &private, e.Player)
}

// Step is the number of answers accepted so far.
func (t *T) Step() int { return len(t.e.answers) }

// Entry is one line of the game log: an accepted answer or an event.
type Entry struct {
	Event *Event
	// For answers:
	QuestionID string
	Actor      Seat
	Text       string
	Answer     string
	Label      string
	Secret     bool
	Rule       string
	Step       int
	// Prompt and Said are the question's text and the answer's label as
	// the rules made them, for TextIn and LabelIn.
	Prompt, Said Msg
}

// TextIn is an answer's question in language l.
func (e *Entry) TextIn(l locale.Lang) string { return inOr(&e.Prompt, e.Text, l) }

// LabelIn is an answer's label in language l (its key when it has none).
func (e *Entry) LabelIn(l locale.Lang) string { return inOr(&e.Said, e.Label, l) }

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
	// because is the last outcome's Why (Because).
	because Msg
	// raw holds the events not yet formatted (without a log), args the
	// arguments of their messages; unshown keeps none, nor any option
	// label (WithoutTexts).
	raw     []event
	args    []Arg
	unshown bool
	// dropped counts the events a replay without a log did not keep;
	// keepEvents keeps them all (the replay that makes them again).
	dropped    int
	keepEvents bool
	// ended reports that the game is over, for a game that says so
	// (Ender): nothing may be asked or ruled after it.
	ended func() bool
	// only: the game lets the engine take a question's one legal answer
	// itself (OnlyAnswers).
	only bool
	err  error
	// queued counts the answers still waiting in a replay after the one
	// being applied.
	queued int
	// corr is the last correction, kept until the next one so that undo
	// right after it can take it back.
	corr *Correction
	// queue, while set, is the replay being fed; drive, while set,
	// answers each question inside the rules as they ask it (Drive): it
	// returns the answer's key, or false to leave the question pending
	// and hand control back.
	queue *replayQueue
	drive func(q *Question) (key string, ok bool)
	// room is the list the first answers are recorded into (WithRoom).
	room []Answer
}

// StartOption configures an engine.
type StartOption func(*Engine)

// WithoutLog turns off the answer log (used by the simulator for speed).
func WithoutLog() StartOption { return func(e *Engine) { e.logging = false } }

// WithRoom records the game's answers into room's space, from its start,
// instead of a list of the engine's own: the simulator hands each game the
// list of the game before, as long as the longest game so far, so that a
// game records its answers without growing or clearing a new list. The
// engine owns room until it is closed; a replay from the start (undo,
// correction) records into a new list.
func WithRoom(room []Answer) StartOption { return func(e *Engine) { e.room = room[:0] } }

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
	if m := e.feed(answers); m != nil {
		e.Close()
		return nil, &ReplayError{N: m.index + 1, err: Wrap(m.err, "referee.error.replay", Int(m.index+1), Str(answers[m.index].Q), Str(answers[m.index].A))}
	}
	return e, nil
}

// ReplayError is Replay's error: N is the number of the answer at fault
// (1 for the first), so a caller can point at its line in a save.
type ReplayError struct {
	N   int
	err error // the Error naming the answer, which wraps why it does not fit
}

func (e *ReplayError) Error() string           { return e.err.Error() }
func (e *ReplayError) In(l locale.Lang) string { return ErrorIn(e.err, l) }
func (e *ReplayError) Unwrap() error           { return e.err }

func (e *Engine) begin() {
	if e.stop != nil {
		e.stop()
	}
	e.game = e.factory()
	e.drive, e.queue = nil, nil
	e.cur, e.answers, e.events, e.log, e.err = nil, nil, nil, nil, nil
	if e.room != nil {
		e.answers, e.room = e.room, nil
	}
	e.raw, e.args, e.dropped = nil, nil, 0
	g := e.game
	e.ended = nil
	if en, ok := g.(Ender); ok {
		e.ended = en.Ended
	}
	oa, ok := g.(OnlyAnswers)
	e.only = ok && oa.TakesOnlyAnswers()
	seq := func(yield func(*Question) bool) {
		GrowStack()
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

// rulesStack is half the stack the rules of a game take at their deepest
// (a Rum & Pirates turn's alley search, a Rum Runner card's effect: 32 KB
// in most games of both). The coroutine they run on starts on 2 KB; the
// runtime doubles a stack whenever a call does not fit it, copying the
// stack and walking every frame on it to move its pointers, so the four
// doublings a game made, each deep in the rules, cost about 6% of
// show's run (the profile of issue 11 part 7).
const rulesStack = 16 << 10

// GrowStack makes the calling goroutine's stack 32 KB or more at once:
// its frame holds rulesStack bytes, which the runtime fits by doubling the
// stack as many times as needed in one copy, made while the stack holds
// only the caller's few frames; the stack stays that large when it
// returns. The rules' coroutine calls it first thing. Measured on
// 2026-12-02 beside a build without it (bench/harness replay of a
// finished 5-player game, six runs of 200 in turn): the replay took 10-25%
// longer without it, so it stays; reading a save took no longer without
// it, so resume no longer calls it.
//
//go:noinline
func GrowStack() {
	var room [rulesStack]byte
	touch(room[:])
}

// touch keeps GrowStack's room from being optimized away.
//
//go:noinline
func touch(b []byte) { b[len(b)-1] = 1 }

func (e *Engine) advance() {
	defer func() {
		if r := recover(); r != nil {
			e.cur = nil
			e.err = Errorf("referee.error.internal", Str(fmt.Sprint(r)))
		}
	}()
	q, ok := e.next()
	if !ok {
		e.cur = nil
		return
	}
	e.cur = q
}

// misfit is the first answer of a replay that does not belong where it
// stands: index is its place in the list, why a public reason (it never
// holds the answer's value or the question's options), err the full
// reason for a damaged save.
type misfit struct {
	index int
	why   Msg
	err   error
}

// feed applies answers in order. An answer is applied only where it
// belongs: the game asks the same question, of the same actor when the
// answer records one, and the answer is legal. feed stops at the first
// answer that does not belong and returns it; nil means all were applied.
//
// The answers after the first are taken by the rules themselves as they
// ask (take), so a replay costs no switch between the engine and the
// rules per answer, nor a copy of each question.
func (e *Engine) feed(answers []Answer) *misfit {
	if len(answers) == 0 {
		return nil
	}
	defer func() { e.queued, e.queue = 0, nil }()
	e.answers = slices.Grow(e.answers, len(answers))
	if e.err != nil {
		return &misfit{0, Text("referee.misfit.stuck"), e.err}
	}
	if e.cur == nil {
		return &misfit{0, Text("referee.misfit.over"), ErrOver}
	}
	r := &replayQueue{answers: answers}
	e.queue = r
	key, ok := e.take(e.cur)
	if !ok {
		return r.bad
	}
	if err := e.apply(key); err != nil {
		return &misfit{r.next - 1, Text("referee.misfit.apply"), err}
	}
	if r.bad == nil && r.next < len(answers) {
		// The game ended before the queue did.
		return &misfit{r.next, Text("referee.misfit.over"), ErrOver}
	}
	return r.bad
}

// replayQueue is the answer list a replay feeds: the rules take its
// answers themselves as they ask (Engine.take).
type replayQueue struct {
	answers []Answer
	// next is the answer to take next; bad is the first that did not fit.
	next int
	bad  *misfit
}

// take answers q from the replay's queue when its next answer fits there.
func (e *Engine) take(q *Question) (string, bool) {
	r := e.queue
	if r.next == len(r.answers) {
		return "", false
	}
	key, m := e.fits(q, r.next, r.answers[r.next])
	if m != nil {
		r.bad = m
		return "", false
	}
	r.next++
	e.queued = len(r.answers) - r.next
	return key, true
}

// fits checks answer a, number i of a replay, against the question q the
// game asks where it stands, and returns its key or why it does not fit.
func (e *Engine) fits(q *Question, i int, a Answer) (string, *misfit) {
	if q.ID != a.Q {
		why := Text("referee.misfit.question")
		return "", &misfit{i, why, Errorf("referee.error.question", Str(q.ID), Str(a.Q))}
	}
	if a.HasActor && Seat(a.Actor) != q.Actor {
		why := Text("referee.misfit.actor", e.actorArg(Seat(a.Actor)), e.actorArg(q.Actor))
		return "", &misfit{i, why, Errorf("referee.error.actor", Str(a.Q), e.actorArg(q.Actor), e.actorArg(Seat(a.Actor)))}
	}
	key, err := q.Validate(a.A)
	if err != nil {
		why := Text("referee.misfit.illegal")
		if q.Secret {
			why = Text("referee.misfit.secret") // the reason would tell something of the secret
		}
		return "", &misfit{i, why, err}
	}
	return key, nil
}

// actorArg names a seat in a message: the player's name, or "the table".
func (e *Engine) actorArg(actor Seat) Arg {
	if actor == Table {
		return Sub(Text("referee.seat.table"))
	}
	if names := e.game.PlayerNames(); actor >= 0 && int(actor) < len(names) {
		return Str(names[actor])
	}
	return Sub(Text("referee.seat.n", Int(int(actor)+1)))
}

// Next returns the pending question, its texts formatted, or nil when the
// game is over.
func (e *Engine) Next() *Question {
	if e.cur != nil {
		formatQuestion(e.cur)
	}
	return e.cur
}

// Game returns the live game state.
func (e *Engine) Game() Game { return e.game }

// Over reports whether the game has ended.
func (e *Engine) Over() bool { return e.cur == nil && e.err == nil }

// Answers returns the accepted answers, oldest first.
func (e *Engine) Answers() []Answer { return e.answers }

// Events returns every event so far, oldest first.
func (e *Engine) Events() []Event {
	e.flushEvents()
	return e.events
}

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

// Drive answers the pending question and each one after it with d,
// inside the rules as they ask, so that a driver (the simulator) costs no
// switch between the engine and the rules per answer. d sees each
// question as the rules posed it (Next formats it) and returns the raw
// answer, or false to stop with that question pending. An answer is
// validated as Answer validates it; a refused one stops the drive with
// its error, its question still pending. An error of the rules after an
// answer is handled as Answer handles it.
func (e *Engine) Drive(d func(q *Question) (raw string, ok bool)) error {
	if e.cur == nil {
		return ErrOver
	}
	var refused error
	take := func(q *Question) (string, bool) {
		raw, ok := d(q)
		if !ok {
			return "", false
		}
		key, err := q.Validate(raw)
		if err != nil {
			refused = err
			return "", false
		}
		return key, true
	}
	key, ok := take(e.cur)
	if !ok {
		return refused
	}
	e.drive = take
	defer func() { e.drive = nil }()
	if err := e.apply(key); err != nil {
		return err
	}
	return refused
}

// record keeps the answer key to q (and its log entry).
func (e *Engine) record(q *Question, key string) {
	q.answer = key
	e.answers = append(e.answers, Answer{Q: q.ID, A: key, Actor: int(q.Actor), HasActor: true})
	if e.logging {
		formatQuestion(q)
		e.log = append(e.log, Entry{QuestionID: q.ID, Actor: q.Actor, Text: q.Text, Answer: key,
			Label: q.Label(key), Secret: q.Secret, Rule: q.Rule, Step: len(e.answers), Prompt: q.Prompt, Said: q.labelMsg(key)})
	}
}

// apply records key as the answer to the pending question and runs the
// rules on (answering more while drive is set). If the rules fail after
// an answer, that answer is taken back.
func (e *Engine) apply(key string) error {
	e.record(e.cur, key)
	e.advance()
	if e.err != nil {
		bad := e.err
		last := e.answers[len(e.answers)-1]
		keep := append([]Answer(nil), e.answers[:len(e.answers)-1]...)
		e.drive, e.queue = nil, nil
		e.rebuild(keep)
		return Errorf("referee.error.apply", Str(last.A), Str(last.Q), Err(bad))
	}
	return nil
}

func (e *Engine) rebuild(answers []Answer) *misfit {
	e.begin()
	return e.feed(answers)
}

// Rewind keeps the first n answers and replays them into a fresh game.
// Rewinding past the last correction forgets it.
func (e *Engine) Rewind(n int) error {
	if n < 0 || n > len(e.answers) {
		return Errorf("referee.error.rewind", Int(n), Int(len(e.answers)))
	}
	keep := append([]Answer(nil), e.answers[:n]...)
	e.rebuild(keep)
	if e.corr != nil && n < e.corr.Kept {
		e.corr = nil
	}
	if e.err != nil {
		return e.err
	}
	return nil
}

// Correction is the last correction of a game, kept until the next one:
// enough to restore the answers exactly as they were before it.
type Correction struct {
	// Answer is the number of the answer corrected (1-based).
	Answer int
	// Kept is how many answers the game held right after the correction.
	Kept int
	// Before holds the answers from answer number Answer on as they were
	// before the correction; the answers before it did not change.
	Before []Answer
}

// Outcome says what a correction does to the answers after the one
// corrected. Its texts are public: they name question IDs and players,
// never an answer's value or a question's options.
type Outcome struct {
	// Kept is how many answers the game holds after the correction.
	Kept int
	// Dropped is how many later answers no longer belong and are dropped.
	Dropped int
	// From is the number (1-based) of the first dropped answer and ID its
	// question; Why says why it does not belong. All are zero when
	// nothing is dropped.
	From int
	ID   string
	Why  string
}

// Because is the Why of the outcome the engine returned last (Preview,
// Correct) as a message, for a viewer's language; zero when it dropped
// nothing.
func (e *Engine) Because() Msg { return e.because }

// Correction returns the last correction while undo can still take it
// back (the game holds at least the answers it left), or nil.
func (e *Engine) Correction() *Correction { return e.corr }

// TakesBack reports whether the next Undo takes back the last correction
// rather than the last answer: no answer has been given since it.
func (e *Engine) TakesBack() bool {
	return e.corr != nil && len(e.answers) == e.corr.Kept
}

// SetCorrection restores the record of the last correction from a save,
// so that undo can still take it back after a resume.
func (e *Engine) SetCorrection(c *Correction) error {
	if c == nil {
		e.corr = nil
		return nil
	}
	if c.Answer < 1 || c.Kept < c.Answer || c.Kept > len(e.answers) || len(c.Before) == 0 {
		return Errorf("referee.error.correction_record", Int(c.Answer), Int(c.Kept), Int(len(e.answers)))
	}
	cp := *c
	cp.Before = append([]Answer(nil), c.Before...)
	e.corr = &cp
	return nil
}

// Undo takes back the last answer; right after a correction it takes
// back the correction instead, restoring every answer as it was before.
func (e *Engine) Undo() error {
	if e.TakesBack() {
		c := e.corr
		now := append([]Answer(nil), e.answers...)
		before := append(append([]Answer(nil), now[:c.Answer-1]...), c.Before...)
		if m := e.rebuild(before); m != nil {
			e.rebuild(now)
			return Errorf("referee.error.correction_replay", Int(m.index+1), Err(m.err))
		}
		e.corr = nil
		return nil
	}
	if len(e.answers) == 0 {
		return Errorf("referee.error.nothing_to_undo")
	}
	return e.Rewind(len(e.answers) - 1)
}

// Correct replaces answer i (0-based) with key and replays the rest. A
// later answer is kept only while it belongs where it stands (the same
// question asked of the same actor, and still legal); from the first that
// does not, it and all after it are dropped, and the outcome says how many
// and from where. On error nothing changes. The answers before the
// correction are kept, so that Undo right after it restores them.
func (e *Engine) Correct(i int, key string) (Outcome, error) {
	all := append([]Answer(nil), e.answers...)
	out, err := e.correct(all, i, key)
	if err != nil {
		e.rebuild(all)
		return Outcome{Kept: len(e.answers)}, err
	}
	e.corr = &Correction{Answer: i + 1, Kept: len(e.answers), Before: all[i:]}
	return out, nil
}

// Preview says what Correct(i, key) would do, without changing the game.
func (e *Engine) Preview(i int, key string) (Outcome, error) {
	x := &Engine{factory: e.factory}
	defer x.Close()
	out, err := x.correct(append([]Answer(nil), e.answers...), i, key)
	e.because = x.because
	return out, err
}

// QuestionAt returns answer i's question (0-based) as it was asked,
// without changing the game.
func (e *Engine) QuestionAt(i int) (*Question, error) {
	if i < 0 || i >= len(e.answers) {
		return nil, Errorf("referee.error.no_answer", Int(i+1), Int(len(e.answers)))
	}
	x := &Engine{factory: e.factory}
	defer x.Close()
	if m := x.rebuild(e.answers[:i]); m != nil || x.cur == nil {
		return nil, Errorf("referee.error.unreachable", Int(i+1))
	}
	q := *x.Next() // its texts formatted
	q.Options = append([]Option(nil), q.Options...)
	return &q, nil
}

// correct replays all[:i] into e, applies key in place of answer i and
// feeds the later answers while they belong.
func (e *Engine) correct(all []Answer, i int, key string) (Outcome, error) {
	e.because = Msg{}
	if i < 0 || i >= len(all) {
		return Outcome{Kept: len(all)}, Errorf("referee.error.no_answer_to_correct", Int(i+1), Int(len(all)))
	}
	e.rebuild(all[:i])
	if e.cur == nil || e.cur.ID != all[i].Q {
		return Outcome{Kept: len(all)}, Errorf("referee.error.uncorrectable", Int(i+1))
	}
	k, err := e.cur.Validate(key)
	if err != nil {
		return Outcome{Kept: len(all)}, err
	}
	if err := e.apply(k); err != nil {
		return Outcome{Kept: len(all)}, err
	}
	rest := all[i+1:]
	out := Outcome{}
	if m := e.feed(rest); m != nil {
		out.Dropped = len(rest) - m.index
		out.From = i + 2 + m.index
		out.ID = rest[m.index].Q
		out.Why, e.because = m.why.String(), m.why
	}
	out.Kept = len(e.answers)
	return out, nil
}

// Close releases the rules coroutine.
func (e *Engine) Close() {
	if e.stop != nil {
		e.stop()
		e.stop = nil
	}
}

// tookOnly says that the engine took the one legal answer key of q itself:
// the question's own ruling, or "Ann: Decline (the only choice)."
func (e *Engine) tookOnly(q *Question, key string) {
	text := q.Only
	if text.IsZero() {
		label := Str(key)
		if len(q.labels) > 0 && !q.labels[0].IsZero() {
			label = Sub(q.labels[0])
		} else if len(q.Options) > 0 && q.Options[0].Label != "" {
			label = Str(q.Options[0].Label)
		}
		text = Text("referee.only", e.actorArg(q.Actor), label)
	}
	rule := q.Rule
	if rule == "" {
		rule = q.ID
	}
	e.emit(rule, &text, nil, Table)
}
