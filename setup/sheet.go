package setup

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"rumref/internal/yamlfile"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/safetext"
	"rumref/scoring"
)

// SheetGame is the value a score sheet's game field must hold.
const SheetGame = "rum-and-pirates"

// sheetFile is the score-sheet YAML format for a game of Rum & Pirates
// played without the referee.
type sheetFile struct {
	Game    string        `yaml:"game"`
	Players []sheetPlayer `yaml:"players"`
}

type sheetPlayer struct {
	Name       string      `yaml:"name"`
	Pubs       []int       `yaml:"pubs"`
	Chests     []int       `yaml:"chests"`
	Guards     []int       `yaml:"guards"`
	Sleeping   []int       `yaml:"sleeping"`
	Wares      []sheetWare `yaml:"wares"`
	Rendezvous []int       `yaml:"rendezvous"`
	Maps       []sheetMap  `yaml:"maps"`
	Unemployed int         `yaml:"unemployed"`
	Rum        int         `yaml:"rum"`
	Coins      int         `yaml:"coins"`
}

type sheetWare struct {
	Kind  string `yaml:"kind"`
	Value int    `yaml:"value"`
}

type sheetMap struct {
	Color string `yaml:"color"`
	Value int    `yaml:"value"`
}

// boxCount counts the tiles of the box per scoring category and value, or
// per ware kind and value and map color and value ("hook 5", "rose 6").
type boxCount struct {
	name  string
	count map[string]int
	order []string
}

func (b *boxCount) add(key string, n int) {
	if _, ok := b.count[key]; !ok {
		b.order = append(b.order, key)
	}
	b.count[key] += n
}

// allowed lists the keys in the box, in catalog order.
func (b *boxCount) allowed() string { return strings.Join(b.order, ", ") }

// sheetBox builds the box counts from the tile catalog. With 2 or 3
// players the bedrolls are not used.
func sheetBox(players int) map[scoring.Category]*boxCount {
	box := map[scoring.Category]*boxCount{}
	for _, c := range scoring.Categories() {
		box[c] = &boxCount{name: c.String(), count: map[string]int{}}
	}
	for _, t := range pirates.Catalog() {
		v := strconv.Itoa(t.Value)
		switch t.Sort {
		case pirates.SortPub:
			box[scoring.Pubs].add(v, t.Copies)
		case pirates.SortChest, pirates.SortScorpion:
			box[scoring.Chests].add(v, t.Copies)
		case pirates.SortSmallGuard, pirates.SortLargeGuard:
			box[scoring.Guards].add(v, t.Copies)
		case pirates.SortBunk, pirates.SortHammock, pirates.SortBedroll:
			if t.Sort != pirates.SortBedroll || players >= 4 {
				box[scoring.Sleeping].add(v, t.Copies)
			}
		case pirates.SortWare:
			box[scoring.Wares].add(t.Group+" "+v, t.Copies)
		case pirates.SortRendezvous:
			box[scoring.Rendezvous].add(v, t.Copies)
		case pirates.SortMap:
			box[scoring.Maps].add(t.Group+" "+v, t.Copies)
		}
	}
	for _, b := range box {
		slices.SortStableFunc(b.order, func(x, y string) int { return sortKey(x) - sortKey(y) })
	}
	return box
}

// sortKey orders plain values numerically and leaves "kind value" keys in
// catalog order.
func sortKey(k string) int {
	if n, err := strconv.Atoi(k); err == nil {
		return n
	}
	return 0
}

// ParseSheet reads a Rum & Pirates score sheet (YAML: game, then players
// with their pubs, chests, guards, sleeping places, wares, fulfilled
// rendezvous, maps, pirates in the unemployment office, rum and coins) and
// returns the players for scoring, in sheet order. Unknown fields and
// everything CheckSheet rejects are errors that name the player and the
// field.
func ParseSheet(data []byte) ([]scoring.Player, error) {
	return parseSheet(data, true)
}

// ParseTypedSheet is ParseSheet for a sheet assembled from what a person
// typed: the messages name the player and the field but no line.
func ParseTypedSheet(data []byte) ([]scoring.Player, error) {
	return parseSheet(data, false)
}

func parseSheet(data []byte, lines bool) ([]scoring.Player, error) {
	var s sheetFile
	if err := yamlfile.Decode(data, &s, yamlfile.MaxSize); err != nil {
		return nil, referee.Wrap(err, "setup.sheet.error")
	}
	if s.Game != SheetGame {
		if s.Game == "" {
			return nil, referee.Errorf("setup.sheet.no_game", referee.Str(SheetGame))
		}
		return nil, referee.Errorf("setup.sheet.game", referee.Int(yamlfile.Line(data, "game")), referee.Str(s.Game), referee.Str(SheetGame))
	}
	var out []scoring.Player
	for _, sp := range s.Players {
		p := scoring.Player{Name: sp.Name, Pubs: sp.Pubs, Chests: sp.Chests, Guards: sp.Guards,
			Sleeping: sp.Sleeping, Rendezvous: sp.Rendezvous, Unemployed: sp.Unemployed, Rum: sp.Rum, Coins: sp.Coins}
		for _, w := range sp.Wares {
			p.Wares = append(p.Wares, scoring.Ware{Kind: w.Kind, Value: w.Value})
		}
		for _, m := range sp.Maps {
			p.Maps = append(p.Maps, scoring.Map{Color: m.Color, Value: m.Value})
		}
		out = append(out, p)
	}
	if err := checkSheet(out, !lines); err != nil {
		if !lines {
			return nil, err
		}
		var se *SheetError
		if errors.As(err, &se) && se.Player >= 0 {
			return nil, referee.Wrap(err, "setup.sheet.line", referee.Int(yamlfile.Line(data, "players", se.Player, se.Field, se.Item)))
		}
		if len(s.Players) < 2 || len(s.Players) > 5 {
			return nil, referee.Wrap(err, "setup.sheet.line", referee.Int(yamlfile.Line(data, "players")))
		}
		return nil, referee.Wrap(err, "setup.sheet.error")
	}
	return out, nil
}

// SheetError is a refusal of CheckSheet that concerns one player: the
// player's index, the field and the list entry at fault (Item -1 for the
// whole field), for finding its line in a sheet.
type SheetError struct {
	Player int
	Field  string
	Item   int
	Msg    referee.Msg
}

// Error returns the message in English.
func (e *SheetError) Error() string { return e.Msg.String() }

// In is the message in language l.
func (e *SheetError) In(l locale.Lang) string { return e.Msg.In(l) }

// CheckSheet checks what the players of a game scored without the referee
// say they hold (from a sheet or typed in): 2 to 5 players with different
// names; only values the game's tiles carry (no bedrolls with 2 or 3
// players); no more tiles of a value across the players than the box
// holds; 0 to 5 pirates in the unemployment office; 0 to 12 rum barrels in
// all; no negative coins. Errors name the player, the field and what is
// allowed.
func CheckSheet(players []scoring.Player) error { return checkSheet(players, false) }

// FieldLabel names a field of a player of a score sheet ("pubs") as a
// reader who typed the values in reads it: in English as the sheet writes
// it, in German by its category ("Kneipen").
func FieldLabel(field string) referee.Arg {
	return referee.Sub(referee.Text("setup.sheet.field." + field))
}

// checkSheet is CheckSheet; typed names the fields by FieldLabel, not as
// a sheet writes them (the values were typed in, asked by their names).
func checkSheet(players []scoring.Player, typed bool) error {
	if len(players) < 2 || len(players) > 5 {
		return referee.Errorf("setup.sheet.players", referee.Int(len(players)))
	}
	box := sheetBox(len(players))
	used := map[scoring.Category]map[string]int{}
	for _, c := range scoring.Categories() {
		used[c] = map[string]int{}
	}
	names := make([]string, 0, len(players))
	rum := 0
	for i, p := range players {
		name := p.Name
		if strings.TrimSpace(name) == "" {
			return &SheetError{Player: i, Item: -1, Msg: referee.Text("setup.sheet.no_name", referee.Int(i+1))}
		}
		if err := safetext.CheckName(name); err != nil {
			return &SheetError{Player: i, Field: "name", Item: -1, Msg: referee.Text("setup.sheet.player", referee.Int(i+1), referee.Err(err))}
		}
		names = append(names, name)
		if err := safetext.Unique(names); err != nil {
			return &SheetError{Player: i, Field: "name", Item: -1, Msg: referee.Text("setup.sheet.same", referee.Err(err))}
		}
		item := -1
		bad := func(field string, msg referee.Msg) error {
			label := referee.Str(field)
			if typed {
				label = FieldLabel(field)
			}
			return &SheetError{Player: i, Field: field, Item: item, Msg: referee.Text("setup.sheet.bad", referee.Str(name), label, referee.Sub(msg))}
		}
		ints := func(c scoring.Category, field string, vals []int) error {
			for j, v := range vals {
				item = j
				k := strconv.Itoa(v)
				if box[c].count[k] == 0 {
					msg := referee.Text("setup.sheet.value", referee.Int(v), referee.Str(box[c].allowed()))
					if c == scoring.Sleeping && (v == 1 || v == 2) {
						msg = referee.Text("setup.sheet.bedroll", referee.Int(v), referee.Str(box[c].allowed()))
					}
					return bad(field, msg)
				}
				used[c][k]++
			}
			return nil
		}
		for _, f := range []struct {
			c     scoring.Category
			field string
			vals  []int
		}{{scoring.Pubs, "pubs", p.Pubs}, {scoring.Chests, "chests", p.Chests}, {scoring.Guards, "guards", p.Guards},
			{scoring.Sleeping, "sleeping", p.Sleeping}, {scoring.Rendezvous, "rendezvous", p.Rendezvous}} {
			if err := ints(f.c, f.field, f.vals); err != nil {
				return err
			}
		}
		for j, w := range p.Wares {
			item = j
			if !slices.Contains(pirates.WareKinds, w.Kind) {
				return bad("wares", referee.Text("setup.sheet.ware_kind", referee.Str(w.Kind), referee.Str(strings.Join(pirates.WareKinds, ", "))))
			}
			k := w.Kind + " " + strconv.Itoa(w.Value)
			if box[scoring.Wares].count[k] == 0 {
				return bad("wares", referee.Text("setup.sheet.ware", referee.Str(w.Kind), referee.Int(w.Value)))
			}
			used[scoring.Wares][k]++
		}
		for j, m := range p.Maps {
			item = j
			if !slices.Contains(pirates.MapColors, m.Color) {
				return bad("maps", referee.Text("setup.sheet.map_color", referee.Str(m.Color), referee.Str(strings.Join(pirates.MapColors, ", "))))
			}
			k := m.Color + " " + strconv.Itoa(m.Value)
			if box[scoring.Maps].count[k] == 0 {
				return bad("maps", referee.Text("setup.sheet.map", referee.Str(m.Color), referee.Int(m.Value)))
			}
			used[scoring.Maps][k]++
		}
		item = -1
		if p.Unemployed < 0 || p.Unemployed > 5 {
			return bad("unemployed", referee.Text("setup.sheet.unemployed", referee.Int(p.Unemployed)))
		}
		if p.Rum < 0 || p.Rum > pirates.RumBarrels {
			return bad("rum", referee.Text("setup.sheet.rum", referee.Int(p.Rum), referee.Int(pirates.RumBarrels)))
		}
		if p.Coins < 0 {
			return bad("coins", referee.Text("setup.sheet.coins", referee.Int(p.Coins)))
		}
		rum += p.Rum
	}
	if rum > pirates.RumBarrels {
		return referee.Errorf("setup.sheet.rum_all", referee.Int(rum), referee.Int(pirates.RumBarrels))
	}
	for _, c := range scoring.Categories() {
		for _, k := range box[c].order {
			if n, most := used[c][k], box[c].count[k]; n > most {
				if c != scoring.Wares && c != scoring.Maps {
					return referee.Errorf("setup.sheet.too_many_value", FieldLabel(c.String()), referee.Str(k), referee.Int(n), referee.Int(most))
				}
				return referee.Errorf("setup.sheet.too_many", FieldLabel(c.String()), referee.Str(k), referee.Int(n), referee.Int(most))
			}
		}
	}
	return nil
}
