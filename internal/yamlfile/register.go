package yamlfile

import (
	"embed"

	"rumref/locale"
)

//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("yamlfile", messages)
