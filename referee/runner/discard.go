package runner

import (
	"rumref/referee"
)

// discard has a player discard one card of their choice from hand. Both
// hands are secret, so the question is too. A card the crown discards is
// treated as raided (rule 40, rulings A9).
func (g *Game) discard(t *referee.T, seat int, rule string, text referee.Msg) {
	p := g.Players[seat]
	name := g.chooseName(t, "discard.card", seat, true, referee.Text("%s, %s", referee.Str(p.Name), referee.Sub(text)), rule, p.Hand)
	p.Hand, _ = removeName(p.Hand, name)
	if seat == PirateSeat {
		p.Discard = append(p.Discard, name)
		t.Say(rule, referee.Text("The pirate discards %s.", referee.Str(name)))
		return
	}
	t.Say("rr.discard", referee.Text("The crown discards %s: a card the crown discards counts as raided.", referee.Str(name)))
	g.raidCard(t, name, nil, nil)
}
