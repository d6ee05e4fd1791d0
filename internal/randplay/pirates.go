package randplay

import (
	"strings"

	"rumref/referee"
)

// Pirates is the random player's policy for Rum & Pirates: it moves and
// boards more than it rests, and stops hopping more often than it hops, so
// that rounds end.
func Pirates(p *Player, q *referee.Question) string {
	switch q.ID {
	case "turn.menu", "move.again":
		// One menu of the alleys beside rest, board, Avast and the
		// rendezvous reveal.
		alleys := p.keys[:0]
		for _, o := range q.Options {
			if strings.HasPrefix(o.Key, "a") && o.Key != "avast" {
				alleys = append(alleys, o.Key)
			}
		}
		p.keys = alleys
		switch {
		case Has(q, "reveal") && p.IntN(2) == 0:
			return "reveal"
		case len(alleys) > 0 && (q.ID == "turn.menu" && p.IntN(10) < 8 || p.IntN(3) == 0):
			return alleys[p.IntN(len(alleys))]
		case Has(q, "rest") && p.IntN(4) == 0:
			return "rest"
		case Has(q, "board"):
			return "board"
		case Has(q, "avast"):
			return "avast"
		}
	}
	return p.Any(q)
}
