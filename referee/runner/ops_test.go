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

// TestGermanCostsAreRead: a hazard's costs typed in German read as the
// same primitives as in English.
func TestGermanCostsAreRead(t *testing.T) {
	for typed, want := range map[string]string{
		"2 Navigation | 3 zahlen oder 1 Crew entfernen":           "2 navigation | pay 3 | trash 1 crew",
		"1 Kampf und 2 abwerfen":                                  "1 combat, then discard 2",
		"Krone nimmt 3 | ein Schiff entfernen, Crew auf die Hand": "the other player gains 3 | trash a ship (its crew go to hand)",
		"1 Münze auf jedes Schiff | 2 Münzen auf diese Gefahr":    "+1 coin on each raiding ship | +2 coin on this card",
		"von Hand": "apply the card text by hand",
	} {
		opts, err := parseCosts(typed)
		if err != nil {
			t.Errorf("%q: %v", typed, err)
			continue
		}
		got := make([]string, len(opts))
		for i, o := range opts {
			got[i] = DescribeEffects(o, locale.English)
		}
		if s := strings.Join(got, " | "); s != want {
			t.Errorf("%q reads as %q, want %q", typed, s, want)
		}
	}
	if _, err := parseCosts("3 Kekse"); err == nil || !strings.Contains(err.(interface{ In(locale.Lang) string }).In(locale.German), "Schreib sie so") {
		t.Errorf("an unknown German cost is refused in German: %v", err)
	}
}
