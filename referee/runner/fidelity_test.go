package runner_test

import (
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
)

// Issue 21, Rum Runner points 6 to 8: what the rules keep hidden, the
// crown deck that has run out, and the decisions left to the table.

// TestReshuffleBoxesCardsUnseen: the pirate holds his only Stinky Pete
// unnamed when his deck runs out. The 5 cards the reshuffle removes go
// back to the box unseen: nobody is asked to name them, and Stinky Pete
// can still be played from hand (naming them once let the table name
// him, and rumref then refused him as crew).
func TestReshuffleBoxesCardsUnseen(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		p := g.Players[runner.PirateSeat]
		p.Deck = runner.Deck{Known: []string{"Stinky Pete"}, Held: 1}
		p.Discard = []string{"Doug Doubloon", "Sloop", "Treasure Map", "Janey McFloyd", "Galleon", "Brigantine", "Peg Leg Paul"}
		p.Supply = 5
		return g
	}
	var got string
	run := func(g *runner.Game, t *referee.T) {
		runner.RunDraw(runner.PirateSeat, 1)(g, t)
		runner.RunPick(runner.PirateSeat, []runner.CardType{runner.Crew}, 5, false, &got)(g, t)
	}
	var removal []string
	e, g := driveWatch(t, build, run, []step{{"test.pick", "stinky-pete"}}, func(q *referee.Question) {
		if q.ID == "deck.remove" {
			removal = optionKeys(q)
		}
	})
	if removal != nil || got != "Stinky Pete" {
		t.Fatalf("removed cards named (%v), or Stinky Pete not played from hand (%q)\n%s", removal, got, events(e))
	}
	p := g.Players[runner.PirateSeat]
	if p.Deck.Boxed != 5 || p.Deck.Size() != 1 || p.HandSize() != 1 {
		t.Errorf("after the reshuffle: %d boxed unseen, %d in the deck, %d in hand; want 5, 1, 1",
			p.Deck.Boxed, p.Deck.Size(), p.HandSize())
	}
	pub := g.Status(referee.Public, locale.English, 0)
	if !strings.Contains(pub, "Removed from the game unseen: 5 pirate cards") {
		t.Errorf("the status does not count the cards removed unseen:\n%s", pub)
	}
	for _, name := range []string{"Doug Doubloon", "Sloop", "Galleon"} {
		if strings.Contains(pub, name) {
			t.Errorf("the public status names %s, which is in the deck or the box unseen:\n%s", name, pub)
		}
	}
}

// TestRumHandShuffleNeedsADeck: a crown deck that has run out stays out
// (rule 42), so a funded rum's hand shuffle is not offered with the deck
// empty and the hand stays in hand.
func TestRumHandShuffleNeedsADeck(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		g.Players[runner.CrownSeat].Hand = []string{"Reef", "Royal Decree"}
		island(g, "Bivalve Bay").Card = g.Put("Light Rum", 2, false)
		return g
	}
	e, g := drive(t, build, runner.RunReveal, []step{{"reveal.pick", "c1"}})
	cr := g.Players[runner.CrownSeat]
	if cr.Points() != 1 || len(cr.Hand) != 2 || cr.Deck.Size() != 0 {
		t.Errorf("%d points, hand %v, deck %d; want 1, the two cards, an empty deck\n%s", cr.Points(), cr.Hand, cr.Deck.Size(), events(e))
	}
	if !strings.Contains(events(e), "stays out") {
		t.Errorf("no ruling says why the hand is not shuffled:\n%s", events(e))
	}
}

// TestNoRumLeftAsksTheTable: with no rum left the rules entry has the
// players agree a draw: rumref asks the table to agree a draw or play on,
// and asks again at the crown's next turn.
func TestNoRumLeftAsksTheTable(t *testing.T) {
	build := func(active int) func() *runner.Game {
		return func() *runner.Game {
			g := blank(t)
			g.Active = active
			return g
		}
	}
	var q0 *referee.Question
	_, g := driveWatch(t, build(runner.PirateSeat), runner.RunDeadlock, []step{{"stalemate.draw", "play"}},
		func(q *referee.Question) { q0 = q })
	if g.Over || q0.Actor != referee.Table || !slices.Equal(optionKeys(q0), []string{"draw", "play"}) {
		t.Fatalf("playing on: over %v, asked of %d with %v", g.Over, q0.Actor, optionKeys(q0))
	}
	_, g = drive(t, build(runner.CrownSeat), runner.RunDeadlock, []step{{"stalemate.draw", "draw"}})
	if !g.Over || g.Winner != runner.Draw {
		t.Errorf("an agreed draw: over %v, winner %d", g.Over, g.Winner)
	}
	// Played on, the question comes back at the crown's turn only.
	_, g = drive(t, build(runner.CrownSeat), func(g *runner.Game, t *referee.T) {
		runner.RunDeadlock(g, t) // play on
		g.Active = runner.PirateSeat
		runner.RunDeadlock(g, t) // the pirate's turn: not asked
		g.Active = runner.CrownSeat
		runner.RunDeadlock(g, t) // the crown's: asked again
	}, []step{{"stalemate.draw", "play"}, {"stalemate.draw", "draw"}})
	if !g.Over {
		t.Error("the second question's draw did not end the game")
	}
}

// TestMisnamedDrawIsCorrected: the crown names its draws,
// and a naming can be a slip. A later card its records hold elsewhere is
// not refused: the crown says, in secret, that it named a draw wrongly,
// and the physical card is taken as the truth.
func TestMisnamedDrawIsCorrected(t *testing.T) {
	build := func() *runner.Game {
		g := blank(t)
		cr := g.Players[runner.CrownSeat]
		cr.Hand = []string{"Reef"} // named at a draw: it was Aged Rum
		cr.Deck = runner.Deck{Known: []string{"Aged Rum", "Privateers"}}
		return g
	}
	// The crown discards the Aged Rum it really holds.
	var asked []*referee.Question
	e, g := driveWatch(t, build, runner.RunDiscardC, []step{
		{"discard.card", "misnamed"}, {"misnamed.card", "aged-rum"}, {"misnamed.as", "reef"},
	}, func(q *referee.Question) { asked = append(asked, q) })
	for _, q := range asked {
		if !q.Secret {
			t.Errorf("%s is public", q.ID)
		}
	}
	cr, pi := g.Players[runner.CrownSeat], g.Players[runner.PirateSeat]
	if len(cr.Hand) != 0 || !slices.Equal(sorted(cr.Deck.Known), []string{"Privateers", "Reef"}) || len(pi.Score) != 1 || pi.Score[0].Name != "Aged Rum" {
		t.Errorf("after the correction: hand %v, deck %v, pirate's score %v\n%s", cr.Hand, cr.Deck.Known, pi.Score, events(e))
	}
	if pub := publicEvents(e); strings.Contains(pub, "Reef") {
		t.Errorf("the public record names the card the crown took back: %s", pub)
	}

	// The crown draws the Reef its records hold in hand: the card it
	// named Reef was the Privateers.
	e, g = drive(t, build, runner.RunDraw(runner.CrownSeat, 1), []step{
		{"draw.card", "misnamed"}, {"misnamed.top", "reef"}, {"misnamed.card", "privateers"},
	})
	cr = g.Players[runner.CrownSeat]
	if !slices.Equal(sorted(cr.Hand), []string{"Privateers", "Reef"}) || !slices.Equal(cr.Deck.Known, []string{"Aged Rum"}) {
		t.Errorf("after the draw: hand %v, deck %v\n%s", cr.Hand, cr.Deck.Known, events(e))
	}
}

// publicEvents is what the table sees of a procedure's events.
func publicEvents(e *referee.Engine) string {
	var b strings.Builder
	for _, ev := range e.Events() {
		b.WriteString(ev.For(referee.Public) + "\n")
	}
	return b.String()
}
