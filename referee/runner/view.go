package runner

import (
	"strings"

	"rumref/locale"
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
// referee.Public): hands and face-down identities only to their owner. Its
// texts (the raid, the result, what the pirate looked at, the box note, an
// island the catalog does not name) are in language l; its ids and keys
// stay English, and card names stay as printed.
func (g *Game) View(viewer referee.Viewer, l locale.Lang) any {
	return g.view(viewer, func(m referee.Msg) string { return m.In(l) })
}

// view is the table for the viewer, its texts written by say.
func (g *Game) view(viewer referee.Viewer, say func(referee.Msg) string) View {
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
		if is.unknown > 0 {
			iv.Name = say(referee.Text("runner.island.unknown", referee.Int(is.unknown)))
		}
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
		v.Raid = say(g.raidMsg())
	}
	if viewer == PirateSeat {
		for _, p := range g.peeked {
			v.Peeked = append(v.Peeked, say(referee.Text("runner.named", referee.Sub(p.label), referee.Str(p.name))))
		}
	}
	for _, c := range g.typedInCards(viewer) {
		v.TypedIn = append(v.TypedIn, TypedCard{Name: c.Name, Type: c.Type.String(), Cost: c.Cost, Text: c.Text})
	}
	if note := g.beyondNote(); !note.IsZero() {
		v.BeyondBox = say(note)
	}
	if !g.result.IsZero() {
		v.Result = say(g.result)
	}
	return v
}

// raidMsg is the raid in progress: its target and party.
func (g *Game) raidMsg() referee.Msg {
	return referee.Text("runner.raid.in-progress", g.Islands[g.Raid.Island].term(), referee.Sub(g.partySummary()))
}

// typedInCards lists the typed-in cards whose names the viewer sees on the
// table (NamedCards, as the view shows them) or among the cards the
// pirate looked at (peeked), so the players can read a card's text
// wherever it sits; a card the viewer cannot see is not listed.
func (g *Game) typedInCards(viewer referee.Viewer) []*Card {
	if !g.anyUnlisted() {
		return nil
	}
	var names []string
	for n, at := range g.NamedCards() {
		if at.seenBy(viewer) {
			names = append(names, n)
		}
	}
	if viewer == PirateSeat {
		for _, p := range g.peeked {
			names = append(names, p.name)
		}
	}
	var out []*Card
	for _, n := range distinct(names) {
		if c := g.card(n); c != nil && c.Unlisted {
			out = append(out, c)
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

// text is a crown card in play as the status shows it.
func (cv CardView) text(kind string) referee.Msg {
	coins := referee.Count(cv.Coins, "runner.noun.coin")
	switch {
	case cv.FaceUp:
		return referee.Text("runner.status.card", referee.Str(cv.Name), coins)
	case cv.Name != "":
		return referee.Text("runner.status.down-named."+kind, referee.Str(cv.Name), coins)
	}
	return referee.Text("runner.status.down."+kind, coins)
}

// english is a message in English, without the catalog check's marks:
// the view's and the result's texts, which a save or a log keeps.
func english(m referee.Msg) string { return locale.Unmark(m.In(locale.English)) }

// Status is the table as text for the viewer in language l (cols is
// not needed: every line is a sentence the front end may wrap).
func (g *Game) Status(viewer referee.Viewer, l locale.Lang, cols int) string {
	v := g.view(viewer, english)
	var b strings.Builder
	w := func(key string, args ...referee.Arg) {
		m := referee.Text(key, args...)
		b.WriteString(m.In(l))
	}
	// line writes a message that is a line of its own.
	line := func(key string, args ...referee.Arg) {
		w(key, args...)
		b.WriteString("\n")
	}
	w("runner.status.title", referee.Int(v.Turn))
	if v.Active != "" {
		w("runner.status.to-play", referee.Str(v.Active))
	}
	b.WriteString("\n")
	for _, p := range v.Players {
		cards := referee.Text("runner.status.cards", referee.Int(p.HandSize), referee.Int(p.Deck), referee.Words(p.Discard, ", ", ", "))
		line("runner.status.player", referee.Str(p.Name), referee.Sub(referee.Text("runner.side."+p.Side)), referee.Count(p.Supply, "runner.noun.coin"),
			referee.Count(p.Points, "runner.noun.point"), referee.Sub(cards))
		switch {
		case p.Unnamed > 0 && p.Hand != nil:
			line("runner.status.hand-and-unnamed", referee.Words(p.Hand, ", ", ", "), referee.Count(p.Unnamed, "runner.noun.card"))
		case p.Unnamed > 0:
			line("runner.status.hand-unnamed", referee.Count(p.Unnamed, "runner.noun.card"))
		case p.Hand != nil:
			line("runner.status.hand", referee.Words(p.Hand, ", ", ", "))
		}
		if len(p.Score) > 0 {
			scored := make([]referee.Msg, len(p.Score))
			for i, s := range p.Score {
				scored[i] = referee.Text("runner.status.scored", referee.Str(s.Name), referee.Int(s.Points))
			}
			line("runner.status.score", referee.List(scored, ", ", ", "))
		}
	}
	line("runner.status.islands")
	for i, is := range v.Islands {
		w("runner.status.island", g.Islands[i].term())
		if is.Home && is.Deck > 0 {
			w("runner.status.crown-deck", referee.Int(is.Deck))
		}
		if is.Card != nil {
			w("runner.status.island-card", referee.Sub(is.Card.text("investment")))
		}
		if is.Card == nil && (!is.Home || is.Deck == 0) {
			w("runner.status.no-card")
		}
		for _, h := range is.Hazards {
			w("runner.status.hazard", referee.Sub(h.text("hazard")))
		}
		b.WriteString("\n")
	}
	line("runner.status.ships")
	for _, s := range v.Ships {
		line("runner.status.ship", referee.Str(s.Name), referee.Int(s.ID), referee.Count(s.Coins, "runner.noun.coin"), referee.Int(len(s.Crew)), referee.Int(s.Slots), referee.Words(s.Crew, ", ", ", "))
	}
	if v.RemovedUnseen > 0 {
		line("runner.status.removed", referee.Count(v.RemovedUnseen, "runner.noun.pirate-card"))
	}
	if g.Raid != nil {
		line("runner.status.raid", referee.Sub(g.raidMsg()))
	}
	if len(v.Revealed) > 0 {
		line("runner.status.revealed", referee.Words(v.Revealed, ", ", ", "))
	}
	if viewer == PirateSeat {
		for _, p := range g.peeked {
			line("runner.status.peeked", referee.Sub(p.label), referee.Str(p.name))
		}
	}
	if len(v.TypedIn) > 0 {
		line("runner.status.typed-in")
		for _, c := range g.typedInCards(viewer) {
			text := referee.Text("runner.status.no-text")
			if c.Text != "" {
				text = asName(c.Text)
			}
			line("runner.status.typed", referee.Str(c.Name), referee.Sub(c.Type.term()), referee.Int(c.Cost), referee.Sub(text))
		}
	}
	if note := g.beyondNote(); !note.IsZero() {
		line("runner.status.line", referee.Sub(note))
	}
	if v.Over {
		result := asName(v.Result)
		if !g.result.IsZero() {
			result = g.result
		}
		line("runner.status.line", referee.Sub(result))
	}
	return b.String()
}

var _ referee.Game = referee.Game((*Game)(nil))
