package runner

import (
	"strings"

	"rumref/locale"
	"testing"
)

// TestEveryOpIsOneEntry: each effect primitive (an Op before numOps) has
// its entry in the ops table, with a name a card file can spell, a
// phrase and what it does, and the card file's name reads back as it.
func TestEveryOpIsOneEntry(t *testing.T) {
	seen := map[string]Op{}
	for o := Op(0); o < numOps; o++ {
		d := ops[o]
		if d.name == "" || d.run == nil {
			t.Errorf("op %d (%q): name and run are both needed (ops.go)", o, d.name)
			continue
		}
		if d.name != strings.ToLower(d.name) || strings.ContainsAny(d.name, " _") {
			t.Errorf("op %q: a card file spells a primitive in lower case words joined by -", d.name)
		}
		if prev, ok := seen[d.name]; ok {
			t.Errorf("ops %d and %d are both named %q", prev, o, d.name)
		}
		seen[d.name] = o
		var back Op
		if err := back.UnmarshalText([]byte(d.name)); err != nil || back != o {
			t.Errorf("op %q reads back as %d (%v), want %d", d.name, back, err, o)
		}
		if m := d.phrase(Effect{Do: o, N: 2}); strings.TrimSpace(m.String()) == "" || !locale.German.Has(m.Format()) || strings.Contains(m.String(), "%!") {
			t.Errorf("op %q describes itself as nothing", d.name)
		}
	}
}
