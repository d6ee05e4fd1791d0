package setup

import (
	_ "embed"
	"fmt"
	"strings"

	"rumref/internal/yamlfile"
	"rumref/referee/pirates"
)

// sectionsYAML is the printed content of the nine Rum & Pirates board
// sections (rules data §1.2).
//
//go:embed sections.yaml
var sectionsYAML []byte

// exit is one of the eight border exits of a board section, two per side.
// The constants run clockwise from the top-left corner, so a quarter-turn
// clockwise moves every exit two places along.
type exit int

// The eight exits, clockwise from the top-left corner of a section.
const (
	exitNl exit = iota // north side, left
	exitNr             // north side, right
	exitEt             // east side, top
	exitEb             // east side, bottom
	exitSr             // south side, right
	exitSl             // south side, left
	exitWb             // west side, bottom
	exitWt             // west side, top
	numExits
)

var exitNames = [numExits]string{"Nl", "Nr", "Et", "Eb", "Sr", "Sl", "Wb", "Wt"}

// String returns the exit's short name, e.g. "Nl".
func (e exit) String() string {
	if e >= 0 && e < numExits {
		return exitNames[e]
	}
	return fmt.Sprintf("exit(%d)", int(e))
}

// turned returns where the exit ends up after t quarter-turns clockwise.
func (e exit) turned(t int) exit { return (e + exit(2*t)) % numExits }

// side returns the board side the exit lies on and where along it.
func (e exit) side() (side, along string) {
	switch e {
	case exitNl:
		return "north", "left"
	case exitNr:
		return "north", "right"
	case exitEt:
		return "east", "top"
	case exitEb:
		return "east", "bottom"
	case exitSr:
		return "south", "right"
	case exitSl:
		return "south", "left"
	case exitWb:
		return "west", "bottom"
	default:
		return "west", "top"
	}
}

// point returns where the exit meets the border of an unrotated section,
// with x and y running 0-1 from the top-left corner.
func (e exit) point() (x, y float64) {
	switch e {
	case exitNl:
		return 0.25, 0
	case exitNr:
		return 0.75, 0
	case exitEt:
		return 1, 0.25
	case exitEb:
		return 1, 0.75
	case exitSr:
		return 0.75, 1
	case exitSl:
		return 0.25, 1
	case exitWb:
		return 0, 0.75
	default:
		return 0, 0.25
	}
}

// sectionFile is one section as written in sections.yaml.
type sectionFile struct {
	Section       int `yaml:"section"`
	Intersections []struct {
		Kind string  `yaml:"kind"`
		X    float64 `yaml:"x"`
		Y    float64 `yaml:"y"`
	} `yaml:"intersections"`
	Alleys []struct {
		A        string `yaml:"a"`
		B        string `yaml:"b"`
		Segments int    `yaml:"segments"`
	} `yaml:"alleys"`
	Exits []struct {
		Exit     string `yaml:"exit"`
		To       string `yaml:"to"`
		Segments int    `yaml:"segments"`
	} `yaml:"exits"`
}

// spot is one intersection of an unrotated section.
type spot struct {
	kind pirates.Kind
	x, y float64
}

// innerAlley is an alley inside one section, joining two of its spots.
type innerAlley struct {
	a, b     int
	segments int
}

// exitAlley is the alley from a spot to one border exit; segments counts
// the full segments before the border.
type exitAlley struct {
	to       int
	segments int
}

// section is one board section as printed, unrotated.
type section struct {
	number int
	spots  []spot
	alleys []innerAlley
	exits  [numExits]exitAlley
}

// boardSections returns the nine sections, indexed by number-1: the
// table generated from sections.yaml (sections_table.go; a test checks that
// it is what the YAML holds, parsed and checked by parseSections), so that
// no start of rumref decodes the YAML.
func boardSections() ([]section, error) { return builtinSections, nil }

// kindByName finds the intersection kind with the given name.
func kindByName(name string) (pirates.Kind, bool) {
	for k := pirates.Kind(0); !strings.HasPrefix(k.String(), "kind("); k++ {
		if k.String() == name {
			return k, true
		}
	}
	return 0, false
}

// parseSections decodes and checks the section data: sections 1-9 in
// order, four intersections each with exactly one coin, alleys between
// different intersections of the section, and every exit exactly once.
func parseSections(data []byte) ([]section, error) {
	var files []sectionFile
	if err := yamlfile.Decode(data, &files, yamlfile.MaxSize); err != nil {
		return nil, fmt.Errorf("board sections: %w", err)
	}
	if len(files) != 9 {
		return nil, fmt.Errorf("board sections: found %d sections, want 9", len(files))
	}
	out := make([]section, 0, 9)
	for i, f := range files {
		if f.Section != i+1 {
			return nil, fmt.Errorf("board sections: entry %d is section %d, want %d", i+1, f.Section, i+1)
		}
		s := section{number: f.Section}
		index := func(name string) (int, error) {
			for j, sp := range s.spots {
				if sp.kind.String() == name {
					return j, nil
				}
			}
			return 0, fmt.Errorf("board section %d: no intersection %q", s.number, name)
		}
		coins := 0
		for _, in := range f.Intersections {
			k, ok := kindByName(in.Kind)
			if !ok {
				return nil, fmt.Errorf("board section %d: unknown intersection kind %q", s.number, in.Kind)
			}
			if _, err := index(in.Kind); err == nil {
				return nil, fmt.Errorf("board section %d: two %s intersections", s.number, in.Kind)
			}
			if in.X <= 0 || in.X >= 1 || in.Y <= 0 || in.Y >= 1 {
				return nil, fmt.Errorf("board section %d: %s lies outside the section", s.number, in.Kind)
			}
			if k == pirates.Coin {
				coins++
			}
			s.spots = append(s.spots, spot{kind: k, x: in.X, y: in.Y})
		}
		if len(s.spots) != 4 || coins != 1 {
			return nil, fmt.Errorf("board section %d: want 4 intersections with one coin", s.number)
		}
		for _, al := range f.Alleys {
			a, err := index(al.A)
			if err != nil {
				return nil, err
			}
			b, err := index(al.B)
			if err != nil {
				return nil, err
			}
			if a == b || al.Segments < 1 {
				return nil, fmt.Errorf("board section %d: bad alley %s-%s", s.number, al.A, al.B)
			}
			s.alleys = append(s.alleys, innerAlley{a: a, b: b, segments: al.Segments})
		}
		var seen [numExits]bool
		for _, ex := range f.Exits {
			e := exit(-1)
			for j, n := range exitNames {
				if n == ex.Exit {
					e = exit(j)
				}
			}
			if e < 0 || seen[e] {
				return nil, fmt.Errorf("board section %d: exit %q is unknown or listed twice", s.number, ex.Exit)
			}
			seen[e] = true
			to, err := index(ex.To)
			if err != nil {
				return nil, err
			}
			if ex.Segments < 0 {
				return nil, fmt.Errorf("board section %d: exit %s has negative length", s.number, ex.Exit)
			}
			s.exits[e] = exitAlley{to: to, segments: ex.Segments}
		}
		if len(f.Exits) != int(numExits) {
			return nil, fmt.Errorf("board section %d: want 8 exits, found %d", s.number, len(f.Exits))
		}
		out = append(out, s)
	}
	return out, nil
}
