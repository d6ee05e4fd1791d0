package prompts

import (
	"fmt"
	"strconv"

	"rumref/locale"
	"rumref/referee"
)

// tableGame is a tiny game for driving sessions: a die roll, a secret ware
// for Bo, a public pick whose keys include the word "undo", and a count
// for the table.
type tableGame struct {
	roll  int
	ware  string
	pick  string
	count int
}

type tableView struct {
	Roll  int    `json:"roll"`
	Ware  string `json:"ware"`
	Pick  string `json:"pick"`
	Count int    `json:"count"`
}

func (g *tableGame) Name() string          { return "table" }
func (g *tableGame) PlayerNames() []string { return []string{"Ann", "Bo"} }

func (g *tableGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string {
	ware := "hidden"
	if viewer == 1 && g.ware != "" {
		ware = "WARE=" + g.ware
	}
	return fmt.Sprintf("roll %d, Bo's ware %s, pick %q, count %d", g.roll, ware, g.pick, g.count)
}

func (g *tableGame) View(viewer referee.Viewer, _ locale.Lang) any {
	v := tableView{Roll: g.roll, Pick: g.pick, Count: g.count, Ware: "hidden"}
	if viewer == 1 {
		v.Ware = g.ware
	}
	return v
}

func (g *tableGame) Play(t *referee.T) {
	t.Emit(referee.Event{Rule: "t.setup", Text: "Ann starts."})
	a := t.Ask(referee.Question{ID: "t.roll", Actor: 0, Kind: referee.Number, Min: 1, Max: 6, Text: "What did you roll?", Rule: "t.roll"})
	g.roll, _ = strconv.Atoi(a)
	t.Emit(referee.Event{Rule: "t.roll", Text: fmt.Sprintf("Ann rolled %d.", g.roll)})
	g.ware = t.Ask(referee.Question{ID: "t.ware", Actor: 1, Kind: referee.Choice, Secret: true, Rule: "t.ware",
		Text: "Which ware did you draw?", Options: []referee.Option{{Key: "rum", Label: "Rum"}, {Key: "gold", Label: "Gold"}, {Key: "map", Label: "Map"}}})
	t.Emit(referee.Event{Rule: "t.ware", Text: "Bo took a ware.", Private: "It is " + g.ware + ".", Player: 1})
	g.pick = t.Ask(referee.Question{ID: "t.pick", Actor: 0, Kind: referee.Choice, Rule: "t.pick",
		Text: "Pick one.", Options: []referee.Option{{Key: "red", Label: "Red"}, {Key: "blue", Label: "Blue"}, {Key: "undo", Label: "A thing called undo"}}})
	c := t.Ask(referee.Question{ID: "t.count", Actor: referee.Table, Kind: referee.Number, Min: 2, Max: 4, Text: "How many?", Rule: "t.count"})
	g.count, _ = strconv.Atoi(c)
	t.Emit(referee.Event{Rule: "t.end", Text: "Done."})
}

func newTable() referee.Game { return &tableGame{} }

// relayGame makes who answers depend on an earlier answer: the table says
// who starts; the starter rolls, the other player draws a secret ware,
// the starter picks, the table counts. Correcting who starts moves every
// later question to the other player.
type relayGame struct {
	first, roll, count int
	ware, pick         string
}

func (g *relayGame) Name() string          { return "relay" }
func (g *relayGame) PlayerNames() []string { return []string{"Ann", "Bo"} }
func (g *relayGame) Status(viewer referee.Viewer, _ locale.Lang, _ int) string {
	ware := "hidden"
	if int(viewer) == 1-g.first && g.ware != "" {
		ware = "WARE=" + g.ware
	}
	return fmt.Sprintf("roll %d, ware %s, pick %q, count %d", g.roll, ware, g.pick, g.count)
}
func (g *relayGame) View(viewer referee.Viewer, _ locale.Lang) any {
	return g.Status(viewer, locale.English, 0)
}

func (g *relayGame) Play(t *referee.T) {
	names := g.PlayerNames()
	if t.Ask(referee.Question{ID: "r.first", Actor: referee.Table, Text: "Who starts?", Rule: "r.first",
		Options: []referee.Option{{Key: "ann", Label: "Ann"}, {Key: "bo", Label: "Bo"}}}) == "bo" {
		g.first = 1
	}
	p, o := referee.Seat(g.first), referee.Seat(1-g.first)
	a := t.Ask(referee.Question{ID: "r.roll", Actor: p, Kind: referee.Number, Min: 1, Max: 6, Text: "What did you roll?", Rule: "r.roll"})
	g.roll, _ = strconv.Atoi(a)
	t.Emit(referee.Event{Rule: "r.roll", Text: fmt.Sprintf("%s rolled %d.", names[p], g.roll)})
	g.ware = t.Ask(referee.Question{ID: "r.ware", Actor: o, Secret: true, Rule: "r.ware", Text: "Which treasure did you draw?",
		Options: []referee.Option{{Key: "rum", Label: "Rum"}, {Key: "gold", Label: "Gold"}, {Key: "pearl", Label: "Pearl"}}})
	t.Emit(referee.Event{Rule: "r.ware", Text: names[o] + " took a treasure.", Private: "It is " + g.ware + ".", Player: o})
	g.pick = t.Ask(referee.Question{ID: "r.pick", Actor: p, Text: "Pick one.", Rule: "r.pick",
		Options: []referee.Option{{Key: "red", Label: "Red"}, {Key: "blue", Label: "Blue"}}})
	t.Emit(referee.Event{Rule: "r.pick", Text: names[p] + " picked " + g.pick + "."})
	c := t.Ask(referee.Question{ID: "r.count", Actor: referee.Table, Kind: referee.Number, Min: 2, Max: 4, Text: "How many?", Rule: "r.count"})
	g.count, _ = strconv.Atoi(c)
}

func newRelay() referee.Game { return &relayGame{} }

// holdGame asks Bo two secret questions and a public one in a row, then
// the table, then Ann, then Bo a secret again: who holds the laptop
// changes twice.
type holdGame struct{ tableGame }

func (g *holdGame) Play(t *referee.T) {
	yes := []referee.Option{{Key: "a", Label: "A"}, {Key: "b", Label: "B"}}
	t.Ask(referee.Question{ID: "h.draw", Actor: 1, Secret: true, Text: "Which tile did you draw?", Options: yes})
	t.Emit(referee.Event{Rule: "h.draw", Text: "Bo drew a tile.", Private: "You drew it.", Player: 1})
	t.Ask(referee.Question{ID: "h.keep", Actor: 1, Secret: true, Text: "Keep it?", Options: yes})
	t.Ask(referee.Question{ID: "h.move", Actor: 1, Text: "Where do you move?", Options: yes})
	t.Ask(referee.Question{ID: "h.refill", Actor: referee.Table, Text: "Which tile refills the display?", Options: yes})
	t.Ask(referee.Question{ID: "h.turn", Actor: 0, Text: "Ann's turn: what now?", Options: yes})
	t.Ask(referee.Question{ID: "h.rdv", Actor: 1, Secret: true, Text: "Which rendezvous?", Options: yes})
}

func newHold() referee.Game { return &holdGame{} }
