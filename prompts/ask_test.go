package prompts

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
)

var colors = []referee.Option{{Key: "gold", Label: "Gold"}, {Key: "violet", Label: "Violet"}, {Key: "blue", Label: "Blue"}}

func noEmpty(s string) error {
	if s == "" {
		return errors.New("type a name")
	}
	return nil
}

func TestPlainAsker(t *testing.T) {
	var out bytes.Buffer
	in := bufio.NewReader(strings.NewReader("\n  Ann  \npurple\n2\nBLUE\nmaybe\nY\nno\n:quit\n"))
	a := NewAsker(Plain, in, &out, false)
	name, err := a.Text("Player 1 name?", noEmpty)
	if err != nil || name != "Ann" {
		t.Fatalf("Text = %q, %v", name, err)
	}
	c, err := a.Choose("Ann's color?", colors)
	if err != nil || c != "violet" {
		t.Fatalf("Choose = %q, %v", c, err)
	}
	if c, err := a.Choose("Again?", colors); err != nil || c != "blue" {
		t.Fatalf("Choose by key = %q, %v", c, err)
	}
	if ok, err := a.Confirm("Ready?"); err != nil || !ok {
		t.Fatalf("Confirm = %v, %v", ok, err)
	}
	if ok, err := a.Confirm("Sure?"); err != nil || ok {
		t.Fatalf("Confirm no = %v, %v", ok, err)
	}
	if _, err := a.Text("More?", nil); !errors.Is(err, ErrQuit) {
		t.Fatalf("quit: %v", err)
	}
	if _, err := a.Text("More?", nil); !errors.Is(err, ErrInputEnded) {
		t.Fatalf("end: %v", err)
	}
	o := out.String()
	for _, s := range []string{"Not taken: type a name", `"purple" is not one of the choices`, "  2) violet  Violet", "answer yes or no"} {
		if !strings.Contains(o, s) {
			t.Errorf("output lacks %q:\n%s", s, o)
		}
	}
	// The session shares the reader: nothing was read ahead and lost.
	in2 := bufio.NewReader(strings.NewReader("Bo\n3\n"))
	NewAsker(Plain, in2, &out, false).Text("name", nil)
	e, _ := referee.Start(newTable)
	defer e.Close()
	s := &Session{Engine: e, Mode: Plain, In: in2, Out: &out, ErrOut: &out}
	s.Run()
	if len(e.Answers()) != 1 || e.Answers()[0].A != "3" {
		t.Fatalf("session after asker read %v", e.Answers())
	}
}

func TestJSONAsker(t *testing.T) {
	var out bytes.Buffer
	a := NewAsker(JSON, strings.NewReader("Ann\nred\ngold\nyes\n"), &out, false)
	if s, err := a.Text("Player 1 name?", nil); err != nil || s != "Ann" {
		t.Fatal(s, err)
	}
	if c, err := a.Choose("Color?", colors); err != nil || c != "gold" {
		t.Fatal(c, err)
	}
	if ok, err := a.Confirm("Ready?"); err != nil || !ok {
		t.Fatal(ok, err)
	}
	objs := jsonLines(t, out.String())
	if len(objs) != 5 {
		t.Fatalf("%d objects: %s", len(objs), out.String())
	}
	for _, o := range objs {
		if o["type"] == "question" {
			hasKeys(t, o, "type", "id", "actor", "actor_name", "kind", "text", "options", "min", "max", "secret", "rule", "step")
		}
	}
	if objs[0]["id"] != SetupTextID || objs[0]["kind"] != "text" || objs[0]["text"] != "Player 1 name?" {
		t.Errorf("text question %v", objs[0])
	}
	if objs[2]["type"] != "error" || objs[2]["question"] != SetupChoiceID {
		t.Errorf("bad choice %v", objs[2])
	}
	if objs[4]["id"] != SetupConfirmID || len(objs[4]["options"].([]any)) != 2 {
		t.Errorf("confirm question %v", objs[4])
	}
}

// TestMessagesAreShownByTheFrontEnd checks that what a command prints
// around a game (Say, Report) and whether it may browse a list (Lists)
// are the front end's choice: plain lines in plain mode and in a
// terminal, JSON objects in JSON mode, text for people only never in JSON.
func TestMessagesAreShownByTheFrontEnd(t *testing.T) {
	type result struct {
		Type string `json:"type"`
		N    int    `json:"n"`
	}
	for _, tc := range []struct {
		mode  Mode
		want  string
		lists bool
	}{
		{Plain, "Saving to g.yaml.\n\\x1b[2J line\nresult 7\nfor people\n", false},
		{Terminal, "Saving to g.yaml.\n\\x1b[2J line\nresult 7\nfor people\n", true},
		{JSON, `{"type":"info","text":"Saving to g.yaml.\n\\x1b[2J line"}` + "\n" + `{"type":"result","n":7}` + "\n", false},
	} {
		var out bytes.Buffer
		a := NewAsker(tc.mode, bufio.NewReader(strings.NewReader("")), &out, false)
		a.Say("Saving to g.yaml.\n\x1b[2J line")
		a.Report(result{Type: "result", N: 7}, "result 7")
		a.Report(nil, "for people")
		a.Report(nil, "")
		// The escape character is shown, never written.
		if got := out.String(); got != tc.want {
			t.Errorf("%s mode wrote %q, want %q", tc.mode, out.String(), tc.want)
		}
		if a.Lists() != tc.lists {
			t.Errorf("%s mode lists: %v", tc.mode, a.Lists())
		}
	}
}

// setupGame asks a name (a text with a check) and a color, as a game's
// setup does.
type setupGame struct{ name, color string }

func (g *setupGame) Name() string                                         { return "setup" }
func (g *setupGame) PlayerNames() []string                                { return nil }
func (g *setupGame) Status(_ referee.Viewer, _ locale.Lang, _ int) string { return "" }
func (g *setupGame) View(_ referee.Viewer, _ locale.Lang) any             { return nil }
func (g *setupGame) Play(t *referee.T) {
	g.name = t.Ask(referee.Question{ID: "setup.1.name", Actor: referee.Table, Kind: referee.TextLine, Text: "Name?",
		Check: func(s string) error {
			if s == "Zed" {
				return errors.New("Zed is taken")
			}
			return nil
		}})
	g.color = t.Ask(referee.Question{ID: "setup.1.color", Actor: referee.Table, Text: "Color?", Options: colors})
}

// TestAnswerAsksTheEnginesSetupQuestions: Asker.Answer asks an engine's
// setup question with its ID until the engine takes a line, in plain and
// JSON modes; the engine's check refuses, the same question follows.
func TestAnswerAsksTheEnginesSetupQuestions(t *testing.T) {
	for _, mode := range []Mode{Plain, JSON} {
		var out bytes.Buffer
		a := NewAsker(mode, bufio.NewReader(strings.NewReader("Zed\nAnn\npurple\n2\n")), &out, false)
		e, err := referee.Start(func() referee.Game { return &setupGame{} })
		if err != nil {
			t.Fatal(err)
		}
		for e.Next() != nil {
			if err := a.Answer(e); err != nil {
				t.Fatalf("%s: %v", mode, err)
			}
		}
		g := e.Game().(*setupGame)
		if g.name != "Ann" || g.color != "violet" {
			t.Fatalf("%s: answers %q %q", mode, g.name, g.color)
		}
		o := out.String()
		want := []string{"Zed is taken", "is not one of the choices: answer Gold,"}
		if mode == JSON {
			want = append(want, `"id":"setup.1.name"`, `"type":"error","question":"setup.1.name"`, `"id":"setup.1.color"`)
		}
		for _, w := range want {
			if !strings.Contains(o, w) {
				t.Errorf("%s output lacks %q:\n%s", mode, w, o)
			}
		}
		e.Close()
	}
}

// TestSetupQuestionsTakeTheSessionsCommands: at a new game's setup
// questions the line is read as a game's line is: help explains the
// question and says which commands work now, rules looks the reference
// up, a game's command (show, log) says it works once the game has
// begun, undo returns referee.ErrTakeBack, a command of several words at
// a name question needs its colon, and quit stops; in plain and JSON
// modes.
func TestSetupQuestionsTakeTheSessionsCommands(t *testing.T) {
	lookups := 0
	rules := func(q string) string { lookups++; return "REFERENCE FOR " + q }
	for _, mode := range []Mode{Plain, JSON} {
		lookups = 0
		var out bytes.Buffer
		in := "help\n:rules pub roll\nshow\nlog\nAnn\nhelp\nrules colors\nundo\n:quit\n"
		a := NewAsker(mode, bufio.NewReader(strings.NewReader(in)), &out, false, WithRules(rules))
		e, err := referee.Start(func() referee.Game { return &setupGame{} })
		if err != nil {
			t.Fatal(err)
		}
		if err := a.Answer(e); err != nil {
			t.Fatalf("%s: name: %v", mode, err)
		}
		if got := e.Game().(*setupGame).name; got != "Ann" {
			t.Fatalf("%s: the name taken is %q, want Ann (the commands before it are no names)", mode, got)
		}
		if err := a.Answer(e); !errors.Is(err, referee.ErrTakeBack) {
			t.Fatalf("%s: undo at the color: %v, want ErrTakeBack", mode, err)
		}
		if err := a.Answer(e); !errors.Is(err, ErrQuit) {
			t.Fatalf("%s: :quit: %v, want ErrQuit", mode, err)
		}
		o := out.String()
		for _, w := range []string{"The table: ", "During these setup questions help, rules, undo",
			"REFERENCE FOR pub roll", "REFERENCE FOR colors", "show works once the game has begun", "log works once the game has begun"} {
			if !strings.Contains(o, w) {
				t.Errorf("%s output lacks %q:\n%s", mode, w, o)
			}
		}
		if lookups != 2 {
			t.Errorf("%s: %d rules lookups, want 2", mode, lookups)
		}
		e.Close()
	}
}

// TestSetupCommandsAreOneList: each command of setupCommands does its
// work at a setup question, every other command is refused with the
// sentence that names setupCommands, and the help and the list's menu
// line name the same commands.
func TestSetupCommandsAreOneList(t *testing.T) {
	does := map[string]string{"help": "Commands (a leading", "rules": "Type rules and a few words", "undo": "ErrTakeBack", "quit": "ErrQuit"}
	if len(does) != len(setupCommands) {
		t.Fatalf("setupCommands %q, but this test knows what %d of them do", setupCommands, len(does))
	}
	for _, m := range metaCommands {
		var out bytes.Buffer
		a := NewAsker(Plain, bufio.NewReader(strings.NewReader(":"+m.name+"\nAnn\n")), &out, false, WithRules(func(string) string { return "" }))
		e, err := referee.Start(func() referee.Game { return &setupGame{} })
		if err != nil {
			t.Fatal(err)
		}
		err = a.Answer(e)
		e.Close()
		o := out.String()
		want, ok := does[m.name]
		switch {
		case !ok && slices.Contains(setupCommands, m.name):
			t.Errorf("%s is a setup command this test does not know", m.name)
		case !ok:
			if w := m.name + " works once the game has begun, after these setup questions; now help, rules, undo and quit work"; !strings.Contains(o, w) {
				t.Errorf("%s at a setup question: %v\n%s\nwant %q", m.name, err, o, w)
			}
		case want == "ErrTakeBack":
			if !errors.Is(err, referee.ErrTakeBack) {
				t.Errorf("undo at a setup question returned %v, want ErrTakeBack", err)
			}
		case want == "ErrQuit":
			if !errors.Is(err, ErrQuit) {
				t.Errorf("quit at a setup question returned %v, want ErrQuit", err)
			}
		default:
			if err != nil || !strings.Contains(o, want) || strings.Contains(o, "works once") {
				t.Errorf("%s at a setup question: %v\n%s\nwant %q", m.name, err, o, want)
			}
		}
	}
	if got := (&Session{}).setupMenu(false); got != "help rules quit" {
		t.Errorf("the menu before an answer names %q", got)
	}
	if got := (&Session{}).setupMenu(true); got != "undo help rules quit" {
		t.Errorf("the menu after an answer names %q", got)
	}
}

// askRecorder is the plain front end, recording whether each setup
// question was asked with undo offered.
type askRecorder struct {
	*plainFront
	takeBack []bool
}

func (r *askRecorder) ask(a asking) func() (string, error) {
	if a.kind == askSetup {
		r.takeBack = append(r.takeBack, a.takeBack)
	}
	return r.plainFront.ask(a)
}

// TestSetupOffersUndoOnceALineWasTyped: a setup question offers undo
// once a line typed at an earlier one can be taken back, not for an
// answer the command line gave, and no longer once the typed answers
// were taken back.
func TestSetupOffersUndoOnceALineWasTyped(t *testing.T) {
	s := &Session{Mode: Plain, In: strings.NewReader("violet\nAnn\nCy\nviolet\n"), Out: &bytes.Buffer{}}
	s.init()
	rec := &askRecorder{plainFront: s.fe.(*plainFront)}
	s.fe = rec
	// The name from the command line, the color typed.
	e, err := referee.Start(func() referee.Game { return &setupGame{} })
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Answer("Bo"); err != nil {
		t.Fatal(err)
	}
	if err := s.AskSetup(e); err != nil {
		t.Fatal(err)
	}
	e.Close()
	// Both typed; then the name taken back and asked again.
	e, err = referee.Start(func() referee.Game { return &setupGame{} })
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if err := s.AskSetup(e); err != nil {
		t.Fatal(err)
	}
	if err := e.Rewind(0); err != nil {
		t.Fatal(err)
	}
	if err := s.AskSetup(e); err != nil {
		t.Fatal(err)
	}
	if err := s.AskSetup(e); err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(rec.takeBack), "[false false false true]"; got != want {
		t.Errorf("undo offered %s, want %s (color after the command line's name, name, name again after undo, color after it)", got, want)
	}
}
