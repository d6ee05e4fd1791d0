package referee

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// pubDraw is the pub tiles' draw as the rules ask it.
func pubDraw() *Question {
	q := &Question{ID: "pub.refill", Kind: Choice, Confirm: true}
	for _, k := range []struct{ key, label string }{
		{"swan-2", "The Swan 2"}, {"swan-3", "The Swan 3"}, {"swan-4", "The Swan 4"}, {"swan-5", "The Swan 5"},
		{"escruce-2", "Es Cruce 2"}, {"escruce-3", "Es Cruce 3"}, {"escruce-4", "Es Cruce 4"}, {"escruce-5", "Es Cruce 5"},
		{"frere-2", "Frere Jacques 2"}, {"frere-3", "Frere Jacques 3"}, {"frere-4", "Frere Jacques 4"}, {"frere-5", "Frere Jacques 5"},
	} {
		q.Options = append(q.Options, Option{Key: k.key, Label: k.label})
	}
	return q
}

func TestTilesAsPeopleSayThem(t *testing.T) {
	q := pubDraw()
	for typed, want := range map[string]string{
		"swan 3": "swan-3", "The Swan 4": "swan-4", "the swan 5": "swan-5", "SWAN 2": "swan-2", "swan3": "swan-3",
		"es cruce 2": "escruce-2", "escruce 2": "escruce-2", "Es Cruce 3": "escruce-3", "cruce 4": "escruce-4",
		"frere 5": "frere-5", "Frère Jacques 5": "frere-5", "frère 2": "frere-2", "frere jacques 3": "frere-3", "  swan   3 ": "swan-3",
		"swan-3": "swan-3", "Swan-4": "swan-4",
	} {
		got, err := q.Validate(typed)
		if err != nil || got != want {
			t.Errorf("Validate(%q) = %q, %v; want %q", typed, got, err, want)
		}
	}
	for typed, says := range map[string]string{
		"swan":   `"swan" could be The Swan 2, The Swan 3, The Swan 4 or The Swan 5: say more of its name or give the option's number`,
		"3":      `"3" could be The Swan 3, Es Cruce 3 or Frere Jacques 3`,
		"swan 6": `"swan 6" is not one of the choices: answer the option's number, 1 to 12, or its name as listed (The Swan 2 ... Frere Jacques 5)`,
		"the":    `"the" is not one of the choices`,
		"rose 3": `"rose 3" is not one of the choices`,
	} {
		_, err := q.Validate(typed)
		if err == nil || !strings.HasPrefix(err.Error(), says) {
			t.Errorf("Validate(%q) refused with %v; want it to start %q", typed, err, says)
		}
		if err != nil && strings.Contains(err.Error(), "swan-") {
			t.Errorf("Validate(%q) names a key: %v", typed, err)
		}
	}
}

// TestEveryLabelAsPrintedNamesItsOption is the parser's property test:
// over choices of random labels (the games' own and made-up ones), every
// label as printed, and as said (any case, extra spaces, "the" before it,
// hyphens as spaces, accents put on its vowels), names its own option
// whenever no other option has the same words; an answer that names
// several is refused with what it could be, never taken.
func TestEveryLabelAsPrintedNamesItsOption(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 5))
	pool := []string{"The Swan", "Es Cruce", "Frere Jacques", "map rose", "map green", "Scorpion chest", "Parrot", "Peg Leg", "Keep the", "Go on board", "Rest", "Decline", "Avast", "Guard", "Aged Rum", "Letter of Marque", "Port Taxes", "Rowdy Tavern"}
	accented := map[rune]rune{'e': 'é', 'a': 'à', 'o': 'ô', 'u': 'ü', 'i': 'î'}
	for round := 0; round < 3000; round++ {
		q := &Question{ID: "x.draw", Kind: Choice}
		n := 1 + r.IntN(12)
		seen := map[string]bool{}
		for len(q.Options) < n {
			label := pool[r.IntN(len(pool))]
			if r.IntN(3) > 0 {
				label += " " + string(rune('1'+r.IntN(9)))
			}
			key := strings.ToLower(strings.ReplaceAll(label, " ", "-"))
			if seen[key] {
				continue
			}
			seen[key] = true
			q.Options = append(q.Options, Option{Key: "k" + key, Label: label})
		}
		for i, o := range q.Options {
			said := o.Label
			switch r.IntN(5) {
			case 0:
				said = strings.ToUpper(said)
			case 1:
				said = "the " + strings.ToLower(said)
			case 2:
				said = "  " + strings.ReplaceAll(said, " ", "   ") + " "
			case 3:
				said = strings.Map(func(c rune) rune {
					if a, ok := accented[unicode.ToLower(c)]; ok && r.IntN(2) == 0 {
						return a
					}
					return c
				}, said)
			}
			key, err := q.Validate(said)
			same := 0
			for _, p := range q.Options {
				if strings.Join(words(p.Label), " ") == strings.Join(words(o.Label), " ") {
					same++
				}
			}
			switch {
			case err == nil && key != o.Key:
				t.Fatalf("%q (option %d of %v) was taken as %s", said, i, q.Options, key)
			case err == nil && same > 1:
				t.Fatalf("%q, one of %d alike in %v, was taken", said, same, q.Options)
			case err != nil && same == 1:
				t.Fatalf("%q (option %d of %v) is refused: %v", said, i, q.Options, err)
			case err != nil && !strings.Contains(err.Error(), "could be"):
				t.Fatalf("%q, one of %d alike, is refused without what it could be: %v", said, same, err)
			}
		}
	}
}

func FuzzMatchOption(f *testing.F) {
	for _, s := range []string{"swan 3", "es cruce 2", "the", "", "frère 5", "3", "swan-3, swan-4"} {
		f.Add(s)
	}
	q := pubDraw()
	f.Fuzz(func(t *testing.T, s string) {
		key, err := q.Validate(s)
		if err == nil {
			if which := q.matchOption(s); len(which) > 1 {
				t.Fatalf("%q names %d options and was taken as %s", s, len(which), key)
			}
			return
		}
		rest := strings.Replace(err.Error(), strconv.Quote(strings.TrimSpace(s)), "", 1)
		if strings.Contains(rest, "swan-") || strings.Contains(rest, "pub.refill") {
			t.Fatalf("the refusal of %q names a key or the question: %v", s, err)
		}
	})
}
