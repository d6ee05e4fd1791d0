package sim

import (
	"testing"
)

func TestQuick(t *testing.T) {
	for _, g := range []string{"pirates", "runner"} {
		r := Run(Config{Game: g, Games: 50, Seed: 1})
		t.Logf("%s: %d games %d answers %v %d failures", g, r.Games, r.Answers, r.Elapsed, len(r.Failures))
		for _, f := range r.Failures {
			t.Errorf("seed %d: %v", f.Seed, f.Err)
		}
	}
}
