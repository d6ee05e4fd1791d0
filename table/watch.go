package table

import (
	"encoding/json"
	"slices"

	"rumref/locale"
	"rumref/referee"
)

// Viewer is who watches: the laptop's screen, or a page (a seat's phone,
// or the table page for referee.Public).
type Viewer = From

// Update is what changed for one viewer, with the whole of what it is
// shown now: a watcher may draw its screen from its latest update alone
// (besides the rulings, which come once each).
type Update struct {
	// Step is the number of answers the game holds.
	Step int
	// Initial marks the first update of a watch: Events then holds every
	// ruling so far that the viewer sees.
	Initial bool
	// Rewound says answers were taken back or replaced since the last
	// update (an undo, a correction): rulings were rebuilt.
	Rewound bool
	// Events are the new rulings, as this viewer sees them.
	Events []Event
	// Question is the question this viewer is shown now (nil: none):
	// the pending one, or one it may answer ahead of its turn.
	Question *Question
	// Confirm is what this viewer is asked to confirm or to choose now,
	// before the question (nil: nothing).
	Confirm *Confirm
	// Infos are messages for this viewer (undo and correction results,
	// a dropped answer).
	Infos []string
	// Status is the board and status for a page's viewer; set when it
	// changed, and always in the initial update and at the end (the
	// laptop asks for its own with Peek, fitted to its screen).
	Status *Status
	// End is set once the game is over; Play is then the play logger's
	// link (Config.PlayLink), if any.
	End  bool
	Play string
	// Exit is set when the table stopped; Failed (the laptop's only) is
	// then the error of the save that failed, if one did.
	Exit   *Exit
	Failed error
	// Phones says which seats have a phone connected, by seat.
	Phones []bool
	// Answers are a seat's page's own latest answers, oldest first
	// (filter.go: answersFor), for the page to list and correct by a
	// tap; nil for the table page and the laptop.
	Answers []Answered
	// Rulings, set for a page when Rewound, are every ruling it sees
	// now: they replace the rulings sent before, which the undo or
	// correction may have made false.
	Rulings []Event
}

// Answered is one answer as its owner's page lists it, in words.
type Answered struct {
	// N is the answer's number (1-based, as Correct takes it).
	N int
	// Question is the question's ID; Text the question asked; Answer
	// the answer given, as its owner sees it.
	Question string
	Text     string
	Answer   string
	// Secret marks an answer nobody else sees.
	Secret bool
}

// Event is a ruling as one viewer sees it.
type Event struct {
	Rule string
	Text string
	Step int
}

// Question is a question as one viewer sees it.
type Question struct {
	// Q is a copy of the question. For a viewer who may not see a secret
	// question, its text only says who is asked and it has no options,
	// range or example (Hidden).
	Q *referee.Question
	// Hidden marks such a question.
	Hidden bool
	// Step is the step it answers (the number of answers before it).
	Step int
	// ActorName is who is asked.
	ActorName string
	// Ahead marks a question asked before the player's turn; Queued is
	// the answer already given to it.
	Ahead  bool
	Queued string
	// Phone (the laptop's view of a secret question) says the actor's
	// phone is connected and the question is asked there; the laptop may
	// take it back with TakeHere.
	Phone bool
}

// Status is the board and status for a viewer, its texts (Text, and the
// texts in View) in the language of the one it is for.
type Status struct {
	Viewer referee.Viewer
	Text   string
	View   json.RawMessage
}

// Exit says the table stopped.
type Exit struct {
	Reason string
	Save   string
	Step   int
}

// watch is one watcher.
type watch struct {
	v    Viewer
	lang locale.Lang
	send func(Update)
	// what was last sent, to send only changes
	view     []byte
	question *Question
	confirm  *Confirm
	ended    bool
	// infos wait for the next update
	infos []referee.Msg
}

// takeInfos are the messages waiting for w, in its language; none wait
// after.
func (w *watch) takeInfos() []string {
	var out []string
	for _, m := range w.infos {
		out = append(out, sentence(m, w.lang))
	}
	w.infos = nil
	return out
}

// Watch starts sending viewer v's updates to send, first one with the
// whole state (Initial), every text in language l (rulings, questions,
// status, confirmations, messages). send is called on the table's
// goroutine and must not block (keep the latest, or queue). stop ends
// the watch. A client that shows a viewer in two languages watches
// twice.
func (t *Table) Watch(v Viewer, l locale.Lang, send func(Update)) (stop func()) {
	w := &watch{v: v, lang: l, send: send}
	ok := t.call(func() {
		t.watchers = append(t.watchers, w)
		u := t.updateFor(w, t.eventsFor(w, t.e.Events()), false)
		u.Initial = true
		w.send(u)
	})
	if !ok {
		send(Update{Exit: &Exit{Reason: "stopped"}})
		return func() {}
	}
	return func() {
		t.call(func() {
			t.watchers = slices.DeleteFunc(t.watchers, func(x *watch) bool { return x == w })
		})
	}
}

// publish sends every watcher what changed since the last publish. It
// runs after every change of the game, the pending confirmations or the
// phones connected.
func (t *Table) publish() {
	answers := t.e.Answers()
	rewound := len(answers) < len(t.prev)
	for i := 0; !rewound && i < len(t.prev); i++ {
		rewound = answers[i] != t.prev[i]
	}
	if rewound {
		t.dropQueued(say("dropped.rewound"))
	}
	t.applyQueued()
	t.lapse(rewound)
	t.prev = append(t.prev[:0], t.e.Answers()...)
	evs := t.e.Events()
	if rewound || t.seen > len(evs) {
		t.seen = len(evs)
	}
	fresh := evs[t.seen:]
	t.seen = len(evs)
	t.lookAhead()
	for _, w := range t.watchers {
		u := t.updateFor(w, t.eventsFor(w, fresh), rewound)
		if rewound && !w.v.Laptop {
			u.Rulings = t.eventsFor(w, evs)
		}
		u.Infos = w.takeInfos()
		if len(u.Infos) > 0 || u.Exit != nil || u.Rewound || len(u.Events) > 0 || u.Status != nil || u.End && !w.ended || !sameQ(u.Question, w.question) || !sameConfirm(u.Confirm, w.confirm) {
			w.question, w.confirm = u.Question, u.Confirm
			w.ended = u.End
			w.send(u)
		}
	}
}

// tell gives a message to the watchers to selects; it goes with their
// next update (every change publishes one).
func (t *Table) tell(text referee.Msg, to func(v Viewer) bool) {
	for _, w := range t.watchers {
		if to(w.v) {
			w.infos = append(w.infos, text)
		}
	}
}

// tellAll sends a message to every watcher.
func (t *Table) tellAll(text referee.Msg) { t.tell(text, func(Viewer) bool { return true }) }

func sameQ(a, b *Question) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Step == b.Step && a.Hidden == b.Hidden && a.Ahead == b.Ahead && a.Queued == b.Queued && a.Phone == b.Phone &&
		a.ActorName == b.ActorName && a.Q.Equal(b.Q)
}

func sameConfirm(a, b *Confirm) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.ID == b.ID && a.Pass == b.Pass && a.Text == b.Text
}
