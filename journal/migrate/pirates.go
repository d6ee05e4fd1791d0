package migrate

import (
	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// Pirates is the chain of Rum & Pirates saves (pirates.Config.Rules is
// the revision a save was made under).
var Pirates = &Chain{
	Words:   "rumref's Rum & Pirates questions",
	Current: 4,
	// Revisions 0 to 2, 4 and 5 are still played by the rules package
	// itself for now: only revision 3 is carried over.
	Revision: func(s any) int {
		if r := s.(*pirates.Config).Rules; r == 3 {
			return r
		}
		return 5
	},
	WithRevision: func(s any, rev int) any {
		c := *s.(*pirates.Config)
		c.Rules = rev
		return &c
	},
	Steps: []Step{{From: 3, Run: pirates3to4}},
	Factory: func(s any) (referee.Factory, error) {
		cfg := *s.(*pirates.Config)
		board, err := setup.Assemble(cfg.Layout)
		if err != nil {
			return nil, err
		}
		return func() referee.Game { return pirates.New(cfg, board) }, nil
	},
}
