package prompts

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"rumref/referee"
)

// FuzzPlainAnswer feeds arbitrary lines to the answer parser and to whole
// plain sessions: nothing may panic, a line the engine rejects changes
// nothing, and every saved answer list replays.
func FuzzPlainAnswer(f *testing.F) {
	for _, s := range []string{"3", "2\nrum", "undo", ":undo\nyes", "correct 1 5", "1\n2\n3\n4", "peek\n1\n\n\n", "log\nshow\nhelp",
		"rules rum", "\x00", "99999999999999999999", "-1", " 4 ", "rum\r\n", ":", "correct 1", "peek Bo\n\n\nquit",
		"3 2", "3 7", "3, 2,", "Rum, 2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		// The parser on its own, line by line, against a live engine.
		e, err := referee.Start(newTable)
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		for _, line := range strings.Split(data, "\n") {
			q := e.Next()
			if q == nil {
				break
			}
			before := append([]referee.Answer(nil), e.Answers()...)
			in := parseInput(q, line)
			if in.kind != answerInput {
				continue
			}
			if _, verr := q.Validate(in.raw); verr != nil {
				if err := e.Answer(in.raw); err == nil {
					t.Fatalf("engine took %q that Validate refused", in.raw)
				}
				if !reflect.DeepEqual(before, e.Answers()) || e.Next().ID != q.ID {
					t.Fatalf("rejected %q changed the game", line)
				}
				continue
			}
			if err := e.Answer(in.raw); err != nil {
				t.Fatalf("valid %q refused: %v", in.raw, err)
			}
		}
		// A whole session in plain and JSON modes.
		for _, mode := range []Mode{Plain, JSON} {
			e2, err := referee.Start(newTable)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			var saved []referee.Answer
			s := &Session{Engine: e2, Mode: mode, In: strings.NewReader(data), Out: &out, ErrOut: &out,
				Save:  func(a []referee.Answer) error { saved = a; return nil },
				Rules: func(q string) string { return q }}
			err = s.Run()
			if err != nil && !errors.Is(err, ErrQuit) && !errors.Is(err, ErrInputEnded) {
				t.Fatalf("%v: run: %v", mode, err)
			}
			if !reflect.DeepEqual(saved, e2.Answers()) && !(saved == nil && len(e2.Answers()) == 0) {
				t.Fatalf("%v: saved %v, game holds %v", mode, saved, e2.Answers())
			}
			if r, err := referee.Replay(newTable, e2.Answers()); err != nil {
				t.Fatalf("%v: saved answers do not replay: %v", mode, err)
			} else {
				if !reflect.DeepEqual(r.Game(), e2.Game()) {
					t.Fatalf("%v: replay differs", mode)
				}
				r.Close()
			}
			if mode == JSON {
				for _, line := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
					if !strings.HasPrefix(line, "{") && !strings.Contains(line, "saved") {
						t.Fatalf("non-JSON line %q", line)
					}
				}
			}
			e2.Close()
		}
	})
}
