package games

import (
	"encoding/json"
	"fmt"
	"strings"

	"rumref/internal/yamlfile"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/scoring"
	"rumref/setup"
)

// piratesScorer scores Rum & Pirates with package scoring: a game, a score
// sheet (setup.ParseSheet), or the tiles typed in.
var piratesScorer = &Scorer{
	Game: func(g referee.Game, viewer referee.Viewer, over bool) Scored {
		res := g.(*pirates.Game).ScoreFor(viewer)
		res.Provisional = !over
		return piratesScored(res, "")
	},
	SheetGame: setup.SheetGame,
	Sheet: func(data []byte, typed bool) (Scored, error) {
		parse := setup.ParseSheet
		if typed {
			parse = setup.ParseTypedSheet
		}
		players, err := parse(data)
		if err != nil {
			return Scored{}, err
		}
		tiles, err := json.Marshal(players)
		if err != nil {
			return Scored{}, err
		}
		return piratesScored(scoring.Rank(players), string(tiles)), nil
	},
	Fields: []SheetField{
		{"pubs", "pub tile values (e.g. 5 3 2)", values("pubs")},
		{"chests", "treasure chest values, -2 for each scorpion chest", values("chests")},
		{"guards", "guard tile values", values("guards")},
		{"sleeping", "bunk, hammock and bedroll values", values("sleeping")},
		{"wares", "pirate wares as KIND VALUE pairs (e.g. hook 5, parrot 2)", pairs("wares", "kind", "hook 5")},
		{"rendezvous", "fulfilled rendezvous values", values("rendezvous")},
		{"maps", "treasure maps as COLOR VALUE pairs (e.g. yellow 3, rose 5)", pairs("maps", "color", "yellow 3")},
		{"unemployed", "pirates left in the unemployment office", number("unemployed")},
		{"rum", "rum barrels", number("rum")},
		{"coins", "coins", number("coins")},
	},
}

// piratesScored is a Rum & Pirates result as rumref score shows it.
func piratesScored(res scoring.Result, tiles string) Scored {
	var placings []Placing
	for _, s := range res.Scores {
		placings = append(placings, Placing{Name: s.Name, Score: s.Total, Winner: s.Place == 1, Place: s.Place})
	}
	return Scored{Pad: scoring.Pad(res), JSON: res.JSON(), Placings: placings, Tiles: tiles}
}

// number writes a typed whole number (empty: 0).
func number(key string) func(string) (string, error) {
	return func(v string) (string, error) {
		if v = strings.TrimSpace(v); v == "" {
			return "0", nil
		}
		if _, err := yamlfile.ParseWhole(v); err != nil {
			return "", fmt.Errorf("%s: type one whole number: %w", key, err)
		}
		return v, nil
	}
}

// values writes typed values separated by spaces (or commas) as a list.
func values(key string) func(string) (string, error) {
	return func(v string) (string, error) {
		var nums []string
		for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' || r == ';' }) {
			if _, err := yamlfile.ParseWhole(w); err != nil {
				return "", fmt.Errorf("%s: %w; type the values separated by spaces", key, err)
			}
			nums = append(nums, w)
		}
		return "[" + strings.Join(nums, ", ") + "]", nil
	}
}

// pairs writes typed "WORD VALUE" pairs separated by commas as a list of
// {field: WORD, value: VALUE}.
func pairs(key, field, example string) func(string) (string, error) {
	return func(v string) (string, error) {
		var items []string
		for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' }) {
			w := strings.Fields(part)
			if len(w) != 2 {
				return "", fmt.Errorf("%s: %q should be a %s and a value, e.g. %s", key, strings.TrimSpace(part), field, example)
			}
			if _, err := yamlfile.ParseWhole(w[1]); err != nil {
				return "", fmt.Errorf("%s: %w", key, err)
			}
			items = append(items, fmt.Sprintf("{%s: %q, value: %s}", field, strings.ToLower(w[0]), w[1]))
		}
		return "[" + strings.Join(items, ", ") + "]", nil
	}
}
