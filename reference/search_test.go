package reference

import (
	"slices"
	"strings"
	"testing"
)

// tableQuestions are questions people really ask at the table, with the
// entry that answers them; the entry must be among the first three results.
var tableQuestions = []struct {
	query string
	want  string
}{
	{"can I use rum on the scorpion roll?", "rp.rum"},
	{"what happens when the crown discards a rum?", "rr.discard"},
	{"bunks", "rp.sleeping-places"},
	{"bed", "rp.sleeping-places"},
	{"hamocks", "rp.sleeping-places"},
	{"dark aley", "rp.dark-alley"},
	{"pub roll ties", "rp.pub.roll"},
	{"roll-off", "rp.pub.roll"},
	{"sting", "rp.chest.scorpion"},
	{"who gets stung by the scorpian", "rp.chest.scorpion"},
	{"who rolls first in the wrangle", "rp.wrangle.columns"},
	{"wrnagle columns", "rp.wrangle.columns"},
	{"tie in the wrangle", "rp.wrangle.ties"},
	{"how do maps score", "rp.scoring.maps"},
	{"home port empty deck", "rr.deck"},
	{"two player imaginary pirates", "rp.wrangle.imaginary"},
	{"captain is stuck, all alleys full", "rp.dead-end"},
	{"how much does a second move cost", "rp.move"},
	{"take back pirates at headquarters", "rp.hq"},
	{"guard with the same number of pirates", "rp.guard"},
	{"sell a ware for coins", "rp.supply"},
	{"two hooks score", "rp.scoring.wares"},
	{"tied for most points", "rp.scoring.tiebreak"},
	{"does the pub rendezvous work at any pub", "rp.rendezvous.arrival"},
	{"last player free moves", "rp.last-player"},
	{"can I rest without coins", "rp.rest"},
	{"how many pirates does a dark alley take", "rp.dark-alley.length"},
	{"unemployment office", "rp.pirate"},
	{"who gets the hammock with only two players on board", "rp.wrangle.awards"},
	{"hand limit", "rr.end-turn"},
	{"pirate deck reshuffle", "rr.deck"},
	{"can a ship with coins join the raid", "rr.raid.party"},
	{"use navigation twice in one raid", "rr.raid.skills"},
	{"is the hazard trashed after the raid", "rr.raid.hazard-wear"},
	{"recall a hazard", "rr.recall"},
	{"flip a hazard", "rr.raid.raise"},
	{"reveal funded investments", "rr.reveal"},
	{"ready ships", "rr.ready"},
	{"how many points to win", "rr.win"},
	{"raid home port with no cards", "rr.raid.island"},
	{"cash crop", "rr.cards.cash-crop"},
	{"treasure map peek", "rr.cards.treasure-map"},
	{"stalemate", "rr.stalemate"},
	{"mulligan", "rr.mulligan"},
	{"crew effects after the raid", "rr.raid.crew"},
	{"guard coin", "rp.guard"},
	{"go on board", "rp.board"},
	{"next round captain", "rp.round-end"},
	{"how many actions", "rr.actions"},
	{"can I move through a pirate", "rp.alleys"},
	{"do I get coins each round", "rp.round-end"},
	{"can I look at my tiles", "rp.secrets.public"},
	{"can boarded players join the pub", "rp.pub"},
	{"do boarded players roll for the scorpion", "rp.chest.order"},
	{"wooden leg", "rp.supply"},
	{"bride", "rp.rendezvous"},
	{"pay to pass", "rp.rest"},
	{"compass icon", "rr.raid.skills"},
	{"ship leaves party", "rr.raid.hazard-wear"},
	{"letter of marque", "rr.cards.letter-of-marque"},
	{"who starts the next round", "rp.start-player"},
}

func TestSearchTableQuestions(t *testing.T) {
	for _, tc := range tableQuestions {
		res := lib.Search(tc.query)
		var got []string
		for i, r := range res {
			if i == 5 {
				break
			}
			got = append(got, r.Entry.ID)
		}
		found := false
		for i := 0; i < len(got) && i < 3; i++ {
			found = found || got[i] == tc.want
		}
		if !found {
			t.Errorf("Search(%q): want %s in the top 3, got %v", tc.query, tc.want, got)
		}
	}
}

func TestEveryEntryFoundByItsTitle(t *testing.T) {
	for _, e := range append(lib.All(), de.All()...) {
		res := lib.Search(e.Title)
		found := false
		for i := 0; i < len(res) && i < 3; i++ {
			found = found || res[i].Entry.ID == e.ID
		}
		if !found {
			var got []string
			for i := 0; i < len(res) && i < 3; i++ {
				got = append(got, res[i].Entry.ID)
			}
			t.Errorf("searching the title %q of %s gives %v", e.Title, e.ID, got)
		}
	}
}

// bothLanguages are German and English words for the same thing, with the
// entry both must find first, whichever language the reference is shown
// in.
var bothLanguages = []struct{ german, english, want string }{
	{"Kneipe", "pub", "rp.pub"},
	{"Dunkelgasse", "dark alley", "rp.dark-alley"},
	{"dunkle Gasse", "dark alley", "rp.dark-alley"},
	{"Truhe", "chest", "rp.chest"},
	{"Schatzkiste", "treasure chest", "rp.chest"},
	{"Skorpion", "scorpion", "rp.chest.scorpion"},
	{"Rangelei", "wrangle", "rp.wrangle"},
	{"Koje", "bunk", "rp.sleeping-places"},
	{"Taurolle", "bedroll", "rp.sleeping-places"},
	{"Kapitän bewegen", "move the captain", "rp.move"},
	{"Stadtwache", "city guard", "rp.guard"},
	{"Heuerstelle", "unemployment office", "rp.pirate"},
	{"Rumfass", "rum barrel", "rp.rum"},
	{"Sackgasse", "dead end", "rp.dead-end"},
	{"Schlusswertung", "final scoring", "rp.scoring"},
	{"Überfall", "raid", "rr.raid"},
	{"Gefahren aufbieten", "raise hazards", "rr.raid.raise"},
	{"Investieren", "invest", "rr.invest"},
	{"Handlimit", "hand limit", "rr.end-turn"},
}

func TestSearchInBothLanguages(t *testing.T) {
	for _, tc := range bothLanguages {
		for _, v := range views {
			for _, q := range []string{tc.german, tc.english} {
				res := v.Search(q)
				if len(res) == 0 || res[0].Entry.ID != tc.want {
					var got []string
					for i := 0; i < len(res) && i < 3; i++ {
						got = append(got, res[i].Entry.ID)
					}
					t.Errorf("Search(%q) shown in %s: want %s first, got %v", q, v.lang, tc.want, got)
					continue
				}
				if want := must(v.Lookup(tc.want)); res[0].Entry.Title != want.Title {
					t.Errorf("Search(%q) in %s gives the title %q, not the %s one", q, v.lang, res[0].Entry.Title, v.lang)
				}
			}
		}
	}
}

// tableQuestionsDE are questions German players ask at the table, with
// the entry that answers them, among the first three results.
var tableQuestionsDE = []struct {
	query string
	want  string
}{
	{"darf ich beim Skorpionwurf Rum benutzen?", "rp.rum"},
	{"wer würfelt zuerst bei der Rangelei", "rp.wrangle.columns"},
	{"Gleichstand bei der Rangelei", "rp.wrangle.ties"},
	{"wie zählen Schatzkarten", "rp.scoring.maps"},
	{"wie viele Piraten braucht eine Dunkelgasse", "rp.dark-alley.length"},
	{"Kapitän sitzt fest", "rp.dead-end"},
	{"Hängematten", "rp.sleeping-places"},
	{"Dunkelgase", "rp.dark-alley"},
	{"zwei Haken", "rp.scoring.wares"},
	{"Ware verkaufen", "rp.supply"},
	{"rasten ohne Münze", "rp.rest"},
	{"imaginärer Spieler zu zweit", "rp.wrangle.imaginary"},
	{"wer beginnt den nächsten Durchgang", "rp.start-player"},
	{"leerer Nachziehstapel", "rr.deck"},
	{"die Krone wirft Rum ab", "rr.discard"},
	{"Schiffe bereit machen", "rr.ready"},
	{"wie viele Punkte zum Sieg", "rr.win"},
	{"Navigation zweimal im selben Überfall", "rr.raid.skills"},
}

func TestSearchGermanTableQuestions(t *testing.T) {
	for _, tc := range tableQuestionsDE {
		res := de.Search(tc.query)
		var got []string
		for i := 0; i < len(res) && i < 3; i++ {
			got = append(got, res[i].Entry.ID)
		}
		if !slices.Contains(got, tc.want) {
			t.Errorf("Search(%q): want %s in the top 3, got %v", tc.query, tc.want, got)
		}
	}
}

func TestSearchByID(t *testing.T) {
	for _, e := range lib.All() {
		res := lib.Search(strings.ToUpper(e.ID))
		if len(res) != 1 || res[0].Entry.ID != e.ID {
			t.Fatalf("Search(%q) should give that entry alone, got %d results", e.ID, len(res))
		}
	}
}

func TestSearchNothing(t *testing.T) {
	for _, q := range []string{"", "   ", "the of a", "?!", "xylophone"} {
		if res := lib.Search(q); len(res) != 0 {
			t.Errorf("Search(%q) = %d results, want none", q, len(res))
		}
	}
}

func TestSearchRanksBestFirst(t *testing.T) {
	res := lib.Search("wrangle")
	if len(res) < 3 {
		t.Fatalf("only %d results for wrangle", len(res))
	}
	for i := 1; i < len(res); i++ {
		if res[i].Score > res[i-1].Score {
			t.Fatalf("results out of order at %d", i)
		}
	}
	if res[0].Entry.ID != "rp.wrangle" {
		t.Errorf("wrangle: top result %s, want rp.wrangle", res[0].Entry.ID)
	}
}

func TestStem(t *testing.T) {
	pairs := [][2]string{
		{"bunks", "bunk"}, {"wrangling", "wrangle"}, {"wrangled", "wrangle"},
		{"parties", "party"}, {"matches", "match"}, {"alleys", "alley"},
		{"pirates", "pirate"}, {"rolled", "roll"}, {"boxes", "box"},
	}
	for _, p := range pairs {
		if stem(p[0]) != stem(p[1]) {
			t.Errorf("stem(%q) = %q but stem(%q) = %q", p[0], stem(p[0]), p[1], stem(p[1]))
		}
	}
	if stem("bus") == stem("bu") || stem("sting") == stem("st") {
		t.Error("stem strips too much")
	}
}

func TestDistance(t *testing.T) {
	cases := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"alley", "aley", 2, 1},
		{"wrangle", "wrnagle", 2, 1},
		{"scorpion", "scorpian", 2, 1},
		{"hammock", "hamock", 2, 1},
		{"pub", "pub", 2, 0},
		{"guard", "board", 1, 2},
		{"kitten", "sitting", 5, 3},
	}
	for _, c := range cases {
		if got := distance(c.a, c.b, c.limit); got != c.want {
			t.Errorf("distance(%q, %q, %d) = %d, want %d", c.a, c.b, c.limit, got, c.want)
		}
	}
}

func FuzzSearch(f *testing.F) {
	for _, tc := range tableQuestions {
		f.Add(tc.query)
	}
	f.Add("rp.")
	f.Add("ééé — ☠️ 🟡")
	f.Fuzz(func(t *testing.T, q string) {
		res := lib.Search(q)
		for i := 1; i < len(res); i++ {
			if res[i].Score > res[i-1].Score {
				t.Fatalf("results out of order for %q", q)
			}
		}
	})
}

func BenchmarkSearch(b *testing.B) {
	lib.Search("warm up")
	for b.Loop() {
		lib.Search("can I use rum on the scorpion roll?")
	}
}

func TestSearchRumLeadsWithPirates(t *testing.T) {
	if all := lib.Search("rum"); all[0].Entry.Game != Pirates {
		t.Fatalf("Search(rum) should lead with Rum & Pirates, got %s", all[0].Entry.ID)
	}
}
