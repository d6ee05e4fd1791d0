package referee

import (
	"fmt"
	"reflect"
	"rumref/locale"
	"strings"
	"testing"
)

// sumGame asks for dice until the total reaches a goal, then asks a choice.
type sumGame struct {
	goal  int
	total int
	rolls []int
	pick  string
	bug   bool
}

func (g *sumGame) Name() string          { return "sum" }
func (g *sumGame) PlayerNames() []string { return []string{"Ann", "Bo"} }
func (g *sumGame) Status(viewer Viewer, _ locale.Lang, _ int) string {
	return fmt.Sprintf("total %d", g.total)
}
func (g *sumGame) View(viewer Viewer, _ locale.Lang) any { return g.total }

func (g *sumGame) Play(t *T) {
	for g.total < g.goal {
		a := t.Ask(Question{ID: "sum.roll", Actor: Seat(len(g.rolls) % 2), Kind: Number, Min: 1, Max: 6, Text: "Roll"})
		n := int(a[0] - '0')
		if g.bug && n == 6 {
			panic("six is unlucky")
		}
		g.rolls = append(g.rolls, n)
		g.total += n
		t.Emit(Event{Rule: "sum", Text: fmt.Sprintf("total is %d", g.total)})
	}
	g.pick = t.Ask(Question{ID: "sum.pick", Actor: Table, Options: []Option{{"red", "Red"}, {"blue", "Blue"}}})
}

func newSum(goal int, bug bool) Factory {
	return func() Game { return &sumGame{goal: goal, bug: bug} }
}

func TestAnswerValidatesAndChangesNothingOnError(t *testing.T) {
	e, err := Start(newSum(10, false))
	if err != nil {
		t.Fatal(err)
	}
	if q := e.Next(); q == nil || q.ID != "sum.roll" {
		t.Fatalf("first question %+v", q)
	}
	for _, bad := range []string{"7", "0", "x", "", "3.5"} {
		if err := e.Answer(bad); err == nil {
			t.Errorf("answer %q accepted", bad)
		} else if !strings.Contains(err.Error(), "1 to 6") {
			t.Errorf("error %q does not say what is allowed", err)
		}
	}
	if len(e.Answers()) != 0 {
		t.Fatalf("bad answers recorded: %v", e.Answers())
	}
	for _, a := range []string{"6", " 5 "} {
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	if q := e.Next(); q.ID != "sum.pick" {
		t.Fatalf("after 11 want pick, got %s", q.ID)
	}
	if err := e.Answer("green"); err == nil || !strings.Contains(err.Error(), "Red or Blue, or the option's number, 1 to 2") {
		t.Fatalf("bad choice error %v", err)
	}
	if err := e.Answer("BLUE"); err != nil {
		t.Fatal(err)
	}
	if !e.Over() || e.Game().(*sumGame).pick != "blue" {
		t.Fatal("game should be over with blue picked")
	}
	if err := e.Answer("red"); err != ErrOver {
		t.Fatalf("answer after end: %v", err)
	}
}

func TestReplayUndoCorrect(t *testing.T) {
	e, _ := Start(newSum(12, false))
	for _, a := range []string{"3", "4", "2", "1"} {
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	if got := e.Game().(*sumGame).total; got != 10 {
		t.Fatalf("total %d", got)
	}
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := e.Game().(*sumGame).total; got != 9 || len(e.Answers()) != 3 || len(e.Events()) != 3 {
		t.Fatalf("after undo total %d answers %d events %d", got, len(e.Answers()), len(e.Events()))
	}
	// Correct the first roll from 3 to 6: 6+4 = 10, then 2 reaches 12 and the
	// pick question replaces the next roll.
	out, err := e.Correct(0, "6")
	if err != nil {
		t.Fatal(err)
	}
	if kept := out.Kept; kept != 3 || e.Next().ID != "sum.pick" {
		t.Fatalf("kept %d next %v", kept, e.Next())
	}
	r, err := Replay(newSum(12, false), e.Answers())
	if err != nil {
		t.Fatal(err)
	}
	if r.Game().(*sumGame).total != e.Game().(*sumGame).total {
		t.Fatal("replay differs")
	}
	if _, err := Replay(newSum(12, false), []Answer{{Q: "sum.pick", A: "red"}}); err == nil || !strings.Contains(err.Error(), "answer 1") {
		t.Fatalf("mismatched replay error %v", err)
	}
	// Undo right after the correction takes it back: the rolls are 3, 4, 2
	// again. The next undo takes back the last answer.
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(e.Answers()); got != "[{sum.roll 3} {sum.roll 4} {sum.roll 2}]" || e.Game().(*sumGame).total != 9 {
		t.Fatalf("undo after the correction: %s", got)
	}
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Correct(5, "1"); err == nil {
		t.Fatal("correcting a missing answer should fail")
	}
	if _, err := e.Correct(0, "9"); err == nil || len(e.Answers()) != 2 {
		t.Fatalf("invalid correction should change nothing: %v %d", err, len(e.Answers()))
	}
}

func TestRulesPanicIsContained(t *testing.T) {
	e, _ := Start(newSum(20, true))
	e.Answer("2")
	err := e.Answer("6")
	if err == nil || !strings.Contains(err.Error(), "not taken") {
		t.Fatalf("want contained error, got %v", err)
	}
	if len(e.Answers()) != 1 || e.Next() == nil || e.Next().ID != "sum.roll" {
		t.Fatalf("state not restored: %v", e.Answers())
	}
	if err := e.Answer("5"); err != nil {
		t.Fatal(err)
	}
}

func TestEventPrivacy(t *testing.T) {
	ev := Event{Text: "Ann drew a ware.", Private: "It is hook 5.", Player: 0}
	if strings.Contains(ev.For(Public), "hook") || strings.Contains(ev.For(1), "hook") {
		t.Fatal("private text leaked")
	}
	if !strings.Contains(ev.For(0), "hook 5") {
		t.Fatal("owner does not see private text")
	}
}

// turnGame lets the table say who starts, then the players roll in turn:
// correcting who starts changes who is asked every later roll.
type turnGame struct {
	first int
	rolls [2][]int
}

func (g *turnGame) Name() string                                      { return "turns" }
func (g *turnGame) PlayerNames() []string                             { return []string{"Ann", "Bo"} }
func (g *turnGame) Status(viewer Viewer, _ locale.Lang, _ int) string { return fmt.Sprint(g.rolls) }
func (g *turnGame) View(viewer Viewer, _ locale.Lang) any             { return g.rolls }
func (g *turnGame) Play(t *T) {
	if t.Ask(Question{ID: "turn.first", Actor: Table, Options: []Option{{"ann", "Ann"}, {"bo", "Bo"}}}) == "bo" {
		g.first = 1
	}
	for i := range 4 {
		p := (g.first + i) % 2
		a := t.Ask(Question{ID: "turn.roll", Actor: Seat(p), Kind: Number, Min: 1, Max: 6})
		g.rolls[p] = append(g.rolls[p], int(a[0]-'0'))
	}
	t.Ask(Question{ID: "turn.done", Actor: Table, Options: []Option{{"ok", "OK"}}})
}

func TestCorrectKeepsAnAnswerOnlyWithItsActor(t *testing.T) {
	f := func() Game { return Game(&turnGame{}) }
	e, _ := Start(f)
	for _, a := range []string{"ann", "1", "2", "3", "4", "ok"} {
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	before := append([]Answer(nil), e.Answers()...)
	if a := before[2]; !a.HasActor || a.Actor != 1 || before[0].Actor != int(Table) {
		t.Fatalf("the engine did not record the actors: %+v", before)
	}
	// Bo starts instead: the first roll was Ann's and is now asked of Bo,
	// so it and everything after it are dropped.
	pre, err := e.Preview(0, "bo")
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(e.Answers()) != fmt.Sprint(before) || e.Game().(*turnGame).first != 0 {
		t.Fatal("Preview changed the game")
	}
	out, err := e.Correct(0, "bo")
	if err != nil {
		t.Fatal(err)
	}
	want := Outcome{Kept: 1, Dropped: 5, From: 2, ID: "turn.roll", Why: "it was Ann's answer and the game now asks Bo"}
	if out != want || pre != want {
		t.Fatalf("outcome %+v, preview %+v, want %+v", out, pre, want)
	}
	if q := e.Next(); q.ID != "turn.roll" || q.Actor != 1 || len(e.Answers()) != 1 {
		t.Fatalf("after the correction: %v asks %+v", e.Answers(), q)
	}
	// Undo right after the correction restores every answer and the state.
	if !e.TakesBack() {
		t.Fatal("undo would not take the correction back")
	}
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(e.Answers(), before) || !e.Over() || e.Correction() != nil {
		t.Fatalf("after taking the correction back: %v", e.Answers())
	}

	// Answers without actors (saves of format 1) replay by question ID and
	// take the actor they are asked of now.
	old := make([]Answer, len(before))
	for i, a := range before {
		old[i] = Answer{Q: a.Q, A: a.A}
	}
	r, err := Replay(f, old)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(r.Answers(), before) {
		t.Fatalf("format 1 answers replay as %+v", r.Answers())
	}
	// A recorded actor that does not fit is refused on replay.
	bad := append([]Answer(nil), before...)
	bad[1].Actor = 1
	if _, err := Replay(f, bad); err == nil || !strings.Contains(err.Error(), "answer 2") || !strings.Contains(err.Error(), "of Ann here, not of Bo") {
		t.Fatalf("replay with a wrong actor: %v", err)
	}
	// A correction that keeps the order keeps every later answer; an
	// answer given since the correction is undone first, then the
	// correction.
	out, err = r.Correct(2, "6")
	if err != nil || out != (Outcome{Kept: 6}) {
		t.Fatalf("correcting a roll: %+v %v", out, err)
	}
	if err := r.Rewind(5); err != nil || r.Correction() != nil {
		t.Fatalf("rewinding past the correction keeps it: %v", err)
	}
}

func TestSetCorrection(t *testing.T) {
	f := func() Game { return &turnGame{} }
	e, _ := Replay(f, []Answer{{Q: "turn.first", A: "bo"}, {Q: "turn.roll", A: "5"}})
	old := []Answer{{Q: "turn.first", A: "ann", Actor: int(Table), HasActor: true}, {Q: "turn.roll", A: "2", Actor: 0, HasActor: true}, {Q: "turn.roll", A: "3", Actor: 1, HasActor: true}}
	for _, c := range []Correction{{Answer: 0, Kept: 1, Before: old}, {Answer: 1, Kept: 3, Before: old}, {Answer: 2, Kept: 1, Before: old}, {Answer: 1, Kept: 2}} {
		if err := e.SetCorrection(&c); err == nil {
			t.Errorf("record %+v accepted", c)
		}
	}
	if err := e.SetCorrection(&Correction{Answer: 1, Kept: 2, Before: old}); err != nil {
		t.Fatal(err)
	}
	if err := e.Undo(); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(e.Answers()) != "[{turn.first ann} {turn.roll 2} {turn.roll 3}]" {
		t.Fatalf("taken back to %v", e.Answers())
	}
	// A record whose answers do not replay changes nothing.
	e, _ = Replay(f, []Answer{{Q: "turn.first", A: "bo"}})
	e.SetCorrection(&Correction{Answer: 1, Kept: 1, Before: []Answer{{Q: "turn.roll", A: "1"}}})
	if err := e.Undo(); err == nil || fmt.Sprint(e.Answers()) != "[{turn.first bo}]" {
		t.Fatalf("a record that does not replay: %v, %v", err, e.Answers())
	}
}

func TestDriveAnswersInsideTheRules(t *testing.T) {
	// A driver answers every question; the state is that of the same
	// answers given one at a time.
	rolls := []string{"3", "4", "5", "2", "6"}
	var asked []string
	e, _ := Start(newSum(20, false))
	err := e.Drive(func(q *Question) (string, bool) {
		asked = append(asked, q.ID)
		if e.Pending() != q {
			t.Errorf("the question driven is not the pending one")
		}
		if q.ID == "sum.pick" {
			return "BLUE", true
		}
		return rolls[len(asked)-1], true
	})
	if err != nil || !e.Over() || len(e.Answers()) != 6 || e.Game().(*sumGame).pick != "blue" {
		t.Fatalf("drive: %v over %v answers %v", err, e.Over(), e.Answers())
	}
	one, _ := Start(newSum(20, false))
	for _, a := range append(rolls, "blue") {
		if err := one.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(e.Answers(), one.Answers()) || !reflect.DeepEqual(e.Events(), one.Events()) {
		t.Fatalf("driven %v %v, one by one %v %v", e.Answers(), e.Events(), one.Answers(), one.Events())
	}

	// A driver that stops leaves its question pending; a refused answer
	// stops the drive with the error, the question still pending.
	e, _ = Start(newSum(20, false))
	n := 0
	if err := e.Drive(func(q *Question) (string, bool) { n++; return "2", n <= 2 }); err != nil || len(e.Answers()) != 2 || e.Pending() == nil {
		t.Fatalf("stopped drive: %v, %v", err, e.Answers())
	}
	if err := e.Drive(func(q *Question) (string, bool) { return "9", true }); err == nil || !strings.Contains(err.Error(), "out of range") || len(e.Answers()) != 2 || e.Next().ID != "sum.roll" {
		t.Fatalf("refused answer: %v, %v", err, e.Answers())
	}

	// A panic of the rules after a driven answer takes that answer back.
	e, _ = Start(newSum(20, true))
	given := []string{"2", "3", "6"}
	n = 0
	err = e.Drive(func(q *Question) (string, bool) { n++; return given[n-1], n <= len(given) })
	if err == nil || !strings.Contains(err.Error(), "not taken") || len(e.Answers()) != 2 || e.Next().ID != "sum.roll" {
		t.Fatalf("rules panic under a drive: %v, %v", err, e.Answers())
	}
	if err := e.Drive(func(q *Question) (string, bool) { return "", false }); err != nil {
		t.Fatal(err)
	}
	e.Close()
}

func TestReplayNamesTheAnswerThatDoesNotFit(t *testing.T) {
	for _, c := range []struct {
		answers []Answer
		want    string
	}{
		{[]Answer{{Q: "sum.roll", A: "3"}, {Q: "sum.pick", A: "red"}}, "answer 2 (sum.pick: red): the game asks sum.roll here"},
		{[]Answer{{Q: "sum.roll", A: "3"}, {Q: "sum.roll", A: "7"}}, "answer 2 (sum.roll: 7): 7 is out of range"},
		{[]Answer{{Q: "sum.roll", A: "6"}, {Q: "sum.roll", A: "6"}, {Q: "sum.pick", A: "red"}, {Q: "sum.roll", A: "1"}}, "answer 4 (sum.roll: 1): the game is over"},
		{[]Answer{{Q: "sum.roll", A: "3"}, {Q: "sum.roll", A: "1", Actor: 0, HasActor: true}}, "answer 2 (sum.roll: 1): the game asks sum.roll of Bo here, not of Ann"},
	} {
		if _, err := Replay(newSum(10, false), c.answers); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("replay of %v: %v, want %q", c.answers, err, c.want)
		}
	}
	if _, err := Replay(newSum(20, true), []Answer{{Q: "sum.roll", A: "3"}, {Q: "sum.roll", A: "6"}, {Q: "sum.roll", A: "1"}}); err == nil || !strings.HasPrefix(err.Error(), "answer 2 (sum.roll: 6): the referee could not apply") {
		t.Errorf("replay through a panic: %v", err)
	}
}
