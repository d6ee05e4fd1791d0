package cli

import (
	"os"
	"time"

	"rumref/games"
	"rumref/journal"
	"rumref/prompts"
	"rumref/qr"
	"rumref/referee"
	"rumref/web"
	"rumref/wire"
)

// The play logger (BG Stats) link: at the end of every game and from
// rumref score (docs/bgstats.md).

// playText is what the laptop prints of a play's link: the code when
// it fits the screen (qr.Fit: as wide as the terminal and two rows less
// high), and the link itself, always.
func (a *app) playText(link string) string {
	cols, rows := prompts.Columns(a.stdout), prompts.Rows(a.stdout)
	if cols == 0 {
		return a.lang.Sprintf("cli.play.link") + "\n" + link
	}
	if code, ok := qr.Fit(link, cols, max(rows-2, 1)); ok {
		return a.lang.Sprintf("cli.play.code") + "\n" + code + link
	}
	return a.lang.Sprintf("cli.play.nofit") + "\n" + link
}

// endPlay prints the play logger link at the end of a game (the JSON
// Lines end object carries it itself: nothing follows it).
func (a *app) endPlay(mode prompts.Mode, link string) {
	if link == "" || mode == prompts.JSON {
		return
	}
	a.out(mode).Report(nil, a.playText(link))
}

// savePlayLink is the link of a finished save's play, the same as its
// game's end gave ("" for a game not over or one that logs no plays).
func savePlayLink(file *journal.File, entry *games.Entry, g referee.Game) string {
	if entry.Play == nil {
		return ""
	}
	placings, over := entry.Play.Result(g)
	if !over {
		return ""
	}
	started, _ := time.Parse(time.RFC3339, file.Started)
	return web.PlayLink(web.Played{Title: entry.Title, Log: entry.Play, ID: games.PlayID(file, g.PlayerNames()),
		Started: started, Played: max(time.Duration(file.Played)*time.Second, time.Minute/2)}, placings)
}

// sheetPlayLink is the link of a game scored from a score sheet: it
// names no start player and no time played; its date is the sheet's
// (the file's modification time, or none for tiles typed in).
func sheetPlayLink(entry *games.Entry, res games.Scored, path string) string {
	if entry.Play == nil {
		return ""
	}
	var started time.Time
	if path != "" {
		if fi, err := os.Stat(path); err == nil {
			started = fi.ModTime().Truncate(time.Second)
		}
	}
	return web.PlayLink(web.Played{Title: entry.Title, Log: entry.Play, ID: games.SheetPlayID([]string{res.Tiles}), Started: started}, res.Placings)
}

// playObj is the link as the JSON Lines objects carry it (nil: none).
func playObj(link string) *wire.Play {
	if link == "" {
		return nil
	}
	return &wire.Play{URL: link}
}
