package cli

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rumref/journal"
	"rumref/sim"
)

// bgsLink finds the BG Stats link in out and returns its play: the
// fields rumref sends (docs/bgstats.md).
type bgsData struct {
	SourceName   string `json:"sourceName"`
	SourcePlayID string `json:"sourcePlayId"`
	PlayDate     string `json:"playDate"`
	Game         struct {
		Name         string `json:"name"`
		SourceGameID string `json:"sourceGameId"`
	} `json:"game"`
	Players []struct {
		Name   string `json:"name"`
		Score  int    `json:"score"`
		Winner bool   `json:"winner"`
		Rank   int    `json:"rank"`
	} `json:"players"`
}

var bgsLinkRE = regexp.MustCompile(`https://app\.bgstatsapp\.com/createPlay\.html\?data=[^\s"]+`)

func bgsPlayOf(t *testing.T, where, out string) bgsData {
	t.Helper()
	link := bgsLinkRE.FindString(out)
	if link == "" {
		t.Fatalf("%s: no BG Stats link in:\n%s", where, out)
	}
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	var p bgsData
	if err := json.Unmarshal([]byte(u.Query().Get("data")), &p); err != nil {
		t.Fatalf("%s: the link's data is not JSON: %v", where, err)
	}
	if p.SourceName != "rumref" || !strings.HasPrefix(p.SourcePlayID, "rumref-") || len(p.Players) == 0 {
		t.Fatalf("%s: the link's play lacks its source or players: %+v", where, p)
	}
	return p
}

// TestPlayLinkAtEveryEnd: a game played at the laptop alone (plain and
// JSON Lines) prints the BG Stats link at its end, with a sourcePlayId;
// rumref score of the save gives the same ID, and a score sheet scored
// twice gives one ID of its own. Before, the link came only with --web.
func TestPlayLinkAtEveryEnd(t *testing.T) {
	f, err := sim.Finished("pirates", 3, 7)
	if err != nil {
		t.Fatal(err)
	}
	last := f.Answers[len(f.Answers)-1]
	f.Answers = append(journal.Answers(nil), f.Answers[:len(f.Answers)-1]...)
	f.Started = "2026-11-30T19:30:00Z"
	data, err := journal.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	saves := map[string]string{}
	for _, mode := range []string{"plain", "json"} {
		saves[mode] = filepath.Join(dir, mode+".yaml")
		if err := os.WriteFile(saves[mode], data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := rumref(t, last.A+"\n", "--io", "plain", "resume", saves["plain"])
	if res.code != 0 || !strings.Contains(res.stdout, "The game is over") {
		t.Fatalf("plain: exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	plain := bgsPlayOf(t, "the plain end", res.stdout)
	if plain.Game.SourceGameID != "rum-and-pirates" || plain.PlayDate == "" {
		t.Errorf("plain end: %+v", plain)
	}
	winners := 0
	for _, p := range plain.Players {
		if p.Winner != (p.Rank == 1) {
			t.Errorf("a player's rank and winner disagree: %+v", p)
		}
		if p.Winner {
			winners++
		}
	}
	if winners == 0 {
		t.Errorf("no winner in %+v", plain.Players)
	}

	res = rumref(t, last.A+"\n", "--io", "json", "resume", saves["json"])
	objs := jsonLines(t, res.stdout)
	end := objs[len(objs)-1]
	if res.code != 0 || end["type"] != "end" {
		t.Fatalf("json: exit %d, last object %v\n%s", res.code, end, res.stderr)
	}
	play, _ := end["play"].(map[string]any)
	link, _ := play["url"].(string)
	if js := bgsPlayOf(t, "the JSON end object", link); js.SourcePlayID != plain.SourcePlayID {
		t.Errorf("the same save's two ends give two IDs: %s and %s", plain.SourcePlayID, js.SourcePlayID)
	}

	for i := 0; i < 2; i++ {
		res = rumref(t, "", "score", saves["plain"])
		if res.code != 0 {
			t.Fatalf("score: exit %d %s", res.code, res.stderr)
		}
		if s := bgsPlayOf(t, "rumref score SAVE", res.stdout); s.SourcePlayID != plain.SourcePlayID {
			t.Errorf("rumref score of the save gives %s, its end gave %s", s.SourcePlayID, plain.SourcePlayID)
		}
	}
	res = rumref(t, "", "--io", "json", "score", saves["plain"])
	objs = jsonLines(t, res.stdout)
	play, _ = objs[len(objs)-1]["play"].(map[string]any)
	link, _ = play["url"].(string)
	if s := bgsPlayOf(t, "the score object", link); s.SourcePlayID != plain.SourcePlayID {
		t.Errorf("the score object's link gives %s, the end gave %s", s.SourcePlayID, plain.SourcePlayID)
	}

	sheet := filepath.Join(dir, "sheet.yaml")
	os.WriteFile(sheet, []byte("game: rum-and-pirates\nplayers:\n  - name: Ann\n    pubs: [5, 3, 2]\n    coins: 3\n  - name: Bo\n    pubs: [4]\n"), 0o644)
	var ids []string
	for i := 0; i < 2; i++ {
		res = rumref(t, "", "score", sheet)
		if res.code != 0 {
			t.Fatalf("score sheet: exit %d %s", res.code, res.stderr)
		}
		p := bgsPlayOf(t, "rumref score SHEET", res.stdout)
		ids = append(ids, p.SourcePlayID)
		if len(p.Players) != 2 || !p.Players[0].Winner || p.Players[0].Score != 10 {
			t.Errorf("sheet's players: %+v", p.Players)
		}
	}
	if ids[0] != ids[1] || ids[0] == plain.SourcePlayID {
		t.Errorf("the sheet's IDs %v (the save's %s): want one ID of its own", ids, plain.SourcePlayID)
	}
	other := filepath.Join(dir, "other.yaml")
	os.WriteFile(other, []byte("game: rum-and-pirates\nplayers:\n  - name: Ann\n    pubs: [5, 3]\n  - name: Bo\n    pubs: [4]\n"), 0o644)
	if p := bgsPlayOf(t, "another sheet", rumref(t, "", "score", other).stdout); p.SourcePlayID == ids[0] {
		t.Errorf("two sheets of other tiles share the ID %s", ids[0])
	}
}
