package web

import (
	"testing"

	"rumref/referee"
	"rumref/sim"
)

// benchHub is a hub for the middle of a finished 5-player game, and its
// engine stopped at a pub invitation when pub is set.
func benchHub(b *testing.B, pub bool) (*Hub, *referee.Engine) {
	f, err := sim.Finished("pirates", 5, 1)
	if err != nil {
		b.Fatal(err)
	}
	factory, _ := sim.Factory(f)
	n := len(f.Answers) / 2
	if pub {
		for i := n; i < len(f.Answers); i++ {
			if f.Answers[i].Q == "pub.join" {
				n = i
				break
			}
		}
	}
	e, err := referee.Replay(factory, f.Answers[:n])
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(e.Close)
	h := NewHub(Config{Game: "pirates", Names: e.Game().PlayerNames(), Factory: factory, Parallel: map[string]bool{"pub.join": true}})
	return h, e
}

// BenchmarkSync is the hub's work after one change: every viewer's view,
// status and question.
func BenchmarkSync(b *testing.B) {
	h, e := benchHub(b, false)
	for b.Loop() {
		h.prevAnswers = nil
		h.Sync(e)
	}
}

// BenchmarkLookAhead is the look-ahead at a pub invitation.
func BenchmarkLookAhead(b *testing.B) {
	h, e := benchHub(b, true)
	for b.Loop() {
		if len(h.lookAhead(e, e.Next())) == 0 {
			b.Fatal("nothing to answer ahead at a pub invitation")
		}
	}
}
