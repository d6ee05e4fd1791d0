package cli

import (
	"os"
	"testing"
)

// TestSignalsHandledWhereAGameIsPlayed: the commands that play, ask or
// write a save handle the signals (exit code 3, or 2 with a saved game, and
// the terminal put back); the ones that only read and print leave them to
// their defaults.
func TestSignalsHandledWhereAGameIsPlayed(t *testing.T) {
	a := &app{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}
	root := newRootCmd(a)
	want := map[string]bool{"new": true, "resume": true, "score": true, "rules": true, "sim": true,
		"show": false, "log": false, "board": false, "man": false}
	for _, cmd := range root.Commands() {
		handled, ok := want[cmd.Name()]
		if !ok {
			t.Errorf("command %s: not in the test's list", cmd.Name())
			continue
		}
		delete(want, cmd.Name())
		if got := cmd.Annotations[signalsAnnotation] != signalsDefault; got != handled {
			t.Errorf("command %s: signals handled %v, want %v", cmd.Name(), got, handled)
		}
	}
	for name := range want {
		t.Errorf("command %s: not in the command tree", name)
	}
}
