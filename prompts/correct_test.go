package prompts

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"rumref/referee"
)

// startRelay starts a session of the relay game.
func startRelay(t *testing.T, mode Mode, input string) *run {
	t.Helper()
	e, err := referee.Start(newRelay)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	r := &run{out: &bytes.Buffer{}, err: &bytes.Buffer{}}
	r.s = &Session{Engine: e, Mode: mode, In: strings.NewReader(input), Out: r.out, ErrOut: r.err, SaveName: "game.yaml",
		Save: func(a []referee.Answer) error {
			r.saves = append(r.saves, append([]referee.Answer(nil), a...))
			return nil
		}}
	return r
}

func relayAnswers(first string, pairs ...string) []referee.Answer {
	p := 0
	if first == "bo" {
		p = 1
	}
	actor := map[string]int{"r.first": -1, "r.roll": p, "r.ware": 1 - p, "r.pick": p, "r.count": -1}
	out := []referee.Answer{{Q: "r.first", A: first, Actor: -1, HasActor: true}}
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, referee.Answer{Q: pairs[i], A: pairs[i+1], Actor: actor[pairs[i]], HasActor: true})
	}
	return out
}

func TestCorrectionThatDropsAnswersAsksAndUndoTakesItBack(t *testing.T) {
	// Ann starts, rolls 3, Bo draws pearl, Ann picks red. Correcting who
	// starts moves the roll to Bo: the three later answers would be
	// dropped, so rumref asks; no keeps everything, yes drops them. Undo
	// right after takes the correction back; the next undo the last answer.
	r := startRelay(t, Plain, "ann\n3\npearl\nred\ncorrect 1 bo\nno\ncorrect 1 bo\nyes\nundo\nundo\n").run()
	if !errors.Is(r.res, ErrInputEnded) {
		t.Fatalf("run: %v", r.res)
	}
	out := r.out.String()
	ask := "Changing answer 1 drops the 3 later answers from answer 2 on, because it was Ann's answer and the game now asks Bo. Go ahead?"
	if n := strings.Count(out, ask); n != 2 {
		t.Fatalf("the drop confirmation was asked %d times, want 2:\n%s", n, out)
	}
	for _, s := range []string{"Nothing was changed.", "Answer 1 is now Bo. Dropped the 3 later answers from answer 2 on",
		"the game keeps 1 of 4 answers", "Took back the correction of answer 1: the game holds its 4 answers again, exactly as before it.",
		"Took back answer 4 (Ann: Red)."} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	full := relayAnswers("ann", "r.roll", "3", "r.ware", "pearl", "r.pick", "red")
	saves := r.saves
	// Saves: 4 answers, the correction (1 answer), the take-back (all 4
	// again), the undo (3).
	if len(saves) != 7 || !reflect.DeepEqual(saves[4], relayAnswers("bo")) || !reflect.DeepEqual(saves[5], full) || !reflect.DeepEqual(saves[6], full[:3]) {
		t.Fatalf("saves %v", saves)
	}
}

func TestCorrectionThatKeepsEverythingShowsTheNewRulings(t *testing.T) {
	r := startRelay(t, Plain, "ann\n3\npearl\nred\ncorrect 2 5\ncorrect 4\n2\nlog\n").run()
	out := r.out.String()
	for _, s := range []string{"Answer 2 is now 5. All 2 later answers still fit.", "Rulings that now follow from answer 2", "* Ann rolled 5. (r.roll)",
		"Answer 4, Ann: Pick one. -> Red", "New value for answer 4", "Answer 4 is now Blue.", "* Ann picked blue. (r.pick)"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "Changing answer") {
		t.Errorf("a correction that drops nothing asked first:\n%s", out)
	}
	if got := r.s.Engine.Answers(); !reflect.DeepEqual(got, relayAnswers("ann", "r.roll", "5", "r.ware", "pearl", "r.pick", "blue")) {
		t.Fatalf("answers %v", got)
	}
}

// publicJSON lists the objects of a JSON session that every player may
// see: all but secret questions and confirms addressed to a player (the
// driver collects those privately, as the protocol says), and but the
// status of a peek.
func publicJSON(t *testing.T, out string) []string {
	t.Helper()
	var pub []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		switch {
		case m["type"] == "question" && m["secret"] == true:
		case m["type"] == "confirm" && m["actor"] != -1.0:
		case m["type"] == "status" && m["viewer"] != -1.0:
		default:
			pub = append(pub, line)
		}
	}
	return pub
}

// leaks returns the first of words found in any public line.
func leaks(lines []string, words ...string) string {
	for _, l := range lines {
		for _, w := range words {
			if strings.Contains(strings.ToLower(l), strings.ToLower(w)) {
				return fmt.Sprintf("%q in %s", w, l)
			}
		}
	}
	return ""
}

func TestSecretCorrectionAndUndoLeakNothingInJSON(t *testing.T) {
	// Ann starts; Bo draws pearl (secret). At Ann's pick the table tries
	// to correct Bo's treasure: the confirm names Bo; a value that is not
	// a choice is refused without the choices or the value; gold is
	// taken; undo takes the correction back, again with Bo's agreement.
	in := "ann\n3\npearl\ncorrect 3 ruby\nyes\ncorrect 3 gold\nyes\nlog\nshow\nundo\nyes\nlog\nshow\nred\n2\n"
	r := startRelay(t, JSON, in).run()
	if r.res != nil {
		t.Fatalf("run: %v\n%s", r.res, r.out)
	}
	var confirms []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(r.out.String()), "\n") {
		var m map[string]any
		json.Unmarshal([]byte(line), &m)
		if m["type"] == "confirm" {
			confirms = append(confirms, m)
		}
	}
	if len(confirms) != 3 {
		t.Fatalf("%d confirms, want 3:\n%s", len(confirms), r.out)
	}
	for i, id := range []string{"correct.secret", "correct.secret", "undo.secret"} {
		if c := confirms[i]; c["id"] != id || c["actor"] != 1.0 || c["actor_name"] != "Bo" {
			t.Errorf("confirm %d is %v, want %s for Bo", i+1, c, id)
		}
	}
	pub := publicJSON(t, r.out.String())
	if l := leaks(pub, "pearl", "gold", "ruby", "rum,", "Which treasure"); l != "" {
		t.Fatalf("a public object shows Bo's secret: %s", l)
	}
	out := r.out.String()
	for _, s := range []string{"Answer 3 was not changed: the new value is not a legal answer to that secret question", "Answer 3 is now (secret).",
		"Took back the correction of answer 3"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q", s)
		}
	}
	if g := r.s.Engine.Game().(*relayGame); g.ware != "pearl" || g.count != 2 {
		t.Fatalf("game %+v", g)
	}
}

func TestSecretCorrectionInPlainModeLeaksNothing(t *testing.T) {
	// The value comes on the command line, so the only confirm is Bo's,
	// addressed to him; the refusal names neither the value nor the
	// choices, and the log hides the question.
	r := startRelay(t, Plain, "ann\n3\npearl\ncorrect 3 ruby\nyes\ncorrect 3 gold\nyes\nlog\nshow\nundo\nyes\nlog\n").run()
	out := r.out.String()
	// Everything printed after Bo's own secret question was answered.
	i := strings.Index(out, "Secret answer taken.")
	if i < 0 {
		t.Fatalf("no secret answer:\n%s", out)
	}
	after := strings.Split(out[i:], "\n")
	if l := leaks(after, "pearl", "gold", "ruby", "rum,", "Which treasure"); l != "" {
		t.Fatalf("plain output shows Bo's secret: %s", l)
	}
	for _, s := range []string{"This changes Bo's secret answer (answer 3). Pass the laptop to Bo: Bo, do you agree? (yes/no)",
		"Answer 3 was not changed: the new value is not a legal answer to that secret question", "Answer 3 is now (secret).",
		"This takes back the correction of Bo's secret answer (answer 3)", "3. Bo: (a secret question) -> (secret) (r.ware)"} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if g := r.s.Engine.Game().(*relayGame); g.ware != "pearl" {
		t.Fatalf("ware %q after the take-back", g.ware)
	}
}

// TestCorrectTakesAnOptionNumber: "correct N VALUE" takes an option's
// number as the question's own list shows it, in every mode, as the
// question itself did ("correct 4 2" was refused as not a key), and the
// secret answer's value in JSON too.
func TestCorrectTakesAnOptionNumber(t *testing.T) {
	for _, mode := range []Mode{Plain, JSON} {
		r := startRelay(t, mode, "ann\n3\npearl\nred\ncorrect 4 2\ncorrect 3 1\nyes\n").run()
		g := r.s.Engine.Game().(*relayGame)
		if g.pick != "blue" || g.ware != "rum" {
			t.Errorf("mode %v: pick %q ware %q, want blue and rum\n%s", mode, g.pick, g.ware, r.out)
		}
		if strings.Contains(r.out.String(), "is not one of the choices") {
			t.Errorf("mode %v: an option number was refused:\n%s", mode, r.out)
		}
	}
}

// TestRefusedCorrectionSaysNumbersWork: a refused correction of a choice
// says the options' numbers are taken too, as a refused answer does.
func TestRefusedCorrectionSaysNumbersWork(t *testing.T) {
	r := startRelay(t, Plain, "ann\n3\npearl\nred\ncorrect 4 green\n").run()
	if out := r.out.String(); !strings.Contains(out, `Answer 4 was not changed: "green" is not one of the choices: answer Red or Blue, or the option's number, 1 to 2`) {
		t.Errorf("the refusal:\n%s", out)
	}
}
