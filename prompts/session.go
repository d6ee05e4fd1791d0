package prompts

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"rumref/referee"
	"rumref/safetext"
)

// ErrQuit is returned by Session.Run when the players stopped the game
// (quit, or Ctrl-C in a terminal). Every accepted answer is already saved.
var ErrQuit = errors.New("the game was stopped; every answer so far is saved")

// ErrInputEnded is returned by Session.Run when the input ended before the
// game did. Every accepted answer is already saved.
var ErrInputEnded = errors.New("the input ended before the game did; every answer so far is saved")

// Session is one sitting at the table: it shows the engine's questions in
// the chosen mode, reads the answers and meta commands, feeds the answers
// to the engine, saves after every change and prints the rulings.
type Session struct {
	// Engine is the running game.
	Engine *referee.Engine
	// Mode is how questions are shown and answers read.
	Mode Mode
	// In is where answers come from (os.Stdin when nil). In plain and
	// JSON modes the session reads it through one bufio.Reader; pass the
	// same *bufio.Reader that setup questions used so nothing read ahead
	// is lost.
	In io.Reader
	// Out is where questions and rulings go (os.Stdout when nil).
	Out io.Writer
	// ErrOut receives messages about stopping, such as how to resume
	// (os.Stderr when nil).
	ErrOut io.Writer
	// Color turns on colored text; the caller decides it (a terminal,
	// NO_COLOR unset and no --no-color).
	Color bool
	// Save is called with the full answer list after every accepted
	// answer, undo and correction. A failing save stops the session.
	Save func(answers []referee.Answer) error
	// Rules looks up the rules reference for help and rules; it may be nil.
	Rules func(query string) string
	// SaveName is the save file's path, used in messages.
	SaveName string
	// Setup is how the table sets up the box for this game (the board to
	// build); the setup command shows it again.
	Setup string
	// EventsShown is how many of the engine's events were already shown;
	// Run shows the rest first. Set it to len(Engine.Events()) when
	// resuming a game so old rulings are not repeated.
	EventsShown int
	// Teach, when set, returns a short explanation of a rule ID; the
	// session shows it the first time a question or ruling cites that
	// rule (the first-game walkthrough, rumref new --teach).
	Teach func(rule string) string
	// Ending, when set, is called once the game is over, before the end
	// is shown; a line it returns is shown as a message (what rumref
	// keeps of the game for later games).
	Ending func() string
	// Remote, when set, is another front end (the players' phones) that
	// sees the game and may answer beside In; see remote.go.
	Remote Remote

	rs     *remoteState
	taught map[string]bool
	r      *bufio.Reader
	pal    palette
	fe     frontEnd // chosen by Mode; see frontend.go
	// passed names the player who holds the laptop after a pass screen
	// (passedKey), "" when it is with the table. They keep it while the
	// questions are theirs, secret or not, so a player answering several
	// secret questions in a row is passed the laptop once.
	passed string
	// inSetup is set while a new game's setup questions are asked
	// (AskSetup): help then says which commands work.
	inSetup bool
	// typedIn and typed are the setup engine whose questions AskSetup
	// asked, and where in its answers stand the lines typed at them (the
	// others are the command line's, which undo does not take back).
	typedIn *referee.Engine
	typed   []int
	// recapFrom is the first event not shown again since the screen was
	// last cleared for a secret: the recap after the next one starts
	// there.
	recapFrom int
}

// Run asks questions until the game is over, the players quit or the
// input ends. It returns nil when the game is over (after showing the
// final status), ErrQuit or ErrInputEnded when stopped (the game is saved),
// or another error when saving fails or the referee breaks.
func (s *Session) Run() error {
	if s.Engine == nil {
		return errors.New("there is no game to run")
	}
	s.init()
	s.fe.hold()
	defer s.fe.done()
	s.flushEvents()
	s.recapFrom = s.EventsShown
	if n := len(s.Engine.Answers()); n > 0 && s.Engine.Next() != nil {
		s.info(fmt.Sprintf("Continuing the game after %d answers. Type help for the commands.", n))
	}
	for {
		q := s.Engine.Next()
		if q == nil {
			if !s.Engine.Over() {
				return errors.New("the referee stopped without a question to ask; the game is saved, so undo with 'rumref resume' and report the problem")
			}
			if err := s.handBack(nil); err != nil {
				return s.stop(err)
			}
			s.sync()
			if s.Ending != nil {
				if m := s.Ending(); m != "" {
					s.info(m)
				}
			}
			s.end()
			return nil
		}
		if err := s.handBack(q); err != nil {
			return s.stop(err)
		}
		s.teach(q.Rule)
		s.sync()
		line, remote, err := s.readAny(q)
		if err == nil && !remote {
			err = s.handle(q, line)
		}
		if err != nil {
			return s.stop(err)
		}
	}
}

func (s *Session) init() {
	if s.In == nil {
		s.In = os.Stdin
	}
	if s.Out == nil {
		s.Out = os.Stdout
	}
	if s.ErrOut == nil {
		s.ErrOut = os.Stderr
	}
	if s.r == nil {
		if br, ok := s.In.(*bufio.Reader); ok {
			s.r = br
		} else {
			s.r = bufio.NewReader(s.In)
		}
	}
	s.pal = palette{on: s.Color}
	if s.fe == nil {
		s.fe = newFrontEnd(s)
	}
}

// handle acts on one line typed for q.
func (s *Session) handle(q *referee.Question, line string) error {
	in := parseInput(q, line)
	if s.refuseUnread(q, in) {
		return nil
	}
	switch in.kind {
	case metaInput:
		return s.meta(q, in)
	case answerInput:
		if vals := multiValues(q, line); vals != nil {
			return s.answerAll(q, vals)
		}
		before := len(s.Engine.Events())
		if err := s.Engine.Answer(in.raw); err != nil {
			s.reject(q, reason(q, err)+commandHint(q, line))
			return nil
		}
		if err := s.save(); err != nil {
			return err
		}
		if q.Secret {
			if err := s.afterSecret(q, before); err != nil {
				return err
			}
		}
		s.flushEvents()
	}
	return nil
}

// refuseUnread refuses a line that is neither an answer nor a command (a
// blank line, an unknown ":command", a line too long), saying what to type,
// and reports whether it did.
func (s *Session) refuseUnread(q *referee.Question, in input) bool {
	switch in.kind {
	case emptyInput:
		s.reject(q, "Type an answer, or help to see what is asked and the commands.")
	case badInput:
		s.reject(q, in.why)
	default:
		return false
	}
	return true
}

// save hands the full answer list to the save callback.
func (s *Session) save() error {
	if s.Save == nil {
		return nil
	}
	answers := append([]referee.Answer(nil), s.Engine.Answers()...)
	if err := s.Save(answers); err != nil {
		return saveError{err}
	}
	return nil
}

// saveError is a failed save. The laptop's screen shows it whole; a
// phone is told only that the laptop could not save (the error may name
// the save's path).
type saveError struct{ err error }

func (e saveError) Error() string { return "could not save the game: " + e.err.Error() }
func (e saveError) Unwrap() error { return e.err }

// flushEvents shows the events not shown yet. After an undo or a
// correction the engine rebuilds its event list, so the mark is clamped.
func (s *Session) flushEvents() {
	evs := s.Engine.Events()
	if s.EventsShown > len(evs) || s.EventsShown < 0 {
		s.EventsShown = len(evs)
	}
	for _, ev := range evs[s.EventsShown:] {
		if ev.For(referee.Public) == "" {
			continue
		}
		s.event(ev)
		s.teach(ev.Rule)
	}
	s.EventsShown = len(evs)
}

// clampEvents marks every event as shown after an undo or correction.
func (s *Session) clampEvents() {
	s.EventsShown = len(s.Engine.Events())
}

// afterSecret runs after a secret answer was taken: the actor sees
// their private rulings where the front end can show them in private.
// The actor keeps the laptop until a question is for someone else
// (handBack).
func (s *Session) afterSecret(q *referee.Question, before int) error {
	var private []string
	evs := s.Engine.Events()
	if before > len(evs) {
		before = len(evs)
	}
	for _, ev := range evs[before:] {
		if ev.Private != "" && ev.Player == q.Actor && q.Actor.Player() {
			private = append(private, ev.For(q.Actor.Viewer()))
		}
	}
	s.passed = s.passedKey(q)
	return s.fe.passBack(s.name(q.Actor), private, true)
}

// handBack takes the laptop back from the player who holds it when the
// next question q (nil at the end of the game) is another player's. A terminal
// clears the screen and shows the public rulings since the last public
// screen again (recap), so the move and the tiles set aside are not lost
// with it.
func (s *Session) handBack(q *referee.Question) error {
	if s.passed == "" || (q != nil && (s.passedKey(q) == s.passed || !q.Actor.Player())) {
		// The holder answers the table's own questions too (a tile
		// drawn, a die rolled at the table), as they read the table.
		return nil
	}
	holder := s.passed
	s.passed = ""
	name := holder
	for i, n := range s.playerNames() {
		if fmt.Sprint(i) == holder {
			name = n
		}
	}
	return s.fe.passBack(name, nil, false)
}

// recapLines is the most public rulings a recap shows.
const recapLines = 8

// recap shows again, after a secret screen was cleared, the public
// rulings since the last recap (the last recapLines of them). A front
// end that clears the screen calls it.
func (s *Session) recap() {
	evs := s.Engine.Events()
	from := min(max(s.recapFrom, 0), len(evs))
	s.recapFrom = len(evs)
	var lines []referee.Event
	for _, ev := range evs[from:] {
		if ev.For(referee.Public) != "" {
			lines = append(lines, ev)
		}
	}
	if len(lines) == 0 {
		return
	}
	if len(lines) > recapLines {
		lines = lines[len(lines)-recapLines:]
	}
	s.fe.show(shown{kind: showNote, text: "Since the last public screen:"})
	for _, ev := range lines {
		s.event(ev)
	}
}

// stop finishes the session on quit or end of input with a message that
// says how to continue.
func (s *Session) stop(err error) error {
	if !errors.Is(err, ErrQuit) && !errors.Is(err, ErrInputEnded) {
		return err
	}
	reason := "quit"
	if errors.Is(err, ErrInputEnded) {
		reason = "input_ended"
	}
	s.stopRemote(reason)
	s.fe.stop(reason)
	msg := "The game is saved"
	if s.SaveName != "" {
		msg += fmt.Sprintf(" in %s; continue it with: rumref resume %s", s.SaveName, s.SaveName)
	}
	if errors.Is(err, ErrInputEnded) {
		msg = "The input ended. " + msg
	}
	fmt.Fprintln(s.ErrOut, safetext.CleanLines(msg+"."))
	return err
}

// passedKey names who answers q, as passed holds it.
func (s *Session) passedKey(q *referee.Question) string {
	if !q.Actor.Player() {
		return ""
	}
	return fmt.Sprint(int(q.Actor))
}

// name returns a player's name, cleaned for printing, or "the table".
func (s *Session) name(actor referee.Seat) string {
	if actor == referee.Table {
		return "the table"
	}
	names := s.playerNames()
	if actor >= 0 && int(actor) < len(names) {
		return names[actor]
	}
	return fmt.Sprintf("player %d", actor+1)
}

// playerNames lists the players' names cleaned for printing (see
// safetext.Clean; names are checked when a game is set up or opened, so
// this changes nothing unless a check was missed).
func (s *Session) playerNames() []string {
	names := slices.Clone(s.Engine.Game().PlayerNames())
	for i, n := range names {
		names[i] = safetext.Clean(n)
	}
	return names
}

// statusText is the board and status for a viewer, cleaned for printing;
// a game that can fit its picture to the screen (StatusFor) gets the
// terminal's width.
func (s *Session) statusText(viewer referee.Viewer) string {
	if g, ok := s.Engine.Game().(interface {
		StatusFor(referee.Viewer, int) string
	}); ok {
		return safetext.CleanLines(g.StatusFor(viewer, Columns(s.Out)))
	}
	return safetext.CleanLines(s.Engine.Game().Status(viewer))
}
