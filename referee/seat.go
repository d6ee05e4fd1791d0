package referee

import (
	"strconv"
	"sync"
)

// Seat is who acts: a player's seat (0-based, in seat order), the table as
// a whole, or the imaginary player. It is an answerer and a subject of
// rulings, never a viewer: what may be seen is asked with a Viewer.
type Seat int

const (
	// Table answers what nobody at the table owns: a die rolled for no
	// player, a tile drawn from the holder, a card turned up. It is actor
	// -1 in the protocol.
	Table Seat = -1
	// Imaginary is the imaginary third player of a two-player Rum &
	// Pirates wrangle: it rolls through the table and holds no secrets.
	Imaginary Seat = -2
)

// Player reports whether s is a player's seat (not the table nor the
// imaginary player).
func (s Seat) Player() bool { return s >= 0 }

// Viewer is the view of the seat's player.
func (s Seat) Viewer() Viewer {
	if s < 0 {
		return Public
	}
	return Viewer(s)
}

// String is the seat as a number, or "table" / "imaginary".
func (s Seat) String() string {
	switch s {
	case Table:
		return "table"
	case Imaginary:
		return "imaginary"
	}
	return strconv.Itoa(int(s))
}

// Viewer is who looks: a player, who also sees their own secrets, or the
// public, who sees none. It is "viewer" in the protocol: the seat, or -1.
type Viewer int

// Public is the viewer that sees only public information.
const Public Viewer = -1

// Seat is the viewer's seat, and false for the public.
func (v Viewer) Seat() (Seat, bool) {
	if v < 0 {
		return 0, false
	}
	return Seat(v), true
}

// Sees reports whether v is the player in seat s (and so sees s's secrets).
func (v Viewer) Sees(s Seat) bool { return v >= 0 && Seat(v) == s }

// Keys is a table of option keys made once for a value type: prefix
// followed by the index ("a0", "a1", ...). A value type's Key method looks
// its key up instead of formatting it for every question. The table is
// made at the first look-up, not when rumref starts (the tables are
// package variables of the games).
type Keys struct{ t *keyTable }

// keyTable is the table of a Keys and its copies, made by its first
// look-up.
type keyTable struct {
	prefix string
	n      int
	once   sync.Once
	keys   []string
}

// NewKeys makes the keys prefix0 to prefix(n-1).
func NewKeys(prefix string, n int) Keys {
	return Keys{&keyTable{prefix: prefix, n: n}}
}

// Of is the key of index i (made on the spot beyond the table).
func (k Keys) Of(i int) string {
	t := k.t
	t.once.Do(t.make)
	if uint(i) < uint(len(t.keys)) {
		return t.keys[i]
	}
	return t.prefix + strconv.Itoa(i)
}

// make makes the keys, in one string.
func (t *keyTable) make() {
	var buf []byte
	ends := make([]int, t.n)
	for j := range t.n {
		buf = strconv.AppendInt(append(buf, t.prefix...), int64(j), 10)
		ends[j] = len(buf)
	}
	t.keys = make([]string, t.n)
	all, start := string(buf), 0
	for j, end := range ends {
		t.keys[j], start = all[start:end], end
	}
}
