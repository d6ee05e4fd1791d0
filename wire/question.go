package wire

import (
	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// QuestionOf is the question object of q in language l, asked of the
// player called name at step (the number of answers before it). Only its
// texts (text, labels) follow the language; its ID and keys stay as they
// are, since they are what is sent back. Texts from outside are cleaned
// for printing.
func QuestionOf(q *referee.Question, name string, step int, l locale.Lang) Question {
	out := Question{Type: "question", ID: q.ID, Actor: int(q.Actor), ActorName: safetext.Clean(name), Kind: q.Kind.String(),
		Text: safetext.CleanLines(q.TextIn(l)), Options: []Option{}, Secret: q.Secret, Rule: q.Rule, Step: step, Example: safetext.Clean(q.ExampleIn(l))}
	if q.Kind == referee.Number {
		lo, hi := q.Min, q.Max
		out.Min, out.Max = &lo, &hi
	} else {
		for i, o := range q.Options {
			out.Options = append(out.Options, Option{Key: o.Key, Label: safetext.Clean(q.LabelIn(i, l))})
		}
	}
	return out
}
