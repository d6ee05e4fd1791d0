package pirates

import (
	"embed"
	"slices"
	"strconv"
	"strings"

	"rumref/locale"
	"rumref/referee"
)

// The rules' words, in English and German (package locale): every text
// the rules say is a key of messages.*.yaml, and every game term in it
// (a place, a tile, a stack, a color) is a message of its own, so that it
// is said in the viewer's language too.
//
//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("pirates", messages)

// Plural nouns of the counts (referee.Count).
const (
	nPirate = "pirates.noun.pirate"
	nCoin   = "pirates.noun.coin"
	nWare   = "pirates.noun.ware"
)

var atKeys = [...]string{"pirates.at.coin", "pirates.at.hq", "pirates.at.pirate", "pirates.at.rum", "pirates.at.rendezvous",
	"pirates.at.supply", "pirates.at.guard", "pirates.at.chest", "pirates.at.map-rose", "pirates.at.map-green",
	"pirates.at.map-yellow", "pirates.at.swan", "pirates.at.escruce", "pirates.at.frere"}

// Msg is the intersection's name ("Coin 3", "HQ", "Guard (6)").
func (in *Intersection) Msg() referee.Msg {
	if in.Kind == Headquarters || in.Kind.IsPub() {
		return referee.Text(atKeys[in.Kind])
	}
	return referee.Text(atKeys[in.Kind], referee.Int(in.Section))
}

// at is intersection c's name as an argument (nested by Sub without
// allocating: a key, or a key and a number).
func (g *Game) at(c int) referee.Arg { return referee.Sub(g.Board.Intersections[c].Msg()) }

// AlleyMsg names alley id for people, as the view names it ("HQ - Coin
// 2 (4)", "Coin 3 - dark alley north edge of section 3, left (2)"): the
// board picture's names, which the pages match to the view's.
func (b *Board) AlleyMsg(id int) referee.Msg {
	a := &b.Alleys[id]
	if a.Dark {
		return referee.Text("pirates.view.dark-alley", referee.Sub(b.Intersections[a.A].Msg()), referee.Sub(exitMsg(a)), referee.Int(a.Segments))
	}
	return referee.Text("pirates.view.alley", referee.Sub(b.Intersections[a.A].Msg()), referee.Sub(b.Intersections[a.B].Msg()), referee.Int(a.Segments))
}

// exitArg is a dark alley's edge exit ("north edge of section 3, left"), as
// the board's assembly names it.
func (g *Game) exitArg(a *Alley) referee.Arg {
	if i := slices.Index(g.dark, a.ID); i >= 0 {
		return referee.Sub(referee.Text(g.darkExits[i].key, referee.Int(g.darkExits[i].n)))
	}
	return referee.Ref(&noExit)
}

// noExit is the exit of an alley that is not dark: none.
var noExit referee.Msg

// exitName is a dark alley's exit as its message's key and number.
type exitName struct {
	key string
	n   int
}

// exitOf is the exit's name, read from the board's (once per game: New).
func exitOf(a *Alley) exitName {
	side, rest, _ := strings.Cut(a.Exit, " edge of section ")
	num, along, _ := strings.Cut(rest, ", ")
	n, _ := strconv.Atoi(num)
	return exitName{keyOf("pirates.exit.", side+"."+along), n}
}

// exitMsg is exitArg's message.
func exitMsg(a *Alley) referee.Msg {
	e := exitOf(a)
	return referee.Text(e.key, referee.Int(e.n))
}

// Msg is the tile's printed label ("The Swan 3", "map rose 4", "hook 2"):
// for a tile type of the box's catalog the one made once (tileTexts):
// making it at each draw's options took a tenth of a random game
// (measured 2026-12-02).
func (t *TileType) Msg() referee.Msg {
	_, index := tiles()
	if i := index.find(t.Key); i >= 0 && &catalogTable[i] == t {
		return tileTexts[i].msg
	}
	return t.label()
}

// label makes the tile's printed label (Msg).
func (t *TileType) label() referee.Msg {
	v := referee.Int(t.Value)
	switch t.Sort {
	case SortPub, SortWare:
		return referee.Text(keyOf("pirates.tile.", t.Group), v)
	case SortMap:
		return referee.Text("pirates.tile.map", referee.Sub(mapColorMsg(t.Group)), v)
	case SortScorpion:
		return referee.Text("pirates.tile.scorpion", referee.Int(t.Goal))
	case SortSmallGuard:
		if t.Coin {
			return referee.Text("pirates.tile.small-guard.coin", v)
		}
		return referee.Text("pirates.tile.small-guard", v)
	case SortLargeGuard:
		return referee.Text("pirates.tile.large-guard", v)
	case SortRendezvous:
		return referee.Text(keyOf("pirates.tile.rdv.", t.Group), v)
	case SortChest:
		return referee.Text("pirates.tile.chest", v)
	}
	return referee.Text(keyOf("pirates.tile.", sortNames[t.Sort]), v)
}

// tile is tile key k's label as an argument.
func tile(k string) referee.Arg { return referee.Sub(mustTile(k).Msg()) }

// theTile is tile k with the article English puts before a tile ("the
// chest 4"), but for a pub, whose name has its own ("The Swan 3").
func theTile(k string) referee.Arg { return referee.Ref(&textOf(k).the) }

// theTileFirst is theTile at the start of a sentence ("The chest 4").
func theTileFirst(k string) referee.Arg { return referee.Ref(&textOf(k).theFirst) }

// tileList is a list of tile keys' labels ("The Swan 2 and Es Cruce 3").
func tileList(keys []string, sep, last string) referee.Arg {
	ms := make([]referee.Msg, 0, len(keys))
	for _, k := range keys {
		ms = append(ms, mustTile(k).Msg())
	}
	return referee.List(ms, sep, last)
}

var sortKeys = [...]string{"pirates.sort.pub", "pirates.sort.map", "pirates.sort.chest", "pirates.sort.scorpion",
	"pirates.sort.small-guard", "pirates.sort.large-guard", "pirates.sort.ware", "pirates.sort.rendezvous",
	"pirates.sort.bunk", "pirates.sort.hammock", "pirates.sort.bedroll"}

// Msg is the sort's name ("treasure chest").
func (s TileSort) Msg() referee.Msg { return referee.Text(sortKeys[s]) }

// mapColorMsg is a treasure map's color ("rose").
func mapColorMsg(c string) referee.Msg { return referee.Text(keyOf("pirates.mapcolor.", c)) }

// pubMsg is a pub kind's printed name ("The Swan").
func pubMsg(kind string) referee.Msg { return referee.Text(keyOf("pirates.pub.", kind)) }

// ColorMsg is a pirate color's name ("gold").
func ColorMsg(c string) referee.Msg { return referee.Text(keyOf("pirates.color.", c)) }

// who is a seat's name as an argument: a player's name, or the imaginary
// player.
func (g *Game) who(p referee.Seat) referee.Arg {
	if p == Imaginary {
		return referee.Sub(referee.Text("pirates.imaginary"))
	}
	return referee.Str(g.Players[p].Name)
}

// whoFirst is who at the start of a sentence ("The imaginary player").
func (g *Game) whoFirst(p referee.Seat) referee.Arg {
	if p == Imaginary {
		return referee.Sub(referee.Text("pirates.imaginary.first"))
	}
	return referee.Str(g.Players[p].Name)
}

// whoMsg is who as a message, for lists.
func (g *Game) whoMsg(p referee.Seat) referee.Msg {
	if p == Imaginary {
		return referee.Text("pirates.imaginary")
	}
	return referee.Text("pirates.name", referee.Str(g.Players[p].Name))
}

// keyTable holds the keys made of a prefix and a name (keyOf), made
// once: the rules name tiles and places at every step.
var keyTable = func() map[string]map[string]string {
	names := map[string][]string{
		"pirates.exit.": {"north.left", "north.right", "east.top", "east.bottom", "south.left", "south.right",
			"west.top", "west.bottom"},
		"pirates.tile.":     append(append([]string{"bunk", "hammock", "bedroll"}, PubKinds...), WareKinds...),
		"pirates.tile.rdv.": {"rum", "guard", "pub", "pirate", "supply", "map-green", "map-rose", "map-yellow", "chest"},
		"pirates.mapcolor.": MapColors,
		"pirates.pub.":      PubKinds,
		"pirates.color.":    Colors,
	}
	t := map[string]map[string]string{}
	for prefix, ns := range names {
		t[prefix] = map[string]string{}
		for _, n := range ns {
			t[prefix][n] = prefix + n
		}
	}
	return t
}()

// keyOf is the key prefix+name.
func keyOf(prefix, name string) string {
	if k, ok := keyTable[prefix][name]; ok {
		return k
	}
	return prefix + name
}
