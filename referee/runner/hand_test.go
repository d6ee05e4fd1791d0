package runner_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"rumref/internal/randplay"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// publicCardQuestions are the questions that name a card leaving a hand
// in public from edition 3.
var publicCardQuestions = []string{"event.card", "ship.card", "crew.card", "discard.card"}

// publicHandNames is what a card of the seat's hand can be as the table
// can tell it, worked out here from the public view alone (and, for the
// pirate, the cards it took back to hand, which the table saw): every
// card of the side's box counts (rulings A3) not out in public, and the
// types the box still holds unknown cards of, for "a card not in this
// list". It is the leak scan's yardstick: a public question's options
// must follow from it, never from the crown's secrets.
func publicHandNames(g *runner.Game, seat int) (names map[string]bool, open map[runner.CardType]bool) {
	v := g.View(referee.Public, locale.English).(runner.View)
	out := map[string]int{}
	count := func(l ...string) {
		for _, n := range l {
			out[n]++
		}
	}
	me := v.Players[seat]
	count(me.Discard...)
	for _, s := range me.Score {
		count(s.Name)
	}
	if seat == runner.PirateSeat {
		for _, s := range v.Ships {
			count(s.Name)
			count(s.Crew...)
		}
		// The pirate's named hand cards came back to hand face-up.
		count(g.Players[seat].Hand...)
	} else {
		count(v.Revealed...)
	}
	side := runner.CrownSide
	pile := runner.CrownDeck
	if seat == runner.PirateSeat {
		side, pile = runner.PirateSide, runner.PirateDeck
	}
	names = map[string]bool{}
	if seat == runner.PirateSeat {
		for _, n := range g.Players[seat].Hand {
			names[n] = true
		}
	}
	listed := map[runner.CardType]int{}
	unknownOut := map[runner.CardType]int{}
	for _, n := range g.Config.Cards {
		if n.Side != side || n.Type == runner.Island {
			continue
		}
		if !n.Starting {
			listed[n.Type] += n.Copies
		}
		copies := n.Copies
		if n.Starting && n.Type == runner.Ship {
			copies = max(copies, 1)
		}
		if copies > out[n.Name] {
			names[n.Name] = true
		}
	}
	// A card of unknown count takes up one of its type's unknown cards
	// once named, out or back in the deck: the deck's list of names came
	// from the box list and from face-up discard piles (the crown's only
	// for events, which it never holds named in secret).
	named := maps.Clone(out)
	for _, n := range g.Players[seat].Deck.Known {
		if c, ok := g.CardData(n); ok && (seat == runner.PirateSeat || c.Type == runner.Event) {
			named[n]++
			names[n] = true
		}
	}
	for name, k := range named {
		if c, ok := g.CardData(name); ok && c.Copies == 0 && !c.Starting {
			unknownOut[c.Type] += k
		}
	}
	open = map[runner.CardType]bool{}
	for _, ty := range runner.PileTypes(pile) {
		if g.Config.Counts(pile, ty)-listed[ty]-unknownOut[ty] > 0 {
			open[ty] = true
		}
	}
	// Cards of unknown count (and those typed in) are open while their
	// type is.
	for _, c := range allCards(g, side) {
		if c.Copies == 0 && !c.Starting && open[c.Type] {
			names[c.Name] = true
		}
	}
	return names, open
}

// allCards lists the catalog of the game, typed-in cards included, of a side.
func allCards(g *runner.Game, side runner.Side) []runner.Card {
	var out []runner.Card
	seen := map[string]bool{}
	add := func(n string) {
		if c, ok := g.CardData(n); ok && c.Side == side && !seen[n] {
			seen[n] = true
			out = append(out, c)
		}
	}
	for _, c := range g.Config.Cards {
		add(c.Name)
	}
	v := g.View(referee.Public, locale.English).(runner.View)
	for _, tc := range v.TypedIn {
		add(tc.Name)
	}
	return out
}

// TestPublicCardQuestionsLeakNothing plays edition-3 games with the random
// player and checks every public question that names a card leaving a
// hand: its options are exactly the cards the table can tell the hand may
// hold (publicHandNames) that fit the play, never a card's name the crown
// holds in secret, and "a card not in this list" only while the box holds
// unknown cards of a fitting type; the crown's face-down plays and its
// discard stay secret.
func TestPublicCardQuestionsLeakNothing(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	asked := map[string]int{}
	for seed := int64(1); seed <= int64(games); seed++ {
		cfg := runner.Config{Crown: "Ann", Pirate: "Bo", TurnCap: 80, Mulligan: seed%2 == 0, Cards: catalog(t), Edition: runner.Edition}
		e, err := referee.Start(factory(cfg))
		if err != nil {
			t.Fatal(err)
		}
		r := randplay.New(uint64(seed))
		for step := 1; !e.Over() && step < 20000; step++ {
			q := e.Next()
			if q == nil {
				t.Fatalf("seed %d: no question but game not over", seed)
			}
			g := e.Game().(*runner.Game)
			switch {
			case q.ID == "draw.card" && q.Actor != runner.CrownSeat:
				t.Fatalf("seed %d step %d: the pirate is asked at a draw", seed, step)
			case q.Actor == runner.CrownSeat && slices.Contains([]string{"investments.card", "hazard.card", "discard.card", "raid.hand-pick", "raid.deck-top", "draw.card", "event.card"}, q.ID) && !q.Secret:
				// The crown names its draws, so every
				// question that lists its hand is secret.
				t.Fatalf("seed %d step %d: the crown's %s is public", seed, step, q.ID)
			case q.ID == "action" && q.Actor == runner.CrownSeat:
				checkCrownPlays(t, g, q, seed, step)
			case slices.Contains(publicCardQuestions, q.ID) && !q.Secret:
				asked[q.ID]++
				checkPublicOptions(t, g, q, seed, step)
			}
			if err := e.Answer(randplay.Runner(r, q)); err != nil {
				t.Fatalf("seed %d step %d (%s): %v", seed, step, q.ID, err)
			}
		}
		e.Close()
	}
	for _, id := range publicCardQuestions {
		if asked[id] == 0 {
			t.Errorf("no public %s was asked in %d games", id, games)
		}
	}
}

// checkPublicOptions checks one public card question against what the
// table can tell.
func checkPublicOptions(t *testing.T, g *runner.Game, q *referee.Question, seed int64, step int) {
	t.Helper()
	seat := int(q.Actor)
	names, open := publicHandNames(g, seat)
	p := g.Players[seat]
	held := p.HandSize() - len(p.Hand)
	var types []runner.CardType
	switch q.ID {
	case "event.card":
		types = []runner.CardType{runner.Event}
	case "ship.card":
		types = []runner.CardType{runner.Ship}
	case "crew.card":
		types = []runner.CardType{runner.Crew}
	default:
		types = nil // any type
	}
	fits := func(c runner.Card) bool {
		if types != nil && !slices.Contains(types, c.Type) {
			return false
		}
		return q.ID == "discard.card" || c.Cost <= p.Supply
	}
	secret := g.View(runner.CrownSeat, locale.English).(runner.View)
	var crownSecrets []string
	for _, at := range faceDownNames(secret) {
		crownSecrets = append(crownSecrets, at[1])
	}
	crownSecrets = append(crownSecrets, secret.Players[runner.CrownSeat].Hand...)
	text := q.Prompt.String() + " " + q.Text
	unlisted := false
	for _, o := range q.Options {
		text += " " + o.Label
		switch o.Key {
		case "cancel", "done":
			continue
		case "unlisted":
			unlisted = true
			continue
		}
		c, ok := g.CardData(o.Label)
		if !ok {
			t.Fatalf("seed %d step %d: %s offers %q, not a card", seed, step, q.ID, o.Label)
		}
		if held == 0 && !slices.Contains(p.Hand, c.Name) {
			t.Fatalf("seed %d step %d: %s offers %s with no card held unnamed", seed, step, q.ID, c.Name)
		}
		if !names[c.Name] || !fits(c) {
			t.Fatalf("seed %d step %d: %s offers %s, which the table cannot tell may be in hand and fit", seed, step, q.ID, c.Name)
		}
	}
	if held > 0 {
		for n := range names {
			c, _ := g.CardData(n)
			if !fits(c) || slices.ContainsFunc(c.Play, func(e runner.Effect) bool { return e.Do == runner.OpRaidWithShip }) {
				continue // an event that starts a raid needs a ready ship
			}
			if !slices.ContainsFunc(q.Options, func(o referee.Option) bool { return o.Label == n }) {
				t.Fatalf("seed %d step %d: %s leaves out %s, which the table can tell may be in hand", seed, step, q.ID, n)
			}
		}
	}
	wantUnlisted := false
	for ty := range open {
		wantUnlisted = wantUnlisted || held > 0 && (types == nil || slices.Contains(types, ty))
	}
	if unlisted != wantUnlisted {
		t.Fatalf("seed %d step %d: %s offers a card not in the list: %v, want %v", seed, step, q.ID, unlisted, wantUnlisted)
	}
	if seat == runner.PirateSeat {
		// A name the table sees elsewhere (another copy face-up, in a
		// discard pile) may be named, as by a face-up hazard's cost.
		public := g.Status(referee.Public, locale.English, 0)
		for _, n := range crownSecrets {
			if strings.Contains(text, n) && !strings.Contains(public, n) {
				t.Fatalf("seed %d step %d: the pirate's public %s names %s, a crown card held in secret", seed, step, q.ID, n)
			}
		}
	}
}

// checkCrownPlays checks that the crown's action question offers placing
// an investment or a hazard exactly while the public view shows that the
// crown's hand and deck can still hold one: the box count of the type less
// the cards of the type the table sees out (by place, face-down too).
func checkCrownPlays(t *testing.T, g *runner.Game, q *referee.Question, seed int64, step int) {
	t.Helper()
	v := g.View(referee.Public, locale.English).(runner.View)
	for _, ty := range []runner.CardType{runner.Investment, runner.Hazard} {
		n := g.Config.Counts(runner.CrownDeck, ty) + g.Config.Counts(runner.StartingHazards, ty)
		free := false
		for _, is := range v.Islands {
			if ty == runner.Investment && is.Card != nil {
				n--
			}
			if ty == runner.Hazard {
				n -= len(is.Hazards)
			}
			free = free || is.Card == nil && !(is.Home && is.Deck > 0)
		}
		names := slices.Concat(v.Players[runner.CrownSeat].Discard, v.Revealed)
		for _, p := range v.Players {
			for _, s := range p.Score {
				names = append(names, s.Name)
			}
		}
		for _, name := range names {
			if c, ok := g.CardData(name); ok && c.Type == ty {
				n--
			}
		}
		key := "hazard"
		want := v.Players[runner.CrownSeat].HandSize > 0 && n > 0
		if ty == runner.Investment {
			key, want = "investments", want && free
		}
		got := slices.ContainsFunc(q.Options, func(o referee.Option) bool { return o.Key == key })
		if got != want {
			t.Fatalf("seed %d step %d: the crown's action offers %s: %v; the public view says %v (%d left in hand and deck)", seed, step, key, got, want, n)
		}
	}
}

// TestPickFromHandTakesThePickedCard: a card picked from the hand, listed
// or typed in, leaves it unless the caller places it later; none, or a
// card typed in that costs too much, leaves the hand as it was, the card
// typed in named.
func TestPickFromHandTakesThePickedCard(t *testing.T) {
	typedIn := []step{{"card.name", "Gull Rock"}, {"card.cost", "2"}, {"card.navigation", "0"}, {"card.combat", "0"}, {"card.text", "-"}}
	for _, c := range []struct {
		name  string
		later bool
		most  int
		steps []step
		want  string
		hand  []string
		held  int
	}{
		{"listed", false, 9, []step{{"test.pick", "port-taxes"}}, "Port Taxes", nil, 1},
		{"listed, placed later", true, 9, []step{{"test.pick", "port-taxes"}}, "Port Taxes", []string{"Port Taxes"}, 1},
		{"none", false, 9, []step{{"test.pick", "done"}}, "", []string{"Port Taxes"}, 1},
		{"typed in", false, 9, append([]step{{"test.pick", "unlisted"}}, typedIn...), "Gull Rock", []string{"Port Taxes"}, 0},
		{"typed in, placed later", true, 9, append([]step{{"test.pick", "unlisted"}}, typedIn...), "Gull Rock", []string{"Port Taxes"}, 1},
		{"typed in, too dear", false, 1, append([]step{{"test.pick", "unlisted"}}, typedIn...), "", []string{"Port Taxes", "Gull Rock"}, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got string
			build := func() *runner.Game {
				g := boxedBlank(t)
				p := g.Players[runner.CrownSeat]
				p.Hand = []string{"Port Taxes"}
				p.Deck.Held, p.Deck.Unknown, p.Deck.Open[runner.Event] = 1, 1, 1
				return g
			}
			_, g := drive(t, build, runner.RunPick(runner.CrownSeat, []runner.CardType{runner.Event}, c.most, c.later, &got), c.steps)
			p := g.Players[runner.CrownSeat]
			if got != c.want || !slices.Equal(p.Hand, c.hand) || p.Deck.Held != c.held {
				t.Errorf("picked %q, hand %q with %d held unnamed; want %q, %q with %d", got, p.Hand, p.Deck.Held, c.want, c.hand, c.held)
			}
		})
	}
}
