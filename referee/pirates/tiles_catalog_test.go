package pirates

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"rumref/locale"
)

// TestCatalogTable: the written-out catalog is the one made from the
// box's kinds, values and counts (the data file §2), in the same order.
func TestCatalogTable(t *testing.T) {
	want := buildCatalog()
	if len(want) != len(catalogTable) {
		t.Fatalf("%d tile types, want %d", len(catalogTable), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(catalogTable[i], want[i]) {
			t.Errorf("tile type %d is %+v, want %+v", i, catalogTable[i], want[i])
		}
	}
}

// buildCatalog makes the catalog from the box's kinds, values and counts.
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

// TestTileMessagesSayTheLabels checks that every tile's message says its
// printed label in English.
func TestTileMessagesSayTheLabels(t *testing.T) {
	for _, ty := range Catalog() {
		if m := ty.Msg(); m.In(locale.English) != ty.Label {
			t.Errorf("%s: the message says %q, the label is %q", ty.Key, m.In(locale.English), ty.Label)
		}
	}
}
