package runner

import (
	"rumref/referee"
)

// playHazard places one hazard face-down at the outer end of an island's
// row (rule 31, rulings A19).
func (g *Game) playHazard(t *referee.T) bool {
	cr := g.crown()
	name := g.chooseFromHand(t, "hazard.card", CrownSeat, referee.Text("runner.hazards.which", referee.Str(cr.Name)), "rr.hazard", false, []CardType{Hazard}, ofType(Hazard))
	if name == "" {
		return false
	}
	c := referee.Choose[island](t)
	for i, is := range g.Islands {
		c.Add(island(i), referee.Text("runner.hazards.island", is.term(), referee.Count(len(is.Hazards), "runner.noun.hazard")))
	}
	is := g.Islands[c.Pick(t, referee.Question{ID: "hazard.island", Actor: CrownSeat, Rule: "rr.hazard",
		Prompt: referee.Text("runner.hazards.where")})]
	g.takeFromHand(CrownSeat, name)
	is.Hazards = append(is.Hazards, g.newPiece(name))
	t.Tell("rr.hazard", referee.Text("runner.hazards.placed", is.term(), referee.Count(len(is.Hazards), "runner.noun.hazard")), CrownSeat, referee.Text("runner.it-is", referee.Str(name)))
	return true
}
