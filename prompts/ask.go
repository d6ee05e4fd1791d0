package prompts

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"rumref/referee"
	"rumref/safetext"
)

// Asker asks the setup questions that come before a game exists: player
// names, colors, yes or no. Every method returns ErrQuit when the user
// quits (":quit", or Ctrl-C in a terminal) and ErrInputEnded when the input
// ends.
type Asker interface {
	// Text asks for a line of free text; validate (which may be nil)
	// rejects bad text with a reason and the question is asked again.
	Text(prompt string, validate func(string) error) (string, error)
	// Choose asks for one of the options and returns its key.
	Choose(prompt string, options []referee.Option) (string, error)
	// Confirm asks a yes or no question.
	Confirm(prompt string) (bool, error)
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

// NewAsker returns an Asker for the mode. In plain and JSON modes it reads
// in through a bufio.Reader; pass a *bufio.Reader and give the same one to
// the Session so nothing read ahead is lost. A nil in means os.Stdin and a
// nil out os.Stdout.
func NewAsker(mode Mode, in io.Reader, out io.Writer, color bool) Asker {
	if in == nil {
		in = os.Stdin
	}
	if out == nil {
		out = os.Stdout
	}
	a := &asker{mode: mode, out: out, pal: palette{on: color}}
	if br, ok := in.(*bufio.Reader); ok {
		a.r = br
	} else {
		a.r = bufio.NewReader(in)
	}
	if mode == Terminal {
		a.term = newTerminal(in, out, a.pal)
	}
	return a
}

type asker struct {
	mode Mode
	r    *bufio.Reader
	out  io.Writer
	pal  palette
	term *terminal
}

// line reads one answer line; ":quit" quits.
func (a *asker) line() (string, error) {
	s, err := readLine(a.r)
	if err != nil {
		return "", err
	}
	t := strings.ToLower(strings.TrimSpace(s))
	if t == ":quit" || t == ":exit" {
		return "", ErrQuit
	}
	return s, nil
}

func (a *asker) reject(id, why string) {
	if a.mode == JSON {
		writeJSON(a.out, jsonError{Type: "error", Question: id, Error: why})
		return
	}
	fmt.Fprintln(a.out, a.pal.bad("Not taken: ")+why)
}

func (a *asker) question(id, kind, prompt string, options []referee.Option) {
	q := jsonQuestion{Type: "question", ID: id, Actor: int(referee.Table), ActorName: "the table", Kind: kind,
		Text: prompt, Options: append([]referee.Option{}, options...)}
	writeJSON(a.out, q)
}

// Text asks for free text.
func (a *asker) Text(prompt string, validate func(string) error) (string, error) {
	if validate == nil {
		validate = func(string) error { return nil }
	}
	// The raw line is checked (length, control characters) before it is
	// trimmed, then the trimmed text is validated.
	check := func(raw string) error {
		if why := checkLine(raw); why != "" {
			return errors.New(why)
		}
		return validate(strings.TrimSpace(raw))
	}
	if a.mode == Terminal {
		for {
			s, err := a.term.prompt(prompt, check, false)
			if err != nil {
				return "", err
			}
			if err := check(s); err != nil {
				a.reject(SetupTextID, err.Error()) // only a line too long gets here
				continue
			}
			return strings.TrimSpace(s), nil
		}
	}
	for {
		if a.mode == JSON {
			a.question(SetupTextID, "text", prompt, nil)
		} else {
			fmt.Fprintf(a.out, "%s\n> ", prompt)
		}
		s, err := a.line()
		if err != nil {
			return "", err
		}
		if err := check(s); err != nil {
			a.reject(SetupTextID, err.Error())
			continue
		}
		return strings.TrimSpace(s), nil
	}
}

// Choose asks for one of the options.
func (a *asker) Choose(prompt string, options []referee.Option) (string, error) {
	if len(options) == 0 {
		return "", errors.New("there is nothing to choose from")
	}
	q := &referee.Question{ID: SetupChoiceID, Actor: referee.Table, Kind: referee.Choice, Text: prompt, Options: options}
	if a.mode == Terminal {
		i, err := a.term.choose(safetext.CleanLines(prompt), optionItems(options), len(options) > searchAbove)
		if err != nil {
			return "", err
		}
		return options[i].Key, nil
	}
	for {
		if a.mode == JSON {
			a.question(SetupChoiceID, "choice", prompt, options)
		} else {
			fmt.Fprintln(a.out, prompt)
			writeOptions(a.out, q)
			fmt.Fprint(a.out, "> ")
		}
		s, err := a.line()
		if err != nil {
			return "", err
		}
		in := parseInput(q, s)
		if in.kind != answerInput {
			a.reject(SetupChoiceID, "answer "+q.Allowed())
			continue
		}
		key, err := q.Validate(in.raw)
		if err != nil {
			a.reject(SetupChoiceID, reason(q, err))
			continue
		}
		return key, nil
	}
}

// Confirm asks yes or no.
func (a *asker) Confirm(prompt string) (bool, error) {
	if a.mode == Terminal {
		return a.term.confirm(prompt)
	}
	for {
		if a.mode == JSON {
			a.question(SetupConfirmID, "choice", prompt, []referee.Option{{Key: "yes", Label: "Yes"}, {Key: "no", Label: "No"}})
		} else {
			fmt.Fprintf(a.out, "%s (yes/no)\n> ", prompt)
		}
		s, err := a.line()
		if err != nil {
			return false, err
		}
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "y", "yes":
			return true, nil
		case "n", "no":
			return false, nil
		}
		a.reject(SetupConfirmID, "answer yes or no")
	}
}
