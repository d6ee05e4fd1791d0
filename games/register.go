package games

import (
	"embed"

	"rumref/locale"
)

// The games' generic texts (messages.en.yaml, messages.de.yaml); each
// game's own are beside them under a prefix of their own.
//
//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("games", messages)
