package games

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/scoring"
	"rumref/setup"
)

// pirateNames are the seats of a simulated Rum & Pirates table.
var pirateNames = []string{"Ann", "Bo", "Cy", "Di", "Ed"}

// piratesTable is one simulated Rum & Pirates game.
type piratesTable struct {
	cfg   pirates.Config
	board *pirates.Board
}

// newPiratesTable sets up the game of a seed: n players (2 to 5 by seed
// when n is 0), the fixed layout for even seeds and a random one for odd
// seeds, and a start seat chosen by the seed.
func newPiratesTable(n int, seed uint64) (*piratesTable, error) {
	if n == 0 {
		n = 2 + int(seed%4)
	}
	if n < 2 || n > 5 {
		return nil, fmt.Errorf("rum & pirates has 2 to 5 players, not %d", n)
	}
	layout := setup.FixedLayout()
	board, err := fixedBoard()
	if seed%2 == 1 {
		layout = setup.RandomLayout(int64(seed))
		board, err = setup.Assemble(layout)
	}
	if err != nil {
		return nil, err
	}
	cfg := pirates.NewConfig(layout)
	cfg.Start = int(seed/4) % n
	for i := range n {
		cfg.Players = append(cfg.Players, pirates.PlayerConfig{Name: pirateNames[i], Color: pirates.Colors[i]})
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &piratesTable{cfg: cfg, board: board}, nil
}

// fixedBoard is the board of the fixed layout, assembled once: the games
// of even seeds share it (no game changes its board).
var fixedBoard = sync.OnceValues(func() (*pirates.Board, error) { return setup.Assemble(setup.FixedLayout()) })

// wareLabels lists the wares' labels, once for every table: no ware
// shows in public before the game ends.
var wareLabels = sync.OnceValue(func() []string {
	var wares []string
	for _, tt := range pirates.Catalog() {
		if tt.Sort == pirates.SortWare {
			wares = append(wares, tt.Label)
		}
	}
	return wares
})

func (t *piratesTable) Factory() referee.Factory {
	return PiratesFactory(t.cfg, t.board)
}

func (t *piratesTable) File(answers []referee.Answer) *journal.File {
	cfg := t.cfg
	return Pirates.File(&cfg, answers)
}

// answer picks a legal answer with the random player's Rum & Pirates
// policy.
func (t *piratesTable) Answer(p *randplay.Player, q *referee.Question) string {
	return randplay.Pirates(p, q)
}

// invariants checks the pirates, the rum barrels, the coins and every tile
// of the box.
func (t *piratesTable) Invariants(gg referee.Game) error {
	g := gg.(*pirates.Game)
	// Each seat's pirates in alleys, in one pass over the alleys.
	inAlleys := make([]int, len(g.Players))
	for id, occ := range g.Occupant {
		if occ >= 0 && occ < len(inAlleys) {
			inAlleys[occ] += g.Board.Alleys[id].Segments
		}
	}
	for i, p := range g.Players {
		n := p.Supply + p.Office + inAlleys[i]
		for _, r := range g.Mast {
			if int(r.Player) == i {
				n += r.Left + r.Right
			}
		}
		if n != 15 {
			return fmt.Errorf("%s (%s) has %d pirates somewhere, not 15", p.Name, p.Color, n)
		}
		if p.Coins < 0 || p.Rum < 0 || p.Supply < 0 || p.Office < 0 {
			return fmt.Errorf("%s has a negative count: coins %d, rum %d, supply %d, office %d", p.Name, p.Coins, p.Rum, p.Supply, p.Office)
		}
	}
	for _, r := range g.Mast {
		if r.Left < 0 || r.Right < 0 {
			return fmt.Errorf("a mast row holds a negative number of pirates: %+v", r)
		}
	}
	rum := g.RumPool
	for _, p := range g.Players {
		rum += p.Rum
	}
	if g.RumPool < 0 || rum != pirates.RumBarrels {
		return fmt.Errorf("%d rum barrels in play (pool %d), not %d", rum, g.RumPool, pirates.RumBarrels)
	}
	cat := pirates.Catalog()
	count := make([]int, len(cat)) // each tile type in play, by catalog index
	var unknown []string
	one := func(k string, n int) {
		if i, ok := pirates.TileIndex(k); ok {
			count[i] += n
		} else {
			unknown = append(unknown, k)
		}
	}
	// size is each stack's Size, added up as its tiles are counted.
	var size [len(g.Stacks)]int
	for s, st := range g.Stacks {
		for k, c := range st.Counts {
			if c < 0 {
				return fmt.Errorf("a stack holds %d of %s", c, k)
			}
			one(k, c)
			size[s] += c
		}
		for _, k := range st.Under {
			one(k, 1)
		}
		size[s] += len(st.Under) - st.Unnamed
	}
	add := func(keys ...string) {
		for _, k := range keys {
			if k != "" {
				one(k, 1)
			}
		}
	}
	add(g.Pubs...)
	add(g.Maps...)
	add(g.Chest, g.Scorpion, g.Bunk, g.Hammock, g.Bedroll)
	add(g.Boxed...)
	for _, p := range g.Players {
		add(p.Won...)
		add(p.Wares...)
	}
	if len(unknown) > 0 {
		return fmt.Errorf("tiles not in the box are in play: %v", unknown)
	}
	// Tiles out of a stack unnamed are still counted in
	// it, and exactly the players' unnamed tiles are out of it.
	faceDown, kept := 0, 0
	for _, p := range g.Players {
		if p.FaceDown < 0 || p.Unnamed < 0 {
			return fmt.Errorf("%s holds %d face-down rendezvous and %d unnamed wares", p.Name, p.FaceDown, p.Unnamed)
		}
		faceDown += p.FaceDown
		kept += p.Unnamed
	}
	for s, st := range g.Stacks {
		want := 0
		switch pirates.TileSort(s) {
		case pirates.SortRendezvous:
			want = faceDown
		case pirates.SortWare:
			want = kept
		}
		if st.Unnamed != want {
			return fmt.Errorf("the %s stack has %d tiles out unnamed; the players hold %d", pirates.TileSort(s), st.Unnamed, want)
		}
		if size[s] < 0 {
			return fmt.Errorf("the %s stack holds %d tiles", pirates.TileSort(s), size[s])
		}
	}
	total := 0
	for i, tt := range cat {
		if count[i] != tt.Copies {
			return fmt.Errorf("tile %s is in play %d times; the box has %d", tt.Key, count[i], tt.Copies)
		}
		total += tt.Copies
	}
	if all := total + pirates.RumBarrels + pirates.Markers + pirates.StartTile; all != pirates.BoxTiles {
		return fmt.Errorf("the box holds %d tiles, not %d", all, pirates.BoxTiles)
	}
	if len(g.Pubs) > 4 || len(g.Maps) > 4 {
		return fmt.Errorf("a display is overfull: pubs %v, maps %v", g.Pubs, g.Maps)
	}
	return nil
}

// Secrets checks that the public view (and the status text when status
// is set) shows no coins, kept wares or rendezvous targets.
func (t *piratesTable) Secrets(gg referee.Game, status bool) error {
	g := gg.(*pirates.Game)
	v, ok := g.View(referee.Public, locale.English).(pirates.View)
	if !ok {
		return fmt.Errorf("the public view is a %T, not a pirates.View", g.View(referee.Public, locale.English))
	}
	for _, p := range v.Players {
		if p.Coins != nil || p.Wares != nil || p.Targets != nil {
			return fmt.Errorf("the public view shows %s's coins, wares or targets", p.Name)
		}
	}
	j, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("the public view does not encode: %w", err)
	}
	view := string(j)
	texts := []string{view}
	if status {
		texts = append(texts, g.Status(referee.Public, locale.English, 0))
	}
	for _, w := range wareLabels() {
		if slices.ContainsFunc(texts, func(x string) bool { return strings.Contains(x, w) }) {
			return fmt.Errorf("the public status or view names the ware %q", w)
		}
	}
	// No kept ware is named before the end (rumref is not told them until
	// the last question), so no tile of a player's can be named in public
	// but by its label, which is looked for above.
	return nil
}

// over checks that the game ended after five rounds with the final score
// equal to scoring applied to the final tiles.
func (t *piratesTable) Over(gg referee.Game) error {
	g := gg.(*pirates.Game)
	if g.Phase != pirates.PhaseOver {
		return fmt.Errorf("the game ended in phase %d", g.Phase)
	}
	if g.Final == nil {
		return fmt.Errorf("the game ended without a final score")
	}
	want := scoring.Rank(g.ScoreInput())
	if !reflect.DeepEqual(*g.Final, want) {
		return fmt.Errorf("the final score %+v is not the score of the final tiles %+v", *g.Final, want)
	}
	if len(want.Winners) == 0 {
		return fmt.Errorf("the final score names no winner")
	}
	return nil
}

// piratesState is the whole Rum & Pirates state for dump.
type piratesState struct {
	Round, Turn, Captain, StartPlayer int
	Phase                             pirates.Phase
	Players                           []pirates.Player
	Occupant                          []int
	Mast                              []pirates.MastRow
	Stacks                            []*pirates.Stack
	Pubs, Maps                        []string
	Chest, Scorpion                   string
	Bunk, Hammock, Bedroll            string
	Boxed                             []string
	RumPool                           int
	Final                             *scoring.Result
}

func (t *piratesTable) Dump(gg referee.Game) string {
	g := gg.(*pirates.Game)
	s := piratesState{Round: g.Round, Turn: int(g.Turn), Captain: g.Captain, StartPlayer: int(g.StartPlayer), Phase: g.Phase,
		Players: g.Players, Occupant: g.Occupant, Mast: g.Mast, Stacks: g.Stacks[:], Pubs: g.Pubs, Maps: g.Maps,
		Chest: g.Chest, Scorpion: g.Scorpion, Bunk: g.Bunk, Hammock: g.Hammock, Bedroll: g.Bedroll,
		Boxed: g.Boxed, RumPool: g.RumPool, Final: g.Final}
	j, err := json.Marshal(s)
	if err != nil {
		return "unencodable state: " + err.Error()
	}
	var views strings.Builder
	for v := referee.Public; int(v) < len(g.Players); v++ {
		views.WriteString(g.Status(v, locale.English, 0))
	}
	return string(j) + "\n" + views.String()
}
