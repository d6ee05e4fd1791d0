package pirates

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"rumref/locale"
)

// TestPictureKeysSayTheSame: the narrow picture's key says what the wide
// one's says, word for word, in lines that fit the narrow picture's width;
// the wide one's fit the wide picture's.
func TestPictureKeysSayTheSame(t *testing.T) {
	for _, l := range locale.All {
		testPictureKeysSayTheSame(t, l)
	}
}

func testPictureKeysSayTheSame(t *testing.T, l locale.Lang) {
	for _, k := range []struct{ wide, narrow string }{
		{l.Get("pirates.picture.digits"), l.Get("pirates.picture.digits.narrow")},
		{l.Get("pirates.picture.symbols"), l.Get("pirates.picture.symbols.narrow")},
	} {
		if !slices.Equal(strings.Fields(k.wide), strings.Fields(k.narrow)) {
			t.Errorf("the narrow key\n%s\nsays other words than the wide one\n%s", k.narrow, k.wide)
		}
		for _, c := range []struct {
			text string
			cols int
		}{{k.wide, WidePictureCols}, {k.narrow, narrowPicture.cols()}} {
			if !strings.HasSuffix(c.text, "\n") {
				t.Errorf("%q does not end its line", c.text)
			}
			for _, line := range strings.Split(strings.TrimSuffix(c.text, "\n"), "\n") {
				if utf8.RuneCountInString(line) > c.cols-1 {
					t.Errorf("the key line %q is longer than %d", line, c.cols-1)
				}
			}
		}
	}
}
