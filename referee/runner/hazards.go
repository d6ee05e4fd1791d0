package runner

import (
	"fmt"

	"rumref/referee"
)

// playHazard places one hazard face-down at the outer end of an island's
// row (rule 31, rulings A19).
func (g *Game) playHazard(t *referee.T) bool {
	cr := g.crown()
	name := g.chooseFromHand(t, "hazard.card", CrownSeat, cr.Name+", which hazard do you place face-down?", "rr.hazard", g.handOf(cr, Hazard))
	if name == "" {
		return false
	}
	opts := []referee.Option{}
	for i, is := range g.Islands {
		opts = append(opts, referee.Option{Key: islandKey(i), Label: fmt.Sprintf("%s (%s)", is.Name, plural(len(is.Hazards), "hazard", "hazards"))})
	}
	k := t.Ask(referee.Question{ID: "hazard.island", Actor: CrownSeat, Rule: "rr.hazard", Options: opts,
		Text: "In front of which island? It goes to the outermost place."})
	is := g.Islands[islandIndex(k)]
	cr.Hand, _ = removeName(cr.Hand, name)
	is.Hazards = append(is.Hazards, g.newPiece(name))
	t.Emit(referee.Event{Rule: "rr.hazard", Text: fmt.Sprintf("The crown places a face-down hazard at %s (outermost, %s now).", is.Name, plural(len(is.Hazards), "hazard", "hazards")),
		Private: "It is " + name + ".", Player: CrownSeat})
	return true
}
