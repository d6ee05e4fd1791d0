package web

import (
	"rumref/games"
	"rumref/locale"
	"rumref/referee"
)

// ConfigFor is the configuration of the pages of a game of entry: its
// names, title, board, play logger and the questions its phones may
// answer in parallel and the rules lookup (games.RulesIn), for the game g
// made by factory. The caller adds the clock.
func ConfigFor(entry *games.Entry, g referee.Game, factory referee.Factory) Config {
	cfg := Config{Game: entry.Name, Title: entry.Title, TitleIn: entry.TitleIn, Names: g.PlayerNames(), Factory: factory, Play: entry.Play,
		Rules: games.RulesIn}
	if entry.Board != nil {
		cfg.Board = func(l locale.Lang) []byte { return entry.Board(g, l) }
	}
	if len(entry.Parallel) > 0 {
		cfg.Parallel = map[string]bool{}
		for _, id := range entry.Parallel {
			cfg.Parallel[id] = true
		}
	}
	return cfg
}
