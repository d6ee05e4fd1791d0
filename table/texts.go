package table

import (
	"embed"
	"strings"
	"unicode"
	"unicode/utf8"

	"rumref/locale"
	"rumref/referee"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("table", messages)

// say is a message of the table's catalog (messages.en.yaml): the table
// keeps its texts as messages and renders each for the language of the
// one it is for (a watcher's, a command's sender's).
func say(key string, args ...referee.Arg) referee.Msg { return referee.Text("table."+key, args...) }

// sentence is m in l, starting with a capital letter.
func sentence(m referee.Msg, l locale.Lang) string {
	if m.IsZero() {
		return ""
	}
	return capital(m.In(l))
}

// capital starts a text with a capital letter (after the catalog check's
// marks).
func capital(s string) string {
	i := 0
	for strings.HasPrefix(s[i:], locale.Open) {
		i += len(locale.Open)
	}
	if i == len(s) {
		return s
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	return s[:i] + string(unicode.ToUpper(r)) + s[i+n:]
}

// word is the table's message key (without arguments) in l.
func word(key string, l locale.Lang) string {
	m := say(key)
	return m.In(l)
}
