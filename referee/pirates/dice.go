package pirates

import (
	"strconv"

	"rumref/referee"
)

// roll asks the player to roll the die for a contest (a pub, the scorpion
// chest or the wrangle) and then offers rum-barrel re-rolls: one barrel
// buys up to two re-rolls of this roll, the last result stands, unused
// re-rolls lapse, and further barrels may be spent on the same roll. It
// returns the result that stands. id is the contest's question ID, e.g.
// "pub.roll"; the imaginary player never uses rum.
func (g *Game) roll(t *referee.T, p int, id, what string) int {
	actor := p
	if p == Imaginary {
		actor = int(referee.Table)
	}
	n := askDie(t, id, actor, textf(t, "%s: %s rolls the die. What did it show?", what, g.name(p)), "rp.dice")
	if p == Imaginary {
		return n
	}
	for g.Players[p].Rum > 0 {
		pl := &g.Players[p]
		a := t.Ask(referee.Question{ID: "rum.spend", Actor: referee.Seat(p), Rule: "rp.rum",
			Text: textf(t, "%s: %s rolled %d. Spend a rum barrel for up to two re-rolls? (%d barrels)", what, pl.Name, n, pl.Rum),
			Options: []referee.Option{{Key: "keep", Label: textf(t, "Keep the %d", n)},
				{Key: "spend", Label: "Spend 1 barrel and re-roll"}}})
		if a != "spend" {
			break
		}
		pl.Rum--
		g.RumPool++
		t.Emit(referee.Event{Rule: "rp.rum", Text: textf(t, "%s hands back a rum barrel (%d left) for up to two re-rolls.", pl.Name, pl.Rum)})
		n = askDie(t, "rum.reroll", p, textf(t, "%s: %s re-rolls. What did it show?", what, pl.Name), "rp.rum")
		a = t.Ask(referee.Question{ID: "rum.again", Actor: referee.Seat(p), Rule: "rp.rum",
			Text: textf(t, "%s: %s re-rolled %d. Use the second re-roll of this barrel?", what, pl.Name, n),
			Options: []referee.Option{{Key: "keep", Label: textf(t, "Keep the %d", n)},
				{Key: "reroll", Label: "Re-roll again (the new result stands)"}}})
		if a == "reroll" {
			n = askDie(t, "rum.reroll", p, textf(t, "%s: %s re-rolls a second time. What did it show?", what, pl.Name), "rp.rum")
		}
	}
	t.Emit(referee.Event{Rule: "rp.dice", Text: textf(t, "%s: %s's roll stands at %d.", what, g.name(p), n)})
	return n
}

// askDie asks for a die result from 1 to 6.
func askDie(t *referee.T, id string, actor int, text, rule string) int {
	a := t.Ask(referee.Question{ID: id, Actor: referee.Seat(actor), Kind: referee.Number, Min: 1, Max: 6, Text: text, Rule: rule})
	n, _ := strconv.Atoi(a)
	return n
}
