package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/locale"
	"rumref/referee/runner"
	"rumref/safetext"
)

// newCardsCmd builds "rumref cards": the Rum Runner cards typed in during
// earlier games, which every new game adds to its card list
// (games.RunnerCardsFile in the user's data directory), and "rumref cards
// forget NAME", which drops one so it is asked again.
func newCardsCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:  "cards",
		Args: nArgs(a.lang, 0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := dataDir()
			if err != nil {
				return errorf(a.lang, "cli.cards.nohome", err)
			}
			path := games.RunnerCardsPath(dir)
			cards, err := games.RememberedRunnerCards(dir)
			if err != nil {
				return err
			}
			if asJSON {
				if cards == nil {
					cards = []runner.Card{}
				}
				return printJSON(a, map[string]any{"file": path, "cards": cards})
			}
			if len(cards) == 0 {
				fmt.Fprintln(a.stdout, a.lang.Sprintf("cli.cards.none", safetext.Clean(path)))
				return nil
			}
			fmt.Fprintln(a.stdout, a.lang.Sprintf("cli.cards.list", safetext.Clean(path)))
			for _, c := range cards {
				fmt.Fprintf(a.stdout, "  %s\n", safetext.Clean(describeCard(a.lang, c)))
			}
			fmt.Fprintln(a.stdout, a.lang.Sprintf("cli.cards.edit"))
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "")
	cmd.AddCommand(&cobra.Command{
		Use:  "forget",
		Args: nArgs(a.lang, 1, 1),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]string, cobra.ShellCompDirective) {
			dir, err := dataDir()
			if err != nil || len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			cards, _ := games.RememberedRunnerCards(dir)
			var names []string
			for _, c := range cards {
				if strings.HasPrefix(strings.ToLower(c.Name), strings.ToLower(toComplete)) {
					names = append(names, c.Name)
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := dataDir()
			if err != nil {
				return errorf(a.lang, "cli.cards.nohome", err)
			}
			cards, err := games.RememberedRunnerCards(dir)
			if err != nil {
				return err
			}
			name := strings.TrimSpace(args[0])
			i := slices.IndexFunc(cards, func(c runner.Card) bool { return strings.EqualFold(c.Name, name) })
			if i < 0 {
				names := make([]string, len(cards))
				for k, c := range cards {
					names[k] = c.Name
				}
				if len(names) == 0 {
					return errorf(a.lang, "cli.cards.forget.none")
				}
				return errorf(a.lang, "cli.cards.forget.unknown", safetext.Clean(name), safetext.Clean(strings.Join(names, ", ")))
			}
			gone := cards[i].Name
			if err := games.WriteRunnerCards(dir, slices.Delete(cards, i, i+1)); err != nil {
				return err
			}
			fmt.Fprintln(a.stdout, a.lang.Sprintf("cli.cards.forgot", safetext.Clean(gone)))
			return nil
		},
	})
	return cmd
}

// describeCard is one line about a remembered card: its name, side and
// type, printed numbers and text.
func describeCard(l locale.Lang, c runner.Card) string {
	kind := l.Sprintf("cli.cards.type." + c.Type.String())
	if c.Starting {
		kind = l.Sprintf("cli.cards.starting", kind)
	}
	parts := []string{l.Sprintf("cli.cards.card", c.Name, l.Sprintf("cli.cards.side."+c.Side.String()), kind, c.Cost)}
	if c.Navigation > 0 {
		parts = append(parts, l.Sprintf("cli.cards.navigation", c.Navigation))
	}
	if c.Combat > 0 {
		parts = append(parts, l.Sprintf("cli.cards.combat", c.Combat))
	}
	s := strings.Join(parts, ", ") + ")"
	switch {
	case c.Text != "":
		s += ": " + c.Text
	case c.Type == runner.Hazard:
		var opts []string
		for _, o := range c.Options {
			opts = append(opts, runner.DescribeEffects(o, l))
		}
		s += ": " + strings.Join(opts, " | ")
	}
	return s
}
