package setup

import (
	"strings"
	"testing"

	"rumref/referee/pirates"
)

func TestFixedLayout(t *testing.T) {
	if got := FormatLayout(FixedLayout()); got != "1 2 3 / 4 5 6 / 7 8 9" {
		t.Errorf("FormatLayout(FixedLayout()) = %q", got)
	}
}

func TestParseLayout(t *testing.T) {
	turned := FixedLayout()
	turned[4].Turn = 1
	turned[0].Turn = 2
	turned[8].Turn = 3
	for spec, want := range map[string]pirates.Layout{
		"1 2 3 / 4 5 6 / 7 8 9":          FixedLayout(),
		"123/456/789":                    FixedLayout(),
		"1 2 3 4 5 6 7 8 9":              FixedLayout(),
		"  1,2,3 /4,5,6/ 7,8,9  ":        FixedLayout(),
		"1n 2N 3 / 4 5 6 / 7 8 9":        FixedLayout(),
		"1s 2 3 / 4 5e 6 / 7 8 9w":       turned,
		"1S2 3/4 5E 6/7 8 9W":            turned,
		"1s 2 3 4 5e 6 7 8 9w":           turned,
		"\t1s\t2\t3 / 4 5e 6 / 7 8 9w\t": turned,
	} {
		got, err := ParseLayout(spec)
		if err != nil {
			t.Errorf("ParseLayout(%q): %v", spec, err)
			continue
		}
		if got != want {
			t.Errorf("ParseLayout(%q) = %s, want %s", spec, FormatLayout(got), FormatLayout(want))
		}
	}
}

func TestParseLayoutRejects(t *testing.T) {
	for spec, reason := range map[string]string{
		"":                            "empty",
		"   ":                         "empty",
		"1 2 3 / 4 5 6":               "2 rows",
		"1 2 3 / 4 5 6 / 7 8 9 / 1":   "4 rows",
		"1 2 / 3 4 5 6 / 7 8 9":       "row 1 has 2",
		"1 2 3 4 5 6 7 8":             "8 sections",
		"1 2 3 / 4 5 6 / 7 8 8":       "section 8 is used 2 times and section 9 is missing",
		"1 2 3 / 4 0 6 / 7 8 9":       "no section 0",
		"1 2 3 / 4 5x 6 / 7 8 9":      `"x" is not allowed`,
		"1 2 3 / 4 5 e 6 / 7 8 9":     "right after a section number",
		"1 2 3 / 4 5ee 6 / 7 8 9":     "right after a section number",
		"e1 2 3 / 4 5 6 / 7 8 9":      "right after a section number",
		"1 2 3 / 4 5 6 / 7 8 9é":      "not allowed",
		"10 2 3 / 4 5 6 / 7 8 9":      `"10" is not a section number: the sections are numbered 1 to 9, one digit each`,
		"12 3 4 / 5 6 7 / 8 9 1":      "12 is sections 1 and 2",
		strings.Repeat("1 ", 200):     "characters long",
		"1 2 3 / 4 5 6 / 7 8 9 / ":    "4 rows",
		"1 2 3 / 4 5 6 / 7 8 9 10 11": `"10" is not a section number`,
	} {
		_, err := ParseLayout(spec)
		if err == nil {
			t.Errorf("ParseLayout(%q) accepted a bad spec", spec)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, reason) || !strings.Contains(msg, "1 2 3 / 4 5e 6 / 7 8 9") {
			t.Errorf("ParseLayout(%q) = %q; want it to say %q and show an example", spec, msg, reason)
		}
		if strings.Contains(msg, "\n") || msg != strings.ToLower(msg[:1])+msg[1:] {
			t.Errorf("ParseLayout(%q): error %q is not one lowercase line", spec, msg)
		}
	}
}

func TestFormatParseRoundTrip(t *testing.T) {
	for seed := range int64(2000) {
		l := RandomLayout(seed)
		spec := FormatLayout(l)
		got, err := ParseLayout(spec)
		if err != nil || got != l {
			t.Fatalf("seed %d: %q parsed to %v, %v", seed, spec, got, err)
		}
	}
	bad := FixedLayout()
	bad[3].Turn = 7
	if _, err := ParseLayout(FormatLayout(bad)); err == nil {
		t.Errorf("FormatLayout of an invalid layout %q parsed", FormatLayout(bad))
	}
}

func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{"1 2 3 / 4 5 6 / 7 8 9", "123/456/789", "3e 1 7 / 9s 5 2w / 4 8 6n",
		"1 2 3 4 5 6 7 8 9", "", "/", "//", "1e", "9w8s7e6n5 4 3 2 1", "1 2 3 / 4 5 6 / 7 8 8", "0", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		l, err := ParseLayout(spec)
		if err != nil {
			if err.Error() == "" || strings.Contains(err.Error(), "\n") {
				t.Fatalf("bad error for %q: %q", spec, err)
			}
			return
		}
		if err := CheckLayout(l); err != nil {
			t.Fatalf("accepted %q as an invalid layout: %v", spec, err)
		}
		again, err := ParseLayout(FormatLayout(l))
		if err != nil || again != l {
			t.Fatalf("%q -> %q does not round-trip: %v", spec, FormatLayout(l), err)
		}
	})
}
