package runner

import (
	"fmt"
	"strings"

	"rumref/referee"
)

// CardView is a crown card in play as one viewer sees it.
type CardView struct {
	ID     int    `json:"id"`
	Name   string `json:"name,omitempty"`
	FaceUp bool   `json:"face_up"`
	Coins  int    `json:"coins"`
	// Price or cost, shown when the viewer knows the card.
	Cost int `json:"cost,omitempty"`
}

// IslandView is an island as one viewer sees it.
type IslandView struct {
	Name    string     `json:"name"`
	Home    bool       `json:"home_port,omitempty"`
	Deck    int        `json:"deck,omitempty"`
	Card    *CardView  `json:"card,omitempty"`
	Hazards []CardView `json:"hazards"`
}

// ShipView is a pirate ship in play.
type ShipView struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Coins int      `json:"coins"`
	Slots int      `json:"slots"`
	Crew  []string `json:"crew"`
}

// PlayerView is one side as one viewer sees it.
type PlayerView struct {
	Name     string   `json:"name"`
	Side     string   `json:"side"`
	Supply   int      `json:"supply"`
	HandSize int      `json:"hand_size"`
	Hand     []string `json:"hand,omitempty"`
	// Unnamed counts the cards of the viewer's own hand drawn and not
	// named yet (the pirate's): the player knows them, the referee learns
	// each when it leaves the hand.
	Unnamed int      `json:"unnamed,omitempty"`
	Deck    int      `json:"deck"`
	Discard []string `json:"discard"`
	Score   []Scored `json:"score"`
	Points  int      `json:"points"`
}

// View is the whole table as one viewer may see it.
type View struct {
	Turn    int          `json:"turn"`
	Active  string       `json:"active"`
	Players []PlayerView `json:"players"`
	Islands []IslandView `json:"islands"`
	Ships   []ShipView   `json:"ships"`
	// RemovedUnseen counts the pirate cards put back in the box unseen
	// by reshuffles; their names are never known.
	RemovedUnseen int `json:"removed_unseen,omitempty"`
	// Revealed are crown cards being raided from a deck or hand right now.
	Revealed []string `json:"revealed,omitempty"`
	Peeked   []string `json:"peeked,omitempty"`
	// Raid describes a raid in progress: target and party.
	Raid   string `json:"raid,omitempty"`
	Over   bool   `json:"over"`
	Result string `json:"result,omitempty"`
	// TypedIn are the cards typed in by hand that this viewer can see
	// somewhere on the table, with their printed data.
	TypedIn []TypedCard `json:"typed_in,omitempty"`
	// BeyondBox names the piles that hold more cards than the box.
	BeyondBox string `json:"beyond_box,omitempty"`
}

// TypedCard is a card typed in by hand, as its players entered it.
type TypedCard struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Cost int    `json:"cost"`
	Text string `json:"text,omitempty"`
}

func (g *Game) cardView(p *Piece, viewer referee.Viewer) CardView {
	v := CardView{ID: p.ID, FaceUp: p.Up, Coins: p.Coins}
	if p.Up || (viewer == CrownSeat && p.Name != "") {
		v.Name = p.Name
		if c := g.card(p.Name); c != nil {
			v.Cost = c.Cost
		}
	}
	return v
}

// View returns the table as data for the viewer (CrownSeat, PirateSeat or
// referee.Public): hands and face-down identities only to their owner.
func (g *Game) View(viewer referee.Viewer) any { return g.view(viewer) }

func (g *Game) view(viewer referee.Viewer) View {
	v := View{Turn: g.Turn, Over: g.Over, Result: g.Result, RemovedUnseen: g.pirate().Deck.Boxed, Ships: []ShipView{}}
	if g.Turn > 0 {
		v.Active = g.Players[g.Active].Name
	}
	for seat, p := range g.Players {
		pv := PlayerView{Name: p.Name, Side: sideNames[seat], Supply: p.Supply, HandSize: p.HandSize(), Deck: p.Deck.Size(),
			Discard: append([]string{}, p.Discard...), Score: append([]Scored{}, p.Score...), Points: p.Points()}
		if viewer.Sees(referee.Seat(seat)) {
			pv.Hand = append([]string{}, p.Hand...)
			pv.Unnamed = p.Deck.Held
		}
		v.Players = append(v.Players, pv)
	}
	for _, is := range g.Islands {
		iv := IslandView{Name: is.Name, Home: is.Home, Hazards: []CardView{}}
		if is.Home {
			iv.Deck = g.crown().Deck.Size()
		}
		if is.Card != nil {
			cv := g.cardView(is.Card, viewer)
			iv.Card = &cv
		}
		for _, h := range is.Hazards {
			iv.Hazards = append(iv.Hazards, g.cardView(h, viewer))
		}
		v.Islands = append(v.Islands, iv)
	}
	for _, s := range g.Ships {
		sv := ShipView{ID: s.ID, Name: s.Name, Coins: s.Coins, Slots: g.card(s.Name).Slots, Crew: []string{}}
		for _, c := range s.Crew {
			sv.Crew = append(sv.Crew, c.Name)
		}
		v.Ships = append(v.Ships, sv)
	}
	v.Revealed = append(v.Revealed, g.Revealed...)
	if g.Raid != nil {
		v.Raid = fmt.Sprintf("raiding %s with %s", g.Islands[g.Raid.Island].Name, g.partySummary())
	}
	if viewer == PirateSeat {
		v.Peeked = append(v.Peeked, g.peeked...)
	}
	v.TypedIn = g.typedIn(viewer, v.Peeked)
	v.BeyondBox = g.beyondNote()
	return v
}

// typedIn lists the typed-in cards whose names the viewer sees on the
// table (NamedCards, as the view shows them) or among the cards the
// pirate looked at (peeked), so the players can read a card's text
// wherever it sits; a card the viewer cannot see is not listed.
func (g *Game) typedIn(viewer referee.Viewer, peeked []string) []TypedCard {
	if !g.anyUnlisted() {
		return nil
	}
	var names []string
	for n, at := range g.NamedCards() {
		if at.seenBy(viewer) {
			names = append(names, n)
		}
	}
	for _, p := range peeked {
		if i := strings.LastIndex(p, ": "); i >= 0 {
			names = append(names, p[i+2:])
		}
	}
	var out []TypedCard
	for _, n := range distinct(names) {
		if c := g.card(n); c != nil && c.Unlisted {
			out = append(out, TypedCard{Name: c.Name, Type: c.Type.String(), Cost: c.Cost, Text: c.Text})
		}
	}
	return out
}

// anyUnlisted reports whether the players have typed in any card's data.
func (g *Game) anyUnlisted() bool {
	for i := range g.cards {
		if g.cards[i].Unlisted {
			return true
		}
	}
	return false
}

func (cv CardView) text(kind string) string {
	s := "face-down " + kind
	if cv.FaceUp {
		s = cv.Name
	} else if cv.Name != "" {
		s += " [" + cv.Name + "]"
	}
	return fmt.Sprintf("%s (%s)", s, plural(cv.Coins, "coin", "coins"))
}

// Status is the table as text for the viewer.
func (g *Game) Status(viewer referee.Viewer) string {
	v := g.view(viewer)
	var b strings.Builder
	fmt.Fprintf(&b, "Rum Runner, turn %d", v.Turn)
	if v.Active != "" {
		fmt.Fprintf(&b, " (%s to play)", v.Active)
	}
	b.WriteString("\n")
	for _, p := range v.Players {
		fmt.Fprintf(&b, "%s (%s): %s, %s, %d in hand, %d in deck, discard [%s]\n",
			p.Name, p.Side, plural(p.Supply, "coin", "coins"), plural(p.Points, "point", "points"), p.HandSize, p.Deck, strings.Join(p.Discard, ", "))
		switch {
		case p.Unnamed > 0 && p.Hand != nil:
			fmt.Fprintf(&b, "  hand: %s, and %s you drew (named when played)\n", strings.Join(p.Hand, ", "), plural(p.Unnamed, "card", "cards"))
		case p.Unnamed > 0:
			fmt.Fprintf(&b, "  hand: %s you drew (named when played)\n", plural(p.Unnamed, "card", "cards"))
		case p.Hand != nil:
			fmt.Fprintf(&b, "  hand: %s\n", strings.Join(p.Hand, ", "))
		}
		if len(p.Score) > 0 {
			names := []string{}
			for _, s := range p.Score {
				names = append(names, fmt.Sprintf("%s (%d)", s.Name, s.Points))
			}
			fmt.Fprintf(&b, "  score pile: %s\n", strings.Join(names, ", "))
		}
	}
	b.WriteString("Islands (hazards listed from the island outward):\n")
	for _, is := range v.Islands {
		fmt.Fprintf(&b, "  %s:", is.Name)
		if is.Home && is.Deck > 0 {
			fmt.Fprintf(&b, " crown deck (%d)", is.Deck)
		}
		if is.Card != nil {
			fmt.Fprintf(&b, " %s", is.Card.text("investment"))
		}
		if is.Card == nil && (!is.Home || is.Deck == 0) {
			b.WriteString(" no card")
		}
		for _, h := range is.Hazards {
			fmt.Fprintf(&b, " | %s", h.text("hazard"))
		}
		b.WriteString("\n")
	}
	b.WriteString("Ships:\n")
	for _, s := range v.Ships {
		fmt.Fprintf(&b, "  %s #%d (%s, %d/%d crew): %s\n", s.Name, s.ID, plural(s.Coins, "coin", "coins"), len(s.Crew), s.Slots, strings.Join(s.Crew, ", "))
	}
	if v.RemovedUnseen > 0 {
		fmt.Fprintf(&b, "Removed from the game unseen: %s\n", plural(v.RemovedUnseen, "pirate card", "pirate cards"))
	}
	if v.Raid != "" {
		fmt.Fprintf(&b, "Raid in progress: %s\n", v.Raid)
	}
	if len(v.Revealed) > 0 {
		fmt.Fprintf(&b, "Being raided: %s\n", strings.Join(v.Revealed, ", "))
	}
	for _, p := range v.Peeked {
		fmt.Fprintf(&b, "You looked at: %s\n", p)
	}
	if len(v.TypedIn) > 0 {
		b.WriteString("Typed-in cards (as the players entered them):\n")
		for _, c := range v.TypedIn {
			text := c.Text
			if text == "" {
				text = "no text"
			}
			fmt.Fprintf(&b, "  %s (%s, cost %d): %s\n", c.Name, c.Type, c.Cost, text)
		}
	}
	if v.BeyondBox != "" {
		b.WriteString(v.BeyondBox + "\n")
	}
	if v.Over {
		b.WriteString(v.Result + "\n")
	}
	return b.String()
}

var _ referee.Game = referee.Game((*Game)(nil))
