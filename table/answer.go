package table

import (
	"errors"

	"rumref/locale"
	"rumref/referee"
)

// Kind says what a command asks.
type Kind int

const (
	// Answer answers the question shown: Text is an option key or a
	// number (or a line of text); Values, when set, are several answers
	// on one line, each for the question then pending.
	Answer Kind = iota
	// Undo takes back the last answer (or right after a correction, the
	// correction).
	Undo
	// Correct replaces answer N with Text and replays the rest; with no
	// Text it asks the one who may choose the value (the owner of a
	// secret answer on their own device).
	Correct
	// Respond answers the confirmation or request ID: Text is yes or no
	// for a confirmation, the new value (or "" to keep it) for a
	// correction request.
	Respond
	// TakeHere: the laptop asks the secret question of a seat whose
	// phone is connected (the player chose to answer at the laptop).
	TakeHere
)

// Command is one thing a client asks of the table. Every answer names
// what its sender was shown: the step and the question's ID.
type Command struct {
	From From
	Kind Kind
	// Step is the number of answers its sender saw; Question the ID of
	// the question it answers (Answer).
	Step     int
	Question string
	Text     string
	Values   []string
	// Parse, when set, reads value i of Values for the question cur
	// then pending (first is the one shown) into its key, as the
	// sender's front end reads a typed value; without it the values
	// are keys.
	Parse func(first, cur *referee.Question, i int, v string) (string, error)
	// N is the answer to correct (1-based).
	N int
	// ID is the confirmation or request answered (Respond).
	ID string
	// Lang is the sender's language: the reply's texts are in it.
	Lang locale.Lang
}

// Why is a Parse refusal that says the whole reason itself.
type Why string

func (w Why) Error() string { return string(w) }

// Because is a Parse refusal that says the whole reason itself, as a
// message: the refusal is in the sender's language.
type Because struct{ Msg referee.Msg }

func (b Because) Error() string { return b.Msg.String() }

// Code is the outcome of a command.
type Code int

const (
	// OK: done, and saved.
	OK Code = iota
	// Queued: an answer given ahead of its turn was kept, and saved.
	Queued
	// Pending: someone else must agree or choose first; they were asked.
	Pending
	// Stale: the sender was not shown what is pending now (another
	// answer came first): it should look at its latest update.
	Stale
	// Forbidden: this sender may not do this.
	Forbidden
	// Refused: the answer or command does not fit; Text says why.
	Refused
	// Failed: the game could not be saved; it stops.
	Failed
)

func (c Code) String() string {
	return [...]string{"ok", "queued", "pending", "stale", "forbidden", "refused", "failed"}[c]
}

// Reply is the outcome of a command, for its sender only.
type Reply struct {
	Code Code
	// Text says what happened or why not, in words that tell the sender
	// nothing another player keeps secret.
	Text string
	// Err is the engine's refusal of an answer (the laptop words it with
	// the options' numbers).
	Err error
	// Private are the sender's own private rulings after its secret
	// answer given at the laptop (shown behind its pass screen).
	Private []string
	// Info is what the laptop shows after a done undo or correction (it
	// is told to every watcher too).
	Info string
	// Value (a correction, or a correction request answered) is the
	// corrected answer's new value as its sender may see it.
	Value string
	// Rulings (a correction) are the public rulings that now follow from
	// the corrected answer and were not there before, so the table can
	// fix its pieces; More says there were more than these.
	Rulings []Event
	More    bool
	// Answer is the number of the answer corrected.
	Answer int
	// OwnerRulings (a correction of Owner's secret answer made at the
	// laptop) are Owner's own new private rulings, for the laptop to show
	// behind a pass screen.
	Owner        referee.Seat
	OwnerRulings []string
	// skipped is the one the done undo or correction was not told to
	// as an info (it was theirs to make).
	skipped From
	// text and info are Text and Info as messages, and why the error
	// Text says when text is zero: Submit renders them in the sender's
	// language.
	text, info referee.Msg
	why        error
}

// render writes the reply's texts in l.
func (r *Reply) render(l locale.Lang) {
	switch {
	case !r.text.IsZero():
		r.Text = sentence(r.text, l)
	case r.why != nil:
		r.Text = capital(referee.ErrorIn(r.why, l))
	}
	if !r.info.IsZero() {
		r.Info = sentence(r.info, l)
	}
}

// Submit runs one command and returns its outcome once it is durable.
func (t *Table) Submit(c Command) Reply {
	var r Reply
	if !t.call(func() { r = t.run(c) }) {
		r = Reply{Code: Stale, text: say("stopped")}
	}
	r.render(c.Lang)
	return r
}

func (t *Table) run(c Command) Reply {
	t.lang = c.Lang
	if t.failed != nil {
		return t.failure()
	}
	if t.stopped {
		return Reply{Code: Stale, text: say("stopped")}
	}
	var r Reply
	switch c.Kind {
	case Answer:
		r = t.answer(c)
	case Undo:
		r = t.undo(c)
	case Correct:
		r = t.correct(c)
	case Respond:
		r = t.confirm(c)
	case TakeHere:
		r = t.takeHere(c)
	default:
		r = Reply{Code: Refused, text: say("refused.command")}
	}
	if t.failed != nil && t.exit == nil {
		// The game cannot go on unsaved: every client is told it
		// stopped (the laptop with the error itself).
		t.stopped = true
		t.exit = &Exit{Reason: "save_failed", Step: len(t.e.Answers())}
	}
	t.publish()
	if t.failed != nil {
		return t.failure()
	}
	return r
}

// failure is the reply once a save failed: the laptop sees the error
// (it may name the save's path), a page only that the laptop could not
// save.
func (t *Table) failure() Reply {
	return Reply{Code: Failed, text: say("failed"), Err: t.failed}
}

// Failed is the save's error once a save failed (nil before).
func (t *Table) Failed() error {
	var err error
	t.call(func() { err = t.failed })
	return err
}

// stale says what the sender missed.
func (t *Table) stale(c Command) Reply {
	step := len(t.e.Answers())
	if c.Step != step {
		return Reply{Code: Stale, text: say("stale.step", referee.Int(c.Step+1), referee.Int(step+1))}
	}
	return Reply{Code: Stale, text: say("stale.question")}
}

// answer takes an answer to the question its sender was shown.
func (t *Table) answer(c Command) Reply {
	step := len(t.e.Answers())
	if t.e.Over() {
		return Reply{Code: Stale, text: say("stale.over")}
	}
	q := t.e.Next()
	if q == nil {
		return Reply{Code: Refused, text: say("refused.no_question")}
	}
	if c.Step > step && !c.From.Laptop {
		return t.queue(c)
	}
	if c.Step != step || c.Question != q.ID || t.confirmFor(c.From, c.Lang) != nil {
		if r := t.stale(c); c.Step != step || c.Question != q.ID {
			return r
		}
		return Reply{Code: Stale, text: say("stale.confirm")}
	}
	if !t.mayAnswer(c.From, q, step) {
		if c.From.Laptop {
			return Reply{Code: Forbidden, text: say("forbidden.on_phone", t.nameArg(q.Actor))}
		}
		return Reply{Code: Forbidden, text: say("forbidden.other", t.nameArg(q.Actor))}
	}
	if len(c.Values) > 1 {
		return t.answerAll(c, q)
	}
	before := len(t.e.Events())
	if err := t.e.Answer(c.Text); err != nil {
		return Reply{Code: Refused, why: err, Err: err}
	}
	if err := t.save(); err != nil {
		t.e.Rewind(step)
		return t.failure()
	}
	r := Reply{Code: OK}
	if q.Secret && c.From.Laptop {
		r.Private = privateAfter(t.e.Events(), before, q.Actor, c.Lang)
	}
	if t.here == q.Actor {
		t.here = referee.Table
	}
	if !c.From.Laptop {
		t.tell(say("info.came_from", referee.Int(step+1), t.who(c.From)), func(v Viewer) bool { return v.Laptop })
	}
	return r
}

// answerAll gives the engine the values of one line, each to the
// question pending when its turn comes. If one does not fit, every value
// of the line is taken back and the line is refused whole; the values
// are already keys (the client read them against the questions it
// showed, see prompts' multi.go), so the refusal names which value.
func (t *Table) answerAll(c Command, q *referee.Question) Reply {
	kept := len(t.e.Answers())
	cur := q
	for i, v := range c.Values {
		if i > 0 {
			cur = t.e.Next()
		}
		var why referee.Msg
		switch {
		case cur == nil:
			why = say("line.over", referee.Int(i))
		case cur.Secret:
			why = say("line.secret", referee.Int(i+1), t.nameArg(cur.Actor))
		case cur.Kind == referee.TextLine:
			why = say("line.text", referee.Int(i+1))
		default:
			key, err := v, error(nil)
			if c.Parse != nil {
				key, err = c.Parse(q, cur, i, v)
			}
			if err == nil {
				err = t.e.Answer(key)
			}
			var w Why
			var b Because
			switch {
			case errors.As(err, &w):
				why = referee.Text(string(w))
			case errors.As(err, &b):
				why = b.Msg
			case err != nil:
				why = say("line.misfit", referee.Int(i+1), referee.Str(v), t.asked(i, cur), referee.Err(err))
			}
		}
		if !why.IsZero() {
			if len(t.e.Answers()) > kept {
				if err := t.e.Rewind(kept); err != nil {
					t.failed = referee.Wrap(err, "table.error.line_back")
					return t.failure()
				}
			}
			return Reply{Code: Refused, text: say("refused.line", referee.Sub(why))}
		}
	}
	if err := t.save(); err != nil {
		t.e.Rewind(kept)
		return t.failure()
	}
	return Reply{Code: OK}
}

// asked names the question value i of a line would answer, for its
// refusal: the one asked (the first value), or the next one's.
func (t *Table) asked(i int, q *referee.Question) referee.Arg {
	if i == 0 {
		return referee.Sub(say("line.asked"))
	}
	return referee.Sub(say("line.next", t.nameArg(q.Actor)))
}

// takeHere hands the laptop the secret question of a seat whose phone
// is connected.
func (t *Table) takeHere(c Command) Reply {
	q := t.e.Next()
	step := len(t.e.Answers())
	if !c.From.Laptop {
		return Reply{Code: Forbidden, text: say("forbidden.take_here")}
	}
	if q == nil || c.Step != step || c.Question != q.ID {
		return t.stale(c)
	}
	t.here, t.hereStep = q.Actor, step
	t.tell(say("info.here", t.nameArg(q.Actor)), func(v Viewer) bool { return !v.Laptop && v.Viewer.Sees(q.Actor) })
	return Reply{Code: OK}
}
