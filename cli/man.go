package cli

import (
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// newManCmd builds "rumref man", which prints the man pages that
// cobra/doc makes from the command tree: rumref(1), whose description is
// the root's long help (with the exit status and the environment), then
// one page for each command, so the pages say what --help says.
func newManCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the rumref man pages (roff); view them with: rumref man | man -l -",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return writeMan(cmd.OutOrStdout(), root)
		},
	}
}

// writeMan writes the man page of c and of every command under it.
func writeMan(w io.Writer, c *cobra.Command) error {
	c.DisableAutoGenTag = true
	header := &doc.GenManHeader{Section: "1", Source: "rumref " + version(), Manual: "User Commands"}
	if err := doc.GenMan(c, header, w); err != nil {
		return err
	}
	for _, sub := range c.Commands() {
		if !sub.IsAvailableCommand() || sub.IsAdditionalHelpTopicCommand() {
			continue
		}
		if err := writeMan(w, sub); err != nil {
			return err
		}
	}
	return nil
}
