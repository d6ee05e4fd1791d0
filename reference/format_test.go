package reference

import (
	"strings"
	"testing"
	"unicode/utf8"

	"rumref/safetext"
)

func TestFormatWrapsAndShowsEverything(t *testing.T) {
	for _, width := range []int{40, 60, 100} {
		for _, e := range lib.All() {
			out := lib.Format(e, width)
			for _, line := range strings.Split(out, "\n") {
				// Only a line holding one very long word (an ID) may overflow.
				if n := utf8.RuneCountInString(line); n > width && longestWord(line) < width/2 {
					t.Errorf("%s at width %d: line of %d runes: %q", e.ID, width, n, line)
				}
			}
			if !strings.Contains(out, "["+e.ID+"]") || !strings.Contains(out, e.Game.String()) {
				t.Errorf("%s: output lacks its ID or game", e.ID)
			}
			flat := strings.Join(strings.Fields(out), " ")
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
