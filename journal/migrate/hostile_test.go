package migrate_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"rumref/games"
	"rumref/journal"
	"rumref/referee"
)

// TestDamagedOldSavesAreRefusedInWords: old saves of testdata (both
// games) with their answers damaged (a key replaced by another answer's,
// by nonsense or by nothing, an answer dropped or repeated, the list cut)
// are migrated or refused with an error in words; none panics.
func TestDamagedOldSavesAreRefusedInWords(t *testing.T) {
	var saves []string
	for _, g := range []string{"pirates", "runner"} {
		s, _ := filepath.Glob(filepath.Join("testdata", g, "*.yaml"))
		saves = append(saves, s...)
	}
	if len(saves) < 40 {
		t.Fatalf("only %d old saves", len(saves))
	}
	rng := rand.New(rand.NewPCG(23, 5))
	mutations := []func(a []referee.Answer) []referee.Answer{
		func(a []referee.Answer) []referee.Answer {
			i := rng.IntN(len(a))
			a[i].A = a[rng.IntN(len(a))].A
			return a
		},
		func(a []referee.Answer) []referee.Answer { a[rng.IntN(len(a))].A = "zz9"; return a },
		func(a []referee.Answer) []referee.Answer { a[rng.IntN(len(a))].A = ""; return a },
		func(a []referee.Answer) []referee.Answer { a[rng.IntN(len(a))].Q = "no.such"; return a },
		func(a []referee.Answer) []referee.Answer { i := rng.IntN(len(a)); return append(a[:i:i], a[i+1:]...) },
		func(a []referee.Answer) []referee.Answer { i := rng.IntN(len(a)); return append(a[:i+1:i+1], a[i:]...) },
		func(a []referee.Answer) []referee.Answer { return a[:rng.IntN(len(a))] },
		func(a []referee.Answer) []referee.Answer { a[rng.IntN(len(a))].A = strings.Repeat("9", 30); return a },
		func(a []referee.Answer) []referee.Answer { a[rng.IntN(len(a))].A = "-1"; return a },
	}
	tried := 0
	for _, path := range saves {
		f, _, err := games.Read(path)
		if err != nil || len(f.Answers) == 0 {
			continue
		}
		for m, mutate := range mutations {
			for rep := range 1 {
				g := *f
				g.Answers = mutate(append([]referee.Answer(nil), f.Answers...))
				name := fmt.Sprintf("%s mutation %d.%d", filepath.Base(path), m, rep)
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s: panic %v\n%s", name, r, debug.Stack())
						}
					}()
					tried++
					mig, err := games.Migrate(&g)
					if err != nil {
						if msg := err.Error(); msg == "" || strings.Contains(msg, "goroutine") || strings.Contains(msg, "runtime error") {
							t.Errorf("%s: refusal not in words: %q", name, msg)
						}
						return
					}
					if mig != nil {
						if _, err := journal.Encode(mig.File); err != nil {
							t.Errorf("%s: the migrated save does not encode: %v", name, err)
						}
					}
				}()
			}
		}
	}
	t.Logf("%d damaged saves", tried)
}

// TestDamagedOldSaveFilesAreRefusedInWords: the bytes of old saves cut
// short or with a byte changed are read and migrated, or refused in
// words; none panics.
func TestDamagedOldSaveFilesAreRefusedInWords(t *testing.T) {
	saves, _ := filepath.Glob(filepath.Join("testdata", "*", "*.yaml"))
	if len(saves) < 40 {
		t.Fatalf("only %d old saves", len(saves))
	}
	rng := rand.New(rand.NewPCG(23, 6))
	dir := t.TempDir()
	for i, path := range saves {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for rep := range 4 {
			b := append([]byte(nil), data...)
			if rep == 0 {
				b = b[:rng.IntN(len(b))]
			} else {
				b[rng.IntN(len(b))] = "x:- 9\n\"'{["[rng.IntN(10)]
			}
			name := filepath.Join(dir, fmt.Sprintf("%d-%d.yaml", i, rep))
			if err := os.WriteFile(name, b, 0o600); err != nil {
				t.Fatal(err)
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s damaged (%d): panic %v\n%s", filepath.Base(path), rep, r, debug.Stack())
					}
				}()
				f, _, err := games.Read(name)
				if err != nil {
					return
				}
				games.Migrate(f)
			}()
		}
	}
}
