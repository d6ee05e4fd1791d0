package games

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/runner"
	"rumref/setup"
)

// RunnerTurnCap is the turn cap of simulated Rum Runner games: a game
// that reaches it is a draw.
const RunnerTurnCap = 80

// runnerTable is one simulated Rum Runner game.
type runnerTable struct {
	cfg runner.Config
}

// newRunnerTable sets up the game of a seed: the built-in card catalog,
// the turn cap, and the mulligan rule for every third seed.
func newRunnerTable(seed uint64) (*runnerTable, error) {
	cfg, err := runnerConfig()
	if err != nil {
		return nil, err
	}
	cfg.Mulligan = seed%3 == 0
	return &runnerTable{cfg: cfg}, nil
}

// runnerConfig is the simulated games' setup, checked once (a seed
// changes only the mulligan rule, which the check does not look at).
var runnerConfig = sync.OnceValues(func() (runner.Config, error) {
	cards, err := setup.RunnerCatalog(nil)
	if err != nil {
		return runner.Config{}, err
	}
	cfg := runner.Config{Crown: "Ann", Pirate: "Bo", TurnCap: RunnerTurnCap, Cards: cards, Edition: runner.Edition}
	if err := cfg.Validate(); err != nil {
		return runner.Config{}, err
	}
	return cfg, nil
})

func (t *runnerTable) Factory() referee.Factory {
	return RunnerFactory(t.cfg)
}

func (t *runnerTable) File(answers []referee.Answer) *journal.File {
	cfg := t.cfg
	return Runner.File(&cfg, answers)
}

// answer picks a legal answer with the random player's Rum Runner policy.
func (t *runnerTable) Answer(p *randplay.Player, q *referee.Question) string {
	return randplay.Runner(p, q)
}

// invariants checks that every card is in exactly one place (by count per
// side, since unknown deck cards have no name yet) and no coins are
// negative.
func (t *runnerTable) Invariants(gg referee.Game) error {
	g := gg.(*runner.Game)
	crown, pirate := 0, 0
	for seat, p := range g.Players {
		if p.Supply < 0 {
			return fmt.Errorf("%s has %d coins", p.Name, p.Supply)
		}
		if p.Deck.Unknown < 0 {
			return fmt.Errorf("%s's deck has %d unknown cards", p.Name, p.Deck.Unknown)
		}
		if p.Deck.Held < 0 || p.Deck.Size() < 0 {
			return fmt.Errorf("%s holds %d unnamed cards from a deck of %d", p.Name, p.Deck.Held, p.Deck.Size())
		}
		if p.Deck.Boxed < 0 || p.Deck.Boxed > 0 && seat != runner.PirateSeat {
			return fmt.Errorf("%s's deck counts %d cards boxed unseen", p.Name, p.Deck.Boxed)
		}
		if p.Deck.Held > 0 && seat != runner.PirateSeat {
			return fmt.Errorf("%s holds %d unnamed cards: the crown names each draw", p.Name, p.Deck.Held)
		}
		// The cards held unnamed count in the hand (HandSize) and in the
		// deck's Known and Unknown, not in its Size; so do the cards boxed
		// unseen, not in the hand.
		n := p.HandSize() + p.Deck.Size() + p.Deck.Boxed + len(p.Discard)
		if seat == runner.CrownSeat {
			crown += n
		} else {
			pirate += n
		}
		crown += len(p.Score)
	}
	for _, is := range g.Islands {
		if is.Card != nil {
			crown++
			if is.Card.Coins < 0 {
				return fmt.Errorf("the card on %s has %d coins", is.Name, is.Card.Coins)
			}
		}
		for _, h := range is.Hazards {
			crown++
			if h.Coins < 0 {
				return fmt.Errorf("a hazard at %s has %d coins", is.Name, h.Coins)
			}
		}
	}
	for _, s := range g.Ships {
		pirate += 1 + len(s.Crew)
		if s.Coins < 0 {
			return fmt.Errorf("%s has %d coins", s.Name, s.Coins)
		}
		if slots := t.slots(g, s); len(s.Crew) > slots {
			return fmt.Errorf("%s #%d carries %d crew in %d slots", s.Name, s.ID, len(s.Crew), slots)
		}
	}
	crown += len(g.Revealed)
	if err := t.boxCounts(g); err != nil {
		return err
	}
	crownSize := g.Config.DeckSize(runner.CrownDeck) + g.Config.DeckSize(runner.StartingHazards)
	pirateSize := g.Config.DeckSize(runner.PirateDeck) + g.Config.DeckSize(runner.StartingShips)
	if crown != crownSize || pirate != pirateSize {
		return fmt.Errorf("the cards add up to %d crown and %d pirate, not %d and %d", crown, pirate, crownSize, pirateSize)
	}
	return nil
}

// boxCounts checks, for every pile and card type, that the cards named
// anywhere (runner.Game.NamedCards) plus the unknown cards of that type left in the decks are
// exactly what the box holds (rulings A3): no draw has made a type exceed
// its count.
func (t *runnerTable) boxCounts(g *runner.Game) error {
	// The count of each pile and type, and whether anything counted there
	// (a pile and type nothing counted is checked only among the piles'
	// own types, at the end).
	var n [runner.StartingShips + 1][runner.Crew + 1]int
	var counted [runner.StartingShips + 1][runner.Crew + 1]bool
	for name := range g.NamedCards() {
		c, ok := g.CardData(name)
		if !ok {
			return fmt.Errorf("the card %q is on the table but not in the catalog", name)
		}
		pile, ok := runner.PileOf(&c)
		if !ok {
			return fmt.Errorf("the island %q is held as a card", name)
		}
		n[pile][c.Type]++
		counted[pile][c.Type] = true
	}
	for _, d := range []struct {
		deck runner.Deck
		pile runner.Pile
	}{{g.Players[runner.CrownSeat].Deck, runner.CrownDeck}, {g.Players[runner.PirateSeat].Deck, runner.PirateDeck}, {g.Starting, runner.StartingHazards}} {
		sum := 0
		for ty := runner.Island; ty <= runner.Crew; ty++ {
			if k := d.deck.UnknownOf(ty); k != 0 {
				n[d.pile][ty] += k
				counted[d.pile][ty] = true
				sum += k
			}
		}
		if sum != d.deck.Unknown {
			return fmt.Errorf("the %s has %d unknown cards but %d counted by type", d.pile, d.deck.Unknown, sum)
		}
	}
	for pile := range n {
		for ty, k := range n[pile] {
			if counted[pile][ty] {
				if want := g.Config.Counts(runner.Pile(pile), runner.CardType(ty)); k != want {
					return fmt.Errorf("the %s holds %d %s cards in all; the box holds %d", runner.Pile(pile), k, runner.CardType(ty), want)
				}
			}
		}
	}
	for _, pile := range []runner.Pile{runner.CrownDeck, runner.PirateDeck, runner.StartingHazards, runner.StartingShips} {
		for _, ty := range runner.PileTypes(pile) {
			if k, want := n[pile][ty], g.Config.Counts(pile, ty); k != want {
				return fmt.Errorf("the %s holds %d %s cards in all; the box holds %d", pile, k, ty, want)
			}
		}
	}
	return nil
}

// slots is the number of crew slots of a ship in play: from the catalog,
// or from the view for a ship typed in during play.
func (t *runnerTable) slots(g *runner.Game, s *runner.ShipPiece) int {
	for i := range t.cfg.Cards {
		if c := &t.cfg.Cards[i]; c.Name == s.Name && c.Type == runner.Ship {
			return c.Slots
		}
	}
	if v, ok := g.View(referee.Public, locale.English).(runner.View); ok {
		for _, sv := range v.Ships {
			if sv.ID == s.ID {
				return sv.Slots
			}
		}
	}
	return 0
}

// secrets checks that the public view (and the status text when status is
// set) shows no hand, no face-down card's name and nothing the pirate
// peeked at.
func (t *runnerTable) Secrets(gg referee.Game, status bool) error {
	g := gg.(*runner.Game)
	// The view is checked as sent: every field looked at below is
	// exported and encoded, so reading the struct is reading the JSON (an
	// empty hand is left out of it, hence len).
	pub, ok := g.View(referee.Public, locale.English).(runner.View)
	if !ok {
		return fmt.Errorf("the public view is a %T, not a runner.View", g.View(referee.Public, locale.English))
	}
	if _, err := json.Marshal(pub); err != nil {
		return fmt.Errorf("the public view does not encode: %w", err)
	}
	for _, p := range pub.Players {
		if len(p.Hand) > 0 {
			return fmt.Errorf("the public view shows %s's hand", p.Name)
		}
	}
	for _, is := range pub.Islands {
		all := append([]runner.CardView(nil), is.Hazards...)
		if is.Card != nil {
			all = append(all, *is.Card)
		}
		for _, c := range all {
			if !c.FaceUp && c.Name != "" {
				return fmt.Errorf("the public view names the face-down card %s at %s", c.Name, is.Name)
			}
		}
	}
	if len(pub.Peeked) > 0 {
		return fmt.Errorf("the public view shows what the pirate peeked at")
	}
	for _, l := range locale.All {
		// "  hand: %s", the line of a hand, in each language.
		hand := strings.TrimSpace(locale.Unmark(l.Sprintf("runner.status.hand", "")))
		if status && strings.Contains(locale.Unmark(g.Status(referee.Public, l, 0)), hand) {
			return fmt.Errorf("the public status in %s shows a hand", l)
		}
	}
	return nil
}

// over checks that the game ended with exactly one winner who has the
// points, or a draw with nobody at the winning score.
func (t *runnerTable) Over(gg referee.Game) error {
	g := gg.(*runner.Game)
	if !g.Over || g.Result == "" {
		return fmt.Errorf("the game stopped but is not marked over with a result")
	}
	c, p := g.Players[runner.CrownSeat].Points(), g.Players[runner.PirateSeat].Points()
	switch g.Winner {
	case runner.CrownSeat, runner.PirateSeat:
		w, l := c, p
		if g.Winner == runner.PirateSeat {
			w, l = p, c
		}
		if w < runner.WinPoints || l >= runner.WinPoints {
			return fmt.Errorf("seat %d won with %d points against %d", g.Winner, w, l)
		}
	case runner.Draw:
		if c >= runner.WinPoints || p >= runner.WinPoints {
			return fmt.Errorf("a draw although the points are %d to %d", c, p)
		}
		if g.Turn > t.cfg.TurnCap+1 {
			return fmt.Errorf("a draw at turn %d, past the cap of %d", g.Turn, t.cfg.TurnCap)
		}
	default:
		return fmt.Errorf("the game is over with winner %d", g.Winner)
	}
	return nil
}

// runnerState is the whole Rum Runner state for dump, hidden parts
// included.
type runnerState struct {
	Islands  []*runner.IslandPlace
	Players  [2]*runner.Player
	Ships    []*runner.ShipPiece
	Starting runner.Deck
	Turn     int
	Active   int
	Actions  int
	Raid     *runner.Raid
	Revealed []string
	Winner   int
	Over     bool
	Result   string
}

func (t *runnerTable) Dump(gg referee.Game) string {
	g := gg.(*runner.Game)
	s := runnerState{Islands: g.Islands, Players: g.Players, Ships: g.Ships, Starting: g.Starting,
		Turn: g.Turn, Active: g.Active, Actions: g.Actions, Raid: g.Raid, Revealed: g.Revealed, Winner: g.Winner,
		Over: g.Over, Result: g.Result}
	var b strings.Builder
	j, err := json.Marshal(s)
	if err != nil {
		return "unencodable state: " + err.Error()
	}
	b.Write(j)
	for _, v := range []int{int(referee.Public), runner.CrownSeat, runner.PirateSeat} {
		b.WriteString("\n" + locale.Unmark(g.Status(referee.Viewer(v), locale.English, 0)) + "\n")
		j, _ := json.Marshal(g.View(referee.Viewer(v), locale.English))
		b.Write(j)
	}
	if g.Raid != nil {
		for _, s := range g.Raid.Party {
			fmt.Fprintf(&b, "\nraid party %d", s.ID)
		}
	}
	return b.String()
}
