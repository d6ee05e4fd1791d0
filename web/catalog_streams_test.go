package web

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"rumref/internal/catalogcheck"
	"rumref/locale"
	"rumref/referee"
)

// pagesScanner is the catalog scanner of a game on the pages: the
// players' names, rule IDs and addresses, Rum Runner's card names
// (proper names, shown as printed in every language: docs/german.md) and
// what the simulator's players typed at a text question (a typed-in
// card's name: user content; an option's key has no space and no capital
// letter) are not catalog text.
func pagesScanner(t *testing.T, tb *served, game string) *catalogcheck.Scanner {
	t.Helper()
	s := catalogcheck.New().Allow(tb.names...).Tolerate(catalogcheck.RuleID, catalogcheck.URL)
	if game == "runner" {
		s.Tolerate(catalogcheck.Names(runnerCardNames(t)...))
	}
	for _, a := range tb.answers {
		if strings.ContainsAny(a.A, " ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
			s.AllowTyped(a.A)
		}
	}
	return s
}

// TestCatalogStreamsEveryPlayerCount plays whole games through the
// pages' requests, Rum & Pirates with 2 to 5 players and Rum Runner, in
// German and in English, under the catalog check, with every viewer's
// event stream open, and scans every message each stream carried and
// every state and reply a page got: no text outside the catalog of the
// language asked for, no missing message, and no other seat's secret
// (as that language words it). The browser test (TestCatalogPagesInTheBrowser)
// reads the pages themselves for two of the counts; the counts' texts
// reach a page only through these messages.
func TestCatalogStreamsEveryPlayerCount(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games")
	}
	locale.SetChecking(true)
	t.Cleanup(func() { locale.SetChecking(false) })
	games := []struct {
		game    string
		players int
		seed    uint64
	}{{"pirates", 2, 41}, {"pirates", 3, 42}, {"pirates", 4, 43}, {"pirates", 5, 44}, {"runner", 2, 45}}
	for _, lang := range locale.All {
		for _, g := range games {
			t.Run(fmt.Sprintf("%s-%s-%d", lang, g.game, g.players), func(t *testing.T) {
				tb := serve(t, g.game, g.players, g.seed)
				tb.lang = lang
				streams := map[referee.Viewer]*stream{}
				for v := Table; int(v) < len(tb.names); v++ {
					streams[v] = tb.open(v, "")
				}
				got := tb.play(nil)
				s := pagesScanner(t, tb, g.game)
				shown := map[referee.Viewer][]string{}
				messages := 0
				for v, st := range streams {
					st.waitFor(t, `"type":"end"`)
					_, data := st.snapshot()
					st.close()
					for i, d := range append(data, got[v]...) {
						var x any
						where := fmt.Sprintf("%s %s-%d viewer %d message %d", lang, g.game, g.players, v, i+1)
						if json.Unmarshal([]byte(d), &x) != nil {
							s.Scan(where, d)
						} else {
							s.ScanJSON(where, x)
						}
						shown[v] = append(shown[v], locale.Unmark(d))
						messages++
					}
				}
				secrets, legit := secretsOf(t, tb)
				n := 0
				for seat := range secrets {
					for i := range secrets[seat] {
						secrets[seat][i] = locale.Unmark(secrets[seat][i])
						n++
					}
				}
				for v, texts := range shown {
					scan(t, g.game, v, texts, secrets, locale.Unmark(legit[v]))
				}
				marked, scanned := s.Marked()
				t.Logf("%d answers, %d messages to %d viewers, %d texts scanned (%d marked), %d secrets looked for", len(tb.answers), messages, len(streams), scanned, marked, n)
				s.Report(t, 40)
			})
		}
	}
}
