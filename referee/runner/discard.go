package runner

import (
	"rumref/referee"
)

// discard has a player discard one card of their choice from hand. The
// pirate's discard is named in public from what the hand can hold
// (hand.go); the crown's is secret, its choice showing what it keeps. A
// card the crown discards is treated as raided (rule 40, rulings A9).
func (g *Game) discard(t *referee.T, seat int, rule string, text referee.Msg) {
	p := g.Players[seat]
	q := referee.Question{ID: "discard.card", Actor: referee.Seat(seat), Secret: seat == CrownSeat,
		Prompt: referee.Text("runner.discard.ask", referee.Str(p.Name), referee.Sub(text)), Rule: rule}
	name := g.pickFromHand(t, seat, handQuestion{q: q, types: sideDeckTypes(sideOf(seat)), fits: anyCard})
	if seat == PirateSeat {
		p.Discard = append(p.Discard, name)
		t.Say(rule, referee.Text("runner.discard.pirate", referee.Str(name)))
		return
	}
	t.Say("rr.discard", referee.Text("runner.discard.crown", referee.Str(name)))
	g.raidCard(t, name, nil, nil)
}
