package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sheet = `game: rum-and-pirates
players:
  - name: Ann
    pubs: [5, 3, 2]
    chests: [6, -2]
    guards: [4, 1]
    sleeping: [8, 4]
    wares: [{kind: hook, value: 5}, {kind: hook, value: 3}, {kind: parrot, value: 2}]
    rendezvous: [6, 4]
    maps: [{color: yellow, value: 3}, {color: yellow, value: 6}, {color: rose, value: 5}]
    unemployed: 1
    rum: 2
    coins: 3
  - name: Bo
    pubs: [5, 5, 4]
    chests: [6]
    guards: [6, 2, 1]
    sleeping: [7]
    wares: [{kind: hat, value: 4}]
    rendezvous: [6]
    maps: [{color: green, value: 6}, {color: green, value: 5}]
    unemployed: 0
    rum: 0
    coins: 0
`

func TestScoreSheet(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "sheet.yaml")
	os.WriteFile(p, []byte(sheet), 0o644)
	// Ann: pubs 10, chests 4, guards 5, sleeping 12, wares 7, rendezvous 10, maps 9 = 57.
	// Bo: pubs 14, chests 6, guards 9, sleeping 7, wares 4, rendezvous 6, maps 11 = 57.
	// Level on points: Bo has fewer pirates in the unemployment office.
	res := rumref(t, "", "score", "--json", p)
	if res.code != 0 {
		t.Fatalf("exit %d: %s", res.code, res.stderr)
	}
	var pad struct {
		Players []struct {
			Name  string
			Total int
			Place int
		}
		Winners []string
	}
	if err := json.Unmarshal([]byte(res.stdout), &pad); err != nil {
		t.Fatalf("%v\n%s", err, res.stdout)
	}
	if len(pad.Players) != 2 || pad.Players[0].Total != 57 || pad.Players[1].Total != 57 ||
		len(pad.Winners) != 1 || pad.Winners[0] != "Bo" {
		t.Fatalf("pad %+v\n%s", pad, res.stdout)
	}
	res = rumref(t, "", "score", p)
	if !strings.Contains(res.stdout, "unemployment office") || !strings.Contains(res.stdout, "57") {
		t.Fatalf("text pad lacks the tie explanation:\n%s", res.stdout)
	}
	bad := strings.Replace(sheet, "guards: [6, 2, 1]", "guards: [6, 2, 9]", 1)
	os.WriteFile(p, []byte(bad), 0o644)
	res = rumref(t, "", "score", p)
	if res.code != exitError || !strings.Contains(res.stderr, "Bo") || !strings.Contains(res.stderr, "guards") {
		t.Fatalf("bad sheet: exit %d %s", res.code, res.stderr)
	}
	os.WriteFile(p, []byte(strings.Replace(sheet, "coins: 3", "coins: 3\n    gold: 4", 1)), 0o644)
	if res := rumref(t, "", "score", p); res.code != exitError || !strings.Contains(res.stderr, "gold") {
		t.Fatalf("unknown field: exit %d %s", res.code, res.stderr)
	}
}

func TestScoreByHand(t *testing.T) {
	input := strings.Join([]string{
		"2",
		"Ann", "5 3 2", "6 -2", "4 1", "8 4", "hook 5, hook 3, parrot 2", "6 4", "yellow 3, yellow 6, rose 5", "1", "2", "3",
		"Bo", "5 9", "5 4", "", "", "", "", "", "", "", "", "", // a pub of 9 is refused and asked again
	}, "\n") + "\n"
	res := rumref(t, input, "--io", "plain", "score")
	if res.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	// The refusal is shown like every other refused answer in plain mode.
	if !strings.Contains(res.stdout, "Not taken: ") || !strings.Contains(res.stdout, "pubs") {
		t.Errorf("the refused pub value was not explained: %s", res.stdout)
	}
	if !strings.Contains(res.stdout, "57") || !strings.Contains(res.stdout, "Ann") {
		t.Fatalf("pad:\n%s", res.stdout)
	}
}

func TestRunnerCardsFile(t *testing.T) {
	dir := t.TempDir()
	cards := filepath.Join(dir, "cards.yaml")
	os.WriteFile(cards, []byte(`cards:
  - name: Kraken Reef
    side: crown
    type: hazard
    cost: 1
    copies: 1
    options:
      - [{do: combat, n: 1}]
      - [{do: pay, n: 3}]
    text: "A monster in the shallows: fight it or pay it off."
`), 0o644)
	save := filepath.Join(dir, "r.yaml")
	// The crown names the four starting hazards first (two typed in by hand).
	setupAnswers := "port-taxes\nrowdy-tavern\nunlisted\nFog\n0\n0\n0\npay 1\nunlisted\nMist\n0\n0\n0\npay 2\n"
	// The crown's opening draws offer the added card.
	res := rumref(t, setupAnswers, "--io", "plain", "new", "runner", "--crown", "Ann", "--pirate", "Bo", "--cards", cards, "--save", save)
	if res.code != exitInterrupted {
		t.Fatalf("exit %d %s", res.code, res.stderr)
	}
	if !strings.Contains(res.stdout, "Kraken Reef") {
		t.Fatalf("the added card is not on offer:\n%s", res.stdout)
	}
	data, _ := os.ReadFile(save)
	if !strings.Contains(string(data), "Kraken Reef") {
		t.Fatal("the catalog in use is not kept in the save")
	}
	os.Remove(cards)
	if res := rumref(t, "", "--io", "plain", "resume", save); res.code != exitInterrupted || !strings.Contains(res.stdout, "Kraken Reef") {
		t.Fatalf("resume without the cards file: %d %s", res.code, res.stderr)
	}
	os.WriteFile(cards, []byte("cards:\n  - name: Bad\n    side: crown\n    type: dragon\n"), 0o644)
	if res := rumref(t, "", "--io", "plain", "new", "runner", "--crown", "A", "--pirate", "B", "--cards", cards, "--save", save+"2"); res.code != exitError || !strings.Contains(res.stderr, "Bad") {
		t.Fatalf("bad cards file: %d %s", res.code, res.stderr)
	}
}

// TestScoreJSONLines scores by hand over the JSON Lines protocol: every
// line of stdout is a JSON object, the refused value is an error object
// naming the player and the category, and the pad is one score object.
func TestScoreJSONLines(t *testing.T) {
	input := strings.Join([]string{
		"2",
		"Ann", "5 3 2", "6 -2", "4 1", "8 4", "hook 5, hook 3, parrot 2", "6 4", "yellow 3, yellow 6, rose 5", "1", "2", "3",
		"Bo", "5 9", "5 4", "", "", "", "", "", "", "", "", "",
	}, "\n") + "\n"
	res := rumref(t, input, "--io", "json", "score")
	if res.code != 0 {
		t.Fatalf("exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	if res.stderr != "" {
		t.Errorf("stderr in JSON mode: %q", res.stderr)
	}
	objs := jsonLines(t, res.stdout)
	errs := 0
	for _, o := range objs {
		if o["type"] == "error" {
			errs++
			if msg, _ := o["error"].(string); !strings.Contains(msg, "pubs") || !strings.Contains(msg, "9") {
				t.Errorf("the refusal does not name the category and value: %v", o)
			}
		}
	}
	if errs != 1 {
		t.Errorf("%d error objects, want 1", errs)
	}
	last := objs[len(objs)-1]
	players, _ := last["players"].([]any)
	if last["type"] != "score" || len(players) != 2 || !strings.Contains(last["text"].(string), "Ann") {
		t.Fatalf("the last object is not the score pad: %v", last)
	}
	if w, _ := last["winners"].([]any); len(w) != 1 || w[0] != "Ann" {
		t.Errorf("winners %v, want Ann", last["winners"])
	}
	// A sheet scored over the protocol is one score object too.
	sheet := filepath.Join(t.TempDir(), "s.yaml")
	os.WriteFile(sheet, []byte("game: rum-and-pirates\nplayers:\n  - name: Ann\n    pubs: [5]\n  - name: Bo\n"), 0o600)
	res = rumref(t, "", "--io", "json", "score", sheet)
	objs = jsonLines(t, res.stdout)
	if res.code != 0 || len(objs) != 1 || objs[0]["type"] != "score" {
		t.Fatalf("score SHEET over JSON: exit %d %v %s", res.code, objs, res.stderr)
	}
}

// TestScoreUnfinishedHidesCoinsInTies: the public score of a game just
// begun (both players level on everything they may see) names no coin
// count: the coins row says secret and the tie line says the coins are
// secret rather than "each with 0 coins".
func TestScoreUnfinishedHidesCoinsInTies(t *testing.T) {
	save := filepath.Join(t.TempDir(), "g.yaml")
	if res := rumref(t, ":quit\n", "--io", "plain", "--save", save, "new", "pirates", "--players", "Ann:gold,Bo:blue", "--start", "1", "--layout", "fixed"); func() bool { _, err := os.Stat(save); return err != nil }() {
		t.Fatalf("new: %d %s %s", res.code, res.stdout, res.stderr)
	}
	res := rumref(t, "", "score", save)
	if res.code != 0 || !strings.Contains(res.stdout, "coins would decide, but some are secret until the game ends, so they share 1st place for now") ||
		strings.Contains(res.stdout, " coins:") || strings.Contains(res.stdout, "0 coins") {
		t.Fatalf("score: %d\n%s%s", res.code, res.stdout, res.stderr)
	}
	if f := strings.Fields(res.stdout[strings.Index(res.stdout, "\nCoins"):]); len(f) < 3 || f[1] != "secret" || f[2] != "secret" {
		t.Errorf("coins row does not say secret:\n%s", res.stdout)
	}
}
