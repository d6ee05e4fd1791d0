// Package table is the one authority over a game being played. A Table
// owns the engine, the save, the answers given ahead of their turn,
// every pending confirmation and correction request, and which seats have
// a phone connected, all on one goroutine. Every client does two things
// alike: it submits commands (Submit) and gets a reply, and it watches as
// a viewer (Watch) and gets that viewer's updates. Clients are the
// laptop's front end (the terminal, plain lines or JSON Lines, package
// prompts) and the pages (package web); none of them holds game logic.
//
// What each viewer may see is decided in one place, filter.go, and
// nowhere else: a client only shows what it was given.
package table

import (
	"maps"
	"slices"
	"sync"

	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// Config is what a table needs besides its engine.
type Config struct {
	// Save writes the answers and the answers given ahead of their turn
	// durably (the journal); it is called on the table's goroutine after
	// every change, before anything is acknowledged. nil saves nothing.
	Save func(answers []referee.Answer, ahead []journal.AheadAnswer) error
	// Names are the players' names in seat order (cleaned for printing
	// by the table).
	Names []string
	// Factory makes fresh games: with Parallel it lets the table look
	// ahead for questions that may be answered before their turn.
	Factory referee.Factory
	// Parallel names the question IDs (such as pub.join) that players
	// may answer before their turn, when every earlier answer leads to
	// the same question.
	Parallel map[string]bool
	// Ahead are the answers given ahead of their turn that the save
	// holds (a resumed game): they are kept while the game still asks
	// exactly the question they answer.
	Ahead []journal.AheadAnswer
	// PlayLink, when set, makes the play logger's link of the finished
	// game (BG Stats), sent with the end.
	PlayLink func(g referee.Game) string
}

// Table is a game at the table. Its methods are safe for concurrent use:
// each runs on the table's goroutine in the order called.
type Table struct {
	calls chan func()
	done  chan struct{}
	once  sync.Once

	// Only the table's goroutine touches the fields below.
	cfg   Config
	e     *referee.Engine
	names []string

	watchers []*watch
	// phones counts the open pages of each seat (its phone connected).
	phones map[referee.Seat]int
	// here is the seat whose secret question the laptop took although
	// their phone is connected (they chose to answer at the laptop), at
	// step hereStep.
	here     referee.Seat
	hereStep int
	// ahead are the questions players may answer before their turn, by
	// step; queued the answers given to them.
	ahead  map[int]*referee.Question
	queued map[int]journal.AheadAnswer
	// pending are the confirmations and correction requests waiting.
	pending []*pending
	// seen is how many events were published; prev the answers then.
	seen    int
	prev    []referee.Answer
	stopped bool
	exit    *Exit
	failed  error
	// lang is the language of the command being run: its reply's texts
	// are in it.
	lang locale.Lang
}

// New makes the table of a running game and starts its goroutine. The
// engine belongs to the table from now on.
func New(e *referee.Engine, cfg Config) *Table {
	t := &Table{calls: make(chan func()), done: make(chan struct{}), cfg: cfg, e: e,
		phones: map[referee.Seat]int{}, here: referee.Table, ahead: map[int]*referee.Question{}, queued: map[int]journal.AheadAnswer{}}
	for _, n := range e.Game().PlayerNames() {
		t.names = append(t.names, safetext.Clean(n))
	}
	t.lookAhead()
	for _, a := range cfg.Ahead {
		q := t.ahead[a.Step]
		if a.Step == len(e.Answers()) {
			// The save was made as the game reached it: it is given now.
			q = e.Next()
		}
		if q != nil && q.ID == a.Answer.Q && int(q.Actor) == a.Answer.Actor {
			if _, err := q.Validate(a.Answer.A); err == nil {
				t.queued[a.Step] = a
			}
		}
	}
	t.applyQueued()
	t.lookAhead()
	t.seen = len(e.Events())
	t.prev = slices.Clone(e.Answers())
	go t.loop()
	return t
}

// ErrStopped is returned for a call on a table that has stopped.
var ErrStopped = referee.Errorf("table.error.stopped")

func (t *Table) loop() {
	for {
		select {
		case f := <-t.calls:
			f()
		case <-t.done:
			return
		}
	}
}

// call runs f on the table's goroutine and waits for it; false when the
// table has stopped (a call that meets Close is not run, so nothing
// touches the game its owner closes next).
func (t *Table) call(f func()) bool {
	ran := make(chan bool, 1)
	select {
	case t.calls <- func() {
		select {
		case <-t.done:
			ran <- false
		default:
			f()
			ran <- true
		}
	}:
	case <-t.done:
		return false
	}
	return <-ran
}

// Close stops the table for reason ("quit", "input_ended", "over"): every
// watcher gets the exit, then the goroutine ends. save names the save for
// the laptop's exit object.
func (t *Table) Close(reason, save string) {
	t.call(func() {
		if t.exit == nil {
			t.exit = &Exit{Reason: reason, Save: save, Step: len(t.e.Answers())}
			t.stopped = true
			for _, w := range t.watchers {
				u := t.updateFor(w, nil, false)
				u.Infos = w.takeInfos()
				w.send(u)
			}
		}
	})
	t.once.Do(func() { close(t.done) })
}

// Done is closed when the table has stopped.
func (t *Table) Done() <-chan struct{} { return t.done }

// Names are the players' names, cleaned for printing.
func (t *Table) Names() []string { return slices.Clone(t.names) }

// name is a seat's name, or "the table", in l.
func (t *Table) name(s referee.Seat, l locale.Lang) string {
	if s >= 0 && int(s) < len(t.names) {
		return t.names[s]
	}
	return word("seat.table", l)
}

// nameArg is a seat's name as an argument of a message.
func (t *Table) nameArg(s referee.Seat) referee.Arg {
	if s >= 0 && int(s) < len(t.names) {
		return referee.Str(t.names[s])
	}
	return referee.Sub(say("seat.table"))
}

// player is a player's name, starting with a capital letter, as an
// argument of a message.
func (t *Table) player(s referee.Seat) referee.Arg {
	if s >= 0 && int(s) < len(t.names) {
		return referee.Str(capital(t.names[s]))
	}
	return t.nameArg(s)
}

// From is who sends a command: the laptop's own front end, or a page (a
// seat's phone, or the table page for referee.Public).
type From struct {
	Laptop bool
	Viewer referee.Viewer
	// Guest is a device that is no viewer yet: it asks for a seat
	// another device has taken (AskJoin), and is sent nothing.
	Guest bool
}

// Laptop is the laptop's front end: the terminal, plain lines or JSON
// Lines. It answers any seat's question the table hands it (it shows its
// own pass-the-laptop screen first), and it is the table's shared screen.
var Laptop = From{Laptop: true, Viewer: referee.Public}

// Page is a page's client: a seat's phone, or the table page (Public).
func Page(v referee.Viewer) From { return From{Viewer: v} }

// shared reports whether the sender is a screen the whole table sees
// (the laptop or the table page).
func (f From) shared() bool { return f.Laptop || f.Viewer == referee.Public }

// who names the sender for everyone: "the laptop", "Ann's phone", "the
// table page".
func (t *Table) who(f From) referee.Arg {
	switch {
	case f.Laptop:
		return referee.Sub(say("who.laptop"))
	case f.Guest:
		return referee.Sub(say("who.guest"))
	case f.Viewer == referee.Public:
		return referee.Sub(say("who.table_page"))
	}
	return referee.Sub(say("who.phone", t.nameArg(referee.Seat(f.Viewer))))
}

// Present tells the table that a page of seat opened (delta 1) or closed
// (-1): while a seat has one open, its secret questions and
// confirmations go to its phone and not to the laptop.
func (t *Table) Present(seat referee.Seat, delta int) {
	t.call(func() {
		if !seat.Player() || t.stopped {
			return
		}
		t.phones[seat] += delta
		if t.phones[seat] <= 0 {
			delete(t.phones, seat)
		}
		t.publish()
	})
}

// onPhone reports whether seat's phone is connected.
func (t *Table) onPhone(seat referee.Seat) bool { return seat.Player() && t.phones[seat] > 0 }

// save writes the game; on failure the table stops taking answers.
func (t *Table) save() error {
	if t.cfg.Save == nil {
		return nil
	}
	var ahead []journal.AheadAnswer
	for _, s := range slices.Sorted(maps.Keys(t.queued)) {
		ahead = append(ahead, t.queued[s])
	}
	if err := t.cfg.Save(slices.Clone(t.e.Answers()), ahead); err != nil {
		t.failed = referee.Wrap(err, "table.error.save")
		return t.failed
	}
	return nil
}

// Save writes the game again (the cli does at the end of a session, so
// that the time played since the last answer is kept).
func (t *Table) Save() error {
	var err error
	if !t.call(func() { err = t.save() }) {
		return ErrStopped
	}
	return err
}

// Play is the play logger's link of the finished game, or "".
func (t *Table) Play() string {
	var u string
	t.call(func() {
		if t.e.Over() && t.cfg.PlayLink != nil {
			u = t.cfg.PlayLink(t.e.Game())
		}
	})
	return u
}

// Inspect runs f with the game on the table's goroutine, for what is
// kept of a game beside it (the cards typed in, once it is over); f must
// only read the game and not keep it.
func (t *Table) Inspect(f func(g referee.Game)) {
	t.call(func() { f(t.e.Game()) })
}
