package pirates_test

import (
	"slices"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/referee/pirates"
)

// loseGuard2s leaves no small guard 2 in the shuffled part of its stack:
// Cy won two, and the third was lost and went under the stack.
func loseGuard2s(g *pirates.Game) {
	g.Players[2].Won = takeAll(g, pirates.SortSmallGuard, "guard-2", "guard-2", "guard-2")[:2]
	g.Stacks[pirates.SortSmallGuard].PutUnder("guard-2")
}

// TestStackBottomDrawOpen checks that a lost guard the table draws again
// before the rest of its stack is gone is offered and taken, with a
// one-line public note, and that the books still balance.
func TestStackBottomDrawOpen(t *testing.T) {
	prep := loseGuard2s // Ann's 10 pirates beat any small guard
	_, e := arriveAt(t, 3, "Guard (3)", 0, prep, "guard.stack=small")
	if !slices.Contains(optionKeys(e), "guard-2") {
		t.Fatalf("the guard 2 under the stack is not offered: %v", optionKeys(e))
	}
	g, e := arriveAt(t, 3, "Guard (3)", 0, prep, "guard.stack=small", "guard.draw=guard-2")
	st := g.Stacks[pirates.SortSmallGuard]
	if !slices.Equal(g.Players[0].Won, []string{"guard-2"}) || len(st.Under) != 0 || st.Size() != 6 || pending(e) != "" {
		t.Errorf("won %v, under %v, size %d, pending %q", g.Players[0].Won, st.Under, st.Size(), pending(e))
	}
	var notes []string
	for _, ev := range e.Events() {
		if ev.Rule == "rp.draw.under" {
			notes = append(notes, ev.For(referee.Public))
		}
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "small guard 2 with coin was put under the small guard stack earlier") || strings.Contains(notes[0], "\n") {
		t.Errorf("want one public note line, got %q", notes)
	}
	if err := checkInvariants(g); err != nil {
		t.Error(err)
	}
	// A draw the stack's order expects gets no note: a guard 1 from the
	// shuffled part, or the guard under the stack once the rest is gone.
	_, e = arriveAt(t, 3, "Guard (3)", 0, prep, "guard.stack=small", "guard.draw=guard-1")
	if hasEvent(e, "rp.draw.under", "") {
		t.Errorf("a note for an ordinary draw:\n%s", events(e))
	}
	_, e = arriveAt(t, 3, "Guard (3)", 0, func(g *pirates.Game) {
		prep(g)
		takeAll(g, pirates.SortSmallGuard, "guard-1", "guard-1", "guard-1", "guard-3", "guard-3", "guard-3")
	}, "guard.stack=small")
	// Only the guard under the stack is left: it is known, and taken.
	if pending(e) != "" || !hasEvent(e, "rp.draw.known", "Take the last small guard: small guard 2 with coin") || hasEvent(e, "rp.draw.under", "") {
		t.Errorf("the last guard, under the stack: pending %q\n%s", pending(e), events(e))
	}
}

// TestTileIndex: every catalog key is found at its own index; a key not
// in the catalog, or a catalog key changed by a byte, is not found.
func TestTileIndex(t *testing.T) {
	for i, tt := range pirates.Catalog() {
		if got, ok := pirates.TileIndex(tt.Key); !ok || got != i {
			t.Errorf("TileIndex(%q) = %d, %v; want %d", tt.Key, got, ok, i)
		}
		if _, ok := pirates.TileIndex(tt.Key + "x"); ok {
			t.Errorf("TileIndex(%q) finds a tile", tt.Key+"x")
		}
	}
	for _, k := range []string{"", "x", "pub-unicorn-9", "hat-9"} {
		if _, ok := pirates.TileIndex(k); ok {
			t.Errorf("TileIndex(%q) finds a tile", k)
		}
	}
}
