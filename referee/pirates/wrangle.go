package pirates

import (
	"slices"

	"rumref/referee"
)

// A wrangle runs in matches. Each match resolves the columns of one side of
// the mast from the outermost inward; in a column with several pirates the
// rows roll from the top down, an equal or higher roll removing the
// standing pirate and a lower one removing the challenger. The survivor of
// each column crosses the mast in its own row, packed against the mast;
// the next match runs the other way. A player is out of the wrangle when
// his last pirate on the ship is removed; the wrangle stops when one
// player is left. See the data file §4.

// wrangleState is the bookkeeping of one wrangle.
type wrangleState struct {
	// boarded lists the players (seats or Imaginary) who had pirates on
	// the ship when the wrangle began, in row order.
	boarded []referee.Seat
	// left lists the players still on the ship, in row order.
	left []referee.Seat
	// out lists the players in the order they were eliminated.
	out []referee.Seat
}

// piratesOnShip counts p's pirates on both sides of the mast.
func (g *Game) piratesOnShip(p referee.Seat) int {
	n := 0
	for _, r := range g.Mast {
		if r.Player == p {
			n += r.Left + r.Right
		}
	}
	return n
}

// bedrollInUse reports whether the game uses bedrolls (4-5 players).
func (g *Game) bedrollInUse() bool { return len(g.Players) >= 4 }

// wrangle runs the wrangle for the sleeping places and hands them out.
func (g *Game) wrangle(t *referee.T) {
	w := &wrangleState{}
	for _, r := range g.Mast {
		if r.Left > 0 && !slices.Contains(w.boarded, r.Player) {
			w.boarded = append(w.boarded, r.Player)
		}
	}
	w.left = append([]referee.Seat(nil), w.boarded...)
	switch len(w.boarded) {
	case 0:
		t.Say("rp.wrangle", referee.Text("pirates.wrangle.nobody-board-ship"))
	case 1:
		t.Say("rp.wrangle", referee.Text("pirates.wrangle.only-board-ship", g.who(w.boarded[0])))
	default:
		t.Say("rp.wrangle", referee.Text("pirates.wrangle.wrangle-ship-begins", g.nameList(w.boarded)))
	}
	leftSide := true
	for match := 1; len(w.left) > 1; match++ {
		g.wrangleMatch(t, w, match, leftSide)
		leftSide = !leftSide
	}
	g.awardWrangleWinner(t, w)
}

// wrangleMatch runs one match from one side of the mast to the other.
func (g *Game) wrangleMatch(t *referee.T, w *wrangleState, match int, leftSide bool) {
	from, to := referee.Sub(referee.Text("pirates.wrangle.left")), referee.Sub(referee.Text("pirates.wrangle.right"))
	if !leftSide {
		from, to = to, from
	}
	side := func(r *MastRow) *int {
		if leftSide {
			return &r.Left
		}
		return &r.Right
	}
	other := func(r *MastRow) *int {
		if leftSide {
			return &r.Right
		}
		return &r.Left
	}
	// Without a reader (a replay with answers queued, the simulator) the
	// rulings below are not made: measured 2026-12-02, the replay of a
	// finished 5-player game allocated 183 KB in 1437 allocations before,
	// 141 KB in 1125 after (wrangles are most of its rulings).
	quiet := t.Quiet()
	count := make([]int, len(g.Mast))
	cols := 0
	for i := range g.Mast {
		count[i] = *side(&g.Mast[i])
		cols = max(cols, count[i])
	}
	if !quiet {
		parts := make([]referee.Msg, 0, len(g.Mast))
		for i := range g.Mast {
			if count[i] > 0 {
				parts = append(parts, referee.Text("pirates.wrangle.row", referee.Int(i+1), g.who(g.Mast[i].Player), referee.Int(count[i])))
			}
		}
		if cols == 1 {
			t.Say("rp.wrangle.matches", referee.Text("pirates.wrangle.match-pirates-stand",
				referee.Int(match), from, referee.List(parts, ", ", ", "), to))
		} else {
			t.Say("rp.wrangle.matches", referee.Text("pirates.wrangle.match-pirates-stand-2",
				referee.Int(match), from, referee.List(parts, ", ", ", "), referee.Int(cols), to))
		}
	}
	for c := cols; c >= 1; c-- {
		var rows []int
		for i := range g.Mast {
			if count[i] >= c {
				rows = append(rows, i)
			}
		}
		what := referee.Sub(referee.Text("pirates.wrangle.wrangle-match-column", referee.Int(match), referee.Int(c)))
		standing := rows[0]
		if len(rows) == 1 {
			// The lone outer columns all belong to the longest row: report
			// them together.
			if c == cols && !quiet {
				lone := 1
				for lone < cols && g.loneColumn(count, cols-lone) {
					lone++
				}
				who := g.who(g.Mast[standing].Player)
				text := referee.Text("pirates.wrangle.pirate-stands-alone", what, who)
				if lone > 1 {
					text = referee.Text("pirates.wrangle.wrangle-match-columns", referee.Int(match), referee.Int(c), referee.Int(c-lone+1), who, referee.Int(lone))
				}
				t.Say("rp.wrangle.columns", text)
			}
		} else {
			if !quiet {
				var who []referee.Seat
				for _, r := range rows {
					who = append(who, g.Mast[r].Player)
				}
				t.Say("rp.wrangle.columns", referee.Text("pirates.wrangle.roll-that-order", what, g.nameList(who)))
			}
			best := g.roll(t, g.Mast[standing].Player, "wrangle.roll", what, isSix)
			for _, ch := range rows[1:] {
				sp, cp := g.Mast[standing].Player, g.Mast[ch].Player
				n := g.roll(t, cp, "wrangle.roll", what, isSix)
				loser := ch
				if n >= best {
					if !quiet {
						t.Say("rp.wrangle.ties", referee.Text("pirates.wrangle.equals-or-beats", what, g.who(cp), referee.Int(n), g.who(sp), referee.Int(best), g.who(sp)))
					}
					loser, standing, best = standing, ch, n
				} else if !quiet {
					t.Say("rp.wrangle.ties", referee.Text("pirates.wrangle.lower-than-so", what, g.who(cp), referee.Int(n), g.who(sp), referee.Int(best), g.who(cp)))
				}
				*side(&g.Mast[loser])--
				g.wrangleLoss(t, w, g.Mast[loser].Player)
				if len(w.left) <= 1 {
					return
				}
			}
			if !quiet {
				t.Say("rp.wrangle.qualify", referee.Text("pirates.wrangle.pirate-qualifies-crosses", what, g.who(g.Mast[standing].Player)))
			}
		}
		*side(&g.Mast[standing])--
		*other(&g.Mast[standing])++
	}
	if quiet {
		return
	}
	after := make([]referee.Msg, 0, len(g.Mast))
	for i, r := range g.Mast {
		if n := *other(&g.Mast[i]); n > 0 {
			after = append(after, referee.Text("pirates.wrangle.after-row", g.who(r.Player), referee.Int(n)))
		}
	}
	t.Say("rp.wrangle.packing", referee.Text("pirates.wrangle.after-match-qualifiers", referee.Int(match), to, referee.List(after, ", ", ", ")))
}

// isSix reports whether a wrangle roll is a 6, which no roll beats.
func isSix(n int) bool { return n == 6 }

// loneColumn reports whether column c of a side with the given row
// counts holds a single pirate.
func (g *Game) loneColumn(count []int, c int) bool {
	n := 0
	for _, k := range count {
		if k >= c {
			n++
		}
	}
	return n == 1
}

// wrangleLoss returns one of p's pirates from the ship to p's supply (the
// imaginary player's go back to the box) and, if it was p's last, puts p
// out of the wrangle with the sleeping place the order of elimination
// gives.
func (g *Game) wrangleLoss(t *referee.T, w *wrangleState, p referee.Seat) {
	if p != Imaginary {
		g.Players[p].Supply++
	}
	if g.piratesOnShip(p) > 0 {
		return
	}
	w.out = append(w.out, p)
	w.left = slices.DeleteFunc(w.left, func(x referee.Seat) bool { return x == p })
	who := g.whoFirst(p)
	switch {
	case len(w.left) == 1:
		t.Say("rp.wrangle.eliminations", referee.Text("pirates.wrangle.has-pirates-left", who))
		g.awardSleeping(t, p, &g.Hammock, "pirates.wrangle.second")
	case len(w.left) == 2 && g.bedrollInUse() && len(w.boarded) >= 3:
		t.Say("rp.wrangle.eliminations", referee.Text("pirates.wrangle.has-pirates-left", who))
		g.awardSleeping(t, p, &g.Bedroll, "pirates.wrangle.third")
	default:
		t.Say("rp.wrangle.eliminations", referee.Text("pirates.wrangle.has-pirates-left-3", who))
	}
}

// awardWrangleWinner gives the last player on the ship the bunk (and the bedroll
// in a 4-5 player game when fewer than three players boarded) and sends
// every sleeping place nobody took to the box.
func (g *Game) awardWrangleWinner(t *referee.T, w *wrangleState) {
	if len(w.left) == 1 {
		p := w.left[0]
		if len(w.boarded) > 1 {
			t.Say("rp.wrangle.eliminations", referee.Text("pirates.wrangle.last-ship-wins", g.whoFirst(p)))
		}
		g.awardSleeping(t, p, &g.Bunk, "pirates.wrangle.first")
		if g.bedrollInUse() && len(w.boarded) <= 2 {
			g.awardSleeping(t, p, &g.Bedroll, "pirates.wrangle.also")
		}
	}
	for _, tile := range []*string{&g.Bunk, &g.Hammock, &g.Bedroll} {
		if *tile != "" {
			t.Say("rp.wrangle.leftovers", referee.Text("pirates.wrangle.nobody-takes-goes", theTile(*tile)))
			g.Boxed = append(g.Boxed, *tile)
			*tile = ""
		}
	}
}

// awardSleeping hands a displayed sleeping place to p; the imaginary
// player's go back to the box. what says what happens, with %s for the
// tile, e.g. "pirates.wrangle.second".
func (g *Game) awardSleeping(t *referee.T, p referee.Seat, tile *string, what string) {
	if *tile == "" {
		return
	}
	did := referee.Sub(referee.Text(what, theTile(*tile)))
	if p == Imaginary {
		g.Boxed = append(g.Boxed, *tile)
		t.Say("rp.wrangle.imaginary", referee.Text("pirates.wrangle.imaginary-player-which", did))
	} else {
		g.Players[p].Won = append(g.Players[p].Won, *tile)
		t.Say("rp.wrangle.awards", referee.Text("pirates.wrangle.award", g.who(p), did))
	}
	*tile = ""
}

// nameList lists players for a sentence: "Ann, Bo and Cy".
func (g *Game) nameList(ps []referee.Seat) referee.Arg {
	s := make([]referee.Msg, len(ps))
	for i, p := range ps {
		s[i] = g.whoMsg(p)
	}
	return referee.List(s, ", ", " and ")
}
