package prompts

import (
	"io"
	"strings"

	"rumref/locale"
	"rumref/referee"
)

// Asker asks what a command needs outside a game's play: a new game's
// setup questions, which are engine questions (Answer: player names,
// colors, the start player), and the plain questions of the other
// commands (score's players and tiles, the rules reference's list).
// Every method returns ErrQuit when the user quits (":quit", or Ctrl-C in
// a terminal) and ErrInputEnded when the input ends.
type Asker interface {
	// Text asks for a line of free text; validate (which may be nil)
	// rejects bad text with a reason and the question is asked again.
	Text(prompt string, validate func(string) error) (string, error)
	// Choose asks for one of the options and returns its key.
	Choose(prompt string, options []referee.Option) (string, error)
	// Confirm asks a yes or no question.
	Confirm(prompt string) (bool, error)
	// Say shows a message for people before or after a game (what was
	// set up, where it is saved): plain lines in a terminal and in plain
	// mode, an info object in JSON mode.
	Say(text string)
	// Report shows a command's result: obj as one JSON object in JSON
	// mode (nothing when obj is nil), text elsewhere (nothing when "").
	Report(obj any, text string)
	// Lists reports whether the front end shows searchable lists to
	// choose from (a terminal); elsewhere a command prints its list.
	Lists() bool
	// Pause shows the messages of read (Say), then text, and in a
	// terminal waits for Enter (the table builds the board first): there
	// what is taller than the screen is shown a screen at a time, Enter
	// for the next part. Plain and JSON modes show read and go straight
	// on.
	Pause(read []string, text string) error
	// Answer asks the engine's pending question (a game's setup
	// question: see games.Setup) until the engine takes an answer; a
	// refused line is reported and the question asked again.
	Answer(e *referee.Engine) error
}

// Setup question IDs used in JSON mode.
const (
	// SetupTextID is the question ID of Asker.Text in JSON mode.
	SetupTextID = "setup.text"
	// SetupChoiceID is the question ID of Asker.Choose in JSON mode.
	SetupChoiceID = "setup.choice"
	// SetupConfirmID is the question ID of Asker.Confirm in JSON mode.
	SetupConfirmID = "setup.confirm"
)

// NewAsker returns an Asker for the mode. It asks through the same front
// end a Session of that mode uses (see frontend.go). In plain and JSON
// modes it reads in through a bufio.Reader; pass a *bufio.Reader and give
// the same one to the Session so nothing read ahead is lost. A nil in
// means os.Stdin and a nil out os.Stdout.
func NewAsker(mode Mode, in io.Reader, out io.Writer, color bool, opts ...AskerOption) Asker {
	s := &Session{Mode: mode, In: in, Out: out, Color: color}
	for _, o := range opts {
		o(s)
	}
	s.init()
	return &asker{s: s}
}

// AskerOption sets up the session an Asker asks through.
type AskerOption func(*Session)

// WithRules gives the setup questions the rules reference, for the help
// and rules commands (see Session.Rules).
func WithRules(rules func(query string) string) AskerOption {
	return func(s *Session) { s.Rules = rules }
}

// WithLang sets the language the questions' own words are shown in (the
// session's Lang; English when it is not given).
func WithLang(l locale.Lang) AskerOption {
	return func(s *Session) { s.Lang = l }
}

// asker asks through a Session that has no game yet: its front end
// shows the questions, and a new game's setup questions are handled as
// the session handles a game's lines (Session.AskSetup).
type asker struct {
	s *Session
}

// ask asks a setup question until check takes the line read.
func (a *asker) ask(kind askKind, q *referee.Question, check func(string) error) (string, error) {
	for {
		line, err := a.s.fe.ask(asking{kind: kind, q: q, check: check})()
		if err != nil {
			return "", err
		}
		if err := check(line); err != nil {
			a.s.fe.refuse(&referee.Question{ID: q.ID}, errText(a.s.Lang, err))
			continue
		}
		return line, nil
	}
}

// Text asks for free text.
func (a *asker) Text(prompt string, validate func(string) error) (string, error) {
	if validate == nil {
		validate = func(string) error { return nil }
	}
	// The raw line is checked (length, control characters) before it is
	// trimmed, then the trimmed text is validated.
	check := func(raw string) error {
		if err := checkLine(raw); err != nil {
			return err
		}
		return validate(strings.TrimSpace(raw))
	}
	q := &referee.Question{ID: SetupTextID, Actor: referee.Table, Kind: referee.TextLine, Text: prompt}
	s, err := a.ask(askSetup, q, check)
	return strings.TrimSpace(s), err
}

// Choose asks for one of the options.
func (a *asker) Choose(prompt string, options []referee.Option) (string, error) {
	if len(options) == 0 {
		return "", referee.Errorf("prompts.setup.nothing")
	}
	q := &referee.Question{ID: SetupChoiceID, Actor: referee.Table, Kind: referee.Choice, Text: prompt, Options: options}
	var key string
	check := func(line string) error {
		k, err := setupKey(q, line)
		key = k
		return err
	}
	if _, err := a.ask(askSetup, q, check); err != nil {
		return "", err
	}
	return key, nil
}

// Confirm asks yes or no.
func (a *asker) Confirm(prompt string) (bool, error) {
	q := &referee.Question{ID: SetupConfirmID, Actor: referee.Table, Kind: referee.Choice, Text: prompt,
		Options: []referee.Option{{Key: "yes", Label: a.s.say("yes")}, {Key: "no", Label: a.s.say("no")}}}
	yes := false
	check := func(line string) error {
		if yes = isYes(line); yes || isNo(line) {
			return nil
		}
		return referee.Errorf("prompts.setup.yesno")
	}
	_, err := a.ask(askSetupYesNo, q, check)
	return yes, err
}

// Say shows a message for people.
func (a *asker) Say(text string) { a.s.fe.show(shown{kind: showMessage, text: text}) }

// Report shows a command's result as the front end shows results.
func (a *asker) Report(obj any, text string) {
	a.s.fe.show(shown{kind: showMessage, obj: obj, text: text, people: obj == nil})
}

// Lists reports whether the front end shows searchable lists.
func (a *asker) Lists() bool { return a.s.fe.can().lists }

// Answer asks e's pending question through the session until e takes an
// answer (see Session.AskSetup).
func (a *asker) Answer(e *referee.Engine) error { return a.s.AskSetup(e) }

// setupKey reads a line typed for a setup question: a text is checked as
// a line, then by the question; a choice may be given by its key or its
// position. It returns what the engine takes.
func setupKey(q *referee.Question, line string) (string, error) {
	if q.Kind == referee.TextLine {
		if err := checkLine(line); err != nil {
			return "", err
		}
		return q.Validate(line)
	}
	in := parseInput(q, line)
	if in.kind != answerInput {
		return "", referee.Errorf("prompts.setup.answer", referee.Sub(q.AllowedMsg()))
	}
	return q.Validate(in.raw)
}

// Pause waits for Enter where the front end is read by people.
func (a *asker) Pause(read []string, text string) error {
	_, err := a.s.fe.ask(asking{kind: askPause, parts: read, text: text})()
	return err
}
