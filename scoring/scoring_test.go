package scoring

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/rivo/uniseg"

	"rumref/locale"
	"rumref/referee"
)

// rulebookExample holds tiles that give the rulebook's scoring example:
// pubs 21, chests 5, guards 15, sleeping places 14, wares 8 (the hook 3 is
// worthless), rendezvous 10 and maps 17 (an extra yellow 3 and a single
// rose 5 are worthless).
func rulebookExample() Player {
	return Player{
		Name:       "Ann",
		Pubs:       []int{5, 4, 4, 3, 3, 2},
		Chests:     []int{4, 5, -2, -2},
		Guards:     []int{6, 5, 4},
		Sleeping:   []int{8, 5, 1},
		Wares:      []Ware{{"hook", 5}, {"hook", 3}, {"hat", 3}},
		Rendezvous: []int{6, 4},
		Maps:       []Map{{"yellow", 6}, {"yellow", 3}, {"rose", 5}, {"yellow", 5}, {"green", 3}, {"green", 3}},
	}
}

func TestRulebookScoringExample(t *testing.T) {
	pts, worthless := rulebookExample().Points()
	want := [NumCategories]int{Pubs: 21, Chests: 5, Guards: 15, Sleeping: 14, Wares: 8, Rendezvous: 10, Maps: 17}
	if pts != want {
		t.Fatalf("points %v, want %v", pts, want)
	}
	wantW := []string{"hook 3 (only the best hook scores)", "map yellow 3 (a single map without a pair)",
		"map rose 5 (a single map without a pair)"}
	if !slices.Equal(notes(Msgs(worthless), locale.English), wantW) {
		t.Fatalf("worthless %q, want %q", notes(Msgs(worthless), locale.English), wantW)
	}
	r := Rank([]Player{rulebookExample()})
	if r.Scores[0].Total != 90 || r.Scores[0].Place != 1 || !slices.Equal(r.Winners, []string{"Ann"}) {
		t.Fatalf("result %+v", r)
	}
}

func TestMapPairing(t *testing.T) {
	for _, tc := range []struct {
		name  string
		maps  []Map
		want  int
		singl int
	}{
		{"none", nil, 0, 0},
		{"single", []Map{{"rose", 6}}, 0, 1},
		{"pair", []Map{{"rose", 3}, {"rose", 6}}, 9, 0},
		{"odd three drops lowest", []Map{{"green", 4}, {"green", 6}, {"green", 3}}, 10, 1},
		{"odd five drops lowest", []Map{{"green", 3}, {"green", 4}, {"green", 5}, {"green", 6}, {"green", 5}}, 20, 1},
		{"four pair all", []Map{{"yellow", 3}, {"yellow", 4}, {"yellow", 5}, {"yellow", 6}}, 18, 0},
		{"colors do not mix", []Map{{"rose", 6}, {"green", 6}, {"yellow", 6}}, 0, 3},
		{"mixed", []Map{{"rose", 6}, {"green", 6}, {"rose", 4}, {"green", 3}, {"green", 5}}, 21, 1},
	} {
		got, worthless := MapPoints(tc.maps)
		if got != tc.want || len(worthless) != tc.singl {
			t.Errorf("%s: got %d with %d single, want %d with %d", tc.name, got, len(worthless), tc.want, tc.singl)
		}
	}
}

func TestWaresBestOfEachKind(t *testing.T) {
	got, worthless := WarePoints([]Ware{{"hook", 2}, {"parrot", 4}, {"hook", 5}, {"hook", 3}, {"peg-leg", 2}})
	if got != 11 || len(worthless) != 2 {
		t.Fatalf("got %d, worthless %q", got, notes(Msgs(worthless), locale.English))
	}
	if got, _ := WarePoints(nil); got != 0 {
		t.Fatalf("no wares scored %d", got)
	}
}

func TestCoinsAndRumScoreNothing(t *testing.T) {
	r := Rank([]Player{{Name: "A", Rum: 12, Coins: 40, Unemployed: 0}, {Name: "B", Pubs: []int{2}, Unemployed: 5}})
	if r.Scores[0].Total != 0 || r.Scores[1].Total != 2 || r.Winners[0] != "B" {
		t.Fatalf("%+v", r)
	}
}

func places(r Result) []int {
	var out []int
	for _, s := range r.Scores {
		out = append(out, s.Place)
	}
	return out
}

func TestTiebreaks(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players []Player
		places  []int
		winners []string
		decided []Key
		text    string
	}{
		{"points decide, no tie", []Player{{Name: "A", Pubs: []int{3}}, {Name: "B", Pubs: []int{5}}},
			[]int{2, 1}, []string{"B"}, nil, ""},
		{"fewest unemployed", []Player{{Name: "A", Pubs: []int{5}, Unemployed: 2, Rum: 9}, {Name: "B", Guards: []int{5}, Unemployed: 1}},
			[]int{2, 1}, []string{"B"}, []Key{KeyUnemployed}, "fewest pirates in the unemployment office decides (B 1, A 2)"},
		{"most rum", []Player{{Name: "A", Pubs: []int{5}, Unemployed: 1, Rum: 1, Coins: 9}, {Name: "B", Pubs: []int{5}, Unemployed: 1, Rum: 2}},
			[]int{2, 1}, []string{"B"}, []Key{KeyRum}, "most rum barrels decides (B 2, A 1)"},
		{"most coins", []Player{{Name: "A", Pubs: []int{5}, Rum: 2, Coins: 4}, {Name: "B", Pubs: []int{5}, Rum: 2, Coins: 3}},
			[]int{1, 2}, []string{"A"}, []Key{KeyCoins}, "most coins decides (A 4, B 3)"},
		{"shared victory", []Player{{Name: "A", Pubs: []int{5}, Rum: 2, Coins: 3}, {Name: "B", Chests: []int{5}, Rum: 2, Coins: 3}, {Name: "C"}},
			[]int{1, 1, 3}, []string{"A", "B"}, []Key{KeyShared}, "they share 1st place"},
		{"nested: unemployed splits three, rum splits two", []Player{
			{Name: "A", Pubs: []int{5}, Unemployed: 2},
			{Name: "B", Pubs: []int{5}, Unemployed: 1, Rum: 1},
			{Name: "C", Pubs: []int{5}, Unemployed: 1, Rum: 3},
			{Name: "D", Pubs: []int{5, 5}}},
			[]int{4, 3, 2, 1}, []string{"D"}, []Key{KeyUnemployed, KeyRum}, "most rum barrels decides (C 3, B 1)"},
		{"shared lower place", []Player{{Name: "A", Pubs: []int{2}}, {Name: "B", Pubs: []int{2}}, {Name: "C", Pubs: []int{5}}},
			[]int{2, 2, 1}, []string{"C"}, []Key{KeyShared}, "they share 2nd place"},
	} {
		r := Rank(tc.players)
		if !slices.Equal(places(r), tc.places) || !slices.Equal(r.Winners, tc.winners) {
			t.Errorf("%s: places %v winners %v, want %v %v", tc.name, places(r), r.Winners, tc.places, tc.winners)
		}
		var decided []Key
		var texts []string
		for _, tie := range r.Ties {
			decided = append(decided, tie.Decided)
			texts = append(texts, tie.Text)
		}
		if !slices.Equal(decided, tc.decided) {
			t.Errorf("%s: decided %v, want %v (%q)", tc.name, decided, tc.decided, texts)
		}
		if tc.text != "" && !strings.Contains(strings.Join(texts, " "), tc.text) {
			t.Errorf("%s: tie text %q does not say %q", tc.name, texts, tc.text)
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd"} {
		if got := OrdinalIn(n, locale.English); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestPadText(t *testing.T) {
	b := Player{Name: "Bartholomew", Pubs: []int{5}, Rum: 3}
	c := Player{Name: "Cy", Pubs: []int{5}, Rum: 1}
	r := Rank([]Player{rulebookExample(), b, c})
	r.Provisional = true
	r.Notes = []referee.Msg{referee.Text("Secrets are left out.")}
	pad := PadIn(r, locale.English)
	for _, want := range []string{"Provisional", "Secrets are left out.", "Treasure maps", "Total", "Place", "1st", "2nd", "3rd",
		"Ann scores nothing for: hook 3", "Tie: Bartholomew and Cy are level on 5 points, each with 0 pirates in the unemployment office; most rum barrels decides (Bartholomew 3, Cy 1).",
		"Leading for now: Ann."} {
		if !strings.Contains(pad, want) {
			t.Errorf("pad lacks %q:\n%s", want, pad)
		}
	}
	if strings.Contains(pad, "Winner") {
		t.Errorf("a provisional pad names a winner:\n%s", pad)
	}
	r.Provisional = false
	if pad := PadIn(r, locale.English); !strings.Contains(pad, "Winner: Ann.") {
		t.Errorf("the final pad lacks its winner:\n%s", pad)
	}
	lines := strings.Split(pad, "\n")
	var totals string
	for _, l := range lines {
		if strings.HasPrefix(l, "Total") {
			totals = l
		}
	}
	if f := strings.Fields(totals); !slices.Equal(f, []string{"Total", "90", "5", "5"}) {
		t.Errorf("totals row %q", totals)
	}
	// Columns line up: the rows of the table are as long as the header.
	h := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "Bartholomew") && strings.HasPrefix(l, " ") })
	if h < 0 || len(lines[h]) != len(lines[h+1]) || len(lines[h]) != len(totals) {
		t.Errorf("rows of different widths:\n%s", pad)
	}
}

func TestPadJSON(t *testing.T) {
	r := Rank([]Player{rulebookExample(), {Name: "Bo", Pubs: []int{90}}})
	data, err := json.Marshal(r.JSONIn(locale.English))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if !strings.Contains(s, `"categories":{"pubs":21,"chests":5,"guards":15,"sleeping":14,"wares":8,"rendezvous":10,"maps":17}`) {
		t.Errorf("categories not in pad order: %s", s)
	}
	var back PadJSON
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Players) != 2 || back.Players[0].Categories[Maps] != 17 || back.Players[0].Total != 90 ||
		!slices.Equal(back.Winners, []string{"Ann", "Bo"}) || back.Ties[0].Decided != "shared" {
		t.Fatalf("round trip %+v", back)
	}
	var bad CategoryPoints
	if err := json.Unmarshal([]byte(`{"gold":3}`), &bad); err == nil {
		t.Fatal("unknown category accepted")
	}
}

func TestCategoryAndKeyStrings(t *testing.T) {
	if Maps.String() != "maps" || Category(99).String() != "category(99)" || Sleeping.LabelIn(locale.English) != "Sleeping places" {
		t.Fatal("category strings")
	}
	if KeyRum.String() != "rum" || Key(9).String() != "key(9)" || !strings.Contains(locale.English.Sprintf(decidesKeys[KeyUnemployed]), "unemployment") {
		t.Fatal("key strings")
	}
}

func BenchmarkRank(b *testing.B) {
	ps := []Player{rulebookExample(), rulebookExample(), rulebookExample(), rulebookExample(), rulebookExample()}
	for i := range ps {
		ps[i].Name = string(rune('A' + i))
		ps[i].Rum = i % 2
	}
	for b.Loop() {
		Rank(ps)
	}
}

// TestHiddenCoinsBreakNoTie: in a provisional score where some coins are
// secret to the viewer, coins decide no tie and no line or cell names a
// coin count for them.
func TestHiddenCoinsBreakNoTie(t *testing.T) {
	r := Rank([]Player{
		{Name: "A", Pubs: []int{5}, Rum: 2, Coins: 4},
		{Name: "B", Pubs: []int{5}, Rum: 2, CoinsHidden: true},
		{Name: "C", Pubs: []int{5}, Rum: 1, CoinsHidden: true}})
	if !slices.Equal(places(r), []int{1, 1, 3}) || !slices.Equal(r.Winners, []string{"A", "B"}) {
		t.Errorf("places %v winners %v, want A and B sharing 1st", places(r), r.Winners)
	}
	var texts []string
	for _, tie := range r.Ties {
		texts = append(texts, tie.Text)
	}
	all := strings.Join(texts, "\n")
	if !strings.Contains(all, "A and B are level on 5 points, each with 0 pirates in the unemployment office and 2 rum barrels; coins would decide, but some are secret") ||
		strings.Contains(all, "coins decides") || strings.Contains(all, "0 coins") {
		t.Errorf("tie lines:\n%s", all)
	}
	if r.Ties[len(r.Ties)-1].Decided != KeyShared {
		t.Errorf("the coin tie is %v, want shared", r.Ties[len(r.Ties)-1].Decided)
	}
	pad := PadIn(r, locale.English)
	for _, l := range strings.Split(pad, "\n") {
		if strings.HasPrefix(l, "Coins") {
			if f := strings.Fields(l); !slices.Equal(f, []string{"Coins", "4", "secret", "secret"}) {
				t.Errorf("coins row %q", l)
			}
		}
	}
	data, _ := json.Marshal(r.JSONIn(locale.English))
	if !strings.Contains(string(data), `"coins":0,"coins_secret":true`) {
		t.Errorf("JSON does not mark the secret coins: %s", data)
	}
}

// TestPadWideNames: with names a terminal draws wider than their letters
// (CJK two columns a character, a combining accent none) every row of the
// score pad takes the same columns on the screen, so the columns line up.
func TestPadWideNames(t *testing.T) {
	yamada := rulebookExample()
	yamada.Name = "山田太郎"
	zoe := Player{Name: "Zoe\u0308", Pubs: []int{5}, Rum: 3}
	pad := PadIn(Rank([]Player{yamada, zoe, {Name: "Ann", Pubs: []int{4}}}), locale.English)
	lines := strings.Split(pad, "\n")
	h := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, "山田太郎") })
	if h < 0 {
		t.Fatalf("no header:\n%s", pad)
	}
	want := uniseg.StringWidth(lines[h])
	for _, l := range lines[h+1:] {
		if l == "" {
			break
		}
		if w := uniseg.StringWidth(l); w != want {
			t.Errorf("%q takes %d columns, the header %d:\n%s", l, w, want, pad)
		}
	}
}
