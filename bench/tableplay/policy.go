package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"rumref/wire"
)

// The human-like choices. They read only what both versions' questions
// show (question IDs, option keys and labels, the numbers in the text)
// and, for Rum Runner, the player's own view (peek), so one policy drives
// 221e179 and today's rumref alike.

var (
	inSupply  = regexp.MustCompile(`(\d+) pirates? in supply`)
	pirateFee = regexp.MustCompile(`\((\d+) pirates?`)
)

func number(re *regexp.Regexp, s string) int {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return -1
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// isAlley reports whether an option is an alley to move along ("a" and
// the alley's number).
func isAlley(o wire.Option) bool {
	return len(o.Key) > 1 && o.Key[0] == 'a' && strings.Trim(o.Key[1:], "0123456789") == ""
}

// pirates chooses like a person at the Rum & Pirates table: the captain
// mostly hops on toward actions (cheap alleys first, rarely a coin
// space), boards only when few pirates are left, joins pubs, takes maps,
// spends rum now and then. The table's draws and dice are random.
func (p *policy) pirates(q *wire.Question) string {
	supply := number(inSupply, q.Text)
	switch q.ID {
	case "pub.join":
		// Asked in public, as decided at the invitation.
		return p.join(q)
	case "pub.invite":
		return p.invite(q)
	case "rendezvous.offer":
		if p.holdsImagined(q) {
			if p.reveals(q) {
				return "reveal"
			}
			return "end"
		}
		return p.either(q, 40, "reveal", "end")
	case "wrangle.roll", "pub.roll", "chest.roll":
		// A player holding rum gives the die or, after a barrel, the
		// result that stands (r5): a barrel 35 times in 100.
		if has(q, "r1") != "" {
			d := strconv.Itoa(1 + p.rnd.IntN(6))
			if p.chance(35) {
				return "r" + d
			}
			return d
		}
	case "rum.more":
		return p.reroll(q, 30)
	case "map.take":
		if k := p.without(q, "none"); k != "" && p.chance(90) {
			return k
		}
	case "supply.keep":
		return p.keepWare(q)
	}
	// A menu of alleys (move.exit, the turn menu and the hop menu, which
	// list rest, boarding or stopping beside them).
	var alleys []wire.Option
	for _, o := range q.Options {
		if isAlley(o) {
			alleys = append(alleys, o)
		}
	}
	if len(alleys) == 0 {
		return ""
	}
	menu := len(alleys) < len(q.Options)
	if has(q, "reveal") != "" && p.holdsImagined(q) && p.reveals(q) {
		return "reveal"
	}
	if menu {
		if k := has(q, "board"); k != "" && supply >= 0 && supply <= 3 {
			return k
		}
		if k := has(q, "avast", "stop", "none"); k != "" && (p.hops >= 2 || !p.chance(55)) {
			return k
		}
		if has(q, "rest") != "" && has(q, "board") != "" {
			p.hops = 0 // the first menu of a turn
		}
	}
	p.hops++
	return p.alleyToward(alleys)
}

// alleyToward picks an alley as a person heading for an action does: the
// cheap ones more often, coin spaces less.
func (p *policy) alleyToward(alleys []wire.Option) string {
	best, bestW := "", -1.0
	for _, o := range alleys {
		fee := number(pirateFee, o.Label)
		if fee < 1 {
			fee = 2
		}
		w := p.rnd.Float64() / float64(fee)
		if strings.Contains(o.Label, "Coin") || strings.Contains(o.Label, "Dark alley") {
			w /= 2
		}
		if w > bestW {
			best, bestW = o.Key, w
		}
	}
	return best
}

// runner chooses like a person playing Rum Runner sensibly. The crown
// places investments, funds them, guards them with hazards and raises
// hazards in a raid; the pirate hires crew, buys ships and raids islands
// that hold a card. Neither plays a card it does not hold (it peeks at
// its own hand), so the hand questions are never taken back.
func (p *policy) runner(q *wire.Question) string {
	v := p.view
	switch q.ID {
	case "action":
		if q.Actor == 0 {
			return p.crownAction(q, v)
		}
		return p.pirateAction(q, v)
	case "investments.card":
		if k := p.without(q, "cancel", "done"); k != "" && (has(q, "cancel") != "" || p.chance(70)) {
			return k
		}
		return has(q, "done", "cancel")
	case "invest.card":
		for _, o := range q.Options {
			if v != nil && v.underfunded(o.Key) {
				return o.Key
			}
		}
		if k := has(q, "done"); k != "" {
			return k
		}
	case "raid.raise":
		// The crown raises a hazard its own view shows it can pay for
		// (rumref lists them all where the question is public).
		for _, o := range q.Options {
			if v.raisable(o.Key) && p.chance(85) {
				return o.Key
			}
		}
		return has(q, "done")
	case "reveal.pick":
		if k := p.without(q, "done"); k != "" && p.chance(85) {
			return k
		}
		return has(q, "done")
	case "hazard.island":
		if v != nil {
			for _, o := range q.Options {
				if v.holdsCard(o.Key) && p.chance(70) {
					return o.Key
				}
			}
		}
	case "raid.target":
		var good []string
		for _, o := range q.Options {
			if !strings.Contains(o.Label, ": empty") {
				good = append(good, o.Key)
			}
		}
		if len(good) > 0 {
			return good[p.rnd.IntN(len(good))]
		}
	case "raid.party":
		if k := has(q, "done"); k != "" && p.chance(50) {
			return k
		}
		return p.without(q, "done")
	case "crew.step":
		if k := has(q, "play"); k != "" && !p.crewPlayed {
			p.crewPlayed = true
			return k
		}
		return has(q, "done")
	case "effect.optional", "effect.pay-to-trash":
		return p.either(q, 70, "yes", "no")
	case "adjust":
		return has(q, "done")
	case "hazard.identify", "draw.card", "deck.remove", "raid.deck-top", "raid.hand-pick":
		// A card from the box: any the box still holds, and a card the
		// referee does not know only when nothing else is left.
		return p.without(q, "unlisted")
	}
	// The other hand questions: a card that fits, never "take it back"
	// when one does.
	if k := p.without(q, "cancel", "unlisted"); k != "" {
		return k
	}
	return ""
}

// crownAction is the crown's action: place investments, fund them, play
// hazards, and gain or draw when short.
func (p *policy) crownAction(q *wire.Question, v *runnerView) string {
	me := v.me(0)
	switch {
	case has(q, "reveal") != "" && v.fundedFaceDown() && p.chance(85):
		return "reveal"
	case has(q, "investments") != "" && p.holds(me, "investment") && p.chance(90):
		return "investments"
	case has(q, "invest") != "" && me.Supply > 0 && v.anyUnderfunded() && p.chance(80):
		return "invest"
	case has(q, "hazard") != "" && p.holds(me, "hazard") && p.chance(60):
		return "hazard"
	case has(q, "event") != "" && p.holds(me, "event") && p.chance(50):
		return "event"
	case me.HandSize < 3 && me.Deck > 0:
		return "draw"
	}
	return "gain"
}

// pirateAction is the pirate's action: raid when a ship is ready, hire
// crew and buy ships while coins last, gain or draw when short.
func (p *policy) pirateAction(q *wire.Question, v *runnerView) string {
	me := v.me(1)
	p.crewPlayed = false
	switch {
	case has(q, "raid") != "" && p.chance(85):
		return "raid"
	case has(q, "crew") != "" && p.holds(me, "crew") && v.freeSlot() && me.Supply >= 1 && p.chance(85):
		return "crew"
	case has(q, "ship") != "" && p.holds(me, "ship") && me.Supply >= 3 && p.chance(60):
		return "ship"
	case has(q, "event") != "" && p.holds(me, "event") && v.readyShip() && p.chance(60):
		return "event"
	case me.HandSize < 3 && me.Deck > 0:
		return "draw"
	}
	return "gain"
}

// runnerNumber answers a Rum Runner number question: a typed-in card's
// printed numbers as small values, raising coins as a person would.
func (p *policy) runnerNumber(q *wire.Question, lo, hi int) int {
	switch q.ID {
	case "raid.raise.extra":
		return min(hi, lo+p.rnd.IntN(2))
	case "card.cost":
		return min(hi, max(lo, 1))
	}
	return lo + p.rnd.IntN(hi-lo+1)
}

// runnerText answers a text question: a typed-in card's name and text.
func (p *policy) runnerText(q *wire.Question) string {
	if strings.Contains(q.ID, "name") {
		p.typed++
		return fmt.Sprintf("Fog Bank %c", rune('A'+p.typed-1))
	}
	return "pay 1"
}

// either is the option yes with probability pct in 100, else no.
func (p *policy) either(q *wire.Question, pct int, yes, no string) string {
	if p.chance(pct) {
		return has(q, yes)
	}
	return has(q, no)
}
