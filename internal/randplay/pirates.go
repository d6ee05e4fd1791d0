package randplay

import "rumref/referee"

// Pirates is the random player's policy for Rum & Pirates: it moves and
// boards more than it rests, and stops hopping more often than it hops, so
// that rounds end.
func Pirates(p *Player, q *referee.Question) string {
	switch q.ID {
	case "turn.choice":
		if Has(q, "move") && p.IntN(10) < 8 {
			return "move"
		}
		if Has(q, "rest") && p.IntN(4) == 0 {
			return "rest"
		}
		if Has(q, "board") {
			return "board"
		}
	case "move.more":
		if Has(q, "hop") && Has(q, "avast") {
			if p.IntN(3) == 0 {
				return "hop"
			}
			return "avast"
		}
	}
	return p.Any(q)
}
