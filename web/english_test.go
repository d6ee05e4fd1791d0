package web

import (
	"encoding/json"
	"sort"
	"testing"

	"rumref/internal/catalogcheck"
	"rumref/locale"
)

// TestGermanPagesHoldNoEnglishCatalogText: whole games whose every request
// asks for German, under the catalog check, send no catalog text in
// English. The catalog scan (TestCatalogPagesInTheBrowser) finds text
// outside the marks; this one finds English inside them: a message
// rendered for the wrong reader (the pages' view was English for a
// while, and no scan saw it; with it English again, this finds the map
// colors 5000 times). Each message in the states the pages got is read
// without the messages nested in it (catalogcheck.Own); when what is
// left is an English text or format of the catalog that no German text
// is (catalogcheck.English), it is reported.
func TestGermanPagesHoldNoEnglishCatalogText(t *testing.T) {
	locale.SetChecking(true)
	defer locale.SetChecking(false)
	for _, g := range []struct {
		game    string
		players int
		seed    uint64
	}{{"pirates", 3, 7}, {"runner", 2, 3}} {
		t.Run(g.game, func(t *testing.T) {
			tb := serve(t, g.game, g.players, g.seed)
			tb.lang = locale.German
			got := tb.play(nil)
			english, err := catalogcheck.NewEnglish(locale.German)
			if err != nil {
				t.Fatal(err)
			}
			if english.Find("pub") == "" {
				t.Fatal(`"pub" (pirates.sort.pub) is not among the English-only texts: the check would find nothing`)
			}
			// What the simulator's players typed (a typed-in card's text)
			// is theirs, in whatever language they typed it.
			typed := map[string]bool{}
			for _, a := range tb.answers {
				typed[a.A] = true
			}
			found := map[string]int{}
			for _, list := range got {
				for _, raw := range list {
					var x any
					if json.Unmarshal([]byte(raw), &x) != nil {
						continue
					}
					catalogcheck.EachString(x, func(s string) {
						for _, w := range catalogcheck.Own(s) {
							if key := english.Find(w); key != "" && !typed[w] {
								found[key+": "+w]++
							}
						}
					})
				}
			}
			var keys []string
			for k := range found {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				t.Errorf("English on a German page: %s (%d×)", k, found[k])
			}
		})
	}
}
