package games

import (
	"errors"
	"strings"

	"rumref/locale"
	"rumref/referee"
)

// A game is set up by questions asked before it exists: the number of
// players, their names and colors, who starts. They are ordinary engine
// questions (referee.Question) of the table, with stable IDs, asked by a
// small referee.Game of their own (the entry's Begin returns it), so the
// engine validates every answer whether it was typed at a prompt, sent in
// JSON or given on the command line: a flag of "rumref new" is a
// pre-answer to one of these questions, and the one validator refuses a
// bad flag with the same words it refuses a bad line.

// FlagKind is the type of a flag's value.
type FlagKind int

const (
	// FlagText takes any text.
	FlagText FlagKind = iota
	// FlagInt takes a whole number.
	FlagInt
	// FlagBool is on when given alone.
	FlagBool
)

// Flag is one option of "rumref new GAME". Flags of two games with the
// same name are one flag of the command.
type Flag struct {
	Name string
	// Usage is the catalog key of the flag's help (GAME.usage.NAME),
	// which the command line writes in its language.
	Usage string
	Kind  FlagKind
	// Default is the value when the flag is not given.
	Default string
	// Complete lists the values a shell completes.
	Complete []string
}

// Flags are the values of a game's flags by name, and which were given.
type Flags struct {
	Values map[string]string
	Given  map[string]bool
	// DataDir is the user's data directory, where rumref keeps what it
	// remembers between games (Entry.Remember); "" for none.
	DataDir string
}

// Get is a flag's value (its default when it was not given).
func (f Flags) Get(name string) string { return f.Values[name] }

// Pre is a pre-answer: a flag's value as the answer to one setup
// question, given when the setup procedure asks that question.
type Pre struct {
	// Flag is the flag it comes from.
	Flag string
	// Part is the part of the flag's value ("player 2's color"), for a
	// refusal, in the reader's language; it may be zero.
	Part referee.Msg
	// Answer is the answer: an option key (or, for a choice, an
	// option's label), a number, or a text.
	Answer string
}

// Setup is a new game's setup in progress: its questions and the flags'
// answers to them.
type Setup struct {
	// Questions makes the procedure that asks the setup questions.
	Questions func() SetupGame
	// Pre are the pre-answers by question ID.
	Pre map[string]Pre
	// Lang is the language of what Run says.
	Lang locale.Lang
}

// SetupGame asks a game's setup questions (its Play) and makes the new
// game from their answers.
type SetupGame interface {
	referee.Game
	// Done is the new game the answers set up, its intro in l; it is
	// called once the procedure asks nothing more.
	Done(l locale.Lang) (*NewGame, error)
}

// NewGame is a game ready to start.
type NewGame struct {
	// Setup is the save's setup section.
	Setup any
	// Intro is said before the game's first question: what was set up.
	Intro []string
	// NarrowIntro, when set, is Intro for a terminal narrower than
	// WideCols columns, the width Intro's board picture takes: its
	// picture fits 80 columns.
	NarrowIntro []string
	WideCols    int
	// Pause, when set, is said after the intro, and a terminal waits
	// for Enter (the table builds the board before the first question).
	Pause string
}

// SetupBase is what every setup procedure has in common: it is a game of
// the table alone with nothing to show. A SetupGame embeds it.
type SetupBase struct{}

// PlayerNames is empty: only the table answers setup questions.
func (SetupBase) PlayerNames() []string { return nil }

// Status shows nothing: no game exists yet.
func (SetupBase) Status(_ referee.Viewer, _ locale.Lang, _ int) string { return "" }

// View shows nothing.
func (SetupBase) View(_ referee.Viewer, _ locale.Lang) any { return nil }

// Run asks the setup's questions until none is left and returns the new
// game: a question with a pre-answer takes it, every other one is asked
// with ask, which must have the engine take an answer (or return the
// error that stopped it, such as the players quitting). A refused
// pre-answer is an error naming the flag, unless questions were asked
// already: then say tells the table why and the question is asked, so
// nothing typed is lost to a mistyped flag. before is called once, before
// the first question asked (or at the end when none is).
func (s *Setup) Run(ask func(e *referee.Engine) error, say func(string), before func() error) (*NewGame, error) {
	e, err := referee.Start(func() referee.Game { return s.Questions() })
	if err != nil {
		return nil, err
	}
	defer e.Close()
	asked := false
	// typed marks the answers typed at a question (not a flag's), by
	// their place in the engine's answers: those are what undo takes back.
	var typed []bool
	for q := e.Next(); q != nil; q = e.Next() {
		for len(typed) < len(e.Answers()) {
			typed = append(typed, false) // a flag's answer
		}
		typed = typed[:len(e.Answers())]
		if p, ok := s.Pre[q.ID]; ok {
			err := e.Answer(preAnswer(q, p.Answer))
			if err == nil {
				continue
			}
			if !asked {
				return nil, flagRefusal(q, p, err)
			}
			say(s.Lang.Sprintf("games.setup.flag_refused", referee.ErrorIn(flagRefusal(q, p, err), s.Lang)))
		}
		if !asked {
			asked = true
			if err := before(); err != nil {
				return nil, err
			}
		}
		if err := ask(e); errors.Is(err, referee.ErrTakeBack) {
			say(takeBack(e, typed, s.Lang))
			continue
		} else if err != nil {
			return nil, err
		}
		typed = append(typed, true)
	}
	if !e.Over() {
		return nil, referee.Errorf("games.setup.stopped")
	}
	if !asked {
		if err := before(); err != nil {
			return nil, err
		}
	}
	return e.Game().(SetupGame).Done(s.Lang)
}

// preAnswer is a flag's answer as the question takes it: a choice may be
// answered by an option's label (a player's name for the start player).
func preAnswer(q *referee.Question, a string) string {
	a = strings.TrimSpace(a)
	if q.Kind != referee.Choice {
		return a
	}
	for _, o := range q.Options {
		if strings.EqualFold(o.Key, a) {
			return o.Key
		}
	}
	for _, o := range q.Options {
		if strings.EqualFold(o.Label, a) {
			return o.Key
		}
	}
	return a
}

// flagRefusal says why a flag's answer was refused: the question's own
// check speaks when it refuses too (its words are about a name, not any
// text), else the engine's.
func flagRefusal(q *referee.Question, p Pre, err error) error {
	if q.Check != nil {
		if cerr := q.Check(strings.TrimSpace(p.Answer)); cerr != nil {
			err = cerr
		}
	}
	if !p.Part.IsZero() {
		return referee.Wrap(err, "games.flag.part", referee.Str(p.Flag), referee.Sub(p.Part))
	}
	return referee.Wrap(err, "games.flag", referee.Str(p.Flag))
}

// NewFlags is every flag of "rumref new", each once, in the order the
// games list them.
func NewFlags() []Flag {
	var out []Flag
	seen := map[string]bool{}
	for _, e := range All {
		for _, f := range e.Flags {
			if !seen[f.Name] {
				seen[f.Name] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// takeBack takes back the last answer typed during setup, with the
// flags' answers after it (they are given again at once), and says what
// happened.
func takeBack(e *referee.Engine, typed []bool, l locale.Lang) string {
	last := -1
	for i, t := range typed {
		if t {
			last = i
		}
	}
	if last < 0 {
		return l.Sprintf("games.setup.nothing_back")
	}
	if err := e.Rewind(last); err != nil {
		return l.Sprintf("games.setup.cannot_back", referee.ErrorIn(err, l))
	}
	return l.Sprintf("games.setup.taken_back")
}
