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
		t.Say("rp.running-out", referee.Text("pirates.guard.both-guard-stacks", referee.Str(pl.Name)))
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
		t.Say("rp.guard.count", referee.Text("pirates.guard.stack-empty-draws", referee.Sub(empty.Msg()), referee.Str(pl.Name), referee.Sub(other.Msg())))
	default:
		a = g.askGuardStack(t, p, large, small)
	}
	sort := SortSmallGuard
	if a == "large" {
		sort = SortLargeGuard
	}
	k := g.draw(t, sort, "guard.draw", p, referee.Text("pirates.guard.guard", referee.Str(pl.Name)))
	tile := mustTile(k)
	if pl.Supply > tile.Value {
		pl.Won = append(pl.Won, k)
		if tile.Coin {
			pl.Coins++
			t.Tell("rp.guard.count", referee.Text("pirates.guard.has-supply-more",
				referee.Str(pl.Name), referee.Count(pl.Supply, nPirate), theTile(k)), p, referee.Text("pirates.coins.now", referee.Count(pl.Coins, nCoin)))
			return
		}
		t.Say("rp.guard.count", referee.Text("pirates.guard.has-supply-more-2", referee.Str(pl.Name), referee.Count(pl.Supply, nPirate), theTile(k)))
		return
	}
	g.Stacks[sort].PutUnder(k)
	t.Say("rp.guard.count", referee.Text("pirates.guard.has-only-supply",
		referee.Str(pl.Name), referee.Count(pl.Supply, nPirate), theTile(k)))
}

// askGuardStack asks which guard stack the mover draws from ("large" or
// "small"), both holding tiles.
func (g *Game) askGuardStack(t *referee.T, p referee.Seat, large, small int) referee.Key {
	pl := &g.Players[p]
	c := referee.Choose[referee.Key](t)
	c.Add("large", referee.Text("pirates.guard.large-guard-4", referee.Int(large)))
	c.Add("small", referee.Text("pirates.guard.small-guard-1", referee.Int(small)))
	text := referee.Text("pirates.guard.meets-city-guard", referee.Str(pl.Name), referee.Count(pl.Supply, nPirate))
	return c.Pick(t, referee.Question{ID: "guard.stack", Actor: p, Rule: "rp.guard", Prompt: text})
}
