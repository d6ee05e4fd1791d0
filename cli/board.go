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
		Use:  "board",
		Args: nArgs(a.lang, 0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("seed") {
				seed = games.NewSeed()
			}
			l, how, err := games.PiratesLayout(layout, seed)
			if err != nil {
				return errorf(a.lang, "cli.board.layout", layout, err)
			}
			b, err := setup.Assemble(l)
			if err != nil {
				return err
			}
			fmt.Fprintf(a.stdout, "%s\n\n%s\n%s\n", a.lang.Sprintf("cli.board.spec", how.In(a.lang), setup.FormatLayout(l)), setup.BuildInstructionsIn(l, a.lang), b.PictureIn(nil, nil, b.HQ, prompts.Columns(a.stdout), a.lang))
			if svg != "" {
				if err := os.WriteFile(svg, setup.BoardSVGIn(b, a.lang), 0o600); err != nil {
					return errorf(a.lang, "cli.board.svg", err)
				}
				fmt.Fprintln(a.stdout, a.lang.Sprintf("cli.board.wrote", svg))
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&layout, "layout", "random", "")
	cmd.Flags().Int64Var(&seed, "seed", 0, "")
	cmd.Flags().StringVar(&svg, "svg", "", "")
	return cmd
}
