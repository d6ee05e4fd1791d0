package cli

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/prompts"
	"rumref/setup"
)

// newBoardCmd builds "rumref board".
func newBoardCmd(a *app) *cobra.Command {
	var layout, svg string
	var seed int64
	cmd := &cobra.Command{
		Use:   "board",
		Short: "Randomize (or read) a Rum & Pirates board layout and show how to build it",
		Long: `Show a Rum & Pirates board layout without starting a game: building
instructions (a 3x3 grid of section numbers with their turn) and a picture.

--layout takes random (the default), fixed (sections 1-9 in reading order,
unrotated) or a layout spec for a board you built by hand: three rows of
section numbers, top row first, separated by "/"; after a number, n, e, s or
w says where that section's top edge points (n or nothing: not turned; e: a
quarter-turn clockwise; s: a half turn; w: a quarter-turn anticlockwise).
Examples: "1 2 3 / 4 5 6 / 7 8 9", "3e 1 7 / 9s 5 2w / 4 8 6".`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("seed") {
				seed = games.NewSeed()
			}
			l, how, err := games.PiratesLayout(layout, seed)
			if err != nil {
				return fmt.Errorf("--layout %q: %w", layout, err)
			}
			b, err := setup.Assemble(l)
			if err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "%s. Spec: %s\n\n%s\n%s\n", how.In(a.lang), setup.FormatLayout(l), setup.BuildInstructions(l), b.PictureIn(nil, nil, b.HQ, prompts.Columns(a.stdout), a.lang))
			if svg != "" {
				if err := os.WriteFile(svg, setup.BoardSVG(b), 0o600); err != nil {
					return fmt.Errorf("writing the SVG: %w", err)
				}
				fmt.Fprintf(a.stdout, "Wrote a picture of the board to %s.\n", svg)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&layout, "layout", "random", "random, fixed, or a layout spec")
	cmd.Flags().Int64Var(&seed, "seed", 0, "seed that reproduces a random layout")
	cmd.Flags().StringVar(&svg, "svg", "", "also write an SVG picture of the board to this file")
	return cmd
}
