package prompts

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// maxLine is the longest input line rumref reads as an answer or command,
// in characters; maxLineBytes is the most bytes such a line can take.
const (
	maxLine      = 1000
	maxLineBytes = 4 * maxLine
)

// tooLong stands for a line readLine did not keep because it was longer
// than maxLineBytes. It holds a NUL, which no typed line can, so it is
// never mistaken for one.
const tooLong = "\x00(too long)"

// tooLongLine reports whether checkLine refuses line for its length.
func tooLongLine(line string) bool {
	return line == tooLong || len(line) > maxLineBytes || utf8.RuneCountInString(line) > maxLine
}

// checkLine refuses a raw input line, before anything is trimmed, that is
// too long or holds a control or formatting character (tabs are allowed
// and count as spaces). Its error is the reason in the player's words.
func checkLine(line string) error {
	n := utf8.RuneCountInString(line)
	if line == tooLong || len(line) > maxLineBytes || n > maxLine && strings.IndexByte(line, overMark) >= 0 {
		// The terminal's paste cap marks where it dropped the rest of the
		// line (overMark): its length is not known.
		return referee.Errorf("prompts.line.toolong", referee.Str(strconv.Itoa(maxLine)))
	}
	if n > maxLine {
		return referee.Errorf("prompts.line.toolongn", referee.Str(strconv.Itoa(n)), referee.Str(strconv.Itoa(maxLine)))
	}
	if d := safetext.Find(strings.ReplaceAll(line, "\t", " ")); d != "" {
		return referee.Errorf("prompts.line.holds", referee.Str(d))
	}
	return nil
}

// errText is what err says in language l: its In when it has one (a
// message of a catalog), else its Error.
func errText(l locale.Lang, err error) string {
	var m interface{ In(locale.Lang) string }
	if errors.As(err, &m) {
		return m.In(l)
	}
	return err.Error()
}

// inputKind says what a line typed at a prompt is.
type inputKind int

const (
	// emptyInput is a blank line.
	emptyInput inputKind = iota
	// answerInput is an answer for the engine to validate.
	answerInput
	// metaInput is a meta command such as undo or log.
	metaInput
	// badInput is a line that is neither (an unknown ":command", or too
	// long); why says what to do instead.
	badInput
)

// input is one parsed line.
type input struct {
	kind inputKind
	// raw is the answer to give the engine: an option key (a number typed
	// for a numbered choice is already turned into its key) or a number.
	raw string
	// cmd and arg are the meta command's canonical name and the rest of
	// the line.
	cmd, arg string
	// why explains a badInput.
	why error
}

// metaCommand is one command that works at every prompt: its English
// name, and the other words that name it in any language (the German
// ones as a German player types them, with and without umlauts). Its
// usage and help are the catalog's (prompts.cmd.NAME.usage, .help; .word
// is the word a list's menu line names it by).
type metaCommand struct {
	name    string
	aliases []string
}

// metaCommands lists the meta commands in the order help shows them.
var metaCommands = []metaCommand{
	{safetext.UndoWords[0], safetext.UndoWords[1:]}, // no player may be named so
	{"show", []string{"board", "status", "zeigen", "stand", "spielplan"}},
	{"log", []string{"protokoll"}},
	{"help", []string{"?", "hilfe"}},
	{"rules", []string{"rule", "regeln", "regel"}},
	{"peek", []string{"ansehen"}},
	{"setup", []string{"aufbau"}},
	{"correct", []string{"fix", "korrigieren", "korrektur"}},
	{"phones", []string{"handys"}},
	{"seats", []string{"plätze", "plaetze"}},
	{"quit", []string{"exit", "ende", "beenden"}},
}

// metaName returns the canonical name of a meta command word, or "".
func metaName(word string) string {
	w := strings.ToLower(word)
	for _, m := range metaCommands {
		if m.name == w {
			return m.name
		}
		for _, a := range m.aliases {
			if a == w {
				return m.name
			}
		}
	}
	return ""
}

// numbered reports whether a choice question's options may be answered by
// their position (1, 2, ...). Positions are turned off when any option key
// is itself a number, so that "3" always means the key "3".
func numbered(q *referee.Question) bool {
	if q.Kind != referee.Choice {
		return false
	}
	for _, o := range q.Options {
		if isDigits(o.Key) {
			return false
		}
	}
	return true
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// isOptionKey reports whether s names one of the question's options, by
// its key or its label (a German label may be a command word: „Ende“).
func isOptionKey(q *referee.Question, s string) bool {
	if q == nil || q.Kind != referee.Choice {
		return false
	}
	for _, o := range q.Options {
		if strings.EqualFold(o.Key, s) || strings.EqualFold(o.Label, s) {
			return true
		}
	}
	return false
}

// parseInput reads one line typed at the prompt for q (q may be nil when
// the game is over). A meta command is told apart from an answer like
// this: a line starting with ':' is always a meta command (":undo"); a
// bare word such as "undo" is a meta command unless the whole line is one
// of the question's option keys, in which case it is that answer. A number
// typed for a choice question whose keys are not numbers picks the option
// at that position.
func parseInput(q *referee.Question, line string) input {
	if err := checkLine(line); err != nil {
		return input{kind: badInput, why: err}
	}
	s := strings.TrimSpace(line)
	if s == "" {
		return input{kind: emptyInput}
	}
	forced := strings.HasPrefix(s, ":")
	body := strings.TrimSpace(strings.TrimPrefix(s, ":"))
	word, arg, _ := strings.Cut(body, " ")
	if forced {
		if name := metaName(word); name != "" {
			return input{kind: metaInput, cmd: name, arg: strings.TrimSpace(arg)}
		}
		return input{kind: badInput, why: referee.Errorf("prompts.refused.notcommand", referee.Str(s))}
	}
	// At a text question a line of several words is the text itself
	// ("Help Wanted"); only a bare command word or ":command" is a command.
	textLine := q != nil && q.Kind == referee.TextLine && strings.TrimSpace(arg) != ""
	if name := metaName(word); name != "" && !isOptionKey(q, s) && !textLine {
		return input{kind: metaInput, cmd: name, arg: strings.TrimSpace(arg)}
	}
	if q != nil && numbered(q) && isDigits(s) {
		if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(q.Options) {
			return input{kind: answerInput, raw: q.Options[n-1].Key}
		}
	}
	return input{kind: answerInput, raw: s}
}

// commandHint is what a refusal of a text question adds when the line
// starts with a command word followed by more words ("correct 12 5"): at
// a text question such a line is the text itself, so the hint says how to
// give the command instead.
func commandHint(l locale.Lang, q *referee.Question, line string) string {
	s := strings.TrimSpace(line)
	word, arg, _ := strings.Cut(s, " ")
	if q == nil || q.Kind != referee.TextLine || strings.TrimSpace(arg) == "" || metaName(word) == "" {
		return ""
	}
	return l.Sprintf("prompts.refused.commandhint", strings.ToLower(word), s)
}

// reason turns an engine rejection into the sentence shown to the player
// (the engine names a choice's options by their labels and numbers, as
// every front end lists them).
func (s *Session) reason(err error) string { return errText(s.Lang, err) }
