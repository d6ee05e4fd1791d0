// Package scoring scores a finished (or unfinished) game of Rum & Pirates
// from the tiles each player holds: per-category honour points, the ranking
// with its tiebreaks, and a score pad as text or JSON-ready data. It is a
// pure leaf package: it does no I/O and imports nothing else of rumref.
package scoring

import (
	"fmt"
	"iter"
	"slices"
)

// Category is one row of the score pad: a kind of tile that scores.
type Category int

// The scoring categories, in the order the score pad lists them.
const (
	Pubs Category = iota
	Chests
	Guards
	Sleeping
	Wares
	Rendezvous
	Maps
	// NumCategories is the number of scoring categories.
	NumCategories
)

var categoryNames = [...]string{"pubs", "chests", "guards", "sleeping", "wares", "rendezvous", "maps"}

// String returns the category's key as the JSON output uses it, e.g. "pubs".
func (c Category) String() string {
	if c >= 0 && c < NumCategories {
		return categoryNames[c]
	}
	return fmt.Sprintf("category(%d)", int(c))
}

// Categories lists every scoring category in score pad order.
func Categories() []Category {
	out := make([]Category, NumCategories)
	for i := range out {
		out[i] = Category(i)
	}
	return out
}

// Ware is one kept pirate-supply tile: its kind (eye-patch, hat, hook,
// parrot, peg-leg) and value.
type Ware struct {
	Kind  string
	Value int
}

// Map is one treasure-map tile: its color (green, rose, yellow) and value.
type Map struct {
	Color string
	Value int
}

// Player is what one player holds at the end: the values of the tiles under
// the flag by category, and the tiebreak counts.
type Player struct {
	Name string
	// Pubs, Chests (-2 for each scorpion chest), Guards and Sleeping (bunk,
	// hammock and bedroll) hold tile values; they score face value.
	Pubs, Chests, Guards, Sleeping []int
	// Wares are the kept pirate-supply tiles; only the best of each kind
	// scores.
	Wares []Ware
	// Rendezvous holds the values of fulfilled rendezvous tiles only.
	Rendezvous []int
	// Maps are the treasure maps; they score in same-color pairs.
	Maps []Map
	// Unemployed is the player's pirates left in the unemployment office.
	Unemployed int
	Rum        int
	Coins      int
	// CoinsHidden marks coins the viewer of a provisional score may not
	// see (Coins is then 0 and means nothing): coins break no tie then.
	CoinsHidden bool
}

// Score is one player's scored result.
type Score struct {
	Name string
	// Points holds the points per category, indexed by Category.
	Points [NumCategories]int
	Total  int
	// Place is 1 for the winner; players who share a place share its
	// number.
	Place      int
	Unemployed int
	Rum        int
	Coins      int
	// CoinsHidden: the coins are secret to the viewer (see Player).
	CoinsHidden bool
	// Worthless lists the tiles that score nothing, with the reason.
	Worthless []Worthless
}

// Points computes the player's points per category and notes every tile
// that scores nothing.
func (p Player) Points() (pts [NumCategories]int, worthless []Worthless) {
	pts[Pubs] = sum(p.Pubs)
	pts[Chests] = sum(p.Chests)
	pts[Guards] = sum(p.Guards)
	pts[Sleeping] = sum(p.Sleeping)
	pts[Rendezvous] = sum(p.Rendezvous)
	var w []Worthless
	pts[Wares], w = WarePoints(p.Wares)
	worthless = append(worthless, w...)
	pts[Maps], w = MapPoints(p.Maps)
	worthless = append(worthless, w...)
	return pts, worthless
}

// WarePoints scores pirate wares: only the highest tile of each kind
// counts. It also describes each tile that does not count.
func WarePoints(wares []Ware) (int, []Worthless) {
	total := 0
	var worthless []Worthless
	for k, vals := range grouped(wares, func(w Ware) (string, int) { return w.Kind, w.Value }) {
		total += vals[0]
		for _, v := range vals[1:] {
			worthless = append(worthless, Worthless{Kind: k, Value: v})
		}
	}
	return total, worthless
}

// MapPoints scores treasure maps: each color's tiles are sorted from the
// highest and paired neighbour with neighbour, each pair scoring its sum;
// with an odd count the lowest tile is left single and scores nothing. It
// also describes each single tile.
func MapPoints(maps []Map) (int, []Worthless) {
	total := 0
	var worthless []Worthless
	for c, vals := range grouped(maps, func(m Map) (string, int) { return m.Color, m.Value }) {
		for i := 0; i+1 < len(vals); i += 2 {
			total += vals[i] + vals[i+1]
		}
		if len(vals)%2 == 1 {
			worthless = append(worthless, Worthless{Map: true, Kind: c, Value: vals[len(vals)-1]})
		}
	}
	return total, worthless
}

// grouped yields the tiles' values by kind, highest first, the kinds in
// the order they first appear.
func grouped[T any](tiles []T, kv func(T) (string, int)) iter.Seq2[string, []int] {
	return func(yield func(string, []int) bool) {
		var kinds []string
		vals := map[string][]int{}
		for _, t := range tiles {
			k, v := kv(t)
			if vals[k] == nil {
				kinds = append(kinds, k)
			}
			vals[k] = append(vals[k], v)
		}
		for _, k := range kinds {
			slices.SortFunc(vals[k], func(a, b int) int { return b - a })
			if !yield(k, vals[k]) {
				return
			}
		}
	}
}

func sum(vals []int) int {
	n := 0
	for _, v := range vals {
		n += v
	}
	return n
}
