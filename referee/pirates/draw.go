package pirates

import (
	"fmt"

	"rumref/referee"
)

// draw asks which tile was drawn from a stack; the options are exactly the
// tile types that can still be in it. It returns "" with an event when the
// stack is empty: the drawing player gets nothing, or for a table draw
// nothing is drawn for what why names (e.g. "refill the maps display"). A secret draw (a ware, a rendezvous) is answered by the
// player who looks at it, masked; its event names no tile.
func (g *Game) draw(t *referee.T, sort TileSort, id string, actor int, secret bool, why string) string {
	st := g.Stacks[sort]
	keys := st.Possible()
	if len(keys) == 0 {
		text := fmt.Sprintf("The %s stack is empty: nothing is drawn to %s.", sort, why)
		if actor >= 0 {
			text = fmt.Sprintf("The %s stack is empty: %s gets nothing.", sort, g.name(actor))
		}
		t.Emit(referee.Event{Rule: "rp.running-out", Text: text})
		return ""
	}
	opts := make([]referee.Option, len(keys))
	for i, k := range keys {
		opts[i] = referee.Option{Key: k, Label: mustTile(k).Label}
	}
	text := fmt.Sprintf("Draw the top %s tile (%s). Which tile is it?", sort, why)
	if secret {
		text = fmt.Sprintf("%s: draw the top %s tile and look at it in secret. Which tile is it?", g.name(actor), sort)
	}
	k := t.Ask(referee.Question{ID: id, Actor: actor, Text: text, Options: opts, Secret: secret, Rule: "rp.draw"})
	st.Take(k)
	return k
}

// setupDisplays enters the face-up displays drawn at setup: 4 pubs, a
// plain and a scorpion chest, 4 maps, and the sleeping places (no bedroll
// with 2 or 3 players).
func (g *Game) setupDisplays(t *referee.T) {
	g.Phase = PhaseSetup
	for len(g.Pubs) < 4 {
		g.Pubs = append(g.Pubs, g.draw(t, SortPub, "setup.pub", referee.Table, false, fmt.Sprintf("face-up pub %d of 4", len(g.Pubs)+1)))
	}
	g.Chest = g.draw(t, SortChest, "setup.chest", referee.Table, false, "the face-up treasure chest")
	g.Scorpion = g.draw(t, SortScorpion, "setup.scorpion", referee.Table, false, "the face-up scorpion chest")
	for len(g.Maps) < 4 {
		g.Maps = append(g.Maps, g.draw(t, SortMap, "setup.map", referee.Table, false, fmt.Sprintf("face-up treasure map %d of 4", len(g.Maps)+1)))
	}
	g.drawSleeping(t, "setup")
}

// drawSleeping draws one bunk, one hammock and (with 4-5 players) one
// bedroll onto the display by the ship.
func (g *Game) drawSleeping(t *referee.T, prefix string) {
	g.Bunk = g.draw(t, SortBunk, prefix+".bunk", referee.Table, false, "the bunk beside the ship")
	g.Hammock = g.draw(t, SortHammock, prefix+".hammock", referee.Table, false, "the hammock beside the ship")
	if len(g.Players) >= 4 {
		g.Bedroll = g.draw(t, SortBedroll, prefix+".bedroll", referee.Table, false, "the bedroll beside the ship")
	}
}
