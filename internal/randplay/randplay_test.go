package randplay

import (
	"strconv"
	"testing"

	"rumref/referee"
)

// legal reports whether a is a legal answer to q.
func legal(q *referee.Question, a string) bool {
	switch q.Kind {
	case referee.Number:
		n, err := strconv.Atoi(a)
		return err == nil && n >= q.Min && n <= q.Max
	case referee.TextLine:
		return a == q.Example
	}
	return Has(q, a)
}

func TestEveryAnswerIsLegal(t *testing.T) {
	opts := func(keys ...string) []referee.Option {
		var out []referee.Option
		for _, k := range keys {
			out = append(out, referee.Option{Key: k})
		}
		return out
	}
	qs := []*referee.Question{
		{ID: "pub.roll", Kind: referee.Number, Min: 1, Max: 6},
		{ID: "x.text", Kind: referee.TextLine, Example: "Jolly Roger"},
		{ID: "turn.choice", Kind: referee.Choice, Options: opts("move", "rest", "board")},
		{ID: "turn.choice", Kind: referee.Choice, Options: opts("board")},
		{ID: "move.more", Kind: referee.Choice, Options: opts("hop", "avast")},
		{ID: "action", Kind: referee.Choice, Options: opts("unlisted", "raid", "draw")},
		{ID: "hazard", Kind: referee.Choice, Options: opts("unlisted")},
	}
	for _, policy := range []Policy{nil, Pirates, Runner} {
		p := New(1)
		seen := map[string]bool{}
		for range 2000 {
			for _, q := range qs {
				a := p.Answer(policy, q)
				if !legal(q, a) {
					t.Fatalf("%s: %q is not legal", q.ID, a)
				}
				seen[q.ID+"="+a] = true
			}
		}
		for n := 1; n <= 6; n++ {
			if !seen["pub.roll="+strconv.Itoa(n)] {
				t.Errorf("the die never showed %d", n)
			}
		}
		if !seen["action=unlisted"] || !seen["action=raid"] || !seen["action=draw"] {
			t.Errorf("some option was never chosen: %v", seen)
		}
	}
}

func TestSameSeedSameAnswers(t *testing.T) {
	q := &referee.Question{ID: "pub.roll", Kind: referee.Number, Min: 1, Max: 6}
	a, b, c := New(5), New(5), New(6)
	same, other := true, true
	for range 50 {
		x, y, z := a.Any(q), b.Any(q), c.Any(q)
		same = same && x == y
		other = other && x == z
	}
	if !same || other {
		t.Fatalf("seed 5 twice agreed: %v; seeds 5 and 6 agreed all along: %v", same, other)
	}
}
