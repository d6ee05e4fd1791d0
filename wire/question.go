package wire

import (
	"rumref/referee"
	"rumref/safetext"
)

// QuestionOf is the question object of q, asked of the player called
// name at step (the number of answers before it). Texts from outside are
// cleaned for printing; keys stay exact, as they are what is sent back.
func QuestionOf(q *referee.Question, name string, step int) Question {
	out := Question{Type: "question", ID: q.ID, Actor: int(q.Actor), ActorName: safetext.Clean(name), Kind: q.Kind.String(),
		Text: safetext.CleanLines(q.Text), Options: []Option{}, Secret: q.Secret, Rule: q.Rule, Step: step, Example: safetext.Clean(q.Example)}
	if q.Kind == referee.Number {
		lo, hi := q.Min, q.Max
		out.Min, out.Max = &lo, &hi
	} else {
		for _, o := range q.Options {
			out.Options = append(out.Options, Option{Key: o.Key, Label: safetext.Clean(o.Label)})
		}
	}
	return out
}
