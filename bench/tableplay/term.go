package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/creack/pty"

	"rumref/wire"
)

// terminal plays the same game in rumref's terminal front end on a
// pseudo-terminal, typing each answer the JSON session chose with the
// fewest keys that front end takes, and counts the keys pressed and the
// pass-the-laptop screens shown.
//
// Two kinds of selection list are known, told apart by the help line they
// draw: promptui's (221e179: arrow keys move, Enter chooses), where an
// option costs Down once per option above it and Enter; and rumref's own
// list (a digit chooses at once), where an option costs its number's
// digits and, when a longer number starts with them, Enter. Typed prompts
// (dice, secret answers, which take an option's number too) cost the
// characters and Enter; a pass screen or "press Enter" costs one Enter.
type terminal struct {
	cmd  *exec.Cmd
	f    *os.File
	mu   sync.Mutex
	buf  bytes.Buffer
	mark int
	done chan struct{}
	// passes and keys are the figures; log keeps the last screens for
	// an error.
	passes, keys int
	// entered is the "press Enter" line last answered: the terminal
	// draws it once more as it takes the Enter, which is not a new one.
	entered string
	// For an error: when rumref started, when the last keys were sent,
	// and what ended the output (readErr, set before done closes).
	started, sent, readEnd time.Time
	readErr                error
	exited                 chan struct{}
	waitErr                error
}

func startTerm(bin string, args []string, data string) (*terminal, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "TERM=xterm", "NO_COLOR=1", "COLUMNS=120", "LINES=50", "XDG_DATA_HOME="+data)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 50, Cols: 120})
	if err != nil {
		return nil, err
	}
	t := &terminal{cmd: cmd, f: f, done: make(chan struct{}), exited: make(chan struct{}), started: time.Now()}
	go func() {
		b := make([]byte, 64<<10)
		for {
			n, err := f.Read(b)
			t.mu.Lock()
			t.buf.Write(b[:n])
			if err != nil {
				t.readErr, t.readEnd = err, time.Now()
			}
			t.mu.Unlock()
			if err != nil {
				close(t.done)
				return
			}
		}
	}()
	go func() {
		t.waitErr = cmd.Wait()
		close(t.exited)
	}()
	return t, nil
}

func (t *terminal) close() {
	select {
	case <-t.exited:
	default:
		_ = t.cmd.Process.Kill()
		<-t.exited
	}
	_ = t.f.Close()
}

// outputGrace is how long rumref has to end once its output has closed.
var outputGrace = 5 * time.Second

// exitWithin says how a rumref whose output has closed ended: its exit
// status *err once exited closes (the wait that sets *err closes it),
// or, when it has not within outputGrace, that it still runs.
func exitWithin(exited <-chan struct{}, err *error) string {
	select {
	case <-exited:
	case <-time.After(outputGrace):
		return fmt.Sprintf("rumref still runs %v after its output closed", outputGrace)
	}
	if *err != nil {
		return "rumref: " + (*err).Error()
	}
	return "rumref exited 0"
}

// signal names the signal that ended rumref, if it has ended by one
// (close, which kills it, has not been called yet when this is asked).
func (t *terminal) signal() string {
	select {
	case <-t.exited:
	default:
		return ""
	}
	if ws, ok := t.cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}

// ended says, for an error, how the session ended (one line: rumref's
// exit, the error that ended its output, the bytes it wrote and when)
// and, on the lines after it, what the terminal showed before the last
// keys were sent (the error's screen is what was drawn since) and the
// last bytes written as they are.
func (t *terminal) ended() (string, string) {
	exit := exitWithin(t.exited, &t.waitErr)
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf.Bytes()
	sent := "no keys sent"
	if !t.sent.IsZero() {
		sent = fmt.Sprintf("the last keys %v after the start, %d bytes after them", t.sent.Sub(t.started).Round(time.Millisecond), len(b)-t.mark)
	}
	before := controls.Replace(ansi.ReplaceAllString(string(b[:t.mark]), ""))
	raw := b[max(0, len(b)-300):]
	return fmt.Sprintf("%s; the output ended with %v after %v, %d bytes written in all, %s", exit, t.readErr, t.readEnd.Sub(t.started).Round(time.Millisecond), len(b), sent),
		fmt.Sprintf("the screen before the last keys:\n%s\nthe last bytes written: %q", tail(before), raw)
}

// controls drops the control characters a terminal program writes
// besides its text (promptui writes " \b" after a prompt).
var controls = strings.NewReplacer("\r", "", "\b", "", "\a", "")

var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]`)

// since returns what the terminal wrote after the mark, without escape
// sequences and carriage returns, and the buffer's length.
func (t *terminal) since() (string, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf.Bytes()
	s := ansi.ReplaceAllString(string(b[t.mark:]), "")
	return controls.Replace(s), len(b)
}

// settled waits until the terminal has written nothing for a moment and
// returns what it wrote since the mark.
func (t *terminal) settled() (string, int) {
	_, n := t.since()
	for {
		time.Sleep(25 * time.Millisecond)
		s, m := t.since()
		if m == n {
			return s, m
		}
		n = m
	}
}

func (t *terminal) send(keys string, count int) error {
	t.keys += count
	if os.Getenv("TABLEPLAY_DEBUG") != "" {
		fmt.Fprintf(os.Stderr, "send %q\n", keys)
	}
	_, n := t.since()
	t.mark = n
	t.sent = time.Now()
	_, err := t.f.WriteString(keys)
	return err
}

// lastLine is the screen's last line that holds anything.
func lastLine(s string) string {
	s = strings.TrimRight(s, " \n\t")
	return strings.TrimSpace(s[strings.LastIndex(s, "\n")+1:])
}

// waitingForEnter reports whether the screen's last line asks for Enter
// (a pass-the-laptop screen, the end of a secret answer), other than the
// one just answered drawn again.
func (t *terminal) waitingForEnter(s string) bool {
	last := lastLine(s)
	return strings.Contains(strings.ToLower(last), "press enter") && norm(last) != t.entered
}

// dropEntered drops the lines that draw the "press Enter" line just
// answered again: promptui (221e179) sometimes draws the previous
// prompt's line below the next one (the redraw race of issue 12).
func (t *terminal) dropEntered(s string) string {
	if t.entered == "" {
		return s
	}
	return strings.Join(slices.DeleteFunc(strings.Split(s, "\n"), func(l string) bool { return norm(l) == t.entered }), "\n")
}

// norm is a line without the cursor and spaces, to compare lines drawn
// again.
func norm(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '█' || r == '\t' {
			return -1
		}
		return r
	}, s)
}

// enter answers a "press Enter" screen.
func (t *terminal) enter(s string) error {
	if strings.Contains(s, passScreen) {
		t.passes++
	}
	err := t.send("\r", 1)
	t.entered = norm(lastLine(s))
	return err
}

// passScreen is the words every version's pass-the-laptop screen holds.
const passScreen = "pass the laptop to "

// snippet is the end of a question's text, which the terminal prints as
// is.
func snippet(text string) string {
	text = strings.TrimSpace(text)
	if r := []rune(text); len(r) > 40 {
		text = string(r[len(r)-40:])
	}
	return text
}

// lastWords finds the last place where s shows the words of want, with
// any spaces or line breaks between them (rumref wraps a long question
// line between words), and returns where it ends, or -1.
func lastWords(s, want string) int {
	words := strings.Fields(want)
	if len(words) == 0 {
		return -1
	}
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	m := regexp.MustCompile(strings.Join(words, `\s+`)).FindAllStringIndex(s, -1)
	if len(m) == 0 {
		return -1
	}
	return m[len(m)-1][1]
}

// ready reports whether the screen s shows q ready for an answer: its
// text, and after it a list's first option (a list) or a prompt (a
// typed answer).
func ready(q *wire.Question, s, want string) bool {
	end := lastWords(s, want)
	if end < 0 {
		return false
	}
	rest := s[end:]
	if q.Kind == "choice" && !q.Secret && len(q.Options) > 0 {
		first := []rune(q.Options[0].Label)
		if len(first) > 20 {
			first = first[:20]
		}
		// promptui's list draws the options below the text; rumref's
		// own list may group them, and ends with its help line.
		return strings.Contains(rest, string(first)) || strings.Contains(rest, "↑↓")
	}
	if q.Secret {
		// A typed prompt's line ends with a colon.
		return slices.ContainsFunc(strings.Split(rest, "\n"), func(l string) bool { return strings.HasSuffix(strings.TrimRight(l, " █"), ":") })
	}
	return true
}

// answer types line, the answer to q, once the terminal shows q (an
// empty line: only waits for it).
func (t *terminal) answer(q *wire.Question, line string) error {
	if os.Getenv("TABLEPLAY_DEBUG") != "" {
		fmt.Fprintf(os.Stderr, "step %d %s %q\n", q.Step, q.ID, line)
	}
	want := snippet(q.Text)
	deadline := time.Now().Add(20 * time.Second)
	for {
		s, _ := t.settled()
		s = t.dropEntered(s)
		if ready(q, s, want) {
			t.entered = ""
			if line == "" {
				return nil
			}
			return t.typeAnswer(q, line, s)
		}
		if t.waitingForEnter(s) {
			if os.Getenv("TABLEPLAY_DEBUG") != "" && strings.Contains(s, passScreen) {
				fmt.Fprintf(os.Stderr, "pass before %s\n", q.ID)
			}
			if err := t.enter(s); err != nil {
				return err
			}
			continue
		}
		select {
		case <-t.done:
			how, shown := t.ended()
			return fmt.Errorf("the terminal session ended before %q (%s)\nthe screen since the last keys:\n%s\n%s", want, how, tail(s), shown)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the terminal did not show %q:\n%s\n%q", want, tail(s), tail(s))
		}
	}
}

func tail(s string) string {
	if len(s) > 1500 {
		return s[len(s)-1500:]
	}
	return s
}

// typeAnswer types the answer to q on the screen s.
func (t *terminal) typeAnswer(q *wire.Question, line string, s string) error {
	i := slices.IndexFunc(q.Options, func(o wire.Option) bool { return o.Key == line })
	switch {
	case q.Kind != "choice" || i < 0:
		return t.send(line+"\r", len([]rune(line))+1)
	case q.Secret:
		// A typed prompt takes the key or, when no key is all digits, the
		// option's number.
		typed := line
		if n := strconv.Itoa(i + 1); !digitKeys(q) && len(n) < len(typed) {
			typed = n
		}
		return t.send(typed+"\r", len(typed)+1)
	case strings.Contains(s, "arrow keys move"):
		return t.send(strings.Repeat("\x1b[B", i)+"\r", i+1)
	default:
		typed := strconv.Itoa(i + 1)
		if digitKeys(q) {
			typed = line
		}
		// A key that is not a number narrows the list, and its Enter
		// chooses it ("r5" beside the digit keys of a roll with rum).
		longer := strings.Trim(typed, "0123456789") != ""
		for k, o := range q.Options {
			n := strconv.Itoa(k + 1)
			if digitKeys(q) {
				n = o.Key
			}
			longer = longer || (n != typed && strings.HasPrefix(n, typed))
		}
		if longer {
			return t.send(typed+"\r", len(typed)+1)
		}
		return t.send(typed, len(typed))
	}
}

// digitKeys reports whether some option key is all digits (then a number
// always means that key).
func digitKeys(q *wire.Question) bool {
	return slices.ContainsFunc(q.Options, func(o wire.Option) bool { return o.Key != "" && strings.Trim(o.Key, "0123456789") == "" })
}

// finish answers the last screens (a pass back, the end) until the
// terminal session ends.
func (t *terminal) finish() error {
	deadline := time.Now().Add(20 * time.Second)
	for {
		select {
		case <-t.done:
			return t.wait()
		default:
		}
		s, _ := t.settled()
		if t.waitingForEnter(s) {
			if err := t.enter(s); err != nil {
				return err
			}
			continue
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the terminal session did not end with the game:\n%s", tail(s))
		}
	}
}

func (t *terminal) wait() error {
	select {
	case <-t.exited:
	case <-time.After(outputGrace):
		how, shown := t.ended()
		return fmt.Errorf("the terminal's output closed before rumref ended (%s)\n%s", how, shown)
	}
	if t.waitErr == nil {
		return nil
	}
	s, _ := t.since()
	how, shown := t.ended()
	return fmt.Errorf("the terminal session ended with %v (%s):\n%s\n%s", t.waitErr, how, tail(s), shown)
}
