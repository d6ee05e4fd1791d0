package cli

import (
	"bytes"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"rumref/locale"
)

// newManCmd builds "rumref man", which prints the man pages that
// cobra/doc makes from the command tree: rumref(1), whose description is
// the root's long help (with the exit status and the environment), then
// one page for each command, so the pages say what --help says, in its
// language.
func newManCmd(a *app, root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:  "man",
		Args: nArgs(a.lang, 0, 0),
		RunE: func(cmd *cobra.Command, args []string) error {
			a.named(root) // cobra's own commands, made as it ran
			return writeMan(a.lang, cmd.OutOrStdout(), root)
		},
	}
}

// manSections are the headings cobra/doc writes, with their catalog keys.
var manSections = []string{"NAME", "name", "SYNOPSIS", "synopsis", "DESCRIPTION", "description", "OPTIONS", "options",
	"OPTIONS INHERITED FROM PARENT COMMANDS", "inherited", "EXAMPLE", "example", "SEE ALSO", "seealso"}

// writeMan writes the man page of c and of every command under it, its
// headings in l.
func writeMan(l locale.Lang, w io.Writer, c *cobra.Command) error {
	c.DisableAutoGenTag = true
	now := time.Now()
	header := &doc.GenManHeader{Section: "1", Source: "rumref " + version(), Manual: l.Sprintf("cli.manpage.manual"), Date: &now}
	var b bytes.Buffer
	if err := doc.GenMan(c, header, &b); err != nil {
		return err
	}
	page := strings.NewReplacer("[flags]", l.Get("cli.usage.flags"), `"`+now.Format("Jan 2006")+`"`, `"`+now.Format(l.Get("cli.manpage.date"))+`"`).Replace(b.String())
	for i := 0; i < len(manSections); i += 2 {
		page = strings.ReplaceAll(page, ".SH "+manSections[i]+"\n", ".SH "+l.Sprintf("cli.manpage."+manSections[i+1])+"\n")
	}
	if _, err := io.WriteString(w, page); err != nil {
		return err
	}
	for _, sub := range c.Commands() {
		if !sub.IsAvailableCommand() || sub.IsAdditionalHelpTopicCommand() {
			continue
		}
		if err := writeMan(l, w, sub); err != nil {
			return err
		}
	}
	return nil
}
