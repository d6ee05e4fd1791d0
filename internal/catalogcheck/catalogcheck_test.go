package catalogcheck

import (
	"fmt"
	"strings"
	"testing"

	_ "rumref/games" // the catalogs of the games, for English
	"rumref/locale"
)

const o, c = locale.Open, locale.Close

// m wraps s in the marks, as the catalog check renders a message.
func m(s string) string { return o + s + c }

func texts(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		if f.Kind == Missing {
			out = append(out, "MISSING "+f.Key)
		} else {
			out = append(out, f.Text)
		}
	}
	return out
}

func TestScanFindsTextOutsideTheMarksAndMisses(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"all marked", m("Ann zieht den Kapitän.") + "\n" + m("Runde "+m("2")+" von 5"), nil},
		{"nested and arguments", m("Ann wählt "+m("die Kneipe")+".") + "  " + m("3 Fässer"), nil},
		{"hard-coded line", m("Ann zieht.") + "\nThe game is over.\n", []string{"The game is over"}},
		{"hard-coded prefix", "Error: " + m("Das geht nicht."), []string{"Error"}},
		{"hard-coded between", m("a") + " or " + m("b"), []string{"or"}},
		{"names allowed", "Ann: " + m("3 Münzen") + ", Bo: " + m("2"), nil},
		{"names in a sentence", "Ann and Bo", []string{"Ann and Bo"}},
		{"missing", m("Ann " + "⟦MISSING pirates.pub.invite⟧"), []string{"MISSING pirates.pub.invite"}},
		{"missing outside", "⟦MISSING cli.over⟧\n", []string{"MISSING cli.over"}},
		{"numbers and punctuation", "  12 / 7 — (3) [>] " + m("x") + " …\n", nil},
		{"rule ids tolerated", m("Ann lädt ein.") + " (rp.pub.invite)", nil},
		{"urls tolerated", m("Öffne") + " http://127.0.0.1:8080/s/abc123 " + m("auf dem Handy"), nil},
		{"a message over lines", o + "Erste Zeile\nzweite Zeile" + c + "\nlose Zeile", []string{"lose Zeile"}},
		{"umlauts are letters", "Fässer " + m("x"), []string{"Fässer"}},
		{"option keys tolerated", "  1) a4     " + m("Zur Münze") + "\n  r1  " + m("1 nach Rum") + "\n  2) end " + m("Ende"), []string{"end"}},
		{"escaped marks", `\u2068Hallo\u2069`, []string{`\u2068`, "Hallo"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := New().Allow("Ann:gold", "Bo").Tolerate(RuleID, URL, OptionKey)
			s.Scan("test", tc.text)
			got := texts(s.Findings())
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("Scan(%q) found %q, want %q", Show(tc.text), got, tc.want)
			}
		})
	}
}

func TestFindingsCountRepeatsAndKeepTheirLine(t *testing.T) {
	s := New()
	s.Scan("plain en pirates-2", "one\n"+m("a")+" 3 barrels left\n"+m("b")+" 4 barrels left\n")
	fs := s.Findings()
	if len(fs) != 2 {
		t.Fatalf("findings %v", fs)
	}
	f := fs[1]
	if f.Text != "barrels left" || f.Count != 2 || f.Where != "plain en pirates-2" || f.Line != "‹a› 3 barrels left" {
		t.Errorf("the second finding is %+v", f)
	}
	if !strings.Contains(f.String(), "‹a› 3 barrels left") {
		t.Errorf("String() = %s", f)
	}
}

func TestStripANSI(t *testing.T) {
	raw := "\x1b[1;33mAnn\x1b[0m \x1b]0;title\x07" + m("zieht") + "\r\n\x1b[2K\r> bo\bgus\x1b(B"
	got := StripANSI([]byte(raw))
	want := "Ann " + m("zieht") + "\n\n> bogus"
	if got != want {
		t.Errorf("StripANSI = %q, want %q", got, want)
	}
}

func TestReportFailsAndSaysWhenTheCheckWasOff(t *testing.T) {
	ft := &fakeT{}
	s := New()
	s.Scan("x", "The game is over.")
	if n := s.Report(ft, 0); n != 1 || len(ft.errs) != 2 || !strings.Contains(ft.errs[1], "RUMREF_LOCALE_CHECK") {
		t.Errorf("Report gave %d and said %q", n, ft.errs)
	}
	ft = &fakeT{}
	s = New()
	s.Scan("x", m("Das Spiel ist aus."))
	if n := s.Report(ft, 0); n != 0 || len(ft.errs) != 0 {
		t.Errorf("Report of a clean scan gave %d and said %q", n, ft.errs)
	}
	if mk, sc := s.Marked(); mk != 1 || sc != 1 {
		t.Errorf("Marked = %d, %d", mk, sc)
	}
}

type fakeT struct {
	testing.TB
	errs []string
}

func (f *fakeT) Helper() {}
func (f *fakeT) Errorf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

func TestWideLinesAndCutWords(t *testing.T) {
	known := map[string]bool{"kapitän": true, "zieht": true, "den": true, "in": true, "die": true, "kneipe": true, "ann": true}
	row := strings.Repeat("x ", 34) + "Ann zieht den Kapi" // 86 columns
	if got := WideLines(m(row)+"\nkurz", 80); len(got) != 1 || !strings.HasPrefix(got[0], "86 columns") {
		t.Errorf("WideLines = %q", got)
	}
	if got := WideLines("  https://example.org/"+strings.Repeat("x", 100), 80); len(got) != 0 {
		t.Errorf("a link alone on its line is wide: %q", got)
	}
	if got := WideLines(m(strings.Repeat("ä", 80)), 80); len(got) != 0 {
		t.Errorf("80 umlauts in marks are wider than 80: %q", got)
	}
	screen := m(strings.Repeat("x ", 30)+"Ann zieht den Kapi") + "\n" + m("tän in die Kneipe.") + "\n" +
		strings.Repeat("y ", 30) + "Ann zieht den\n  Kapitän in die\nKneipe"
	screen += "\n" + strings.Repeat("z ", 30) + "in /tmp/x/game.yam\nl"
	known["yaml"] = true
	got := CutWords(screen, 80, known)
	if len(got) != 1 || !strings.HasPrefix(got[0], `"Kapitän" cut as "Kapi" | "tän"`) {
		t.Errorf("CutWords = %q", got)
	}
}

func TestCatalogWordsHoldTheLocaleMessages(t *testing.T) {
	known, err := CatalogWords(locale.German, "Ann")
	if err != nil {
		t.Fatal(err)
	}
	if !known["ann"] || len(known) < 3 {
		t.Errorf("%d words: %v", len(known), known)
	}
}

func TestContextLineKeepsWhatWasTolerated(t *testing.T) {
	s := New().Tolerate(RuleID)
	s.Scan("x", "Ann moves (rp.captain.move) ⟦MISSING a.b⟧")
	fs := s.Findings()
	if len(fs) != 2 || fs[1].Line != "Ann moves (rp.captain.move) ⟦MISSING a.b⟧" || fs[1].Text != "Ann moves" {
		t.Errorf("findings %+v", fs)
	}
}

func TestFindingsFoldNamesAndNumbers(t *testing.T) {
	s := New().Allow("Ann", "Bo")
	s.Scan("x", "Ann has 3 barrels\nBo has 12 barrels\nAnna has 3 barrels")
	fs := s.Findings()
	if len(fs) != 2 || fs[0].Count != 2 || fs[1].Text != "Anna has 3 barrels" {
		t.Errorf("findings %+v", fs)
	}
}

func TestScanJSONSkipsIDsAndKeys(t *testing.T) {
	s := New()
	s.ScanJSON("json", map[string]any{"type": "question", "id": "pub.join", "text": m("Kneipe?"),
		"options": []any{map[string]any{"key": "swan-3", "label": "The Swan 3"}}, "view": map[string]any{"name": "Rum"}})
	fs := s.Findings()
	if len(fs) != 1 || fs[0].Text != "The Swan" || fs[0].Where != "json .options[].label" {
		t.Errorf("findings %+v", fs)
	}
}

func TestAllowTypedAllowsTheEcho(t *testing.T) {
	s := New().AllowTyped("help", ":nonsense")
	s.Scan("tmux", "> h\n> he\n> help\n> :non\n> helper\n")
	if got := texts(s.Findings()); fmt.Sprint(got) != "[helper]" {
		t.Errorf("found %q", got)
	}
}

func (f *fakeT) Logf(format string, args ...any) {}

func TestNamesTolerateWholeNamesOnly(t *testing.T) {
	s := New().Tolerate(Names("Rum", "Gold Rum", "Letter of Marque"))
	s.Scan("x", "Gold Rum\nLetter of Marque, Rum\nof\nRummy")
	fs := s.Findings()
	if len(fs) != 2 || fs[0].Text != "of" || fs[1].Text != "Rummy" {
		t.Errorf("findings %+v", fs)
	}
	none := New().Tolerate(Names())
	none.Scan("x", "Rum")
	if len(none.Findings()) != 1 {
		t.Errorf("no names tolerate %+v", none.Findings())
	}
}

func TestEnglishFindsEnglishInsideTheMarks(t *testing.T) {
	e, err := NewEnglish(locale.German)
	if err != nil {
		t.Fatal(err)
	}
	s := New()
	s.ScanEnglish(e, "plain", m("Der Tisch")+": "+m("pub")+"\n"+m("Ann starts and takes the start-player tile. Everyone takes 2 coins and 10 pirates; 5 of each color go to the unemployment office; the captain stands on the HQ.")+"\n"+
		m("Ann beginnt und nimmt das Startspielerplättchen. Alle nehmen 2 Münzen und 10 Piraten; je 5 jeder Farbe kommen in die Heuerstelle; der Kapitän steht auf dem Hauptquartier.")+" "+m(m("Home Port")+" (3)"))
	var got []string
	for _, f := range s.Findings() {
		got = append(got, f.Key)
	}
	if fmt.Sprint(got) != "[pirates.sort.pub gamespirates.setup.begin]" {
		t.Errorf("found %q", got)
	}
}
