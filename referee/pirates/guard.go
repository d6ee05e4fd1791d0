package pirates

import (
	"rumref/referee"
)

// guard resolves the "Guard" intersection: the mover chooses the large or
// the small guard stack and reveals its top tile. Only if the pirates in
// their supply (after this hop) strictly exceed the tile's number do they
// keep it, plus a coin if it shows one; otherwise it goes face down under
// its stack. An empty stack cannot be chosen: with one empty the other is
// the mover's only choice, said as an instruction; with both empty the
// action gives nothing.
func (g *Game) guard(t *referee.T, p referee.Seat) {
	pl := &g.Players[p]
	large, small := g.Stacks[SortLargeGuard].Size(), g.Stacks[SortSmallGuard].Size()
	if large == 0 && small == 0 {
		t.Say("rp.running-out", referee.Text("Both guard stacks are empty: %s gets nothing.", referee.Str(pl.Name)))
		return
	}
	var a referee.Key
	switch {
	case large == 0 || small == 0:
		empty, other := SortLargeGuard, SortSmallGuard
		a = "small"
		if small == 0 {
			empty, other, a = SortSmallGuard, SortLargeGuard, "large"
		}
		t.Say("rp.guard.count", referee.Text("The %s stack is empty: %s draws from the %s stack.", referee.Str(empty.String()), referee.Str(pl.Name), referee.Str(other.String())))
	default:
		a = g.askGuardStack(t, p, large, small)
	}
	sort := SortSmallGuard
	if a == "large" {
		sort = SortLargeGuard
	}
	k := g.draw(t, sort, "guard.draw", p, referee.Text("%s's guard", referee.Str(pl.Name)))
	tile := mustTile(k)
	if pl.Supply > tile.Value {
		pl.Won = append(pl.Won, k)
		if tile.Coin {
			pl.Coins++
			t.Tell("rp.guard.count", referee.Text("%s has %s in supply, more than the %s: the tile goes under the flag. It shows a coin: +1 coin.",
				referee.Str(pl.Name), referee.Count(pl.Supply, "pirate"), referee.Str(tile.Label)), p, referee.Text("You now have %s.", referee.Count(pl.Coins, "coin")))
			return
		}
		t.Say("rp.guard.count", referee.Text("%s has %s in supply, more than the %s: the tile goes under the flag.", referee.Str(pl.Name), referee.Count(pl.Supply, "pirate"), referee.Str(tile.Label)))
		return
	}
	g.Stacks[sort].PutUnder(k)
	t.Say("rp.guard.count", referee.Text("%s has only %s in supply, not more than the %s: it goes face down under its stack.",
		referee.Str(pl.Name), referee.Count(pl.Supply, "pirate"), referee.Str(tile.Label)))
}

// askGuardStack asks which guard stack the mover draws from ("large" or
// "small"), both holding tiles.
func (g *Game) askGuardStack(t *referee.T, p referee.Seat, large, small int) referee.Key {
	pl := &g.Players[p]
	c := referee.Choose[referee.Key](t)
	c.Add("large", referee.Text("Large guard (4 to 6, %d in the stack)", referee.Int(large)))
	c.Add("small", referee.Text("Small guard (1 to 3, %d in the stack)", referee.Int(small)))
	text := referee.Text("%s meets the city guard with %s in supply: face a large or a small guard?", referee.Str(pl.Name), referee.Count(pl.Supply, "pirate"))
	return c.Pick(t, referee.Question{ID: "guard.stack", Actor: p, Rule: "rp.guard", Prompt: text})
}
