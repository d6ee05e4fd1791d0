package pirates

import (
	"fmt"
	"strings"

	"rumref/referee"
	"rumref/scoring"
)

// ScoreInput lists what every player holds, in seat order, as the scoring
// package reads it: the tiles under the flag by category, the kept wares,
// the fulfilled rendezvous, and the tiebreak counts. It works on an
// unfinished game too, for a provisional score.
func (g *Game) ScoreInput() []scoring.Player {
	out := make([]scoring.Player, len(g.Players))
	for i, p := range g.Players {
		in := scoring.Player{Name: p.Name, Unemployed: p.Office, Rum: p.Rum, Coins: p.Coins}
		for _, key := range append(append([]string(nil), p.Won...), p.Wares...) {
			tile, ok := Tile(key)
			if !ok {
				continue
			}
			switch tile.Sort {
			case SortPub:
				in.Pubs = append(in.Pubs, tile.Value)
			case SortChest, SortScorpion:
				in.Chests = append(in.Chests, tile.Value)
			case SortSmallGuard, SortLargeGuard:
				in.Guards = append(in.Guards, tile.Value)
			case SortBunk, SortHammock, SortBedroll:
				in.Sleeping = append(in.Sleeping, tile.Value)
			case SortWare:
				in.Wares = append(in.Wares, scoring.Ware{Kind: tile.Group, Value: tile.Value})
			case SortRendezvous:
				in.Rendezvous = append(in.Rendezvous, tile.Value)
			case SortMap:
				in.Maps = append(in.Maps, scoring.Map{Color: tile.Group, Value: tile.Value})
			}
		}
		out[i] = in
	}
	return out
}

// Score scores the game as it stands; before the game is over the result
// is marked provisional.
func (g *Game) Score() scoring.Result {
	r := scoring.Rank(g.ScoreInput())
	r.Provisional = g.Phase != PhaseOver
	return r
}

// ScoreFor scores the game as the viewer may see it. Once the game is over
// everything is public and this is Score. Before that, the result is
// provisional and leaves out the secrets of every player but the viewer:
// their kept wares and their coins (referee.Public sees no one's).
func (g *Game) ScoreFor(viewer referee.Viewer) scoring.Result {
	if g.Phase == PhaseOver {
		return g.Score()
	}
	in := g.ScoreInput()
	for i := range in {
		if !viewer.Sees(referee.Seat(i)) {
			in[i].Wares = nil
			in[i].Coins = 0
		}
	}
	r := scoring.Rank(in)
	r.Provisional = true
	who := "any player"
	if s, ok := viewer.Seat(); ok && int(s) < len(g.Players) {
		who = "the other players"
	}
	r.Notes = append(r.Notes, fmt.Sprintf("The wares and coins of %s are secret until the game ends, so they are left out.", who))
	return r
}

// gameEnd scores the finished game, reports every player's points, the
// tiles that score nothing and how any tie was broken, and keeps the
// result in g.Final.
func (g *Game) gameEnd(t *referee.T) {
	r := g.Score()
	g.Final = &r
	in := g.ScoreInput()
	t.Emit(referee.Event{Rule: "rp.game-end", Text: "The game is over after five rounds. Coins and rum barrels score nothing; every tile under a flag scores its honour points."})
	for i, s := range r.Scores {
		var parts []string
		for _, c := range scoring.Categories() {
			parts = append(parts, fmt.Sprintf("%s %d", strings.ToLower(c.Label()), s.Points[c]))
		}
		t.Emit(referee.Event{Rule: "rp.scoring", Text: fmt.Sprintf("%s scores %d points (%s).", s.Name, s.Total, strings.Join(parts, ", "))})
		if _, w := scoring.WarePoints(in[i].Wares); len(w) > 0 {
			t.Emit(referee.Event{Rule: "rp.scoring.wares", Text: fmt.Sprintf("%s's %s score nothing: only the best ware of each kind counts.", s.Name, strings.Join(w, ", "))})
		}
		if _, w := scoring.MapPoints(in[i].Maps); len(w) > 0 {
			t.Emit(referee.Event{Rule: "rp.scoring.maps", Text: fmt.Sprintf("%s's %s score nothing: maps score only in pairs of one color.", s.Name, strings.Join(w, ", "))})
		}
		if n := len(g.Players[i].Targets); n > 0 {
			t.Emit(referee.Event{Rule: "rp.scoring.rendezvous", Text: fmt.Sprintf("%s's %d unfulfilled rendezvous tile(s) score nothing.", s.Name, n)})
		}
	}
	for _, tie := range r.Ties {
		t.Emit(referee.Event{Rule: "rp.scoring.tiebreak", Text: tie.Text})
	}
	if len(r.Winners) == 1 {
		t.Emit(referee.Event{Rule: "rp.scoring", Text: fmt.Sprintf("%s wins the game.", r.Winners[0])})
	} else {
		t.Emit(referee.Event{Rule: "rp.scoring", Text: fmt.Sprintf("%s share the victory.", joinAnd(r.Winners))})
	}
}
