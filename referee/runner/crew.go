package runner

import (
	"slices"

	"rumref/referee"
)

// playCrew plays crew from hand into free slots, paying each cost, and
// moves or returns crew in play freely (rule 35, rulings A26). It reports
// false when the pirate takes the action back in the secret card question
// before anything was played, moved or returned, so the action is not spent.
func (g *Game) playCrew(t *referee.T) bool {
	p := g.pirate()
	changed := false
	for {
		opts := referee.Choose[referee.Key](t)
		if g.mayPlayCrew() && g.roomBesides(nil) {
			opts.Add("play", referee.Text("runner.crew.play"))
		}
		var movable []*Piece
		for _, s := range g.Ships {
			if g.roomBesides(s) {
				movable = append(movable, s.Crew...)
			}
		}
		if len(movable) > 0 {
			opts.Add("move", referee.Text("runner.crew.move"))
		}
		swappable := g.swappable()
		if len(swappable) > 0 {
			opts.Add("swap", referee.Text("runner.crew.swap"))
		}
		if hasCrew(g.Ships) {
			opts.Add("return", referee.Text("runner.crew.return"))
		}
		opts.Add("done", referee.Text("runner.crew.done"))
		k := opts.Pick(t, referee.Question{ID: "crew.step", Actor: PirateSeat, Rule: "rr.crew", Prompt: referee.Text("runner.crew.ask", referee.Str(p.Name))})
		switch k {
		case "done":
			return true
		case "play":
			text := referee.Text("runner.crew.which", referee.Str(p.Name))
			var name string
			if changed {
				// The action is already spent: the way out plays no crew.
				name = g.chooseFromHandOr(t, "crew.card", PirateSeat, text, "rr.crew", true, []CardType{Crew}, g.affordable(Crew), referee.Text("runner.crew.none"), "runner.crew.none-played")
				if name == "" {
					continue
				}
			} else if name = g.chooseFromHand(t, "crew.card", PirateSeat, text, "rr.crew", true, []CardType{Crew}, g.affordable(Crew)); name == "" {
				return false
			}
			x := g.choosePiece(t, "crew.ship", PirateSeat, referee.Text("runner.crew.onto"), "rr.crew", g.shipPieces(g.shipsWithRoom(nil)), referee.Msg{})
			s := g.shipOf(x)
			c := g.card(name)
			g.takeFromHand(PirateSeat, name)
			p.Supply -= c.Cost
			cp := g.newPiece(name)
			cp.Up = true
			s.Crew = append(s.Crew, cp)
			changed = true
			t.Say("rr.crew", referee.Text("runner.crew.played", referee.Int(c.Cost), referee.Str(name), referee.Str(s.Name), referee.Int(s.ID)))
		case "move":
			x := g.choosePiece(t, "crew.which", PirateSeat, referee.Text("runner.crew.which-moves"), "rr.crew", movable, referee.Msg{})
			from := g.shipOf(x)
			y := g.choosePiece(t, "crew.ship", PirateSeat, referee.Text("runner.crew.onto"), "rr.crew", g.shipPieces(g.shipsWithRoom(from)), referee.Msg{})
			to := g.shipOf(y)
			from.Crew = slices.DeleteFunc(from.Crew, func(c *Piece) bool { return c == x })
			to.Crew = append(to.Crew, x)
			changed = true
			t.Say("rr.crew", referee.Text("runner.crew.moved", referee.Str(x.Name), referee.Str(from.Name), referee.Int(from.ID), referee.Str(to.Name), referee.Int(to.ID)))
		case "swap":
			x := g.choosePiece(t, "crew.which", PirateSeat, referee.Text("runner.crew.which-swaps"), "rr.crew", swappable, referee.Msg{})
			from := g.shipOf(x)
			var others []*Piece
			for _, s := range g.Ships {
				if s != from {
					others = append(others, s.Crew...)
				}
			}
			y := g.choosePiece(t, "crew.swap", PirateSeat, referee.Text("runner.crew.swap-with"), "rr.crew", others, referee.Msg{})
			to := g.shipOf(y)
			from.Crew[slices.Index(from.Crew, x)] = y
			to.Crew[slices.Index(to.Crew, y)] = x
			changed = true
			t.Say("rr.crew", referee.Text("runner.crew.swapped", referee.Str(x.Name), referee.Str(from.Name), referee.Int(from.ID), referee.Str(y.Name), referee.Str(to.Name), referee.Int(to.ID)))
		case "return":
			x := g.choosePiece(t, "crew.which", PirateSeat, referee.Text("runner.crew.which-returns"), "rr.crew", crewOf(g.Ships), referee.Msg{})
			s := g.shipOf(x)
			s.Crew = slices.DeleteFunc(s.Crew, func(c *Piece) bool { return c == x })
			p.Hand = append(p.Hand, x.Name)
			changed = true
			t.Say("rr.crew", referee.Text("runner.crew.returned", referee.Str(x.Name), referee.Str(s.Name), referee.Int(s.ID)))
		}
	}
}

// mayPlayCrew reports whether the pirate may play a crew from hand: the
// hand holds a card the table can tell may be a crew the pirate can pay
// for (the question is public).
func (g *Game) mayPlayCrew() bool {
	return g.pirate().HandSize() > 0 && g.mayPlay(PirateSeat, []CardType{Crew}, g.affordable(Crew))
}

// swappable lists the crew that can swap places with a crew on another
// ship. Rearranging is free within the action and only the final layout
// must fit the slots (rulings A26), so two full ships can trade crew; a
// swap keeps every ship within its slots at every step.
func (g *Game) swappable() []*Piece {
	crewed := 0
	for _, s := range g.Ships {
		if len(s.Crew) > 0 {
			crewed++
		}
	}
	if crewed < 2 {
		return nil
	}
	return crewOf(g.Ships)
}
