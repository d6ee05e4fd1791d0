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
func (g *Game) pub(t *referee.T, host referee.Seat, k Kind) {
	kind := pubKind(k)
	name := referee.Sub(pubMsg(kind))
	h := &g.Players[host]
	n := g.contested(kind)
	if n == 0 {
		t.Say("rp.pub", referee.Text("pirates.pub.face-up-tile", name))
		return
	}
	t.Say("rp.pub", referee.Text("pirates.pub.sets-aside-face", referee.Str(h.Name), tileList(g.pubsOf(kind), ", ", " and ")))
	rollers := []referee.Seat{host}
	ask := g.someoneJoins(t, host, name)
	for q := g.next(host); ask != "nobody" && q != host; q = g.next(q) {
		if g.joinsInPublic(t, host, q, name, ask == "everyone") {
			rollers = append(rollers, q)
		}
	}
	if len(rollers) == 1 {
		got := g.pubsOf(kind)
		for _, tile := range got {
			g.Pubs = removeOne(g.Pubs, tile)
			h.Won = append(h.Won, tile)
		}
		t.Say("rp.pub", referee.Text("pirates.pub.nobody-joins-takes", referee.Str(h.Name), tileList(got, ", ", " and ")))
	} else {
		for i := 0; g.contested(kind) > 0; i = (i + 1) % len(rollers) {
			q := rollers[i]
			pl := &g.Players[q]
			roll := g.roll(t, q, "pub.roll", name, g.beatsAll(kind))
			var beaten []string
			for _, tile := range g.pubsOf(kind) {
				if mustTile(tile).Value < roll {
					beaten = append(beaten, tile)
				}
			}
			c := highestFirst(t, beaten)
			if c.Len() == 0 {
				t.Say("rp.pub.roll", referee.Text("pirates.pub.rolled-tile-lower", referee.Str(pl.Name), referee.Int(roll)))
				continue
			}
			won := string(c.Values()[0])
			if c.Len() > 1 {
				won = string(c.Pick(t, referee.Question{ID: "pub.take", Actor: q, Rule: "rp.pub.choice",
					Prompt: referee.Text("pirates.pub.rolled-take-which", referee.Str(pl.Name), referee.Int(roll), name)}))
			}
			g.Pubs = removeOne(g.Pubs, won)
			pl.Won = append(pl.Won, won)
			t.Say("rp.pub.roll", referee.Text("pirates.pub.beats-takes", referee.Str(pl.Name), referee.Int(roll), tile(won)))
		}
	}
	for len(g.Pubs) < 4 {
		d := g.draw(t, SortPub, "pub.refill", referee.Table, referee.Text("pirates.pub.refill-pub-display", referee.Int(len(g.Pubs)+1)))
		if d == "" {
			break
		}
		g.Pubs = append(g.Pubs, d)
		t.Say("rp.pub", referee.Text("pirates.pub.pub-display-refilled", tile(d)))
	}
}

// someoneJoins asks the table in public whether anybody takes up the
// host's invitation, as the host asks aloud (rp.pub.invite): nobody, every
// invitee, or some, when each invitee is asked in public (rp.pub.public).
// It returns "nobody", "some" or "everyone".
func (g *Game) someoneJoins(t *referee.T, host referee.Seat, name referee.Arg) referee.Key {
	h := &g.Players[host]
	c := referee.Choose[referee.Key](t)
	c.Add("nobody", referee.Text("pirates.pub.nobody-joins"))
	c.Add("some", referee.Text("pirates.pub.some-join-each"))
	c.Add("everyone", referee.Text("pirates.pub.everyone-invited-joins"))
	return c.Pick(t, referee.Question{ID: "pub.invite", Actor: referee.Table, Rule: "rp.pub.invite",
		Prompt: referee.Text("pirates.pub.invites-others-does", referee.Str(h.Name), name, referee.Str(h.Name))})
}

// joinsInPublic asks whether invitee q joins
// the host at the pub, in public and with the same two options for
// everyone, as the host asks aloud and a joiner pays openly: the table
// can answer every invitee on one line. A join named for a player who
// has no coin cannot be paid: the public ruling says that the player
// cannot pay and does not join, which tells the table that player has no
// coin, as a real table sees a player who accepts and cannot pay
// (rp.pub.public). It reports whether q joins.
func (g *Game) joinsInPublic(t *referee.T, host, q referee.Seat, name referee.Arg, all bool) bool {
	h, pl := &g.Players[host], &g.Players[q]
	if !all {
		c := referee.Choose[referee.Key](t)
		c.Add("join", referee.Text("pirates.pub.join-pay-1", referee.Str(h.Name)))
		c.Add("decline", referee.Text("pirates.pub.decline"))
		if c.Pick(t, referee.Question{ID: "pub.join", Actor: q, Rule: "rp.pub.public",
			Prompt: referee.Text("pirates.pub.invites-join-pay", referee.Str(h.Name), referee.Str(pl.Name), name, referee.Str(h.Name))}) != "join" {
			t.Say("rp.pub", referee.Text("pirates.pub.declines", referee.Str(pl.Name)))
			return false
		}
	}
	if pl.Coins < 1 {
		t.Say("rp.pub.public", referee.Text("pirates.pub.cannot-pay-coin", referee.Str(pl.Name)))
		return false
	}
	g.joinPub(t, host, q)
	return true
}

// joinPub is invitee q paying the host the coin that joins the pub.
func (g *Game) joinPub(t *referee.T, host, q referee.Seat) {
	h, pl := &g.Players[host], &g.Players[q]
	pl.Coins--
	h.Coins++
	t.Say("rp.pub", referee.Text("pirates.pub.joins-pays-1", referee.Str(pl.Name), referee.Str(h.Name)))
}

// beatsAll reports, for a pub roll, whether the roll beats every face-up
// tile of the kind left: no roll could take more.
func (g *Game) beatsAll(kind string) func(int) bool {
	return func(n int) bool {
		for _, tile := range g.pubsOf(kind) {
			if mustTile(tile).Value >= n {
				return false
			}
		}
		return true
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
