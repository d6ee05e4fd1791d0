package games

// The checks of the simulator were made cheaper keeping their power: each
// is compared here with the check as it was (kept below as the reference,
// unchanged), on every state of whole games and on states broken on
// purpose, each broken the way one of the old checks catches.

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/referee/runner"
)

// oldInvariants is Invariants as it was before it was made cheaper: it checks the pirates, the rum barrels, the coins and every tile
// of the box.
func (t *piratesTable) oldInvariants(gg referee.Game) error {
	g := gg.(*pirates.Game)
	for i, p := range g.Players {
		n := p.Supply + p.Office
		for id, occ := range g.Occupant {
			if occ == i {
				n += g.Board.Alleys[id].Segments
			}
		}
		for _, r := range g.Mast {
			if int(r.Player) == i {
				n += r.Left + r.Right
			}
		}
		if n != 15 {
			return fmt.Errorf("%s (%s) has %d pirates somewhere, not 15", p.Name, p.Color, n)
		}
		if p.Coins < 0 || p.Rum < 0 || p.Supply < 0 || p.Office < 0 {
			return fmt.Errorf("%s has a negative count: coins %d, rum %d, supply %d, office %d", p.Name, p.Coins, p.Rum, p.Supply, p.Office)
		}
	}
	for _, r := range g.Mast {
		if r.Left < 0 || r.Right < 0 {
			return fmt.Errorf("a mast row holds a negative number of pirates: %+v", r)
		}
	}
	rum := g.RumPool
	for _, p := range g.Players {
		rum += p.Rum
	}
	if g.RumPool < 0 || rum != pirates.RumBarrels {
		return fmt.Errorf("%d rum barrels in play (pool %d), not %d", rum, g.RumPool, pirates.RumBarrels)
	}
	cat := pirates.Catalog()
	count := make([]int, len(cat))
	var unknown []string
	one := func(k string, n int) {
		if i, ok := oldIndex()[k]; ok {
			count[i] += n
		} else {
			unknown = append(unknown, k)
		}
	}
	for _, st := range g.Stacks {
		for k, c := range st.Counts {
			if c < 0 {
				return fmt.Errorf("a stack holds %d of %s", c, k)
			}
			one(k, c)
		}
		for _, k := range st.Under {
			one(k, 1)
		}
	}
	add := func(keys ...string) {
		for _, k := range keys {
			if k != "" {
				one(k, 1)
			}
		}
	}
	add(g.Pubs...)
	add(g.Maps...)
	add(g.Chest, g.Scorpion, g.Bunk, g.Hammock, g.Bedroll)
	add(g.Boxed...)
	for _, p := range g.Players {
		add(p.Won...)
		add(p.Wares...)
	}
	if len(unknown) > 0 {
		return fmt.Errorf("tiles not in the box are in play: %v", unknown)
	}
	total := 0
	for i, tt := range cat {
		if count[i] != tt.Copies {
			return fmt.Errorf("tile %s is in play %d times; the box has %d", tt.Key, count[i], tt.Copies)
		}
		total += tt.Copies
	}
	if all := total + pirates.RumBarrels + pirates.Markers + pirates.StartTile; all != pirates.BoxTiles {
		return fmt.Errorf("the box holds %d tiles, not %d", all, pirates.BoxTiles)
	}
	if len(g.Pubs) > 4 || len(g.Maps) > 4 {
		return fmt.Errorf("a display is overfull: pubs %v, maps %v", g.Pubs, g.Maps)
	}
	return nil
}

// oldSecrets is Secrets as it was before it was made cheaper: it checks that the public view (and the status text when status is
// set) shows no coins, kept wares or rendezvous targets.
func (t *piratesTable) oldSecrets(gg referee.Game, status bool) error {
	g := gg.(*pirates.Game)
	v, ok := g.View(referee.Public, locale.English).(pirates.View)
	if !ok {
		return fmt.Errorf("the public view is a %T, not a pirates.View", g.View(referee.Public, locale.English))
	}
	for _, p := range v.Players {
		if p.Coins != nil || p.Wares != nil || p.Targets != nil {
			return fmt.Errorf("the public view shows %s's coins, wares or targets", p.Name)
		}
	}
	j, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("the public view does not encode: %w", err)
	}
	pub := string(j)
	if status {
		pub = g.Status(referee.Public, locale.English, 0) + "\n" + pub
	}
	for _, w := range wareLabels() {
		if strings.Contains(pub, w) {
			return fmt.Errorf("the public status or view names the ware %q", w)
		}
	}
	public := map[string]bool{}
	for _, p := range g.Players {
		for _, k := range p.Won {
			public[k] = true
		}
	}
	for _, p := range g.Players {
		for _, k := range p.Wares {
			if public[k] {
				continue
			}
			if strings.Contains(string(j), `"`+k+`"`) {
				return fmt.Errorf("the public view names %s's secret tile %s", p.Name, k)
			}
			if tt, ok := pirates.Tile(k); ok && strings.Contains(pub, tt.Label) {
				return fmt.Errorf("the public status or view names %s's secret tile %q", p.Name, tt.Label)
			}
		}
	}
	return nil
}

// played replays the first n answers of a game of table t played to its
// end by the random player with seed, and returns the engine.
func played(tb testing.TB, t SimTable, seed uint64, n int) *referee.Engine {
	tb.Helper()
	e, err := referee.Replay(t.Factory(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	p := randplay.New(seed)
	for i := 0; i < n && e.Next() != nil; i++ {
		if err := e.Answer(t.Answer(p, e.Next())); err != nil {
			tb.Fatal(err)
		}
	}
	return e
}

// sameVerdict fails unless both checks pass or both fail with the same
// words.
func sameVerdict(t *testing.T, what string, got, want error) {
	t.Helper()
	switch {
	case got == nil && want != nil:
		t.Errorf("%s: not caught; the old check said: %v", what, want)
	case got != nil && want == nil:
		t.Errorf("%s: the old check passes it, the new one says: %v", what, got)
	case got != nil && got.Error() != want.Error():
		t.Errorf("%s: the new check says %q, the old one %q", what, got, want)
	}
}

// oldIndex numbers the catalog's tile keys, as the old invariants did in a
// map of the table.
var oldIndex = sync.OnceValue(func() map[string]int {
	index := map[string]int{}
	for i, tt := range pirates.Catalog() {
		index[tt.Key] = i
	}
	return index
})

// TestPiratesChecksAsBefore: on every state of whole games the checks
// agree with the old ones (all pass), and on states broken on purpose
// they fail with the old checks' words.
func TestPiratesChecksAsBefore(t *testing.T) {
	for seed := range uint64(6) {
		tt, err := newPiratesTable(2+int(seed%4), seed)
		if err != nil {
			t.Fatal(err)
		}
		e := played(t, tt, seed, 0)
		p := randplay.New(seed)
		for step := 0; e.Next() != nil; step++ {
			g := e.Game()
			sameVerdict(t, fmt.Sprintf("seed %d answer %d: invariants", seed, step), tt.Invariants(g), tt.oldInvariants(g))
			sameVerdict(t, fmt.Sprintf("seed %d answer %d: secrets", seed, step), tt.Secrets(g, step%3 == 0), tt.oldSecrets(g, step%3 == 0))
			if err := e.Answer(tt.Answer(p, e.Next())); err != nil {
				t.Fatal(err)
			}
		}
		e.Close()
	}
	first := func(m map[string]int, positive bool) string {
		for _, tt := range pirates.Catalog() {
			if c, ok := m[tt.Key]; ok && (c > 0) == positive {
				return tt.Key
			}
		}
		return ""
	}
	invariants := map[string]func(g *pirates.Game){
		"stack count negative": func(g *pirates.Game) {
			g.Stacks[pirates.SortPub].Counts[first(g.Stacks[pirates.SortPub].Counts, true)] = -1
		},
		"stack copy made": func(g *pirates.Game) {
			g.Stacks[pirates.SortMap].Counts[first(g.Stacks[pirates.SortMap].Counts, true)]++
		},
		"stack copy lost": func(g *pirates.Game) {
			g.Stacks[pirates.SortChest].Counts[first(g.Stacks[pirates.SortChest].Counts, true)]--
		},
		"stack key gone": func(g *pirates.Game) {
			delete(g.Stacks[pirates.SortScorpion].Counts, first(g.Stacks[pirates.SortScorpion].Counts, true))
		},
		"stack unknown tile":   func(g *pirates.Game) { g.Stacks[pirates.SortWare].Counts["pub-unicorn-9"] = 1 },
		"stack unknown, none":  func(g *pirates.Game) { g.Stacks[pirates.SortWare].Counts["pub-unicorn-9"] = 0 },
		"stack unknown, minus": func(g *pirates.Game) { g.Stacks[pirates.SortWare].Counts["pub-unicorn-9"] = -1 },
		"under the stack twice": func(g *pirates.Game) {
			g.Stacks[pirates.SortPub].Under = append(g.Stacks[pirates.SortPub].Under, g.Pubs[0])
		},
		"pirate lost":     func(g *pirates.Game) { g.Players[1].Supply-- },
		"office negative": func(g *pirates.Game) { g.Players[0].Office, g.Players[0].Supply = -1, g.Players[0].Supply+1 },
		"alley to a stranger": func(g *pirates.Game) {
			for id, occ := range g.Occupant {
				if occ >= 0 {
					g.Occupant[id] = 7
					return
				}
			}
			g.Players[0].Supply++
		},
		"alley changes hands": func(g *pirates.Game) {
			for id, occ := range g.Occupant {
				if occ >= 0 {
					g.Occupant[id] = (occ + 1) % len(g.Players)
					return
				}
			}
			g.Players[0].Supply++
		},
		"mast row negative": func(g *pirates.Game) {
			g.Mast = append(g.Mast, pirates.MastRow{Player: 0, Left: -1, Right: 1})
		},
		"negative coins": func(g *pirates.Game) { g.Players[0].Coins = -1 },
		"rum made":       func(g *pirates.Game) { g.Players[2%len(g.Players)].Rum++ },
		"rum pool":       func(g *pirates.Game) { g.RumPool-- },
		"tile lost":      func(g *pirates.Game) { g.Pubs = g.Pubs[1:] },
		"tile twice":     func(g *pirates.Game) { g.Boxed = append(g.Boxed, g.Pubs[0]) },
		"unknown tile":   func(g *pirates.Game) { g.Boxed = append(g.Boxed, "pub-unicorn-9") },
		"won twice":      func(g *pirates.Game) { g.Players[0].Won = append(g.Players[0].Won, g.Maps[0]) },
		"display overfull": func(g *pirates.Game) {
			g.Stacks[pirates.SortPub].Take(g.Stacks[pirates.SortPub].Drawable()[0].Key)
			g.Pubs = append(g.Pubs, "x")
		},
	}
	// A secret shown in public, each way the old check finds one. (No kept
	// ware is named before the end: a ware's key or another tile kept as a
	// ware cannot be in play then.)
	secrets := map[string]func(g *pirates.Game){
		"ware on the display": func(g *pirates.Game) { g.Maps = append(g.Maps, "hat-3") },
		"ware as a name":      func(g *pirates.Game) { g.Players[0].Name = "Ann of the peg leg 5" },
		"ware as a color":     func(g *pirates.Game) { g.Players[1].Color = "parrot 4" },
		"coins as a name":     func(g *pirates.Game) { g.Players[1].Name = fmt.Sprint(g.Players[1].Coins) },
	}
	for _, at := range []int{30, 120, 250} {
		for _, seed := range []uint64{2, 3, 5} {
			tt, err := newPiratesTable(5, seed)
			if err != nil {
				t.Fatal(err)
			}
			for name, breakIt := range invariants {
				e := played(t, tt, seed, at)
				g := e.Game().(*pirates.Game)
				breakIt(g)
				what := fmt.Sprintf("%s at answer %d of seed %d", name, at, seed)
				want := tt.oldInvariants(g)
				if want == nil && !strings.HasPrefix(name, "stack key gone") {
					t.Errorf("%s: the old check does not catch it", what)
				}
				sameVerdict(t, what, tt.Invariants(g), want)
				e.Close()
			}
			for name, breakIt := range secrets {
				for _, status := range []bool{false, true} {
					e := played(t, tt, seed, at)
					g := e.Game().(*pirates.Game)
					breakIt(g)
					what := fmt.Sprintf("%s at answer %d of seed %d (status %v)", name, at, seed, status)
					want := tt.oldSecrets(g, status)
					if (want == nil) != (strings.HasPrefix(name, "won ") || name == "coins as a name") {
						t.Errorf("%s: the old check says %v", what, want)
					}
					sameVerdict(t, what, tt.Secrets(g, status), want)
					e.Close()
				}
			}
		}
	}
}

// oldInvariants is Invariants as it was, with oldBoxCounts: it checks that every card is in exactly one place (by count per
// side, since unknown deck cards have no name yet) and no coins are
// negative.
func (t *runnerTable) oldInvariants(gg referee.Game) error {
	g := gg.(*runner.Game)
	crown, pirate := 0, 0
	for seat, p := range g.Players {
		if p.Supply < 0 {
			return fmt.Errorf("%s has %d coins", p.Name, p.Supply)
		}
		if p.Deck.Unknown < 0 {
			return fmt.Errorf("%s's deck has %d unknown cards", p.Name, p.Deck.Unknown)
		}
		// The hand counts the cards held unnamed, which the
		// deck's Size leaves out.
		n := p.HandSize() + p.Deck.Size() + p.Deck.Boxed + len(p.Discard) // Boxed: added after the old check was written
		if seat == runner.CrownSeat {
			crown += n
		} else {
			pirate += n
		}
		crown += len(p.Score)
	}
	for _, is := range g.Islands {
		if is.Card != nil {
			crown++
			if is.Card.Coins < 0 {
				return fmt.Errorf("the card on %s has %d coins", is.Name, is.Card.Coins)
			}
		}
		for _, h := range is.Hazards {
			crown++
			if h.Coins < 0 {
				return fmt.Errorf("a hazard at %s has %d coins", is.Name, h.Coins)
			}
		}
	}
	for _, s := range g.Ships {
		pirate += 1 + len(s.Crew)
		if s.Coins < 0 {
			return fmt.Errorf("%s has %d coins", s.Name, s.Coins)
		}
		if slots := t.slots(g, s); len(s.Crew) > slots {
			return fmt.Errorf("%s #%d carries %d crew in %d slots", s.Name, s.ID, len(s.Crew), slots)
		}
	}
	crown += len(g.Revealed)
	if err := t.oldBoxCounts(g); err != nil {
		return err
	}
	crownSize := g.Config.DeckSize(runner.CrownDeck) + g.Config.DeckSize(runner.StartingHazards)
	pirateSize := g.Config.DeckSize(runner.PirateDeck) + g.Config.DeckSize(runner.StartingShips)
	if crown != crownSize || pirate != pirateSize {
		return fmt.Errorf("the cards add up to %d crown and %d pirate, not %d and %d", crown, pirate, crownSize, pirateSize)
	}
	return nil
}

// oldBoxCounts is boxCounts as it was before it was made cheaper: it checks, for every pile and card type, that the cards named
// anywhere plus the unknown cards of that type left in the decks are
// exactly what the box holds (rulings A3): no draw has made a type exceed
// its count.
func (t *runnerTable) oldBoxCounts(g *runner.Game) error {
	type slot struct {
		pile runner.Pile
		ty   runner.CardType
	}
	n := map[slot]int{}
	var names []string
	for _, p := range g.Players {
		names = append(names, p.Hand...)
		names = append(names, p.Deck.Known...)
		names = append(names, p.Discard...)
		for _, s := range p.Score {
			names = append(names, s.Name)
		}
	}
	for _, is := range g.Islands {
		if is.Card != nil {
			names = append(names, is.Card.Name)
		}
		for _, h := range is.Hazards {
			names = append(names, h.Name)
		}
	}
	for _, s := range g.Ships {
		names = append(names, s.Name)
		for _, c := range s.Crew {
			names = append(names, c.Name)
		}
	}
	names = append(names, g.Revealed...)
	names = append(names, g.Starting.Known...)
	for _, name := range names {
		if name == "" {
			// A starting hazard not named yet: it is counted in g.Starting.
			continue
		}
		c, ok := g.CardData(name)
		if !ok {
			return fmt.Errorf("the card %q is on the table but not in the catalog", name)
		}
		pile, ok := runner.PileOf(&c)
		if !ok {
			return fmt.Errorf("the island %q is held as a card", name)
		}
		n[slot{pile, c.Type}]++
	}
	for _, d := range []struct {
		deck runner.Deck
		pile runner.Pile
	}{{g.Players[runner.CrownSeat].Deck, runner.CrownDeck}, {g.Players[runner.PirateSeat].Deck, runner.PirateDeck}, {g.Starting, runner.StartingHazards}} {
		sum := 0
		for ty := runner.Island; ty <= runner.Crew; ty++ {
			if k := d.deck.UnknownOf(ty); k != 0 {
				n[slot{d.pile, ty}] += k
				sum += k
			}
		}
		if sum != d.deck.Unknown {
			return fmt.Errorf("the %s has %d unknown cards but %d counted by type", d.pile, d.deck.Unknown, sum)
		}
	}
	for s, k := range n {
		if want := g.Config.Counts(s.pile, s.ty); k != want {
			return fmt.Errorf("the %s holds %d %s cards in all; the box holds %d", s.pile, k, s.ty, want)
		}
	}
	for _, pile := range []runner.Pile{runner.CrownDeck, runner.PirateDeck, runner.StartingHazards, runner.StartingShips} {
		for _, ty := range runner.PileTypes(pile) {
			if k, want := n[slot{pile, ty}], g.Config.Counts(pile, ty); k != want {
				return fmt.Errorf("the %s holds %d %s cards in all; the box holds %d", pile, k, ty, want)
			}
		}
	}
	return nil
}

// TestRunnerChecksAsBefore: on every state of whole Rum Runner games the
// invariants agree with the old ones (all pass), and on states broken on
// purpose they fail as the old ones do (the old check named the first
// wrong pile and type in a map's order, so only the failure is compared
// there).
func TestRunnerChecksAsBefore(t *testing.T) {
	for seed := range uint64(6) {
		tt, err := newRunnerTable(seed)
		if err != nil {
			t.Fatal(err)
		}
		e := played(t, tt, seed, 0)
		p := randplay.New(seed)
		for step := 0; e.Next() != nil; step++ {
			g := e.Game()
			sameVerdict(t, fmt.Sprintf("seed %d answer %d: invariants", seed, step), tt.Invariants(g), tt.oldInvariants(g))
			if err := e.Answer(tt.Answer(p, e.Next())); err != nil {
				t.Fatal(err)
			}
		}
		e.Close()
	}
	firstOf := func(g *runner.Game, ty runner.CardType) string {
		for _, c := range g.Config.Cards {
			if c.Type == ty {
				return c.Name
			}
		}
		return ""
	}
	faults := map[string]func(g *runner.Game){
		"card twice": func(g *runner.Game) {
			g.Players[runner.PirateSeat].Discard = append(g.Players[runner.PirateSeat].Discard, "Longboat")
		},
		"card unknown": func(g *runner.Game) {
			g.Players[runner.CrownSeat].Hand = append(g.Players[runner.CrownSeat].Hand, "Flying Dutchman")
		},
		"island held": func(g *runner.Game) { g.Revealed = append(g.Revealed, firstOf(g, runner.Island)) },
		"card lost": func(g *runner.Game) {
			for _, p := range g.Players {
				if len(p.Hand) > 0 {
					p.Hand = p.Hand[1:]
					return
				}
			}
			d := &g.Players[runner.CrownSeat].Deck
			for ty := range d.Open {
				if d.Open[ty] > 0 {
					d.Open[ty]--
					d.Unknown--
					return
				}
			}
		},
		"unknown miscounted": func(g *runner.Game) { g.Players[runner.CrownSeat].Deck.Unknown++ },
		"unknown of a type": func(g *runner.Game) {
			g.Players[runner.PirateSeat].Deck.Open[runner.Crew]++
			g.Players[runner.PirateSeat].Deck.Unknown++
		},
		"type traded": func(g *runner.Game) {
			d := &g.Players[runner.CrownSeat].Deck
			d.Open[runner.Hazard]++
			d.Open[runner.Investment]--
		},
		"odd type in a deck": func(g *runner.Game) {
			d := &g.Players[runner.CrownSeat].Deck
			d.Open[runner.Ship]++
			d.Open[runner.Investment]--
		},
		"negative unknown":     func(g *runner.Game) { d := &g.Starting; d.Open[runner.Hazard]--; d.Unknown-- },
		"starting named twice": func(g *runner.Game) { g.Starting.Known = append(g.Starting.Known, firstOf(g, runner.Hazard)) },
		"revealed extra":       func(g *runner.Game) { g.Revealed = append(g.Revealed, firstOf(g, runner.Event)) },
		"negative coins":       func(g *runner.Game) { g.Players[runner.CrownSeat].Supply = -2 },
		"ship in the crown deck": func(g *runner.Game) {
			d := &g.Players[runner.CrownSeat].Deck
			d.Open[runner.Ship]++
			d.Unknown++
		},
	}
	for _, at := range []int{10, 60, 200} {
		for _, seed := range []uint64{1, 2, 3} {
			tt, err := newRunnerTable(seed)
			if err != nil {
				t.Fatal(err)
			}
			for name, breakIt := range faults {
				e := played(t, tt, seed, at)
				g := e.Game().(*runner.Game)
				breakIt(g)
				what := fmt.Sprintf("%s at answer %d of seed %d", name, at, seed)
				want, got := tt.oldInvariants(g), tt.Invariants(g)
				if want == nil {
					t.Errorf("%s: the old check does not catch it", what)
				}
				if (got == nil) != (want == nil) {
					sameVerdict(t, what, got, want)
				}
				if want, got := tt.oldBoxCounts(g), tt.boxCounts(g); (got == nil) != (want == nil) {
					sameVerdict(t, what+": box counts", got, want)
				}
				e.Close()
			}
		}
	}
}

// TestPiratesUnnamedTilesCounted: under rules revision 3 the tiles drawn
// unnamed are counted apart, and the invariants catch a count that does
// not match what the players hold, either way.
func TestPiratesUnnamedTilesCounted(t *testing.T) {
	breakers := map[string]func(g *pirates.Game){
		"face-down tile lost":  func(g *pirates.Game) { g.Players[0].FaceDown-- },
		"face-down tile made":  func(g *pirates.Game) { g.Players[0].FaceDown++ },
		"kept ware lost":       func(g *pirates.Game) { g.Players[0].Unnamed-- },
		"ware stack unnamed":   func(g *pirates.Game) { g.Stacks[pirates.SortWare].Unnamed++ },
		"rendezvous named out": func(g *pirates.Game) { g.Stacks[pirates.SortRendezvous].Unnamed-- },
	}
	tt, err := newPiratesTable(5, 3)
	if err != nil {
		t.Fatal(err)
	}
	e := played(t, tt, 3, 250)
	g := e.Game().(*pirates.Game)
	held := 0
	for _, p := range g.Players {
		held += p.FaceDown + p.Unnamed
	}
	e.Close()
	if held == 0 || g.Config.Rules != pirates.RulesRevision {
		t.Fatalf("after 250 answers (rules %d) nobody holds an unnamed tile", g.Config.Rules)
	}
	if err := tt.Invariants(g); err != nil {
		t.Fatalf("the unbroken game fails: %v", err)
	}
	for name, breakIt := range breakers {
		e := played(t, tt, 3, 250)
		g := e.Game().(*pirates.Game)
		breakIt(g)
		if err := tt.Invariants(g); err == nil {
			t.Errorf("%s: the invariants do not catch it", name)
		}
		e.Close()
	}
	// A stack with more tiles out unnamed than it holds, the players
	// holding them all: the invariants add up each stack's size as they
	// count its tiles, and say what Stack.Size says.
	e = played(t, tt, 3, 250)
	g = e.Game().(*pirates.Game)
	st := g.Stacks[pirates.SortWare]
	extra := st.Size() + 1
	st.Unnamed += extra
	g.Players[0].Unnamed += extra
	for k, c := range st.Counts {
		st.Counts[k] = 0
		g.Boxed = append(g.Boxed, slices.Repeat([]string{k}, c)...)
	}
	want := fmt.Sprintf("the %s stack holds %d tiles", pirates.SortWare, st.Size())
	if err := tt.Invariants(g); err == nil || err.Error() != want || st.Size() >= 0 {
		t.Errorf("a stack holding %d tiles: the invariants say %v, want %q", st.Size(), err, want)
	}
	e.Close()
}
