package prompts

import (
	"errors"
	"slices"

	"rumref/locale"
	"rumref/referee"
	"rumref/table"
)

// frontEnd is how a session talks to the table: the terminal (terminal.go),
// plain lines (plain.go) and JSON Lines (json.go) each implement it, and
// the session loop (session.go, meta.go, output.go, remote.go) asks it
// for everything it shows or reads, never for a mode. A new front end is
// one more implementation; docs/architecture.md says how to add one.
//
// The players' phones (package web) are not a frontEnd: they are other
// clients of the same table (package table). When one of them answers
// while the laptop reads, the session cuts the read short (interrupt)
// and shows what is asked now.
type frontEnd interface {
	// ask shows a question (the engine's, a yes or no confirmation, a
	// correction's new value, whose secrets to peek at, press Enter)
	// and returns how to read the line typed for it. Nothing is read
	// before read is called, so the reading can be cut short.
	ask(a asking) (read func() (string, error))
	// show shows one thing the table may see: a ruling, a message, the
	// log, help, the rules reference, the end of the game.
	show(m shown)
	// status shows the board and status for a viewer: the public view,
	// or a player's private view inside pass.
	status(viewer referee.Viewer)
	// pass hands the laptop to a player (a capitalized name) for f,
	// what only they may see or type, and back.
	pass(p passing, f func() error) error
	// passBack with keep ends a secret answer of name: they see their
	// private rulings and keep the laptop; without keep the laptop goes
	// back from name to the table (the session calls it when the next
	// question is not theirs).
	passBack(name string, private []string, keep bool) error
	// refuse reports a line that was not taken for q (which may be nil).
	refuse(q *referee.Question, why string)
	// stop says the session stopped for reason ("quit", "input_ended").
	stop(reason string)
	// hold readies the front end for a whole session (the terminal stays
	// raw from then on); done ends it, however the session ends.
	hold()
	done()
	// can says what the front end can do beyond the basics.
	can() abilities
	// interrupt ends a read in progress because the game moved on at
	// another client; resume readies the next read and reports whether
	// the last one was interrupted.
	interrupt()
	resume() bool
}

// abilities are what a front end can do beyond the basics.
type abilities struct {
	// private: it can show one player something the others cannot see
	// (it clears the screen and masks typing), so a secret answer's new
	// value is typed by its owner and an owner agrees in private.
	private bool
	// followUp: it can ask a question of its own in the middle of a
	// command (a correction's value, whose secrets to peek at); the JSON
	// protocol cannot, so those come with the command.
	followUp bool
	// lists: it can show a searchable list to choose from (a command
	// such as rumref rules browses in one; elsewhere it prints a list).
	lists bool
}

// askKind says what an asking is.
type askKind int

const (
	// askQuestion is the engine's pending question Q.
	askQuestion askKind = iota
	// askConfirm is a yes or no question Text for Actor, with ID; the
	// line read means yes only when isYes says so.
	askConfirm
	// askValue asks the new value of an answer to Q under Text (the
	// label), Secret when typed hidden; the read line is an option key
	// or a number, or "" to keep the answer.
	askValue
	// askSeat asks whose secrets to peek at: the line names a player
	// (errBack when nobody was chosen).
	askSeat
	// askEnter shows Text and waits for Enter.
	askEnter
	// askSetup is a setup question asked before a game exists (see
	// ask.go): Q is a text or choice question of the table; Check
	// refuses a bad line (a terminal checks it as it is typed). A line
	// front end reads ":quit" as ErrQuit.
	askSetup
	// askSetupYesNo is a setup yes or no question Q; the line read is
	// yes or no.
	askSetupYesNo
	// askPhone says that Actor answers Q, a secret question, on their
	// phone, and waits: a line (Enter) means they answer at the laptop
	// instead; a command is a command.
	askPhone
	// askPause shows Parts, then Text, and waits for Enter where people
	// read the screen before going on (the terminal: build the board,
	// then Enter; a text taller than the screen is shown a screen at a
	// time); a scripted front end shows Parts as messages and goes
	// straight on, reading nothing.
	askPause
)

// asking is one question for a front end to ask.
type asking struct {
	kind askKind
	q    *referee.Question
	// step is the number of answers before q (askQuestion, askPhone).
	step   int
	id     string
	actor  referee.Seat
	text   string
	secret bool
	// check refuses a bad setup answer (askSetup).
	check func(string) error
	// takeBack: a setup question after an answer typed, where "undo"
	// takes that answer back (askSetup).
	takeBack bool
	// head is written above a correction's question (askValue).
	head string
	// parts are shown before an askPause's Text, each a message.
	parts []string
	// passed says the pass-the-laptop screen for a secret question was
	// already shown; markPassed records that it now was.
	passed     bool
	markPassed func()
}

// errBack is what askSeat's read returns when nobody was chosen.
var errBack = errors.New("back to the game")

// shownKind says what a shown is.
type shownKind int

const (
	// showEvent is a ruling, in the public view.
	showEvent shownKind = iota
	// showInfo is a message such as the result of undo.
	showInfo
	// showHeading is a section title (front ends with their own
	// structure drop it).
	showHeading
	// showNote is a quiet aside for the people at the laptop.
	showNote
	// showSecret is a line for the player who has the laptop.
	showSecret
	// showLine is a plain line for the one who has the laptop.
	showLine
	// showLog is the game log in the public view.
	showLog
	// showHelp is the help for the pending question.
	showHelp
	// showRules is a rules reference lookup: Query and Text.
	showRules
	// showEnd is the end of the game.
	showEnd
	// showMessage is what a command prints around a game (what was set
	// up, where it is saved, a result): text as it is in a terminal and
	// plain mode; in JSON obj, or an info object of text when obj is nil.
	showMessage
)

// shown is one thing to show.
type shown struct {
	kind  shownKind
	text  string
	event table.Event
	// help's parts, and the question it is for
	q                        *referee.Question
	question, commands, refs string
	// col is the column the commands' descriptions start at.
	col   int
	query string
	// obj is a message's JSON object (showMessage); people only says
	// the message has none, and JSON shows nothing for it.
	obj    any
	people bool
}

// passing is one handing of the laptop to a player.
type passing struct {
	// to is the player's name, capitalized.
	to string
	// typing: the player types a secret (rather than only reads).
	typing bool
}

// passWords is the pass-the-laptop wording, for every front end that
// shows one: "pass the laptop to Ann; everyone else look away".
func (s *Session) passWords(name string) string { return s.say("pass.words", name) }

// localized is q as a front end shows it in language l: its text and its
// options' labels in l (a copy: the table's question is not changed).
func localized(q *referee.Question, l locale.Lang) *referee.Question {
	if q == nil {
		return nil
	}
	c := *q
	c.Text = q.TextIn(l)
	c.Options = slices.Clone(q.Options)
	for i := range c.Options {
		c.Options[i].Label = q.LabelIn(i, l)
	}
	return &c
}

func (s *Session) local(q *referee.Question) *referee.Question { return localized(q, s.Lang) }

// newFrontEnd returns the session's front end for its mode.
func newFrontEnd(s *Session) frontEnd {
	switch s.Mode {
	case Terminal:
		t := newTerminal(s.In, s.Out, s.pal)
		// Everything the session writes goes the terminal's way (crlfWriter).
		s.Out = t.out
		return &termFront{s: s, t: t}
	case JSON:
		return &jsonFront{lineFront{s: s}}
	}
	return &plainFront{lineFront{s: s}}
}
