package games

import (
	"embed"
	"io/fs"
	"strings"

	"rumref/locale"
)

// The words of Rum & Pirates' setup and score questions, in English and
// German (package locale), under their own prefix beside the games'
// generic ones: messages_pirates.en.yaml and messages_pirates.de.yaml.
//
//go:embed messages_pirates.*.yaml
var piratesMessages embed.FS

var _ = locale.Register("gamespirates", piratesFiles{piratesMessages})

// piratesFiles reads the catalog's messages.LANG.yaml from
// messages_pirates.LANG.yaml.
type piratesFiles struct{ fsys embed.FS }

func (p piratesFiles) Open(name string) (fs.File, error) {
	return p.fsys.Open(strings.Replace(name, "messages.", "messages_pirates.", 1))
}
