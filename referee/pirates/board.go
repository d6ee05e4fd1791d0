package pirates

import "fmt"

// Kind is what an intersection does when the captain arrives.
type Kind int

// The intersection kinds of the board, as named in the rulebook.
const (
	Coin Kind = iota
	Headquarters
	Recruit // the "Pirate" intersection: one pirate from the unemployment office
	RumBarrel
	Rendezvous
	PirateSupply
	Guard
	TreasureChest
	MapRose
	MapGreen
	MapYellow
	PubSwan
	PubEsCruce
	PubFrereJacques
)

var kindNames = [...]string{"Coin", "HQ", "Pirate", "Rum", "Rendezvous", "Supply", "Guard", "Chest",
	"Map rose", "Map green", "Map yellow", "The Swan", "Es Cruce", "Frere Jacques"}

// String returns the intersection kind's name.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// IsPub reports whether the kind is one of the three pubs.
func (k Kind) IsPub() bool { return k == PubSwan || k == PubEsCruce || k == PubFrereJacques }

// IsMap reports whether the kind is one of the three treasure-map colors.
func (k Kind) IsMap() bool { return k == MapRose || k == MapGreen || k == MapYellow }

// Placement is one section on the 3x3 grid: its printed number (1-9) and
// how many quarter-turns clockwise it is turned (0-3).
type Placement struct {
	Section int `yaml:"section" json:"section"`
	Turn    int `yaml:"turn" json:"turn"`
}

// Layout is the nine placements in reading order (row by row, left to
// right, top row first).
type Layout [9]Placement

// Intersection is one of the 36 intersections of the assembled board.
type Intersection struct {
	ID      int
	Kind    Kind
	Section int // printed section number, 1-9 (a coin shows this number)
	Cell    int // grid cell 0-8 in reading order
	// X and Y place the intersection on the assembled board, 0-3 each, for
	// pictures.
	X, Y float64
	Name string // unique, e.g. "Coin 3", "HQ", "Guard (6)"
}

// Alley is one alley of the assembled board. A is the intersection at one
// end; B is the other end, or -1 for a dark alley leading off the board.
type Alley struct {
	ID       int
	A, B     int
	Segments int
	Dark     bool
	// Exit names the board-edge exit of a dark alley: the board side, the
	// printed number of the section it leaves, and which of that side's two
	// exits it is, e.g. "north edge of section 3, left".
	Exit string
	// Crosses reports whether the alley passes a section border: an inner
	// seam, or the board edge for a dark alley. CrossX and CrossY then place
	// that border point on the assembled board (0-3 each), for pictures.
	Crosses        bool
	CrossX, CrossY float64
}

// Board is an assembled board: a multigraph of alleys with identity.
type Board struct {
	Layout        Layout
	Intersections []Intersection
	Alleys        []Alley
	// At lists, for each intersection, the IDs of the alleys that touch it.
	At [][]int
	// CoinOf maps a section number (1-9) to its coin intersection; index 0
	// is unused.
	CoinOf [10]int
	HQ     int
}

// Other returns the far end of alley a seen from intersection from (-1 for a
// dark alley).
func (b *Board) Other(a Alley, from int) int {
	if a.A == from {
		return a.B
	}
	return a.A
}

// AlleyName describes an alley for people, e.g. "HQ - Coin 2 (4)".
func (b *Board) AlleyName(id int) string {
	a := b.Alleys[id]
	if a.Dark {
		return fmt.Sprintf("%s - dark alley %s (%d)", b.Intersections[a.A].Name, a.Exit, a.Segments)
	}
	return fmt.Sprintf("%s - %s (%d)", b.Intersections[a.A].Name, b.Intersections[a.B].Name, a.Segments)
}
