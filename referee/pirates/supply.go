package pirates

import (
	"rumref/referee"
)

// supply resolves the "Pirate supply" intersection: the mover draws the top
// ware in secret and either keeps it face down under the flag or sells it,
// putting it under the stack for 2 coins. Which ware it was stays secret
// either way.
func (g *Game) supply(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	w := g.draw(t, SortWare, "supply.draw", p, true, referee.Text("%s's pirate supply", referee.Str(pl.Name)))
	if w == "" {
		return
	}
	// While the player decides, the ware is in their hand.
	pl.Wares = append(pl.Wares, w)
	c := referee.Choose[referee.Key](t)
	c.AddText("keep", "Keep it under my flag")
	c.AddText("sell", "Sell it: put it under the stack and take 2 coins")
	if c.Pick(t, referee.Question{ID: "supply.keep", Actor: p, Rule: "rp.supply", Secret: true,
		Prompt: referee.Text("%s: keep the ware you drew, or sell it under the stack for 2 coins?", referee.Str(pl.Name))}) == "keep" {
		t.Tell("rp.supply", referee.Text("%s keeps the ware, face down.", referee.Str(pl.Name)), p, referee.Text("You kept the %s.", referee.Str(mustTile(w).Label)))
		return
	}
	pl.Wares = pl.Wares[:len(pl.Wares)-1]
	g.Stacks[SortWare].PutUnder(w)
	pl.Coins += 2
	t.Tell("rp.supply", referee.Text("%s sells the ware: it goes face down under the stack and %s takes 2 coins.", referee.Str(pl.Name), referee.Str(pl.Name)), p, referee.Text("You sold the %s and now have %s.", referee.Str(mustTile(w).Label), referee.Count(pl.Coins, "coin")))
}
