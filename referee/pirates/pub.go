package pirates

import (
	"rumref/referee"
)

// pubKind is the pub-tile group of a pub intersection kind.
func pubKind(k Kind) string {
	switch k {
	case PubSwan:
		return "swan"
	case PubEsCruce:
		return "escruce"
	}
	return "frere"
}

// pub resolves a pub intersection. The host sets aside the face-up pub
// tiles of this pub (they stay in the display list until won) and invites
// every other player clockwise from the left; each who joins pays the host
// 1 coin. If nobody joins the host takes them all; otherwise the host and
// those who joined roll in turn, looping, and a roll strictly higher than a
// remaining tile's value takes one such tile. The display is then refilled
// to 4.
func (g *Game) pub(t *referee.T, host int, k Kind) {
	kind := pubKind(k)
	name := PubLabel(kind)
	h := &g.Players[host]
	n := g.contested(kind)
	if n == 0 {
		t.Emit(referee.Event{Rule: "rp.pub", Text: textf(t, "No face-up %s tile: nothing happens at the pub.", name)})
		return
	}
	t.Emit(referee.Event{Rule: "rp.pub", Text: textf(t, "%s sets aside the face-up %s and invites the others for a drink.", h.Name, joinAnd(labels(g.pubsOf(kind))))})
	rollers := []int{host}
	for q := g.next(host); q != host; q = g.next(q) {
		pl := &g.Players[q]
		// Coins are secret, so every invitee answers in secret: a player
		// with no coin is offered only "decline", and the table cannot
		// tell that from a free choice.
		opts := []referee.Option{{Key: "decline", Label: "Decline"}}
		if pl.Coins >= 1 {
			opts = []referee.Option{{Key: "join", Label: textf(t, "Join: pay %s 1 coin", h.Name)},
				{Key: "decline", Label: "Decline"}}
		}
		a := t.Ask(referee.Question{ID: "pub.join", Actor: referee.Seat(q), Rule: "rp.pub", Secret: true,
			Text:    textf(t, "%s invites %s to %s. Join for 1 coin paid to %s? (Without a coin you can only decline.)", h.Name, pl.Name, name, h.Name),
			Options: opts})
		if a != "join" {
			t.Emit(referee.Event{Rule: "rp.pub", Text: textf(t, "%s declines.", pl.Name)})
			continue
		}
		pl.Coins--
		h.Coins++
		rollers = append(rollers, q)
		t.Emit(referee.Event{Rule: "rp.pub", Text: textf(t, "%s joins and pays %s 1 coin.", pl.Name, h.Name)})
	}
	if len(rollers) == 1 {
		var got []string
		for _, tile := range g.pubsOf(kind) {
			g.Pubs = removeOne(g.Pubs, tile)
			h.Won = append(h.Won, tile)
			got = append(got, mustTile(tile).Label)
		}
		t.Emit(referee.Event{Rule: "rp.pub", Text: textf(t, "Nobody joins: %s takes %s.", h.Name, joinAnd(got))})
	} else {
		for i := 0; g.contested(kind) > 0; i = (i + 1) % len(rollers) {
			q := rollers[i]
			pl := &g.Players[q]
			roll := g.roll(t, q, "pub.roll", name)
			var beaten []string
			for _, tile := range g.pubsOf(kind) {
				if mustTile(tile).Value < roll {
					beaten = append(beaten, tile)
				}
			}
			opts := highestFirst(beaten)
			if len(opts) == 0 {
				t.Emit(referee.Event{Rule: "rp.pub.roll", Text: textf(t, "%s's %d beats no tile left: nothing taken.", pl.Name, roll)})
				continue
			}
			tile := opts[0].Key
			if len(opts) > 1 {
				tile = t.Ask(referee.Question{ID: "pub.take", Actor: referee.Seat(q), Rule: "rp.pub.choice", Options: opts,
					Text: textf(t, "%s rolled %d: take which %s tile of lower value?", pl.Name, roll, name)})
			}
			g.Pubs = removeOne(g.Pubs, tile)
			pl.Won = append(pl.Won, tile)
			t.Emit(referee.Event{Rule: "rp.pub.roll", Text: textf(t, "%s's %d beats the %s and takes it.", pl.Name, roll, mustTile(tile).Label)})
		}
	}
	for len(g.Pubs) < 4 {
		d := g.draw(t, SortPub, "pub.refill", int(referee.Table), false, textf(t, "refill the pub display (%d of 4)", len(g.Pubs)+1))
		if d == "" {
			break
		}
		g.Pubs = append(g.Pubs, d)
		t.Emit(referee.Event{Rule: "rp.pub", Text: textf(t, "The pub display is refilled with %s.", mustTile(d).Label)})
	}
}

// pubsOf lists the face-up pub tiles of a kind, in display order.
func (g *Game) pubsOf(kind string) []string {
	var out []string
	for _, p := range g.Pubs {
		if mustTile(p).Group == kind {
			out = append(out, p)
		}
	}
	return out
}

// contested counts the face-up pub tiles of a kind.
func (g *Game) contested(kind string) int { return len(g.pubsOf(kind)) }
