package runner

import (
	"fmt"

	"rumref/referee"
)

// discard has a player discard one card of their choice from hand. Both
// hands are secret, so the question is too. A card the crown discards is
// treated as raided (rule 40, rulings A9).
func (g *Game) discard(t *referee.T, seat int, rule, text string) {
	p := g.Players[seat]
	name := g.chooseName(t, "discard.card", seat, true, p.Name+", "+text, rule, p.Hand)
	p.Hand, _ = removeName(p.Hand, name)
	if seat == PirateSeat {
		p.Discard = append(p.Discard, name)
		t.Emit(referee.Event{Rule: rule, Text: fmt.Sprintf("The pirate discards %s.", name)})
		return
	}
	t.Emit(referee.Event{Rule: "rr.discard", Text: fmt.Sprintf("The crown discards %s: a card the crown discards counts as raided.", name)})
	g.raidCard(t, name, nil, nil)
}
