package pirates

import (
	"rumref/referee"
)

// supply resolves the "Pirate supply" intersection: the mover draws the top
// ware in secret and either keeps it face down under the flag or sells it,
// putting it under the stack for 2 coins. Which ware it was stays secret
// either way.
func (g *Game) supply(t *referee.T, p int) {
	pl := &g.Players[p]
	w := g.draw(t, SortWare, "supply.draw", p, true, pl.Name+"'s pirate supply")
	if w == "" {
		return
	}
	// While the player decides, the ware is in their hand.
	pl.Wares = append(pl.Wares, w)
	a := t.Ask(referee.Question{ID: "supply.keep", Actor: referee.Seat(p), Rule: "rp.supply", Secret: true,
		Text: textf(t, "%s: keep the ware you drew, or sell it under the stack for 2 coins?", pl.Name),
		Options: []referee.Option{{Key: "keep", Label: "Keep it under my flag"},
			{Key: "sell", Label: "Sell it: put it under the stack and take 2 coins"}}})
	if a == "keep" {
		t.Emit(referee.Event{Rule: "rp.supply", Text: textf(t, "%s keeps the ware, face down.", pl.Name),
			Private: textf(t, "You kept the %s.", mustTile(w).Label), Player: referee.Seat(p)})
		return
	}
	pl.Wares = pl.Wares[:len(pl.Wares)-1]
	g.Stacks[SortWare].PutUnder(w)
	pl.Coins += 2
	t.Emit(referee.Event{Rule: "rp.supply", Text: textf(t, "%s sells the ware: it goes face down under the stack and %s takes 2 coins.", pl.Name, pl.Name),
		Private: textf(t, "You sold the %s and now have %s.", mustTile(w).Label, plural(pl.Coins, "coin")), Player: referee.Seat(p)})
}
