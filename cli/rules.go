package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/prompts"
	"rumref/referee"
	"rumref/reference"
	"rumref/safetext"
)

// newRulesCmd builds "rumref rules".
func newRulesCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "rules [QUERY|ID]",
		Short: "Look up the rules of both games: browse, search, or print one entry",
		Long: `Without a query, list the rules reference by game and topic (a searchable
list in a terminal). With a rule ID such as rp.pub, print that entry. With
any other words, print the best-matching entries, e.g.

  rumref rules can I use rum on the scorpion roll
  rumref rules crown discards rum`,
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			var ids []string
			for _, e := range games.Reference().In(a.lang).All() {
				if strings.HasPrefix(e.ID, toComplete) {
					ids = append(ids, e.ID+"\t"+e.Title)
				}
			}
			return ids, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			query := strings.TrimSpace(strings.Join(args, " "))
			if query == "" {
				return browseRules(a, asJSON)
			}
			ref := games.Reference().In(a.lang)
			if e, ok := ref.Lookup(query); ok {
				if asJSON {
					return printJSON(a, e)
				}
				fmt.Fprintln(a.stdout, ref.Format(e, 78))
				return nil
			}
			res := ref.Search(query)
			if asJSON {
				if res == nil {
					res = []reference.Result{}
				}
				return printJSON(a, res)
			}
			if len(res) == 0 {
				return fmt.Errorf("no rule matches %q: try fewer or other words (pub, wrangle, dark alley, raid, hazard), or rumref rules for the list", query)
			}
			for i, r := range res {
				if i == 5 {
					fmt.Fprintf(a.stdout, "(%d more matches; add words to narrow the search)\n", len(res)-5)
					break
				}
				fmt.Fprintln(a.stdout, ref.Format(r.Entry, 78))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print entries as JSON")
	return cmd
}

func printJSON(a *app, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	fmt.Fprintln(a.stdout, string(safetext.CleanJSON(b)))
	return nil
}

// browseRules lists the reference by game and topic; in a terminal it is
// a searchable list that opens the chosen entry.
func browseRules(a *app, asJSON bool) error {
	ref := games.Reference().In(a.lang)
	topics := ref.Topics()
	if asJSON {
		return printJSON(a, topics)
	}
	mode, err := a.mode()
	if ask := prompts.NewAsker(mode, a.input(), a.stdout, a.color()); err == nil && ask.Lists() {
		var opts []referee.Option
		for _, t := range topics {
			for _, e := range t.Entries {
				opts = append(opts, referee.Option{Key: e.ID, Label: fmt.Sprintf("%s / %s: %s", t.Game, t.Name, e.Title)})
			}
		}
		for {
			id, err := ask.Choose("Rules reference (type to search; Ctrl-C to leave)", opts)
			if err != nil {
				return nil
			}
			if e, ok := ref.Lookup(id); ok {
				fmt.Fprintln(a.stdout, ref.Format(e, 78))
			}
		}
	}
	for _, t := range topics {
		fmt.Fprintf(a.stdout, "%s: %s\n", t.Game, t.Name)
		for _, e := range t.Entries {
			mark := ""
			if e.Ruling {
				mark = " (ruling)"
			}
			fmt.Fprintf(a.stdout, "  %-28s %s%s\n", e.ID, e.Title, mark)
		}
	}
	return nil
}
