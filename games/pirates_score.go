package games

import (
	"encoding/json"
	"fmt"
	"strings"

	"rumref/internal/yamlfile"
	"rumref/locale"
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
		{"pubs", "gamespirates.score.pubs", values("pubs")},
		{"chests", "gamespirates.score.chests", values("chests")},
		{"guards", "gamespirates.score.guards", values("guards")},
		{"sleeping", "gamespirates.score.sleeping", values("sleeping")},
		{"wares", "gamespirates.score.wares", pairs("wares", "kind", "hook 5")},
		{"rendezvous", "gamespirates.score.rendezvous", values("rendezvous")},
		{"maps", "gamespirates.score.maps", pairs("maps", "color", "yellow 3")},
		{"unemployed", "gamespirates.score.unemployed", number("unemployed")},
		{"rum", "gamespirates.score.rum", number("rum")},
		{"coins", "gamespirates.score.coins", number("coins")},
	},
}

// piratesScored is a Rum & Pirates result as rumref score shows it.
func piratesScored(res scoring.Result, tiles string) Scored {
	var placings []Placing
	for _, s := range res.Scores {
		placings = append(placings, Placing{Name: s.Name, Score: s.Total, Winner: s.Place == 1, Place: s.Place})
	}
	return Scored{Placings: placings, Tiles: tiles,
		In: func(l locale.Lang) (string, any) { return scoring.PadIn(res, l), res.JSONIn(l) }}
}

// PromptIn is what the field asks, in l: a Prompt that is a catalog key
// is said from the catalog.
func (f SheetField) PromptIn(l locale.Lang) string {
	if l.Has(f.Prompt) {
		return l.Sprintf(f.Prompt)
	}
	return f.Prompt
}

// number writes a typed whole number (empty: 0).
func number(key string) func(string) (string, error) {
	return func(v string) (string, error) {
		if v = strings.TrimSpace(v); v == "" {
			return "0", nil
		}
		if _, err := yamlfile.ParseWhole(v); err != nil {
			return "", referee.Errorf("gamespirates.score.number", setup.FieldLabel(key), referee.Err(err))
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
				return "", referee.Errorf("gamespirates.score.values", setup.FieldLabel(key), referee.Err(err))
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
				return "", referee.Errorf("gamespirates.score.pair", setup.FieldLabel(key), referee.Str(strings.TrimSpace(part)),
					referee.Sub(referee.Text("gamespirates.score."+field)), referee.Str(example))
			}
			if _, err := yamlfile.ParseWhole(w[1]); err != nil {
				return "", referee.Errorf("gamespirates.score.error", setup.FieldLabel(key), referee.Err(err))
			}
			word, ok := sheetWord(field, w[0])
			if !ok {
				return "", referee.Errorf("gamespirates.score.unknown", setup.FieldLabel(key), referee.Str(w[0]),
					referee.Sub(referee.Text("gamespirates.score."+field)), typedWords(field))
			}
			items = append(items, fmt.Sprintf("{%s: %q, value: %s}", field, word, w[1]))
		}
		return "[" + strings.Join(items, ", ") + "]", nil
	}
}

// wordsOf are the sheet's words of a pair's field (kind: the wares,
// color: the treasure maps) and the catalog prefix of their names.
func wordsOf(field string) ([]string, string) {
	if field == "color" {
		return pirates.MapColors, "scoring.color."
	}
	return pirates.WareKinds, "scoring.kind."
}

// sheetWord is the sheet's word (hook, rose) for a kind or color typed
// by its name in any language, in any letter case, umlauts also as ae,
// oe, ue (Haken, GRÜN, gruen); ok false for none.
func sheetWord(field, typed string) (word string, ok bool) {
	words, prefix := wordsOf(field)
	t := noUmlauts(strings.ToLower(typed))
	for _, w := range words {
		if t == w {
			return w, true
		}
		for _, l := range locale.All {
			if t == noUmlauts(strings.ToLower(locale.Unmark(l.Sprintf(prefix+w)))) {
				return w, true
			}
		}
	}
	return "", false
}

// typedWords lists a pair field's names in the reader's language.
func typedWords(field string) referee.Arg {
	words, prefix := wordsOf(field)
	names := make([]referee.Msg, len(words))
	for i, w := range words {
		names[i] = referee.Text(prefix + w)
	}
	return referee.List(names, ", ", " or ")
}

// noUmlauts writes ä, ö, ü and ß as ae, oe, ue and ss.
var noUmlauts = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss").Replace
