package randplay

import "rumref/referee"

// Runner is the random player's policy for Rum Runner: a card not in the
// list ("unlisted") only now and then, and a raid or an investment more
// often than chance, so that games end.
func Runner(p *Player, q *referee.Question) string {
	if q.Kind == referee.Choice && len(q.Options) > 1 && p.IntN(20) != 0 {
		var keep []referee.Option
		for _, o := range q.Options {
			if o.Key != "unlisted" {
				keep = append(keep, o)
			}
		}
		if q.ID == "action" && p.IntN(3) == 0 {
			for _, o := range keep {
				if o.Key == "raid" || o.Key == "investments" || o.Key == "invest" {
					return o.Key
				}
			}
		}
		if len(keep) > 0 {
			return keep[p.IntN(len(keep))].Key
		}
	}
	return p.Any(q)
}
