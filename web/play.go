package web

import (
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"rumref/games"
	"rumref/referee"
)

// playLink is where BG Stats takes a play to log (its createPlay link;
// docs/bgstats.md says what of its format was checked).
const playLink = "https://app.bgstatsapp.com/createPlay.html?data="

type bgsGame struct {
	Name         string `json:"name"`
	BggID        int    `json:"bggId,omitempty"`
	SourceGameID string `json:"sourceGameId"`
	HighestWins  bool   `json:"highestWins"`
}

type bgsPlayer struct {
	Name        string `json:"name"`
	Score       int    `json:"score"`
	Winner      bool   `json:"winner"`
	Rank        int    `json:"rank,omitempty"`
	StartPlayer bool   `json:"startPlayer"`
}

type bgsPlay struct {
	SourceName   string      `json:"sourceName"`
	SourcePlayID string      `json:"sourcePlayId,omitempty"`
	PlayDate     string      `json:"playDate,omitempty"`
	DurationMin  int         `json:"durationMin,omitempty"`
	Game         bgsGame     `json:"game"`
	Players      []bgsPlayer `json:"players"`
}

// PlayURL is the BG Stats createPlay link for a finished game, or "".
func (c Config) PlayURL(g referee.Game) string {
	log := c.Play
	if log == nil {
		return ""
	}
	placings, over := log.Result(g)
	if !over {
		return ""
	}
	started, played := time.Now(), time.Duration(0)
	if c.Clock != nil {
		started, played = c.Clock()
	}
	return PlayLink(Played{Title: c.Title, Log: log, ID: c.PlayID, Started: started, Played: max(played, time.Minute/2)}, placings)
}

// Played is what the play logger is told of a play besides the players:
// the game (its title and logger entry), the play's stable ID
// (games.PlayID), when it began and how long it was played (zero: not
// known, as for a score sheet; left out of the link).
type Played struct {
	Title   string
	Log     *games.PlayLog
	ID      string
	Started time.Time
	Played  time.Duration
}

// PlayLink is the BG Stats createPlay link of a play with placings.
func PlayLink(p Played, placings []games.Placing) string {
	b := bgsPlay{SourceName: "rumref", SourcePlayID: p.ID,
		Game: bgsGame{Name: p.Title, BggID: p.Log.BggID, SourceGameID: p.Log.SourceID, HighestWins: true}}
	if !p.Started.IsZero() {
		b.PlayDate = p.Started.Local().Format("2006-01-02 15:04:05")
	}
	if p.Played > 0 {
		b.DurationMin = max(1, int(p.Played.Minutes()+0.5))
	}
	b.Players = []bgsPlayer{}
	for _, pl := range placings {
		b.Players = append(b.Players, bgsPlayer{Name: pl.Name, Score: pl.Score, Winner: pl.Winner, Rank: pl.Place, StartPlayer: pl.Start})
	}
	var data strings.Builder
	enc := json.NewEncoder(&data)
	enc.SetEscapeHTML(false) // "Rum & Pirates", not "Rum \u0026 Pirates"
	if enc.Encode(b) != nil {
		return ""
	}
	return playLink + url.QueryEscape(strings.TrimSuffix(data.String(), "\n"))
}
