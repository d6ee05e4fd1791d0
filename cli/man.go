package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// newManCmd builds "rumref man", which prints a man page made from the
// command tree.
func newManCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "man",
		Short: "Print the rumref man page (roff); view it with: rumref man | man -l -",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			writeMan(cmd.OutOrStdout(), root)
			return nil
		},
	}
}

func roff(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "'") {
			line = `\&` + line
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

func writeMan(w io.Writer, root *cobra.Command) {
	fmt.Fprintf(w, ".TH RUMREF 1 \"\" \"rumref %s\" \"User Commands\"\n", version)
	fmt.Fprintf(w, ".SH NAME\nrumref \\- %s\n", roff(root.Short))
	fmt.Fprintf(w, ".SH SYNOPSIS\n.B rumref\n[\\fIflags\\fR] \\fIcommand\\fR\n")
	fmt.Fprintf(w, ".SH DESCRIPTION\n%s\n", roff(root.Long))
	fmt.Fprintf(w, ".SH GLOBAL FLAGS\n")
	writeFlags(w, root.PersistentFlags())
	fmt.Fprintf(w, ".SH COMMANDS\n")
	for _, c := range root.Commands() {
		if !c.IsAvailableCommand() {
			continue
		}
		fmt.Fprintf(w, ".SS %s\n%s\n", roff(c.UseLine()), roff(c.Short))
		if c.Long != "" {
			fmt.Fprintf(w, ".PP\n%s\n", roff(c.Long))
		}
		writeFlags(w, c.LocalNonPersistentFlags())
	}
	fmt.Fprintf(w, ".SH EXIT STATUS\n0 done; 1 error; 2 interrupted or input ended (the game is saved; resume it with rumref resume FILE).\n")
	fmt.Fprintf(w, ".SH ENVIRONMENT\nNO_COLOR turns color off. XDG_DATA_HOME sets where new saves go (default ~/.local/share/rumref/saves) and where the Rum Runner cards typed in are remembered (runner-cards.yaml beside the saves; see rumref cards).\n")
}

func writeFlags(w io.Writer, fs *pflag.FlagSet) {
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		name := "--" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", " + name
		}
		fmt.Fprintf(w, ".TP\n\\fB%s\\fR\n%s\n", roff(name), roff(f.Usage))
	})
}
