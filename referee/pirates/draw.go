package pirates

import (
	"slices"

	"rumref/referee"
)

// draw asks which tile was drawn from a stack; the options are exactly the
// tile types that can still be in it, including tiles put under it (see
// drawable). It returns "" with an event when the stack is empty: the
// drawing player gets nothing, or for a table draw nothing is drawn for
// what why names (e.g. "refill the maps display"). A secret draw (a ware,
// a rendezvous) is answered by the player who looks at it, masked; its
// event names no tile.
func (g *Game) draw(t *referee.T, sort TileSort, id string, actor referee.Seat, secret bool, why referee.Msg) string {
	st := g.Stacks[sort]
	types := g.drawable(st)
	if len(types) == 0 {
		g.emptyStack(t, sort, actor, why)
		return ""
	}
	if secret {
		return g.secretDraw(t, st, sort, id, actor, types)
	}
	if len(types) == 1 && g.faithful() {
		return g.knownDraw(t, st, sort, types[0], why)
	}
	c := referee.Choose[referee.Key](t)
	for _, ty := range types {
		c.AddText(referee.Key(ty.Key), ty.Label)
	}
	// Before revisionFaithful the table confirms what it drew even when
	// only one tile can be in the stack: the question is what tells it to
	// draw.
	k := c.Pick(t, referee.Question{ID: id, Actor: actor, Rule: "rp.draw", Confirm: true,
		Prompt: referee.Text("Draw the top %s tile (%s). Which tile is it?", referee.Str(sort.String()), referee.Sub(why))})
	if !st.Expected(string(k)) {
		// Which tiles went under an open stack is public (a lost guard is
		// shown before it goes back), so the note is too.
		t.Say("rp.draw.under", referee.Text("The %s was put under the %s stack earlier and comes up again now: taken as drawn, since the table's stack is what counts.",
			referee.Str(mustTile(string(k)).Label), referee.Str(sort.String())))
	}
	st.Take(string(k))
	return string(k)
}

// knownDraw is an open draw from a stack that can show only one kind of
// tile, ty (revisionFaithful): nothing is asked, and the instruction names
// the tile, "Take the last bunk: bunk 7 (...)" (rp.draw.known).
func (g *Game) knownDraw(t *referee.T, st *Stack, sort TileSort, ty *TileType, why referee.Msg) string {
	if st.Size() == 1 {
		t.Say("rp.draw.known", referee.Text("Take the last %s: %s (%s).", referee.Str(sort.String()), referee.Str(ty.Label), referee.Sub(why)))
	} else {
		t.Say("rp.draw.known", referee.Text("Draw the top %s: it is %s, the only kind left in the stack (%s).", referee.Str(sort.String()), referee.Str(ty.Label), referee.Sub(why)))
	}
	st.Take(ty.Key)
	return ty.Key
}

// emptyStack says that a draw from an empty stack gives nothing.
func (g *Game) emptyStack(t *referee.T, sort TileSort, actor referee.Seat, why referee.Msg) {
	if actor.Player() {
		t.Say("rp.running-out", referee.Text("The %s stack is empty: %s gets nothing.", referee.Str(sort.String()), referee.Str(g.name(actor))))
	} else {
		t.Say("rp.running-out", referee.Text("The %s stack is empty: nothing is drawn to %s.", referee.Str(sort.String()), referee.Sub(why)))
	}
}

// drawUnnamed is a secret draw under revisionAsksNeeded: the player takes
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

// drawable lists the tile types the table may draw from a stack: under
// today's rules every tile anywhere in it, as the stack is physical (a
// tile put under it can come up early); under rules revision 0 a tile put
// under it only once the rest is gone.
func (g *Game) drawable(st *Stack) []*TileType {
	if g.legacy() {
		var types []*TileType
		for _, k := range st.Possible() {
			types = append(types, mustTile(k))
		}
		return types
	}
	return st.Drawable()
}

// secretDraw asks the player who looks at a secret tile (a ware, a
// rendezvous target) which tile it is. Listing only the tiles still in the
// stack would tell the drawer which ones other players keep face down, so
// the options are every tile of the sort, even those openly out of the
// game. A sold ware drawn again is taken without a note: a note would tell
// the drawer which ware was sold. If the answer names a tile that cannot
// be in the stack (it is openly out, or someone keeps it face down, the
// drawer included), the drawer alone is told to look again, in the same
// words whatever the reason, and the question is asked again
// (rp.draw.secret).
func (g *Game) secretDraw(t *referee.T, st *Stack, sort TileSort, id string, actor referee.Seat, drawable []*TileType) string {
	text := referee.Text("%s: draw the top %s tile and look at it in secret. Which tile is it?", referee.Str(g.name(actor)), referee.Str(sort.String()))
	for {
		c := referee.Choose[referee.Key](t)
		for _, ty := range st.types {
			c.AddText(referee.Key(ty.Key), ty.Label)
		}
		k := string(c.Pick(t, referee.Question{ID: id, Actor: actor, Prompt: text, Secret: true, Rule: "rp.draw"}))
		if slices.Contains(drawable, mustTile(k)) {
			st.Take(k)
			return k
		}
		t.Tell("rp.draw.secret", referee.Msg{}, actor,
			referee.Text("Not taken: the %s cannot be in the stack now. Look at the tile again and enter what it shows.", referee.Str(mustTile(k).Label)))
		text = referee.Text("%s: that tile cannot be in the stack. Look again: which %s tile did you draw?", referee.Str(g.name(actor)), referee.Str(sort.String()))
	}
}

// setupDisplays enters the face-up displays drawn at setup: 4 pubs, a
// plain and a scorpion chest, 4 maps, and the sleeping places (no bedroll
// with 2 or 3 players).
func (g *Game) setupDisplays(t *referee.T) {
	g.Phase = PhaseSetup
	for len(g.Pubs) < 4 {
		g.Pubs = append(g.Pubs, g.draw(t, SortPub, "setup.pub", referee.Table, false, referee.Text("face-up pub %d of 4", referee.Int(len(g.Pubs)+1))))
	}
	g.Chest = g.draw(t, SortChest, "setup.chest", referee.Table, false, referee.Text("the face-up treasure chest"))
	g.Scorpion = g.draw(t, SortScorpion, "setup.scorpion", referee.Table, false, referee.Text("the face-up scorpion chest"))
	for len(g.Maps) < 4 {
		g.Maps = append(g.Maps, g.draw(t, SortMap, "setup.map", referee.Table, false, referee.Text("face-up treasure map %d of 4", referee.Int(len(g.Maps)+1))))
	}
	g.drawSleeping(t, "setup")
}

// drawSleeping draws one bunk, one hammock and (with 4-5 players) one
// bedroll onto the display by the ship.
func (g *Game) drawSleeping(t *referee.T, prefix string) {
	g.Bunk = g.draw(t, SortBunk, prefix+".bunk", referee.Table, false, referee.Text("the bunk beside the ship"))
	g.Hammock = g.draw(t, SortHammock, prefix+".hammock", referee.Table, false, referee.Text("the hammock beside the ship"))
	if len(g.Players) >= 4 {
		g.Bedroll = g.draw(t, SortBedroll, prefix+".bedroll", referee.Table, false, referee.Text("the bedroll beside the ship"))
	}
}
