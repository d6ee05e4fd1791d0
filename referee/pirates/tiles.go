package pirates

import (
	"fmt"
	"maps"
	"slices"
	"sync"

	"rumref/referee"
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

// tileText is a tile type's label and its "the" forms as messages, made
// once (makeTiles) so that naming a tile allocates nothing.
type tileText struct{ msg, the, theFirst referee.Msg }

// tileTexts are catalogTable's tileTexts, in its order.
var tileTexts [len(catalogTable)]tileText

// textOf is the tileText of a tile key known to be valid.
func textOf(key string) *tileText {
	_, index := tiles()
	i := index.find(key)
	if i < 0 {
		panic("unknown tile " + key)
	}
	return &tileTexts[i]
}

// tiles is the catalog of every scoring tile in the box (the data file §2):
// 155 tiles; with 12 rum barrels, 13 markers and the start-player tile they
// make the box's 181 (catalogTable). With it, each tile type's index by
// key, made at first use, not at every start of rumref.
func tiles() ([]TileType, *tileIndex) {
	tilesOnce.Do(makeTiles)
	return catalogTable[:], tileKeys
}

func makeTiles() {
	tileKeys = newTileIndex(catalogTable[:])
	for i := range catalogTable {
		t, x := &catalogTable[i], &tileTexts[i]
		x.msg = t.label()
		x.the, x.theFirst = x.msg, x.msg
		if t.Sort != SortPub {
			x.the = referee.Text("pirates.the", referee.Ref(&x.msg))
			x.theFirst = referee.Text("pirates.the.first", referee.Ref(&x.msg))
		}
	}
	for s := range fullStacks {
		fullStacks[s] = makeFullStack(catalogTable[:], TileSort(s))
	}
}

var (
	tilesOnce sync.Once
	tileKeys  *tileIndex
	// fullStacks are the full stacks of each sort, which newStack copies.
	fullStacks [numSorts]*Stack
)

// tileIndex finds a tile type by its key. The rules look tile types up
// hundreds of times a game (every label, value and group of a tile held
// by key; about 330 a raw 2-5 player game) and the simulator's checks up
// to 34,000 times, so the index is a small open-addressed table hashed on
// a few bytes of the key (its length, first and last two bytes) rather
// than a map hashing the whole string; a found slot is confirmed by
// comparing the whole key. BenchmarkTileLookup measures it beside a map
// and a switch: a map took 26 ns a lookup to its 14 (a checked game up
// to 4% longer), and a switch, faster at 6.5 ns, would write every key
// of the catalog a second time, in its order.
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

// pubLabels are the pubs' printed names, which TestCatalogTable labels the
// catalog's pubs with.
var pubLabels = map[string]string{"swan": "The Swan", "escruce": "Es Cruce", "frere": "Frere Jacques"}

// catalogTable is the catalog, one tile type a line, written out so that
// it is data in the binary rather than made at run time (at a cold start
// of rumref show it took ~0.1 ms with fmt); TestCatalogTable checks it
// against the catalog made from the box's kinds, values and counts.
var catalogTable = [...]TileType{
	{Key: "swan-2", Sort: SortPub, Value: 2, Group: "swan", Copies: 2, Label: "The Swan 2"},
	{Key: "swan-3", Sort: SortPub, Value: 3, Group: "swan", Copies: 4, Label: "The Swan 3"},
	{Key: "swan-4", Sort: SortPub, Value: 4, Group: "swan", Copies: 3, Label: "The Swan 4"},
	{Key: "swan-5", Sort: SortPub, Value: 5, Group: "swan", Copies: 1, Label: "The Swan 5"},
	{Key: "escruce-2", Sort: SortPub, Value: 2, Group: "escruce", Copies: 2, Label: "Es Cruce 2"},
	{Key: "escruce-3", Sort: SortPub, Value: 3, Group: "escruce", Copies: 4, Label: "Es Cruce 3"},
	{Key: "escruce-4", Sort: SortPub, Value: 4, Group: "escruce", Copies: 3, Label: "Es Cruce 4"},
	{Key: "escruce-5", Sort: SortPub, Value: 5, Group: "escruce", Copies: 1, Label: "Es Cruce 5"},
	{Key: "frere-2", Sort: SortPub, Value: 2, Group: "frere", Copies: 2, Label: "Frere Jacques 2"},
	{Key: "frere-3", Sort: SortPub, Value: 3, Group: "frere", Copies: 4, Label: "Frere Jacques 3"},
	{Key: "frere-4", Sort: SortPub, Value: 4, Group: "frere", Copies: 3, Label: "Frere Jacques 4"},
	{Key: "frere-5", Sort: SortPub, Value: 5, Group: "frere", Copies: 1, Label: "Frere Jacques 5"},
	{Key: "map-rose-3", Sort: SortMap, Value: 3, Group: "rose", Copies: 2, Label: "map rose 3"},
	{Key: "map-rose-4", Sort: SortMap, Value: 4, Group: "rose", Copies: 3, Label: "map rose 4"},
	{Key: "map-rose-5", Sort: SortMap, Value: 5, Group: "rose", Copies: 3, Label: "map rose 5"},
	{Key: "map-rose-6", Sort: SortMap, Value: 6, Group: "rose", Copies: 2, Label: "map rose 6"},
	{Key: "map-green-3", Sort: SortMap, Value: 3, Group: "green", Copies: 2, Label: "map green 3"},
	{Key: "map-green-4", Sort: SortMap, Value: 4, Group: "green", Copies: 3, Label: "map green 4"},
	{Key: "map-green-5", Sort: SortMap, Value: 5, Group: "green", Copies: 3, Label: "map green 5"},
	{Key: "map-green-6", Sort: SortMap, Value: 6, Group: "green", Copies: 2, Label: "map green 6"},
	{Key: "map-yellow-3", Sort: SortMap, Value: 3, Group: "yellow", Copies: 2, Label: "map yellow 3"},
	{Key: "map-yellow-4", Sort: SortMap, Value: 4, Group: "yellow", Copies: 3, Label: "map yellow 4"},
	{Key: "map-yellow-5", Sort: SortMap, Value: 5, Group: "yellow", Copies: 3, Label: "map yellow 5"},
	{Key: "map-yellow-6", Sort: SortMap, Value: 6, Group: "yellow", Copies: 2, Label: "map yellow 6"},
	{Key: "chest-4", Sort: SortChest, Value: 4, Copies: 3, Label: "chest 4"},
	{Key: "chest-5", Sort: SortChest, Value: 5, Copies: 6, Label: "chest 5"},
	{Key: "chest-6", Sort: SortChest, Value: 6, Copies: 3, Label: "chest 6"},
	{Key: "scorpion-10", Sort: SortScorpion, Value: -2, Goal: 10, Copies: 1, Label: "scorpion chest (goal 10)"},
	{Key: "scorpion-11", Sort: SortScorpion, Value: -2, Goal: 11, Copies: 1, Label: "scorpion chest (goal 11)"},
	{Key: "scorpion-12", Sort: SortScorpion, Value: -2, Goal: 12, Copies: 1, Label: "scorpion chest (goal 12)"},
	{Key: "scorpion-13", Sort: SortScorpion, Value: -2, Goal: 13, Copies: 1, Label: "scorpion chest (goal 13)"},
	{Key: "scorpion-14", Sort: SortScorpion, Value: -2, Goal: 14, Copies: 1, Label: "scorpion chest (goal 14)"},
	{Key: "scorpion-15", Sort: SortScorpion, Value: -2, Goal: 15, Copies: 1, Label: "scorpion chest (goal 15)"},
	{Key: "scorpion-16", Sort: SortScorpion, Value: -2, Goal: 16, Copies: 1, Label: "scorpion chest (goal 16)"},
	{Key: "scorpion-17", Sort: SortScorpion, Value: -2, Goal: 17, Copies: 1, Label: "scorpion chest (goal 17)"},
	{Key: "scorpion-18", Sort: SortScorpion, Value: -2, Goal: 18, Copies: 1, Label: "scorpion chest (goal 18)"},
	{Key: "scorpion-19", Sort: SortScorpion, Value: -2, Goal: 19, Copies: 1, Label: "scorpion chest (goal 19)"},
	{Key: "scorpion-20", Sort: SortScorpion, Value: -2, Goal: 20, Copies: 1, Label: "scorpion chest (goal 20)"},
	{Key: "scorpion-21", Sort: SortScorpion, Value: -2, Goal: 21, Copies: 1, Label: "scorpion chest (goal 21)"},
	{Key: "guard-1", Sort: SortSmallGuard, Value: 1, Coin: true, Copies: 3, Label: "small guard 1 with coin"},
	{Key: "guard-2", Sort: SortSmallGuard, Value: 2, Coin: true, Copies: 3, Label: "small guard 2 with coin"},
	{Key: "guard-3", Sort: SortSmallGuard, Value: 3, Copies: 3, Label: "small guard 3"},
	{Key: "guard-4", Sort: SortLargeGuard, Value: 4, Copies: 3, Label: "large guard 4"},
	{Key: "guard-5", Sort: SortLargeGuard, Value: 5, Copies: 3, Label: "large guard 5"},
	{Key: "guard-6", Sort: SortLargeGuard, Value: 6, Copies: 3, Label: "large guard 6"},
	{Key: "eye-patch-2", Sort: SortWare, Value: 2, Group: "eye-patch", Copies: 1, Label: "eye patch 2"},
	{Key: "eye-patch-3", Sort: SortWare, Value: 3, Group: "eye-patch", Copies: 1, Label: "eye patch 3"},
	{Key: "eye-patch-4", Sort: SortWare, Value: 4, Group: "eye-patch", Copies: 1, Label: "eye patch 4"},
	{Key: "eye-patch-5", Sort: SortWare, Value: 5, Group: "eye-patch", Copies: 1, Label: "eye patch 5"},
	{Key: "hat-2", Sort: SortWare, Value: 2, Group: "hat", Copies: 1, Label: "hat 2"},
	{Key: "hat-3", Sort: SortWare, Value: 3, Group: "hat", Copies: 1, Label: "hat 3"},
	{Key: "hat-4", Sort: SortWare, Value: 4, Group: "hat", Copies: 1, Label: "hat 4"},
	{Key: "hat-5", Sort: SortWare, Value: 5, Group: "hat", Copies: 1, Label: "hat 5"},
	{Key: "hook-2", Sort: SortWare, Value: 2, Group: "hook", Copies: 1, Label: "hook 2"},
	{Key: "hook-3", Sort: SortWare, Value: 3, Group: "hook", Copies: 1, Label: "hook 3"},
	{Key: "hook-4", Sort: SortWare, Value: 4, Group: "hook", Copies: 1, Label: "hook 4"},
	{Key: "hook-5", Sort: SortWare, Value: 5, Group: "hook", Copies: 1, Label: "hook 5"},
	{Key: "parrot-2", Sort: SortWare, Value: 2, Group: "parrot", Copies: 1, Label: "parrot 2"},
	{Key: "parrot-3", Sort: SortWare, Value: 3, Group: "parrot", Copies: 1, Label: "parrot 3"},
	{Key: "parrot-4", Sort: SortWare, Value: 4, Group: "parrot", Copies: 1, Label: "parrot 4"},
	{Key: "parrot-5", Sort: SortWare, Value: 5, Group: "parrot", Copies: 1, Label: "parrot 5"},
	{Key: "peg-leg-2", Sort: SortWare, Value: 2, Group: "peg-leg", Copies: 1, Label: "peg leg 2"},
	{Key: "peg-leg-3", Sort: SortWare, Value: 3, Group: "peg-leg", Copies: 1, Label: "peg leg 3"},
	{Key: "peg-leg-4", Sort: SortWare, Value: 4, Group: "peg-leg", Copies: 1, Label: "peg leg 4"},
	{Key: "peg-leg-5", Sort: SortWare, Value: 5, Group: "peg-leg", Copies: 1, Label: "peg leg 5"},
	{Key: "rdv-rum", Sort: SortRendezvous, Value: 4, Group: "rum", Copies: 2, Label: "rendezvous rum barrels (4)"},
	{Key: "rdv-guard", Sort: SortRendezvous, Value: 4, Group: "guard", Copies: 2, Label: "rendezvous guard (4)"},
	{Key: "rdv-pub", Sort: SortRendezvous, Value: 4, Group: "pub", Copies: 2, Label: "rendezvous any pub (4)"},
	{Key: "rdv-pirate", Sort: SortRendezvous, Value: 4, Group: "pirate", Copies: 2, Label: "rendezvous pirate (4)"},
	{Key: "rdv-supply", Sort: SortRendezvous, Value: 4, Group: "supply", Copies: 2, Label: "rendezvous pirate supply (4)"},
	{Key: "rdv-map-green", Sort: SortRendezvous, Value: 6, Group: "map-green", Copies: 2, Label: "rendezvous map green (6)"},
	{Key: "rdv-map-rose", Sort: SortRendezvous, Value: 6, Group: "map-rose", Copies: 2, Label: "rendezvous map rose (6)"},
	{Key: "rdv-map-yellow", Sort: SortRendezvous, Value: 6, Group: "map-yellow", Copies: 2, Label: "rendezvous map yellow (6)"},
	{Key: "rdv-chest", Sort: SortRendezvous, Value: 6, Group: "chest", Copies: 2, Label: "rendezvous treasure chest (6)"},
	{Key: "bunk-6", Sort: SortBunk, Value: 6, Copies: 2, Label: "bunk 6"},
	{Key: "bunk-7", Sort: SortBunk, Value: 7, Copies: 2, Label: "bunk 7"},
	{Key: "bunk-8", Sort: SortBunk, Value: 8, Copies: 1, Label: "bunk 8"},
	{Key: "hammock-3", Sort: SortHammock, Value: 3, Copies: 2, Label: "hammock 3"},
	{Key: "hammock-4", Sort: SortHammock, Value: 4, Copies: 2, Label: "hammock 4"},
	{Key: "hammock-5", Sort: SortHammock, Value: 5, Copies: 1, Label: "hammock 5"},
	{Key: "bedroll-1", Sort: SortBedroll, Value: 1, Copies: 3, Label: "bedroll 1"},
	{Key: "bedroll-2", Sort: SortBedroll, Value: 2, Copies: 2, Label: "bedroll 2"},
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
	// told (rendezvous tiles held face down, kept
	// wares). Counts still holds them, as nobody said which they are;
	// naming one takes it from Counts and from Unnamed (Name).
	Unnamed int `json:",omitempty"`

	keys []string // the stack's tile keys in catalog order
	// types are the catalog's entries of keys, in the same order.
	types []*TileType
	// drawable is Drawable's buffer, reused from call to call.
	drawable []*TileType
}

// newStack is the full stack of one sort: a copy of the one made from the
// catalog once (its key list shared, as no stack changes it).
func newStack(sort TileSort) *Stack {
	tiles()
	full := fullStacks[sort]
	return &Stack{Sorts: full.Sorts, Counts: maps.Clone(full.Counts), keys: full.keys, types: full.types}
}

// makeFullStack makes the full stack of one sort from the catalog.
func makeFullStack(c []TileType, sort TileSort) *Stack {
	s := &Stack{Sorts: []TileSort{sort}, Counts: map[string]int{}}
	for i := range c {
		if t := &c[i]; t.Sort == sort {
			s.Counts[t.Key] = t.Copies
			s.keys = append(s.keys, t.Key)
			s.types = append(s.types, t)
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

// Drawable lists, in catalog order, every tile type anywhere in the
// stack (the catalog's entries): the shuffled part and the tiles put
// under it. The stack is a
// physical pile the table may have squared up, turned or reshuffled, so a
// tile put under it may come up before the shuffled part is gone.
// The list is the stack's one buffer, reused by the next call: read it
// before calling again.
func (s *Stack) Drawable() []*TileType {
	out := s.drawable[:0]
	for i, k := range s.keys {
		if s.Counts[k] > 0 || slices.Contains(s.Under, k) {
			out = append(out, s.types[i])
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

// ReturnUnnamed puts an unnamed tile back under the stack (a sold ware):
// it is again one of the stack's unknown tiles.
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
