package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScoreTypedGermanNames types the wares and treasure maps at rumref
// score by their German names (any letter case, ü also as ue): they
// score as the English ones do, which stay taken in both languages; the
// German prompt says so, and a name of neither is refused listing the
// names in the reader's language.
func TestScoreTypedGermanNames(t *testing.T) {
	typed := func(wares, maps string) string {
		return "2\nAnn\n\n\n\n\n" + wares + "\n\n" + maps + "\n\n\n\nBo\n\n\n\n\nhut 2\n\nrose 3\n\n\n\n"
	}
	english := typed("hook 5, parrot 2, peg-leg 4", "green 3, green 4, yellow 6")
	german := typed("Haken 5, PAPAGEI 2, holzbein 4", "grün 3, gruen 4, Gelb 6")
	for _, lang := range []string{"en", "de"} {
		want := rumref(t, english, "--lang", lang, "--io", "plain", "score")
		got := rumref(t, german, "--lang", lang, "--io", "plain", "score")
		if want.code != 0 || got.code != 0 {
			t.Fatalf("%s: exit %d (English names) and %d (German names): %s %s", lang, want.code, got.code, want.stderr, got.stderr)
		}
		pad := func(out string) string { return out[strings.LastIndex(out, "> ")+2:] }
		if pad(got.stdout) != pad(want.stdout) {
			t.Errorf("%s: the German names scored otherwise:\n%s\nwant\n%s", lang, pad(got.stdout), pad(want.stdout))
		}
	}
	de := rumref(t, english, "--lang", "de", "--io", "plain", "score").stdout
	for _, want := range []string{"ART WERT (z. B. Haken 5, Papagei 2; die englischen Namen gehen auch)", "FARBE WERT (z. B. gelb 3, rosa 5; die englischen Namen gehen auch)"} {
		if !strings.Contains(de, want) {
			t.Errorf("the German prompt lacks %q:\n%s", want, de)
		}
	}
	if strings.Contains(de, "englisch (") {
		t.Errorf("the German prompt still asks for English names:\n%s", de)
	}
	for lang, why := range map[string]string{
		"en": `Not taken: wares: "sabre" is not a kind: type one of eye-patch, hat, hook, parrot or peg-leg`,
		"de": `Nicht angenommen: Piratenbedarf: "sabre" ist keine Warenart: tippe eine davon: Augenklappe, Hut, Haken, Papagei oder Holzbein`,
	} {
		res := rumref(t, typed("sabre 5\nhook 5", "rose 3"), "--lang", lang, "--io", "plain", "score")
		if res.code != 0 || !strings.Contains(res.stdout, why) {
			t.Errorf("%s: exit %d; want a refusal saying %q:\n%s%s", lang, res.code, why, res.stdout, res.stderr)
		}
	}
	for lang, why := range map[string]string{
		"en": `Not taken: maps: "blau" is not a color: type one of rose, green or yellow`,
		"de": `Nicht angenommen: Schatzkarten: "blau" ist keine Farbe: tippe eine davon: rosa, grün oder gelb`,
	} {
		res := rumref(t, typed("hook 5", "blau 3\nrose 3"), "--lang", lang, "--io", "plain", "score")
		if res.code != 0 || !strings.Contains(res.stdout, why) {
			t.Errorf("%s: exit %d; want a refusal saying %q:\n%s%s", lang, res.code, why, res.stdout, res.stderr)
		}
	}
}

// TestScoreSheetRumInGerman: the refusal of a sheet's rum barrels beyond
// the box names them in the reader's language (it began with the sheet's
// field name rum in German).
func TestScoreSheetRumInGerman(t *testing.T) {
	sheet := filepath.Join(t.TempDir(), "sheet.yaml")
	os.WriteFile(sheet, []byte("game: rum-and-pirates\nplayers:\n  - name: Ann\n    rum: 12\n  - name: Bo\n    rum: 12\n"), 0o600)
	for lang, why := range map[string]string{
		"en": "score sheet: rum: the players hold 24 rum barrels in all, but the box holds only 12",
		"de": "Wertungsbogen: Rumfässer: die Spieler haben zusammen 24, aber in der Schachtel sind nur 12",
	} {
		res := rumref(t, "", "--lang", lang, "score", sheet)
		if res.code != exitError || !strings.Contains(res.stderr, why) {
			t.Errorf("%s: exit %d, stderr %q; want %q", lang, res.code, res.stderr, why)
		}
	}
}
