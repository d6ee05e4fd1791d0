package referee

import (
	"fmt"
	"rumref/locale"
	"testing"
)

func TestMsgFormatsLikePrintf(t *testing.T) {
	what := Text("Scorpion chest (goal %d)", Int(9))
	for _, c := range []struct {
		m    Msg
		want string
	}{
		{Text("plain 100% text"), "plain 100% text"},
		{Text("%s has %s and %s, %d%% sure", Str("Ann"), Count(1, "coin"), Count(3, "pirate"), Int(-4)), "Ann has 1 coin and 3 pirates, -4% sure"},
		{Text("%s: %s rolls", Sub(what), Str("Bo")), "Scorpion chest (goal 9): Bo rolls"},
		{Text("name %q", Str(`a"b`)), fmt.Sprintf("name %q", `a"b`)},
		{Text("missing %s and %d", Str("x")), "missing x and %!d(MISSING)"},
		{Text("trailing %"), "trailing %"},
		{Text("%v then %v", Count(0, "barrel"), Int(7)), "0 barrels then 7"},
		{Text("%s.", List([]Msg{Text("Ann %d", Int(2)), Text("Bo"), Text("Cy %s", Str("x"))}, ", ", " and ")), "Ann 2, Bo and Cy x."},
		{Text("[%s]", List([]Msg{Text("a")}, ", ", " and ")), "[a]"},
		{Text("[%s]", Words([]string{"a"}, ", ", " and ")), "[a]"},
		{Text("[%s]", List(nil, ", ", " and ")), "[]"},
		// The wording slips fixed here once: plurals after 1, doubled
		// articles before a name that has its own.
		{Text("(%d barrels)", Int(1)), "(1 barrel)"},
		{Text("(%d barrels)", Int(2)), "(2 barrels)"},
		{Text("%s takes %d rum barrels (%d coins).", Str("Ann"), Int(1), Int(1)), "Ann takes 1 rum barrel (1 coin)."},
		{Text("%d pirates", Int(1)), "1 pirate"},
		{Text("%d piratesque", Int(1)), "1 piratesque"},
		{Text("answer %d costs", Int(1)), "answer 1 costs"},
		{Text("beats the %s and takes it", Str("The Swan 3")), "beats The Swan 3 and takes it"},
		{Text("beats the %s and takes it", Str("chest 4")), "beats the chest 4 and takes it"},
		{Text("bathe %s", Str("The Swan 3")), "bathe The Swan 3"},
	} {
		if got := c.m.String(); got != c.want {
			t.Errorf("%q: got %q, want %q", c.m.Format(), got, c.want)
		}
	}
}

func TestTextAllocatesNothing(t *testing.T) {
	var m Msg
	n := testing.AllocsPerRun(100, func() {
		m = Text("%s moves %s to %s with %d", Str("Ann"), Count(3, "pirate"), Str("the pub"), Int(4))
	})
	if n != 0 || m.IsZero() {
		t.Fatalf("Text allocated %v times", n)
	}
}

func TestSeatsAndViewersAreDistinct(t *testing.T) {
	if Table.Player() || Imaginary.Player() || !Seat(0).Player() {
		t.Fatal("Player is wrong")
	}
	if Table.Viewer() != Public || Seat(2).Viewer() != Viewer(2) {
		t.Fatal("Viewer is wrong")
	}
	if Public.Sees(Table) || Public.Sees(Imaginary) || !Viewer(1).Sees(1) || Viewer(1).Sees(0) {
		t.Fatal("Sees is wrong")
	}
	if s, ok := Viewer(3).Seat(); !ok || s != 3 {
		t.Fatal("Seat is wrong")
	}
	if _, ok := Public.Seat(); ok {
		t.Fatal("the public has a seat")
	}
}

// pickGame asks typed questions.
type pickGame struct {
	color Key
	slot  slot
	n     int
}

type slot int

var slotKeys = NewKeys("s", 4)

func (s slot) Key() string { return slotKeys.Of(int(s)) }

func (g *pickGame) Name() string                                      { return "pick" }
func (g *pickGame) PlayerNames() []string                             { return []string{"Ann", "Bo"} }
func (g *pickGame) Status(viewer Viewer, _ locale.Lang, _ int) string { return "" }
func (g *pickGame) View(viewer Viewer, _ locale.Lang) any             { return nil }
func (g *pickGame) Play(t *T) {
	var c Choices[Key]
	c.AddText("red", "Red")
	c.Add("blue", Text("Blue (%d left)", Int(2)))
	g.color = c.Pick(t, Question{ID: "p.color", Actor: 0, Prompt: Text("%s: which color?", Str("Ann"))})
	var s Choices[slot]
	for i := slot(1); i <= 3; i++ {
		s.Add(i, Text("Slot %d", Int(int(i))))
	}
	g.slot = s.Pick(t, Question{ID: "p.slot", Actor: 1, Prompt: Text("Which slot?")})
	t.Say("p.said", Text("%s took slot %d.", Str("Bo"), Int(int(g.slot))))
	t.Tell("p.told", Text("Ann looked."), 0, Text("It was %s.", Str(string(g.color))))
	g.n = t.AskNumber(Question{ID: "p.n", Actor: Table, Min: 2, Max: 5, Prompt: Text("How many?")})
}

func TestChoicesReturnValuesAndTextsAreMadeWhenShown(t *testing.T) {
	f := func() Game { return &pickGame{} }
	for _, opts := range [][]StartOption{nil, {WithoutLog()}} {
		e, err := Replay(f, []Answer{{Q: "p.color", A: "blue"}, {Q: "p.slot", A: "s3"}}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if p := e.Pending(); p.Text != "" || p.ID != "p.n" {
			t.Fatalf("the pending question is formatted before it is shown: %+v", p)
		}
		q := e.Next()
		if q.Text != "How many?" || q.Kind != Number {
			t.Fatalf("question %+v", q)
		}
		if err := e.Answer("4"); err != nil {
			t.Fatal(err)
		}
		g := e.Game().(*pickGame)
		if g.color != "blue" || g.slot != 3 || g.n != 4 || !e.Over() {
			t.Fatalf("game %+v", g)
		}
		evs := e.Events()
		if len(evs) != 2 || evs[0].Text != "Bo took slot 3." || evs[0].Rule != "p.said" || evs[0].Step != 2 ||
			evs[1].For(Public) != "Ann looked." || evs[1].For(0) != "Ann looked. It was blue." || evs[1].For(1) != "Ann looked." {
			t.Fatalf("events %+v", evs)
		}
		e.Close()
	}
	e, err := Start(f)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	q := e.Next()
	if q.Text != "Ann: which color?" || len(q.Options) != 2 || q.Options[0] != (Option{"red", "Red"}) || q.Options[1] != (Option{"blue", "Blue (2 left)"}) {
		t.Fatalf("question %+v", q)
	}
	if err := e.Answer("s1"); err == nil {
		t.Fatal("a key of another question was taken")
	}
	if err := e.Answer("red"); err != nil {
		t.Fatal(err)
	}
	if q := e.Next(); q.Options[2] != (Option{"s3", "Slot 3"}) {
		t.Fatalf("slots %+v", q.Options)
	}
	if l := e.Log(); len(l) != 1 || l[0].Label != "Red" || l[0].Text != "Ann: which color?" {
		t.Fatalf("log %+v", l)
	}
}

// TestEventsDroppedByAQuietReplayAreMadeAgain checks that only a replay
// without a log, and only while answers are queued, keeps no events (what
// T.Quiet used to tell the rules), and that they are made again when asked.
func TestEventsDroppedByAQuietReplayAreMadeAgain(t *testing.T) {
	answers := []Answer{{Q: "sum.roll", A: "3"}, {Q: "sum.roll", A: "4"}, {Q: "sum.roll", A: "5"}}
	logged, err := Replay(newSum(20, false), answers)
	if err != nil {
		t.Fatal(err)
	}
	defer logged.Close()
	quiet, err := Replay(newSum(20, false), answers, WithoutLog())
	if err != nil {
		t.Fatal(err)
	}
	defer quiet.Close()
	if quiet.dropped == 0 {
		t.Fatal("the quiet replay kept every event")
	}
	if logged.dropped != 0 {
		t.Fatal("a replay with a log dropped events")
	}
	want := logged.Events()
	if got := quiet.Events(); len(got) != 3 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("quiet replay events %+v, want %+v", got, want)
	}
	if err := quiet.Answer("6"); err != nil {
		t.Fatal(err)
	}
	if got := quiet.Events(); len(got) != 4 || got[3].Text != "total is 18" || got[3].Step != 4 {
		t.Fatalf("events after one more answer %+v", got)
	}
}

func TestMsgEqualComparesWhatMessagesHold(t *testing.T) {
	mk := func(name string, n int) Msg {
		return Text("%s: %s has %s (%d) %s", Sub(Text("match %d", Int(n))), Str(name), Count(n, "coin"), Int(n),
			List([]Msg{Text("a %s", Str(name)), Text("b")}, ", ", " and "))
	}
	a, b := mk("Ann", 2), mk(string([]byte("Ann")), 2)
	if !a.Equal(&b) {
		t.Fatal("equal messages made apart differ")
	}
	for _, c := range []Msg{mk("Bo", 2), mk("Ann", 3), Text("%s"), Text("%s: %s has %s (%d) %s", Sub(Text("match %d", Int(2))))} {
		if a.Equal(&c) || c.Equal(&a) {
			t.Errorf("%q equals %q", a.String(), c.String())
		}
	}
	q1 := Question{ID: "x", Prompt: a, labels: []Msg{b}}
	q2 := Question{ID: "x", Prompt: b, labels: []Msg{a}}
	if !q1.Equal(&q2) {
		t.Fatal("questions asked alike differ")
	}
	q2.labels = []Msg{mk("Bo", 2)}
	if q1.Equal(&q2) {
		t.Fatal("questions with different labels are equal")
	}
}

func TestWordsWriteLikeAListOfStrings(t *testing.T) {
	for _, items := range [][]string{nil, {"Ann"}, {"Ann", "Bo"}, {"Ann", "Bo", "The Swan 3"}} {
		w := Text("[%s]", Words(items, ", ", " and "))
		msgs := make([]Msg, len(items))
		for i, s := range items {
			msgs[i] = Text(s)
		}
		l := Text("[%s]", List(msgs, ", ", " and "))
		if w.String() != l.String() {
			t.Errorf("Words %q, List %q", w.String(), l.String())
		}
		again := Text("[%s]", Words(append([]string(nil), items...), ", ", " and "))
		if !w.Equal(&again) || len(items) > 0 && w.Equal(&l) {
			t.Errorf("Equal is wrong for %q", w.String())
		}
	}
}
