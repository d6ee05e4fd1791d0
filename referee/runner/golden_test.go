package runner_test

import (
	"fmt"
	"strings"
	"testing"

	"rumref/internal/golden"
	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// TestGoldenGame replays one whole seeded game into a public transcript
// and compares it with the golden file, so any change in how the rules
// play out shows up in review.
func TestGoldenGame(t *testing.T) { goldenGame(t, runner.Edition, "game_seed7") }

func goldenGame(t *testing.T, edition int, name string) {
	cfg := runner.Config{Crown: "Ann", Pirate: "Bo", TurnCap: 40, Mulligan: true, Cards: catalog(t), Edition: edition}
	e, err := referee.Start(factory(cfg))
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	r := randplay.New(7)
	for !e.Over() {
		if err := e.Answer(randplay.Runner(r, e.Next())); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	for _, en := range e.Log() {
		switch {
		case en.Event != nil:
			fmt.Fprintf(&b, "  [%s] %s\n", en.Event.Rule, en.Event.For(referee.Public))
		case en.Secret:
			fmt.Fprintf(&b, "%d %s (%s): (hidden)\n", en.Step, en.QuestionID, e.Game().PlayerNames()[en.Actor])
		default:
			fmt.Fprintf(&b, "%d %s: %s\n", en.Step, en.QuestionID, en.Label)
		}
	}
	b.WriteString("\n" + e.Game().Status(referee.Public, locale.English, 0))
	golden.Check(t, "testdata/"+name+".golden", b.String())
}
