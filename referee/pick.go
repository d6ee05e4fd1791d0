package referee

import (
	"strconv"

	"rumref/locale"
)

// How a rule asks, picks and emits
//
// A rule asks with a Question that names its ID, its actor (a Seat), the
// rule it applies and its text as a Msg (Prompt). It gets back values, never
// keys:
//
//	c := referee.Choose[alley](t)
//	for _, a := range free {
//		c.Add(a, referee.Text("To %s (%s)", referee.Str(name), referee.Count(n, "pirate")))
//	}
//	a := c.Pick(t, referee.Question{ID: "move.hop", Actor: p, Rule: "rp.move",
//		Prompt: referee.Text("%s: which empty alley?", referee.Str(pl.Name))})
//
//	n := t.AskNumber(referee.Question{ID: "wrangle.roll", Actor: p, Min: 1, Max: 6, ...})
//
// A value offered in a choice is Keyed: its Key is the stable answer key the
// save stores, made once per value type (a Keys table, or the value's own
// name), and the engine maps the answer back to the value: the rules never
// build a key with Sprintf nor parse one. Key is a plain string that is its
// own key, for choices such as "move", "rest" or "board".
//
// A rule reports what it did on its own with Say (public) or Tell (public
// and a private part for one seat), naming the rule and the message:
//
//	t.Say("rp.board", referee.Text("%s goes on board.", referee.Str(pl.Name)))
//
// Texts are formatted by the engine only when shown: a front end calling
// Engine.Next or Engine.Events, or the log. A replay without a log and the
// simulator format nothing.

// Keyed is a value a choice question can offer: Key is its stable answer key.
type Keyed interface {
	comparable
	Key() string
}

// Key is a choice value that is its own key ("move", "rest", a card's slug).
type Key string

// Key is k itself.
func (k Key) Key() string { return string(k) }

// Choices builds the options of a choice question from values and returns
// the value chosen. Choose makes one that reuses the engine's buffers; the
// zero value is ready to use too.
type Choices[V Keyed] struct {
	vals   []V
	opts   []Option
	labels []Msg
	t      *T
	buf    *valBuf[V]
	spent  bool
	// quiet: the question will be answered from a replay's queue and never
	// shown, so its labels are not kept.
	quiet bool
}

// Choose starts the choices of the next question, reusing the buffers of
// the question answered last, so that building options allocates nothing
// once the game has run a little.
//
// An engine with a log reuses them only for a question a replay answers
// from its queue (never shown): a front end may still hold a question it
// showed. An engine without a log (a replay, the simulator) reuses them
// always.
func Choose[V Keyed](t *T) Choices[V] {
	if t.e.logging && t.e.queued == 0 {
		return Choices[V]{}
	}
	quiet := !t.e.logging && (t.e.queued > 0 && !t.e.keepEvents || t.e.unshown)
	c := Choices[V]{opts: t.opts, labels: t.labels, t: t, quiet: quiet, buf: valsOf[V](t)}
	c.vals, c.buf.vals = c.buf.vals, nil
	if c.vals == nil {
		c.vals = make([]V, 0, max(cap(t.opts), 4))
	}
	t.opts, t.labels = nil, nil
	return c
}

// valBuf is the value buffer a T keeps for one value type, for Choose to
// reuse: kept behind a pointer, so that handing it back boxes nothing.
type valBuf[V any] struct{ vals []V }

// valsOf is t's value buffer for V: in the slot of its type, else a new
// one in an empty slot, else in the oldest.
func valsOf[V any](t *T) *valBuf[V] {
	for _, b := range t.vals {
		if vb, ok := b.(*valBuf[V]); ok {
			return vb
		}
	}
	vb := &valBuf[V]{}
	for i, b := range t.vals {
		if b == nil {
			t.vals[i] = vb
			return vb
		}
	}
	t.vals[t.valsNext] = vb
	t.valsNext = (t.valsNext + 1) % uint8(len(t.vals))
	return vb
}

// Add offers v with its label.
func (c *Choices[V]) Add(v V, label Msg) {
	c.vals = append(c.vals, v)
	c.opts = append(c.opts, Option{Key: v.Key()})
	if !c.quiet {
		c.labels = append(c.labels, label)
	}
}

// AddText offers v with a fixed label (one that takes no arguments).
func (c *Choices[V]) AddText(v V, label string) { c.Add(v, Msg{format: label}) }

// Len is the number of values offered.
func (c *Choices[V]) Len() int { return len(c.vals) }

// Values are the values offered, in order.
func (c *Choices[V]) Values() []V { return c.vals }

// Has reports whether v is offered.
func (c *Choices[V]) Has(v V) bool {
	for _, x := range c.vals {
		if x == v {
			return true
		}
	}
	return false
}

// Pick asks q with the values offered as its options and returns the value
// chosen. Choices made by Choose are spent by Pick (their buffers serve the
// next question): build them again to ask again.
func (c *Choices[V]) Pick(t *T, q Question) V {
	if c.spent {
		panic("referee: Choices picked twice: build them again for " + q.ID)
	}
	q.Kind = Choice
	q.Options = c.opts
	q.labels = c.labels
	key := t.ask(&q)
	for i := range c.opts {
		if c.opts[i].Key == key {
			v := c.vals[i]
			if c.t == t {
				// The question is answered: its buffers serve the next one.
				clear(c.labels)
				clear(c.vals)
				t.opts, t.labels = c.opts[:0], c.labels[:0]
				c.buf.vals = c.vals[:0]
				c.vals, c.opts, c.labels, c.t, c.buf, c.spent = nil, nil, nil, nil, nil, true
			}
			return v
		}
	}
	panic("referee: the answer " + strconv.Quote(key) + " is not an option of " + q.ID)
}

// AskNumber asks a number question (Min to Max) and returns the number.
func (t *T) AskNumber(q Question) int {
	q.Kind = Number
	n, err := strconv.Atoi(t.ask(&q))
	if err != nil {
		panic("referee: a validated number does not parse: " + err.Error())
	}
	return n
}

// Say reports an automatic ruling that everyone may see.
func (t *T) Say(rule string, text Msg) {
	t.e.emit(rule, &text, nil, Table)
}

// Quiet reports that a ruling made now would be kept by nobody (a
// replay without a log with answers still queued, or an engine
// WithoutTexts): the rules may then skip making its message. A replay's
// skipped rulings are made again if its events are asked for, as those
// Say drops are.
func (t *T) Quiet() bool { return t.e.drops() }

// drops reports that an event made now would be kept by nobody, counting
// it as dropped when a replay's Events may make it again.
func (e *Engine) drops() bool {
	if e.unshown {
		return true
	}
	if e.queued > 0 && !e.logging && !e.keepEvents {
		// A replay without a log, with answers still queued: nobody reads
		// this event now. Events makes the ones dropped again if asked.
		e.dropped++
		return true
	}
	return false
}

// Tell reports an automatic ruling with a public text and a private part
// that only the player in seat to sees (their coins, a drawn tile).
func (t *T) Tell(rule string, text Msg, to Seat, private Msg) {
	t.e.emit(rule, &text, &private, to)
}

// event is an event as the rules made it, kept unformatted until shown:
// its messages' arguments live in the engine's argument arena, so storing
// an event allocates nothing of its own.
type event struct {
	rule          string
	text, private msgRef
	player        Seat
	step          int32
}

// msgRef is a stored message: its format and its arguments in the arena.
type msgRef struct {
	format string
	off    int32
	n      uint8
}

// store keeps m's arguments in the arena.
func (e *Engine) store(m *Msg) msgRef {
	if m == nil {
		return msgRef{}
	}
	r := msgRef{format: m.format, off: int32(len(e.args)), n: m.n}
	e.args = append(e.args, m.args[:m.n]...)
	return r
}

// load is the message back from the arena.
func (e *Engine) load(r msgRef) Msg {
	m := Msg{format: r.format, n: r.n}
	copy(m.args[:], e.args[r.off:int(r.off)+int(r.n)])
	return m
}

// emit stores an event: formatted at once when the log keeps it, else as
// the rules made it, formatted only when Events is asked for it.
func (e *Engine) emit(rule string, text, private *Msg, to Seat) {
	if e.ended != nil && e.ended() {
		panic("the ruling " + rule + " was made after the game ended")
	}
	if e.drops() {
		return
	}
	if e.logging {
		ev := Event{Rule: rule, Text: text.String(), Said: *text, Player: to, Step: len(e.answers)}
		if private != nil {
			ev.Private, ev.Aside = private.String(), *private
		}
		e.events = append(e.events, ev)
		e.log = append(e.log, Entry{Event: &e.events[len(e.events)-1]})
		return
	}
	e.raw = append(e.raw, event{rule: rule, text: e.store(text), private: e.store(private), player: to, step: int32(len(e.answers))})
}

// recoverEvents makes again the events a replay without a log dropped: a
// second replay of the same answers that keeps them.
func (e *Engine) recoverEvents() {
	r := &Engine{factory: e.factory, keepEvents: true}
	r.begin()
	if m := r.feed(e.answers); m == nil && r.err == nil {
		r.flushEvents()
		e.events, e.raw, e.args, e.dropped = r.events, r.raw, r.args, 0
	}
	r.Close()
}

// flushEvents formats the events stored unformatted.
func (e *Engine) flushEvents() {
	if e.dropped > 0 {
		e.recoverEvents()
	}
	for len(e.events) < len(e.raw) {
		r := &e.raw[len(e.events)]
		text, private := e.load(r.text), e.load(r.private)
		e.events = append(e.events, Event{Rule: r.rule, Text: text.String(), Private: private.String(), Said: text, Aside: private, Player: r.player, Step: int(r.step)})
	}
}

// formatQuestion fills in the question's text, example and labels from
// its messages (in English).
func formatQuestion(q *Question) {
	if q.Text == "" && !q.Prompt.IsZero() {
		q.Text = q.Prompt.String()
	}
	if q.Example == "" && !q.ExampleMsg.IsZero() {
		q.Example = q.ExampleIn(locale.English)
	}
	for i := range q.labels {
		if i < len(q.Options) && q.Options[i].Label == "" {
			q.Options[i].Label = q.labels[i].String()
		}
	}
}

// WithoutTexts is for an engine nothing is ever shown from (the
// simulator without checks): it keeps no events and no option labels.
// Next still formats a question's prompt; its options have no labels.
func WithoutTexts() StartOption { return func(e *Engine) { e.unshown = true } }

// Pending is the pending question as the rules posed it, its texts not
// formatted, or nil when the game is over: for drivers that answer without
// showing it (the simulator). Front ends use Next.
func (e *Engine) Pending() *Question { return e.cur }
