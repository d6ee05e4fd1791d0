package randplay

import "rumref/referee"

// Runner is the random player's policy for Rum Runner: a card not in the
// list ("unlisted") and a draw named wrongly ("misnamed") only now and
// then, and a raid or an investment more
// often than chance, so that games end.
func Runner(p *Player, q *referee.Question) string {
	if q.Kind == referee.Choice && len(q.Options) > 1 && p.IntN(20) != 0 {
		// The listed options are all but "unlisted" and "misnamed",
		// counted in place so that an answer allocates nothing.
		listed := 0
		for _, o := range q.Options {
			if o.Key != "unlisted" && o.Key != "misnamed" {
				listed++
			}
		}
		if q.ID == "action" && p.IntN(3) == 0 {
			for _, o := range q.Options {
				if o.Key == "raid" || o.Key == "investments" || o.Key == "invest" {
					return o.Key
				}
			}
		}
		if listed > 0 {
			k := p.IntN(listed)
			for _, o := range q.Options {
				if o.Key != "unlisted" && o.Key != "misnamed" {
					if k == 0 {
						return o.Key
					}
					k--
				}
			}
		}
	}
	return p.Any(q)
}
