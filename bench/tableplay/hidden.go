package main

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"rumref/wire"
)

// What a person at a Rum & Pirates table knows that rumref is not told:
// the rendezvous targets and wares in their own hands (drawn here from
// imagined stacks as rumref reports the draws), and their own coins
// before answering a pub invitation aloud.

var (
	arrivedAt = regexp.MustCompile(`(?:captain (?:is )?on|turn ends on) ([A-Z][A-Za-z ]*?) \(\d\)`)
	hostOf    = regexp.MustCompile(`^(\w+) invites the others`)
)

// targetAt is the rendezvous target an intersection's kind meets, by the
// name rumref gives the intersection.
var targetAt = map[string]string{"Pirate": "pirate", "Rum": "rum", "Supply": "supply", "Guard": "guard", "Chest": "chest",
	"Map rose": "map-rose", "Map green": "map-green", "Map yellow": "map-yellow",
	"The Swan": "pub", "Es Cruce": "pub", "Frere Jacques": "pub"}

// seatOf is the seat of a player's name, or -1.
func seatOf(name string) int { return slices.Index(names, name) }

// event follows the public rulings: a rendezvous drawn unnamed is an
// imagined tile in the drawer's hand.
func (p *policy) event(o *wire.Event) {
	if p.s.Game != "pirates" || o.Rule != "rp.rendezvous.unnamed" || !strings.Contains(o.Text, " draws a rendezvous tile") {
		return
	}
	if s := seatOf(strings.Fields(o.Text)[0]); s >= 0 && len(p.rdvBag) > 0 {
		p.targets[s] = append(p.targets[s], p.rdvBag[0])
		p.rdvBag = p.rdvBag[1:]
	}
}

// coinsFrom reads a peeked player's own coins.
func (p *policy) coinsFrom(raw json.RawMessage) {
	var v struct {
		Players []struct {
			Name  string `json:"name"`
			Coins *int   `json:"coins"`
		} `json:"players"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return
	}
	for _, pl := range v.Players {
		if s := seatOf(pl.Name); s >= 0 && pl.Coins != nil {
			p.coins[s] = *pl.Coins
		}
	}
}

// peekFirst returns the seat (1-based) to peek at before answering q, or
// 0: before the pub invitation, asked in public, every player
// looks at their own coins.
func (p *policy) peekFirst(q *wire.Question) int {
	if p.s.Game != "pirates" || q.ID != "pub.invite" || has(q, "everyone") == "" {
		p.peeked = 0
		return 0
	}
	if p.peeked < p.s.Players {
		p.peeked++
		return p.peeked
	}
	p.peeked = 0
	return 0
}

// invite answers the pub invitation: each invited player with a
// coin joins 4 times in 5, as with the secret question; the table says
// nobody, everyone, or asks each.
func (p *policy) invite(q *wire.Question) string {
	m := hostOf.FindStringSubmatch(q.Text)
	host := -1
	if m != nil {
		host = seatOf(m[1])
	}
	p.joins = map[int]bool{}
	n, all := 0, true
	for s := range p.s.Players {
		if s == host {
			continue
		}
		j := p.coins[s] > 0 && p.chance(80)
		p.joins[s] = j
		if j {
			n++
		} else {
			all = false
		}
	}
	switch {
	case n == 0:
		return "nobody"
	case all:
		return "everyone"
	}
	return "some"
}

// join answers the public pub.join as decided at the invitation.
func (p *policy) join(q *wire.Question) string {
	if p.joins[q.Actor] {
		return "join"
	}
	return "decline"
}

// reveals reports whether the asking player, at a question offering the
// rendezvous reveal, holds an imagined target that the captain's
// intersection meets; it takes the tile from their hand.
func (p *policy) reveals(q *wire.Question) bool {
	if q.Actor < 0 || q.Actor >= len(p.targets) {
		return false
	}
	m := arrivedAt.FindStringSubmatch(q.Text)
	if m == nil {
		return false
	}
	want := targetAt[m[1]]
	i := slices.Index(p.targets[q.Actor], want)
	if want == "" || i < 0 {
		return false
	}
	p.targets[q.Actor] = slices.Delete(p.targets[q.Actor], i, i+1)
	return true
}

// keepWare answers the public keep or sell: the player looks at
// an imagined ware and keeps it 3 times in 4; a sold one goes back under
// the imagined stack.
func (p *policy) keepWare(q *wire.Question) string {
	if len(p.wareBag) == 0 || q.Actor < 0 || q.Actor >= len(p.wares) {
		return p.either(q, 75, "keep", "sell")
	}
	w := p.wareBag[0]
	p.wareBag = p.wareBag[1:]
	if p.chance(75) {
		p.wares[q.Actor] = append(p.wares[q.Actor], w)
		return "keep"
	}
	p.wareBag = append(p.wareBag, w)
	return "sell"
}

// nameWares names the wares the player kept, as they show.
func (p *policy) nameWares(q *wire.Question) string {
	if q.Actor >= 0 && q.Actor < len(p.wares) && len(p.wares[q.Actor]) > 0 {
		return strings.Join(p.wares[q.Actor], ", ")
	}
	return ""
}

// reroll answers the rum question, whose answer is the re-roll's
// result: a re-roll pct times in 100, else keep.
func (p *policy) reroll(q *wire.Question, pct int) string {
	if p.chance(pct) {
		return "r" + strconv.Itoa(1+p.rnd.IntN(6))
	}
	return "keep"
}

// holdsImagined reports whether the asking player holds imagined
// rendezvous tiles (rumref was not told their targets).
func (p *policy) holdsImagined(q *wire.Question) bool {
	return q.Actor >= 0 && q.Actor < len(p.targets) && len(p.targets[q.Actor]) > 0
}
