package table

import (
	"maps"
	"slices"

	"rumref/journal"
	"rumref/referee"
)

// Answers ahead of their turn
//
// Some questions go round the table one player after another while none
// depends on the others' answers (the pub invitations: Parallel). A
// player may answer theirs before their turn: the table keeps the answer
// (in the save, before it acknowledges it) and gives it to the engine when
// the game reaches it, in the rules' order. It is offered only when every
// combination of the earlier answers leads to exactly the same question,
// so an answer given ahead is never one the game would not have asked.
// An undo or a correction before it drops it, and its owner is told.

// maxLookAhead caps the replays one look-ahead may make.
const maxLookAhead = 32

// lookAhead finds the questions after the pending one that the players
// may answer before their turn.
func (t *Table) lookAhead() {
	clear(t.ahead)
	q := t.e.Next()
	if q == nil || t.cfg.Factory == nil || !t.cfg.Parallel[q.ID] || q.Kind != referee.Choice || q.Actor < 0 {
		return
	}
	prefixes := [][]referee.Answer{slices.Clone(t.e.Answers())}
	step := len(prefixes[0])
	seen := map[referee.Seat]bool{q.Actor: true}
	for cur := q; ; {
		if cur.Kind != referee.Choice || len(prefixes)*len(cur.Options) > maxLookAhead {
			return
		}
		var next *referee.Question
		var longer [][]referee.Answer
		for _, p := range prefixes {
			for _, o := range cur.Options {
				ans := append(slices.Clip(p), referee.Answer{Q: cur.ID, A: o.Key})
				n := t.nextAfter(ans)
				if n == nil || (next != nil && !next.Equal(n)) {
					return
				}
				next = n
				longer = append(longer, ans)
			}
		}
		if !t.cfg.Parallel[next.ID] || next.Actor < 0 || seen[next.Actor] {
			return
		}
		seen[next.Actor] = true
		step++
		t.ahead[step] = next
		cur, prefixes = next, longer
	}
}

// nextAfter replays answers into a fresh game and returns the question
// then pending (a copy), or nil.
func (t *Table) nextAfter(answers []referee.Answer) *referee.Question {
	eng, err := referee.Replay(t.cfg.Factory, answers, referee.WithoutLog())
	if err != nil {
		return nil
	}
	defer eng.Close()
	n := eng.Next()
	if n == nil {
		return nil
	}
	c := *n
	c.Options = slices.Clone(n.Options)
	return &c
}

// queue keeps an answer to a question asked ahead of its turn, in the
// save first.
func (t *Table) queue(c Command) Reply {
	q := t.ahead[c.Step]
	if q == nil {
		return t.stale(c)
	}
	if c.Question != q.ID {
		return Reply{Code: Stale, text: say("stale.ahead")}
	}
	if c.From.Laptop || !c.From.Viewer.Sees(q.Actor) {
		return Reply{Code: Forbidden, text: say("forbidden.other", t.nameArg(q.Actor))}
	}
	key, err := q.Validate(c.Text)
	if err != nil {
		return Reply{Code: Refused, why: err, Err: err}
	}
	old, had := t.queued[c.Step]
	t.queued[c.Step] = journal.AheadAnswer{Step: c.Step, Answer: referee.Answer{Q: q.ID, A: key, Actor: int(q.Actor), HasActor: true}}
	if err := t.save(); err != nil {
		if had {
			t.queued[c.Step] = old
		} else {
			delete(t.queued, c.Step)
		}
		return t.failure()
	}
	return Reply{Code: Queued, text: say("queued")}
}

// applyQueued gives the engine the answers kept for the pending step,
// while the question is exactly the one they answered.
func (t *Table) applyQueued() {
	for t.failed == nil {
		step := len(t.e.Answers())
		a, ok := t.queued[step]
		if !ok {
			return
		}
		delete(t.queued, step)
		q := t.e.Next()
		if q == nil || q.ID != a.Answer.Q || int(q.Actor) != a.Answer.Actor {
			t.tellOwner(a, say("dropped.other"))
			continue
		}
		if err := t.e.Answer(a.Answer.A); err != nil {
			t.tellOwner(a, say("dropped.misfit"))
			continue
		}
		if err := t.save(); err != nil {
			t.e.Rewind(step)
			return
		}
		t.tellAll(say("info.ahead", referee.Int(step+1), t.nameArg(q.Actor)))
	}
}

// dropQueued drops every answer kept for later, telling each owner why,
// and saves.
func (t *Table) dropQueued(why referee.Msg) {
	if len(t.queued) == 0 {
		return
	}
	for _, s := range slices.Sorted(maps.Keys(t.queued)) {
		t.tellOwner(t.queued[s], why)
	}
	clear(t.queued)
	t.save()
}

// tellOwner tells the owner of an answer given ahead that it was dropped.
func (t *Table) tellOwner(a journal.AheadAnswer, why referee.Msg) {
	seat := referee.Seat(a.Answer.Actor)
	t.tell(say("dropped.yours", referee.Sub(why)),
		func(v Viewer) bool { return !v.Laptop && v.Viewer.Sees(seat) })
	if !t.onPhone(seat) {
		t.tell(say("dropped.theirs", t.player(seat), referee.Sub(why)),
			func(v Viewer) bool { return v.Laptop })
	}
}
