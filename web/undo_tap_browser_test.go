package web

import (
	"strings"
	"testing"
	"time"
)

// TestTapDoubleTapOnUndo: a double tap on Undo (150 ms apart, on the
// table page at phone size) takes back one answer, not two: after the
// first undo the page's step is the one before, so a second tap would
// name it and take back another answer.
func TestTapDoubleTapOnUndo(t *testing.T) {
	chromium(t)
	chrome := newBrowser(t, nil)
	for try := 1; try <= 3; try++ {
		g := newTapGame(t, chrome)
		s := 2
		for ; s < len(g.qs); s++ {
			if !g.qs[s-1].Secret && !g.qs[s-2].Secret {
				break
			}
		}
		g.advanceTo(s)
		p := g.page(Table)
		var at struct {
			X float64 `json:"x"`
			Y float64 `json:"y"`
		}
		p.b.eval(Table, `(() => { const b = document.getElementById("undo"); b.scrollIntoView({ block: "center" }); const r = b.getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; })()`, &at)
		time.Sleep(100 * time.Millisecond)
		p.reset()
		p.taps([][2]float64{{at.X, at.Y}, {at.X, at.Y}}, []time.Duration{0, 150 * time.Millisecond})
		r := p.settle()
		if len(r.Taps) != 2 {
			t.Fatalf("the page saw %d touches, want 2", len(r.Taps))
		}
		if apart := r.Taps[1].T - r.Taps[0].T; apart < 140 || apart > 175 {
			t.Logf("the machine was too busy: the taps were %.0f ms apart; trying again", apart)
			continue
		}
		undos := 0
		for _, x := range r.Posts {
			if strings.HasSuffix(x.URL, "/undo") {
				undos++
			}
		}
		if st, _ := g.tb.state(Table); undos != 1 || st.Step != s-1 {
			t.Fatalf("a double tap on Undo at answer %d posted %d undos %+v; the game is at answer %d, want %d", s+1, undos, r.Posts, st.Step+1, s)
		}
		return
	}
	t.Skip("the machine was too busy to tap 150 ms apart, three times")
}
