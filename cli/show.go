package cli

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

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
func pendingQuestion(tq *table.Question) (*questionView, *referee.Question) {
	q, name := tq.Q, tq.ActorName
	if tq.Hidden {
		q = &referee.Question{ID: q.ID, Actor: q.Actor, Kind: referee.Choice, Rule: q.Rule, Secret: true,
			Text: fmt.Sprintf("(a secret question: only %s sees it, after the laptop is passed)", name)}
	}
	return &questionView{ID: q.ID, Actor: name, Text: safetext.CleanLines(q.Text), Secret: q.Secret, Rule: q.Rule,
		Line: prompts.QuestionLine(name, q)}, q
}

// newShowCmd builds "rumref show".
func newShowCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show FILE",
		Short: "Print a saved game's board and public status",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			file, _, e, err := openSave(args[0], a.stderr)
			if err != nil {
				return err
			}
			defer e.Close()
			g := e.Game()
			var next *questionView
			var shown *referee.Question
			if q := table.PublicQuestion(e); q != nil {
				next, shown = pendingQuestion(q)
			}
			if asJSON {
				out := map[string]any{"game": file.Game, "over": e.Over(), "answers": len(e.Answers()),
					"next": next, "view": g.View(referee.Public)}
				b, err := json.MarshalIndent(out, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintln(a.stdout, string(safetext.CleanJSON(b)))
				return nil
			}
			fmt.Fprintln(a.stdout, safetext.CleanLines(referee.StatusIn(g, referee.Public, a.lang, 0)))
			if next != nil {
				fmt.Fprintf(a.stdout, "\nWaiting for %s:\n", next.Actor)
				if shown.Secret {
					fmt.Fprintln(a.stdout, next.Line)
				} else {
					prompts.WriteQuestion(a.stdout, a.lang, next.Actor, shown)
				}
			} else {
				fmt.Fprintln(a.stdout, "\nThe game is over.")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the public view as JSON")
	return cmd
}
