package pirates

import (
	"rumref/referee"
)

// guard resolves the "Guard" intersection: the mover chooses the large or
// the small guard stack and reveals its top tile. Only if the pirates in
// their supply (after this hop) strictly exceed the tile's number do they
// keep it, plus a coin if it shows one; otherwise it goes face down under
// its stack. An empty stack cannot be chosen; the other one may be.
func (g *Game) guard(t *referee.T, p int) {
	pl := &g.Players[p]
	large, small := g.Stacks[SortLargeGuard].Size(), g.Stacks[SortSmallGuard].Size()
	var opts []referee.Option
	if large > 0 {
		opts = append(opts, referee.Option{Key: "large", Label: textf(t, "Large guard (4 to 6, %d in the stack)", large)})
	}
	if small > 0 {
		opts = append(opts, referee.Option{Key: "small", Label: textf(t, "Small guard (1 to 3, %d in the stack)", small)})
	}
	if len(opts) == 0 {
		t.Emit(referee.Event{Rule: "rp.running-out", Text: "Both guard stacks are empty: nothing happens."})
		return
	}
	text := textf(t, "%s meets the city guard with %s in supply: face a large or a small guard?", pl.Name, plural(pl.Supply, "pirate"))
	if len(opts) == 1 {
		opts = append(opts, referee.Option{Key: "none", Label: "Face no guard"})
		text = textf(t, "%s meets the city guard with %s in supply. One guard stack is empty: take a tile from the other?", pl.Name, plural(pl.Supply, "pirate"))
	}
	a := t.Ask(referee.Question{ID: "guard.stack", Actor: referee.Seat(p), Rule: "rp.guard", Text: text, Options: opts})
	if a == "none" {
		t.Emit(referee.Event{Rule: "rp.guard", Text: textf(t, "%s faces no guard.", pl.Name)})
		return
	}
	sort := SortSmallGuard
	if a == "large" {
		sort = SortLargeGuard
	}
	k := g.draw(t, sort, "guard.draw", p, false, pl.Name+"'s guard")
	tile := mustTile(k)
	if pl.Supply > tile.Value {
		pl.Won = append(pl.Won, k)
		text := textf(t, "%s has %s in supply, more than the %s: the tile goes under the flag.", pl.Name, plural(pl.Supply, "pirate"), tile.Label)
		ev := referee.Event{Rule: "rp.guard.count", Text: text}
		if tile.Coin {
			pl.Coins++
			ev.Text += " It shows a coin: +1 coin."
			ev.Private, ev.Player = textf(t, "You now have %s.", plural(pl.Coins, "coin")), referee.Seat(p)
		}
		t.Emit(ev)
		return
	}
	g.Stacks[sort].PutUnder(k)
	t.Emit(referee.Event{Rule: "rp.guard.count", Text: textf(t, "%s has only %s in supply, not more than the %s: it goes face down under its stack.",
		pl.Name, plural(pl.Supply, "pirate"), tile.Label)})
}
