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
