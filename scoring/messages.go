package scoring

import (
	"embed"

	"rumref/locale"
	"rumref/referee"
)

// The score pad's words, in English and German (package locale).
//
//go:embed messages.*.yaml
var messages embed.FS

var _ = locale.Register("scoring", messages)

var categoryKeys = [...]string{"scoring.category.pubs", "scoring.category.chests", "scoring.category.guards",
	"scoring.category.sleeping", "scoring.category.wares", "scoring.category.rendezvous", "scoring.category.maps"}

// LabelIn is the category's name as the score pad prints it in l.
func (c Category) LabelIn(l locale.Lang) string {
	if c >= 0 && c < NumCategories {
		return l.Sprintf(categoryKeys[c])
	}
	return c.String()
}

// OrdinalIn writes a place in l: "1st" in English, "1." in German.
func OrdinalIn(n int, l locale.Lang) string {
	m := ordinal(n)
	return m.In(l)
}

func ordinal(n int) referee.Msg {
	key := "scoring.ordinal.th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		key = "scoring.ordinal.st"
	case n%10 == 2:
		key = "scoring.ordinal.nd"
	case n%10 == 3:
		key = "scoring.ordinal.rd"
	}
	return referee.Text(key, referee.Int(n))
}

// Worthless is a tile that scores nothing: a ware beaten by a better one
// of its kind, or a treasure map without a pair.
type Worthless struct {
	Map   bool
	Kind  string // the ware's kind or the map's color
	Value int
}

// Msg says the tile and why it scores nothing.
func (w Worthless) Msg() referee.Msg {
	if w.Map {
		return referee.Text("scoring.map.worthless", referee.Sub(referee.Text("scoring.color."+w.Kind)), referee.Int(w.Value))
	}
	kind := referee.Sub(referee.Text("scoring.kind." + w.Kind))
	return referee.Text("scoring.ware.worthless", kind, referee.Int(w.Value), kind)
}

// String says it in English.
func (w Worthless) String() string {
	m := w.Msg()
	return m.String()
}

// Msgs are the worthless tiles as messages.
func Msgs(ws []Worthless) []referee.Msg {
	out := make([]referee.Msg, len(ws))
	for i, w := range ws {
		out[i] = w.Msg()
	}
	return out
}

// TieMsg says how tie t of the result was broken (or shared), in a
// message to write in any language. What the players were level on
// is every tiebreak key before the one that decided, read from the
// first player's score; a provisional score whose coins are partly
// secret stops before the coins.
func (r *Result) TieMsg(t Tie) referee.Msg {
	score := func(name string) Score {
		for _, s := range r.Scores {
			if s.Name == name {
				return s
			}
		}
		return Score{}
	}
	first := score(t.Players[0])
	hidden := t.Decided == KeyShared && r.coinsHidden()
	upTo := t.Decided
	if hidden {
		upTo = KeyCoins
	}
	var level []referee.Msg
	for k := KeyUnemployed; k < upTo; k++ {
		level = append(level, referee.Text(levelKeys[k], referee.Int(k.raw(first))))
	}
	names := referee.Words(t.Players, ", ", " and ")
	each := referee.Str("")
	if len(level) > 0 {
		each = referee.Sub(referee.Text("scoring.tie.each", referee.List(level, ", ", " and ")))
	}
	place := referee.Sub(ordinal(t.Place))
	switch {
	case hidden:
		return referee.Text("scoring.tie.hidden", names, referee.Int(t.Points), each, place)
	case t.Decided == KeyShared:
		return referee.Text("scoring.tie.shared", names, referee.Int(t.Points), each, place)
	}
	counts := make([]referee.Msg, 0, len(t.Players))
	for _, n := range t.Players {
		counts = append(counts, referee.Text("scoring.tie.count", referee.Str(n), referee.Int(t.Decided.raw(score(n)))))
	}
	return referee.Text("scoring.tie.decides", names, referee.Int(t.Points), each, referee.Sub(referee.Text(decidesKeys[t.Decided])),
		referee.List(counts, ", ", ", "))
}
