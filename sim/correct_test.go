package sim

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"

	"rumref/games"
	"rumref/internal/randplay"
	"rumref/referee"
)

// TestCorrectionsKeepAnswersWhereTheyBelong plays random games of both
// games at every table size, corrects random earlier answers (dice and
// choices) and checks that every kept answer answers the same question of
// the same actor as before, that the first dropped answer really does not
// belong any more, that the drop is reported as it happened, and that undo
// right after the correction restores the whole answer list and state.
func TestCorrectionsKeepAnswersWhereTheyBelong(t *testing.T) {
	sizes := []struct {
		game    string
		players int
	}{{"pirates", 2}, {"pirates", 3}, {"pirates", 4}, {"pirates", 5}, {"runner", 2}}
	seen := map[string]int{}
	for _, sz := range sizes {
		for seed := uint64(1); seed <= 3; seed++ {
			name := fmt.Sprintf("%s/%d/seed%d", sz.game, sz.players, seed)
			tb, err := newTable(Config{Game: sz.game, Players: sz.players}, seed)
			if err != nil {
				t.Fatal(err)
			}
			e, err := referee.Start(tb.Factory(), referee.WithoutLog())
			if err != nil {
				t.Fatal(err)
			}
			p := randplay.New(seed)
			for q := e.Next(); q != nil; q = e.Next() {
				if err := e.Answer(tb.Answer(p, q)); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			r := rand.New(rand.NewPCG(seed, 99))
			for try := 0; try < 6; try++ {
				correctOnce(t, name, tb, e, r, seen)
			}
			e.Close()
		}
	}
	for _, k := range []string{"number", "choice", "dropped", "kept all"} {
		if seen[k] == 0 {
			t.Errorf("no correction of the kind %q was tried: %v", k, seen)
		}
	}
	t.Logf("corrections tried: %v", seen)
}

// correctOnce corrects one random answer of e to another legal value and
// checks the outcome, then takes the correction back.
func correctOnce(t *testing.T, name string, tb games.SimTable, e *referee.Engine, r *rand.Rand, seen map[string]int) {
	t.Helper()
	before := append([]referee.Answer(nil), e.Answers()...)
	state := tb.Dump(e.Game())
	i := r.IntN(len(before))
	q, err := e.QuestionAt(i)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if q.ID != before[i].Q || int(q.Actor) != before[i].Actor {
		t.Fatalf("%s: answer %d was %s of %d, QuestionAt says %s of %d", name, i+1, before[i].Q, before[i].Actor, q.ID, q.Actor)
	}
	var values []string
	if q.Kind == referee.Number {
		for n := q.Min; n <= q.Max; n++ {
			values = append(values, strconv.Itoa(n))
		}
	} else {
		for _, o := range q.Options {
			values = append(values, o.Key)
		}
	}
	var others []string
	for _, v := range values {
		if v != before[i].A {
			others = append(others, v)
		}
	}
	if len(others) == 0 {
		return // a question with one legal answer cannot be corrected to another
	}
	value := others[r.IntN(len(others))]
	pre, err := e.Preview(i, value)
	if err != nil {
		t.Fatalf("%s: preview of answer %d (%s) = %s: %v", name, i+1, q.ID, value, err)
	}
	out, err := e.Correct(i, value)
	if err != nil {
		t.Fatalf("%s: correct answer %d (%s) = %s: %v", name, i+1, q.ID, value, err)
	}
	if pre != out {
		t.Fatalf("%s: the preview %+v differs from the correction %+v", name, pre, out)
	}
	after := e.Answers()
	if out.Kept != len(after) || out.Kept+out.Dropped != len(before) || out.Kept < i+1 {
		t.Fatalf("%s: outcome %+v for %d answers, now %d", name, out, len(before), len(after))
	}
	for j, a := range after {
		if a.Q != before[j].Q || !a.HasActor || a.Actor != before[j].Actor {
			t.Fatalf("%s: after correcting answer %d, kept answer %d is %s of %d, it was %s of %d", name, i+1, j+1, a.Q, a.Actor, before[j].Q, before[j].Actor)
		}
		if want := before[j].A; j != i && a.A != want || j == i && a.A != value {
			t.Fatalf("%s: kept answer %d changed its value", name, j+1)
		}
	}
	if out.Dropped > 0 {
		seen["dropped"]++
		if out.From != out.Kept+1 || out.ID != before[out.Kept].Q || out.Why == "" {
			t.Fatalf("%s: the drop is reported as %+v; answer %d (%s) is the first dropped", name, out, out.Kept+1, before[out.Kept].Q)
		}
		// The first dropped answer does not belong: a different question,
		// another actor, or no longer legal.
		d := before[out.Kept]
		if n := e.Next(); n != nil && n.ID == d.Q && int(n.Actor) == d.Actor {
			if _, err := n.Validate(d.A); err == nil {
				t.Fatalf("%s: answer %d (%s=%s) was dropped though it still belongs", name, out.Kept+1, d.Q, d.A)
			}
		}
	} else {
		seen["kept all"]++
		if out.From != 0 || out.ID != "" {
			t.Fatalf("%s: nothing dropped but the outcome says %+v", name, out)
		}
	}
	seen[q.Kind.String()]++
	if !e.TakesBack() {
		t.Fatalf("%s: undo would not take the correction back", name)
	}
	if err := e.Undo(); err != nil {
		t.Fatalf("%s: taking the correction back: %v", name, err)
	}
	if !reflect.DeepEqual(e.Answers(), before) {
		t.Fatalf("%s: undo after correcting answer %d does not restore the answers", name, i+1)
	}
	if got := tb.Dump(e.Game()); got != state {
		t.Fatalf("%s: undo after correcting answer %d does not restore the state:\n%s\n%s", name, i+1, got, state)
	}
}
