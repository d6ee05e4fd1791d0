package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"rumref/games"
	"rumref/locale"
	"rumref/prompts"
)

// newNewCmd builds "rumref new". Each game's flags and setup questions
// come from its entry (games.Entry.Flags, Begin): the flags pre-answer
// the questions, and the rest are asked through the mode's front end.
func newNewCmd(a *app) *cobra.Command {
	cmd := &cobra.Command{
		Use:       "new " + strings.Join(games.Names(), "|"),
		ValidArgs: games.Names(),
		Args: func(cmd *cobra.Command, args []string) error {
			if _, ok := games.Lookup(firstArg(args)); len(args) != 1 || !ok {
				return errorf(a.lang, "cli.new.which", listIn(a.lang, games.Each(func(e *games.Entry) string {
					return "rumref new " + e.Name + " (" + e.TitleIn(a.lang) + ")"
				}), " or "))
			}
			return nil
		},
	}
	for _, f := range games.NewFlags() {
		switch f.Kind {
		case games.FlagBool:
			cmd.Flags().Bool(f.Name, f.Default == "true", f.Usage)
		case games.FlagInt:
			n, _ := strconv.ParseInt(f.Default, 10, 64)
			cmd.Flags().Int64(f.Name, n, f.Usage)
		default:
			cmd.Flags().String(f.Name, f.Default, f.Usage)
		}
		if len(f.Complete) > 0 {
			values := f.Complete
			cmd.RegisterFlagCompletionFunc(f.Name, func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
				return values, cobra.ShellCompDirectiveNoFileComp
			})
		}
	}
	var teach bool
	cmd.Flags().BoolVar(&teach, "teach", false, "")
	addWebFlag(cmd, &a.web)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		a.teach = teach
		entry, _ := games.Lookup(args[0])
		if err := otherGamesFlags(a.lang, cmd, entry); err != nil {
			return err
		}
		flags := games.Flags{Values: map[string]string{}, Given: map[string]bool{}}
		flags.DataDir, _ = dataDir() // none without a home: nothing is remembered
		for _, f := range entry.Flags {
			flags.Values[f.Name] = cmd.Flags().Lookup(f.Name).Value.String()
			flags.Given[f.Name] = cmd.Flags().Changed(f.Name)
		}
		return newGame(a, entry, flags)
	}
	return cmd
}

// otherGamesFlags refuses a flag of another game's setup given to
// entry's (new pirates --crown A, new runner --layout fixed), which
// would be left unread: it names the flag, the game and the flags the
// game takes.
func otherGamesFlags(l locale.Lang, cmd *cobra.Command, entry *games.Entry) error {
	takes := map[string]bool{}
	var names []string
	for _, f := range entry.Flags {
		takes[f.Name] = true
		names = append(names, "--"+f.Name)
	}
	for _, f := range games.NewFlags() {
		if !takes[f.Name] && cmd.Flags().Changed(f.Name) {
			return errorf(l, "cli.new.notflag", "--"+f.Name, entry.TitleIn(l), listIn(l, names, " and "))
		}
	}
	return nil
}

// newGame sets up a new game of entry from its flags and referees it:
// the settings are checked, then the save's place (before the first
// question asked), then every setup question is answered by its flag or
// asked, and the game starts.
func newGame(a *app, entry *games.Entry, flags games.Flags) error {
	mode, err := a.mode()
	if err != nil {
		return err
	}
	st, err := entry.Begin(flags)
	if err != nil {
		return err
	}
	st.Lang = a.lang
	ask := a.out(mode, prompts.WithRules(a.rulesText))
	ng, err := st.Run(ask.Answer, ask.Say, func() error { return a.prepareSave(entry.Name) })
	if err != nil {
		return a.interrupted(err, "")
	}
	factory, err := entry.Factory(ng.Setup)
	if err != nil {
		return err
	}
	intro := ng.Intro
	if cols := prompts.Columns(a.stdout); ng.NarrowIntro != nil && cols > 0 && cols < ng.WideCols {
		intro = ng.NarrowIntro
	}
	pause := ng.Pause
	if pause == "" && a.web.addr != "" {
		// What to set up stays on the screen until Enter: the wait for
		// a phone to join comes next.
		pause = a.lang.Sprintf("cli.new.pause")
	}
	showIntro := func() error {
		if pause == "" {
			for _, line := range intro {
				ask.Say(line)
			}
			return nil
		}
		return ask.Pause(intro, pause)
	}
	if a.web.addr != "" {
		// The phones' join code comes first: play shows the intro
		// once the pages are served.
		a.intro = showIntro
	} else if err := showIntro(); err != nil {
		return a.interrupted(err, "")
	}
	file := entry.File(ng.Setup, nil)
	file.Teach = a.teach
	return a.play(mode, file, "", factory)
}

// firstArg is the first argument, or "".
func firstArg(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// dataDir is rumref's directory in the user's data directory
// ($XDG_DATA_HOME/rumref, else ~/.local/share/rumref): the saves are in
// its saves directory, and what rumref remembers between games (the Rum
// Runner cards typed in) beside them. It is not made here.
func dataDir() (string, error) {
	base := os.Getenv("XDG_DATA_HOME")
	if base == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		base = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(base, "rumref"), nil
}

// defaultSaveDir is the directory of saves in the user's data directory,
// made (mode 0700: saves hold every secret of a game) if need be.
func defaultSaveDir(l locale.Lang) (string, error) {
	base, err := dataDir()
	if err != nil {
		return "", errorf(l, "cli.save.nohome")
	}
	dir := filepath.Join(base, "saves")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", errorf(l, "cli.save.mkdir", err)
	}
	return dir, nil
}

// out is the mode's front end, in a's language, for what a command asks
// and prints around a game.
func (a *app) out(mode prompts.Mode, opts ...prompts.AskerOption) prompts.Asker {
	return prompts.NewAsker(mode, a.input(), a.stdout, a.color(), append(opts, prompts.WithLang(a.lang))...)
}

// info prints a message for people as the mode's front end does.
func (a *app) info(mode prompts.Mode, text string) { a.out(mode).Say(text) }
