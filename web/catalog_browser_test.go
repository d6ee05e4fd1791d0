package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"rumref/internal/catalogcheck"
	"rumref/locale"
	"rumref/referee"
	"rumref/setup"
	"rumref/wire"
)

// The catalog-miss detector on the phone and table pages (issue 24):
// whole games of the simulator clicked through in chromium by the pages
// that may answer (playInBrowser), with a browser whose Accept-Language
// is German, then English, under the catalog check (locale.SetChecking:
// every catalog message comes wrapped in U+2068…U+2069, a missing key as
// ⟦MISSING key⟧). What each page shows (its innerText, and the texts of
// its titles, labels and placeholders) and every message its event
// stream received are scanned (internal/catalogcheck) for text not from
// the catalog of the page's language and for missing keys.

// catalogPages are the games the pages play in each language: both
// games in both languages, the player counts shared out (the laptop's
// tests in cli play every count in both).
var catalogPages = map[locale.Lang][]struct {
	game    string
	players int
	seed    uint64
}{
	locale.German:  {{"pirates", 3, 31}, {"runner", 2, 33}},
	locale.English: {{"pirates", 2, 32}, {"runner", 2, 34}},
}

// pageTexts is what a page shows in words: the text a viewer reads and
// the texts of the attributes a phone shows or reads aloud.
const pageTexts = `(() => {
	const out = [document.body.innerText];
	for (const e of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
		for (const a of ["title", "aria-label", "placeholder", "alt"]) {
			const v = e.getAttribute(a);
			if (v) out.push(v);
		}
	}
	out.push(document.title);
	return out;
})()`

// openCatalogTab loads a viewer's page in a tab that records every
// message its event streams receive into events.
func (b *browser) openCatalogTab(v referee.Viewer, width, height int64, mu *sync.Mutex, events *[]string) {
	b.t.Helper()
	ctx := b.root
	if len(b.tabs) > 0 {
		ctx, _ = chromedp.NewContext(b.root)
	}
	b.tabs[v] = ctx
	b.listen(v, ctx)
	if err := chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventEventSourceMessageReceived); ok {
			mu.Lock()
			*events = append(*events, e.Data)
			mu.Unlock()
		}
	}); err != nil {
		b.t.Fatalf("listening to viewer %d's streams: %v", v, err)
	}
	enable := chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{})
		return err
	})
	if err := chromedp.Do(ctx, enable, shortGuard, chromedp.EmulateViewport(width, height), chromedp.Navigate(b.tb.url(v)),
		chromedp.WaitVisible(chromedp.CSS("#question .who, #question p"))); err != nil {
		b.t.Fatalf("opening the page of viewer %d: %v", v, err)
	}
}

// catalogTabs are a catalog test's pages, each recording every message
// its event streams receive.
type catalogTabs struct {
	viewers []referee.Viewer
	mu      sync.Mutex
	events  map[referee.Viewer]*[]string
}

// openCatalogTabs opens the pages of vs (openCatalogTab): the phones'
// at 360x740, the table's at 1280x900.
func (b *browser) openCatalogTabs(vs ...referee.Viewer) *catalogTabs {
	c := &catalogTabs{viewers: vs, events: map[referee.Viewer]*[]string{}}
	for _, v := range vs {
		c.events[v] = &[]string{}
		w, h := int64(360), int64(740)
		if v == Table {
			w, h = 1280, 900
		}
		b.openCatalogTab(v, w, h, &c.mu, c.events[v])
	}
	return c
}

// scanStreams scans every message the pages' streams received, named by
// where (the viewer and the message's number, 1 for the first), a JSON
// one field by field; seen, when set, is called with each first. It
// returns how many were JSON.
func (c *catalogTabs) scanStreams(s *catalogcheck.Scanner, where func(v referee.Viewer, i int) string, seen func(v referee.Viewer, d string)) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.viewers {
		for i, d := range *c.events[v] {
			if seen != nil {
				seen(v, d)
			}
			var x any
			if json.Unmarshal([]byte(d), &x) != nil {
				s.Scan(where(v, i+1), d)
				continue
			}
			s.ScanJSON(where(v, i+1), x)
			n++
		}
	}
	return n
}

// keptInState waits until the seat's answer given ahead of its turn
// (step) is kept, as the seat's state says: playInBrowser without a
// word of the pages' language.
func (b *browser) keptInState(seat referee.Viewer, step int) {
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		s, _ := b.tb.state(seat)
		var kq wire.Question
		if json.Unmarshal(s.Question, &kq) == nil && (kq.Queued != "" || kq.Step != step) {
			return
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("step %d: seat %d's answer ahead was never kept", step, seat)
		}
	}
}

// TestCatalogPagesInTheBrowser plays whole games on the phone and table
// pages in German and in English and finds no text that did not come
// from the catalog of the browser's language, and no missing message.
func TestCatalogPagesInTheBrowser(t *testing.T) {
	chromium(t)
	if testing.Short() {
		t.Skip("whole games in the browser")
	}
	locale.SetChecking(true)
	t.Cleanup(func() { locale.SetChecking(false) })
	for _, lang := range locale.All {
		for _, g := range catalogPages[lang] {
			t.Run(fmt.Sprintf("%s-%s-%d", lang, g.game, g.players), func(t *testing.T) {
				start := time.Now()
				tb := serve(t, g.game, g.players, g.seed)
				// The browser asks for the language first, as a phone set
				// to it does (Accept-Language and navigator.language).
				b := newBrowser(t, tb, chromedp.Flag("lang", lang.String()), chromedp.Flag("accept-lang", lang.String()))
				tabs := []referee.Viewer{Table}
				for i := range tb.names {
					tabs = append(tabs, referee.Viewer(i))
				}
				pages := b.openCatalogTabs(tabs...)
				s := pagesScanner(t, tb, g.game)
				name := func(v referee.Viewer) string {
					if v == Table {
						return "table"
					}
					return fmt.Sprintf("seat %d", v)
				}
				looks := 0
				shown := map[referee.Viewer][]string{} // for the secrets' scan
				look := func(step int) {
					looks++
					for _, v := range tabs {
						var texts []string
						b.eval(v, pageTexts, &texts)
						for _, x := range texts {
							shown[v] = append(shown[v], locale.Unmark(x))
							s.Scan(fmt.Sprintf("page %s %s-%d %s at answer %d", lang, g.game, g.players, name(v), step), x)
						}
					}
				}
				look(0)
				// Each seat's secrets once, revealed by a tap, and hidden
				// again.
				for _, v := range tabs[1:] {
					b.run(v, "revealing", chromedp.Click(chromedp.ID("reveal")))
				}
				look(0)
				for _, v := range tabs[1:] {
					b.run(v, "hiding", chromedp.Click(chromedp.ID("reveal")))
				}
				boardChecked := g.game != "pirates"
				b.playInBrowser(b.keptInState, func(step int) {
					if step%3 == 0 {
						look(step)
					}
					// The board in the page's language still shows the
					// pieces where the view puts them.
					if !boardChecked && step >= len(tb.answers)/2 {
						ts, _ := tb.state(Table)
						var view struct {
							Alleys []json.RawMessage `json:"alleys"`
						}
						if json.Unmarshal(ts.View, &view) == nil && len(view.Alleys) > 0 {
							boardChecked = true
							b.boardShowsThePieces(len(view.Alleys))
						}
					}
				})
				if !boardChecked {
					t.Error("the board's pieces were never checked")
				}
				for _, v := range tabs {
					b.run(v, "waiting for the score pad", chromedp.WaitVisible(chromedp.ID("scorepad")))
				}
				time.Sleep(time.Second) // the streams' last messages, the end's header
				look(len(tb.answers))
				nEvents := pages.scanStreams(s, func(v referee.Viewer, i int) string {
					return fmt.Sprintf("stream %s %s-%d %s event %d", lang, g.game, g.players, name(v), i)
				}, func(v referee.Viewer, d string) { shown[v] = append(shown[v], locale.Unmark(d)) })
				// What each page showed and each stream carried holds no
				// other seat's secret, as that language words it.
				tb.lang = lang
				secrets, legit := secretsOf(t, tb)
				for seat := range secrets {
					for i := range secrets[seat] {
						secrets[seat][i] = locale.Unmark(secrets[seat][i])
					}
				}
				owned, all := 0, 0
				for seat, l := range secrets {
					own := strings.Join(shown[referee.Viewer(seat)], "\n")
					for _, x := range l {
						all++
						if strings.Contains(own, x) || strings.Contains(own, jsonText(x)) {
							owned++
						}
					}
				}
				if owned*2 < all {
					t.Errorf("only %d of %d secrets reached their owners' pages as looked for", owned, all)
				}
				for v, texts := range shown {
					scan(t, g.game, v, texts, secrets, locale.Unmark(legit[v]))
				}
				t.Logf("%d of %d secrets found on their owners' pages, none on another's", owned, all)
				dumpFindings(t, s, lang, "page")
				n := len(s.Findings())
				b.noErrors()
				if nEvents == 0 {
					t.Error("the pages' streams received no message")
				}
				t.Logf("%d answers clicked, %d looks at %d pages, %d stream messages in %.1f s: %d findings",
					len(tb.answers), looks, len(tabs), nEvents, time.Since(start).Seconds(), n)
				// Every finding fails the test: no text on the pages is
				// known to be left outside the catalog.
				s.Report(t, 60)
			})
		}
	}
}

// dumpFindings appends the scanner's findings to the file
// $RUMREF_CATALOG_FINDINGS names (JSON Lines), for a report of what is
// left to translate (the cli tests write the same).
func dumpFindings(t *testing.T, s *catalogcheck.Scanner, lang locale.Lang, frontEnd string) {
	t.Helper()
	if err := catalogcheck.Dump(s, lang, frontEnd); err != nil {
		t.Logf("findings file: %v", err)
	}
}

// runnerCardNames are the names of Rum Runner's built-in cards.
func runnerCardNames(t *testing.T) []string {
	t.Helper()
	cards, err := setup.RunnerCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = c.Name
	}
	return names
}
