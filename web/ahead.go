package web

import "rumref/referee"

// maxLookAhead caps the replays one look-ahead may make.
const maxLookAhead = 32

// lookAhead finds the questions after q that the players may answer
// before their turn: questions of a Parallel kind (pub invitations) that
// the game asks exactly alike whatever the earlier of them are answered.
// It replays the game with every combination of the earlier answers and
// keeps a question only when every combination leads to the same one, so
// an answer given ahead can never be one the game would not have asked.
// The answers are still given to the engine one by one in the rules'
// order. It runs in the session goroutine, on engines of its own.
func (h *Hub) lookAhead(e *referee.Engine, q *referee.Question) map[int]*referee.Question {
	if q == nil || h.cfg.Factory == nil || !h.cfg.Parallel[q.ID] || q.Kind != referee.Choice || q.Actor < 0 {
		return nil
	}
	out := map[int]*referee.Question{}
	prefixes := [][]referee.Answer{append([]referee.Answer(nil), e.Answers()...)}
	step := len(prefixes[0])
	seen := map[referee.Seat]bool{q.Actor: true}
	for cur := q; ; {
		if cur.Kind != referee.Choice || len(prefixes)*len(cur.Options) > maxLookAhead {
			return out
		}
		var next *referee.Question
		var longer [][]referee.Answer
		for _, p := range prefixes {
			for _, o := range cur.Options {
				ans := append(append(make([]referee.Answer, 0, len(p)+1), p...), referee.Answer{Q: cur.ID, A: o.Key})
				n := h.nextAfter(ans)
				if n == nil || (next != nil && !sameQuestion(next, n)) {
					return out
				}
				next = n
				longer = append(longer, ans)
			}
		}
		if !h.cfg.Parallel[next.ID] || next.Actor < 0 || seen[next.Actor] {
			return out
		}
		seen[next.Actor] = true
		step++
		out[step] = next
		cur, prefixes = next, longer
	}
}

// nextAfter replays answers into a fresh game and returns the question
// then pending (a copy), or nil.
func (h *Hub) nextAfter(answers []referee.Answer) *referee.Question {
	eng, err := referee.Replay(h.cfg.Factory, answers, referee.WithoutLog())
	if err != nil {
		return nil
	}
	defer eng.Close()
	n := eng.Next()
	if n == nil {
		return nil
	}
	c := *n
	return &c
}
