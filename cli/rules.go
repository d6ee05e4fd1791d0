package cli

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/referee"
	"rumref/reference"
	"rumref/safetext"
)

// newRulesCmd builds "rumref rules".
func newRulesCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use: "rules",
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
				return errorf(a.lang, "cli.rules.none", query)
			}
			for i, r := range res {
				if i == 5 {
					fmt.Fprintln(a.stdout, a.lang.Sprintf("cli.rules.more", len(res)-5))
					break
				}
				fmt.Fprintln(a.stdout, ref.Format(r.Entry, 78))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "")
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
	if ask := a.out(mode); err == nil && ask.Lists() {
		var opts []referee.Option
		for _, t := range topics {
			for _, e := range t.Entries {
				opts = append(opts, referee.Option{Key: e.ID, Label: fmt.Sprintf("%s / %s: %s", t.Game.TitleIn(a.lang), t.Name, e.Title)})
			}
		}
		for {
			id, err := ask.Choose(a.lang.Sprintf("cli.rules.browse"), opts)
			if err != nil {
				return nil
			}
			if e, ok := ref.Lookup(id); ok {
				fmt.Fprintln(a.stdout, ref.Format(e, 78))
			}
		}
	}
	for _, t := range topics {
		fmt.Fprintf(a.stdout, "%s: %s\n", t.Game.TitleIn(a.lang), t.Name)
		for _, e := range t.Entries {
			mark := ""
			if e.Ruling {
				mark = " " + a.lang.Sprintf("cli.rules.ruling")
			}
			fmt.Fprintf(a.stdout, "  %-28s %s%s\n", e.ID, e.Title, mark)
		}
	}
	return nil
}
