package prompts

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
)

type run struct {
	s     *Session
	out   *bytes.Buffer
	err   *bytes.Buffer
	saves [][]referee.Answer
	res   error
}

func start(t *testing.T, mode Mode, input string) *run {
	t.Helper()
	e, err := referee.Start(newTable)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	r := &run{out: &bytes.Buffer{}, err: &bytes.Buffer{}}
	r.s = &Session{Engine: e, Mode: mode, In: strings.NewReader(input), Out: r.out, ErrOut: r.err, SaveName: "game.yaml",
		Save: func(a []referee.Answer) error { r.saves = append(r.saves, a); return nil }}
	return r
}

func (r *run) run() *run { r.res = r.s.Run(); return r }

func (r *run) game() *tableGame { return r.s.Engine.Game().(*tableGame) }

// tableActors is who the table game asks each question of.
var tableActors = map[string]int{"t.roll": 0, "t.ware": 1, "t.pick": 0, "t.count": int(referee.Table)}

// answers makes the table game's answers from question and key pairs,
// each recorded with the actor it is asked of, as the engine records it.
func answers(pairs ...string) []referee.Answer {
	var out []referee.Answer
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, referee.Answer{Q: pairs[i], A: pairs[i+1], Actor: tableActors[pairs[i]], HasActor: true})
	}
	return out
}

func TestPlainAnswersByNumberAndKey(t *testing.T) {
	r := start(t, Plain, "3\n2\nBLUE\n4").run()
	if r.res != nil {
		t.Fatalf("run: %v\n%s", r.res, r.out)
	}
	want := answers("t.roll", "3", "t.ware", "gold", "t.pick", "blue", "t.count", "4")
	if got := r.s.Engine.Answers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("answers %v, want %v", got, want)
	}
	if len(r.saves) != 4 {
		t.Fatalf("%d saves, want one per answer", len(r.saves))
	}
	for i, sv := range r.saves {
		if !reflect.DeepEqual(sv, want[:i+1]) {
			t.Fatalf("save %d holds %v, want %v", i+1, sv, want[:i+1])
		}
	}
	out := r.out.String()
	for _, s := range []string{"Ann: What did you roll?", "(a number from 1 to 6)", "  1) rum   Rum", "pass the laptop to Bo",
		"Ann starts.", "Ann rolled 3. (t.roll)", "Bo took a ware.", "The game is over.", `pick "blue", count 4`} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "It is gold") || strings.Contains(out, "WARE=") {
		t.Errorf("private text in the public output:\n%s", out)
	}
}

func TestPlainBadInputIsReaskedAndChangesNothing(t *testing.T) {
	r := start(t, Plain, "7\nsix\n\n:frobnicate\n"+strings.Repeat("x", 5000)+"\n3\n").run()
	if !errors.Is(r.res, ErrInputEnded) {
		t.Fatalf("run: %v", r.res)
	}
	out := r.out.String()
	if n := strings.Count(out, "Not taken (t.roll):"); n != 5 {
		t.Fatalf("%d rejections, want 5:\n%s", n, out)
	}
	for _, s := range []string{"7 is out of range: answer a number from 1 to 6", `"six" is not a whole number`, "Type an answer", "is not a command", "too long"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks reason %q", s)
		}
	}
	if n := strings.Count(out, "Ann: What did you roll?"); n != 6 {
		t.Errorf("roll asked %d times, want 6", n)
	}
	if len(r.saves) != 1 || !reflect.DeepEqual(r.s.Engine.Answers(), answers("t.roll", "3")) {
		t.Fatalf("answers %v saves %d", r.s.Engine.Answers(), len(r.saves))
	}
	if !strings.Contains(r.err.String(), "rumref resume game.yaml") {
		t.Errorf("no resume hint: %q", r.err.String())
	}
}

func TestChoiceNumbersAndOptionKeysThatLookLikeCommands(t *testing.T) {
	// At t.pick, "undo" is an option key, so the bare word answers; ":undo"
	// is the command. "4" is out of the numbered range.
	r := start(t, Plain, "3\nrum\n4\n:undo\nyes\nmap\nundo\n").run()
	if !errors.Is(r.res, ErrInputEnded) {
		t.Fatalf("run: %v", r.res)
	}
	want := answers("t.roll", "3", "t.ware", "map", "t.pick", "undo")
	if got := r.s.Engine.Answers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("answers %v, want %v\n%s", got, want, r.out)
	}
	if !strings.Contains(r.out.String(), "or the option's number, 1 to 3") {
		t.Errorf("numbered rejection does not mention numbers:\n%s", r.out)
	}
}

func TestUndoAndSecretConfirmation(t *testing.T) {
	// Ann is asked t.pick after Bo's secret ware: undo asks first; "no"
	// keeps it, "yes" takes it back. Then Bo answers again.
	r := start(t, Plain, "3\nrum\n:undo\nno\n:undo\nyes\ngold\n:undo\n:undo\n5\n").run()
	if !errors.Is(r.res, ErrInputEnded) {
		t.Fatalf("run: %v", r.res)
	}
	out := r.out.String()
	if n := strings.Count(out, "This takes back Bo's secret answer"); n != 3 {
		t.Fatalf("secret confirmation shown %d times, want 3:\n%s", n, out)
	}
	if !strings.Contains(out, "Nothing was taken back.") {
		t.Error("declined undo not reported")
	}
	// The second ":undo" after gold: Ann asked, Bo's secret: confirmation
	// is asked again and "undo" is not yes, so nothing changes; the next
	// "5" is not a pick either.
	if got := r.s.Engine.Answers(); !reflect.DeepEqual(got, answers("t.roll", "3", "t.ware", "gold")) {
		t.Fatalf("answers %v\n%s", got, out)
	}
	last := r.saves[len(r.saves)-1]
	if !reflect.DeepEqual(last, r.s.Engine.Answers()) {
		t.Fatalf("last save %v differs from the game %v", last, r.s.Engine.Answers())
	}
	if strings.Contains(out, "(t.ware: rum)") || strings.Contains(out, "(t.ware: Rum") {
		t.Errorf("undo message shows a secret answer:\n%s", out)
	}
}

func TestUndoOwnAnswerNeedsNoConfirmation(t *testing.T) {
	r := start(t, Plain, "3\nundo\n5\nundo\nundo\n").run()
	if !errors.Is(r.res, ErrInputEnded) {
		t.Fatalf("run: %v", r.res)
	}
	if strings.Contains(r.out.String(), "secret answer") {
		t.Fatal("confirmation asked for a public answer")
	}
	if len(r.s.Engine.Answers()) != 0 || !strings.Contains(r.out.String(), "There is nothing to undo yet.") {
		t.Fatalf("answers %v\n%s", r.s.Engine.Answers(), r.out)
	}
	// Every undo saved the shorter list.
	if got := len(r.saves[len(r.saves)-1]); got != 0 {
		t.Fatalf("last save holds %d answers", got)
	}
}

func TestCorrectReplaysTheRest(t *testing.T) {
	r := start(t, Plain, "3\nrum\nred\ncorrect 1 5\ncorrect 1 9\ncorrect 7 1\ncorrect x\ncorrect 2 gold\nyes\nlog\n").run()
	if !errors.Is(r.res, ErrInputEnded) {
		t.Fatalf("run: %v", r.res)
	}
	g := r.game()
	if g.roll != 5 || g.ware != "gold" || g.pick != "red" {
		t.Fatalf("state after corrections %+v", g)
	}
	out := r.out.String()
	for _, s := range []string{"Answer 1 is now 5.", "Answer 1 was not changed: 9 is out of range", "There is no answer 7", "for example correct 3 5",
		"This changes Bo's secret answer", "Answer 2 is now (secret)."} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	if !reflect.DeepEqual(r.saves[len(r.saves)-1], answers("t.roll", "5", "t.ware", "gold", "t.pick", "red")) {
		t.Fatalf("last save %v", r.saves[len(r.saves)-1])
	}
}

func TestLogHidesSecretAnswers(t *testing.T) {
	r := start(t, Plain, "3\nmap\nlog\n").run()
	out := r.out.String()
	i := strings.Index(out, "Game log")
	if i < 0 {
		t.Fatalf("no log:\n%s", out)
	}
	log := out[i:]
	log = log[:strings.Index(log, "\n\n")]
	if strings.Contains(strings.ToLower(log), "map") || strings.Contains(log, "It is") || strings.Contains(log, "Which ware") {
		t.Fatalf("log leaks the secret:\n%s", log)
	}
	for _, s := range []string{"1. Ann: What did you roll? -> 3 (t.roll)", "2. Bo: (a secret question) -> (secret) (t.ware)", "* Ann rolled 3. (t.roll)", "* Bo took a ware."} {
		if !strings.Contains(log, s) {
			t.Errorf("log lacks %q:\n%s", s, log)
		}
	}
}

func TestMetaCommandsShowHelpRulesPeekQuit(t *testing.T) {
	r := start(t, Plain, "3\nmap\nshow\nhelp\nrules treasure\nrules\npeek\n2\n\n\npeek Zed\nquit\nred\n")
	r.s.Rules = func(q string) string {
		if q == "nothing" {
			return ""
		}
		return "REFERENCE FOR " + q
	}
	r.run()
	if !errors.Is(r.res, ErrQuit) {
		t.Fatalf("run: %v", r.res)
	}
	out := r.out.String()
	for _, s := range []string{"Board and status (public view)", "Bo's ware hidden", "Ann: Pick one.\nAnswer with Red, Blue or A thing called undo, or the option's number, 1 to 3.", "undo ", "correct N VALUE",
		"REFERENCE FOR t.pick", "REFERENCE FOR treasure", "Pass the laptop to Bo", "WARE=map", `"Zed" is not a player`} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	if len(r.s.Engine.Answers()) != 2 {
		t.Fatalf("quit should stop before red: %v", r.s.Engine.Answers())
	}
	// The path and the command on lines of their own, no period glued
	// to them, so either can be copied whole.
	if !strings.Contains(r.err.String(), "The game is saved in:\n  game.yaml\nContinue it with:\n  rumref resume game.yaml\n") {
		t.Errorf("quit message %q", r.err.String())
	}
}

func TestSaveFailureStopsTheSession(t *testing.T) {
	r := start(t, Plain, "3\nrum\n")
	boom := errors.New("disk full")
	r.s.Save = func([]referee.Answer) error { return boom }
	r.run()
	if !errors.Is(r.res, boom) || errors.Is(r.res, ErrInputEnded) {
		t.Fatalf("run: %v", r.res)
	}
}

func TestResumeSkipsShownEvents(t *testing.T) {
	e, err := referee.Replay(newTable, answers("t.roll", "4"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := &Session{Engine: e, Mode: Plain, In: bufio.NewReader(strings.NewReader("")), Out: &out, ErrOut: &out, EventsShown: len(e.Events())}
	if err := s.Run(); !errors.Is(err, ErrInputEnded) {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "Ann rolled") || !strings.Contains(out.String(), "Continuing the game after 1 answer.") {
		t.Fatalf("resume output:\n%s", out.String())
	}
}

// jsonLines decodes every output line, failing on any line that is not a
// JSON object.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line is not a JSON object: %q: %v", line, err)
		}
		objs = append(objs, m)
	}
	return objs
}

func keys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func hasKeys(t *testing.T, m map[string]any, want ...string) {
	t.Helper()
	if len(m) != len(want) {
		t.Errorf("%v has fields %v, want exactly %v", m["type"], keys(m), want)
	}
	for _, k := range want {
		if _, ok := m[k]; !ok {
			t.Errorf("%v lacks field %q: %v", m["type"], k, m)
		}
	}
}

func TestJSONProtocol(t *testing.T) {
	r := start(t, JSON, "9\n3\npeek\npeek Bo\nmap\n:undo\nyes\nrum\nlog\nshow\nhelp\nrules wrangle\n1\n3\n")
	r.s.Rules = func(q string) string { return "ref " + q }
	r.run()
	if r.res != nil {
		t.Fatalf("run: %v", r.res)
	}
	objs := jsonLines(t, r.out.String())
	var types []string
	for _, o := range objs {
		types = append(types, o["type"].(string))
		switch o["type"] {
		case "question":
			hasKeys(t, o, "type", "id", "actor", "actor_name", "kind", "text", "options", "min", "max", "secret", "rule", "step")
		case "event":
			hasKeys(t, o, "type", "rule", "text", "step")
			if strings.Contains(o["text"].(string), "It is") {
				t.Errorf("private event text in JSON: %v", o)
			}
		case "error":
			// A refusal at a secret question is marked for its owner.
			if o["question"] == "t.ware" {
				hasKeys(t, o, "type", "question", "rule", "error", "secret", "actor")
			} else {
				hasKeys(t, o, "type", "question", "rule", "error")
			}
		case "status":
			hasKeys(t, o, "type", "viewer", "text", "view")
		case "end":
			hasKeys(t, o, "type", "status", "text", "step")
		case "info":
			hasKeys(t, o, "type", "text")
		case "confirm":
			hasKeys(t, o, "type", "id", "actor", "actor_name", "text")
			// Bo's secret ware is taken back while Ann is asked: the
			// confirm names Bo, who must answer it.
			if o["id"] != "undo.secret" || o["actor"] != 1.0 || o["actor_name"] != "Bo" {
				t.Errorf("confirm %v", o)
			}
		case "help":
			hasKeys(t, o, "type", "question", "text", "commands", "rules")
		case "rules":
			hasKeys(t, o, "type", "query", "text")
		case "log":
			hasKeys(t, o, "type", "entries")
			for _, e := range o["entries"].([]any) {
				m := e.(map[string]any)
				if m["kind"] == "answer" {
					hasKeys(t, m, "kind", "n", "question", "actor", "actor_name", "text", "answer", "label", "secret", "rule", "step")
				} else {
					hasKeys(t, m, "kind", "rule", "text", "step")
				}
				if m["question"] == "t.ware" && (m["answer"] != "(secret)" || m["label"] != "(secret)") {
					t.Errorf("log shows a secret answer: %v", m)
				}
			}
		default:
			t.Errorf("undocumented object type %v", o["type"])
		}
	}
	got := strings.Join(types, " ")
	want := "event question error question event question error question status question event question confirm info question event question log question status question help question rules question question event end"
	if got != want {
		t.Fatalf("object sequence\n got %s\nwant %s", got, want)
	}
	q := objs[1]
	if q["id"] != "t.roll" || q["kind"] != "number" || q["min"] != 1.0 || q["max"] != 6.0 || q["actor_name"] != "Ann" || q["step"] != 0.0 {
		t.Errorf("roll question %v", q)
	}
	if len(q["options"].([]any)) != 0 {
		t.Errorf("number question with options %v", q)
	}
	w := objs[5]
	if w["id"] != "t.ware" || w["secret"] != true || w["min"] != nil || len(w["options"].([]any)) != 3 || w["actor"] != 1.0 {
		t.Errorf("ware question %v", w)
	}
	peek := objs[8]
	if peek["viewer"] != 1.0 || !strings.Contains(peek["text"].(string), "hidden") {
		t.Errorf("peek before the ware was drawn %v", peek)
	}
	end := objs[len(objs)-1]
	st := end["status"].(map[string]any)
	if st["ware"] != "hidden" || st["count"] != 3.0 || st["pick"] != "red" {
		t.Errorf("end status %v", st)
	}
	if !reflect.DeepEqual(r.s.Engine.Answers(), answers("t.roll", "3", "t.ware", "rum", "t.pick", "red", "t.count", "3")) {
		t.Errorf("answers %v", r.s.Engine.Answers())
	}
}

func TestJSONInputEndedAndQuit(t *testing.T) {
	for _, c := range []struct {
		in     string
		err    error
		reason string
	}{{"3\n", ErrInputEnded, "input_ended"}, {"3\n:quit\n", ErrQuit, "quit"}} {
		r := start(t, JSON, c.in).run()
		if !errors.Is(r.res, c.err) {
			t.Fatalf("%q: %v", c.in, r.res)
		}
		objs := jsonLines(t, r.out.String())
		last := objs[len(objs)-1]
		hasKeys(t, last, "type", "reason", "save", "step")
		if last["type"] != "exit" || last["reason"] != c.reason || last["save"] != "game.yaml" || last["step"] != 1.0 {
			t.Errorf("%q: exit object %v", c.in, last)
		}
	}
}

func TestParseModeAndString(t *testing.T) {
	for _, m := range []Mode{Terminal, Plain, JSON} {
		got, err := ParseMode(" " + strings.ToUpper(m.String()) + " ")
		if err != nil || got != m {
			t.Errorf("ParseMode(%s) = %v, %v", m, got, err)
		}
	}
	if _, err := ParseMode("tty"); err == nil || !strings.Contains(err.Error(), "terminal, plain or json") {
		t.Errorf("bad mode error %v", err)
	}
}

func TestParseInput(t *testing.T) {
	q := &referee.Question{ID: "x", Kind: referee.Choice, Options: []referee.Option{{Key: "log", Label: "Log"}, {Key: "b"}}}
	num := &referee.Question{ID: "n", Kind: referee.Choice, Options: []referee.Option{{Key: "3"}, {Key: "5"}}}
	for _, c := range []struct {
		q    *referee.Question
		line string
		kind inputKind
		raw  string
		cmd  string
		arg  string
	}{
		{q, "log", answerInput, "log", "", ""},
		{q, "LOG", answerInput, "LOG", "", ""},
		{q, ":log", metaInput, "", "log", ""},
		{q, "1", answerInput, "log", "", ""},
		{q, "2", answerInput, "b", "", ""},
		{q, "3", answerInput, "3", "", ""},
		{q, "  rules  rum on scorpion ", metaInput, "", "rules", "rum on scorpion"},
		{q, "?", metaInput, "", "help", ""},
		{q, "board", metaInput, "", "show", ""},
		{q, ":nope", badInput, "", "", ""},
		{q, "a\x00b", badInput, "", "", ""},
		{q, "   ", emptyInput, "", "", ""},
		{num, "1", answerInput, "1", "", ""},
		{num, "5", answerInput, "5", "", ""},
		{nil, "undo", metaInput, "", "undo", ""},
	} {
		in := parseInput(c.q, c.line)
		if in.kind != c.kind || in.raw != c.raw || in.cmd != c.cmd || in.arg != c.arg {
			t.Errorf("parseInput(%q) = %+v", c.line, in)
		}
	}
}

// TestProtocolExampleIsExact checks the example in docs/protocol.md
// against a real run: every complete line rumref writes there must be
// what rumref writes.
func TestProtocolExampleIsExact(t *testing.T) {
	doc, err := os.ReadFile("../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	r := start(t, JSON, "9\n3\nquit\n").run()
	got := strings.Split(r.out.String(), "\n")
	i := strings.Index(string(doc), "## Example")
	if i < 0 {
		t.Fatal("no example in the protocol document")
	}
	n := 0
	for _, line := range strings.Split(string(doc[i:]), "\n") {
		if !strings.HasPrefix(line, "< {") || strings.Contains(line, "...") {
			continue
		}
		want := strings.TrimPrefix(line, "< ")
		if !slices.Contains(got, want) {
			t.Errorf("the example line\n%s\nis not what rumref writes:\n%s", want, r.out.String())
		}
		n++
	}
	if n < 5 {
		t.Fatalf("only %d example lines checked", n)
	}
}

// turnGame asks Ann a question whose text opens with her name.
type turnGame struct{}

func (turnGame) Name() string                                              { return "turn" }
func (turnGame) PlayerNames() []string                                     { return []string{"Ann", "Bo"} }
func (turnGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string { return "" }
func (turnGame) View(viewer referee.Viewer, _ locale.Lang) any             { return "" }
func (turnGame) Play(t *referee.T) {
	t.Ask(referee.Question{ID: "t.menu", Actor: 0, Text: "Ann's turn: rest or board?",
		Options: []referee.Option{{Key: "rest", Label: "Rest"}, {Key: "board", Label: "Board"}}})
	t.AskNumber(referee.Question{ID: "t.roll", Actor: 1, Min: 1, Max: 6, Text: "Roll"})
}

// TestLogNamesThePlayerOnce: the log gives a question that opens with its
// player's name that name once, as the question line does ("Ann's turn",
// not "Ann: Ann's turn").
func TestLogNamesThePlayerOnce(t *testing.T) {
	e, err := referee.Start(func() referee.Game { return turnGame{} })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	var out bytes.Buffer
	s := &Session{Engine: e, Mode: Plain, In: strings.NewReader("rest\nlog\n"), Out: &out, ErrOut: &bytes.Buffer{}}
	s.Run()
	if got := out.String(); !strings.Contains(got, "1. Ann's turn: rest or board? -> Rest (rest)") || strings.Contains(got, "Ann: Ann") {
		t.Errorf("the log:\n%s", got)
	}
	if got := Named("Bo", "Roll"); got != "Bo: Roll" {
		t.Errorf("Named = %q", got)
	}
}

// TestLaptopPassedOncePerHolder: Bo is passed the laptop once for his two
// secret questions, his public move and the table's refill; it goes back
// when Ann is asked, and to Bo again for his next secret.
func TestLaptopPassedOncePerHolder(t *testing.T) {
	e, err := referee.Start(newHold)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	var out bytes.Buffer
	s := &Session{Engine: e, Mode: Plain, In: strings.NewReader("1\n1\n1\n1\n1\n1\n"), Out: &out, ErrOut: &out}
	if err := s.Run(); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	text := out.String()
	if n := strings.Count(text, "SECRET: pass the laptop to Bo"); n != 2 {
		t.Errorf("%d pass lines to Bo, want 2:\n%s", n, text)
	}
	if n := strings.Count(text, "Pass the laptop back."); n != 2 {
		t.Errorf("%d pass-back lines, want 2 (before Ann's turn, at the end):\n%s", n, text)
	}
	back, refill, ann := strings.Index(text, "Pass the laptop back."), strings.Index(text, "Which tile refills"), strings.Index(text, "Ann's turn: what now?")
	if !(refill < back && back < ann) {
		t.Errorf("the laptop did not go back after the table's refill and before Ann's turn:\n%s", text)
	}
}

// TestJSONRefusalOfASecretAnswerIsMarkedForItsOwner: the error for a
// refused answer to a secret question says it is secret and whose, so a
// driver shows it only to that player (its words may tell their secret).
func TestJSONRefusalOfASecretAnswerIsMarkedForItsOwner(t *testing.T) {
	r := start(t, JSON, "3\nsilk\ngold\nred\n4").run()
	if r.res != nil {
		t.Fatalf("run: %v\n%s", r.res, r.out)
	}
	var secret, public map[string]any
	for _, l := range strings.Split(r.out.String(), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) != nil || m["type"] != "error" {
			continue
		}
		if m["question"] == "t.ware" {
			secret = m
		}
	}
	if secret == nil || secret["secret"] != true || secret["actor"] != float64(1) {
		t.Fatalf("the refusal of Bo's secret ware is not marked for Bo: %v\n%s", secret, r.out)
	}
	r = start(t, JSON, "9\n3\ngold\nred\n4").run()
	for _, l := range strings.Split(r.out.String(), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && m["type"] == "error" {
			public = m
		}
	}
	if public == nil || public["secret"] != nil || public["actor"] != nil {
		t.Fatalf("a public refusal carries secret or actor: %v", public)
	}
}

// TestShellQuote: a save's path is given as a shell reads it back.
func TestShellQuote(t *testing.T) {
	for path, want := range map[string]string{
		"/home/ann/.local/share/rumref/saves/pirates-20261201-233800.yaml": "/home/ann/.local/share/rumref/saves/pirates-20261201-233800.yaml",
		"my game.yaml": "'my game.yaml'",
		"Ann's.yaml":   `'Ann'\''s.yaml'`,
		"":             "''",
		"$HOME/x.yaml": "'$HOME/x.yaml'",
	} {
		if got := ShellQuote(path); got != want {
			t.Errorf("ShellQuote(%q) = %s, want %s", path, got, want)
		}
	}
}
