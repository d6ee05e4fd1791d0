package web

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"rumref/referee"
)

// contrastJS measures, from computed styles, the WCAG contrast of what
// the page shows: every piece on the board (an occupied alley's stroke)
// against its outline and the ground under it (the parchment, and for a
// dark alley the dark margin too), every player's dot against its
// outline and its panel, and every text against the background under
// it. A piece or dot passes with 3:1 against its outline and, for the
// piece or its outline, 3:1 against the ground (WCAG's contrast for
// graphics); a text with 4.5:1.
const contrastJS = `(() => {
	const rgb = (s) => { const m = /rgba?\(([^)]+)\)/.exec(s || ""); if (!m) return null; const p = m[1].split(",").map(Number); return p.length > 3 && p[3] === 0 ? null : p.slice(0, 3); };
	const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
	const cr = (a, b) => { const x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
	const bgOf = (e) => { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c) return c; } return [255, 255, 255]; };
	const out = { pieces: 0, dots: 0, texts: 0, bad: [] };
	const svg = document.querySelector("#board svg");
	if (svg) {
		const rects = svg.querySelectorAll(":scope > rect");
		const margin = rgb(getComputedStyle(rects[0]).fill), parchment = rgb(getComputedStyle(rects[1]).fill);
		for (const pl of svg.querySelectorAll("polyline.alley.taken")) {
			out.pieces++;
			const piece = rgb(getComputedStyle(pl).stroke);
			const cs = pl.previousElementSibling && pl.previousElementSibling.classList.contains("casing") ? rgb(getComputedStyle(pl.previousElementSibling).stroke) : null;
			const grounds = pl.classList.contains("dark") ? [parchment, margin] : [parchment];
			for (const g of grounds) {
				const outline = cs ? cr(piece, cs) : cr(piece, g), stand = Math.max(cr(piece, g), cs ? cr(cs, g) : 0);
				if (outline < 3 || stand < 3) out.bad.push("piece " + piece + " on " + pl.querySelector("title").textContent + ": " + outline.toFixed(2) + " to its outline " + cs + ", " + stand.toFixed(2) + " to the ground " + g);
			}
		}
	}
	for (const d of document.querySelectorAll(".dot")) {
		out.dots++;
		const s = getComputedStyle(d), c = rgb(s.backgroundColor), b = rgb(s.borderTopColor), g = bgOf(d.parentElement);
		if (cr(c, b) < 3 || Math.max(cr(c, g), cr(b, g)) < 3) out.bad.push("dot " + c + " outlined " + b + " on " + g);
	}
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	for (let n = walk.nextNode(); n; n = walk.nextNode()) {
		const e = n.parentElement;
		if (!n.textContent.trim() || !e || e.closest("svg, [hidden], .sr-only, button:disabled, details:not([open]) > :not(summary)") || e.getClientRects().length === 0) continue;
		out.texts++;
		const c = rgb(getComputedStyle(e).color), g = bgOf(e), r = cr(c, g);
		if (r < 4.5) out.bad.push("text " + JSON.stringify(n.textContent.trim().slice(0, 30)) + " in " + e.tagName + "." + e.className + ": " + c + " on " + g + ", " + r.toFixed(2));
	}
	return out;
})()`

type contrastResult struct {
	Pieces int      `json:"pieces"`
	Dots   int      `json:"dots"`
	Texts  int      `json:"texts"`
	Bad    []string `json:"bad"`
}

// darkMode sets the tab's prefers-color-scheme.
func darkMode(dark bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		v := "light"
		if dark {
			v = "dark"
		}
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: v}}})
		return err
	})
}

// TestBrowserContrast: on the table page of a 5-player Rum & Pirates
// game (every pirate color), every alley is shown occupied by each color
// in turn (the page is given a state with every alley taken, through a
// proxy that rewrites U/state), in light and dark mode at phone size,
// and every piece, dot and text must stand out (contrastJS); so must the
// texts of a seat's page.
func TestBrowserContrast(t *testing.T) {
	chromium(t)
	tb := serve(t, "pirates", 5, 3)
	res, err := http.Get(tb.url(Table) + "/board.svg")
	if err != nil {
		t.Fatal(err)
	}
	svg, _ := io.ReadAll(res.Body)
	res.Body.Close()
	var alleys []string
	for _, m := range regexp.MustCompile(`<title>alley \d+: ([^<]*)</title>`).FindAllStringSubmatch(string(svg), -1) {
		alleys = append(alleys, html.UnescapeString(m[1]))
	}
	if len(alleys) < 20 {
		t.Fatalf("the board has %d alleys", len(alleys))
	}
	// The proxy: the real server, but the table's state has every alley
	// taken, by player (i + turn) % 5 for alley i; no event stream (the
	// page keeps the state it fetched).
	target, _ := url.Parse(tb.srv.Base())
	var turn atomic.Int64
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.ModifyResponse = func(r *http.Response) error {
		if !strings.HasSuffix(r.Request.URL.Path, "/state") {
			return nil
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		var st map[string]json.RawMessage
		var view map[string]any
		json.Unmarshal(b, &st)
		json.Unmarshal(st["view"], &view)
		players := view["players"].([]any)
		var taken []map[string]any
		for i, a := range alleys {
			p := players[(i+int(turn.Load()))%len(players)].(map[string]any)
			taken = append(taken, map[string]any{"alley": a, "player": p["name"], "pirates": 2})
		}
		view["alleys"] = taken
		st["view"], _ = json.Marshal(view)
		b, _ = json.Marshal(st)
		r.Body = io.NopCloser(strings.NewReader(string(b)))
		r.ContentLength = int64(len(b))
		r.Header.Set("Content-Length", fmt.Sprint(len(b)))
		return nil
	}
	px := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/events") {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		r.Host = target.Host
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(px.Close)
	b := newBrowser(t, tb)
	b.tabs[Table] = b.root
	b.listen(Table, b.root)
	tableURL := strings.Replace(tb.url(Table), tb.srv.Base(), px.URL, 1)
	var colors map[string]bool = map[string]bool{}
	for _, dark := range []bool{false, true} {
		for n := range 5 {
			turn.Store(int64(n))
			b.run(Table, "opening the table page", darkMode(dark), chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
				chromedp.Navigate(tableURL), chromedp.WaitVisible(chromedp.CSS("#board svg")))
			var r contrastResult
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
				b.eval(Table, contrastJS, &r)
				if r.Pieces == len(alleys) {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the table page shows %d pieces of %d alleys", r.Pieces, len(alleys))
				}
			}
			var shown []string
			b.eval(Table, `[...new Set([...document.querySelectorAll("#board polyline.alley.taken")].map((p) => p.getAttribute("stroke")))]`, &shown)
			for _, c := range shown {
				colors[c] = true
			}
			if r.Dots != 5 || r.Texts < 20 {
				t.Errorf("dark %v: the check saw %d dots and %d texts", dark, r.Dots, r.Texts)
			}
			for _, bad := range r.Bad {
				t.Errorf("table page, dark %v, turn %d: %s", dark, n, bad)
			}
			if n == 0 {
				shot(b, Table, fmt.Sprintf("contrast-table-dark-%v", dark))
			}
		}
	}
	if len(colors) != 5 {
		t.Errorf("the pieces were drawn in %d colors: %v", len(colors), colors)
	}
	// A seat's page, light and dark, with the public table open.
	seat := referee.Viewer(0)
	ctx, cancel := chromedp.NewContext(b.root)
	defer cancel()
	b.tabs[seat] = ctx
	b.listen(seat, ctx)
	for _, dark := range []bool{false, true} {
		b.run(seat, "opening the seat page", darkMode(dark), chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile),
			chromedp.Navigate(tb.url(seat)), chromedp.WaitVisible(chromedp.CSS("#question .who, #question p")),
			chromedp.Click(chromedp.ID("reveal")), chromedp.Click(chromedp.CSS("details summary")))
		var r contrastResult
		b.eval(seat, contrastJS, &r)
		if r.Texts < 20 {
			t.Errorf("seat page, dark %v: the check saw %d texts", dark, r.Texts)
		}
		for _, bad := range r.Bad {
			t.Errorf("seat page, dark %v: %s", dark, bad)
		}
		shot(b, seat, fmt.Sprintf("contrast-seat-dark-%v", dark))
	}
	b.noErrors()
}
