package referee

import (
	"fmt"
	"rumref/locale"
	"strings"
	"testing"
)

// onlyGame asks, in turn: a roll; a choice whose options depend on the
// roll (one option after a 6); a secret question with one option; a
// question with one option the table must confirm; a number with one
// value; and a last choice of two. take says whether it lets the engine
// take only answers.
type onlyGame struct {
	take bool
	roll int
	got  []string
}

func (g *onlyGame) Name() string                                      { return "only" }
func (g *onlyGame) PlayerNames() []string                             { return []string{"Ann", "Bo"} }
func (g *onlyGame) Status(viewer Viewer, _ locale.Lang, _ int) string { return fmt.Sprint(g.got) }
func (g *onlyGame) View(viewer Viewer, _ locale.Lang) any             { return g.got }
func (g *onlyGame) TakesOnlyAnswers() bool                            { return g.take }

func (g *onlyGame) Play(t *T) {
	g.roll = t.AskNumber(Question{ID: "only.roll", Actor: 0, Min: 1, Max: 6})
	c := Choose[Key](t)
	c.AddText("keep", "Keep it")
	if g.roll < 6 {
		c.AddText("again", "Roll again")
	}
	g.got = append(g.got, string(c.Pick(t, Question{ID: "only.rum", Actor: 0, Rule: "rum"})))
	s := Choose[Key](t)
	s.AddText("decline", "Decline")
	g.got = append(g.got, string(s.Pick(t, Question{ID: "only.secret", Actor: 1, Secret: true})))
	f := Choose[Key](t)
	f.AddText("gold", "Gold rum")
	g.got = append(g.got, string(f.Pick(t, Question{ID: "only.draw", Actor: Table, Confirm: true})))
	g.got = append(g.got, fmt.Sprint(t.AskNumber(Question{ID: "only.count", Actor: 1, Min: 3, Max: 3,
		Only: Text("Bo has exactly %d left.", Int(3))})))
	g.got = append(g.got, t.Ask(Question{ID: "only.last", Actor: Table, Options: []Option{{"a", "A"}, {"b", "B"}}}))
}

// asked answers every question with the given answers and returns the
// question IDs asked, the journal and the game.
func playOnly(t *testing.T, take bool, answers map[string]string) ([]string, *Engine) {
	t.Helper()
	e, err := Start(func() Game { return &onlyGame{take: take} })
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for q := e.Next(); q != nil; q = e.Next() {
		ids = append(ids, q.ID)
		a, ok := answers[q.ID]
		if !ok {
			a = q.Options[0].Key
		}
		if err := e.Answer(a); err != nil {
			t.Fatalf("%s: %v", q.ID, err)
		}
	}
	return ids, e
}

func TestOnlyAnswersAreTakenAndNotJournalled(t *testing.T) {
	ids, e := playOnly(t, true, map[string]string{"only.roll": "6", "only.last": "b"})
	if got := strings.Join(ids, " "); got != "only.roll only.secret only.draw only.last" {
		t.Fatalf("asked %s", got)
	}
	if got := fmt.Sprint(e.Game().(*onlyGame).got); got != "[keep decline gold 3 b]" {
		t.Fatalf("answers taken %s", got)
	}
	if got := fmt.Sprint(e.Answers()); got != "[{only.roll 6} {only.secret decline} {only.draw gold} {only.last b}]" {
		t.Fatalf("journal %s", got)
	}
	var rulings []string
	for _, ev := range e.Events() {
		rulings = append(rulings, ev.Rule+": "+ev.Text)
	}
	if got := strings.Join(rulings, " | "); got != "rum: Ann: Keep it (the only choice, taken without asking). | only.count: Bo has exactly 3 left." {
		t.Fatalf("rulings %q", got)
	}
	// A roll of 5 offers two choices: the rum question is asked.
	ids, _ = playOnly(t, true, map[string]string{"only.roll": "5"})
	if ids[1] != "only.rum" {
		t.Fatalf("two options not asked: %v", ids)
	}
	// A game that does not take only answers asks everything.
	ids, old := playOnly(t, false, map[string]string{"only.roll": "6", "only.count": "3"})
	if len(ids) != 6 || len(old.Answers()) != 6 {
		t.Fatalf("old game asked %v", ids)
	}
}

func TestOnlyAnswersReplayUndoAndCorrect(t *testing.T) {
	f := func() Game { return &onlyGame{take: true} }
	_, e := playOnly(t, true, map[string]string{"only.roll": "6", "only.last": "b"})
	r, err := Replay(f, e.Answers(), WithoutLog())
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(r.Game().(*onlyGame).got); got != "[keep decline gold 3 b]" || !r.Over() {
		t.Fatalf("replay %s", got)
	}
	if n := len(r.Events()); n != 2 {
		t.Fatalf("replay without a log made %d rulings again, want 2", n)
	}
	// Undo takes back the last answer given; undo again steps back over
	// the draw and from the secret question to it.
	for _, want := range []string{"only.last", "only.draw", "only.secret", "only.roll"} {
		if err := e.Undo(); err != nil {
			t.Fatal(err)
		}
		if q := e.Next(); q == nil || q.ID != want {
			t.Fatalf("after undo want %s, got %+v", want, q)
		}
	}
	for _, a := range []string{"6", "decline", "gold", "a"} {
		if err := e.Answer(a); err != nil {
			t.Fatal(err)
		}
	}
	// Answer 1 corrected to 4: the rum question now has two options and
	// is asked; the later answers no longer fit and are dropped.
	q, err := e.QuestionAt(1)
	if err != nil || q.ID != "only.secret" {
		t.Fatalf("answer 2 is %+v, %v", q, err)
	}
	out, err := e.Correct(0, "4")
	if err != nil {
		t.Fatal(err)
	}
	if out.Kept != 1 || out.From != 2 || out.ID != "only.secret" || e.Next().ID != "only.rum" {
		t.Fatalf("correction %+v, next %s", out, e.Next().ID)
	}
}
