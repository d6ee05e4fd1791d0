package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/safetext"
	"rumref/table"
)

// questionView is the public description of the pending question.
type questionView struct {
	ID     string `json:"id"`
	Actor  string `json:"actor"`
	Text   string `json:"text"`
	Secret bool   `json:"secret"`
	Rule   string `json:"rule"`
	// Line is the question line as the session prints it.
	Line string `json:"line"`
}

// pendingQuestion is the public form of the question the table shows the
// public (tq): the text the session asks, except that a secret question,
// which the table hides, is a note (its text and options are shown only
// after passing the laptop).
func pendingQuestion(l locale.Lang, tq *table.Question) (*questionView, *referee.Question) {
	q, name := tq.Q, tq.ActorName
	if tq.Hidden {
		q = &referee.Question{ID: q.ID, Actor: q.Actor, Kind: referee.Choice, Rule: q.Rule, Secret: true,
			Text: l.Sprintf("cli.show.secret", name)}
	}
	shown := *q
	shown.Text = q.TextIn(l)
	return &questionView{ID: q.ID, Actor: name, Text: safetext.CleanLines(shown.Text), Secret: q.Secret, Rule: q.Rule,
		Line: prompts.QuestionLine(name, &shown)}, q
}

// newShowCmd builds "rumref show".
func newShowCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:  "show",
		Args: nArgs(a.lang, 1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			file, _, e, err := openSave(a.lang, args[0], a.stderr)
			if err != nil {
				return err
			}
			defer e.Close()
			g := e.Game()
			var next *questionView
			var shown *referee.Question
			if q := table.PublicQuestion(e, a.lang); q != nil {
				next, shown = pendingQuestion(a.lang, q)
			}
			if asJSON {
				return printJSON(a, map[string]any{"game": file.Game, "over": e.Over(), "answers": len(e.Answers()),
					"next": next, "view": g.View(referee.Public, a.lang)})
			}
			fmt.Fprintln(a.stdout, safetext.CleanLines(g.Status(referee.Public, a.lang, 0)))
			if next != nil {
				fmt.Fprintf(a.stdout, "\n%s\n", a.lang.Sprintf("cli.show.waiting", next.Actor))
				if shown.Secret {
					fmt.Fprintln(a.stdout, next.Line)
				} else {
					prompts.WriteQuestion(a.stdout, a.lang, next.Actor, shown)
				}
			} else {
				fmt.Fprintf(a.stdout, "\n%s\n", a.lang.Sprintf("cli.show.over"))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "")
	return cmd
}
