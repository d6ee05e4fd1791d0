package web

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"rumref/locale"
)

// TestGermanPagesHoldNoEnglishCatalogText: whole games whose every request
// asks for German, under the catalog check, send no catalog text in
// English. The catalog scan (TestCatalogPagesInTheBrowser) finds text
// outside the marks; this one finds English inside them: a message
// rendered for the wrong reader (the pages' view was English for a
// while, and no scan saw it; with it English again, this finds the map
// colors 5000 times). Each message in the states the pages got is read
// without the messages nested in it; when what is left is an English
// text of the catalog, without arguments, that no German text is, it is
// reported. So what is checked is the catalog's plain texts (labels,
// terms), the ones a wrong language shows alone.
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
			english := englishOnly(t)
			if _, ok := english["pub"]; !ok {
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
					eachString(x, func(s string) {
						for _, w := range ownWords(s) {
							if key, ok := english[w]; ok && !typed[w] {
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

// englishOnly maps each English text of the catalog without arguments
// that is no German text (of any key) to its key.
func englishOnly(t *testing.T) map[string]string {
	t.Helper()
	for _, l := range locale.All {
		if err := locale.Load(l); err != nil {
			t.Fatal(err)
		}
	}
	texts := func(l locale.Lang, key string) []string {
		v, _ := locale.Raw(l, key)
		out := []string{v}
		for _, f := range locale.Forms(l, key) {
			out = append(out, f)
		}
		return out
	}
	german := map[string]bool{}
	for _, k := range locale.Keys(locale.German) {
		for _, v := range texts(locale.German, k) {
			german[v] = true
		}
	}
	out := map[string]string{}
	for _, k := range locale.Keys(locale.English) {
		for _, v := range texts(locale.English, k) {
			if !strings.Contains(v, "%") && !german[v] && len(strings.Fields(v)) > 0 && len(v) > 2 {
				out[v] = k
			}
		}
	}
	return out
}

// ownWords are the texts of the catalog's messages in s, each without
// the messages nested in it (a NUL where one was).
func ownWords(s string) []string {
	var out []string
	var open []*strings.Builder
	for _, r := range s {
		switch string(r) {
		case locale.Open:
			if len(open) > 0 {
				open[len(open)-1].WriteByte(0)
			}
			open = append(open, &strings.Builder{})
		case locale.Close:
			if len(open) > 0 {
				out = append(out, open[len(open)-1].String())
				open = open[:len(open)-1]
			}
		default:
			if len(open) > 0 {
				open[len(open)-1].WriteRune(r)
			}
		}
	}
	return out
}

// eachString calls f with every string of a JSON value.
func eachString(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case map[string]any:
		for _, v2 := range x {
			eachString(v2, f)
		}
	case []any:
		for _, v2 := range x {
			eachString(v2, f)
		}
	}
}
