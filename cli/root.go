package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"rumref/locale"
	"rumref/prompts"
	"rumref/web"
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
				return m, errorf(a.lang, "cli.io.dumb")
			}
			return m, errorf(a.lang, "cli.io.pipe")
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
		Use:           "rumref",
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return flagError(a.lang, cmd, err) })
	// A misspelt command is answered in a sentence (misspelt), not with
	// cobra's tab-indented list.
	root.DisableSuggestions = true
	root.SuggestionsMinimumDistance = 2
	// Every command runs with the signals handled (no command defines
	// its own PersistentPreRun, which would replace this one), except the
	// ones that only read and print (printsOnly).
	// A bad --io is refused by every command before it does anything
	// (it is a flag of them all), as new refuses it, and not only by
	// the ones that ask.
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		if cmd.Flags().Changed("io") {
			if _, err := prompts.ParseMode(a.ioFlag); err != nil {
				return err
			}
		}
		// A bad --web address too, before new's first setup question.
		if f := cmd.Flags().Lookup("web"); f != nil && f.Changed && a.web.addr != "" {
			if err := web.CheckAddr(a.lang, a.web.addr); err != nil {
				return err
			}
		}
		if cmd.Annotations[signalsAnnotation] != signalsDefault {
			a.stop.watch()
		}
		return nil
	}
	// The usages of the flags, like every text of the tree, come from
	// the catalog (speak).
	root.PersistentFlags().StringVar(&a.ioFlag, "io", "", "")
	root.PersistentFlags().BoolVar(&a.noColor, "no-color", false, "")
	root.PersistentFlags().StringVar(&a.save, "save", "", "")
	root.PersistentFlags().String("lang", "", "")
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
		{"man", func() *cobra.Command { return printsOnly(newManCmd(a, root)) }},
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
		return a.speak(root, false)
	}
	for _, c := range commands {
		if len(args) > 0 && args[0] == c.name && c.name != "man" {
			root.AddCommand(c.make())
			root.CompletionOptions.DisableDefaultCmd = true
			return a.speak(root, false)
		}
	}
	for _, c := range commands {
		root.AddCommand(c.make())
	}
	if len(args) > 0 && strings.HasPrefix(args[0], "__complete") {
		// The completions describe cobra's own commands too: made now, as
		// Execute would make them, so that speak names them.
		root.InitDefaultHelpCmd()
		root.InitDefaultCompletionCmd(args...)
	}
	if len(args) > 0 && args[0] == "help" {
		helpRefusesWhatItDoesNotKnow(root)
	}
	return a.speak(root, true)
}

// helpRefusesWhatItDoesNotKnow makes "rumref help NAME" of a command that
// does not exist an error, worded as a misspelt command is (misspelt),
// where cobra's own help command printed "Unknown help topic" and the
// root's usage, in English, with exit status 0.
func helpRefusesWhatItDoesNotKnow(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	for _, help := range root.Commands() {
		if help.Name() != "help" {
			continue
		}
		help.Run = nil
		help.RunE = func(c *cobra.Command, args []string) error {
			cmd, _, err := c.Root().Find(args)
			if err != nil {
				return err
			}
			if cmd == nil {
				return fmt.Errorf("unknown command %q for %q", strings.Join(args, " "), c.Root().Name())
			}
			if cmd.Context() == nil {
				cmd.SetContext(c.Context())
			}
			cmd.InitDefaultHelpFlag()
			cmd.InitDefaultVersionFlag()
			return cmd.Help()
		}
	}
}

// speak puts the texts of the catalog, in a's language, on the tree
// under root: the help templates, and for each command (named) the
// catalog's cli.PATH.short, .long and .example (PATH: the command's path
// without rumref, dotted; root for the root), .args (what follows the
// name in its usage line) and .flag.NAME, else cli.flag.NAME, for each of
// its flags (a flag's usage may be a key of another package's); its help
// flag is cli.usage.help, the root's --version flag cli.usage.version.
// cobra makes its help and completion commands when it runs: the help and
// the man page name them again (named). The texts are put on the tree
// when it is built only for a whole tree (whole: the root's help, the
// completions, the man page); a tree of one command, or of none for
// --version, gets them when its help is shown, the one place that shows
// them (the root's SilenceUsage: an error shows no usage): putting them
// on took about a tenth of --version's run (measured 2026-12-02).
func (a *app) speak(root *cobra.Command, whole bool) *cobra.Command {
	l := a.lang
	root.SetUsageTemplate(l.Get("cli.usage.template"))
	root.SetVersionTemplate(l.Get("cli.usage.versionline"))
	flags := l.Get("cli.usage.flags")
	def := " (" + l.Get("cli.usage.default") + " "
	cobra.AddTemplateFunc("useLine", func(c *cobra.Command) string { return strings.Replace(c.UseLine(), "[flags]", flags, 1) })
	cobra.AddTemplateFunc("flagUsages", func(f *pflag.FlagSet) string {
		return strings.TrimRightFunc(strings.ReplaceAll(f.FlagUsages(), " (default ", def), unicode.IsSpace)
	})
	root.Flags().BoolP("version", "v", false, "")
	help := root.HelpFunc()
	root.SetHelpFunc(func(c *cobra.Command, args []string) {
		a.named(root)
		help(c, args)
	})
	if whole {
		a.named(root)
	}
	return root
}

// named puts the catalog's texts on c and the commands under it (speak).
func (a *app) named(c *cobra.Command) {
	l := a.lang
	path := strings.Fields(c.CommandPath())[1:]
	if len(path) == 0 {
		path = []string{"root"}
	}
	key := "cli." + strings.Join(path, ".")
	text := func(dst *string, key string, args ...any) {
		if locale.English.Has(key) {
			*dst = l.Sprintf(key, args...)
		}
	}
	text(&c.Short, key+".short")
	text(&c.Long, key+".long", longArgs[key+".long"]...)
	text(&c.Example, key+".example")
	if locale.English.Has(key + ".args") {
		c.Use = c.Name() + " " + l.Get(key+".args")
	}
	if f := c.Flags().Lookup("version"); f != nil && !c.HasParent() {
		f.Usage = l.Sprintf("cli.usage.version", c.Name())
	}
	if f := c.Flags().Lookup("help"); f != nil {
		f.Usage = l.Sprintf("cli.usage.help", c.DisplayName())
	} else {
		c.Flags().BoolP("help", "h", false, l.Sprintf("cli.usage.help", c.DisplayName()))
	}
	for _, fs := range []*pflag.FlagSet{c.Flags(), c.PersistentFlags()} {
		fs.VisitAll(func(f *pflag.Flag) {
			text(&f.Usage, f.Usage) // another package's usage may be a key
			text(&f.Usage, "cli.flag."+f.Name)
			text(&f.Usage, key+".flag."+f.Name)
		})
	}
	for _, sub := range c.Commands() {
		a.named(sub)
	}
}

// longArgs are the arguments of the long helps that take some: the
// root's names the exit codes, so that --help and the man page state
// the codes run returns; zsh's holds a "${", which the catalog's format
// cannot.
var longArgs = map[string][]any{
	"cli.root.long":           {exitOK, exitError, exitInterrupted, exitStopped, exitInternal},
	"cli.completion.zsh.long": {"${fpath[1]}"},
}

// misspelt rewords cobra's error for an unknown command (`unknown command
// "neu" for "rumref"`) as a sentence that names the commands that look
// like it; other errors pass through.
func misspelt(l locale.Lang, root *cobra.Command, err error) error {
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
	if len(meant) == 0 {
		return errorf(l, "cli.misspelt", name)
	}
	return errorf(l, "cli.misspelt.meant", name, listIn(l, meant, " or "))
}
