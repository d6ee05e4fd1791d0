package prompts

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// lineFront reads one answer per line; the plain and JSON front ends
// share it. When other clients may answer (Session.Shared), lines are
// read by a goroutine (at most one ahead) so that waiting for one can be
// interrupted.
type lineFront struct {
	s     *Session
	once  sync.Once
	lines chan lineResult
	mu    sync.Mutex
	intr  chan struct{} // closed by interrupt
	was   bool          // interrupt was called since the last resume
	// stale are lines read for a question that went away (resume);
	// ended is the end of input met while draining one.
	stale []string
	ended error
}

type lineResult struct {
	line string
	err  error
}

// readLine reads one line of input.
func (l *lineFront) readLine() (string, error) {
	s := l.s
	if !s.Shared {
		return readLine(s.r)
	}
	l.once.Do(func() {
		l.lines = make(chan lineResult)
		go func() {
			for {
				line, err := readLine(s.r)
				l.lines <- lineResult{line, err}
				if err != nil {
					return
				}
			}
		}()
	})
	l.mu.Lock()
	if l.ended != nil {
		err := l.ended
		l.mu.Unlock()
		return "", err
	}
	if l.intr == nil {
		l.intr = make(chan struct{})
	}
	intr := l.intr
	l.mu.Unlock()
	select {
	case r := <-l.lines:
		if r.err != nil {
			// The reader has stopped: every later read meets the same end
			// (this one may be set aside as interrupted).
			l.mu.Lock()
			l.ended = r.err
			l.mu.Unlock()
		}
		return r.line, r.err
	case <-intr:
		return "", io.EOF
	}
}

func (l *lineFront) interrupt() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.intr == nil {
		l.intr = make(chan struct{})
	}
	if !l.was {
		close(l.intr)
		l.was = true
	}
}

// resume readies the next read after an interrupt. A line read before
// it, for the question that went away, is kept aside (stale) so the
// session refuses it rather than let it answer the question shown next.
func (l *lineFront) resume() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	was := l.was
	if was {
		l.intr, l.was = nil, false
		select {
		case r := <-l.lines:
			if r.err == nil {
				l.stale = append(l.stale, r.line)
			} else {
				l.ended = r.err
			}
		default:
		}
	}
	return was
}

// staleLines are the lines read for a question that went away since the
// last call.
func (l *lineFront) staleLines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := l.stale
	l.stale = nil
	return out
}

// plainFront is the plain front end (--io plain): plain, optionally
// colored lines out, one answer per line in. It cannot hide anything, so
// secrets are typed in the open after a pass-the-laptop line.
type plainFront struct {
	lineFront
}

func (p *plainFront) can() abilities { return abilities{followUp: true} }

// ask writes a question as plain lines: who answers and what, then the
// numbered options (or the range), then a "> " prompt.
//
//	Ann: Which tile did you draw? (draw)
//	  1) pub.3  Pub with 3 mugs
//	  2) pub.4  Pub with 4 mugs
//	>
func (p *plainFront) ask(a asking) func() (string, error) {
	s := p.s
	w := s.Out
	switch a.kind {
	case askQuestion:
		q := a.q
		name := s.name(q.Actor)
		fmt.Fprintln(w)
		if q.Secret && !a.passed {
			fmt.Fprintln(w, s.pal.secret(s.say("pass.secret", s.passWords(name))))
			fmt.Fprintln(w, s.pal.secret(s.say("pass.plainnohide")))
			if a.markPassed != nil {
				a.markPassed()
			}
		}
		fmt.Fprintln(w, s.pal.questionLine(name, q))
		writeOptions(w, s.Lang, q)
		fmt.Fprint(w, "> ")
	case askPhone:
		fmt.Fprintln(w)
		fmt.Fprintln(w, s.pal.secret(s.say("phone.answering", capital(s.name(a.actor)), s.passWords(capital(s.name(a.actor))))))
		fmt.Fprint(w, "> ")
	case askConfirm:
		if a.actor.Player() {
			fmt.Fprintln(w, s.pal.secret(s.say("pass.secret", s.passWords(capital(s.name(a.actor))))))
		}
		fmt.Fprintln(w, s.pal.secret(a.text)+" "+s.say("yesno"))
	case askValue:
		return p.askValue(a)
	case askSeat:
		fmt.Fprintln(w, s.say("peek.plainwhose"))
		for i, n := range s.playerNames() {
			fmt.Fprintf(w, "  %d) %s\n", i+1, n)
		}
	case askEnter:
		fmt.Fprintln(w, s.pal.secret(a.text))
	case askSetup:
		if a.q.Kind == referee.TextLine {
			fmt.Fprintf(w, "%s\n> ", a.q.Text)
			return p.setupLine
		}
		fmt.Fprintln(w, a.q.Text)
		writeOptions(w, s.Lang, a.q)
		fmt.Fprint(w, "> ")
		return p.setupLine
	case askSetupYesNo:
		fmt.Fprintf(w, "%s %s\n> ", a.q.Text, s.say("yesno"))
		return p.setupLine
	case askPause:
		for _, m := range a.parts {
			p.show(shown{kind: showMessage, text: m})
		}
		return func() (string, error) { return "", nil }
	}
	return p.readLine
}

// setupLine reads one answer to a setup question; ":quit" quits.
func (l *lineFront) setupLine() (string, error) {
	s, err := l.readLine()
	if err != nil {
		return "", err
	}
	if t := strings.TrimSpace(s); strings.HasPrefix(t, ":") && metaName(t[1:]) == "quit" {
		return "", ErrQuit
	}
	return s, nil
}

// optionKey is a correction's new value v for q as the question takes
// it: an option's number, as its list shows it, stands for its key.
func optionKey(q *referee.Question, v string) string {
	if in := parseInput(q, v); in.kind == answerInput {
		return in.raw
	}
	return strings.TrimSpace(v)
}

// askValue writes a correction's question and reads the new value.
func (l *lineFront) askValue(a asking) func() (string, error) {
	fmt.Fprintln(l.s.Out, a.head)
	writeOptions(l.s.Out, l.s.Lang, a.q)
	fmt.Fprint(l.s.Out, a.text+"\n> ")
	return func() (string, error) {
		line, err := l.readLine()
		if err != nil || strings.TrimSpace(line) == "" {
			return "", err
		}
		return optionKey(a.q, line), nil
	}
}

func (p *plainFront) show(m shown) { showText(p.s.Out, p.s, m) }

func (p *plainFront) refuse(q *referee.Question, why string) { refuseText(p.s, q, why) }

func (p *plainFront) stop(string) {}

func (l *lineFront) hold() {}

func (l *lineFront) done() {}

// status shows the public board and status, or a player's private view
// between the lines of a peek.
func (p *plainFront) status(viewer referee.Viewer) {
	s := p.s
	if seat, ok := viewer.Seat(); ok {
		fmt.Fprintln(s.Out, s.pal.secret(s.say("peek.plainview", s.name(seat))))
		fmt.Fprintln(s.Out, s.statusText(viewer))
		return
	}
	statusText(s.Out, s, viewer)
}

// pass addresses the player on one line. Plain mode cannot hide what is
// typed nor clear the screen; a look at a private view waits for Enter
// before and after it.
func (p *plainFront) pass(to passing, f func() error) error {
	s := p.s
	if to.typing {
		fmt.Fprintln(s.Out, s.pal.secret(s.say("pass.secret", s.passWords(to.to))+" "+s.say("pass.plainnohide")))
		if err := f(); err != nil {
			return err
		}
		fmt.Fprintln(s.Out, s.pal.secret(s.say("pass.back")))
		return nil
	}
	fmt.Fprintln(s.Out, s.pal.secret(s.say("pass.plainlook", capital(s.passWords(to.to)))))
	if _, err := p.readLine(); err != nil {
		return err
	}
	if err := f(); err != nil {
		return err
	}
	fmt.Fprintln(s.Out, s.pal.secret(s.say("peek.plainend")))
	_, err := p.readLine()
	return err
}

// passBack says a secret answer was taken (keep: its player keeps the
// laptop while the questions are theirs), or that the laptop goes back.
func (p *plainFront) passBack(_ string, _ []string, keep bool) error {
	if keep {
		p.s.info(p.s.say("pass.taken"))
	} else {
		p.s.info(p.s.say("pass.back"))
	}
	return nil
}

// showText writes m to w as text lines: the plain front end's and the
// terminal's output between questions.
func showText(w io.Writer, s *Session, m shown) {
	switch m.kind {
	case showEvent:
		fmt.Fprintln(w, "  * "+m.text+" "+s.pal.quiet("("+m.event.Rule+")"))
	case showInfo:
		fmt.Fprintln(w, s.pal.good(m.text))
	case showHeading:
		fmt.Fprintln(w, s.pal.heading(m.text))
	case showNote:
		fmt.Fprintln(w, s.pal.quiet(m.text))
	case showSecret:
		fmt.Fprintln(w, s.pal.secret(m.text))
	case showLine:
		fmt.Fprintln(w, m.text)
	case showLog:
		logText(w, s)
	case showHelp:
		if m.question != "" {
			fmt.Fprintln(w, m.question)
		}
		fmt.Fprintln(w, m.commands)
		if m.refs != "" {
			fmt.Fprintln(w, s.pal.heading(s.say("help.fromrules")))
			fmt.Fprintln(w, m.refs)
		}
	case showRules:
		fmt.Fprintln(w, m.text)
	case showMessage:
		if m.text != "" {
			fmt.Fprintln(w, safetext.CleanLines(m.text))
		}
	case showEnd:
		fmt.Fprintln(w, s.pal.heading(s.say("end")))
		fmt.Fprintln(w, strings.TrimRight(s.statusText(referee.Public), "\n"))
	}
}

// statusText writes the public board and status to w as text.
func statusText(w io.Writer, s *Session, viewer referee.Viewer) {
	fmt.Fprintln(w, s.pal.heading(s.say("status.public")))
	fmt.Fprintln(w, strings.TrimRight(s.statusText(viewer), "\n"))
}

// refuseText says as text why a line was not taken; a rejection names
// the rule of the question it was given for.
func refuseText(s *Session, q *referee.Question, why string) {
	fmt.Fprintln(s.Out, s.pal.bad(s.refusalLabel(q))+why)
}

// refusalLabel opens a refusal: "Not taken: ", with q's rule when it has one.
func (s *Session) refusalLabel(q *referee.Question) string {
	if q != nil && q.Rule != "" {
		return s.say("refused.rule", q.Rule) + " "
	}
	return s.say("refused") + " "
}

// logText writes to w the answers and rulings in the public view.
// Answers are numbered as correct expects; secret answers show as
// "(secret)".
func logText(w io.Writer, s *Session) {
	log := s.Table.Log(s.Lang)
	if len(log) == 0 {
		fmt.Fprintln(w, s.say("log.empty"))
		return
	}
	fmt.Fprintln(w, s.pal.heading(s.say("log.head")))
	for _, e := range log {
		if e.N == 0 {
			fmt.Fprintf(w, "        * %s %s\n", e.Text, s.pal.quiet("("+e.Rule+")"))
			continue
		}
		rule := ""
		if e.Rule != "" {
			rule = " " + s.pal.quiet("("+e.Rule+")")
		}
		answer := shownAnswer(e)
		if e.Label != "" && (s.Lang != locale.English || s.fe != nil && s.fe.can().lists) {
			answer = e.Label // the terminal (and another language) names options by label, not by key
		}
		fmt.Fprintf(w, "  %4d. %s -> %s%s\n", e.N, Named(capital(s.name(e.Actor)), strings.TrimRight(e.Text, " ")), answer, rule)
	}
}

// QuestionLine is the line that asks q of the player called name, exactly
// as the session prints it in plain mode and a terminal (without color):
// the name, the question's text and its rule, "Ann: What did you roll?
// (t.roll)"; a text that opens with the name has it once ("Ann's turn
// ...", not "Ann: Ann's turn ..."). Text from outside is cleaned (see safetext.Clean).
func QuestionLine(name string, q *referee.Question) string {
	return palette{}.questionLine(name, q)
}

// WriteQuestion writes q as plain mode asks it, in language l, without
// color and without the "> " prompt: the question line, then the options
// or the range.
func WriteQuestion(w io.Writer, l locale.Lang, name string, q *referee.Question) {
	q = localized(q, l)
	fmt.Fprintln(w, QuestionLine(name, q))
	writeOptions(w, l, q)
}

func (p palette) questionLine(name string, q *referee.Question) string {
	rule := ""
	if q.Rule != "" {
		rule = " " + p.quiet("("+q.Rule+")")
	}
	name = capital(safetext.Clean(name))
	text := safetext.CleanLines(q.Text)
	if lead, rest, ok := afterName(name, text); ok {
		return lead + p.who(name) + rest + rule
	}
	return p.who(name) + ": " + text + rule
}

// afterName returns what follows name in a text that opens with it ("Ann's
// turn", "Ann: keep the ware?", "Ann, action 2 of 3"), so that the name
// is not given twice; lead is the catalog check's marks before the name.
func afterName(name, text string) (lead, rest string, ok bool) {
	body := strings.TrimLeft(text, locale.Open)
	rest, ok = strings.CutPrefix(body, name)
	return text[:len(text)-len(body)], rest, ok && rest != "" && strings.ContainsRune(":,' ", rune(rest[0]))
}

// Named is text after the name of the one it is asked of, "Ann: What did
// you roll?", or the text alone when it opens with the name ("Ann's turn
// ..."), as the questions and the log show it.
func Named(name, text string) string {
	if lead, rest, ok := afterName(name, text); ok {
		return lead + name + rest
	}
	return name + ": " + text
}

// writeOptions lists a question's legal answers, one per line, in l.
func writeOptions(w io.Writer, l locale.Lang, q *referee.Question) {
	if q.Kind == referee.Number {
		fmt.Fprintln(w, "  "+l.Sprintf("prompts.options.number", q.Min, q.Max))
		return
	}
	if q.Kind == referee.TextLine {
		if ex := q.ExampleIn(l); ex != "" {
			fmt.Fprintln(w, "  "+l.Sprintf("prompts.options.textexample", safetext.Clean(ex)))
		} else {
			fmt.Fprintln(w, "  "+l.Sprintf("prompts.options.text"))
		}
		return
	}
	width := 0
	for _, o := range q.Options {
		width = max(width, safetext.Width(safetext.Clean(o.Key)))
	}
	num := numbered(q)
	for i, o := range q.Options {
		key, label := safetext.Clean(o.Key), ""
		key += strings.Repeat(" ", width-safetext.Width(key))
		if o.Label != "" && o.Label != o.Key {
			label = "  " + safetext.Clean(o.Label)
		}
		if num && l != locale.English && o.Label != "" {
			// Numbered options are typed by number or label: a key,
			// an English word, is not shown beside a label in another
			// language (it is still taken).
			key, label = safetext.Clean(o.Label), ""
		}
		if num {
			fmt.Fprintf(w, "  %d) %s%s\n", i+1, key, label)
		} else {
			fmt.Fprintf(w, "  %s%s\n", key, label)
		}
	}
}

// readLine reads one line from r without its line ending. A last line
// without a newline still counts; at the end of input it returns
// ErrInputEnded. A line longer than maxLineBytes is read to its end but
// not kept: readLine returns tooLong, which parseInput refuses, so a
// runaway input cannot fill memory and an overlong line is never cut
// down to something that looks valid.
func readLine(r *bufio.Reader) (string, error) {
	var buf []byte
	over := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !over {
			if len(buf)+len(chunk) > maxLineBytes+2 { // +2: the line ending
				over, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		line := strings.TrimSuffix(strings.TrimSuffix(string(buf), "\n"), "\r")
		if over {
			line = tooLong
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				if over || len(buf) > 0 {
					return line, nil
				}
				return "", ErrInputEnded
			}
			return "", fmt.Errorf("reading the answer: %w", err)
		}
		return line, nil
	}
}
