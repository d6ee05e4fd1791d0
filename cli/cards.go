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
		Use:   "cards",
		Short: "List the Rum Runner cards remembered from earlier games, and where they are kept",
		Long: `A Rum Runner card the referee's list lacks is typed in once, during a game;
when that game ends rumref remembers it for every later game on this computer,
so it is not asked again. They are kept in a card file in the user's data
directory, beside the saves (the same schema as rumref new runner --cards).

To correct a remembered card, edit that file (rumref cards names it); a card
file that rumref cannot read is refused, with the line, when the next game
starts. To have a card asked again, forget it:

  rumref cards forget "Fog Bank"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := dataDir()
			if err != nil {
				return fmt.Errorf("no home directory, so no cards are remembered: %w", err)
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
				fmt.Fprintf(a.stdout, "No Rum Runner cards are remembered yet. A card typed in during a game is\nremembered when the game ends, in %s.\n", safetext.Clean(path))
				return nil
			}
			fmt.Fprintf(a.stdout, "Rum Runner cards remembered from earlier games (every new game knows them),\nin %s:\n", safetext.Clean(path))
			for _, c := range cards {
				fmt.Fprintf(a.stdout, "  %s\n", safetext.Clean(describeCard(c)))
			}
			fmt.Fprintf(a.stdout, "To correct one, edit that file; to have one asked again: rumref cards forget NAME\n")
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the file's name and the cards as JSON")
	cmd.AddCommand(&cobra.Command{
		Use:   "forget NAME",
		Short: "Drop a remembered Rum Runner card, so the next game asks for it again",
		Args:  cobra.ExactArgs(1),
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
				return fmt.Errorf("no home directory, so no cards are remembered: %w", err)
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
					return fmt.Errorf("no card is remembered: there is nothing to forget")
				}
				return fmt.Errorf("no remembered card is called %q: the remembered cards are %s", safetext.Clean(name), safetext.Clean(strings.Join(names, ", ")))
			}
			gone := cards[i].Name
			if err := games.WriteRunnerCards(dir, slices.Delete(cards, i, i+1)); err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "Forgot %s: the next Rum Runner game asks for it again when it comes up.\n", safetext.Clean(gone))
			return nil
		},
	})
	return cmd
}

// describeCard is one line about a remembered card: its name, side and
// type, printed numbers and text.
func describeCard(c runner.Card) string {
	kind := c.Type.String()
	if c.Starting {
		kind = "starting " + kind
	}
	parts := []string{fmt.Sprintf("%s (%s %s, cost %d", c.Name, c.Side, kind, c.Cost)}
	if c.Navigation > 0 {
		parts = append(parts, fmt.Sprintf("%d navigation", c.Navigation))
	}
	if c.Combat > 0 {
		parts = append(parts, fmt.Sprintf("%d combat", c.Combat))
	}
	s := strings.Join(parts, ", ") + ")"
	switch {
	case c.Text != "":
		s += ": " + c.Text
	case c.Type == runner.Hazard:
		var opts []string
		for _, o := range c.Options {
			opts = append(opts, runner.DescribeEffects(o, locale.English))
		}
		s += ": " + strings.Join(opts, " | ")
	}
	return s
}
