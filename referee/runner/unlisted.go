package runner

import (
	"fmt"

	"rumref/referee"
)

// enterCardV0 is how games started before edition 1 type in a card: the
// type's own questions, and a numbered name. Those saves replay with it.
func (g *Game) enterCardV0(t *referee.T, actor int, side Side, types []CardType, secret bool) string {
	ask, num := cardQuestions(t, actor, secret)
	typ := types[0]
	if len(types) > 1 {
		tc := referee.Choose[CardType](t)
		for _, ty := range types {
			tc.AddText(ty, ty.String())
		}
		typ = tc.Pick(t, referee.Question{ID: "card.type", Actor: referee.Seat(actor), Secret: secret, Rule: "rr.cards.unknown", Prompt: referee.Text("This card is not in the referee's list. What type is printed on it?")})
	}
	n := 1
	for i := range g.cards {
		if g.cards[i].Unlisted && g.cards[i].Type == typ && g.cards[i].Side == side {
			n++
		}
	}
	c := Card{Name: fmt.Sprintf("Unlisted %s %s %d", side, typ, n), Side: side, Type: typ, Unlisted: true}
	if typ != Island {
		c.Cost = num("card.cost", "What coin value is printed in its top-left corner (cost or price)?", 0, 9)
	}
	manual := func() []Effect {
		k := ask(yesNo("card.text", 0, "Does the card carry rules text the referee should hand to you when it applies?", "",
			"yes: show it and let us apply it by hand", "no text"))
		if k == "yes" {
			return []Effect{{Do: OpManual}}
		}
		return nil
	}
	switch typ {
	case Investment:
		c.Points = num("card.points", "How many points does it score for the crown when funded (0 if it is not rum)?", 0, 5)
		if c.Points > 0 {
			c.Funded = []Effect{{Do: OpScore}}
			c.Raid = []Effect{{Do: OpScore}}
		}
		if m := manual(); m != nil {
			c.Funded = append(c.Funded, m...)
			c.Raid = append(c.Raid, m...)
		}
	case Hazard:
		k := num("card.options", "How many alternative costs does it list (separated by bars)?", 1, 3)
		for i := 0; i < k; i++ {
			c.Options = append(c.Options, g.enterOption(ask, num, i+1))
		}
	case Event:
		c.Play = manual()
	case Ship:
		c.Slots = num("card.slots", "How many crew slots does the ship have?", 1, 4)
		c.Navigation = num("card.navigation", "How many navigation icons does it show?", 0, 3)
		c.Combat = num("card.combat", "How many combat icons does it show?", 0, 3)
	case Crew:
		c.Navigation = num("card.navigation", "How many navigation icons does it show?", 0, 3)
		c.Combat = num("card.combat", "How many combat icons does it show?", 0, 3)
		c.After = manual()
	}
	g.addCards(c)
	return c.Name
}

// optionKinds are the cost primitives offered when typing in a hazard.
var optionKinds = []struct {
	key   string
	label string
	op    Op
	hand  bool
	asksN bool
}{
	{"navigation", "navigation icons", OpNavigation, false, true},
	{"combat", "combat icons", OpCombat, false, true},
	{"pay", "pay coins", OpPay, false, true},
	{"discard", "discard cards", OpDiscard, false, true},
	{"trash-crew", "trash crew of the raiding party", OpTrashCrew, false, true},
	{"trash-ship", "trash a raiding ship, its crew to hand", OpTrashShip, true, false},
	{"rival-gain", "the crown gains coins", OpRivalGain, false, true},
	{"coin-raiders", "+coins on each raiding ship", OpCoinRaiders, false, true},
	{"manual", "something else (apply by hand)", OpManual, false, false},
}

func (g *Game) enterOption(ask func(referee.Question) string, num func(string, string, int, int) int, i int) []Effect {
	var out []Effect
	for {
		opts := make([]referee.Option, 0, len(optionKinds)+1)
		for _, k := range optionKinds {
			opts = append(opts, referee.Option{Key: k.key, Label: k.label})
		}
		if len(out) > 0 {
			opts = append(opts, referee.Option{Key: "done", Label: "that is the whole cost"})
		}
		key := ask(referee.Question{ID: "card.option", Options: opts, Prompt: referee.Text("Cost option %d: what does it ask (one part at a time)?", referee.Int(i))})
		if key == "done" {
			return out
		}
		for _, k := range optionKinds {
			if k.key != key {
				continue
			}
			e := Effect{Do: k.op, Hand: k.hand}
			if k.asksN {
				e.N = num("card.option.n", "How many?", 1, 5)
			}
			out = append(out, e)
		}
		if len(out) >= 3 {
			return out
		}
	}
}

// cardQuestions returns the two ways a card typed in by hand is asked
// about: a question (text or choice) and a number, both of the actor,
// secret when the card is, under the typed-in card rule.
func cardQuestions(t *referee.T, actor int, secret bool) (ask func(referee.Question) string, num func(id, text string, lo, hi int) int) {
	ask = func(q referee.Question) string {
		q.Actor, q.Secret, q.Rule = referee.Seat(actor), secret, "rr.cards.unknown"
		return t.Ask(q)
	}
	num = func(id, text string, lo, hi int) int {
		return t.AskNumber(referee.Question{ID: id, Actor: referee.Seat(actor), Secret: secret, Rule: "rr.cards.unknown", Min: lo, Max: hi, Text: text})
	}
	return ask, num
}
