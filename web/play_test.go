package web

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"rumref/games"
	"rumref/referee"
	"rumref/sim"
)

// TestPlayLinkDateAndDuration checks the BG Stats link of a finished game:
// the date the game began and the time played in all its sessions (a
// resumed game), not the time since the hub was made.
func TestPlayLinkDateAndDuration(t *testing.T) {
	for _, c := range []struct {
		game    string
		players int
		bgg     int
		source  string
	}{{"pirates", 3, 19948, "rum-and-pirates"}, {"runner", 2, 0, "rum-runner"}} {
		f, err := sim.Finished(c.game, c.players, 5)
		if err != nil {
			t.Fatal(err)
		}
		factory, err := games.FactoryOf(f)
		if err != nil {
			t.Fatal(err)
		}
		e, err := referee.Replay(factory, f.Answers)
		if err != nil || !e.Over() {
			t.Fatalf("%s: the finished game does not replay to its end: %v", c.game, err)
		}
		entry, _ := games.Of(f)
		began := time.Date(2026, 11, 30, 19, 30, 0, 0, time.Local)
		cfg := Config{Game: entry.Name, Title: entry.Title, Names: e.Game().PlayerNames(), Play: entry.Play, PlayID: "rumref-0123",
			Clock: func() (time.Time, time.Duration) { return began, 83*time.Minute + 40*time.Second }}
		link := cfg.PlayURL(e.Game())
		if !strings.HasPrefix(link, playLink) {
			t.Fatalf("%s: no play link: %q", c.game, link)
		}
		data, _ := url.QueryUnescape(strings.TrimPrefix(link, playLink))
		var p bgsPlay
		if err := json.Unmarshal([]byte(data), &p); err != nil {
			t.Fatal(err)
		}
		if p.PlayDate != "2026-11-30 19:30:00" || p.DurationMin != 84 {
			t.Errorf("%s: date %q, %d minutes; want the day it began and 84 minutes played", c.game, p.PlayDate, p.DurationMin)
		}
		if p.SourcePlayID != "rumref-0123" || !strings.Contains(data, `"name":"`+entry.Title+`"`) {
			t.Errorf("%s: the link lacks its sourcePlayId or its game's name unescaped: %s", c.game, data)
		}
		if p.Game.Name != entry.Title || p.Game.BggID != c.bgg || p.Game.SourceGameID != c.source || !p.Game.HighestWins {
			t.Errorf("%s: game %+v", c.game, p.Game)
		}
		winners, starts := 0, 0
		for _, pl := range p.Players {
			if pl.Winner {
				winners++
			}
			if pl.Rank < 1 || pl.Winner != (pl.Rank == 1) && c.game == "pirates" {
				t.Errorf("%s: rank %d of %+v", c.game, pl.Rank, pl)
			}
			if pl.StartPlayer {
				starts++
			}
		}
		if len(p.Players) != c.players || winners < 1 || starts != 1 {
			t.Errorf("%s: players %+v", c.game, p.Players)
		}
		// Before the end there is no link.
		fresh, _ := referee.Start(factory)
		if cfg.PlayURL(fresh.Game()) != "" {
			t.Errorf("%s: a link before the end", c.game)
		}
		fresh.Close()
		e.Close()
	}
}
