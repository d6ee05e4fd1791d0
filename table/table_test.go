package table_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/sim"
	"rumref/table"
)

// game is a finished simulator game and a table of it from its start.
type game struct {
	t       *testing.T
	answers []referee.Answer
	factory referee.Factory
	tbl     *table.Table
	saves   [][]referee.Answer
	ahead   [][]journal.AheadAnswer
	mu      sync.Mutex
}

func newGame(t *testing.T, name string, players int, seed uint64, upTo int, ahead []journal.AheadAnswer) *game {
	t.Helper()
	f, err := sim.Finished(name, players, seed)
	if err != nil {
		t.Fatal(err)
	}
	factory, err := sim.Factory(f)
	if err != nil {
		t.Fatal(err)
	}
	e, err := referee.Replay(factory, f.Answers[:upTo])
	if err != nil {
		t.Fatal(err)
	}
	g := &game{t: t, answers: f.Answers, factory: factory}
	g.tbl = table.New(e, table.Config{Factory: factory, Parallel: map[string]bool{"pub.join": true}, Ahead: ahead,
		Save: func(a []referee.Answer, ah []journal.AheadAnswer) error {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.saves = append(g.saves, a)
			g.ahead = append(g.ahead, ah)
			return nil
		}})
	t.Cleanup(func() { g.tbl.Close("over", ""); e.Close() })
	return g
}

// watcher keeps every update a viewer got.
type watcher struct {
	mu  sync.Mutex
	ups []table.Update
}

func (w *watcher) put(u table.Update) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.ups = append(w.ups, u)
}

func (w *watcher) last() table.Update {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.ups[len(w.ups)-1]
}

// text is everything the viewer was given, as text.
func (w *watcher) text() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var b strings.Builder
	for _, u := range w.ups {
		fmt.Fprintf(&b, "step %d\n", u.Step)
		for _, ev := range u.Events {
			fmt.Fprintf(&b, "event %s %s\n", ev.Rule, ev.Text)
		}
		for _, m := range u.Infos {
			fmt.Fprintf(&b, "info %s\n", m)
		}
		if q := u.Question; q != nil {
			fmt.Fprintf(&b, "question %s %q %v %d-%d\n", q.Q.ID, q.Q.Text, q.Q.Options, q.Q.Min, q.Q.Max)
		}
		if c := u.Confirm; c != nil {
			fmt.Fprintf(&b, "confirm %s %q %q %q\n", c.ID, c.Text, c.Detail, c.Was)
			if c.Q != nil {
				fmt.Fprintf(&b, "  %v\n", c.Q.Options)
			}
		}
		if st := u.Status; st != nil {
			view, _ := json.Marshal(st.View)
			fmt.Fprintf(&b, "status %s %s\n", st.Text, view)
		}
	}
	return b.String()
}

func watch(g *game, v table.Viewer) *watcher {
	w := &watcher{}
	g.tbl.Watch(v, locale.English, w.put)
	return w
}

// TestOneAnswerPerQuestion: the laptop and a phone answer the same
// question at the same moment, many times over: exactly one of them is
// taken, the other is told it was for a question no longer asked, and
// no answer ever lands on a question its sender was not shown.
func TestOneAnswerPerQuestion(t *testing.T) {
	g := newGame(t, "runner", 2, 3, 0, nil)
	for step := 0; step < 40; step++ {
		a := g.answers[step]
		page := table.Page(referee.Viewer(max(a.Actor, 0)))
		if a.Actor < 0 {
			page = table.Page(referee.Public)
		}
		var wg sync.WaitGroup
		replies := make([]table.Reply, 2)
		for i, from := range []table.From{table.Laptop, page} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				replies[i] = g.tbl.Submit(table.Command{From: from, Kind: table.Answer, Step: step, Question: a.Q, Text: a.A})
			}()
		}
		wg.Wait()
		ok, stale := 0, 0
		for _, r := range replies {
			switch r.Code {
			case table.OK:
				ok++
			case table.Stale, table.Forbidden:
				stale++
			default:
				t.Fatalf("step %d: %v %s", step, r.Code, r.Text)
			}
		}
		if ok != 1 || stale != 1 {
			t.Fatalf("step %d (%s): %d taken, %d refused; want exactly one of each: %+v", step, a.Q, ok, stale, replies)
		}
		// A late answer for the step just answered, naming it, is refused
		// and changes nothing, even where the next question has the same ID.
		if r := g.tbl.Submit(table.Command{From: page, Kind: table.Answer, Step: step, Question: a.Q, Text: a.A}); r.Code != table.Stale {
			t.Fatalf("step %d: a second tap was %v, want stale", step, r.Code)
		}
		if n := len(g.saves[len(g.saves)-1]); n != step+1 {
			t.Fatalf("step %d: the save holds %d answers", step, n)
		}
	}
}

// TestAnswerNamesWhatItsSenderSaw: an answer naming another question, or
// no question, is refused and changes nothing.
func TestAnswerNamesWhatItsSenderSaw(t *testing.T) {
	g := newGame(t, "pirates", 3, 5, 0, nil)
	a := g.answers[0]
	for _, q := range []string{"", "not." + a.Q} {
		if r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Answer, Step: 0, Question: q, Text: a.A}); r.Code != table.Stale {
			t.Errorf("an answer naming %q: %v %s", q, r.Code, r.Text)
		}
	}
	if len(g.saves) != 0 {
		t.Fatalf("a refused answer was saved: %v", g.saves)
	}
}

// pubAhead plays g until a seat is shown a pub invitation ahead of its
// turn, and returns that seat, its question's step and the update.
func pubAhead(t *testing.T, g *game, ws []*watcher) (int, *table.Question) {
	t.Helper()
	for step := 0; step < len(g.answers); step++ {
		for seat, w := range ws {
			if q := w.last().Question; q != nil && q.Ahead {
				return seat, q
			}
		}
		a := g.answers[step]
		if r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Answer, Step: step, Question: a.Q, Text: a.A}); r.Code != table.OK {
			t.Fatalf("step %d: %v %s", step, r.Code, r.Text)
		}
	}
	t.Fatal("no pub invitation was ever offered ahead of its turn")
	return 0, nil
}

// TestAheadIsSavedBeforeItIsAcknowledged: an answer given ahead of its
// turn is in the save when it is acknowledged; a table made again from
// that save (the laptop was killed) gives it when the game reaches it;
// an undo before it drops it and tells its owner.
func TestAheadIsSavedBeforeItIsAcknowledged(t *testing.T) {
	g, ws, seat, q, key, saved := queuedAhead(t)
	if len(saved) != 1 || saved[0].Step != q.Step || saved[0].Answer.A != key || saved[0].Answer.Actor != seat {
		t.Fatalf("the save after the acknowledgement holds %+v", saved)
	}
	answers := g.saves[len(g.saves)-1]

	// The laptop dies; a new table is made from the save.
	again, saves := resumed(t, g, answers, saved)
	for step := len(answers); step < q.Step; step++ {
		a := g.answers[step]
		if r := again.Submit(table.Command{From: table.Laptop, Kind: table.Answer, Step: step, Question: a.Q, Text: a.A}); r.Code != table.OK {
			t.Fatalf("step %d after the resume: %v %s", step, r.Code, r.Text)
		}
	}
	if got := *saves; len(got) <= q.Step || got[q.Step].Q != q.Q.ID || got[q.Step].A != key {
		t.Fatalf("after the resume the answer given ahead was not given: %v", got)
	}

	// On the first table, an undo drops it and its owner is told.
	n := len(answers)
	if r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Undo, Step: n}); r.Code != table.OK {
		t.Fatalf("undo: %v %s", r.Code, r.Text)
	}
	if s := g.ahead[len(g.ahead)-1]; len(s) != 0 {
		t.Fatalf("after the undo the save still holds %v", s)
	}
	if !strings.Contains(ws[seat].text(), "was dropped") {
		t.Errorf("the owner was not told that their answer ahead was dropped")
	}
	for s, w := range ws {
		if s != seat && strings.Contains(w.text(), "Your answer given ahead") {
			t.Errorf("seat %d was told of another seat's dropped answer", s)
		}
	}
}

// secretAnswer finds an answer to a secret question of a player that
// the game reaches within max answers.
func secretAnswer(t *testing.T, g *game, limit int) (int, referee.Seat) {
	t.Helper()
	e, err := referee.Start(g.factory)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i := 0; i < limit; i++ {
		q := e.Next()
		if q.Secret && q.Actor.Player() && q.Kind == referee.Choice && len(q.Options) > 1 {
			return i, q.Actor
		}
		if err := e.Answer(g.answers[i].A); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("no secret choice")
	return 0, 0
}

// TestCorrectingAnotherSeatsSecretIsARequest: Bo asks to correct Ann's
// secret answer from his phone; Ann chooses the new value on her phone;
// nothing Bo's phone receives names the value, the choices or her answer.
func TestCorrectingAnotherSeatsSecretIsARequest(t *testing.T) {
	probe := newGame(t, "runner", 2, 3, 0, nil)
	i, owner := secretAnswer(t, probe, 200)
	g := newGame(t, "runner", 2, 3, i+1, nil)
	other := referee.Viewer(1 - int(owner))
	mine, theirs := watch(g, table.Page(owner.Viewer())), watch(g, table.Page(other))
	g.tbl.Present(owner, 1)
	g.tbl.Present(referee.Seat(other), 1)
	step := i + 1
	// Bo names a value: it is not used; Ann is asked.
	r := g.tbl.Submit(table.Command{From: table.Page(other), Kind: table.Correct, Step: step, N: i + 1, Text: "1"})
	if r.Code != table.Pending {
		t.Fatalf("the correction from the other phone: %v %s", r.Code, r.Text)
	}
	c := mine.last().Confirm
	if c == nil || !c.Value || c.Q == nil || len(c.Q.Options) < 2 {
		t.Fatalf("the owner was not asked for the new value: %+v", c)
	}
	if theirs.last().Confirm != nil {
		t.Fatalf("the requester was shown the request: %+v", theirs.last().Confirm)
	}
	// Only the owner may answer it.
	var value string
	for _, o := range c.Q.Options {
		if o.Key != g.answers[i].A {
			value = o.Key
			break
		}
	}
	if r := g.tbl.Submit(table.Command{From: table.Page(other), Kind: table.Respond, ID: c.ID, Text: value}); r.Code != table.Forbidden {
		t.Fatalf("the requester answered the owner's request: %v", r.Code)
	}
	r = g.tbl.Submit(table.Command{From: table.Page(owner.Viewer()), Kind: table.Respond, ID: c.ID, Text: value})
	if r.Code != table.OK && r.Code != table.Pending {
		t.Fatalf("the owner's value: %v %s", r.Code, r.Text)
	}
	if c := mine.last().Confirm; r.Code == table.Pending && c != nil {
		// A correction that drops later answers asks its chooser once more.
		r = g.tbl.Submit(table.Command{From: table.Page(owner.Viewer()), Kind: table.Respond, ID: c.ID, Text: "yes"})
	}
	if r.Code != table.OK {
		t.Fatalf("the correction: %v %s", r.Code, r.Text)
	}
	if got := g.saves[len(g.saves)-1][i].A; got != value {
		t.Fatalf("answer %d is %q after the correction, want %q", i+1, got, value)
	}
	seen := theirs.text()
	if !strings.Contains(seen, fmt.Sprintf("Answer %d is now (secret)", i+1)) {
		t.Errorf("the requester was not told the correction was made:\n%s", seen)
	}
	if strings.Contains(seen, "confirm ") {
		t.Errorf("the requester was shown a confirmation or request:\n%s", seen)
	}
	// The owner's answer before and after, by key or label, is nowhere in
	// what the requester got (the public log shows it as "(secret)").
	for _, o := range c.Q.Options {
		if o.Key != value && o.Key != g.answers[i].A {
			continue
		}
		for _, word := range []string{"{" + o.Key + " ", " " + o.Label + "}", "-> " + o.Label} {
			if strings.Contains(seen, word) {
				t.Errorf("the requester's updates hold %q:\n%s", word, seen)
			}
		}
	}
}

// TestAskedOnTheirPhone: the laptop takes back a player's secret answer
// while that player's phone is connected: the phone is asked, in words
// for a phone; the laptop is asked nothing and shows no pass screen; the
// player's yes takes it back and the laptop is told.
func TestAskedOnTheirPhone(t *testing.T) {
	probe := newGame(t, "runner", 2, 3, 0, nil)
	i, owner := secretAnswer(t, probe, 200)
	g := newGame(t, "runner", 2, 3, i+1, nil)
	laptop, phone := watch(g, table.Laptop), watch(g, table.Page(owner.Viewer()))
	g.tbl.Present(owner, 1)
	r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Undo, Step: i + 1})
	if r.Code != table.Pending || !strings.Contains(r.Text, "on their phone") {
		t.Fatalf("the undo at the laptop: %v %q", r.Code, r.Text)
	}
	if c := laptop.last().Confirm; c != nil {
		t.Fatalf("the laptop was asked although the phone is connected: %+v", c)
	}
	c := phone.last().Confirm
	if c == nil || c.ID != "undo.secret" || strings.Contains(c.Text, "Pass the laptop") || c.Pass {
		t.Fatalf("the phone's confirmation: %+v", c)
	}
	if r := g.tbl.Submit(table.Command{From: table.Page(owner.Viewer()), Kind: table.Respond, ID: c.ID, Text: "yes"}); r.Code != table.OK {
		t.Fatalf("the owner's yes: %v %s", r.Code, r.Text)
	}
	if n := len(g.saves[len(g.saves)-1]); n != i {
		t.Fatalf("after the yes the save holds %d answers, want %d", n, i)
	}
	if !strings.Contains(laptop.text(), "Took back answer") {
		t.Errorf("the laptop was not told:\n%s", laptop.text())
	}
	// With the phone gone, the same undo is asked at the laptop, behind
	// its pass screen.
	g.tbl.Present(owner, -1)
	a := g.answers[i]
	if r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Answer, Step: i, Question: a.Q, Text: a.A}); r.Code != table.OK {
		t.Fatalf("answering again: %v %s", r.Code, r.Text)
	}
	if q := laptop.last().Question; q != nil && q.Q.Actor == owner {
		return // the owner is asked next: no confirmation is needed at the laptop
	}
	g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Undo, Step: i + 1})
	if c := laptop.last().Confirm; c == nil || !c.Pass || c.Seat != owner {
		t.Fatalf("without a phone the laptop is not asked behind a pass screen: %+v", c)
	}
}
