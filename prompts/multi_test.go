package prompts

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
)

// diceGame asks three public rolls in turn (Ann, Bo, Ann), two public
// draws (tiles the table draws: Confirm), then Bo's secret ware and a name.
type diceGame struct {
	rolls []int
	draws []string
	ware  string
}

func (g *diceGame) Name() string          { return "dice" }
func (g *diceGame) PlayerNames() []string { return []string{"Ann", "Bo"} }
func (g *diceGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string {
	return fmt.Sprint(g.rolls, g.draws)
}
func (g *diceGame) View(viewer referee.Viewer, _ locale.Lang) any {
	return g.Status(viewer, locale.English, 0)
}
func (g *diceGame) Play(t *referee.T) {
	for i := range 3 {
		g.rolls = append(g.rolls, t.AskNumber(referee.Question{ID: "d.roll", Actor: referee.Seat(i % 2), Min: 1, Max: 6, Text: "Roll the die"}))
		t.Emit(referee.Event{Rule: "d.roll", Text: fmt.Sprintf("Roll %d is %d.", i+1, g.rolls[i])})
	}
	for range 2 {
		g.draws = append(g.draws, t.Ask(referee.Question{ID: "d.draw", Actor: referee.Table, Text: "Which tile?", Confirm: true,
			Options: []referee.Option{{Key: "swan-3", Label: "The Swan 3"}, {Key: "gold", Label: "Gold rum"}}}))
	}
	g.ware = t.Ask(referee.Question{ID: "d.ware", Actor: 1, Secret: true, Text: "Which ware?",
		Options: []referee.Option{{Key: "hook", Label: "Hook"}, {Key: "patch", Label: "Patch"}}})
	t.Ask(referee.Question{ID: "d.name", Actor: 0, Kind: referee.TextLine, Text: "Name?"})
}

func startDice(t *testing.T, mode Mode, input string) *run {
	t.Helper()
	e, err := referee.Start(func() referee.Game { return &diceGame{} })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	r := &run{out: &bytes.Buffer{}, err: &bytes.Buffer{}}
	r.s = &Session{Engine: e, Mode: mode, In: strings.NewReader(input), Out: r.out, ErrOut: r.err, SaveName: "game.yaml",
		Save: func(a []referee.Answer) error { r.saves = append(r.saves, a); return nil }}
	return r.run()
}

func TestSeveralAnswersOnOneLine(t *testing.T) {
	r := startDice(t, Plain, "3 5 2\nThe Swan 3, gold\n")
	g := r.s.Engine.Game().(*diceGame)
	if !reflect.DeepEqual(g.rolls, []int{3, 5, 2}) || !reflect.DeepEqual(g.draws, []string{"swan-3", "gold"}) {
		t.Fatalf("rolls %v draws %v\n%s", g.rolls, g.draws, r.out)
	}
	if len(r.saves) != 2 || len(r.saves[0]) != 3 || len(r.saves[1]) != 5 {
		t.Errorf("saves %v: want one save a line", r.saves)
	}
	for _, want := range []string{"Roll 1 is 3.", "Roll 2 is 5.", "Roll 3 is 2."} {
		if !strings.Contains(r.out.String(), want) {
			t.Errorf("the rulings of the line are not shown (%q):\n%s", want, r.out)
		}
	}
}

func TestSeveralAnswersRefusedWhole(t *testing.T) {
	for _, c := range []struct{ line, why string }{
		{"3 7 2", "value 2 (7) does not fit the next question, Bo's: 7 is out of range"},
		{"3 5 2 swan-3 gold hook", "value 6 would answer Bo's secret question, which takes one answer a line"},
		{"3, , 2", "value 2 () does not fit the next question, Bo's: it is empty"},
		{"3 x", `value 2 (x) does not fit the next question, Bo's: "x" is not a whole number`},
	} {
		r := startDice(t, Plain, c.line+"\n")
		out := r.out.String()
		if n := len(r.s.Engine.Answers()); n != 0 || len(r.saves) != 0 {
			t.Errorf("%q: %d answers kept, %d saves", c.line, n, len(r.saves))
		}
		if !strings.Contains(out, capital(c.why)) || !strings.Contains(out, "Nothing of the line was taken") {
			t.Errorf("%q: the refusal does not say %q:\n%s", c.line, c.why, out)
		}
		if strings.Contains(out, "Roll 1 is 3.") {
			t.Errorf("%q: a ruling of a refused line is shown:\n%s", c.line, out)
		}
	}
	// A secret question takes one answer a line; a text line is one answer.
	r := startDice(t, Plain, "1 2 3 swan-3 gold\nhook patch\npatch\nRed Anne\n")
	g := r.s.Engine.Game().(*diceGame)
	if g.ware != "patch" || !r.s.Engine.Over() {
		t.Errorf("ware %q, over %v\n%s", g.ware, r.s.Engine.Over(), r.out)
	}
	if strings.Contains(r.out.String(), "Nothing of the line") {
		t.Errorf("a secret question split a line:\n%s", r.out)
	}
}

func TestSeveralAnswersJSON(t *testing.T) {
	r := startDice(t, JSON, "3 9\n3 5 2\n")
	var steps []string
	for _, l := range strings.Split(strings.TrimSpace(r.out.String()), "\n") {
		if strings.Contains(l, `"type":"question"`) || strings.Contains(l, `"type":"error"`) {
			steps = append(steps, l)
		}
	}
	if len(steps) < 4 || !strings.Contains(steps[1], `"type":"error"`) || !strings.Contains(steps[1], "Value 2 (9)") ||
		!strings.Contains(steps[3], `"id":"d.draw"`) || !strings.Contains(steps[3], `"step":3`) {
		t.Errorf("JSON lines:\n%s", strings.Join(steps, "\n"))
	}
}

// rumGame asks Ann's roll, then Ann's own choice whether to spend a rum
// barrel on it (a decision, not a table draw), then Bo's and Ann's rolls,
// a tile the table draws (a pub refill) and Bo's roll.
type rumGame struct {
	rolls []int
	rum   string
}

func (g *rumGame) Name() string          { return "rum" }
func (g *rumGame) PlayerNames() []string { return []string{"Ann", "Bo"} }
func (g *rumGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string {
	return fmt.Sprint(g.rolls, g.rum)
}
func (g *rumGame) View(viewer referee.Viewer, _ locale.Lang) any {
	return g.Status(viewer, locale.English, 0)
}
func (g *rumGame) Play(t *referee.T) {
	g.rolls = append(g.rolls, t.AskNumber(referee.Question{ID: "r.roll", Actor: 0, Min: 1, Max: 6, Text: "Roll the die"}))
	g.rum = t.Ask(referee.Question{ID: "r.spend", Actor: 0, Text: "Spend a barrel?",
		Options: []referee.Option{{Key: "keep", Label: "Keep the roll"}, {Key: "spend", Label: "Spend 1 barrel and re-roll"}}})
	g.rolls = append(g.rolls, t.AskNumber(referee.Question{ID: "r.roll", Actor: 1, Min: 1, Max: 6, Text: "Roll the die"}))
	t.AskNumber(referee.Question{ID: "r.roll", Actor: 0, Min: 1, Max: 6, Text: "Roll the die"})
	t.Ask(referee.Question{ID: "r.refill", Actor: referee.Table, Confirm: true, Text: "Which tile is drawn?",
		Options: []referee.Option{{Key: "swan-2", Label: "The Swan 2"}, {Key: "swan-3", Label: "The Swan 3"}}})
	t.AskNumber(referee.Question{ID: "r.roll", Actor: 1, Min: 1, Max: 6, Text: "Roll the die"})
}

// TestSeveralAnswersNeverChooseByPosition: a string of dice that reaches a
// player's choice (spend a rum barrel?) must not take a die value as that
// choice's position ("4 2 5" spent Ann's barrel); the line is refused
// whole. Naming the option by its key or label in the line is a choice.
func TestSeveralAnswersNeverChooseByPosition(t *testing.T) {
	start := func(input string) *run {
		e, err := referee.Start(func() referee.Game { return &rumGame{} })
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(e.Close)
		r := &run{out: &bytes.Buffer{}, err: &bytes.Buffer{}}
		r.s = &Session{Engine: e, Mode: Plain, In: strings.NewReader(input), Out: r.out, ErrOut: r.err, SaveName: "game.yaml",
			Save: func(a []referee.Answer) error { r.saves = append(r.saves, a); return nil }}
		return r.run()
	}
	r := start("4 2 5\n")
	if n := len(r.s.Engine.Answers()); n != 0 {
		t.Fatalf("a die string answered a choice by position: %v\n%s", r.s.Engine.Answers(), r.out)
	}
	if out := r.out.String(); !strings.Contains(out, "Value 2 (2) would answer the question after, Ann's choice, by its position") ||
		!strings.Contains(out, "Nothing of the line was taken") {
		t.Errorf("the refusal does not say why:\n%s", out)
	}
	r = start("4 keep 5\n")
	if g := r.s.Engine.Game().(*rumGame); g.rum != "keep" || !reflect.DeepEqual(g.rolls, []int{4, 5}) {
		t.Errorf("a choice named by its key in a line: rum %q rolls %v\n%s", g.rum, g.rolls, r.out)
	}
	// A string of dice that runs on into a tile the table draws does not
	// draw the tile of the die's number either; named, it is drawn.
	r = start("4 keep 5 2 1\n")
	if n := len(r.s.Engine.Answers()); n != 0 || !strings.Contains(r.out.String(), "Value 5 (1) would answer the question after, the table's draw, by its position") {
		t.Errorf("a die string drew a tile by position: %v\n%s", r.s.Engine.Answers(), r.out)
	}
	r = start("4 keep 5 2 swan-3 1\n")
	if n := len(r.s.Engine.Answers()); n != 6 {
		t.Errorf("a tile named in a die string: %v\n%s", r.s.Engine.Answers(), r.out)
	}
}

// drawGame asks the table for the four pub tiles of a display, then Ann
// to roll.
type drawGame struct {
	tiles []string
	roll  int
}

func (g *drawGame) Name() string                                              { return "draws" }
func (g *drawGame) PlayerNames() []string                                     { return []string{"Ann", "Bo"} }
func (g *drawGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string { return "" }
func (g *drawGame) View(viewer referee.Viewer, _ locale.Lang) any             { return nil }
func (g *drawGame) Play(t *referee.T) {
	var opts []referee.Option
	for _, k := range []string{"swan", "escruce", "frere"} {
		for v := 2; v <= 5; v++ {
			label := map[string]string{"swan": "The Swan", "escruce": "Es Cruce", "frere": "Frere Jacques"}[k]
			opts = append(opts, referee.Option{Key: fmt.Sprintf("%s-%d", k, v), Label: fmt.Sprintf("%s %d", label, v)})
		}
	}
	for i := range 4 {
		g.tiles = append(g.tiles, t.Ask(referee.Question{ID: "d.pub", Actor: referee.Table, Confirm: true, Rule: "rp.draw",
			Text: fmt.Sprintf("Draw pub %d of 4. Which tile is it?", i+1), Options: opts}))
	}
	g.roll = t.AskNumber(referee.Question{ID: "d.roll", Actor: 0, Min: 1, Max: 6, Text: "Roll the die"})
}

// TestTilesAsSaidOnOneLine: a line of tiles as they are printed and said
// (issue 23 item 5) answers the draws, with commas or without; the help
// of a draw says so; a tile said that could be several is refused whole,
// with what it could be.
func TestTilesAsSaidOnOneLine(t *testing.T) {
	want := []string{"swan-3", "swan-4", "escruce-2", "frere-5"}
	for _, line := range []string{"swan 3, swan 4, es cruce 2, frere 5", "The Swan 3, the swan 4, Es Cruce 2, Frère Jacques 5",
		"swan 3 swan 4 es cruce 2 frere 5", "SWAN 3 Swan-4 escruce 2 frere 5", "swan-3 swan-4 escruce-2 frere-5"} {
		for _, mode := range []Mode{Plain, JSON} {
			e, err := referee.Start(func() referee.Game { return &drawGame{} })
			if err != nil {
				t.Fatal(err)
			}
			out := &bytes.Buffer{}
			s := &Session{Engine: e, Mode: mode, In: strings.NewReader(line + "\n"), Out: out, ErrOut: &bytes.Buffer{}}
			s.Run()
			if g := e.Game().(*drawGame); !reflect.DeepEqual(g.tiles, want) {
				t.Errorf("%v: %q drew %v, want %v:\n%s", mode, line, g.tiles, want, out)
			}
			e.Close()
		}
	}
	e, err := referee.Start(func() referee.Game { return &drawGame{} })
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	out := &bytes.Buffer{}
	s := &Session{Engine: e, Mode: Plain, In: strings.NewReader("help\nswan 3, swan, frere 5\n"), Out: out, ErrOut: &bytes.Buffer{}}
	s.Run()
	o := out.String()
	for _, w := range []string{"Several draws fit on one line", `Value 2 (swan) does not fit the next question, the table's: "swan" could be The Swan 2, The Swan 3, The Swan 4 or The Swan 5`} {
		if !strings.Contains(o, w) {
			t.Errorf("the output lacks %q:\n%s", w, o)
		}
	}
	if len(e.Answers()) != 0 {
		t.Errorf("a line with an ambiguous tile was taken in part: %v", e.Answers())
	}
}
