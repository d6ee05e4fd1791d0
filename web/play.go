package web

import (
	"encoding/json"
	"net/url"

	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/referee/runner"
)

// bggRumAndPirates is Rum & Pirates' BoardGameGeek ID.
const bggRumAndPirates = 19948

// playLink is where BG Stats takes a play to log (its createPlay link).
const playLink = "https://app.bgstatsapp.com/createPlay.html?data="

// finalInfo is the play logger link shown at the end.
type finalInfo struct {
	URL string `json:"url"`
	QR  string `json:"qr"` // SVG
}

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
	now := h.cfg.Now()
	p := bgsPlay{SourceName: "rumref", PlayDate: h.cfg.Started.Format("2006-01-02 15:04:05"),
		DurationMin: max(1, int(now.Sub(h.cfg.Started).Minutes()+0.5))}
	switch g := g.(type) {
	case *pirates.Game:
		if g.Final == nil {
			return ""
		}
		p.Game = bgsGame{Name: "Rum & Pirates", BggID: bggRumAndPirates, SourceGameID: "rum-and-pirates"}
		for _, s := range g.Final.Scores {
			seat := -1
			for i, pl := range g.Players {
				if pl.Name == s.Name {
					seat = i
				}
			}
			p.Players = append(p.Players, bgsPlayer{Name: s.Name, Score: s.Total, Winner: s.Place == 1, StartPlayer: seat == g.Config.Start})
		}
	case *runner.Game:
		if !g.Over {
			return ""
		}
		p.Game = bgsGame{Name: "Rum Runner", SourceGameID: "rum-runner"}
		for i := range g.Players {
			p.Players = append(p.Players, bgsPlayer{Name: g.Players[i].Name, Score: g.Players[i].Points(), Winner: g.Winner == i, StartPlayer: i == 0})
		}
	default:
		return ""
	}
	b, err := json.Marshal(p)
	if err != nil {
		return ""
	}
	return playLink + url.QueryEscape(string(b))
}

// playInfo is the link and its QR code, or nil before the end.
func (h *Hub) playInfo(g referee.Game) *finalInfo {
	u := h.PlayURL(g)
	if u == "" {
		return nil
	}
	return &finalInfo{URL: u, QR: QRSVG(u)}
}
