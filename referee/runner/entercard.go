package runner

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"rumref/locale"
	"rumref/referee"
)

// MaxNameLength is the longest name a card typed in by hand may have.
const MaxNameLength = 40

// enterCard asks once for the printed data of a card the catalog lacks
// and adds it to the game's catalog: its type (one of types), its printed
// name, cost, skill icons and text. Context is every type the card could
// have had in this place: the type is asked whenever context holds more
// than one, and every type is asked the same questions in the same order
// with the same texts, so which questions are asked never shows the type.
// A hazard's text is read as its costs. The answers are in the journal,
// so a resumed game knows the card again.
func (g *Game) enterCard(t *referee.T, actor int, side Side, context, types []CardType, secret bool) string {
	ask, num := cardQuestions(t, actor, secret)
	typ := types[0]
	if len(context) > 1 {
		tc := referee.Choose[CardType](t)
		for _, ty := range types {
			tc.Add(ty, ty.term())
		}
		typ = tc.Pick(t, referee.Question{ID: "card.type", Actor: referee.Seat(actor), Secret: secret, Rule: "rr.cards.unknown", Prompt: referee.Text("runner.enter.type")})
	}
	c := Card{Side: side, Type: typ, Unlisted: true}
	c.Name = ask(referee.Question{ID: "card.name", Kind: referee.TextLine, Check: g.checkNewName, ExampleMsg: g.exampleName(), Prompt: referee.Text("runner.enter.name", referee.Int(MaxNameLength))})
	c.Cost = num("card.cost", "runner.enter.cost", 0, 9)
	nav := num("card.navigation", "runner.enter.navigation", 0, 3)
	com := num("card.combat", "runner.enter.combat", 0, 3)
	text := ask(referee.Question{ID: "card.text", Kind: referee.TextLine, ExampleMsg: referee.Text("runner.enter.text-example"), Prompt: referee.Text("runner.enter.text", referee.Sub(referee.Text("runner.cost.forms"))), Check: func(s string) error {
		if typ != Hazard {
			return nil
		}
		_, err := parseCosts(s)
		return err
	}})
	if noText(text) {
		text = ""
	}
	c.Text = text
	switch typ {
	case Hazard:
		c.Options, _ = parseCosts(text)
	case Event:
		c.Play = manualText(text)
	case Crew:
		c.Navigation, c.Combat = nav, com
		c.After = manualText(text)
	case Ship:
		// Only when the catalog leaves ships unknown (the box's list is complete).
		c.Navigation, c.Combat = nav, com
		c.Slots = num("card.slots", "runner.enter.slots", 1, 4)
	case Investment:
		// Only when the catalog leaves investments unknown (the box's list is complete).
		c.Points = num("card.points", "runner.enter.points", 0, 5)
		if c.Points > 0 {
			c.Funded = []Effect{{Do: OpScore}}
			c.Raid = []Effect{{Do: OpScore}}
		}
		if m := manualText(text); m != nil {
			c.Funded = append(c.Funded, m...)
			c.Raid = append(c.Raid, m...)
		}
	}
	g.addCards(c)
	return c.Name
}

// manualText is the effect of a typed-in text: the players apply it by hand.
func manualText(text string) []Effect {
	if text == "" {
		return nil
	}
	return []Effect{{Do: OpManual}}
}

// noText reports whether a typed text says the card has none.
func noText(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "-", "none", "no text", "nothing", "keiner", "keine", "kein text", "nichts":
		return true
	}
	return false
}

// reservedKeys are option keys the menus use besides card names.
var reservedKeys = []string{unlistedKey, cancelKey, misnamedKey, "done", "yes", "no"}

// checkNewName refuses a typed-in name that would be empty as an option
// key, too long, a word the menus use, or the name of a card already known.
func (g *Game) checkNewName(s string) error {
	if n := utf8.RuneCountInString(s); n > MaxNameLength {
		return errorf("runner.err.name-long", referee.Int(n), referee.Int(MaxNameLength))
	}
	k := slug(s)
	if k == "" {
		return errorf("runner.err.name-letters")
	}
	for _, r := range reservedKeys {
		if k == r {
			return errorf("runner.err.name-reserved")
		}
	}
	if c := g.cardBySlug(k); c != nil {
		return errorf("runner.err.name-known", referee.Str(c.Name))
	}
	return nil
}

// exampleName is a name no card has yet, in every language ("Typed-in
// card 2" when a card is called "Typed-in card 1" or "Eingegebene Karte
// 1").
func (g *Game) exampleName() referee.Msg {
next:
	for n := 1; ; n++ {
		name := referee.Text("runner.enter.name-example", referee.Int(n))
		for _, l := range locale.All {
			if g.cardBySlug(slug(locale.Unmark(name.In(l)))) != nil {
				continue next
			}
		}
		return name
	}
}

// costPatterns and the patterns below are compiled the first time a cost
// is typed in, not at every start of rumref.
var costPatterns = sync.OnceValue(func() []costPattern {
	return []costPattern{
		{regexp.MustCompile(`^(\d+) (?:navigation|nav)(?: icons?)?$`), OpNavigation},
		{regexp.MustCompile(`^(?:navigation|nav) (\d+)$`), OpNavigation},
		{regexp.MustCompile(`^(\d+) (?:combat|fight)(?: icons?)?$`), OpCombat},
		{regexp.MustCompile(`^(?:combat|fight) (\d+)$`), OpCombat},
		{regexp.MustCompile(`^pay (\d+)(?: coins?)?$`), OpPay},
		{regexp.MustCompile(`^discard (\d+)(?: cards?)?$`), OpDiscard},
		{regexp.MustCompile(`^trash (a|an|one|\d+)(?: raiding| party)? crew(?: members?)?$`), OpTrashCrew},
		{regexp.MustCompile(`^(?:the )?crown gains (\d+)(?: coins?)?$`), OpRivalGain},
		{regexp.MustCompile(`^\+?(\d+)(?: coins?)? on each (?:raiding )?ship$`), OpCoinRaiders},
		{regexp.MustCompile(`^\+?(\d+)(?: coins?)? on (?:this|the) (?:hazard|card)$`), OpCoinThis},
		// The same in German, as docs/german.md names them.
		{regexp.MustCompile(`^(\d+) (?:kampf|kampfsymbole?)$`), OpCombat},
		{regexp.MustCompile(`^kampf (\d+)$`), OpCombat},
		{regexp.MustCompile(`^(\d+) navigationssymbole?$`), OpNavigation},
		{regexp.MustCompile(`^(?:(\d+)(?: münzen?)? (?:zahlen|bezahlen)|(?:zahle|zahlen|bezahle) (\d+)(?: münzen?)?)$`), OpPay},
		{regexp.MustCompile(`^(?:(\d+)(?: karten?)? abwerfen|(?:wirf|abwerfen) (\d+)(?: karten?)?(?: ab)?)$`), OpDiscard},
		{regexp.MustCompile(`^(?:(eine?n?|\d+) crew(?:-karten?| karten?)? entfernen|entferne (eine?n?|\d+) crew(?:-karten?| karten?)?)$`), OpTrashCrew},
		{regexp.MustCompile(`^(?:die )?krone (?:nimmt|erhält|bekommt) (\d+)(?: münzen?)?$`), OpRivalGain},
		{regexp.MustCompile(`^\+?(\d+)(?: münzen?)? auf jedes(?: überfallende)? schiff(?: des überfalltrupps)?$`), OpCoinRaiders},
		{regexp.MustCompile(`^\+?(\d+)(?: münzen?)? auf (?:diese|die) (?:gefahr|karte)$`), OpCoinThis},
	}
})

type costPattern struct {
	re *regexp.Regexp
	op Op
}

var (
	trashShipPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:trash (?:a|one|the) (?:raiding )?ship\b|(?:ein|1|das) schiff entfernen|entferne (?:ein|1|das) schiff\b)(.*)$`)
	})
	costAlternatives = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s*\|\s*|\s+or\s+|\s+oder\s+`) })
	costParts        = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\s*(?:,|;|\band\b|\bthen\b|\bund\b|\bdann\b)\s*`)
	})
)

// parseCosts reads a hazard's costs as typed: alternatives separated by
// "|" or "or", each one or more parts joined by "and" or commas.
func parseCosts(s string) ([][]Effect, error) {
	if noText(s) {
		return nil, errorf("runner.err.no-cost", referee.Sub(referee.Text("runner.cost.forms")))
	}
	alts := costAlternatives().Split(strings.ToLower(strings.TrimSpace(s)), -1)
	if len(alts) > 4 {
		return nil, errorf("runner.err.costs", referee.Int(len(alts)))
	}
	var out [][]Effect
	for i, alt := range alts {
		var opt []Effect
		for j, part := range costParts().Split(alt, -1) {
			part = strings.Trim(strings.TrimSpace(part), ".!")
			if part == "" {
				continue
			}
			if n := len(opt); n > 0 && opt[n-1].Do == OpTrashShip && strings.Contains(part, "crew") && strings.Contains(part, "hand") {
				opt[n-1].Hand = true // "trash a ship, its crew to hand"
				continue
			}
			e, err := parseCostPart(part)
			if err != nil {
				// The answer is secret: say where, without echoing it.
				return nil, wrapf(err, "runner.err.cost-part", referee.Int(i+1), referee.Int(j+1))
			}
			opt = append(opt, e)
		}
		if len(opt) == 0 {
			return nil, errorf("runner.err.cost-empty")
		}
		if len(opt) > 3 {
			return nil, errorf("runner.err.cost-parts", referee.Int(i+1), referee.Int(len(opt)))
		}
		out = append(out, opt)
	}
	return out, nil
}

func parseCostPart(part string) (Effect, error) {
	if n := strings.Count(part, "🧭"); n > 0 && strings.Trim(part, "🧭 ") == "" {
		return Effect{Do: OpNavigation, N: n}, nil
	}
	if n := strings.Count(part, "⚔"); n > 0 && strings.Trim(part, "⚔\ufe0f ") == "" {
		return Effect{Do: OpCombat, N: n}, nil
	}
	switch part {
	case "by hand", "manual", "apply by hand", "something else", "von hand", "manuell", "etwas anderes":
		return Effect{Do: OpManual}, nil
	}
	if m := trashShipPattern().FindStringSubmatch(part); m != nil {
		return Effect{Do: OpTrashShip, Hand: strings.Contains(m[1], "hand")}, nil
	}
	for _, p := range costPatterns() {
		m := p.re.FindStringSubmatch(part)
		if m == nil {
			continue
		}
		n := 1
		for _, g := range m[1:] {
			if d, err := strconv.Atoi(g); err == nil {
				n = d
			}
		}
		if n < 1 || n > 9 {
			return Effect{}, errorf("runner.err.cost-number")
		}
		return Effect{Do: p.op, N: n}, nil
	}
	return Effect{}, errorf("runner.err.cost-unknown", referee.Sub(referee.Text("runner.cost.forms")))
}

// cardQuestions returns the two ways a card typed in by hand is asked
// about: a question (text or choice) and a number, both of the actor,
// secret when the card is, under the typed-in card rule.
func cardQuestions(t *referee.T, actor int, secret bool) (ask func(referee.Question) string, num func(id, key string, lo, hi int) int) {
	ask = func(q referee.Question) string {
		q.Actor, q.Secret, q.Rule = referee.Seat(actor), secret, "rr.cards.unknown"
		return t.Ask(q)
	}
	num = func(id, key string, lo, hi int) int {
		return t.AskNumber(referee.Question{ID: id, Actor: referee.Seat(actor), Secret: secret, Rule: "rr.cards.unknown", Min: lo, Max: hi, Prompt: referee.Text(key)})
	}
	return ask, num
}
