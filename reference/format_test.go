package reference

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"rumref/locale"
	"rumref/safetext"
)

func TestFormatWrapsAndShowsEverything(t *testing.T) {
	for _, width := range []int{40, 60, 100} {
		for _, e := range append(lib.All(), de.All()...) {
			out := library.In(language(e)).Format(e, width)
			for _, line := range strings.Split(out, "\n") {
				// Only a line holding one very long word (an ID) may overflow.
				if n := utf8.RuneCountInString(line); n > width && longestWord(line) < width/2 {
					t.Errorf("%s at width %d: line of %d runes: %q", e.ID, width, n, line)
				}
			}
			flat := strings.Join(strings.Fields(out), " ")
			if !strings.Contains(out, "["+e.ID+"]") || !strings.Contains(flat, e.Game.TitleIn(language(e))) {
				t.Errorf("%s: output lacks its ID or game", e.ID)
			}
			for _, part := range []string{e.Text, e.Example, e.Reason} {
				for _, w := range strings.Fields(strings.ReplaceAll(part, "\n- ", "\n")) {
					if !strings.Contains(flat, w) {
						t.Errorf("%s: output lost the word %q", e.ID, w)
						break
					}
				}
			}
		}
	}
}

func TestFormatLayout(t *testing.T) {
	e := Entry{ID: "rp.test", Game: Pirates, Topic: "Testing", Title: "A test",
		Text:    "First line.\n- an item long enough that it has to wrap onto a second line here",
		Example: "One example.\n12. a numbered step that wraps onto the next line", Tags: []string{"trial"}, See: []string{"rp.pub", "rp.gone"},
		Ruling: true, Reason: "Because.", Settles: "data §7.99"}
	got := lib.Format(e, 40)
	want := `A test [rp.test]
Rum & Pirates · Testing · rumref ruling

First line.
- an item long enough that it has to
  wrap onto a second line here

Example: One example.
         12. a numbered step that wraps
             onto the next line

Why (data §7.99): Because.

Also called: trial
See also: rp.pub (Pub: the invitation),
          rp.gone
`
	if got != want {
		t.Errorf("Format:\n%s\nwant:\n%s", got, want)
	}
	if lib.Format(e, 0) != lib.Format(e, DefaultWidth) {
		t.Error("width 0 should mean the default width")
	}
}

// language is the language an entry of lib or de is in.
func language(e Entry) locale.Lang {
	if en, _ := lib.Lookup(e.ID); en.Text == e.Text {
		return locale.English
	}
	return locale.German
}

func longestWord(s string) int {
	n := 0
	for _, w := range strings.Fields(s) {
		n = max(n, utf8.RuneCountInString(w))
	}
	return n
}

// TestFormatWideText: a text of characters a terminal draws two columns
// wide wraps by the columns they take, not by their count.
func TestFormatWideText(t *testing.T) {
	e := Entry{ID: "rp.test", Game: Pirates, Topic: "Testing", Title: "A test",
		Text: strings.Repeat("山田太郎 ", 6)}
	for _, line := range strings.Split(lib.Format(e, 40), "\n") {
		if w := safetext.Width(line); w > 40 {
			t.Errorf("%q takes %d columns, more than 40", line, w)
		}
	}
}

// TestFormatInGerman: the words Format prints around an entry follow the
// view's language (the game's German name too), and the entry is the
// German one.
func TestFormatInGerman(t *testing.T) {
	e, _ := de.Lookup("rp.dark-alley.free")
	got := de.Format(e, 80)
	for _, want := range []string{"Wann die Münze der Dunkelgasse entfällt [rp.dark-alley.free]",
		"Um Ru(h)m und Ehre · Den Kapitän bewegen · Entscheidung von rumref", "\nBeispiel: Der Kapitän steht",
		"\nWarum (data §7.6): Die Spielregel", "\nAuch genannt: kostenlose Dunkelgasse",
		"\nSiehe auch: rp.dark-alley (Dunkelgasse), rp.last-player (Der letzte Spieler des"} {
		if !strings.Contains(got, want) {
			t.Errorf("the German entry lacks %q:\n%s", want, got)
		}
	}
	for _, english := range []string{"Example", "Why", "Also called", "See also", "ruling", "Rum & Pirates"} {
		if strings.Contains(got, english) {
			t.Errorf("the German entry says %q:\n%s", english, got)
		}
	}
}

// TestFormatUnderTheCatalogCheck: with the catalog check on, every letter
// Format prints is inside the marks of a catalog message, in both
// languages (IDs and the game's name come in as a message's arguments).
func TestFormatUnderTheCatalogCheck(t *testing.T) {
	locale.SetChecking(true)
	defer locale.SetChecking(false)
	for _, v := range views {
		for _, e := range v.All() {
			depth := 0
			for _, r := range v.Format(e, 60) {
				switch {
				case string(r) == locale.Open:
					depth++
				case string(r) == locale.Close:
					depth--
				case depth == 0 && unicode.IsLetter(r):
					t.Fatalf("%s: the letter %q is outside the marks:\n%s", e.ID, r, v.Format(e, 60))
				}
			}
		}
	}
	if m := locale.Misses(); len(m) > 0 {
		t.Errorf("missing messages: %v", m)
	}
}
