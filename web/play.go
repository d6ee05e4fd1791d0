package web

import (
	"encoding/json"
	"net/url"

	"rumref/referee"
	"rumref/wire"
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
func (h *Hub) PlayURL(g referee.Game) string {
	log := h.cfg.Play
	if log == nil {
		return ""
	}
	placings, over := log.Result(g)
	if !over {
		return ""
	}
	started, played := h.cfg.Clock()
	p := bgsPlay{SourceName: "rumref", PlayDate: started.Local().Format("2006-01-02 15:04:05"),
		DurationMin: max(1, int(played.Minutes()+0.5)),
		Game:        bgsGame{Name: h.cfg.Title, BggID: log.BggID, SourceGameID: log.SourceID}}
	for _, pl := range placings {
		p.Players = append(p.Players, bgsPlayer{Name: pl.Name, Score: pl.Score, Winner: pl.Winner, StartPlayer: pl.Start})
	}
	b, err := json.Marshal(p)
	if err != nil {
		return ""
	}
	return playLink + url.QueryEscape(string(b))
}

// playInfo is the link and its QR code, or nil before the end.
func (h *Hub) playInfo(g referee.Game) *wire.Play {
	u := h.PlayURL(g)
	if u == "" {
		return nil
	}
	return &wire.Play{URL: u, QR: QRSVG(u)}
}
