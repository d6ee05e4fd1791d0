package pirates

import (
	"fmt"

	"rumref/referee"
)

// textf formats a question text, option label or ruling, or returns ""
// when nobody will read it (a replay without a log, with more answers
// queued). Only texts go through it, never keys or anything that is state.
func textf(t *referee.T, format string, args ...any) string {
	if t.Quiet() {
		return ""
	}
	return fmt.Sprintf(format, args...)
}
