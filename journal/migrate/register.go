package migrate

import (
	"embed"

	"rumref/locale"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("migrate", messages)
