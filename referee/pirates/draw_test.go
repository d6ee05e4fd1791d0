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
	if got := optionKeys(e); !slices.Equal(got, []string{"guard-2"}) {
		t.Fatalf("only the guard under the stack is left: %v", got)
	}
	if _, e = arriveAt(t, 3, "Guard (3)", 0, func(g *pirates.Game) {
		prep(g)
		takeAll(g, pirates.SortSmallGuard, "guard-1", "guard-1", "guard-1", "guard-3", "guard-3", "guard-3")
	}, "guard.stack=small", "guard.draw=guard-2"); hasEvent(e, "rp.draw.under", "") {
		t.Errorf("a note for the expected draw:\n%s", events(e))
	}
}

// TestStackBottomDrawSecret checks that a sold ware drawn again while the
// shuffled part of the stack still holds tiles is taken, without a note
// (a note would tell the drawer which ware was sold), and that under
// rules revision 0 it is refused as before, so old saves replay.
func TestStackBottomDrawSecret(t *testing.T) {
	sold := func(g *pirates.Game) {
		st := g.Stacks[pirates.SortWare]
		st.Take("hook-5")
		st.PutUnder("hook-5") // Ann sold it earlier
	}
	g, e := arriveAt(t, 3, "Supply (9)", 1, sold, "supply.draw=hook-5")
	if pending(e) != "supply.keep" || len(g.Stacks[pirates.SortWare].Under) != 0 || g.Stacks[pirates.SortWare].Size() != 19 {
		t.Fatalf("the sold hook 5 was not taken: pending %q, under %v", pending(e), g.Stacks[pirates.SortWare].Under)
	}
	for _, ev := range e.Events() {
		for v := referee.Public; v < 3; v++ {
			if s := ev.For(v); strings.Contains(s, "hook") || strings.Contains(s, "under the") || strings.Contains(s, "cannot be") {
				t.Errorf("viewer %d is told about the sold ware: %q", v, s)
			}
		}
	}
	g, _ = arriveAt(t, 3, "Supply (9)", 1, sold, "supply.draw=hook-5", "supply.keep=keep")
	if !slices.Equal(g.Players[1].Wares, []string{"hook-5"}) {
		t.Errorf("Bo keeps %v", g.Players[1].Wares)
	}
	if err := checkInvariants(g); err != nil {
		t.Error(err)
	}
	old := func(g *pirates.Game) {
		sold(g)
		g.Config.Rules = 0
	}
	_, e = arriveAt(t, 3, "Supply (9)", 1, old, "supply.draw=hook-5")
	if pending(e) != "supply.draw" {
		t.Errorf("revision 0 must refuse the sold ware as before: pending %q", pending(e))
	}
	_, e = arriveAt(t, 3, "Guard (3)", 0, func(g *pirates.Game) {
		loseGuard2s(g)
		g.Config.Rules = 0
	}, "guard.stack=small")
	if slices.Contains(optionKeys(e), "guard-2") {
		t.Errorf("revision 0 offers the guard under the stack early: %v", optionKeys(e))
	}
}

// refusal draws key at a secret draw of seat 1 (Bo) and returns what each
// viewer was told and the question asked next, with the named tile's
// label replaced by "TILE".
func refusal(t *testing.T, where, key string, prep func(g *pirates.Game)) (told []string, next string) {
	t.Helper()
	id := map[string]string{"Supply (9)": "supply.draw", "Rendezvous (3)": "rendezvous.draw"}[where]
	_, e := arriveAt(t, 3, where, 1, prep, id+"="+key)
	if pending(e) != id {
		t.Fatalf("%s=%s was taken; pending %q", id, key, pending(e))
	}
	label, _ := pirates.Tile(key)
	var evs []referee.Event
	for _, ev := range e.Events() {
		if ev.Step == 1 {
			evs = append(evs, ev)
		}
	}
	for v := referee.Public; v < 3; v++ {
		var s []string
		for _, ev := range evs {
			s = append(s, ev.For(v))
		}
		told = append(told, strings.ReplaceAll(strings.Join(s, "|"), label.Label, "TILE"))
	}
	return told, e.Next().Text
}

// TestSecretDrawRefusalReadsTheSame checks that naming a tile another
// player keeps face down is refused in exactly the words used when the
// drawer keeps it, or when it is openly out of the game, for every viewer,
// and that only the drawer is told.
func TestSecretDrawRefusalReadsTheSame(t *testing.T) {
	wares := func(g *pirates.Game) {
		g.Players[2].Wares = takeAll(g, pirates.SortWare, "hook-5")   // Cy's
		g.Players[1].Wares = takeAll(g, pirates.SortWare, "parrot-3") // Bo's own
	}
	othersTold, othersNext := refusal(t, "Supply (9)", "hook-5", wares)
	ownTold, ownNext := refusal(t, "Supply (9)", "parrot-3", wares)
	if !slices.Equal(othersTold, ownTold) || othersNext != ownNext {
		t.Errorf("the refusal differs with who keeps the ware:\nCy's: %q then %q\nBo's: %q then %q", othersTold, othersNext, ownTold, ownNext)
	}
	if othersTold[0] != "" || othersTold[1] != "" || othersTold[3] != "" || !strings.Contains(othersTold[2], "cannot be in the stack") {
		t.Errorf("only Bo (seat 1) may be told: %q", othersTold)
	}
	// Rendezvous: one copy of the chest target revealed by Ann, the other
	// face down with Cy; the pirate targets both face down with Bo.
	targets := func(g *pirates.Game) {
		g.Players[0].Won = takeAll(g, pirates.SortRendezvous, "rdv-chest")
		g.Players[2].Targets = takeAll(g, pirates.SortRendezvous, "rdv-chest")
		g.Players[1].Targets = takeAll(g, pirates.SortRendezvous, "rdv-pirate", "rdv-pirate")
	}
	othersTold, othersNext = refusal(t, "Rendezvous (3)", "rdv-chest", targets)
	ownTold, ownNext = refusal(t, "Rendezvous (3)", "rdv-pirate", targets)
	if !slices.Equal(othersTold, ownTold) || othersNext != ownNext {
		t.Errorf("the rendezvous refusal differs with who keeps the tile:\nCy's: %q then %q\nBo's: %q then %q", othersTold, othersNext, ownTold, ownNext)
	}
	// Both guard targets revealed by Ann: openly out of the game.
	outTold, outNext := refusal(t, "Rendezvous (3)", "rdv-guard", func(g *pirates.Game) {
		targets(g)
		g.Players[0].Won = append(g.Players[0].Won, takeAll(g, pirates.SortRendezvous, "rdv-guard", "rdv-guard")...)
	})
	if !slices.Equal(othersTold, outTold) || othersNext != outNext {
		t.Errorf("naming a tile kept face down reads unlike naming one openly out:\nface down: %q then %q\nout: %q then %q", othersTold, othersNext, outTold, outNext)
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
