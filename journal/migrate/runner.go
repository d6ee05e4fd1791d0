package migrate

import (
	"rumref/referee"
	"rumref/referee/runner"
)

// Runner is the chain of Rum Runner saves (runner.Config.Edition is the
// edition a save was made under). Editions 1 to 4 are carried over to
// today's by replaying their answers under today's rules (runner_1.go,
// runner_2.go, runner_3and4.go; 3 and 4 only before the crown's first
// draw); edition 0 is refused as a whole.
var Runner = &Chain{
	Words:   "migrate.words.runner",
	Kind:    "migrate.kind.edition",
	Current: runner.Edition,
	Revision: func(s any) int {
		return s.(*runner.Config).Edition
	},
	WithRevision: func(s any, ed int) any {
		c := *s.(*runner.Config)
		c.Edition = ed
		return &c
	},
	Steps: []Step{
		{From: 1, To: runner.Edition, Run: runner1},
		{From: 2, To: runner.Edition, Run: runner2},
		{From: 3, To: runner.Edition, Run: runner3and4},
		{From: 4, To: runner.Edition, Run: runner3and4},
	},
	Refused: map[int]string{
		0: "migrate.runner.edition0",
	},
	Factory: func(s any) (referee.Factory, error) {
		cfg := *s.(*runner.Config)
		return func() referee.Game { return runner.New(cfg) }, nil
	},
}

// runnerRule rewrites, where a save of an old edition and today's rules
// part ways, the old answers at old[i:] for today's question q. It
// returns the answer to give q ("" to give none) and how many old
// answers that uses; ok is false where it has nothing to say.
type runnerRule func(q *referee.Question, old []referee.Answer, i int) (answer string, used int, ok bool)

// replayRunner carries a save of an old edition over to today's by
// playing its answers under today's rules: each question today's rules
// ask takes the next old answer when it is that question's, the
// edition's rules rewrite the answers where the two part ways, and
// anything else is refused with why (the old answer and today's question
// it meets). The game stops where the old answers end, at the question
// the save was waiting for as today's rules ask it.
//
// With askAll, today's rules are played asking the public questions that
// have one legal answer too, as editions before 2 did (so the save's
// answers to them meet them), and those answers are left out of the
// rewritten save, since today's engine takes them itself.
func replayRunner(setup any, old []referee.Answer, askAll bool, rule runnerRule, why func(q *referee.Question, a referee.Answer, n int) *Stop) (*Rewrite, error) {
	cfg := *setup.(*runner.Config)
	cfg.Edition = runner.Edition
	e, err := referee.Start(func() referee.Game {
		if askAll {
			return askingAll{runner.New(cfg)}
		}
		return runner.New(cfg)
	}, referee.WithoutLog())
	if err != nil {
		return nil, err
	}
	defer e.Close()
	kept := make([]int, 1, len(old)+1)
	var out []referee.Answer
	answer := func(q *referee.Question, key string, i int) error {
		if err := e.Answer(key); err != nil {
			return stop(i+1, "runner.take", referee.Int(i+1), referee.Str(old[i].Q), referee.Str(old[i].A), referee.Str(q.ID), referee.Err(err))
		}
		if !askAll || !takenWithoutAsking(q) {
			given := e.Answers()
			out = append(out, given[len(given)-1])
		}
		return nil
	}
	for i := 0; i < len(old); {
		q := e.Next()
		if q == nil {
			return nil, stop(i+1, "runner.ends", referee.Int(i+1))
		}
		a := old[i]
		if a.Q == q.ID && (!a.HasActor || a.Actor == int(q.Actor)) && (q.Kind != referee.Choice || offers(q, a.A)) {
			if err := answer(q, a.A, i); err != nil {
				return nil, err
			}
			i++
			kept = append(kept, len(out))
			continue
		}
		key, used, ok := rule(q, old, i)
		if !ok {
			return nil, why(q, a, i+1)
		}
		if key != "" {
			if err := answer(q, key, i); err != nil {
				return nil, err
			}
		}
		for ; used > 0; used-- {
			i++
			kept = append(kept, len(out))
		}
	}
	return &Rewrite{Answers: out, Kept: kept}, nil
}

// askingAll is a game of today's rules whose engine asks every question,
// as editions before 2 did (referee.OnlyAnswers).
type askingAll struct{ *runner.Game }

func (askingAll) TakesOnlyAnswers() bool { return false }

// takenWithoutAsking reports whether today's engine takes q's answer
// itself: a public question with one legal answer (referee.OnlyAnswers).
func takenWithoutAsking(q *referee.Question) bool {
	if q.Secret || q.Confirm {
		return false
	}
	switch q.Kind {
	case referee.Choice:
		return len(q.Options) == 1
	case referee.Number:
		return q.Min == q.Max
	}
	return false
}

// mismatch is the refusal of an old answer (number n) that meets another
// question.
func mismatch(q *referee.Question, a referee.Answer, n int) *Stop {
	return stop(n, "runner.mismatch", referee.Str(a.Q), referee.Str(a.A), referee.Str(q.ID))
}
