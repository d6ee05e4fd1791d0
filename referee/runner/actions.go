package runner

import (
	"slices"

	"rumref/referee"
)

// Action is one entry of the action menu.
type Action int

// The actions of both sides (rule 26).
const (
	ActGain Action = iota
	ActDraw
	ActEvent
	ActInvestments
	ActHazard
	ActRecall
	ActInvest
	ActShip
	ActCrew
	ActRaid
)

var actionNames = []string{"gain", "draw", "event", "investments", "hazard", "recall", "invest", "ship", "crew", "raid"}

// actionLabels are the actions' labels' catalog keys, by action: made
// once, not by a concatenation per option of every action question (that
// took 6% of the CPU time of 1500 random Rum Runner games, measured
// 2026-12-02, five runs in turn), as ops.go makes its ops' keys.
var actionLabels = func() []string {
	keys := make([]string, len(actionNames))
	for i, n := range actionNames {
		keys[i] = "runner.action." + n
	}
	return keys
}()

// String returns the action's menu key.
func (a Action) String() string { return enumString(actionNames, int(a)) }

// legalActions lists the actions the seat may take now. The menu is
// public, so an action that plays a card from hand is offered when the
// table can tell the hand may hold a card for it (mayPlay, crownMayHold),
// whatever it really holds; the card question that follows lets the
// player take the choice back (see chooseFromHand).
func (g *Game) legalActions(seat int) []Action {
	p := g.Players[seat]
	holds := p.HandSize() > 0
	out := []Action{ActGain, ActDraw}
	if holds && g.mayPlay(seat, []CardType{Event}, g.playable(seat)) {
		out = append(out, ActEvent)
	}
	if seat == CrownSeat {
		if holds && len(g.freeIslands()) > 0 && g.crownMayHold(Investment) {
			out = append(out, ActInvestments)
		}
		if holds && g.crownMayHold(Hazard) {
			out = append(out, ActHazard)
		}
		if g.crownHasPieces() {
			out = append(out, ActRecall)
			if p.Supply > 0 {
				out = append(out, ActInvest)
			}
		}
		return out
	}
	if holds && g.mayPlay(seat, []CardType{Ship}, g.affordable(Ship)) {
		out = append(out, ActShip)
	}
	if hasCrew(g.Ships) || (g.mayPlayCrew() && g.roomBesides(nil)) {
		out = append(out, ActCrew)
	}
	if g.canRaid() {
		out = append(out, ActRaid)
	}
	return out
}

// action asks for and carries out one action. It reports false when the
// player took the choice back in the secret card question, so the action
// is not spent.
func (g *Game) action(t *referee.T, seat int) bool {
	p := g.Players[seat]
	legal := g.legalActions(seat)
	opts := referee.Choose[referee.Key](t)
	if seat == CrownSeat && g.revealOption() {
		opts.Add(revealKey, referee.Text("runner.action.reveal"))
	}
	for _, a := range legal {
		opts.Add(referee.Key(a.String()), referee.Text(actionLabels[a]))
	}
	k := string(opts.Pick(t, referee.Question{ID: "action", Actor: referee.Seat(seat), Rule: "rr.actions", Prompt: referee.Text("runner.action.ask", referee.Str(p.Name), referee.Int(ActionsPerTurn-g.Actions+1), referee.Int(ActionsPerTurn), referee.Count(p.Supply, "runner.noun.coin"), referee.Count(p.HandSize(), "runner.noun.card"))}))
	if k == revealKey {
		g.reveal(t)
		g.revealOpen = false
		return false
	}
	a := Action(slices.Index(actionNames, k))
	switch a {
	case ActGain:
		p.Supply += 2
		t.Say("rr.gain-coins", referee.Text("runner.action.gained", referee.Str(p.Name), referee.Int(p.Supply)))
	case ActDraw:
		need := HandLimit - p.HandSize()
		if need <= 0 {
			t.Say("rr.draw", referee.Text("runner.action.full-hand", referee.Str(p.Name)))
			return true
		}
		g.draw(t, seat, need)
	case ActEvent:
		return g.playEvent(t, seat)
	case ActInvestments:
		return g.playInvestments(t)
	case ActHazard:
		return g.playHazard(t)
	case ActRecall:
		g.recall(t)
	case ActInvest:
		g.invest(t)
	case ActShip:
		return g.playShip(t)
	case ActCrew:
		return g.playCrew(t)
	case ActRaid:
		g.raid(t, nil)
	}
	return true
}

// cancelKey is the option of a secret hand question that takes the
// action back.
const cancelKey = "cancel"

// cancelName and doneName are the card-list options that name no card.
const (
	cancelName cardName = cancelKey
	doneName   cardName = "done"
)

// chooseFromHand asks the seat which card of their hand to play for an
// action. The options are the cards that fit, always followed by "take it
// back", so a secret question looks the same whether or not one fits and
// nobody learns what the hand holds. It returns "" when the player takes
// the action back; the card stays in hand until the caller takes it
// (takeFromHand) where it is put. A pirate's card played face-up is named
// in public (public is true): the options are then every card the hand can
// hold that fits, which the table can tell from what is out (see hand.go).
func (g *Game) chooseFromHand(t *referee.T, id string, seat int, text referee.Msg, rule string, public bool, types []CardType, fits func(*Card) bool) string {
	return g.chooseFromHandOr(t, id, seat, text, rule, public, types, fits, referee.Text("runner.hand.take-back"), "runner.hand.took-back")
}

// chooseFromHandOr is chooseFromHand with its own wording for the option
// that plays no card and for the event that reports it.
func (g *Game) chooseFromHandOr(t *referee.T, id string, seat int, text referee.Msg, rule string, public bool, types []CardType, fits func(*Card) bool, cancel referee.Msg, told string) string {
	n := g.pickFromHand(t, seat, handQuestion{types: types, fits: fits, none: cancelName, label: cancel, later: true,
		q: referee.Question{ID: id, Actor: referee.Seat(seat), Secret: !public || g.namedHand(seat), Rule: rule,
			Prompt: referee.Text("runner.hand.only-playable", referee.Sub(text))}})
	if n == "" {
		t.Say(rule, referee.Text(told, referee.Str(g.Players[seat].Name)))
	}
	return n
}

// affordable fits the pirate's cards of a type whose cost is payable.
func (g *Game) affordable(ty CardType) func(*Card) bool {
	p := g.pirate()
	return func(c *Card) bool { return c.Type == ty && c.Cost <= p.Supply }
}

// playable fits the events the seat can pay for and carry out.
func (g *Game) playable(seat int) func(*Card) bool {
	p := g.Players[seat]
	return func(c *Card) bool {
		if c.Type != Event || c.Cost > p.Supply {
			return false
		}
		return !slices.ContainsFunc(c.Play, func(e Effect) bool { return e.Do == OpRaidWithShip }) || len(g.readyShips()) > 0
	}
}

// playEvent plays an event: pay, discard face-up, carry out its text (rule 29).
func (g *Game) playEvent(t *referee.T, seat int) bool {
	p := g.Players[seat]
	name := g.chooseFromHand(t, "event.card", seat, referee.Text("runner.event.which", referee.Str(p.Name)), "rr.event", true, []CardType{Event}, g.playable(seat))
	if name == "" {
		return false
	}
	c := g.card(name)
	g.takeFromHand(seat, name)
	p.Supply -= c.Cost
	p.Discard = append(p.Discard, name)
	t.Say("rr.event", referee.Text("runner.event.plays", referee.Str(p.Name), referee.Str(name), referee.Int(c.Cost), referee.Sub(effectsMsg(c.Play))))
	g.applyText(t, &effectCtx{actor: seat, card: c, rule: "rr.event"}, c.Play)
	return true
}
