package table_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/table"
)

// publicChoice finds, among the first upTo answers of g, a player's
// public choice with another legal option, and returns its index, its
// actor and two other keys (the second may be "" when it has only one
// other option).
func publicChoice(t *testing.T, g *game, upTo int) (int, referee.Seat, []string) {
	t.Helper()
	e, err := referee.Replay(g.factory, g.answers[:upTo])
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	for i := 0; i < upTo; i++ {
		q, err := e.QuestionAt(i)
		if err != nil || q.Secret || !q.Actor.Player() || q.Kind != referee.Choice {
			continue
		}
		var others []string
		for _, o := range q.Options {
			if o.Key != g.answers[i].A {
				if _, err := e.Preview(i, o.Key); err == nil {
					others = append(others, o.Key)
				}
			}
		}
		if len(others) >= 2 {
			return i, q.Actor, others
		}
	}
	t.Fatal("no public choice with two other options")
	return 0, 0, nil
}

// TestASecondRequestDoesNotReplaceAnothers: Bo's phone asks Ann to change
// her public answer to one value; Cy's phone then asks to change it to
// another. Cy's request must not take the place of Bo's behind their
// backs: Ann's yes to what she was shown lands on Bo's value, and Cy is
// told why his request was not made.
func TestASecondRequestDoesNotReplaceAnothers(t *testing.T) {
	const upTo = 30
	probe := newGame(t, "pirates", 3, 5, 0, nil)
	i, owner, others := publicChoice(t, probe, upTo)
	g := newGame(t, "pirates", 3, 5, upTo, nil)
	bo, cy := referee.Viewer((int(owner)+1)%3), referee.Viewer((int(owner)+2)%3)
	ann := watch(g, table.Page(owner.Viewer()))
	boW := watch(g, table.Page(bo))
	for s := range 3 {
		g.tbl.Present(referee.Seat(s), 1)
	}
	r := g.tbl.Submit(table.Command{From: table.Page(bo), Kind: table.Correct, Step: upTo, N: i + 1, Text: others[0]})
	if r.Code != table.Pending {
		t.Fatalf("Bo's request: %v %s", r.Code, r.Text)
	}
	shown := ann.last().Confirm
	if shown == nil {
		t.Fatal("Ann was not asked")
	}
	r = g.tbl.Submit(table.Command{From: table.Page(cy), Kind: table.Correct, Step: upTo, N: i + 1, Text: others[1]})
	if r.Code == table.Pending || r.Code == table.OK {
		t.Errorf("Cy's request while Ann is asked about Bo's was taken: %v %q", r.Code, r.Text)
	} else if !strings.Contains(r.Text, "already asked") {
		t.Errorf("Cy's request was refused without saying why: %v %q", r.Code, r.Text)
	}
	// Ann answers what she was shown.
	r = g.tbl.Submit(table.Command{From: table.Page(owner.Viewer()), Kind: table.Respond, ID: shown.ID, Text: "yes"})
	if r.Code == table.Pending {
		if c := boW.last().Confirm; c != nil && c.ID == "correct.drop" {
			r = g.tbl.Submit(table.Command{From: table.Page(bo), Kind: table.Respond, ID: c.ID, Text: "yes"})
		}
	}
	if r.Code != table.OK {
		t.Fatalf("Ann's yes: %v %s", r.Code, r.Text)
	}
	if got := g.saves[len(g.saves)-1][i].A; got != others[0] {
		t.Fatalf("Ann agreed to %q (%s) and answer %d became %q", others[0], shown.Text, i+1, got)
	}
	if strings.Contains(boW.text(), "Nothing was changed") {
		t.Errorf("Bo was told nothing changed although his change was made:\n%s", boW.text())
	}
}

// TestAheadAtTheStepReachedSurvivesAResume: the laptop is killed after
// the answer that reached an answer given ahead was saved and before the
// answer ahead was given (the save holds it for the step now pending).
// The resumed table gives it: it was acknowledged, so it is not lost.
func TestAheadAtTheStepReachedSurvivesAResume(t *testing.T) {
	g, _, _, q, key, saved := queuedAhead(t)
	// The save as it was between the two writes: every answer before
	// the one given ahead, and the answer ahead still kept.
	again, saves := resumed(t, g, g.answers[:q.Step:q.Step], saved)
	w := &watcher{}
	again.Watch(table.Laptop, locale.English, w.put)
	if u, got := w.last(), *saves; u.Step != q.Step+1 || len(got) != q.Step+1 || got[q.Step].A != key {
		t.Fatalf("after the resume the game holds %d answers and the save %v; want answer %d (%s) given ahead as %q", u.Step, got, q.Step+1, q.Q.ID, key)
	}
}

// queuedAhead plays a game of four on pages until a seat is shown a pub
// invitation ahead of its turn, and answers it there with its first
// option: it returns the game, the pages, the seat, the question, the
// answer and the answers ahead the save then held.
func queuedAhead(t *testing.T) (*game, []*watcher, int, *table.Question, string, []journal.AheadAnswer) {
	t.Helper()
	g := newGame(t, "pirates", 4, 2, 0, nil)
	var ws []*watcher
	for s := range 4 {
		ws = append(ws, watch(g, table.Page(referee.Viewer(s))))
	}
	seat, q := pubAhead(t, g, ws)
	key := q.Q.Options[0].Key
	if r := g.tbl.Submit(table.Command{From: table.Page(referee.Viewer(seat)), Kind: table.Answer, Step: q.Step, Question: q.Q.ID, Text: key}); r.Code != table.Queued {
		t.Fatalf("the answer ahead: %v %s", r.Code, r.Text)
	}
	return g, ws, seat, q, key, g.ahead[len(g.ahead)-1]
}

// resumed is a new table of g's game made from a save of answers and
// ahead (the laptop was killed), and the answers of its last save.
func resumed(t *testing.T, g *game, answers []referee.Answer, ahead []journal.AheadAnswer) (*table.Table, *[]referee.Answer) {
	t.Helper()
	e, err := referee.Replay(g.factory, answers)
	if err != nil {
		t.Fatal(err)
	}
	saves := new([]referee.Answer)
	again := table.New(e, table.Config{Factory: g.factory, Parallel: map[string]bool{"pub.join": true}, Ahead: ahead,
		Save: func(a []referee.Answer, _ []journal.AheadAnswer) error {
			*saves = append([]referee.Answer(nil), a...)
			return nil
		}})
	t.Cleanup(func() { again.Close("over", ""); e.Close() })
	return again, saves
}

// TestALapsedRequestIsToldInPlainWords: Bo's request to Ann lapses when
// the game moves on; Bo is told so in one plain sentence.
func TestALapsedRequestIsToldInPlainWords(t *testing.T) {
	const upTo = 30
	probe := newGame(t, "pirates", 3, 5, 0, nil)
	i, owner, others := publicChoice(t, probe, upTo)
	g := newGame(t, "pirates", 3, 5, upTo, nil)
	bo := referee.Viewer((int(owner) + 1) % 3)
	boW := watch(g, table.Page(bo))
	g.tbl.Present(owner, 1)
	if r := g.tbl.Submit(table.Command{From: table.Page(bo), Kind: table.Correct, Step: upTo, N: i + 1, Text: others[0]}); r.Code != table.Pending {
		t.Fatalf("Bo's request: %v %s", r.Code, r.Text)
	}
	a := g.answers[upTo]
	if r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Answer, Step: upTo, Question: a.Q, Text: a.A}); r.Code != table.OK {
		t.Fatalf("the next answer: %v %s", r.Code, r.Text)
	}
	want := "The game moved on before it was answered: nothing was changed."
	if infos := boW.last().Infos; len(infos) != 1 || infos[0] != want {
		t.Fatalf("Bo was told %q, want %q", infos, want)
	}
}

// TestNothingRunsAfterClose: once a table has stopped, a late call (a
// page's stream ending after the laptop stopped the game) touches
// neither the game, which its owner closes next, nor the watchers, who
// were given the exit last.
func TestNothingRunsAfterClose(t *testing.T) {
	for range 20 {
		g := newGame(t, "pirates", 3, 5, 4, nil)
		w := watch(g, table.Laptop)
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					select {
					case <-g.tbl.Done():
						return
					default:
					}
					g.tbl.Present(0, 1-2*(i%2))
				}
			}()
		}
		time.Sleep(time.Millisecond)
		g.tbl.Close("quit", "")
		wg.Wait()
		w.mu.Lock()
		exits := 0
		for _, u := range w.ups {
			if u.Exit != nil {
				exits++
			}
		}
		w.mu.Unlock()
		if exits != 1 {
			t.Fatalf("the laptop got %d updates from the table once it had stopped, want 1 (the exit)", exits)
		}
	}
}

// TestTheAskerIsToldOnce: Bo asks to correct Ann's secret answer and Ann
// chooses the value on her phone: Bo is told once that it was done.
func TestTheAskerIsToldOnce(t *testing.T) {
	probe := newGame(t, "runner", 2, 3, 0, nil)
	i, owner := secretAnswer(t, probe, 200)
	g := newGame(t, "runner", 2, 3, i+1, nil)
	bo := referee.Viewer(1 - int(owner))
	ann, boW := watch(g, table.Page(owner.Viewer())), watch(g, table.Page(bo))
	g.tbl.Present(owner, 1)
	g.tbl.Present(referee.Seat(bo), 1)
	if r := g.tbl.Submit(table.Command{From: table.Page(bo), Kind: table.Correct, Step: i + 1, N: i + 1}); r.Code != table.Pending {
		t.Fatalf("Bo's request: %v %s", r.Code, r.Text)
	}
	c := ann.last().Confirm
	value := ""
	for _, o := range c.Q.Options {
		if o.Key != g.answers[i].A {
			value = o.Key
		}
	}
	r := g.tbl.Submit(table.Command{From: table.Page(owner.Viewer()), Kind: table.Respond, ID: c.ID, Text: value})
	if c := ann.last().Confirm; r.Code == table.Pending && c != nil {
		r = g.tbl.Submit(table.Command{From: table.Page(owner.Viewer()), Kind: table.Respond, ID: c.ID, Text: "yes"})
	}
	if r.Code != table.OK {
		t.Fatalf("Ann's value: %v %s", r.Code, r.Text)
	}
	if n := strings.Count(boW.text(), fmt.Sprintf("Answer %d is now", i+1)); n != 1 {
		t.Fatalf("Bo was told %d times that the correction was made:\n%s", n, boW.text())
	}
}

// TestAConfirmationLapsesWhenTheAnswersChange: Bo's phone asks Ann to
// take back her answer; before she answers, the laptop corrects an
// earlier answer and every later answer still fits, so the game holds
// as many answers as before. Ann agreed to nothing of the new state:
// her yes must not take back the laptop's correction instead of her
// answer.
func TestAConfirmationLapsesWhenTheAnswersChange(t *testing.T) {
	probe := newGame(t, "pirates", 3, 5, 0, nil)
	e, err := referee.Replay(probe.factory, probe.answers[:60])
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	upTo, fix, key := -1, -1, ""
	for s := 10; s < 60 && upTo < 0; s++ {
		last, err := e.QuestionAt(s - 1)
		if err != nil || last.Secret || !last.Actor.Player() {
			continue
		}
		for i := 0; i < s-1 && upTo < 0; i++ {
			q, err := e.QuestionAt(i)
			if err != nil || q.Secret || q.Kind != referee.Choice {
				continue
			}
			for _, o := range q.Options {
				if o.Key == probe.answers[i].A {
					continue
				}
				pre, err := referee.Replay(probe.factory, probe.answers[:s])
				if err != nil {
					t.Fatal(err)
				}
				out, err := pre.Preview(i, o.Key)
				pre.Close()
				if err == nil && out.Dropped == 0 {
					upTo, fix, key = s, i, o.Key
					break
				}
			}
		}
	}
	if upTo < 0 {
		t.Fatal("no answer to correct that keeps every later one")
	}
	g := newGame(t, "pirates", 3, 5, upTo, nil)
	last, _ := e.QuestionAt(upTo - 1)
	owner := last.Actor
	bo := referee.Viewer((int(owner) + 1) % 3)
	ann := watch(g, table.Page(owner.Viewer()))
	g.tbl.Present(owner, 1)
	if r := g.tbl.Submit(table.Command{From: table.Page(bo), Kind: table.Undo, Step: upTo}); r.Code != table.Pending {
		t.Fatalf("Bo's undo of answer %d: %v %s", upTo, r.Code, r.Text)
	}
	c := ann.last().Confirm
	if c == nil {
		t.Fatal("Ann was not asked")
	}
	if r := g.tbl.Submit(table.Command{From: table.Laptop, Kind: table.Correct, Step: upTo, N: fix + 1, Text: key}); r.Code != table.OK {
		t.Fatalf("the laptop's correction of answer %d: %v %s", fix+1, r.Code, r.Text)
	}
	if c := ann.last().Confirm; c != nil {
		t.Errorf("Ann is still asked after the answers changed: %+v", c)
	}
	g.tbl.Submit(table.Command{From: table.Page(owner.Viewer()), Kind: table.Respond, ID: c.ID, Text: "yes"})
	if got := g.saves[len(g.saves)-1]; len(got) != upTo || got[fix].A != key {
		t.Fatalf("Ann's yes to taking back answer %d changed the save to %d answers with answer %d = %q (the correction made it %q)", upTo, len(got), fix+1, got[min(fix, len(got)-1)].A, key)
	}
}
