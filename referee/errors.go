package referee

import (
	"embed"
	"unsafe"

	"rumref/locale"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("referee", messages)

// Error is an error a player reads: a message, rendered in the language
// of the screen that shows it (In, ErrorIn). Error() is the English text,
// for logs and for callers that show no language yet.
type Error struct {
	Msg Msg
	// cause is the error it wraps, if any (Wrap).
	cause error
}

// Errorf is an error of the catalog message key with its arguments.
func Errorf(key string, args ...Arg) error { return &Error{Msg: Text(key, args...)} }

// Wrap is an error of the catalog message key whose last argument is
// err itself (Err); errors.Is and As see err through it.
func Wrap(err error, key string, args ...Arg) error {
	return &Error{Msg: Text(key, append(args, Err(err))...), cause: err}
}

func (e *Error) Error() string { return e.Msg.String() }

// In is the error's text in language l.
func (e *Error) In(l locale.Lang) string { return e.Msg.In(l) }

func (e *Error) Unwrap() error { return e.cause }

// ErrorIn is err as a player reads it in language l: an error with an In
// method (Error, or another package's) in l, else its own text.
func ErrorIn(err error, l locale.Lang) string {
	if err == nil {
		return ""
	}
	if e, ok := err.(interface{ In(locale.Lang) string }); ok {
		return e.In(l)
	}
	return err.Error()
}

// Err is an error as an argument of a message, written as ErrorIn
// writes it in the message's language (an Error's message in it).
func Err(err error) Arg {
	if err == nil {
		return Str("")
	}
	if e, ok := err.(*Error); ok {
		return Sub(e.Msg)
	}
	return Arg{p: unsafe.Pointer(&errBox{err}), tag: uint32(argErr) << kindShift}
}

// errBox holds an Err argument's error.
type errBox struct{ err error }
