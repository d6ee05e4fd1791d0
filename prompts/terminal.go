package prompts

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// clearScreen moves the cursor home and clears the screen and the
// scrollback, so a secret cannot be scrolled back to.
const clearScreen = "\x1b[H\x1b[2J\x1b[3J"

// stdinPump shares one input among the prompts of a session.
// Each prompt gets its own view; making a new view retires the old one,
// so a line editor left behind by an earlier prompt gets end-of-input
// instead of swallowing keys meant for the next prompt. Reads from the
// real input are made only on demand, one at a time.
type stdinPump struct {
	src      io.Reader
	cap      lineCap
	mu       sync.Mutex
	rest     []byte
	err      error
	inflight bool
	data     chan pumpChunk
	cur      *pumpView
	// intr is set while a prompt is interrupted (an answer came from a
	// phone): new views end at once until resume.
	intr bool
	// fresh: a new prompt began, so the next bytes read start a new line
	// for the cap (a list chooses on a digit without Enter, and a
	// thousand such answers must not count as one long line).
	fresh atomic.Bool
}

// lineCap keeps a pasted line from reaching a line editor in full.
// promptui's editor redrew the whole line, and promptui formatted and
// validated it, after every character, so a line of n characters cost
// time in n squared (a 40 KB paste took 16 s of CPU). Any line longer
// than maxLine characters is refused anyway, so lineCap passes on the
// first maxLine+1 characters of a line (enough for the line to be refused
// as too long, never cut down to something that could be taken) and drops
// the rest up to the line's end (CR or LF). Escape sequences (arrow keys)
// do not count as characters, a backspace takes one back. Where it starts
// dropping it passes on overMark instead, so rumref's own list, which
// does not keep every character it is given (control keys), still knows
// the line ran over.
type lineCap struct {
	n        int  // characters in the current line
	dropping bool // the line is over the cap: drop until its end
	esc      int  // 0 outside an escape sequence; 1 after ESC; 2 in a CSI or SS3 sequence
}

// filter returns what of b to pass on; it reuses b's memory.
func (c *lineCap) filter(b []byte) []byte {
	out := b[:0]
	for _, x := range b {
		switch {
		case x == '\r' || x == '\n':
			c.n, c.dropping, c.esc = 0, false, 0
			out = append(out, x)
			continue
		case c.dropping:
			continue
		case c.esc == 1:
			c.esc = 0
			if x == '[' || x == 'O' {
				c.esc = 2
			}
		case c.esc == 2:
			if x >= 0x40 && x <= 0x7e {
				c.esc = 0
			}
		case x == 0x1b:
			c.esc = 1
		case x == 0x7f || x == 0x08:
			c.n = max(0, c.n-1)
		case x&0xc0 == 0x80:
			// a UTF-8 continuation byte: part of the character counted
		case x == overMark:
			// Ctrl-_ typed is no character of a line, and passed on it
			// would read as the mark.
			c.n++
			continue
		default:
			c.n++
			if c.n > maxLine+1 {
				c.dropping = true
				out = append(out, overMark)
				continue
			}
		}
		out = append(out, x)
	}
	return out
}

// overMark stands, in what the pump passes on, for the rest of a line
// that lineCap dropped: the unit separator (Ctrl-_), which no key of
// rumref's list or line editor means anything by: both take it as the
// mark of a line too long to be taken (a NUL would end a line editor's
// line as if Enter were pressed).
const overMark = 0x1f

type pumpChunk struct {
	b   []byte
	err error
}

type pumpView struct {
	p    *stdinPump
	once sync.Once
	done chan struct{}
}

func newPump(src io.Reader) *stdinPump {
	return &stdinPump{src: src, data: make(chan pumpChunk, 1)}
}

// view returns a fresh reader for one prompt and retires the last one.
func (p *stdinPump) view() io.ReadCloser {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cur != nil {
		p.cur.Close()
	}
	v := &pumpView{p: p, done: make(chan struct{})}
	p.cur = v
	p.fresh.Store(true)
	if p.intr {
		v.Close()
	}
	return v
}

// interrupt ends the prompt now reading, and any started before resume:
// their line editors see the end of input.
func (p *stdinPump) interrupt() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.intr = true
	if p.cur != nil {
		p.cur.Close()
	}
}

// resume lets prompts read again and reports whether they were
// interrupted.
func (p *stdinPump) resume() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	was := p.intr
	p.intr = false
	return was
}

// Read serves bytes left over from an earlier read, or waits for the
// next read of the real input.
func (v *pumpView) Read(b []byte) (int, error) {
	p := v.p
	select {
	case <-v.done:
		return 0, io.EOF
	default:
	}
	p.mu.Lock()
	if len(p.rest) > 0 {
		n := copy(b, lineHead(p.rest))
		p.rest = p.rest[n:]
		p.mu.Unlock()
		return n, nil
	}
	if p.err != nil {
		err := p.err
		p.mu.Unlock()
		return 0, err
	}
	if !p.inflight {
		p.inflight = true
		go func() {
			buf := make([]byte, 1024)
			for {
				n, err := p.src.Read(buf)
				// Only one read is in flight, so the cap is used by
				// one goroutine at a time.
				if p.fresh.Swap(false) {
					p.cap = lineCap{}
				}
				kept := p.cap.filter(buf[:n])
				if len(kept) > 0 || err != nil {
					p.data <- pumpChunk{b: kept, err: err}
					return
				}
			}
		}()
	}
	p.mu.Unlock()
	select {
	case <-v.done:
		return 0, io.EOF
	case c := <-p.data:
		p.mu.Lock()
		defer p.mu.Unlock()
		p.inflight = false
		if c.err != nil {
			p.err = c.err
		}
		select {
		case <-v.done:
			// Retired while waiting: keep the bytes for the next view.
			p.rest = append(c.b, p.rest...)
			return 0, io.EOF
		default:
		}
		n := copy(b, lineHead(c.b))
		p.rest = append(p.rest, c.b[n:]...)
		if n == 0 && c.err != nil {
			return 0, c.err
		}
		return n, nil
	}
}

// lineHead is b up to and including its first line end (or Ctrl-C): a
// read never hands a line editor the keys after the Enter that ends its
// line, which belong to the next prompt.
func lineHead(b []byte) []byte {
	for i, x := range b {
		if x == '\r' || x == '\n' || x == 0x03 {
			return b[:i+1]
		}
	}
	return b
}

// flush drops what was typed and not read yet, so a key pressed before a
// prompt was shown (a second Enter on a pass screen) does not answer it.
// A read already waiting on the real input is left to finish: what it
// brings was typed after the flush.
func (p *stdinPump) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.rest = nil
	if p.inflight {
		select {
		case c := <-p.data:
			p.inflight = false
			if c.err != nil {
				p.err = c.err
			}
		default:
		}
	}
}

// Close retires the view.
func (v *pumpView) Close() error {
	v.once.Do(func() { close(v.done) })
	return nil
}

// terminal is the raw-terminal side of a session: rumref's own selection
// lists (list.go), pauses (pause.go) and line editor (line.go).
type terminal struct {
	pump *stdinPump
	// out is the output; on a terminal it is crlf, which starts each
	// line at the left edge while the input is raw.
	out  io.Writer
	crlf *crlfWriter
	pal  palette
	// inFd and outFd are the terminal's descriptors (-1 when In or Out
	// is not a file): the input is kept raw for the whole session, and
	// lists fit the output's width.
	inFd, outFd int
	restore     func()
	// session: the input stays raw until done (a Session); otherwise
	// (setup questions) only while a list is shown.
	session bool
	// secretShown: something only one player may see has been shown
	// since the screen was last cleared.
	secretShown bool
}

func newTerminal(in io.Reader, out io.Writer, pal palette) *terminal {
	t := &terminal{pump: newPump(in), out: out, pal: pal, inFd: -1, outFd: -1}
	// Raw mode works on the standard input whatever In is (often a
	// bufio.Reader over it).
	inF, ok := in.(*os.File)
	if !ok {
		inF = os.Stdin
	}
	if isTerminal(inF) {
		t.inFd = int(inF.Fd())
	}
	outF, ok := out.(*os.File)
	if !ok {
		outF = os.Stdout
	}
	if isTerminal(outF) {
		t.outFd = int(outF.Fd())
		t.crlf = &crlfWriter{w: out}
		t.out = t.crlf
	}
	return t
}

// raw puts the input in raw mode. In a session it stays raw from the
// first prompt on, so keys typed between two prompts are neither echoed
// nor held back by the line discipline; done puts the terminal back.
// It returns what to call when the prompt is over.
func (t *terminal) raw() func() {
	if t.restore == nil && t.inFd >= 0 {
		t.restore = makeRaw(t.inFd)
		if t.restore != nil && t.crlf != nil {
			t.crlf.raw.Store(true)
		}
	}
	if t.session {
		return func() {}
	}
	return t.done
}

func (t *terminal) done() {
	if t.restore != nil {
		t.restore()
		t.restore = nil
		if t.crlf != nil {
			t.crlf.raw.Store(false)
		}
	}
}

// width is the output's width in columns (80 when it is not known).
func (t *terminal) width() int {
	if t.outFd >= 0 {
		if w := termWidth(t.outFd); w > 0 {
			return w
		}
	}
	return 80
}

// height is the output's height in lines (0 when it is not known).
func (t *terminal) height() int {
	if t.outFd >= 0 {
		return termHeight(t.outFd)
	}
	return 0
}

// promptErr turns the errors of a read at the terminal (the key
// reader's of a list, a pause or a typed line) into the session's.
func promptErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, io.EOF):
		return ErrInputEnded
	}
	return fmt.Errorf("reading from the terminal: %w", err)
}

// choose shows a selection list and returns what was chosen.
func (t *terminal) choose(spec listSpec) (listResult, error) {
	defer t.raw()()
	t.pump.flush() // a key pressed before the list was shown chose nothing
	v := t.pump.view()
	defer v.Close()
	return runList(spec, v, t.out, t.width(), t.pal)
}

// prompt runs a typed prompt. A line that validate refuses is not kept in
// the editor: the reason is shown under it and the prompt is asked again
// with an empty line, so a refused "7" and a "4" typed next are "4", not
// "74". A line too long to be taken is refused the same way.
func (t *terminal) prompt(label string, validate func(string) error, mask bool) (string, error) {
	return t.promptWith(label, promptRoom, validate, mask)
}

// promptText asks for a line of text, which may be long (a name, the
// kept wares, a card's text): the label leaves textRoom columns for it
// (a longer line is shown around the cursor: editLine).
func (t *terminal) promptText(label string, validate func(string) error, mask bool) (string, error) {
	return t.promptWith(label, textRoom, validate, mask)
}

// promptWith is prompt with room columns left after the label's last line.
func (t *terminal) promptWith(label string, room int, validate func(string) error, mask bool) (string, error) {
	label = t.fitLabel(label, room)
	for {
		s, err := t.editLine(label, mask)
		if err != nil {
			return s, err
		}
		if validate == nil || tooLongLine(s) {
			return s, nil
		}
		if err := validate(s); err != nil {
			why := safetext.CleanLines(errText(t.pal.lang, err))
			fmt.Fprintln(t.out, wrapText("   "+t.pal.bad(t.pal.say("list.nottaken"))+" "+why, t.width()-1))
			continue
		}
		return s, nil
	}
}

// promptRoom is the room a prompt keeps after its label: a few columns
// for the answer and the cursor, a confirm's "(y/N)".
const promptRoom = 12

// textRoom is the room a typed line of text gets after its label.
const textRoom = 40

// fitLabel keeps a prompt's label on one line of the terminal: a prompt
// redraws its line at every key, and a label that wraps is drawn again
// below itself. The words that do not fit are printed above as text and
// the last line is the label.
func (t *terminal) fitLabel(label string, room int) string {
	lines := t.labelLines(label, room)
	for _, l := range lines[:len(lines)-1] {
		fmt.Fprintln(t.out, l)
	}
	return lines[len(lines)-1]
}

// ruling prints one ruling, "  * TEXT (rule)". A line of it wider than
// the terminal is wrapped between words under a hanging indent (a
// terminal breaks a long line in the middle of a word); lines that fit
// are printed as they are.
func (t *terminal) ruling(text, rule string) {
	fmt.Fprintln(t.out, wrapText("  * "+strings.ReplaceAll(text, "\n", "\n    ")+" "+rule, t.width()-1))
}

// waitEnter shows a line and waits for Enter; what was typed before it
// was shown does not count.
func (t *terminal) waitEnter(label string) error {
	t.pump.flush()
	return t.pause(label)
}

// clear clears the screen.
func (t *terminal) clear() {
	fmt.Fprint(t.out, clearScreen)
	t.secretShown = false
}

// validator accepts meta commands and answers the engine would take;
// its refusals are in l.
func validator(l locale.Lang, q *referee.Question) func(string) error {
	return func(s string) error {
		in := parseInput(q, s)
		switch in.kind {
		case metaInput:
			return nil
		case emptyInput:
			return referee.Errorf("prompts.refused.typeanswer")
		case badInput:
			return in.why
		}
		if multiValues(q, s) != nil {
			return nil // several answers: the session checks each
		}
		if _, err := q.Validate(in.raw); err != nil {
			return errors.New(errText(l, err) + commandHint(l, q, s))
		}
		return nil
	}
}

// question asks q and returns the line to handle: an option key, a number
// or a meta command (":undo"). Secret questions first show a
// pass-the-laptop screen (once per question: passed says it was shown)
// and are typed masked.
func (t *terminal) question(q *referee.Question, name string, passed bool, markPassed func()) (string, error) {
	line := t.pal.questionLine(name, q)
	name = capital(safetext.Clean(name))
	if q.Secret {
		if !passed {
			if err := t.passTo(name); err != nil {
				return "", err
			}
			markPassed()
		}
		fmt.Fprintln(t.out)
		for _, l := range fitLines(line, t.width()-1) {
			fmt.Fprintln(t.out, l)
		}
		if q.Kind == referee.Choice {
			writeList(t.out, questionList(line, q), t.width(), t.pal)
		} else {
			writeOptions(t.out, t.pal.lang, q)
		}
		label := t.pal.say("secret.answer")
		if q.Kind == referee.TextLine {
			// A line of text (the kept wares), not an option's number.
			label = t.pal.say("secret.answertext")
			return t.promptText(label, validator(t.pal.lang, q), true)
		}
		return t.prompt(label, validator(t.pal.lang, q), true)
	}
	fmt.Fprintln(t.out)
	if q.Kind == referee.Number && q.Max-q.Min < maxListed && q.Min >= 0 {
		// A die (or a small count) is chosen as a list's option is: its
		// digit answers at once, as at a roll with rum (rollWithRum's
		// list), so every roll is entered the same way.
		res, err := t.choose(numberList(line, q))
		if err != nil {
			return "", err
		}
		if res.index >= 0 {
			return strconv.Itoa(q.Min + res.index), nil
		}
		return res.line, nil
	}
	if q.Kind == referee.Number {
		return t.prompt(t.pal.say("prompt.number", line, q.Min, q.Max), validator(t.pal.lang, q), false)
	}
	if q.Kind == referee.TextLine {
		writeOptions(t.out, t.pal.lang, q)
		return t.promptText(t.pal.say("prompt.text", line), validator(t.pal.lang, q), false)
	}
	res, err := t.choose(questionList(line, q))
	if err != nil {
		return "", err
	}
	if res.index >= 0 {
		return q.Options[res.index].Key, nil
	}
	return res.line, nil // a command, or a line the session refuses as it is
}

// maxListed is the most numbers a number question may take for the
// terminal to ask it as a list (a die's six, a count of coins).
const maxListed = 20

// numberList is the selection list of a number question: its numbers,
// each chosen by typing it.
func numberList(label string, q *referee.Question) listSpec {
	var keys []string
	for n := q.Min; n <= q.Max; n++ {
		keys = append(keys, strconv.Itoa(n))
	}
	return listSpec{label: label, items: listItems(keys, keys, false), commands: true}
}

// questionList is the selection list of a choice question.
func questionList(label string, q *referee.Question) listSpec {
	keys := make([]string, len(q.Options))
	labels := make([]string, len(q.Options))
	for i, o := range q.Options {
		keys[i], labels[i] = o.Key, o.Label
	}
	items := listItems(keys, labels, numbered(q))
	differ := false
	for i, o := range q.Options {
		// A key the list shows as the option's number (r5) is no secret.
		differ = differ || (o.Label != "" && o.Label != o.Key && items[i].short != o.Key)
	}
	return listSpec{label: label, items: items, commands: true, keys: differ}
}

// passBack ends a secret answer (keep): the actor reads their private
// rulings and keeps the laptop; or it takes the laptop back (not keep):
// the screen is cleared once its holder has pressed Enter.
func (t *terminal) passBack(name string, private []string, keep bool) error {
	if keep {
		fmt.Fprintln(t.out, t.pal.secret(t.pal.say("pass.takenhidden")))
		for _, p := range private {
			fmt.Fprintln(t.out, wrapText(t.pal.secret("  "+t.pal.say("pass.only", name)+" ")+safetext.CleanLines(p), t.width()-1))
		}
		return nil
	}
	if err := t.waitEnter(t.pal.say("pass.clear", capital(name))); err != nil {
		return err
	}
	t.clear()
	return nil
}

// passTo waits until name has the laptop, then clears the screen for
// what only they may see. The pass screen is drawn below what the table
// was reading (the setup, the last rulings), so nothing public is cleared
// away before the table has read it; only when something secret may be on
// the screen (a player who held the laptop, a peek) is it cleared first.
func (t *terminal) passTo(name string) error {
	if t.secretShown {
		t.clear()
	}
	fmt.Fprintln(t.out)
	fmt.Fprintln(t.out, t.pal.secret(t.pal.say("pass.secret", t.pal.say("pass.words", name))))
	if err := t.waitEnter(t.pal.say("pass.have", name)); err != nil {
		return err
	}
	t.clear()
	t.secretShown = true
	return nil
}

// private runs f for name's eyes only: a pass-the-laptop screen first, and
// afterwards the screen is cleared for the laptop to go back.
func (t *terminal) private(name string, f func() error) error {
	if err := t.passTo(name); err != nil {
		return err
	}
	if err := f(); err != nil {
		return err
	}
	if err := t.waitEnter(t.pal.say("pass.clear", name)); err != nil {
		return err
	}
	t.clear()
	return nil
}

// termFront is the terminal front end (--io terminal): rumref's own
// selection lists and prompts, masked secret input, and pass-the-laptop
// screens that clear the screen, so it can show a player something in
// private. Its text between questions is the plain front end's.
type termFront struct {
	s *Session
	t *terminal
	// stopped is a quit (or the end of the input) met at a pause between
	// two parts of a status (status returns nothing): the next read
	// returns it.
	stopped error
}

func (f *termFront) can() abilities { return abilities{private: true, followUp: true, lists: true} }

func (f *termFront) ask(a asking) func() (string, error) {
	s, t := f.s, f.t
	if err := f.stopped; err != nil {
		// Quit (or the input ended) at a pause of a paged status.
		f.stopped = nil
		return func() (string, error) { return "", err }
	}
	switch a.kind {
	case askQuestion:
		return func() (string, error) { return t.question(a.q, s.name(a.q.Actor), a.passed, a.markPassed) }
	case askPhone:
		// Nobody passes the laptop: the answer comes from the phone and
		// ends this wait.
		name := capital(s.name(a.actor))
		fmt.Fprintln(t.out)
		fmt.Fprintln(t.out, t.pal.secret(s.say("phone.onphone", name)))
		return func() (string, error) {
			return "", t.waitEnter(s.say("phone.takehere", name))
		}
	case askConfirm:
		if a.actor.Player() {
			// The laptop goes to that player and back: whoever held it
			// after a secret answer holds it no more.
			s.passed = ""
		}
		return func() (string, error) {
			var ok bool
			ask := func() error {
				var err error
				ok, err = t.confirm(a.text)
				return err
			}
			var err error
			if a.actor.Player() {
				// At the laptop, only after a pass-the-laptop screen.
				err = t.private(capital(s.name(a.actor)), ask)
			} else {
				err = ask()
			}
			if ok {
				return "yes", err
			}
			return "no", err
		}
	case askValue:
		fmt.Fprintln(s.Out, a.head)
		if a.q.Kind == referee.Choice {
			// As a list shows them: numbers and labels, no keys.
			writeList(s.Out, questionList("", a.q), t.width(), t.pal)
		} else {
			writeOptions(s.Out, s.Lang, a.q)
		}
		return func() (string, error) {
			v, err := t.prompt(a.text, func(v string) error {
				if strings.TrimSpace(v) == "" {
					return nil
				}
				_, err := a.q.Validate(optionKey(a.q, v))
				return err
			}, a.secret)
			if err != nil || strings.TrimSpace(v) == "" {
				return "", err
			}
			return a.q.Validate(optionKey(a.q, v))
		}
	case askSeat:
		return func() (string, error) {
			names := s.playerNames()
			keys := append(slices.Clone(names), "nobody")
			res, err := t.choose(listSpec{label: s.say("peek.whoselist"), items: listItems(keys, append(slices.Clone(names), s.say("peek.nobody")), true)})
			if err != nil {
				return "", err
			}
			if res.index < 0 || res.index >= len(names) {
				return "", errBack
			}
			return fmt.Sprint(res.index + 1), nil
		}
	case askSetup:
		if a.q.Kind == referee.TextLine {
			return func() (string, error) { return t.promptText(a.q.Text, a.check, false) }
		}
		return func() (string, error) {
			spec := questionList(safetext.CleanLines(a.q.Text), a.q)
			spec.menuCommands = s.setupMenu(a.takeBack)
			res, err := t.choose(spec)
			if err != nil {
				return "", err
			}
			if res.index < 0 {
				return res.line, nil // a command, or a line for the session to check
			}
			return a.q.Options[res.index].Key, nil
		}
	case askSetupYesNo:
		return func() (string, error) {
			ok, err := t.confirm(a.q.Text)
			if ok {
				return "yes", err
			}
			return "no", err
		}
	}
	if a.kind == askPause {
		// What to read first (the board to build), a screen at a time.
		return func() (string, error) { return "", t.page(strings.Join(a.parts, "\n"), a.text) }
	}
	return func() (string, error) { return "", t.waitEnter(a.text) }
}

func (f *termFront) show(m shown) {
	switch m.kind {
	case showEvent:
		f.t.ruling(f.s.pal.names(m.text), f.s.pal.quiet("("+m.event.Rule+")"))
		return
	case showInfo, showNote, showSecret, showLine:
		// A sentence wraps between words at the terminal's width; a
		// ruling does so too (ruling), the reference texts come fitted.
		m.text = wrapText(m.text, f.t.width()-1)
	case showMessage:
		// What is said around a game (the setup lines) wraps too; the
		// board picture's rows come fitted to the full width.
		m.text = wrapText(m.text, f.t.width())
	case showHelp:
		// A command's description wraps under itself, not under the
		// commands' column.
		lines := strings.Split(m.commands, "\n")
		for i, l := range lines {
			if i > 0 && strings.HasPrefix(l, "  ") {
				lines[i] = strings.Join(safetext.Wrap(l, f.t.width()-1, strings.Repeat(" ", m.col)), "\n")
			}
		}
		m.commands = strings.Join(lines, "\n")
		f.wrapped(f.t.width()-1, func(w io.Writer) { showText(w, f.s, m) })
		return
	case showLog, showEnd:
		// Written whole, then wrapped: a line of the log under its first
		// word, the final status as the status is (status).
		width := f.t.width() - 1
		if m.kind == showEnd {
			width++
		}
		f.wrapped(width, func(w io.Writer) { showText(w, f.s, m) })
		return
	}
	showText(f.s.Out, f.s, m)
}

// wrapped writes what write writes, its lines wrapped between words at
// width columns (wrapText): what the terminal would break in the middle
// of a word.
func (f *termFront) wrapped(width int, write func(w io.Writer)) {
	var b strings.Builder
	write(&b)
	io.WriteString(f.s.Out, wrapText(b.String(), width))
}

func (f *termFront) refuse(q *referee.Question, why string) {
	// A label's columns are kept free on every line of the sentence.
	refuseText(f.s, q, wrapText(why, f.t.width()-1-safetext.Width(f.s.refusalLabel(q))))
}

// stop clears the screen when a player still holds the laptop after a
// secret answer (quit or Ctrl-C at their own next question): their
// private rulings are not left on it for whoever comes next. It puts the
// terminal back, so that the message on how to continue (on standard
// error) starts its lines at the left edge.
func (f *termFront) stop(string) {
	if f.s.passed != "" {
		f.s.passed = ""
		f.t.clear()
	}
	f.t.done()
}

func (f *termFront) hold() { f.t.session = true }

func (f *termFront) done() { f.t.done() }

// status shows the public board and status, or, inside pass, a
// player's private view.
func (f *termFront) status(viewer referee.Viewer) {
	s := f.s
	// The board picture's rows come fitted to the full width; the lines
	// of text are wrapped between words; a board taller than the screen
	// is shown a screen at a time.
	var b strings.Builder
	if seat, ok := viewer.Seat(); ok {
		fmt.Fprintln(&b, s.pal.secret(s.say("peek.view", s.name(seat))))
		fmt.Fprintln(&b, strings.TrimRight(s.statusText(viewer), "\n"))
	} else {
		statusText(&b, s, viewer)
	}
	if err := f.t.page(s.pal.names(s.pal.board(b.String())), ""); err != nil {
		f.stopped = err
	}
}

// pass shows fn's screen to one player; the screen is cleared after it,
// so whoever held the laptop gave it up, and the public rulings are shown
// again.
func (f *termFront) pass(p passing, fn func() error) error {
	f.s.passed = ""
	if err := f.t.private(p.to, fn); err != nil {
		return err
	}
	f.s.recap()
	return nil
}

func (f *termFront) passBack(name string, private []string, keep bool) error {
	if err := f.t.passBack(name, private, keep); err != nil || keep {
		return err
	}
	f.s.recap()
	return nil
}

func (f *termFront) interrupt() { f.t.pump.interrupt() }

// resume readies the next prompt; an interrupted prompt's line is ended,
// and the keys typed for it and not read yet are dropped, so they cannot
// answer the question shown next.
func (f *termFront) resume() bool {
	was := f.t.pump.resume()
	if was {
		f.t.pump.flush()
		fmt.Fprintln(f.s.Out)
	}
	return was
}
