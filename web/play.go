package web

import (
	"encoding/json"
	"net/url"
	"time"

	"rumref/referee"
)

// playLink is where BG Stats takes a play to log (its createPlay link).
const playLink = "https://app.bgstatsapp.com/createPlay.html?data="

type bgsGame struct {
	Name         string `json:"name"`
	BggID        int    `json:"bggId,omitempty"`
	SourceGameID string `json:"sourceGameId"`
}

type bgsPlayer struct {
	Name        string `json:"name"`
	Score       int    `json:"score"`
	Winner      bool   `json:"winner"`
	StartPlayer bool   `json:"startPlayer"`
}

type bgsPlay struct {
	SourceName  string      `json:"sourceName"`
	PlayDate    string      `json:"playDate"`
	DurationMin int         `json:"durationMin"`
	Game        bgsGame     `json:"game"`
	Players     []bgsPlayer `json:"players"`
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
	p := bgsPlay{SourceName: "rumref", PlayDate: started.Local().Format("2006-01-02 15:04:05"),
		DurationMin: max(1, int(played.Minutes()+0.5)),
		Game:        bgsGame{Name: c.Title, BggID: log.BggID, SourceGameID: log.SourceID}}
	for _, pl := range placings {
		p.Players = append(p.Players, bgsPlayer{Name: pl.Name, Score: pl.Score, Winner: pl.Winner, StartPlayer: pl.Start})
	}
	b, err := json.Marshal(p)
	if err != nil {
		return ""
	}
	return playLink + url.QueryEscape(string(b))
}
