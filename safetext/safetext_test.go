package safetext

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNameRefusesControlAndFormatCharacters(t *testing.T) {
	for _, tc := range []struct{ raw, why string }{
		{"Ann\x1b]0;pwned\x07", "escape character"},
		{"\x1b]52;c;aGk=\x07Bo", "escape character"},
		{"Ann\nBo rolled 6.", "line break"},
		{"Ann\r", "line break"},
		{"Ann\tBo", "tab"},
		{"\u202eennA", "text-direction mark (U+202E)"},
		{"Ann\u200f", "text-direction mark (U+200F)"},
		{"Ann\u200e", "text-direction mark (U+200E)"},
		{"An\u2067n", "text-direction mark (U+2067)"},
		{"A\u200bnn", "zero-width"},
		{"A\u200dnn", "zero-width"},
		{"\ufeffAnn", "zero-width"},
		{"Ann\u0085", "control character (U+0085)"},
		{"Ann\u009b31m", "control character (U+009B)"},
		{"Ann\u2028Bo", "formatting character (U+2028)"},
		{"Ann\xff", "not UTF-8"},
		{"Ann\x00", "control character (U+0000)"},
		{"Ann\x7f", "control character (U+007F)"},
		{"Ann\u00ad", "formatting character (U+00AD)"},
		{"3" + strings.Repeat("\t", 5000) + "\x1b[2J", "tab"},
	} {
		_, err := Name(tc.raw)
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("Name(%q) = %v, want a refusal naming %q", tc.raw, err, tc.why)
		}
		if err != nil && strings.ContainsFunc(err.Error(), Bad) {
			t.Errorf("the refusal of %q itself holds a bad character: %q", tc.raw, err)
		}
	}
}

func TestNameCountsCharactersNotBytes(t *testing.T) {
	for _, tc := range []struct {
		raw, want string
		ok        bool
	}{
		{"山田太郎さんと花子さん", "山田太郎さんと花子さん", true}, // 11 characters, 33 bytes
		{"やまだたろうはなこ", "やまだたろうはなこ", true},     // 9 characters, 27 bytes
		{strings.Repeat("é", MaxName), strings.Repeat("é", MaxName), true},
		{strings.Repeat("é", MaxName+1), "", false},
		{strings.Repeat("x", 3<<20), "", false},
		{"  Ann  ", "Ann", true},
		{"   ", "", false},
		{"", "", false},
		{"Zoë O'Brien-Ngũgĩ", "Zoë O'Brien-Ngũgĩ", true},
		{"علي", "علي", true}, // right-to-left letters are fine; only the marks are refused
	} {
		got, err := Name(tc.raw)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("Name(%.40q) = %q, %v; want %q, ok %v", tc.raw, got, err, tc.want, tc.ok)
		}
	}
	if _, err := Name(strings.Repeat("é", MaxName+1)); err == nil || !strings.Contains(err.Error(), "25 characters") {
		t.Errorf("the refusal must count characters: %v", err)
	}
}

func TestCheckNameRefusesSpacesAround(t *testing.T) {
	if err := CheckName("Ann"); err != nil {
		t.Fatal(err)
	}
	if err := CheckName(" Ann"); err == nil {
		t.Fatal("a name with a space in front was taken")
	}
}

func TestUniqueIgnoresLetterCase(t *testing.T) {
	for _, tc := range []struct {
		names []string
		ok    bool
	}{
		{[]string{"Ann", "Bo"}, true},
		{[]string{"Ann", "ann"}, false},
		{[]string{"A", "a"}, false},
		{[]string{"Ann", "Bo", "ANN"}, false},
		{[]string{"Ann", "Ann"}, false},
		{[]string{"Ölaf", "ölaf"}, false},
		{[]string{"Σοφία", "ΣΟΦΊΑ"}, false},
	} {
		if err := Unique(tc.names); (err == nil) != tc.ok {
			t.Errorf("Unique(%q) = %v, want ok %v", tc.names, err, tc.ok)
		}
	}
}

func TestCleanEscapesEveryBadCharacterVisibly(t *testing.T) {
	for in, want := range map[string]string{
		"Ann":               "Ann",
		"Ann\x1b]0;x\x07":   `Ann\x1b]0;x\x07`,
		"A\nB\tC\rD":        `A\nB\tC\rD`,
		"\u202eabc\u200f":   `\u202eabc\u200f`,
		"bad\xff\xfe bytes": `bad\xff\xfe bytes`,
		"C1\u009b":          `C1\u009b`,
		"日本語":               "日本語",
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
	if got := CleanLines("line 1\nAnn\x1b[2J\nline 3"); got != "line 1\nAnn\\x1b[2J\nline 3" {
		t.Errorf("CleanLines kept or lost the wrong things: %q", got)
	}
}

func TestCleanJSONEscapesDecodedControls(t *testing.T) {
	b, _ := json.Marshal(map[string]any{"text": "A\x1b]0;x\x07\u202eB\nC\t\\\"", "n": 3})
	var back map[string]any
	if err := json.Unmarshal(CleanJSON(b), &back); err != nil {
		t.Fatal(err)
	}
	if want := `A\x1b]0;x\x07\u202eB` + "\n" + `C\t\"`; back["text"] != want {
		t.Errorf("got %q, want %q", back["text"], want)
	}
}

func TestLineChecksCardTexts(t *testing.T) {
	if err := Line("the card name", "Frère Jacques", MaxCardName); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"", "  ", "Bad\x1bName", strings.Repeat("n", MaxCardName+1), "two\nlines"} {
		if err := Line("the card name", s, MaxCardName); err == nil {
			t.Errorf("Line(%q) was taken", s)
		}
	}
}

// FuzzClean checks that nothing Clean returns holds a bad character, that
// it never changes clean text, and that Name accepts only clean text.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"Ann", "Ann\x1b]0;x\x07", "\u202eabc", "a\xffb", "日本語", "\u200b", "  Bo  ", "\x9b2J"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Clean(s)
		if strings.ContainsFunc(withoutPairedMarks(c), Bad) || !utf8.ValidString(c) {
			t.Fatalf("Clean(%q) = %q still holds a bad character", s, c)
		}
		if !strings.ContainsFunc(s, Bad) && utf8.ValidString(s) && c != s {
			t.Fatalf("Clean changed clean text %q to %q", s, c)
		}
		if cl := CleanLines(s); strings.ContainsFunc(withoutPairedMarks(strings.ReplaceAll(cl, "\n", "")), Bad) {
			t.Fatalf("CleanLines(%q) = %q still holds a bad character", s, cl)
		}
		if utf8.ValidString(s) {
			b, _ := json.Marshal(map[string]string{"text": s, s: "key"})
			var back map[string]string
			if err := json.Unmarshal(CleanJSON(b), &back); err != nil {
				t.Fatalf("CleanJSON broke %s: %v", b, err)
			}
			if back["text"] != CleanLines(s) {
				t.Fatalf("CleanJSON gave %q, CleanLines %q", back["text"], CleanLines(s))
			}
		}
		if n, err := Name(s); err == nil {
			if strings.ContainsFunc(n, Bad) || utf8.RuneCountInString(n) > MaxName || n == "" || Clean(n) != n {
				t.Fatalf("Name(%q) took %q", s, n)
			}
		}
	})
}

// TestNewNameRefusesAmbiguousNames: names that read as a setup answer, a
// number or a command are refused for a new game, saying what is allowed;
// names that merely contain such words or digits are fine.
func TestNewNameRefusesAmbiguousNames(t *testing.T) {
	for _, bad := range []string{"the table", "The Table", "random", "RANDOM", "2", "007", ":undo", ":x", "undo", "Undo", " undo ", "der Tisch", "Der Tisch", "zurück", "Zurück", "zurueck", "Rückgängig"} {
		_, err := NewName(bad)
		if err == nil || !strings.Contains(err.Error(), "choose another name") {
			t.Errorf("NewName(%q) = %v, want a refusal saying what is allowed", bad, err)
		}
		if CheckName(strings.TrimSpace(bad)) != nil {
			t.Errorf("CheckName(%q) refuses it: saves an older rumref wrote must still open", bad)
		}
	}
	for _, good := range []string{"Ann", "R2D2", "Table", "Randomia", "Undo Bo", "Bo:2", "4th mate", "Tisch", "Zurückhaltend"} {
		if got, err := NewName(good); err != nil || got != good {
			t.Errorf("NewName(%q) = %q, %v", good, got, err)
		}
	}
}

// TestCleanLinesKeepsCleanText: text of several lines with nothing to
// escape comes back as it is, without being split and joined again.
func TestCleanLinesKeepsCleanText(t *testing.T) {
	for _, s := range []string{"Round 1 of 5.\nCaptain on HQ.\n\nG = Ann (gold)\n", "日本語\nline 2", ""} {
		if got := CleanLines(s); got != s {
			t.Errorf("CleanLines(%q) = %q", s, got)
		}
		if n := testing.AllocsPerRun(10, func() { CleanLines(s) }); n != 0 {
			t.Errorf("CleanLines(%q) allocates %v times", s, n)
		}
	}
	for _, s := range []string{"a\r\nb", "a\nb\tc", "a\n\x1b[2J", "a\n\u202e"} {
		if got := CleanLines(s); got == s {
			t.Errorf("CleanLines(%q) kept a bad character", s)
		}
	}
}

// withoutPairedMarks is s without the catalog check's marks that pair up
// (which Clean keeps).
func withoutPairedMarks(s string) string {
	kept := pairedMarks([]byte(s), 0)
	var b strings.Builder
	for i, r := range s {
		if !kept[i] {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestCleanKeepsTheCatalogMarksThatPairUp: the catalog check's isolate
// marks (U+2068 ... U+2069) reach the output where they pair up, nested
// or not, and take no room; a lone one is escaped.
func TestCleanKeepsTheCatalogMarksThatPairUp(t *testing.T) {
	for in, want := range map[string]string{
		"\u2068Ann rolled\u2069":                      "\u2068Ann rolled\u2069",
		"\u2068a \u2068b\u2069 c\u2069 \u2068d\u2069": "\u2068a \u2068b\u2069 c\u2069 \u2068d\u2069",
		"\u2068a\x1bb\u2069":                          "\u2068a\\x1bb\u2069",
		"\u2068open":                                  `\u2068open`,
		"close\u2069 \u2068x\u2069":                   `close\u2069` + " \u2068x\u2069",
		"\u2068\u2068x\u2069":                         `\u2068` + "\u2068x\u2069",
	} {
		if got := Clean(in); got != want {
			t.Errorf("Clean(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := CleanLines("\u2068line 1\nline 2\u2069\n\u2069"), "\u2068line 1\nline 2\u2069\n"+`\u2069`; got != want {
		t.Errorf("CleanLines = %q, want %q", got, want)
	}
	b, _ := json.Marshal(map[string]string{"text": "\u2068a\u2069 \u2069", "\u2068k\u2069": "v"})
	var back map[string]string
	if err := json.Unmarshal(CleanJSON(b), &back); err != nil {
		t.Fatal(err)
	}
	if want := "\u2068a\u2069 " + `\u2069`; back["text"] != want || back["\u2068k\u2069"] != "v" {
		t.Errorf("CleanJSON: %q, want %q (and the key kept)", back, want)
	}
	if w := Width("\u2068Gib den Laptop weiter\u2069"); w != 21 {
		t.Errorf("the marks take room: width %d", w)
	}
	if got := Wrap("\u2068aaaa bbbb\u2069 \u2068cccc\u2069", 10, ""); len(got) != 2 || Width(got[0]) != 9 {
		t.Errorf("Wrap counts the marks: %q", got)
	}
}
