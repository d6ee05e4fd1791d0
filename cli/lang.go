package cli

import (
	"embed"
	"strings"

	"github.com/spf13/cobra"

	"rumref/locale"
	"rumref/referee"
)

// The texts of the command line, in every language (cli/messages.*.yaml).
//
//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("cli", messages)

// langOf is the language of a command line: its --lang (the last one
// before --), else the locale variables, else English. It is read before
// the command tree is built, which speaks it (--help, the man page).
func langOf(args []string) (locale.Lang, error) {
	given := ""
	for i, arg := range args {
		if arg == "--" {
			break
		}
		if v, ok := strings.CutPrefix(arg, "--lang="); ok {
			given = v
		} else if arg == "--lang" && i+1 < len(args) {
			given = args[i+1]
		}
	}
	if given == "" {
		return locale.FromEnv(), nil
	}
	l, err := locale.Parse(given)
	if err != nil {
		env := locale.FromEnv()
		return env, errorf(env, "cli.lang.unknown", given)
	}
	return l, nil
}

// said is an error worded in the language it is shown in, that keeps the
// error it wraps for errors.Is and errors.As.
type said struct {
	text string
	err  error
}

func (e *said) Error() string { return e.text }
func (e *said) Unwrap() error { return e.err }

// errorf is the catalog's message key in l as an error; an error among
// args is written in l (referee.ErrorIn) and wrapped.
func errorf(l locale.Lang, key string, args ...any) error {
	var wrapped error
	for i, arg := range args {
		if err, ok := arg.(error); ok {
			wrapped, args[i] = err, referee.ErrorIn(err, l)
		}
	}
	return &said{l.Sprintf(key, args...), wrapped}
}

// nArgs accepts from lo to hi arguments (hi < 0: any number), as cobra's
// NoArgs, ExactArgs and MaximumNArgs do, refused in l's words.
func nArgs(l locale.Lang, lo, hi int) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		switch {
		case hi == 0 && len(args) > 0:
			return cobra.NoArgs(cmd, args) // an unknown command: misspelt says so
		case lo == hi && len(args) != lo:
			return errorf(l, "cli.args.exact", lo, len(args))
		case hi >= 0 && len(args) > hi:
			return errorf(l, "cli.args.most", hi, len(args))
		}
		return nil
	}
}

// listIn is items as l lists them, last before the last one (" and ",
// " or "): "a, b or c".
func listIn(l locale.Lang, items []string, last string) string {
	m := referee.Text("cli.list", referee.Words(items, ", ", last))
	return m.In(l)
}
