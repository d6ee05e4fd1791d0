package main

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rumref/prompts"
	"rumref/referee"
	"rumref/safetext"
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

// pendingQuestion is the public form of the question q: the text the
// session asks, except that a secret question's text and options are
// replaced by a note (they are shown only after passing the laptop).
func pendingQuestion(g referee.Game, q *referee.Question) (*questionView, *referee.Question) {
	name := actorName(g, int(q.Actor))
	if q.Secret {
		q = &referee.Question{ID: q.ID, Actor: q.Actor, Kind: referee.Choice, Rule: q.Rule, Secret: true,
			Text: fmt.Sprintf("(a secret question: only %s sees it, after the laptop is passed)", name)}
	}
	return &questionView{ID: q.ID, Actor: name, Text: safetext.CleanLines(q.Text), Secret: q.Secret, Rule: q.Rule,
		Line: prompts.QuestionLine(name, q)}, q
}

func actorName(g referee.Game, actor int) string {
	names := g.PlayerNames()
	if actor >= 0 && actor < len(names) {
		return safetext.Clean(names[actor])
	}
	return "the table"
}

// newShowCmd builds "rumref show".
func newShowCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show FILE",
		Short: "Print a saved game's board and public status",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			file, _, e, err := openSave(args[0])
			if err != nil {
				return err
			}
			defer e.Close()
			g := e.Game()
			var next *questionView
			var shown *referee.Question
			if q := e.Next(); q != nil {
				next, shown = pendingQuestion(g, q)
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
			fmt.Fprintln(a.stdout, safetext.CleanLines(g.Status(referee.Public)))
			if next != nil {
				fmt.Fprintf(a.stdout, "\nWaiting for %s:\n", next.Actor)
				if shown.Secret {
					fmt.Fprintln(a.stdout, next.Line)
				} else {
					prompts.WriteQuestion(a.stdout, next.Actor, shown)
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

// logLine is one public log entry for --json.
type logLine struct {
	// Round and Turn name the part of the game the entry belongs to, e.g.
	// "Round 2 of 5" and "Bo's turn" ("Setup" before the first round).
	Round  string `json:"round"`
	Turn   string `json:"turn,omitempty"`
	Step   int    `json:"step"`
	Kind   string `json:"kind"`
	Rule   string `json:"rule,omitempty"`
	Actor  string `json:"actor,omitempty"`
	ID     string `json:"id,omitempty"`
	Text   string `json:"text"`
	Answer string `json:"answer,omitempty"`
}

// publicLog turns the engine log into public lines: secret answers are
// hidden and only public event text is shown.
func publicLog(e *referee.Engine) []logLine {
	g := e.Game()
	var out []logLine
	round, turn := "Setup", ""
	for _, en := range e.Log() {
		if en.Event != nil {
			if en.Event.Text == "" {
				continue
			}
			text := safetext.CleanLines(en.Event.For(referee.Public))
			switch {
			case en.Event.Rule == "rp.rounds":
				round, turn = strings.SplitN(text, ";", 2)[0], ""
			case en.Event.Rule == "rr.turn" && strings.HasPrefix(text, "Turn "):
				round, turn = strings.TrimSuffix(text, "."), ""
			case en.Event.Rule == "rp.board" && strings.HasPrefix(text, "Every player is out"):
				turn = "The wrangle"
			}
			out = append(out, logLine{Round: round, Turn: turn, Step: en.Event.Step, Kind: "event", Rule: en.Event.Rule, Text: text})
			continue
		}
		if en.QuestionID == "turn.choice" {
			turn = actorName(g, int(en.Actor)) + "'s turn"
		}
		l := logLine{Round: round, Turn: turn, Step: en.Step, Kind: "answer", Rule: en.Rule, Actor: actorName(g, int(en.Actor)), ID: en.QuestionID,
			Text: safetext.CleanLines(en.Text), Answer: safetext.Clean(en.Label)}
		if en.Secret {
			l.Text, l.Answer = "(a secret question)", "(secret)"
		}
		out = append(out, l)
	}
	return out
}

// newLogCmd builds "rumref log".
func newLogCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "log FILE",
		Short: "Print a saved game's answers and rulings (public view)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			file, factory, check, err := openSave(args[0])
			if err != nil {
				return err
			}
			check.Close()
			e, err := referee.Replay(factory, file.Answers)
			if err != nil {
				return err
			}
			defer e.Close()
			lines := publicLog(e)
			if asJSON {
				b, err := json.MarshalIndent(lines, "", "  ")
				if err != nil {
					return err
				}
				fmt.Fprintln(a.stdout, string(safetext.CleanJSON(b)))
				return nil
			}
			round, turn := "", ""
			for _, l := range lines {
				if l.Round != round {
					round, turn = l.Round, ""
					fmt.Fprintf(a.stdout, "\n== %s ==\n", l.Round)
				}
				if l.Turn != turn {
					turn = l.Turn
					fmt.Fprintf(a.stdout, "-- %s --\n", l.Turn)
				}
				if l.Kind == "event" {
					fmt.Fprintf(a.stdout, "      %s  [%s]\n", l.Text, l.Rule)
					continue
				}
				fmt.Fprintf(a.stdout, "%4d  %s: %s -> %s\n", l.Step, l.Actor, oneLine(l.Text), l.Answer)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the log as JSON")
	return cmd
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
