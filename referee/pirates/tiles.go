package pirates

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// TileSort groups tiles by the stack they come from in the tile holder.
type TileSort int

// The tile sorts of the holder, as the rulebook names them.
const (
	SortPub TileSort = iota
	SortMap
	SortChest
	SortScorpion
	SortSmallGuard
	SortLargeGuard
	SortWare
	SortRendezvous
	SortBunk
	SortHammock
	SortBedroll
	numSorts
)

var sortNames = [...]string{"pub", "treasure map", "treasure chest", "scorpion chest", "small guard",
	"large guard", "pirate supply", "rendezvous", "bunk", "hammock", "bedroll"}

// String returns the sort's name.
func (s TileSort) String() string {
	if s >= 0 && int(s) < len(sortNames) {
		return sortNames[s]
	}
	return fmt.Sprintf("sort(%d)", int(s))
}

// TileType is one kind of tile with its printed data and how many the box
// holds.
type TileType struct {
	Key    string // stable key, e.g. "swan-3", "map-rose-6", "scorpion-14", "rdv-pub"
	Sort   TileSort
	Value  int    // honour points (-2 for every scorpion chest)
	Goal   int    // scorpion chests: the goal number
	Coin   bool   // small guards 1 and 2 show a coin
	Group  string // pub kind, map color, ware kind, or rendezvous target
	Copies int
	Label  string
}

// tiles is the catalog of every scoring tile in the box (the data file §2):
// 155 tiles; with 12 rum barrels, 13 markers and the start-player tile they
// make the box's 181. With it, each tile type's index by key. Both are made
// at first use, not at every start of rumref.
func tiles() ([]TileType, *tileIndex) {
	tilesOnce.Do(makeTiles)
	return tileCatalog, tileKeys
}

func makeTiles() {
	tileCatalog = buildCatalog()
	tileKeys = newTileIndex(tileCatalog)
	for s := range fullStacks {
		fullStacks[s] = makeFullStack(tileCatalog, TileSort(s))
	}
}

var (
	tilesOnce   sync.Once
	tileCatalog []TileType
	tileKeys    *tileIndex
	// fullStacks are the full stacks of each sort, which newStack copies.
	fullStacks [numSorts]*Stack
)

// tileIndex finds a tile type by its key. The rules look tile types up
// hundreds of times a game (every label, value and group of a tile held
// by key), so the index is a small open-addressed table hashed on a few
// bytes of the key (its length, first and last two bytes) rather than a
// map hashing the whole string; a found slot is confirmed by comparing
// the whole key.
type tileIndex struct {
	slot [256]uint8 // 1 + the catalog index, or 0 for an empty slot
	keys []string
}

func tileHash(k string) uint8 {
	n := len(k)
	if n < 2 {
		return uint8(n)
	}
	x := uint32(n)<<24 | uint32(k[0])<<16 | uint32(k[n-2])<<8 | uint32(k[n-1])
	return uint8((x * 0x9E3779B1) >> 24)
}

func newTileIndex(c []TileType) *tileIndex {
	x := &tileIndex{keys: make([]string, len(c))}
	if len(c) >= len(x.slot) {
		panic("the tile index holds fewer tile types than the catalog's")
	}
	for i, t := range c {
		x.keys[i] = t.Key
		h := tileHash(t.Key)
		for x.slot[h] != 0 {
			h++
		}
		x.slot[h] = uint8(i + 1)
	}
	return x
}

// find is the catalog index of key, or -1.
func (x *tileIndex) find(key string) int {
	for h := tileHash(key); x.slot[h] != 0; h++ {
		if i := int(x.slot[h]) - 1; x.keys[i] == key {
			return i
		}
	}
	return -1
}

// Catalog returns the tile catalog, one entry per tile type, in holder
// order. The slice must not be modified.
func Catalog() []TileType {
	c, _ := tiles()
	return c
}

// Tile returns the tile type for a key.
func Tile(key string) (TileType, bool) {
	if t := tileOf(key); t != nil {
		return *t, true
	}
	return TileType{}, false
}

// TileIndex returns the index in Catalog of the tile type of a key.
func TileIndex(key string) (int, bool) {
	_, index := tiles()
	i := index.find(key)
	return i, i >= 0
}

// tileOf is the catalog's tile type for a key, or nil.
func tileOf(key string) *TileType {
	c, index := tiles()
	if i := index.find(key); i >= 0 {
		return &c[i]
	}
	return nil
}

// mustTile returns the tile type for a key known to be valid.
func mustTile(key string) *TileType {
	t := tileOf(key)
	if t == nil {
		panic("unknown tile " + key)
	}
	return t
}

// The counts of the box outside the scoring tiles.
const (
	RumBarrels = 12
	Markers    = 13
	StartTile  = 1
	BoxTiles   = 181
)

// Pub kinds, map colors and ware kinds as keys use them.
var (
	PubKinds  = []string{"swan", "escruce", "frere"}
	MapColors = []string{"rose", "green", "yellow"}
	WareKinds = []string{"eye-patch", "hat", "hook", "parrot", "peg-leg"}
)

var pubLabels = map[string]string{"swan": "The Swan", "escruce": "Es Cruce", "frere": "Frere Jacques"}

// PubLabel returns the printed name of a pub kind.
func PubLabel(kind string) string { return pubLabels[kind] }

func buildCatalog() []TileType {
	var c []TileType
	add := func(t TileType) { c = append(c, t) }
	for _, k := range PubKinds {
		for _, vc := range [][2]int{{2, 2}, {3, 4}, {4, 3}, {5, 1}} {
			add(TileType{Key: k + "-" + strconv.Itoa(vc[0]), Sort: SortPub, Value: vc[0], Group: k, Copies: vc[1],
				Label: fmt.Sprintf("%s %d", pubLabels[k], vc[0])})
		}
	}
	for _, col := range MapColors {
		for _, vc := range [][2]int{{3, 2}, {4, 3}, {5, 3}, {6, 2}} {
			add(TileType{Key: "map-" + col + "-" + strconv.Itoa(vc[0]), Sort: SortMap, Value: vc[0], Group: col, Copies: vc[1],
				Label: fmt.Sprintf("map %s %d", col, vc[0])})
		}
	}
	for _, vc := range [][2]int{{4, 3}, {5, 6}, {6, 3}} {
		add(TileType{Key: "chest-" + strconv.Itoa(vc[0]), Sort: SortChest, Value: vc[0], Copies: vc[1],
			Label: fmt.Sprintf("chest %d", vc[0])})
	}
	for g := 10; g <= 21; g++ {
		add(TileType{Key: "scorpion-" + strconv.Itoa(g), Sort: SortScorpion, Value: -2, Goal: g, Copies: 1,
			Label: fmt.Sprintf("scorpion chest (goal %d)", g)})
	}
	for v := 1; v <= 3; v++ {
		add(TileType{Key: "guard-" + strconv.Itoa(v), Sort: SortSmallGuard, Value: v, Coin: v <= 2, Copies: 3,
			Label: fmt.Sprintf("small guard %d%s", v, map[bool]string{true: " with coin", false: ""}[v <= 2])})
	}
	for v := 4; v <= 6; v++ {
		add(TileType{Key: "guard-" + strconv.Itoa(v), Sort: SortLargeGuard, Value: v, Copies: 3,
			Label: fmt.Sprintf("large guard %d", v)})
	}
	for _, w := range WareKinds {
		for v := 2; v <= 5; v++ {
			add(TileType{Key: w + "-" + strconv.Itoa(v), Sort: SortWare, Value: v, Group: w, Copies: 1,
				Label: fmt.Sprintf("%s %d", strings.ReplaceAll(w, "-", " "), v)})
		}
	}
	for _, r := range []struct {
		target string
		value  int
		label  string
	}{{"rum", 4, "rum barrels"}, {"guard", 4, "guard"}, {"pub", 4, "any pub"}, {"pirate", 4, "pirate"},
		{"supply", 4, "pirate supply"}, {"map-green", 6, "map green"}, {"map-rose", 6, "map rose"},
		{"map-yellow", 6, "map yellow"}, {"chest", 6, "treasure chest"}} {
		add(TileType{Key: "rdv-" + r.target, Sort: SortRendezvous, Value: r.value, Group: r.target, Copies: 2,
			Label: fmt.Sprintf("rendezvous %s (%d)", r.label, r.value)})
	}
	for _, s := range []struct {
		name string
		sort TileSort
		vc   [][2]int
	}{{"bunk", SortBunk, [][2]int{{6, 2}, {7, 2}, {8, 1}}}, {"hammock", SortHammock, [][2]int{{3, 2}, {4, 2}, {5, 1}}},
		{"bedroll", SortBedroll, [][2]int{{1, 3}, {2, 2}}}} {
		for _, vc := range s.vc {
			add(TileType{Key: s.name + "-" + strconv.Itoa(vc[0]), Sort: s.sort, Value: vc[0], Copies: vc[1],
				Label: fmt.Sprintf("%s %d", s.name, vc[0])})
		}
	}
	return c
}

// Stack is one face-down stack of the tile holder. Its shuffled part is
// known only as counts per tile type; tiles put back under the stack (sold
// wares, lost guards) form a known queue beneath it that is expected to
// come up once the shuffled part is gone, though the table may draw one
// earlier (see Drawable).
type Stack struct {
	Sorts  []TileSort
	Counts map[string]int // shuffled part: tile key -> copies
	Under  []string       // tiles put under the stack, next to be drawn first
	// Unnamed counts tiles out of the stack whose identity rumref was not
	// told (rules revision 3: rendezvous tiles held face down, kept
	// wares). Counts still holds them, as nobody said which they are;
	// naming one takes it from Counts and from Unnamed (Name).
	Unnamed int `json:",omitempty"`

	keys []string // the stack's tile keys in catalog order
	// drawable is Drawable's buffer, reused from call to call.
	drawable []string
}

// newStack is the full stack of one sort: a copy of the one made from the
// catalog once (its key list shared, as no stack changes it).
func newStack(sort TileSort) *Stack {
	tiles()
	full := fullStacks[sort]
	return &Stack{Sorts: full.Sorts, Counts: maps.Clone(full.Counts), keys: full.keys}
}

// makeFullStack makes the full stack of one sort from the catalog.
func makeFullStack(c []TileType, sort TileSort) *Stack {
	s := &Stack{Sorts: []TileSort{sort}, Counts: map[string]int{}}
	for _, t := range c {
		if t.Sort == sort {
			s.Counts[t.Key] = t.Copies
			s.keys = append(s.keys, t.Key)
		}
	}
	return s
}

// Size is the number of tiles in the stack.
func (s *Stack) Size() int {
	n := len(s.Under) - s.Unnamed
	for _, c := range s.Counts {
		n += c
	}
	return n
}

// Possible lists, in catalog order, the tile types the next draw can show.
func (s *Stack) Possible() []string {
	var out []string
	for _, k := range s.keys {
		if s.Counts[k] > 0 {
			out = append(out, k)
		}
	}
	if len(out) == 0 && len(s.Under) > 0 {
		out = append(out, s.Under[0])
	}
	return out
}

// Drawable lists, in catalog order, every tile type anywhere in the
// stack: the shuffled part and the tiles put under it. The stack is a
// physical pile the table may have squared up, turned or reshuffled, so a
// tile put under it may come up before the shuffled part is gone.
// The list is the stack's one buffer, reused by the next call: read it
// before calling again.
func (s *Stack) Drawable() []string {
	out := s.drawable[:0]
	for _, k := range s.keys {
		if s.Counts[k] > 0 || slices.Contains(s.Under, k) {
			out = append(out, k)
		}
	}
	s.drawable = out
	return out
}

// Expected reports whether a draw of key is what the stack's order says
// comes next: a tile of the shuffled part, or once that is gone the first
// tile put under it. A drawable tile that is not expected is a tile put
// under the stack coming up early.
func (s *Stack) Expected(key string) bool {
	if s.Counts[key] > 0 {
		return true
	}
	for _, c := range s.Counts {
		if c > 0 {
			return false
		}
	}
	return len(s.Under) > 0 && s.Under[0] == key
}

// Take removes one drawn tile of the given key from the stack: from the
// shuffled part if it holds one, else the first such tile put under it.
func (s *Stack) Take(key string) {
	if s.Counts[key] > 0 {
		s.Counts[key]--
		return
	}
	if i := slices.Index(s.Under, key); i >= 0 {
		s.Under = slices.Delete(slices.Clone(s.Under), i, i+1)
		return
	}
	panic("tile " + key + " is not in the stack")
}

// DrawUnnamed takes the top tile without naming it.
func (s *Stack) DrawUnnamed() { s.Unnamed++ }

// ReturnUnnamed puts an unnamed tile back under the stack (a sold ware
// under rules revision 3): it is again one of the stack's unknown tiles.
func (s *Stack) ReturnUnnamed() { s.Unnamed-- }

// Name says which tile one of the unnamed tiles is (a rendezvous target
// revealed, a kept ware named at the end): it leaves Counts and Unnamed.
// The caller checks that the stack's box holds such a tile (Counts).
func (s *Stack) Name(key string) {
	s.Counts[key]--
	s.Unnamed--
}

// PutUnder puts a tile face down under the stack.
func (s *Stack) PutUnder(key string) { s.Under = append(s.Under, key) }
