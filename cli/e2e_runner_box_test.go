package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rumref/locale"
)

// typedInGame plays the start of a Rum Runner game over JSON in which the
// crown types in both unknown starting hazards and, as its first draw, a
// card of the given type; then it asks the in-game log and status. It
// returns what the public saw in the stream and the save's path.
func typedInGame(t *testing.T, typ string) (public []string, save string) {
	t.Helper()
	save = filepath.Join(t.TempDir(), "r.yaml")
	// The crown names every draw, in secret; the pirate's draws ask nothing.
	d := startDriver(t, nil, "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save)
	text := "Take two coins from the pirate."
	if typ == "hazard" {
		text = "pay 2 | discard 1"
	}
	script := []string{
		"port-taxes", "rowdy-tavern",
		"unlisted", "Ghost Ship Graveyard", "1", "0", "0", "2 navigation | pay 4",
		"unlisted", "Siren Song Shoals", "0", "0", "0", "1 combat or discard 2",
		"unlisted", typ, "Tax Collector Bribe", "1", "0", "0", text,
		"cash-crop", "gold-rum", "gold-rum", "light-rum",
		"log", "show",
	}
	for i, a := range script {
		q := d.next()
		if q == nil {
			t.Fatalf("step %d: the game ended\n%s", i+1, d.errs.String())
		}
		d.send(a)
	}
	if q := d.next(); q == nil || q["id"] != "action" {
		t.Fatalf("the crown's first action should be asked, got %v", q)
	}
	return publicObjects(t, d), save
}

// TestTypedInCardsStayOffEveryPublicChannel scans what the public sees of
// a game in which cards are typed in by hand during secret draws: the JSON
// events, the in-game log and status, and rumref log and show in both
// forms. None shows a typed-in name or text, and a typed-in event and a
// typed-in hazard leave exactly the same public record.
// publicObjects finishes d's game, stopped at a question, and returns
// every object it wrote that a driver shows the whole table (all but the
// secret questions), as JSON; an answer refused fails the test.
func publicObjects(t *testing.T, d *driver) []string {
	t.Helper()
	if code := d.finish(); code != exitInterrupted {
		t.Fatalf("exit %d", code)
	}
	var public []string
	for _, o := range d.objs {
		if o["type"] == "question" && o["secret"] == true {
			continue // a driver hands these to their player only
		}
		if o["type"] == "error" {
			t.Fatalf("an answer was refused: %v", o)
		}
		b, _ := json.Marshal(o)
		public = append(public, string(b))
	}
	return public
}

func TestTypedInCardsStayOffEveryPublicChannel(t *testing.T) {
	secrets := []string{"Ghost Ship", "Siren Song", "Tax Collector", "2 navigation", "1 combat", "two coins", "Rowdy Tavern"}
	records := map[string]string{}
	for _, typ := range []string{"event", "hazard"} {
		stream, save := typedInGame(t, typ)
		var channels []string
		channels = append(channels, strings.ReplaceAll(strings.Join(stream, "\n"), save, "SAVE"))
		for _, args := range [][]string{{"log", save}, {"log", "--json", save}, {"show", save}, {"show", "--json", save}} {
			res := rumref(t, "", args...)
			if res.code != 0 {
				t.Fatalf("%v: exit %d %s", args, res.code, res.stderr)
			}
			channels = append(channels, strings.ReplaceAll(res.stdout, save, "SAVE"))
		}
		all := strings.Join(channels, "\n")
		for _, s := range secrets {
			if strings.Contains(all, s) {
				t.Errorf("%s game: a public channel shows %q", typ, s)
			}
		}
		if !strings.Contains(all, "card.name") || !strings.Contains(all, `"type":"log"`) {
			t.Fatalf("the scan did not see the typed-in questions or the in-game log")
		}
		records[typ] = strings.Join(channels, "\n")
	}
	if records["event"] != records["hazard"] {
		t.Errorf("the public stream, log and status differ between a typed-in event and a typed-in hazard:\n%s\n---\n%s", records["event"], records["hazard"])
	}
	// The crown's own view shows the typed-in cards with their texts.
	_, save := typedInGame(t, "event")
	res := rumref(t, "peek Ann\n\n\nquit\n", "--io", "plain", "resume", save)
	if !strings.Contains(res.stdout, "Tax Collector Bribe (event, cost 1): Take two coins from the pirate.") ||
		!strings.Contains(res.stdout, "Ghost Ship Graveyard (hazard, cost 1): 2 navigation | pay 4") {
		t.Errorf("the crown's peek should list the typed-in cards with their texts:\n%s", res.stdout)
	}
}

// TestCardFileBeyondTheBoxIsRefused: a card file that makes the crown deck
// hold five events is refused before any question, with the counts;
// --beyond-box accepts it and the status names it.
func TestCardFileBeyondTheBoxIsRefused(t *testing.T) {
	dir := t.TempDir()
	cards := filepath.Join(dir, "cards.yaml")
	if err := os.WriteFile(cards, []byte("cards:\n  - {name: Royal Decree, side: crown, type: event, cost: 0, copies: 5, play: [{do: coin-own, n: 3}]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	save := filepath.Join(dir, "r.yaml")
	res := rumref(t, "", "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--cards", cards, "--save", save)
	if res.code != exitError || !strings.Contains(res.stderr, "5 event cards (Royal Decree 5), but the box holds 3") ||
		strings.Contains(res.stdout, "SECRET") {
		t.Fatalf("exit %d, stderr %q, stdout %q", res.code, res.stderr, res.stdout)
	}
	res = rumref(t, "", "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--cards", cards, "--beyond-box", "--save", save)
	if res.code != exitInterrupted || !strings.Contains(res.stdout, "crown deck (29 cards)") {
		t.Fatalf("--beyond-box: exit %d %s %s", res.code, res.stdout, res.stderr)
	}
	if res := rumref(t, "", "show", save); !strings.Contains(res.stdout, "crown deck: 5 event (the box has 3)") {
		t.Errorf("the status should name the pile beyond the box:\n%s", res.stdout)
	}
}

// TestIslandFlagNamesTheFourthIsland: --island gives the fourth island the
// name printed on its card; the setup, the questions and show use it, and
// a card's name is refused before any question.
func TestIslandFlagNamesTheFourthIsland(t *testing.T) {
	dir := t.TempDir()
	save := filepath.Join(dir, "r.yaml")
	res := rumref(t, "", "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--island", "Gold Rum", "--save", save)
	if res.code != exitError || !strings.Contains(res.stderr, "--island: Gold Rum is already a card's name") {
		t.Fatalf("a card's name: exit %d, stderr %q", res.code, res.stderr)
	}
	res = rumref(t, "", "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--island", "Smugglers Cove", "--save", save)
	if res.code != exitInterrupted || !strings.Contains(res.stdout, "Bivalve Bay, Smugglers Cove)") || strings.Contains(res.stdout, "name unknown") {
		t.Fatalf("exit %d, stdout %s\n%s", res.code, res.stdout, res.stderr)
	}
	if res := rumref(t, "", "show", save); !strings.Contains(res.stdout, "Smugglers Cove") {
		t.Errorf("show should name Smugglers Cove:\n%s", res.stdout)
	}
}

// TestCardSecretsStayOffThePublicChannels plays the start of a Rum
// Runner game over JSON: the crown names its draws in secret, one a
// hazard typed in by hand that it places face-down (a secret question);
// the pirate draws without a question and plays a crew named in public.
// The public stream, log and status never show the hazard's name or text,
// nor the crown's hand, and do show the crew.
func TestCardSecretsStayOffThePublicChannels(t *testing.T) {
	for _, lang := range locale.All {
		t.Run(lang.String(), func(t *testing.T) { cardSecretsStayOffThePublicChannels(t, lang) })
	}
}

// cardSecretsStayOffThePublicChannels is the test in one language: the
// card names and typed texts are the same in both, the crown's hand is
// looked for by the word its language heads it with.
func cardSecretsStayOffThePublicChannels(t *testing.T, lang locale.Lang) {
	save := filepath.Join(t.TempDir(), "r.yaml")
	d := startDriver(t, nil, "--lang", lang.String(), "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--save", save)
	script := []struct {
		id, answer string
		secret     bool
	}{
		{"hazard.identify", "port-taxes", true}, {"hazard.identify", "rowdy-tavern", true},
		{"hazard.identify", "unlisted", true}, {"card.name", "Ghost Ship Graveyard", true}, {"card.cost", "1", true}, {"card.navigation", "0", true}, {"card.combat", "0", true}, {"card.text", "2 navigation | pay 4", true},
		{"hazard.identify", "unlisted", true}, {"card.name", "Siren Song Shoals", true}, {"card.cost", "0", true}, {"card.navigation", "0", true}, {"card.combat", "0", true}, {"card.text", "1 combat or discard 2", true},
		{"draw.card", "cash-crop", true}, {"draw.card", "gold-rum", true}, {"draw.card", "gold-rum", true}, {"draw.card", "light-rum", true},
		{"draw.card", "unlisted", true}, {"card.type", "hazard", true}, {"card.name", "Tax Collector Bribe", true}, {"card.cost", "1", true}, {"card.navigation", "0", true}, {"card.combat", "0", true}, {"card.text", "pay 3 | discard 1", true},
		{"action", "hazard", false}, {"hazard.card", "tax-collector-bribe", true},
		{"hazard.island", "2", false}, {"action", "gain", false}, {"action", "gain", false}, {"draw.card", "light-rum", true},
		{"action", "crew", false}, {"crew.step", "play", false}, {"crew.card", "doug-doubloon", false}, {"crew.ship", "1", false},
	}
	for i, s := range script {
		q := d.next()
		if q == nil || q["id"] != s.id {
			t.Fatalf("step %d: want question %s, got %v\n%s", i+1, s.id, q, d.errs.String())
		}
		if wantSecret := s.secret; q["secret"] != wantSecret {
			t.Fatalf("step %d (%s): secret %v, want %v", i+1, s.id, q["secret"], wantSecret)
		}
		d.send(s.answer)
	}
	d.send("log")
	d.send("show")
	public := publicObjects(t, d)
	channels := []string{strings.Join(public, "\n")}
	for _, args := range [][]string{{"log", save}, {"log", "--json", save}, {"show", save}, {"show", "--json", save}} {
		res := rumref(t, "", append([]string{"--lang", lang.String()}, args...)...)
		if res.code != 0 {
			t.Fatalf("%v: exit %d %s", args, res.code, res.stderr)
		}
		channels = append(channels, res.stdout)
	}
	all := strings.Join(channels, "\n")
	for _, s := range []string{"Ghost Ship", "Siren Song", "Tax Collector", "2 navigation", "1 combat", "pay 3", "Rowdy Tavern"} {
		if strings.Contains(all, s) {
			t.Errorf("a public channel shows %q", s)
		}
	}
	hand := strings.TrimSpace(strings.TrimSuffix(lang.Sprintf("runner.status.hand", ""), " "))
	if !strings.HasSuffix(hand, ":") {
		t.Fatalf("the hand's heading in %s is %q", lang, hand)
	}
	for _, s := range []string{"Cash Crop", "Gold Rum", "Light Rum", hand} {
		if strings.Contains(all, s) {
			t.Errorf("a public channel shows %q (the crown's hand)", s)
		}
	}
	crewNamed := false
	for _, o := range public {
		crewNamed = crewNamed || strings.Contains(o, `"rule":"rr.crew"`) && strings.Contains(o, `"type":"event"`) && strings.Contains(o, "Doug Doubloon")
	}
	if !crewNamed || !strings.Contains(channels[0], `"id":"crew.card"`) {
		t.Errorf("the pirate's crew should be named in public:\n%s", channels[0])
	}
}

// TestEditionFlagIsGone: a new game starts under today's edition only;
// --edition is an unknown flag.
func TestEditionFlagIsGone(t *testing.T) {
	res := rumref(t, "", "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--edition", "3", "--save", filepath.Join(t.TempDir(), "r.yaml"))
	if res.code == exitOK || !strings.Contains(res.stderr, "unknown flag: --edition") {
		t.Fatalf("--edition 3: exit %d, stderr %q; want it refused as an unknown flag", res.code, res.stderr)
	}
}
