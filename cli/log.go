package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rumref/locale"
	"rumref/prompts"
	"rumref/referee"
	"rumref/table"
)

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

// publicLog is the game's log in the public view, as the table gives it
// (table.Log: secret answers hidden, only public ruling text), in lines
// with the round and turn they belong to.
//
// Which entries begin a round or turn is read from the English log (the
// same entries as l's, in l's words).
func publicLog(l locale.Lang, e *referee.Engine) []logLine {
	var out []logLine
	round, turn := l.Sprintf("cli.log.setup"), ""
	english := table.PublicLog(e, locale.English)
	for i, en := range table.PublicLog(e, l) {
		if en.N == 0 {
			var n, of int
			switch text := locale.Unmark(english[i].Text); {
			case en.Rule == "rp.rounds":
				fmt.Sscanf(text, "Round %d of %d", &n, &of)
				round, turn = l.Sprintf("cli.log.round", n, of), ""
			case en.Rule == "rr.turn" && strings.HasPrefix(text, "Turn "):
				// The sentence without its full stop (inside the marks).
				body := strings.TrimRight(en.Text, locale.Close)
				round, turn = strings.TrimSuffix(body, ".")+en.Text[len(body):], ""
			case en.Rule == "rp.board" && strings.HasPrefix(text, "Every player is out"):
				turn = l.Sprintf("cli.log.wrangle")
			}
			out = append(out, logLine{Round: round, Turn: turn, Step: en.Step, Kind: "event", Rule: en.Rule, Text: en.Text})
			continue
		}
		if en.QuestionID == "turn.menu" {
			turn = l.Sprintf("cli.log.turn", en.ActorName)
		}
		out = append(out, logLine{Round: round, Turn: turn, Step: en.Step, Kind: "answer", Rule: en.Rule, Actor: en.ActorName, ID: en.QuestionID,
			Text: en.Text, Answer: en.Label})
	}
	return out
}

// newLogCmd builds "rumref log".
func newLogCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:  "log",
		Args: nArgs(a.lang, 1, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			file, factory, check, err := openSave(a.lang, args[0], a.stderr)
			if err != nil {
				return err
			}
			check.Close()
			e, err := referee.Replay(factory, file.Answers)
			if err != nil {
				return err
			}
			defer e.Close()
			lines := publicLog(a.lang, e)
			if asJSON {
				return printJSON(a, lines)
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
				fmt.Fprintf(a.stdout, "%4d  %s -> %s\n", l.Step, prompts.Named(l.Actor, oneLine(l.Text)), l.Answer)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "")
	return cmd
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
