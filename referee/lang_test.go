package referee

import (
	"strings"
	"testing"
	"testing/fstest"

	"rumref/locale"
)

// The test's own catalog: two places named in both languages.
var _ = locale.Register("refereetest", fstest.MapFS{
	"messages.en.yaml": {Data: []byte("refereetest.pub: \"pub\"\nrefereetest.chest: \"treasure chest\"\n")},
	"messages.de.yaml": {Data: []byte("refereetest.pub: \"Kneipe\"\nrefereetest.chest: \"Schatzkiste\"\n")},
})

func places() *Question {
	q := &Question{ID: "test.where", Kind: Choice}
	for _, k := range []string{"pub", "chest"} {
		q.Options = append(q.Options, Option{Key: "p-" + k})
		q.labels = append(q.labels, Text("refereetest."+k))
	}
	formatQuestion(q)
	return q
}

func TestLabelsMatchInEveryLanguage(t *testing.T) {
	q := places()
	for typed, want := range map[string]string{
		"pub": "p-pub", "Kneipe": "p-pub", "kneipe": "p-pub", "Schatzkiste": "p-chest", "treasure": "p-chest", "schatz": "p-chest",
	} {
		if got, err := q.Validate(typed); err != nil || got != want {
			t.Errorf("Validate(%q) = %q, %v; want %q", typed, got, err, want)
		}
	}
}

func TestRefusalsInTheReadersLanguage(t *testing.T) {
	q := places()
	_, err := q.Validate("Hafen")
	if err == nil {
		t.Fatal("Hafen was taken")
	}
	en := `"Hafen" is not one of the choices: answer pub or treasure chest, or the option's number, 1 to 2`
	if err.Error() != en || ErrorIn(err, locale.English) != en {
		t.Errorf("English: %q, %q; want %q", err.Error(), ErrorIn(err, locale.English), en)
	}
	de := ErrorIn(err, locale.German)
	if !strings.Contains(de, "Kneipe oder Schatzkiste") || !strings.Contains(de, "Möglichkeiten") {
		t.Errorf("German: %q", de)
	}
	n := &Question{ID: "test.n", Kind: Number, Min: 1, Max: 6}
	_, err = n.Validate("7")
	if got := ErrorIn(err, locale.German); got != "7 liegt außerhalb des Bereichs. Möglich: eine Zahl von 1 bis 6" {
		t.Errorf("German number refusal: %q", got)
	}
	if c := q.In(locale.German); c.Text != q.Text || c.Options[0].Label != "Kneipe" || q.Options[0].Label != "pub" {
		t.Errorf("In(German) labels %v, the question's own %v", c.Options, q.Options)
	}
}

func TestNumbersAreNotGrouped(t *testing.T) {
	locale.Register("refereetest2", fstest.MapFS{
		"messages.en.yaml": {Data: []byte("refereetest2.n: \"answer %d of %3d\"\nrefereetest2.c: {one: \"%d coin\", other: \"%d coins\"}\nrefereetest2.p: \"%s\"\n")},
		"messages.de.yaml": {Data: []byte("refereetest2.n: \"Antwort %d von %3d\"\nrefereetest2.c: {one: \"%d Münze\", other: \"%d Münzen\"}\nrefereetest2.p: \"%s\"\n")},
	})
	m := Text("refereetest2.n", Int(12345), Int(7))
	if got := m.In(locale.German); got != "Antwort 12345 von   7" {
		t.Errorf("German: %q", got)
	}
	for n, want := range map[int]string{1: "1 coin", 0: "0 coins", 1234: "1234 coins"} {
		c := Text("refereetest2.p", Count(n, "refereetest2.c"))
		if got := c.In(locale.English); got != want {
			t.Errorf("Count(%d): %q, want %q", n, got, want)
		}
	}
	c := Text("refereetest2.p", Count(1, "refereetest2.c"))
	if got := c.In(locale.German); got != "1 Münze" {
		t.Errorf("German count: %q", got)
	}
}
