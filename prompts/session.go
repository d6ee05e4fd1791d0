package prompts

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
	"rumref/table"
	"rumref/wire"
)

// ErrQuit is returned by Session.Run when the players stopped the game
// (quit, or Ctrl-C in a terminal). Every accepted answer is already saved.
var ErrQuit = errors.New("the game was stopped; every answer so far is saved")

// ErrInputEnded is returned by Session.Run when the input ended before the
// game did. Every accepted answer is already saved.
var ErrInputEnded = errors.New("the input ended before the game did; every answer so far is saved")

// Session is the laptop's client of a table: it watches the game as the
// laptop (table.Laptop), shows its questions and rulings in the chosen
// mode, and submits what is typed. Undo, corrections, saving and who may
// answer what are the table's; the session keeps only what is the
// laptop's own: its screen, its pass-the-laptop screens and the
// follow-up questions of a command.
type Session struct {
	// Table is the game. When it is nil, Run makes a table of Engine
	// (saving with Save) for this session alone, and stops it at the end.
	Table *table.Table
	// Engine and Save make the session's own table (see Table).
	Engine *referee.Engine
	Save   func(answers []referee.Answer) error
	// Shared says other clients (the phones' pages) may answer beside
	// the laptop: the session then reads its input so that a read can
	// be cut short when the game moves on elsewhere.
	Shared bool
	// Mode is how questions are shown and answers read.
	Mode Mode
	// Lang is the language of everything the session shows (the zero
	// value is English); what is typed is read in every language.
	Lang locale.Lang
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
	// Rules looks up the rules reference for help and rules; it may be nil.
	Rules func(query string) string
	// SaveName is the save file's path, used in messages.
	SaveName string
	// Setup is how the table sets up the box for this game (the board to
	// build); the setup command shows it again.
	Setup string
	// EventsShown is how many of the rulings so far (in the public view)
	// were already shown; Run shows the rest first. Set it to all but
	// the last few when resuming a game so old rulings are not repeated.
	EventsShown int
	// Teach, when set, returns a short explanation of a rule ID; the
	// session shows it the first time a question or ruling cites that
	// rule (the first-game walkthrough, rumref new --teach).
	Teach func(rule string) string
	// Pages, when set, are the phones' pages (--web): the phones and
	// seats commands show them, and a terminal waits for a player's
	// phone to join before asking their secret question (see Pages).
	Pages *Pages
	// Ending, when set, is called once the game is over, before the end
	// is shown; a line it returns is shown as a message (what rumref
	// keeps of the game for later games).
	Ending func() string

	// own: the table is the session's own, made of Engine.
	own    bool
	taught map[string]bool
	r      *bufio.Reader
	pal    palette
	fe     frontEnd // chosen by Mode; see frontend.go
	names  []string
	box    *mailbox
	// cur is the latest update: what the laptop shows now.
	cur table.Update
	// events are the public rulings shown, for a recap.
	events []table.Event
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
	// noPhones: the laptop chose to go on without the phones that have
	// not joined (it asks their secret questions itself).
	noPhones bool
	// recapFrom is the first event not shown again since the screen was
	// last cleared for a secret: the recap after the next one starts
	// there.
	recapFrom int
}

// errMoved ends a read when the game moved on elsewhere (a phone
// answered): the laptop shows what is asked now.
var errMoved = errors.New("the game moved on")

// Run asks questions until the game is over, the players quit or the
// input ends. It returns nil when the game is over (after showing the
// final status), ErrQuit or ErrInputEnded when stopped (the game is saved),
// or another error when saving fails or the referee breaks.
func (s *Session) Run() error {
	if s.Table == nil && s.Engine == nil {
		return errors.New("there is no game to run")
	}
	s.init()
	if s.own {
		defer func() { s.Table.Close("over", s.SaveName); s.Table, s.own = nil, false }()
	}
	s.fe.hold()
	defer s.fe.done()
	s.box = newMailbox()
	stop := s.Table.Watch(table.Laptop, s.Lang, s.box.put)
	defer stop()
	u := s.box.take()
	s.cur = u
	if u.Step > 0 && !u.End {
		// A game resumed: as it stands now, then its last rulings.
		s.status(referee.Public)
	}
	skip := min(max(s.EventsShown, 0), len(u.Events))
	s.events = append(s.events, u.Events[:skip]...)
	shown := u.Events[skip:]
	s.recapFrom = len(s.events)
	for _, ev := range shown {
		s.showEvent(ev)
	}
	if u.Step > 0 && !u.End {
		s.info(s.say("resume.continuing", u.Step))
	}
	for {
		if u.Failed != nil {
			return u.Failed
		}
		if u.Exit != nil && !u.End {
			return s.stop(ErrQuit)
		}
		if u.End {
			if err := s.handBack(nil); err != nil {
				return s.stop(err)
			}
			if s.Ending != nil {
				if m := s.Ending(); m != "" {
					s.info(m)
				}
			}
			s.end()
			return nil
		}
		var err error
		switch {
		case u.Confirm != nil:
			err = s.respond(u.Confirm)
		case u.Question == nil:
			return referee.Errorf("prompts.error.noquestion")
		default:
			err = s.ask(u.Question)
		}
		if errors.Is(err, errMoved) {
			err = nil
		}
		if err != nil {
			return s.stop(err)
		}
		u = s.next()
	}
}

// next takes what changed since the last look and shows its rulings
// and messages. A command's reply comes after the table has sent its
// update, so nothing waiting means nothing changed.
func (s *Session) next() table.Update {
	u, ok := s.box.poll()
	if !ok {
		u = s.cur
		u.Events, u.Infos, u.Rewound = nil, nil, false
	}
	s.cur = u
	for _, ev := range u.Events {
		s.showEvent(ev)
	}
	for _, m := range u.Infos {
		s.info(m)
	}
	return u
}

// ask shows question q and handles the line typed for it.
func (s *Session) ask(tq *table.Question) error {
	shown := *tq
	shown.Q = s.local(tq.Q)
	tq = &shown
	q := tq.Q
	if err := s.handBack(q); err != nil {
		return err
	}
	s.teach(q.Rule)
	if tq.Hidden {
		return s.onPhone(tq)
	}
	if s.waitsForPhone(q) {
		return s.waitForPhone(q, tq.Step)
	}
	passed := s.passedKey(q) == s.passed
	line, err := s.read(asking{kind: askQuestion, q: q, step: tq.Step, passed: passed, markPassed: func() { s.passed = s.passedKey(q) }})
	if err != nil {
		return err
	}
	return s.handle(tq, line)
}

// onPhone waits while a player answers their secret question on their
// phone; the laptop may take the question (they answer here instead).
func (s *Session) onPhone(tq *table.Question) error {
	line, err := s.read(asking{kind: askPhone, q: s.local(tq.Q), step: tq.Step, actor: tq.Q.Actor})
	if err != nil {
		return err
	}
	in := parseInput(nil, line)
	if in.kind == metaInput {
		return s.meta(tq, in)
	}
	r := s.Table.Submit(s.command(table.Command{Kind: table.TakeHere, Step: tq.Step, Question: tq.Q.ID}))
	if r.Code != table.OK && r.Code != table.Stale {
		s.reject(nil, r.Text)
	}
	return nil
}

// read runs the front end's reading of a for the question or
// confirmation shown now; when the game moves on meanwhile (another
// client answered), the read is cut short with errMoved.
func (s *Session) read(a asking) (string, error) {
	read := s.fe.ask(a)
	if !s.Shared {
		return read()
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			u, has, changed := s.box.look()
			if has && differs(s.cur, u) {
				s.fe.interrupt()
				return
			}
			select {
			case <-changed:
			case <-done:
				return
			}
		}
	}()
	line, err := read()
	close(done)
	wg.Wait()
	if s.fe.resume() {
		// The lines typed for what went away: the one read whole as it
		// went, and one read ahead. A command that is not bound to the
		// question (quit, show, log...) is still done; the rest are
		// refused, so they cannot answer what is shown next.
		var lines []string
		if err == nil {
			lines = append(lines, line)
		}
		if st, ok := s.fe.(interface{ staleLines() []string }); ok {
			lines = append(lines, st.staleLines()...)
		}
		kept := ""
		for _, l := range lines {
			if strings.TrimSpace(l) == "" {
				continue // a blank line means nothing
			}
			if in := parseInput(nil, l); kept == "" && (a.kind == askQuestion || a.kind == askPhone) && in.kind == metaInput && in.cmd != "undo" && in.cmd != "correct" {
				kept = l
				continue
			}
			s.reject(a.q, s.say("refused.stale", safetext.Clean(l), s.cur.Step+1))
		}
		if kept != "" {
			return kept, nil
		}
		return "", errMoved
	}
	return line, err
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
	s.pal = palette{on: s.Color, pieces: &pieces{}, lang: s.Lang}
	if s.fe == nil {
		s.fe = newFrontEnd(s)
	}
	if s.Table == nil && s.Engine != nil {
		var save func([]referee.Answer, []journal.AheadAnswer) error
		if s.Save != nil {
			save = func(a []referee.Answer, _ []journal.AheadAnswer) error { return s.Save(a) }
		}
		s.Table = table.New(s.Engine, table.Config{Save: save})
		s.own = true
	}
	if s.Table != nil {
		s.names = s.Table.Names()
		s.Table.Inspect(func(g referee.Game) {
			if c, ok := g.(referee.Colored); ok {
				s.pal.setPlayers(s.names, c.PlayerColors())
			}
		})
	}
}

// handle acts on one line typed for q.
func (s *Session) handle(tq *table.Question, line string) error {
	q := tq.Q
	if strings.HasPrefix(strings.TrimSpace(line), "{") {
		return s.answerObject(q, line)
	}
	in := parseInput(q, line)
	if s.refuseUnread(q, in) {
		return nil
	}
	switch in.kind {
	case metaInput:
		return s.meta(tq, in)
	case answerInput:
		c := s.command(table.Command{Kind: table.Answer, Step: tq.Step, Question: q.ID, Text: in.raw})
		if vals := multiValues(q, line); vals != nil {
			c.Values, c.Text = vals, ""
			c.Parse = s.parseValue
		}
		r := s.Table.Submit(c)
		switch r.Code {
		case table.OK:
			if q.Secret {
				return s.afterSecret(q, r.Private)
			}
		case table.Failed:
			return r.Err
		case table.Refused:
			if r.Err != nil {
				s.reject(q, s.reason(r.Err)+commandHint(s.Lang, q, line))
			} else {
				s.reject(q, r.Text)
			}
		default:
			s.reject(q, r.Text)
		}
	}
	return nil
}

// answerObject takes an answer given as the object wire.Answer names
// ({"step":N,"question":ID,"answer":KEY}): bound to the step and
// question its sender answered, so a driver racing the phones can never
// answer a question it did not see.
func (s *Session) answerObject(q *referee.Question, line string) error {
	var a wire.Answer
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil || a.Question == "" || strings.TrimSpace(a.Answer) == "" {
		s.reject(q, s.say("refused.object"))
		return nil
	}
	r := s.Table.Submit(s.command(table.Command{Kind: table.Answer, Step: a.Step, Question: a.Question, Text: strings.TrimSpace(a.Answer)}))
	switch r.Code {
	case table.OK:
		if q.Secret && a.Step == s.cur.Step && a.Question == q.ID {
			return s.afterSecret(q, r.Private)
		}
	case table.Failed:
		return r.Err
	default:
		s.reject(q, r.Text)
	}
	return nil
}

// refuseUnread refuses a line that is neither an answer nor a command (a
// blank line, an unknown ":command", a line too long), saying what to type,
// and reports whether it did.
func (s *Session) refuseUnread(q *referee.Question, in input) bool {
	switch in.kind {
	case emptyInput:
		s.reject(q, s.say("refused.empty"))
	case badInput:
		s.reject(q, s.reason(in.why))
	default:
		return false
	}
	return true
}

// showEvent shows one public ruling and keeps it for a recap.
func (s *Session) showEvent(ev table.Event) {
	s.events = append(s.events, ev)
	s.event(ev)
	s.teach(ev.Rule)
}

// afterSecret runs after a secret answer was taken at the laptop: the
// actor sees their private rulings where the front end can show them in
// private. The actor keeps the laptop until a question is for someone
// else (handBack).
func (s *Session) afterSecret(q *referee.Question, private []string) error {
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
	for i, n := range s.names {
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
	from := min(max(s.recapFrom, 0), len(s.events))
	lines := s.events[from:]
	s.recapFrom = len(s.events)
	if len(lines) == 0 {
		return
	}
	if len(lines) > recapLines {
		lines = lines[len(lines)-recapLines:]
	}
	s.fe.show(shown{kind: showNote, text: s.say("recap")})
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
	s.fe.stop(reason)
	msg := s.say("stop.saved")
	if s.SaveName != "" {
		msg = SavedIn(s.Lang, s.SaveName)
	}
	if errors.Is(err, ErrInputEnded) {
		msg = s.say("stop.ended", msg)
	}
	fmt.Fprintln(s.ErrOut, safetext.CleanLines(msg))
	return err
}

// SavedIn says where a game is saved and how to continue it, the save's
// path and the command each on a line of its own, so that a terminal
// breaks neither and either can be copied whole (no period after them).
func SavedIn(l locale.Lang, path string) string {
	return l.Sprintf("prompts.stop.savedin", path, ShellQuote(path))
}

// ShellQuote is path as a shell reads it back: as it is when it holds
// only characters no shell treats specially, else in single quotes.
func ShellQuote(path string) string {
	if path != "" && strings.Trim(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,:/@%") == "" {
		return path
	}
	return "'" + strings.ReplaceAll(path, "'", `'\''`) + "'"
}

// command is c as the laptop sends it.
func (s *Session) command(c table.Command) table.Command {
	c.From, c.Lang = table.Laptop, s.Lang
	return c
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
		return s.say("table")
	}
	if actor >= 0 && int(actor) < len(s.names) {
		return s.names[actor]
	}
	return s.say("player", int(actor)+1)
}

// playerNames lists the players' names cleaned for printing.
func (s *Session) playerNames() []string { return s.names }

// statusText is the board and status for a viewer as the table gives it
// to the laptop, fitted to the terminal's width.
func (s *Session) statusText(viewer referee.Viewer) string {
	st, err := s.Table.Peek(table.Laptop, viewer, s.Lang, Columns(s.Out))
	if err != nil {
		return s.reason(err)
	}
	return st.Text
}

// mailbox keeps the latest update for the laptop: the table puts
// updates in without waiting, the session takes them when it looks.
type mailbox struct {
	mu  sync.Mutex
	u   table.Update
	has bool
	// changed is closed at every put, and replaced.
	changed chan struct{}
}

func newMailbox() *mailbox { return &mailbox{changed: make(chan struct{})} }

// put merges u into what waits: the latest state, every ruling and
// message since the last take.
func (m *mailbox) put(u table.Update) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.has {
		u.Events = append(m.u.Events, u.Events...)
		u.Infos = append(m.u.Infos, u.Infos...)
		u.Rewound = u.Rewound || m.u.Rewound
		if u.Status == nil {
			u.Status = m.u.Status
		}
	}
	m.u, m.has = u, true
	close(m.changed)
	m.changed = make(chan struct{})
}

// take waits for an update and takes it.
func (m *mailbox) take() table.Update {
	for {
		if u, ok := m.poll(); ok {
			return u
		}
		_, _, changed := m.look()
		if u, ok := m.poll(); ok {
			return u
		}
		<-changed
	}
}

// poll takes the waiting update, if there is one.
func (m *mailbox) poll() (table.Update, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	u, has := m.u, m.has
	m.u, m.has = table.Update{}, false
	return u, has
}

// look returns the waiting update without taking it, and a channel
// closed at the next put.
func (m *mailbox) look() (table.Update, bool, <-chan struct{}) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.u, m.has, m.changed
}

// differs reports whether u asks the laptop something else than cur.
func differs(cur, u table.Update) bool {
	if u.Step != cur.Step || u.End != cur.End || u.Exit != nil || u.Rewound {
		return true
	}
	if (u.Confirm == nil) != (cur.Confirm == nil) || u.Confirm != nil && u.Confirm.ID != cur.Confirm.ID {
		return true
	}
	if (u.Question == nil) != (cur.Question == nil) {
		return true
	}
	return u.Question != nil && (u.Question.Hidden != cur.Question.Hidden || u.Question.Q.ID != cur.Question.Q.ID)
}
