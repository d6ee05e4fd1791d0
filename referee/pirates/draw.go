package pirates

import (
	"rumref/referee"
)

// draw asks which tile was drawn from a stack, an open draw; the options
// are exactly the tile types that can still be in it, including tiles put
// under it (Stack.Drawable), and a draw that can show only one kind of
// tile asks nothing (knownDraw). It returns "" with an event when the
// stack is empty: the drawing player gets nothing, or for a table draw
// nothing is drawn for what why names (e.g. "refill the maps display").
// Secret draws (a ware, a rendezvous) are drawUnnamed.
func (g *Game) draw(t *referee.T, sort TileSort, id string, actor referee.Seat, why referee.Msg) string {
	st := g.Stacks[sort]
	types := st.Drawable()
	if len(types) == 0 {
		g.emptyStack(t, sort, actor, why)
		return ""
	}
	if len(types) == 1 {
		return g.knownDraw(t, st, sort, types[0], why)
	}
	c := referee.Choose[referee.Key](t)
	for _, ty := range types {
		c.Add(referee.Key(ty.Key), ty.Msg())
	}
	k := c.Pick(t, referee.Question{ID: id, Actor: actor, Rule: "rp.draw", Confirm: true,
		Prompt: referee.Text("pirates.draw.draw-top-tile", referee.Sub(sort.Msg()), referee.Sub(why))})
	if !st.Expected(string(k)) {
		// Which tiles went under an open stack is public (a lost guard is
		// shown before it goes back), so the note is too.
		t.Say("rp.draw.under", referee.Text("pirates.draw.was-put-under",
			theTileFirst(string(k)), referee.Sub(sort.Msg())))
	}
	st.Take(string(k))
	return string(k)
}

// knownDraw is an open draw from a stack that can show only one kind of
// tile, ty: nothing is asked, and the instruction names
// the tile, "Take the last bunk: bunk 7 (...)" (rp.draw.known).
func (g *Game) knownDraw(t *referee.T, st *Stack, sort TileSort, ty *TileType, why referee.Msg) string {
	if st.Size() == 1 {
		t.Say("rp.draw.known", referee.Text("pirates.draw.take-last", referee.Sub(sort.Msg()), referee.Sub(ty.Msg()), referee.Sub(why)))
	} else {
		t.Say("rp.draw.known", referee.Text("pirates.draw.draw-top-only", referee.Sub(sort.Msg()), referee.Sub(ty.Msg()), referee.Sub(why)))
	}
	st.Take(ty.Key)
	return ty.Key
}

// emptyStack says that a draw from an empty stack gives nothing.
func (g *Game) emptyStack(t *referee.T, sort TileSort, actor referee.Seat, why referee.Msg) {
	if actor.Player() {
		t.Say("rp.running-out", referee.Text("pirates.draw.stack-empty-gets", referee.Sub(sort.Msg()), g.who(actor)))
	} else {
		t.Say("rp.running-out", referee.Text("pirates.draw.stack-empty-nothing", referee.Sub(sort.Msg()), referee.Sub(why)))
	}
}

// drawUnnamed is a secret draw: the player takes
// the top tile and looks at it, and rumref asks nothing, as only the
// count each player holds matters until the tile is revealed or named
// (rp.rendezvous.unnamed, rp.supply.unnamed). It reports false, with an
// event, when the stack is empty.
func (g *Game) drawUnnamed(t *referee.T, sort TileSort, p referee.Seat) bool {
	st := g.Stacks[sort]
	if st.Size() == 0 {
		g.emptyStack(t, sort, p, referee.Msg{})
		return false
	}
	st.DrawUnnamed()
	return true
}

// setupDisplays enters the face-up displays drawn at setup: 4 pubs, a
// plain and a scorpion chest, 4 maps, and the sleeping places (no bedroll
// with 2 or 3 players).
func (g *Game) setupDisplays(t *referee.T) {
	g.Phase = PhaseSetup
	for len(g.Pubs) < 4 {
		g.Pubs = append(g.Pubs, g.draw(t, SortPub, "setup.pub", referee.Table, referee.Text("pirates.draw.face-up-pub", referee.Int(len(g.Pubs)+1))))
	}
	g.Chest = g.draw(t, SortChest, "setup.chest", referee.Table, referee.Text("pirates.draw.face-up-treasure"))
	g.Scorpion = g.draw(t, SortScorpion, "setup.scorpion", referee.Table, referee.Text("pirates.draw.face-up-scorpion"))
	for len(g.Maps) < 4 {
		g.Maps = append(g.Maps, g.draw(t, SortMap, "setup.map", referee.Table, referee.Text("pirates.draw.face-up-treasure-2", referee.Int(len(g.Maps)+1))))
	}
	g.drawSleeping(t, "setup")
}

// drawSleeping draws one bunk, one hammock and (with 4-5 players) one
// bedroll onto the display by the ship.
func (g *Game) drawSleeping(t *referee.T, prefix string) {
	g.Bunk = g.draw(t, SortBunk, prefix+".bunk", referee.Table, referee.Text("pirates.draw.bunk-beside-ship"))
	g.Hammock = g.draw(t, SortHammock, prefix+".hammock", referee.Table, referee.Text("pirates.draw.hammock-beside-ship"))
	if len(g.Players) >= 4 {
		g.Bedroll = g.draw(t, SortBedroll, prefix+".bedroll", referee.Table, referee.Text("pirates.draw.bedroll-beside-ship"))
	}
}
