package prompts

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"rumref/referee"
	"rumref/safetext"
)

// plainQuestion writes a question as plain lines: who answers and what,
// then the numbered options (or the range), then a "> " prompt.
//
//	Ann: Which tile did you draw? (draw)
//	  1) pub.3  Pub with 3 mugs
//	  2) pub.4  Pub with 4 mugs
//	>
func (s *Session) plainQuestion(q *referee.Question) {
	w := s.Out
	name := s.name(q.Actor)
	fmt.Fprintln(w)
	if q.Secret {
		fmt.Fprintln(w, s.pal.secret(fmt.Sprintf("SECRET: pass the laptop to %s; everyone else look away.", name)))
		fmt.Fprintln(w, s.pal.secret("(Plain mode cannot hide what is typed; use a terminal for masked input.)"))
	}
	fmt.Fprintln(w, s.pal.questionLine(name, q))
	writeOptions(w, q)
	fmt.Fprint(w, "> ")
}

// QuestionLine is the line that asks q of the player called name, exactly
// as the session prints it in plain mode and a terminal (without color):
// the name, the question's text and its rule, "Ann: What did you roll?
// (t.roll)". Text from outside is cleaned (see safetext.Clean).
func QuestionLine(name string, q *referee.Question) string {
	return palette{}.questionLine(name, q)
}

// WriteQuestion writes q as plain mode asks it, without color and without
// the "> " prompt: the question line, then the options or the range.
func WriteQuestion(w io.Writer, name string, q *referee.Question) {
	fmt.Fprintln(w, QuestionLine(name, q))
	writeOptions(w, q)
}

func (p palette) questionLine(name string, q *referee.Question) string {
	rule := ""
	if q.Rule != "" {
		rule = " " + p.quiet("("+q.Rule+")")
	}
	return p.turn(capital(safetext.Clean(name))) + ": " + safetext.CleanLines(q.Text) + rule
}

// writeOptions lists a question's legal answers, one per line.
func writeOptions(w io.Writer, q *referee.Question) {
	if q.Kind == referee.Number {
		fmt.Fprintf(w, "  (a number from %d to %d)\n", q.Min, q.Max)
		return
	}
	if q.Kind == referee.TextLine {
		if q.Example != "" {
			fmt.Fprintf(w, "  (type a line of text, for example: %s)\n", safetext.Clean(q.Example))
		} else {
			fmt.Fprintln(w, "  (type a line of text)")
		}
		return
	}
	width := 0
	for _, o := range q.Options {
		width = max(width, utf8.RuneCountInString(safetext.Clean(o.Key)))
	}
	num := numbered(q)
	for i, o := range q.Options {
		key, label := safetext.Clean(o.Key), ""
		if o.Label != "" && o.Label != o.Key {
			label = "  " + safetext.Clean(o.Label)
		}
		if num {
			fmt.Fprintf(w, "  %d) %-*s%s\n", i+1, width, key, label)
		} else {
			fmt.Fprintf(w, "  %-*s%s\n", width, key, label)
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
