package setup

import (
	"slices"
	"strings"
	"testing"

	"rumref/locale"
	"rumref/scoring"
)

// issueSheet is the example sheet of the score calculator issue, with a
// second player added.
const issueSheet = `game: rum-and-pirates
players:
  - name: Ann
    pubs: [5, 3, 2]
    chests: [6, -2]            # plain chest values; -2 for each scorpion chest
    guards: [4, 1]
    sleeping: [8, 4]           # bunk, hammock, bedroll values won
    wares: [{kind: hook, value: 5}, {kind: hook, value: 3}, {kind: parrot, value: 2}]
    rendezvous: [6, 4]         # fulfilled tiles only
    maps: [{color: yellow, value: 3}, {color: yellow, value: 6}, {color: rose, value: 5}]
    unemployed: 1              # pirates left in the unemployment office
    rum: 2
    coins: 3
  - name: Bo
    pubs: [4]
    unemployed: 0
`

func TestParseSheetIssueExample(t *testing.T) {
	ps, err := ParseSheet([]byte(issueSheet))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 {
		t.Fatalf("%d players", len(ps))
	}
	ann := ps[0]
	if ann.Name != "Ann" || !slices.Equal(ann.Pubs, []int{5, 3, 2}) || !slices.Equal(ann.Chests, []int{6, -2}) ||
		!slices.Equal(ann.Guards, []int{4, 1}) || !slices.Equal(ann.Sleeping, []int{8, 4}) ||
		!slices.Equal(ann.Rendezvous, []int{6, 4}) || ann.Unemployed != 1 || ann.Rum != 2 || ann.Coins != 3 {
		t.Fatalf("Ann %+v", ann)
	}
	if !slices.Equal(ann.Wares, []scoring.Ware{{Kind: "hook", Value: 5}, {Kind: "hook", Value: 3}, {Kind: "parrot", Value: 2}}) ||
		!slices.Equal(ann.Maps, []scoring.Map{{Color: "yellow", Value: 3}, {Color: "yellow", Value: 6}, {Color: "rose", Value: 5}}) {
		t.Fatalf("Ann wares %v maps %v", ann.Wares, ann.Maps)
	}
	r := scoring.Rank(ps)
	// pubs 10, chests 4, guards 5, sleeping 12, wares 7, rendezvous 10, maps 9.
	if r.Scores[0].Total != 57 || r.Scores[1].Total != 4 || r.Winners[0] != "Ann" {
		t.Fatalf("%+v", r.Scores)
	}
}

func TestParseSheetRejects(t *testing.T) {
	two := func(ann string) string {
		return "game: rum-and-pirates\nplayers:\n  - name: Ann\n" + ann + "  - name: Bo\n"
	}
	five := func(ann string) string {
		return two(ann) + "  - name: Cy\n  - name: Di\n  - name: Ed\n"
	}
	for _, tc := range []struct {
		name, yaml string
		want       []string
	}{
		{"empty", "", []string{"empty"}},
		{"not yaml", "game: [", []string{"score sheet"}},
		{"no game", "players: []\n", []string{"game field is missing"}},
		{"wrong game", "game: rum-runner\nplayers: []\n", []string{`"rum-runner"`, "rum-and-pirates"}},
		{"unknown field", two("    gold: 3\n"), []string{"gold"}},
		{"unknown top field", "game: rum-and-pirates\nround: 5\nplayers: []\n", []string{"round"}},
		{"one player", "game: rum-and-pirates\nplayers:\n  - name: Ann\n", []string{"2 to 5 players", "lists 1"}},
		{"six players", five("") + "  - name: Fay\n", []string{"lists 6"}},
		{"no name", "game: rum-and-pirates\nplayers:\n  - pubs: [2]\n  - name: Bo\n", []string{"player 1 has no name"}},
		{"same name", "game: rum-and-pirates\nplayers:\n  - name: Ann\n  - name: Ann\n", []string{"two players are called"}},
		{"pub 6", two("    pubs: [6]\n"), []string{`player "Ann"`, "pubs", "6 is not", "allowed: 2, 3, 4, 5"}},
		{"pub 1", two("    pubs: [1]\n"), []string{"pubs", "1 is not"}},
		{"chest 3", two("    chests: [3]\n"), []string{"chests", "allowed: -2, 4, 5, 6"}},
		{"chest -1", two("    chests: [-1]\n"), []string{"chests", "-1 is not"}},
		{"guard 7", two("    guards: [7]\n"), []string{"guards", "allowed: 1, 2, 3, 4, 5, 6"}},
		{"guard 0", two("    guards: [0]\n"), []string{"guards"}},
		{"sleeping 9", five("    sleeping: [9]\n"), []string{"sleeping", "allowed: 1, 2, 3, 4, 5, 6, 7, 8"}},
		{"bedroll with 2 players", two("    sleeping: [2]\n"), []string{"sleeping", "bedroll", "2 or 3 players"}},
		{"ware kind", two("    wares: [{kind: sword, value: 3}]\n"), []string{"wares", `"sword"`, "eye-patch, hat, hook, parrot, peg-leg"}},
		{"ware value", two("    wares: [{kind: hat, value: 6}]\n"), []string{"wares", "hat 6", "2, 3, 4, 5"}},
		{"ware unknown field", two("    wares: [{kind: hat, value: 3, color: red}]\n"), []string{"color"}},
		{"same ware twice", two("    wares: [{kind: hook, value: 3}, {kind: hook, value: 3}]\n"), []string{"wares", "hook 3", "listed 2 times", "only 1"}},
		{"same ware two players", "game: rum-and-pirates\nplayers:\n  - name: Ann\n    wares: [{kind: hat, value: 4}]\n  - name: Bo\n    wares: [{kind: hat, value: 4}]\n",
			[]string{"hat 4", "listed 2 times"}},
		{"rendezvous 5", two("    rendezvous: [5]\n"), []string{"rendezvous", "allowed: 4, 6"}},
		{"map color", two("    maps: [{color: blue, value: 3}]\n"), []string{"maps", `"blue"`, "green"}},
		{"map value", two("    maps: [{color: rose, value: 2}]\n"), []string{"maps", "rose 2", "3, 4, 5, 6"}},
		{"too many map 6", two("    maps: [{color: rose, value: 6}, {color: rose, value: 6}, {color: rose, value: 6}]\n"),
			[]string{"maps", "rose 6", "listed 3 times", "only 2"}},
		{"too many pub 5", two("    pubs: [5, 5, 5, 5]\n"), []string{"pubs", "value 5", "listed 4 times", "only 3"}},
		{"too many bunks 8", five("    sleeping: [8, 8]\n"), []string{"sleeping", "value 8", "only 1"}},
		{"unemployed 6", two("    unemployed: 6\n"), []string{"unemployed", "0 to 5"}},
		{"unemployed -1", two("    unemployed: -1\n"), []string{"unemployed"}},
		{"rum 13", two("    rum: 13\n"), []string{"rum", "0 to 12"}},
		{"rum total", "game: rum-and-pirates\nplayers:\n  - name: Ann\n    rum: 7\n  - name: Bo\n    rum: 6\n", []string{"13 rum barrels in all"}},
		{"coins -1", two("    coins: -1\n"), []string{"coins", "0 or more"}},
		{"pubs not a list", two("    pubs: 5\n"), []string{"score sheet"}},
		{"two documents", issueSheet + "---\ngame: rum-and-pirates\n", []string{"more than one"}},
	} {
		_, err := ParseSheet([]byte(tc.yaml))
		if err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", tc.name, err, w)
			}
		}
	}
}

func TestParseSheetAcceptsWholeBox(t *testing.T) {
	// Five players may hold every bedroll and every scorpion between them.
	y := `game: rum-and-pirates
players:
  - {name: A, sleeping: [1, 1, 1, 2, 2], chests: [-2, -2, -2, -2, -2, -2, -2, -2, -2, -2, -2, -2]}
  - {name: B, maps: [{color: green, value: 6}, {color: green, value: 6}], rum: 12}
  - {name: C, wares: [{kind: eye-patch, value: 2}, {kind: peg-leg, value: 5}], coins: 40}
  - {name: D, rendezvous: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 6, 6, 6], unemployed: 5}
  - {name: E}
`
	ps, err := ParseSheet([]byte(y))
	if err != nil {
		t.Fatal(err)
	}
	r := scoring.Rank(ps)
	if r.Scores[0].Total != 7-24 || r.Scores[3].Total != 88 || r.Scores[1].Total != 12 {
		t.Fatalf("%+v", r.Scores)
	}
}

func FuzzParseSheet(f *testing.F) {
	f.Add([]byte(issueSheet))
	f.Add([]byte("game: rum-and-pirates\nplayers:\n  - name: A\n  - name: B\n"))
	f.Add([]byte("game: rum-and-pirates\nplayers:\n  - {name: A, maps: [{color: rose, value: 6}]}\n  - {name: B, sleeping: [1]}\n"))
	f.Add([]byte("game: rum-and-pirates\nplayers: [{name: A, rum: 12}, {name: B, rum: 1}]\n"))
	f.Add([]byte("game: x\n"))
	f.Add([]byte("{}"))
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, data []byte) {
		ps, err := ParseSheet(data)
		if err != nil {
			if ps != nil {
				t.Fatal("players returned with an error")
			}
			return
		}
		if len(ps) < 2 || len(ps) > 5 {
			t.Fatalf("%d players accepted", len(ps))
		}
		for _, p := range ps {
			if p.Name == "" || p.Unemployed < 0 || p.Unemployed > 5 || p.Rum < 0 || p.Rum > 12 || p.Coins < 0 {
				t.Fatalf("bad player accepted: %+v", p)
			}
			for _, v := range p.Pubs {
				if v < 2 || v > 5 {
					t.Fatalf("pub %d accepted", v)
				}
			}
			for _, v := range p.Sleeping {
				if v < 1 || v > 8 {
					t.Fatalf("sleeping %d accepted", v)
				}
			}
			for _, m := range p.Maps {
				if m.Value < 3 || m.Value > 6 {
					t.Fatalf("map %v accepted", m)
				}
			}
		}
		r := scoring.Rank(ps)
		if len(r.Winners) == 0 || len(r.Scores) != len(ps) {
			t.Fatalf("no winner: %+v", r)
		}
		_ = scoring.PadIn(r, locale.English)
	})
}

// TestCheckSheetTypedIn checks players typed in rather than read from a
// sheet.
func TestCheckSheetTypedIn(t *testing.T) {
	ok := []scoring.Player{{Name: "Ann", Pubs: []int{5}, Sleeping: []int{1}}, {Name: "Bo"}, {Name: "Cy"}, {Name: "Di"}}
	if err := CheckSheet(ok); err != nil {
		t.Fatalf("a bedroll with 4 players refused: %v", err)
	}
	for _, tc := range []struct {
		name    string
		players []scoring.Player
		want    string
	}{
		{"blank name", []scoring.Player{{Name: " "}, {Name: "Bo"}}, "player 1 has no name"},
		{"capital color", []scoring.Player{{Name: "Ann", Maps: []scoring.Map{{Color: "Rose", Value: 4}}}, {Name: "Bo"}}, `"Rose" is not a map color`},
		{"bedroll with 3", []scoring.Player{{Name: "Ann", Sleeping: []int{1}}, {Name: "Bo"}, {Name: "Cy"}}, "bedroll"},
		{"none", nil, "2 to 5 players"},
	} {
		if err := CheckSheet(tc.players); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestParseSheetNamesLineAndField: refusals found while decoding and
// those of the box checks both name the line.
func TestParseSheetNamesLineAndField(t *testing.T) {
	two := func(ann string) string {
		return "game: rum-and-pirates\nplayers:\n  - name: Ann\n" + ann + "  - name: Bo\n"
	}
	for _, c := range []struct{ yaml, want string }{
		{two("    doubloons: 3\n"), `score sheet: line 4, players entry 1 ("Ann"): "doubloons" is not a field here (allowed: name, pubs,`},
		{two("    sleeping: [010]\n"), `line 4, players entry 1 ("Ann"), sleeping entry 1: "010" is not a whole number`},
		{two("    coins: 2.7\n"), `line 4, players entry 1 ("Ann"), field "coins": "2.7" is not a whole number`},
		{two("    name: [Ann]\n"), `players entry 1 ("Ann"), field "name": the field is given twice`},
		{two("    pubs: [2, 6]\n"), `line 4: player "Ann": pubs: 6 is not a value`},
		{two("    maps:\n      - {color: rose, value: 3}\n      - {color: rose, value: 9}\n"), `line 6: player "Ann": maps: rose 9`},
		{two("    coins: -1\n"), `line 4: player "Ann": coins`},
		{"game: rum-and-pirates\nplayers:\n  - name: Ann\n", "line 3: rum & pirates has 2 to 5 players"},
		{"game: chess\n", `line 1: game "chess"`},
	} {
		_, err := ParseSheet([]byte(c.yaml))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q:\n got %v\nwant %s", c.yaml, err, c.want)
		}
	}
}
