package migrate

import (
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// Pirates is the chain of Rum & Pirates saves (pirates.Config.Rules is
// the revision a save was made under).
var Pirates = &Chain{
	Words:        "migrate.words.pirates",
	Current:      pirates.RulesRevision,
	Revision:     func(s any) int { return s.(*pirates.Config).Rules },
	WithRevision: piratesRevision,
	Steps:        []Step{{From: 3, Run: pirates3to4}, {From: 4, Run: pirates4to5}},
	Refused: map[int]string{
		0: revisionsBefore3,
		1: revisionsBefore3,
		2: revisionsBefore3,
	},
	Factory: piratesFactory,
}

// piratesRevision is a copy of a setup marked with revision rev.
func piratesRevision(s any, rev int) any {
	c := *s.(*pirates.Config)
	c.Rules = rev
	return &c
}

// newPirates makes a game (a test puts a game of its own in its place).
var newPirates = pirates.New

// piratesFactory makes today's games of a setup.
func piratesFactory(s any) (referee.Factory, error) {
	cfg := *s.(*pirates.Config)
	board, err := setup.Assemble(cfg.Layout)
	if err != nil {
		return nil, err
	}
	return func() referee.Game { return newPirates(cfg, board) }, nil
}

// revisionsBefore3 is why saves of revisions 0 to 2 are refused.
const revisionsBefore3 = "migrate.pirates.before3"
