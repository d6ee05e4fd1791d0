package prompts

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"rumref/referee"
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
	rule := ""
	if q.Rule != "" {
		rule = " " + s.pal.quiet("("+q.Rule+")")
	}
	fmt.Fprintf(w, "%s: %s%s\n", s.pal.turn(capital(name)), q.Text, rule)
	writeOptions(w, q)
	fmt.Fprint(w, "> ")
}

// writeOptions lists a question's legal answers, one per line.
func writeOptions(w io.Writer, q *referee.Question) {
	if q.Kind == referee.Number {
		fmt.Fprintf(w, "  (a number from %d to %d)\n", q.Min, q.Max)
		return
	}
	if q.Kind == referee.TextLine {
		if q.Example != "" {
			fmt.Fprintf(w, "  (type a line of text, for example: %s)\n", q.Example)
		} else {
			fmt.Fprintln(w, "  (type a line of text)")
		}
		return
	}
	width := 0
	for _, o := range q.Options {
		width = max(width, len(o.Key))
	}
	num := numbered(q)
	for i, o := range q.Options {
		label := ""
		if o.Label != "" && o.Label != o.Key {
			label = "  " + o.Label
		}
		if num {
			fmt.Fprintf(w, "  %d) %-*s%s\n", i+1, width, o.Key, label)
		} else {
			fmt.Fprintf(w, "  %-*s%s\n", width, o.Key, label)
		}
	}
}

// readLine reads one line from r without its line ending. A last line
// without a newline still counts; at the end of input it returns
// ErrInputEnded. Very long lines are cut (parseInput then rejects them),
// so a runaway input cannot fill memory.
func readLine(r *bufio.Reader) (string, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf) < 4*maxLine {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				if len(buf) > 0 {
					return strings.TrimRight(string(buf), "\r\n"), nil
				}
				return "", ErrInputEnded
			}
			return "", fmt.Errorf("reading the answer: %w", err)
		}
		return strings.TrimRight(string(buf), "\r\n"), nil
	}
}
