package runner

import (
	"rumref/locale"
	"rumref/referee"
)

// textError is an error a player reads: a catalog message, rendered in
// the language of the screen that shows it (In); Error is its English.
type textError struct {
	msg   referee.Msg
	cause error
}

// errorf is an error of the catalog message key and its arguments.
func errorf(key string, args ...referee.Arg) error {
	return &textError{msg: referee.Text(key, args...)}
}

// wrapf is errorf whose last argument is err itself (errArg); errors.Is
// and As see err through it.
func wrapf(err error, key string, args ...referee.Arg) error {
	return &textError{msg: referee.Text(key, append(args, errArg(err))...), cause: err}
}

func (e *textError) Error() string { return e.msg.String() }

// In is the error in language l.
func (e *textError) In(l locale.Lang) string { return e.msg.In(l) }

func (e *textError) Unwrap() error { return e.cause }

// errArg is an error as an argument of a message: its message when it
// is one of ours, else its own words.
func errArg(err error) referee.Arg {
	if t, ok := err.(*textError); ok {
		return referee.Sub(t.msg)
	}
	return referee.Str(err.Error())
}
