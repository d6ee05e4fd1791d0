package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rumref/locale"
	"rumref/prompts"
)

// app holds the streams and global flags of one rumref invocation.
type app struct {
	stdin  *os.File
	stdout io.Writer
	stderr io.Writer
	// lang is the language of everything shown (--lang, else the
	// locale variables: langOf).
	lang locale.Lang

	ioFlag  string
	noColor bool
	save    string
	teach   bool
	web     webFlags
	// pages are the phones' pages once served (--web), for the
	// session's phones and seats commands; intro, when set, shows a new
	// game's intro after the join code (--web: the code comes first).
	pages *prompts.Pages
	intro func() error

	reader *bufio.Reader

	// stop handles signals; target is where a new game will be saved,
	// checked before its first setup question.
	stop   *stopper
	target *saveTarget
}

// mode returns the input mode: the --io flag, or terminal when stdin and
// stdout are both terminals, plain otherwise.
func (a *app) mode() (prompts.Mode, error) {
	if a.ioFlag != "" {
		m, err := prompts.ParseMode(a.ioFlag)
		if err != nil {
			return m, err
		}
		if m == prompts.Terminal && a.detect() != prompts.Terminal {
			if prompts.DumbTerminal() {
				return m, fmt.Errorf("--io terminal needs a terminal that understands escape sequences, and TERM is dumb: use --io plain")
			}
			return m, fmt.Errorf("--io terminal needs a terminal on stdin and stdout: use --io plain or --io json with pipes")
		}
		return m, nil
	}
	return a.detect(), nil
}

func (a *app) detect() prompts.Mode {
	out, _ := a.stdout.(*os.File)
	return prompts.Detect(a.stdin, out)
}

// color reports whether output may be colored: a terminal, NO_COLOR unset
// and no --no-color.
func (a *app) color() bool {
	if a.noColor || os.Getenv("NO_COLOR") != "" {
		return false
	}
	out, _ := a.stdout.(*os.File)
	return prompts.Detect(a.stdin, out) == prompts.Terminal
}

// input returns the one shared reader for the session.
func (a *app) input() *bufio.Reader {
	if a.reader == nil {
		a.reader = bufio.NewReader(a.stdin)
	}
	return a.reader
}

// signalsAnnotation, set to signalsDefault on a command (printsOnly),
// leaves the signals to their defaults while it runs.
const (
	signalsAnnotation = "rumref-signals"
	signalsDefault    = "default"
)

// printsOnly marks cmd as a command that only reads files and prints
// (show, log, board, man): it changes no terminal setting, takes no save
// lock and writes no save, so a signal has nothing to wait for or put back
// and stops it as it stops any program (a shell shows 130 for Ctrl-C),
// without rumref's handlers. Handling the signals costs a start a thread
// and a goroutine (the runtime locks a thread for the signal mask): about
// 0.3 ms of show's run, 6% of it.
func printsOnly(cmd *cobra.Command) *cobra.Command {
	cmd.Annotations = map[string]string{signalsAnnotation: signalsDefault}
	return cmd
}

// newRootCmd builds the command tree for the command line args: the
// whole tree, except that a command line that starts with a command's
// name (other than man, which prints the whole tree) gets the root with
// that command alone and without cobra's default completion command, and
// --version (or -v) alone gets the root alone. The
// rest of the tree serves only the root's help, its suggestions for a
// misspelt command, the man page and the shell completions, which such a
// command line never reaches; building it took about 3% of show's run.
// A nil args builds the whole tree.
func newRootCmd(a *app, args []string) *cobra.Command {
	root := &cobra.Command{
		Use:   "rumref",
		Short: "A table-side referee for Rum & Pirates and Rum Runner",
		Long: `rumref sits beside the table while you play Rum & Pirates or Rum Runner with
the real box. You roll the dice and draw the tiles and cards; rumref asks what
happened, offers only legal choices, explains every ruling, saves after every
answer and scores the end.

` + exitStatusHelp + `

Environment:

- NO_COLOR: when set, no color.
- TERM: dumb gets plain lines (no color, no cursor movement), as a pipe does.
- XDG_DATA_HOME: where new saves go (default ~/.local/share/rumref/saves) and
  where the Rum Runner cards typed in are remembered (runner-cards.yaml beside
  the saves; see rumref cards).`,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(flagError)
	// A misspelt command is answered in a sentence (misspelt), not with
	// cobra's tab-indented list.
	root.DisableSuggestions = true
	root.SuggestionsMinimumDistance = 2
	// Every command runs with the signals handled (no command defines
	// its own PersistentPreRun, which would replace this one), except the
	// ones that only read and print (printsOnly).
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) {
		if cmd.Annotations[signalsAnnotation] != signalsDefault {
			a.stop.watch()
		}
	}
	root.PersistentFlags().StringVar(&a.ioFlag, "io", "", "input mode: terminal, plain or json (default: terminal on a terminal, plain otherwise)")
	root.PersistentFlags().BoolVar(&a.noColor, "no-color", false, "never use color (NO_COLOR also works)")
	root.PersistentFlags().StringVar(&a.save, "save", "", "save file for a new game (default: a new file in the user's data directory)")
	root.PersistentFlags().String("lang", "", "language: de or en (default: LC_ALL, LC_MESSAGES or LANG, else en)")
	root.RegisterFlagCompletionFunc("lang", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"de", "en"}, cobra.ShellCompDirectiveNoFileComp
	})
	root.RegisterFlagCompletionFunc("io", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"terminal", "plain", "json"}, cobra.ShellCompDirectiveNoFileComp
	})
	commands := []struct {
		name string
		make func() *cobra.Command
	}{
		{"new", func() *cobra.Command { return newNewCmd(a) }},
		{"resume", func() *cobra.Command { return newResumeCmd(a) }},
		{"saves", func() *cobra.Command { return printsOnly(newSavesCmd(a)) }},
		{"show", func() *cobra.Command { return printsOnly(newShowCmd(a)) }},
		{"log", func() *cobra.Command { return printsOnly(newLogCmd(a)) }},
		{"board", func() *cobra.Command { return printsOnly(newBoardCmd(a)) }},
		{"score", func() *cobra.Command { return newScoreCmd(a) }},
		{"rules", func() *cobra.Command { return newRulesCmd(a) }},
		{"cards", func() *cobra.Command { return newCardsCmd(a) }},
		{"sim", func() *cobra.Command { return newSimCmd(a) }},
		{"man", func() *cobra.Command { return printsOnly(newManCmd(root)) }},
	}
	// --lang, read already (langOf), may come before the command.
	for len(args) > 1 && args[0] == "--lang" {
		args = args[2:]
	}
	for len(args) > 0 && strings.HasPrefix(args[0], "--lang=") {
		args = args[1:]
	}
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-v") {
		root.CompletionOptions.DisableDefaultCmd = true
		return root
	}
	for _, c := range commands {
		if len(args) > 0 && args[0] == c.name && c.name != "man" {
			root.AddCommand(c.make())
			root.CompletionOptions.DisableDefaultCmd = true
			return root
		}
	}
	for _, c := range commands {
		root.AddCommand(c.make())
	}
	return root
}

// misspelt rewords cobra's error for an unknown command (`unknown command
// "neu" for "rumref"`) as a sentence that names the commands that look
// like it; other errors pass through.
func misspelt(root *cobra.Command, err error) error {
	rest, ok := strings.CutPrefix(err.Error(), "unknown command ")
	if !ok {
		return err
	}
	name, qerr := strconv.QuotedPrefix(rest)
	if qerr != nil {
		return err
	}
	name, _ = strconv.Unquote(name)
	var meant []string
	for _, s := range root.SuggestionsFor(name) {
		meant = append(meant, "rumref "+s)
	}
	msg := fmt.Sprintf("there is no command %q", name)
	switch len(meant) {
	case 0:
	case 1:
		msg += "; did you mean " + meant[0] + "?"
	default:
		msg += "; did you mean " + strings.Join(meant[:len(meant)-1], ", ") + " or " + meant[len(meant)-1] + "?"
	}
	return errors.New(msg + " (rumref --help lists the commands)")
}
