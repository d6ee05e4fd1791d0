package games

import (
	"embed"
	"io/fs"
	"strings"

	"rumref/locale"
)

// runnerMessages are the texts of Rum Runner's setup and card file, in
// English and German (prefix gamesrunner: the games prefix is the
// generic setup's).
//
//go:embed messages_runner.*.yaml
var runnerMessages embed.FS

var _ = locale.Register("gamesrunner", runnerFiles{})

// runnerFiles serves messages_runner.LANG.yaml as the messages.LANG.yaml
// that locale reads.
type runnerFiles struct{}

func (runnerFiles) Open(name string) (fs.File, error) {
	return runnerMessages.Open(strings.Replace(name, "messages.", "messages_runner.", 1))
}

// runnerError is an error of Rum Runner's setup a player reads: a
// catalog message (gamesrunner.KEY), rendered in the language of the
// screen that shows it (In), an argument with an In of its own (a wrapped
// error of the rules) in the same language. Error is its English.
type runnerError struct {
	key  string
	args []any
}

// runnerErrorf is a runnerError; an error among args is wrapped.
func runnerErrorf(key string, args ...any) error { return runnerError{key: key, args: args} }

func (e runnerError) Error() string { return locale.Unmark(e.In(locale.English)) }

// In is the error in language l.
func (e runnerError) In(l locale.Lang) string {
	args := make([]any, len(e.args))
	for i, a := range e.args {
		switch x := a.(type) {
		case interface{ In(locale.Lang) string }:
			a = x.In(l)
		case error:
			a = x.Error()
		}
		args[i] = a
	}
	return l.Sprintf("gamesrunner."+e.key, args...)
}

// Unwrap is the error it wraps, if any.
func (e runnerError) Unwrap() error {
	for _, a := range e.args {
		if err, ok := a.(error); ok {
			return err
		}
	}
	return nil
}
