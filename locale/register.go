package locale

import "embed"

//go:embed messages.*.yaml
var messages embed.FS

var _ = Register("locale", messages)
