package sim

import (
	"bufio"
	"io"
	"strings"
	"testing"

	"rumref/games"
	"rumref/prompts"
	"rumref/referee"
)

// FuzzJSONSession feeds arbitrary input to a JSON Lines play session on a
// Rum & Pirates game: nothing may panic, every answer list the session
// saves must replay, and the last save holds exactly the engine's answers.
func FuzzJSONSession(f *testing.F) {
	for _, s := range []string{"1", "1\n1\n1\n2", "undo\n1", "{\"answer\":\"1\"}", "help\nshow\nlog", "peek Ann\n\n",
		"correct 1 2", "\x00\xff", "99999999999999999999999", "-1\n-2", " 1 \r\n", "quit", "rules pub", "swan-3\nescruce-2",
		strings.Repeat("1\n", 200)} {
		f.Add(s)
	}
	tb, err := games.Pirates.Sim(3, 2)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data string) {
		e, err := referee.Start(tb.Factory())
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		var saved []referee.Answer
		s := &prompts.Session{Engine: e, Mode: prompts.JSON, In: bufio.NewReader(strings.NewReader(data)), Out: io.Discard,
			ErrOut: io.Discard, SaveName: "fuzz.yaml",
			Rules: func(string) string { return "no rules here" },
			Save: func(answers []referee.Answer) error {
				saved = append(saved[:0], answers...)
				r, err := referee.Replay(tb.Factory(), answers, referee.WithoutLog())
				if err != nil {
					t.Fatalf("the session saved answers that do not replay: %v", err)
				}
				r.Close()
				return nil
			}}
		s.Run()
		if len(saved) != len(e.Answers()) {
			t.Fatalf("the last save holds %d answers, the engine %d", len(saved), len(e.Answers()))
		}
		if err := tb.Invariants(e.Game()); err != nil {
			t.Fatal(err)
		}
	})
}
