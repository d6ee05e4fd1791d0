package games

import (
	"rumref/internal/randplay"
	"rumref/journal"
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/referee/runner"
)

// SimTable is one game under simulation (rumref sim, package sim): its
// setup and the game's own checks. An entry's Sim makes one per seed; the
// simulator plays it with the random player and runs the checks after
// every answer (games/pirates_sim.go, games/runner_sim.go).
type SimTable interface {
	// Factory makes fresh games of this setup.
	Factory() referee.Factory
	// File is the save of this setup with the given answers.
	File(answers []referee.Answer) *journal.File
	// Invariants checks the rules' invariants on the live game.
	Invariants(g referee.Game) error
	// Secrets checks that the public view, and the public status text
	// when status is set, hold no secret.
	Secrets(g referee.Game, status bool) error
	// Over checks the finished game: its result and its score.
	Over(g referee.Game) error
	// Dump is a deterministic picture of the whole state, hidden parts
	// included, to compare a live game with its replay.
	Dump(g referee.Game) string
	// Answer picks a legal answer with the random player.
	Answer(p *randplay.Player, q *referee.Question) string
}

// CheckPirates checks the Rum & Pirates invariants of a game state: each
// color's 15 pirates somewhere, every tile once, rum and coins never
// negative.
func CheckPirates(g *pirates.Game) error {
	return (&piratesTable{}).Invariants(g)
}

// CheckRunner checks the Rum Runner invariants of a game state: every card
// in exactly one place, coins never negative, crews within their slots.
func CheckRunner(g *runner.Game) error {
	return (&runnerTable{cfg: g.Config}).Invariants(g)
}
