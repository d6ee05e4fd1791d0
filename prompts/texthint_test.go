package prompts

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
)

// wareLineGame asks a roll, then a text question whose check takes only
// "ware N" (as the kept wares are named at the end of Rum & Pirates).
type wareLineGame struct{ roll int }

func (g *wareLineGame) Name() string                                              { return "wareline" }
func (g *wareLineGame) PlayerNames() []string                                     { return []string{"Ann", "Bo"} }
func (g *wareLineGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string { return "" }
func (g *wareLineGame) View(viewer referee.Viewer, _ locale.Lang) any             { return nil }
func (g *wareLineGame) Play(t *referee.T) {
	g.roll = t.AskNumber(referee.Question{ID: "w.roll", Actor: 0, Min: 1, Max: 6, Text: "Roll the die"})
	t.Ask(referee.Question{ID: "w.name", Actor: 1, Kind: referee.TextLine, Text: "Name your wares", Check: func(s string) error {
		if !strings.HasPrefix(s, "ware ") {
			return errors.New("name each ware, for example ware 3")
		}
		return nil
	}})
}

// TestTextQuestionRefusalSaysHowToGiveACommand: at a text question a line
// of several words is the text, even when it starts with a command word,
// so "correct 1 4" there is refused; the refusal says to start it with a
// colon, and ":correct 1 4" then corrects the answer.
func TestTextQuestionRefusalSaysHowToGiveACommand(t *testing.T) {
	for _, mode := range []Mode{Plain, JSON} {
		e, err := referee.Start(func() referee.Game { return &wareLineGame{} })
		if err != nil {
			t.Fatal(err)
		}
		out := &bytes.Buffer{}
		s := &Session{Engine: e, Mode: mode, In: strings.NewReader("3\ncorrect 1 4\n:correct 1 4\n"), Out: out, ErrOut: &bytes.Buffer{}, SaveName: "game.yaml",
			Save: func([]referee.Answer) error { return nil }}
		s.Run()
		if !strings.Contains(out.String(), "start the line with a colon: :correct 1 4") {
			t.Errorf("mode %v: the refusal of %q does not say how to give the command:\n%s", mode, "correct 1 4", out)
		}
		if g := e.Game().(*wareLineGame); g.roll != 4 {
			t.Errorf("mode %v: the roll is %d after :correct 1 4, want 4", mode, g.roll)
		}
		e.Close()
	}
}

// TestCorrectionKeepingOneLaterAnswerSaysSo: a correction with one answer
// after it says "The later answer still fits", not "All 1 later answers".
func TestCorrectionKeepingOneLaterAnswerSaysSo(t *testing.T) {
	r := startDice(t, Plain, "3 5 2\ncorrect 2 4\n")
	out := r.out.String()
	if !strings.Contains(out, "Answer 2 is now 4. The later answer still fits.") || strings.Contains(out, "All 1 later") {
		t.Errorf("the correction's message:\n%s", out)
	}
	if g := r.s.Engine.Game().(*diceGame); g.rolls[1] != 4 || len(g.rolls) != 3 {
		t.Errorf("rolls %v after correct 2 4", g.rolls)
	}
}
