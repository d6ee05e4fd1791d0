package pirates

import (
	"slices"
	"strings"

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
	boarded []int
	// left lists the players still on the ship, in row order.
	left []int
	// out lists the players in the order they were eliminated.
	out []int
}

// piratesOnShip counts p's pirates on both sides of the mast.
func (g *Game) piratesOnShip(p int) int {
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
	w.left = append([]int(nil), w.boarded...)
	switch len(w.boarded) {
	case 0:
		t.Emit(referee.Event{Rule: "rp.wrangle", Text: "Nobody is on board the ship: there is no wrangle this round."})
	case 1:
		t.Emit(referee.Event{Rule: "rp.wrangle", Text: textf(t, "Only %s is on board the ship and wins the wrangle without a roll.", g.name(w.boarded[0]))})
	default:
		t.Emit(referee.Event{Rule: "rp.wrangle", Text: textf(t, "The wrangle on the ship begins: %s have pirates beside the mast.", g.nameList(w.boarded))})
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
	from, to := "left", "right"
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
	count := make([]int, len(g.Mast))
	cols := 0
	var parts []string
	for i := range g.Mast {
		count[i] = *side(&g.Mast[i])
		cols = max(cols, count[i])
		if count[i] > 0 {
			parts = append(parts, textf(t, "row %d %s %d", i+1, g.name(g.Mast[i].Player), count[i]))
		}
	}
	order := textf(t, "Columns are resolved from column %d inward", cols)
	if cols == 1 {
		order = "There is one column"
	}
	t.Emit(referee.Event{Rule: "rp.wrangle.matches", Text: textf(t, "Match %d: the pirates stand %s of the mast (%s). %s; each winner crosses to the %s side.",
		match, from, strings.Join(parts, ", "), order, to)})
	for c := cols; c >= 1; c-- {
		var rows []int
		for i := range g.Mast {
			if count[i] >= c {
				rows = append(rows, i)
			}
		}
		what := textf(t, "Wrangle, match %d, column %d", match, c)
		standing := rows[0]
		if len(rows) == 1 {
			// The lone outer columns all belong to the longest row: report
			// them together.
			if c == cols {
				lone := 1
				for lone < cols && g.loneColumn(count, cols-lone) {
					lone++
				}
				who := g.name(g.Mast[standing].Player)
				text := textf(t, "%s: %s's pirate stands alone and qualifies without a roll.", what, who)
				if lone > 1 {
					text = textf(t, "Wrangle, match %d, columns %d to %d: only %s has pirates there, so all %d qualify without a roll.",
						match, c, c-lone+1, who, lone)
				}
				t.Emit(referee.Event{Rule: "rp.wrangle.columns", Text: text})
			}
		} else {
			var who []int
			for _, r := range rows {
				who = append(who, g.Mast[r].Player)
			}
			t.Emit(referee.Event{Rule: "rp.wrangle.columns", Text: textf(t, "%s: %s roll in that order, top row first.", what, g.nameList(who))})
			best := g.roll(t, g.Mast[standing].Player, "wrangle.roll", what)
			for _, ch := range rows[1:] {
				sp, cp := g.Mast[standing].Player, g.Mast[ch].Player
				n := g.roll(t, cp, "wrangle.roll", what)
				loser := ch
				if n >= best {
					t.Emit(referee.Event{Rule: "rp.wrangle.ties", Text: textf(t, "%s: %s's %d equals or beats %s's %d, so %s's pirate leaves the ship.", what, g.name(cp), n, g.name(sp), best, g.name(sp))})
					loser, standing, best = standing, ch, n
				} else {
					t.Emit(referee.Event{Rule: "rp.wrangle.ties", Text: textf(t, "%s: %s's %d is lower than %s's %d, so %s's pirate leaves the ship.", what, g.name(cp), n, g.name(sp), best, g.name(cp))})
				}
				*side(&g.Mast[loser])--
				g.wrangleLoss(t, w, g.Mast[loser].Player)
				if len(w.left) <= 1 {
					return
				}
			}
			t.Emit(referee.Event{Rule: "rp.wrangle.qualify", Text: textf(t, "%s: %s's pirate qualifies and crosses the mast.", what, g.name(g.Mast[standing].Player))})
		}
		*side(&g.Mast[standing])--
		*other(&g.Mast[standing])++
	}
	var after []string
	for i, r := range g.Mast {
		if n := *other(&g.Mast[i]); n > 0 {
			after = append(after, textf(t, "%s %d", g.name(r.Player), n))
		}
	}
	t.Emit(referee.Event{Rule: "rp.wrangle.packing", Text: textf(t, "After match %d the qualifiers stand %s of the mast, packed against it: %s.", match, to, strings.Join(after, ", "))})
}

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
func (g *Game) wrangleLoss(t *referee.T, w *wrangleState, p int) {
	if p != Imaginary {
		g.Players[p].Supply++
	}
	if g.piratesOnShip(p) > 0 {
		return
	}
	w.out = append(w.out, p)
	w.left = slices.DeleteFunc(w.left, func(x int) bool { return x == p })
	text := textf(t, "%s has no pirates left on the ship and is out of the wrangle.", capitalize(g.name(p)))
	switch {
	case len(w.left) == 1:
		t.Emit(referee.Event{Rule: "rp.wrangle.eliminations", Text: text})
		g.awardSleeping(t, p, &g.Hammock, "finishes second and takes the %s")
	case len(w.left) == 2 && g.bedrollInUse() && len(w.boarded) >= 3:
		t.Emit(referee.Event{Rule: "rp.wrangle.eliminations", Text: text})
		g.awardSleeping(t, p, &g.Bedroll, "finishes third and takes the %s")
	default:
		t.Emit(referee.Event{Rule: "rp.wrangle.eliminations", Text: text + " No sleeping place for this finish."})
	}
}

// awardWrangleWinner gives the last player on the ship the bunk (and the bedroll
// in a 4-5 player game when fewer than three players boarded) and sends
// every sleeping place nobody took to the box.
func (g *Game) awardWrangleWinner(t *referee.T, w *wrangleState) {
	if len(w.left) == 1 {
		p := w.left[0]
		if len(w.boarded) > 1 {
			t.Emit(referee.Event{Rule: "rp.wrangle.eliminations", Text: textf(t, "%s is the last on the ship and wins the wrangle.", capitalize(g.name(p)))})
		}
		g.awardSleeping(t, p, &g.Bunk, "wins the wrangle and takes the %s")
		if g.bedrollInUse() && len(w.boarded) <= 2 {
			g.awardSleeping(t, p, &g.Bedroll, "also takes the %s, as fewer than three players boarded")
		}
	}
	for _, tile := range []*string{&g.Bunk, &g.Hammock, &g.Bedroll} {
		if *tile != "" {
			t.Emit(referee.Event{Rule: "rp.wrangle.leftovers", Text: textf(t, "Nobody takes the %s: it goes back to the box.", mustTile(*tile).Label)})
			g.Boxed = append(g.Boxed, *tile)
			*tile = ""
		}
	}
}

// awardSleeping hands a displayed sleeping place to p; the imaginary
// player's go back to the box. what says what happens, with %s for the
// tile, e.g. "finishes second and takes the %s".
func (g *Game) awardSleeping(t *referee.T, p int, tile *string, what string) {
	if *tile == "" {
		return
	}
	did := textf(t, what, mustTile(*tile).Label)
	if p == Imaginary {
		g.Boxed = append(g.Boxed, *tile)
		t.Emit(referee.Event{Rule: "rp.wrangle.imaginary", Text: textf(t, "The imaginary player %s, which goes back to the box.", did)})
	} else {
		g.Players[p].Won = append(g.Players[p].Won, *tile)
		t.Emit(referee.Event{Rule: "rp.wrangle.awards", Text: textf(t, "%s %s.", g.name(p), did)})
	}
	*tile = ""
}

// nameList lists players for a sentence: "Ann, Bo and Cy".
func (g *Game) nameList(ps []int) string {
	var s []string
	for _, p := range ps {
		s = append(s, g.name(p))
	}
	if len(s) <= 1 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// capitalize makes a name fit the start of a sentence.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
