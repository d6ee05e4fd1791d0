package runner

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"rumref/locale"
	"rumref/referee"
	"rumref/safetext"
)

// Side is the player a card belongs to.
type Side int

// The two sides of Rum Runner.
const (
	CrownSide Side = iota
	PirateSide
)

var sideNames = []string{"crown", "pirate"}

// String returns the side's name as the card file spells it.
func (s Side) String() string { return enumString(sideNames, int(s)) }

// MarshalText writes the side's name.
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a side's name.
func (s *Side) UnmarshalText(b []byte) error {
	n, err := enumParse("side", sideNames, string(b))
	*s = Side(n)
	return err
}

// CardType is the printed type of a card.
type CardType int

// The card types of Rum Runner.
const (
	Island CardType = iota
	Investment
	Hazard
	Event
	Ship
	Crew
)

var typeNames = []string{"island", "investment", "hazard", "event", "ship", "crew"}

// String returns the type's name as the card file spells it.
func (c CardType) String() string { return enumString(typeNames, int(c)) }

// term is the type's name as a player reads it.
func (c CardType) term() referee.Msg { return referee.Text("runner.type." + c.String()) }

// Key is the type's option key: its name.
func (c CardType) Key() string { return c.String() }

// MarshalText writes the type's name.
func (c CardType) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a type's name.
func (c *CardType) UnmarshalText(b []byte) error {
	n, err := enumParse("type", typeNames, string(b))
	*c = CardType(n)
	return err
}

// Op is one effect primitive the referee knows how to carry out.
type Op int

// The effect primitives. Each reads from the point of view of the player
// carrying the effect out (the actor).
const (
	// OpNavigation spends N navigation icons of the raiding party.
	OpNavigation Op = iota
	// OpCombat spends N combat icons of the raiding party.
	OpCombat
	// OpPay pays N coins from the actor's supply to the bank.
	OpPay
	// OpGain takes N coins from the bank into the actor's supply.
	OpGain
	// OpRivalGain gives the other player N coins from the bank.
	OpRivalGain
	// OpTake moves N coins from the other player's supply to the actor's.
	OpTake
	// OpDiscard discards N cards of the actor's choice from the actor's hand.
	OpDiscard
	// OpDraw draws N cards.
	OpDraw
	// OpCoinThis puts N coins from the bank on this card.
	OpCoinThis
	// OpCoinShip puts N coins on the ship this crew sits on.
	OpCoinShip
	// OpCoinRaiders puts N coins on each ship of the raiding party.
	OpCoinRaiders
	// OpCoinOwn puts 1 coin on each of up to N different own cards in play.
	OpCoinOwn
	// OpCoinPirateShip puts 1 coin on a pirate ship the actor picks.
	OpCoinPirateShip
	// OpRemoveCoin removes 1 coin from a hazard the actor picks.
	OpRemoveCoin
	// OpTrashCrew trashes N crew of the raiding party (any crew outside a raid).
	OpTrashCrew
	// OpTrashShip trashes a ship with its crew (crew to the hand when Hand is set).
	OpTrashShip
	// OpScore scores this card for the actor: N points for the crown, 1 for the pirate.
	OpScore
	// OpMoveCoin moves 1 coin from one hazard to another or one ship to another.
	OpMoveCoin
	// OpShuffleHand shuffles the actor's hand into the actor's deck.
	OpShuffleHand
	// OpPeek lets the pirate look at one face-down crown card.
	OpPeek
	// OpRaidWithShip puts N coins on a ready crewed ship and raids with it alone.
	OpRaidWithShip
	// OpKeepUnlessPaid keeps a raided card in play unless the pirate pays 1 coin per coin on it.
	OpKeepUnlessPaid
	// OpHazardFromDiscard takes a hazard from the crown's discard pile into hand.
	OpHazardFromDiscard
	// OpMoveHazard moves a hazard to the outer end of another island's row.
	OpMoveHazard
	// OpCrewFromDiscard returns a crew from the pirate's discard pile to hand.
	OpCrewFromDiscard
	// OpChoose lets the actor pick one of the alternatives in Or.
	OpChoose
	// OpManual shows the card's text and hands the players an adjust menu.
	OpManual
	// numOps counts the primitives (see ops for what each does).
	numOps
)

// String returns the primitive's name as the card file spells it.
func (o Op) String() string {
	if o >= 0 && o < numOps {
		return ops[o].name
	}
	return enumString(nil, int(o))
}

// MarshalText writes the primitive's name.
func (o Op) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads a primitive's name.
func (o *Op) UnmarshalText(b []byte) error {
	n, err := enumParse("effect", opNames(), string(b))
	*o = Op(n)
	return err
}

// Effect is one primitive with its amount and modifiers.
type Effect struct {
	Do Op  `yaml:"do" json:"do"`
	N  int `yaml:"n,omitempty" json:"n,omitempty"`
	// Optional effects are offered to the actor, who may decline.
	Optional bool `yaml:"optional,omitempty" json:"optional,omitempty"`
	// Hand sends the crew of a trashed ship to the pirate's hand.
	Hand bool `yaml:"hand,omitempty" json:"hand,omitempty"`
	// Success limits the effect to a successful raid: the raid an event
	// started, or the raid a crew took part in.
	Success bool `yaml:"success,omitempty" json:"success,omitempty"`
	// Or holds the alternatives of a choose effect; an empty one means "nothing".
	Or [][]Effect `yaml:"or,omitempty" json:"or,omitempty"`
	// Exactly makes coin-own put a coin on exactly N cards (on every own
	// card when fewer are in play): the actor may not stop early.
	Exactly bool `yaml:"exactly,omitempty" json:"exactly,omitempty"`
	// Adjust limits a manual effect's menu to these adjustments, each once
	// (see AdjustKinds); without it every adjustment is offered.
	Adjust []string `yaml:"adjust,omitempty" json:"adjust,omitempty"`
}

// Card is one card's printed data as the catalog records it.
type Card struct {
	Name string   `yaml:"name" json:"name"`
	Side Side     `yaml:"side" json:"side"`
	Type CardType `yaml:"type" json:"type"`
	// Copies in the box; 0 means the count is not known.
	Copies int `yaml:"copies,omitempty" json:"copies,omitempty"`
	// Starting cards (starting hazards, Longboats) begin outside the deck.
	Starting bool `yaml:"starting,omitempty" json:"starting,omitempty"`
	// Cost is the coin value in the corner: a cost, or an investment's price.
	Cost int `yaml:"cost" json:"cost"`
	// Points are the crown's points for funding this rum.
	Points     int `yaml:"points,omitempty" json:"points,omitempty"`
	Navigation int `yaml:"navigation,omitempty" json:"navigation,omitempty"`
	Combat     int `yaml:"combat,omitempty" json:"combat,omitempty"`
	// Slots is a ship's number of crew slots.
	Slots int `yaml:"slots,omitempty" json:"slots,omitempty"`
	// Options are a hazard's alternative costs.
	Options [][]Effect `yaml:"options,omitempty" json:"options,omitempty"`
	// Funded runs once when an investment is revealed funded.
	Funded []Effect `yaml:"funded,omitempty" json:"funded,omitempty"`
	// TurnEnd runs at the end of each crown turn while the investment is face-up and funded.
	TurnEnd []Effect `yaml:"turn_end,omitempty" json:"turn_end,omitempty"`
	// Raid is the raid text, carried out by the pirate.
	Raid []Effect `yaml:"raid,omitempty" json:"raid,omitempty"`
	// Play is an event's text.
	Play []Effect `yaml:"play,omitempty" json:"play,omitempty"`
	// After is a crew card's text, carried out after each raid it took part in.
	After []Effect `yaml:"after,omitempty" json:"after,omitempty"`
	// Text is the card's text in our own words.
	Text string `yaml:"text,omitempty" json:"text,omitempty"`
	// Provisional marks data read from icons only (rulings A5).
	Provisional bool `yaml:"provisional,omitempty" json:"provisional,omitempty"`
	// Unlisted marks a card whose data the players typed in during play.
	Unlisted bool `yaml:"unlisted,omitempty" json:"unlisted,omitempty"`
}

// InDeck reports whether the card is shuffled into its side's deck.
func (c *Card) InDeck() bool { return !c.Starting && c.Type != Island }

// Validate checks the card's data and names the field at fault.
func (c *Card) Validate() error {
	if strings.TrimSpace(c.Name) == "" {
		return errorf("runner.err.card.no-name")
	}
	if err := safetext.Line("the card name "+strconv.Quote(c.Name), c.Name, safetext.MaxCardName); err != nil {
		return err
	}
	bad := func(field, key string, args ...referee.Arg) error {
		return errorf("runner.err.card", referee.Str(c.Name), referee.Str(field), referee.Sub(referee.Text(key, args...)))
	}
	switch key := slug(c.Name); {
	case key == "":
		return bad("name", "runner.err.card.key-empty")
	case slices.Contains(reservedKeys, key):
		return bad("name", "runner.err.card.key-reserved", referee.Str(key))
	}
	if c.Text != "" {
		if err := safetext.Line("the text", c.Text, safetext.MaxCardText); err != nil {
			return wrapf(err, "runner.err.card.text", referee.Str(c.Name))
		}
	}
	if c.Side < CrownSide || c.Side > PirateSide {
		return bad("side", "runner.err.card.side")
	}
	if c.Type < Island || c.Type > Crew {
		return bad("type", "runner.err.card.type")
	}
	crownType := c.Type == Island || c.Type == Investment || c.Type == Hazard
	pirateType := c.Type == Ship || c.Type == Crew
	if (crownType && c.Side != CrownSide) || (pirateType && c.Side != PirateSide) {
		return bad("side", "runner.err.card.side-type", referee.Str(c.Side.String()), referee.Str(c.Type.String()))
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"copies", c.Copies}, {"cost", c.Cost}, {"points", c.Points}, {"navigation", c.Navigation},
		{"combat", c.Combat}, {"slots", c.Slots}} {
		if f.v < 0 || f.v > 20 {
			return bad(f.name, "runner.err.card.range", referee.Int(f.v))
		}
	}
	if c.Type == Ship && c.Slots < 1 {
		return bad("slots", "runner.err.card.ship-slots")
	}
	if c.Type != Ship && c.Slots != 0 {
		return bad("slots", "runner.err.card.slots")
	}
	if c.Type == Hazard && len(c.Options) == 0 {
		return bad("options", "runner.err.card.no-options")
	}
	if c.Type != Hazard && len(c.Options) != 0 {
		return bad("options", "runner.err.card.options")
	}
	if c.Points > 0 && c.Type != Investment {
		return bad("points", "runner.err.card.points")
	}
	lists := []struct {
		name string
		l    []Effect
		ok   bool
	}{{"funded", c.Funded, c.Type == Investment}, {"turn_end", c.TurnEnd, c.Type == Investment},
		{"raid", c.Raid, c.Type == Investment}, {"play", c.Play, c.Type == Event}, {"after", c.After, c.Type == Crew}}
	for _, l := range lists {
		if len(l.l) > 0 && !l.ok {
			return bad(l.name, "runner.err.card.list", referee.Str(c.Type.String()))
		}
		if err := validateEffects(l.l, 0); err != nil {
			return bad(l.name, "runner.name", referee.Err(err))
		}
	}
	for i, o := range c.Options {
		if err := validateEffects(o, 0); err != nil {
			return bad(fmt.Sprintf("options[%d]", i), "runner.name", referee.Err(err))
		}
	}
	return nil
}

func validateEffects(l []Effect, depth int) error {
	if depth > 3 {
		return errorf("runner.err.effect.deep")
	}
	for i, e := range l {
		if e.Do < 0 || e.Do >= numOps {
			return errorf("runner.err.effect.unknown", referee.Int(i+1))
		}
		if e.N < 0 || e.N > 20 {
			return errorf("runner.err.effect.n", referee.Int(i+1), referee.Str(e.Do.String()), referee.Int(e.N))
		}
		if e.Do == OpChoose {
			if len(e.Or) < 2 {
				return errorf("runner.err.effect.choose", referee.Int(i+1))
			}
			for _, alt := range e.Or {
				if err := validateEffects(alt, depth+1); err != nil {
					return err
				}
			}
		} else if len(e.Or) > 0 {
			return errorf("runner.err.effect.or", referee.Int(i+1), referee.Str(e.Do.String()))
		}
		if e.Exactly && e.Do != OpCoinOwn {
			return errorf("runner.err.effect.exactly", referee.Int(i+1), referee.Str(e.Do.String()))
		}
		if len(e.Adjust) > 0 && e.Do != OpManual {
			return errorf("runner.err.effect.adjust", referee.Int(i+1), referee.Str(e.Do.String()))
		}
		for _, a := range e.Adjust {
			if !slices.Contains(AdjustKinds, a) {
				return errorf("runner.err.effect.adjustment", referee.Int(i+1), referee.Str(a), referee.Words(AdjustKinds, ", ", ", "))
			}
		}
	}
	return nil
}

// DescribeEffects writes an effect list as a short phrase in l.
func DescribeEffects(l []Effect, lang locale.Lang) string {
	m := effectsMsg(l)
	return m.In(lang)
}

// effectsMsg is an effect list as a short phrase.
func effectsMsg(l []Effect) referee.Msg {
	if len(l) == 0 {
		return referee.Text("runner.op.nothing")
	}
	m := describeEffect(l[0])
	for _, e := range l[1:] {
		m = referee.Text("runner.op.then", referee.Sub(m), referee.Sub(describeEffect(e)))
	}
	return m
}

func describeEffect(e Effect) referee.Msg {
	s := asName(e.Do.String())
	if e.Do >= 0 && e.Do < numOps {
		s = ops[e.Do].phrase(e)
	}
	if e.Optional {
		s = referee.Text("runner.op.may", referee.Sub(s))
	}
	if e.Success {
		s = referee.Text("runner.op.if-success", referee.Sub(s))
	}
	return s
}

// cardText is the card's text: the catalog's, in every language, when
// it is the built-in card's text (runner.card.SLUG.text), else as the
// card file or the players gave it.
func cardText(c *Card) referee.Msg {
	if isCatalogText(c) {
		return referee.Text(cardTextKey(c))
	}
	return asName(c.Text)
}

// CardText is the card's text in l (see cardText).
func CardText(c *Card, l locale.Lang) string {
	m := cardText(c)
	return m.In(l)
}

func cardTextKey(c *Card) string { return "runner.card." + slug(c.Name) + ".text" }

// isCatalogText reports whether the card's text is the built-in card's
// English text, which the catalog holds in every language.
func isCatalogText(c *Card) bool {
	key := cardTextKey(c)
	return c.Text != "" && locale.English.Has(key) && locale.Unmark(locale.English.Get(key)) == c.Text
}

func enumString(names []string, i int) string {
	if i < 0 || i >= len(names) {
		return fmt.Sprintf("unknown(%d)", i)
	}
	return names[i]
}

func enumParse(what string, names []string, s string) (int, error) {
	for i, n := range names {
		if strings.EqualFold(n, strings.TrimSpace(s)) {
			return i, nil
		}
	}
	return 0, errorf("runner.err.enum", referee.Str(what), referee.Str(s), referee.Words(names, ", ", ", "))
}

// slugs caches slug by name: a card's key is made once, not at every
// question (it was a quarter of a simulated game).
// A plain map under a read lock: looking a name up boxes nothing (a
// sync.Map's lookup boxed the name and cost a sixth of a game).
var slugs struct {
	sync.RWMutex
	m map[string]string
}

// CardKey is the answer key that names a card of this name.
func CardKey(name string) string { return slug(name) }

// slug turns a name into a stable option key.
func slug(name string) string {
	slugs.RLock()
	k, ok := slugs.m[name]
	slugs.RUnlock()
	if ok {
		return k
	}
	k = makeSlug(name)
	slugs.Lock()
	if slugs.m == nil {
		slugs.m = map[string]string{}
	}
	slugs.m[name] = k
	slugs.Unlock()
	return k
}

// makeSlug lower-cases a name and joins its words with dashes.
func makeSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}
