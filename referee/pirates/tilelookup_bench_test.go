package pirates

import "testing"

// tileSwitch is the catalog index of a key found by a switch on the
// key, one case a tile type, written out for BenchmarkTileLookup only.
func tileSwitch(key string) int {
	switch key {
	case "swan-2":
		return 0
	case "swan-3":
		return 1
	case "swan-4":
		return 2
	case "swan-5":
		return 3
	case "escruce-2":
		return 4
	case "escruce-3":
		return 5
	case "escruce-4":
		return 6
	case "escruce-5":
		return 7
	case "frere-2":
		return 8
	case "frere-3":
		return 9
	case "frere-4":
		return 10
	case "frere-5":
		return 11
	case "map-rose-3":
		return 12
	case "map-rose-4":
		return 13
	case "map-rose-5":
		return 14
	case "map-rose-6":
		return 15
	case "map-green-3":
		return 16
	case "map-green-4":
		return 17
	case "map-green-5":
		return 18
	case "map-green-6":
		return 19
	case "map-yellow-3":
		return 20
	case "map-yellow-4":
		return 21
	case "map-yellow-5":
		return 22
	case "map-yellow-6":
		return 23
	case "chest-4":
		return 24
	case "chest-5":
		return 25
	case "chest-6":
		return 26
	case "scorpion-10":
		return 27
	case "scorpion-11":
		return 28
	case "scorpion-12":
		return 29
	case "scorpion-13":
		return 30
	case "scorpion-14":
		return 31
	case "scorpion-15":
		return 32
	case "scorpion-16":
		return 33
	case "scorpion-17":
		return 34
	case "scorpion-18":
		return 35
	case "scorpion-19":
		return 36
	case "scorpion-20":
		return 37
	case "scorpion-21":
		return 38
	case "guard-1":
		return 39
	case "guard-2":
		return 40
	case "guard-3":
		return 41
	case "guard-4":
		return 42
	case "guard-5":
		return 43
	case "guard-6":
		return 44
	case "eye-patch-2":
		return 45
	case "eye-patch-3":
		return 46
	case "eye-patch-4":
		return 47
	case "eye-patch-5":
		return 48
	case "hat-2":
		return 49
	case "hat-3":
		return 50
	case "hat-4":
		return 51
	case "hat-5":
		return 52
	case "hook-2":
		return 53
	case "hook-3":
		return 54
	case "hook-4":
		return 55
	case "hook-5":
		return 56
	case "parrot-2":
		return 57
	case "parrot-3":
		return 58
	case "parrot-4":
		return 59
	case "parrot-5":
		return 60
	case "peg-leg-2":
		return 61
	case "peg-leg-3":
		return 62
	case "peg-leg-4":
		return 63
	case "peg-leg-5":
		return 64
	case "rdv-rum":
		return 65
	case "rdv-guard":
		return 66
	case "rdv-pub":
		return 67
	case "rdv-pirate":
		return 68
	case "rdv-supply":
		return 69
	case "rdv-map-green":
		return 70
	case "rdv-map-rose":
		return 71
	case "rdv-map-yellow":
		return 72
	case "rdv-chest":
		return 73
	case "bunk-6":
		return 74
	case "bunk-7":
		return 75
	case "bunk-8":
		return 76
	case "hammock-3":
		return 77
	case "hammock-4":
		return 78
	case "hammock-5":
		return 79
	case "bedroll-1":
		return 80
	case "bedroll-2":
		return 81
	}
	return -1
}

// BenchmarkTileLookup looks every catalog key up, with one key that is
// no tile, by the tile index (tileIndex), a map and a switch, side by
// side (see tileIndex for what they measured and why the index stays).
func BenchmarkTileLookup(b *testing.B) {
	c, index := tiles()
	m := make(map[string]int, len(c))
	for i, t := range c {
		m[t.Key] = i
	}
	var keys []string
	for _, t := range c {
		keys = append(keys, string([]byte(t.Key))) // not the catalog's own strings
	}
	keys = append(keys, "no-such-tile")
	for i, k := range keys[:len(keys)-1] {
		if index.find(k) != i || m[k] != i || tileSwitch(k) != i {
			b.Fatalf("%s is not found at %d", k, i)
		}
	}
	b.Run("index", func(b *testing.B) {
		for b.Loop() {
			for _, k := range keys {
				index.find(k)
			}
		}
	})
	b.Run("map", func(b *testing.B) {
		for b.Loop() {
			for _, k := range keys {
				_ = m[k]
			}
		}
	})
	b.Run("switch", func(b *testing.B) {
		for b.Loop() {
			for _, k := range keys {
				tileSwitch(k)
			}
		}
	})
}
