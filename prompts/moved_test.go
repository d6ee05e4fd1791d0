package prompts

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"rumref/referee"
	"rumref/table"
)

// racyFront is a front end whose first question's read ends with a line
// at the very moment the game moves on elsewhere: the table page answers
// the question while the laptop's line is being read, and the line comes
// back complete just as the session cuts the read short.
type racyFront struct {
	frontEnd
	tbl  *table.Table
	line string
	used bool
	intr chan struct{}
}

func (f *racyFront) ask(a asking) func() (string, error) {
	if a.kind != askQuestion || f.used {
		return f.frontEnd.ask(a)
	}
	f.used = true
	return func() (string, error) {
		f.tbl.Submit(table.Command{From: table.Page(referee.Public), Kind: table.Answer, Step: a.step, Question: a.q.ID, Text: a.q.Options[0].Key})
		select {
		case <-f.intr:
		case <-time.After(5 * time.Second):
		}
		return f.line, nil
	}
}

func (f *racyFront) interrupt() {
	select {
	case <-f.intr:
	default:
		close(f.intr)
	}
	f.frontEnd.interrupt()
}

// TestALineReadAsTheGameMovesOnIsNotLost: a line the laptop finished
// typing as another screen answered is not lost without a word: a
// command that is not bound to the question (quit) is done, and an
// answer is refused in words (it was for the question before).
func TestALineReadAsTheGameMovesOnIsNotLost(t *testing.T) {
	for _, c := range []struct{ line, want string }{{"quit", ""}, {"ann", `"ann" was typed for answer 1`}, {"", ""}} {
		e, err := referee.Start(newRelay)
		if err != nil {
			t.Fatal(err)
		}
		tbl := table.New(e, table.Config{})
		var out bytes.Buffer
		s := &Session{Table: tbl, Shared: true, Mode: Plain, In: strings.NewReader(""), Out: &out, ErrOut: &bytes.Buffer{}}
		s.init()
		s.fe = &racyFront{frontEnd: s.fe, tbl: tbl, line: c.line, intr: make(chan struct{})}
		err = s.Run()
		tbl.Close("quit", "")
		e.Close()
		if c.line == "" {
			// A blank line means nothing: nothing is said of it.
			if strings.Contains(out.String(), "was typed for answer") {
				t.Errorf("a blank line typed as a phone answered was refused:\n%s", out.String())
			}
			continue
		}
		if c.want == "" {
			if !errors.Is(err, ErrQuit) {
				t.Errorf("quit typed as a phone answered: Run returned %v, want ErrQuit\n%s", err, out.String())
			}
			continue
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("an answer typed as a phone answered was not refused in words (%q):\n%s", c.want, out.String())
		}
	}
}
