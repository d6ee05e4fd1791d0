package pirates

import (
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
			in[i].Coins, in[i].CoinsHidden = 0, true
		}
	}
	r := scoring.Rank(in)
	r.Provisional = true
	secret := referee.Text("pirates.score.secret-all")
	if s, ok := viewer.Seat(); ok && int(s) < len(g.Players) {
		secret = referee.Text("pirates.score.secret-others")
	}
	r.Notes = append(r.Notes, secret, referee.Text("pirates.score.wares-unnamed"))
	return r
}

// scoreParts are the keys of a player's points in each category.
var scoreParts = [...]string{"pirates.scoring.part.pubs", "pirates.scoring.part.chests", "pirates.scoring.part.guards",
	"pirates.scoring.part.sleeping", "pirates.scoring.part.wares", "pirates.scoring.part.rendezvous", "pirates.scoring.part.maps"}

// gameEnd scores the finished game, reports every player's points, the
// tiles that score nothing and how any tie was broken, and keeps the
// result in g.Final.
func (g *Game) gameEnd(t *referee.T) {
	r := g.Score()
	g.Final = &r
	in := g.ScoreInput()
	t.Say("rp.game-end", referee.Text("pirates.scoring.game-over-after"))
	cats := scoring.Categories()
	for i, s := range r.Scores {
		parts := make([]referee.Msg, 0, len(cats))
		for _, c := range cats {
			parts = append(parts, referee.Text(scoreParts[c], referee.Int(s.Points[c])))
		}
		t.Say("rp.scoring", referee.Text("pirates.scoring.scores-points", referee.Int(s.Total), referee.Str(s.Name), referee.List(parts, ", ", ", ")))
		if _, w := scoring.WarePoints(in[i].Wares); len(w) > 0 {
			t.Say("rp.scoring.wares", referee.Text("pirates.scoring.nothing-only-best", referee.Int(len(w)), referee.Str(s.Name), referee.List(scoring.Msgs(w), ", ", ", ")))
		}
		if _, w := scoring.MapPoints(in[i].Maps); len(w) > 0 {
			t.Say("rp.scoring.maps", referee.Text("pirates.scoring.nothing-maps-score", referee.Int(len(w)), referee.Str(s.Name), referee.List(scoring.Msgs(w), ", ", ", ")))
		}
		if n := g.Players[i].FaceDown; n > 0 {
			t.Say("rp.scoring.rendezvous", referee.Text("pirates.scoring.nothing", referee.Int(n), referee.Str(s.Name)))
		}
	}
	for _, tie := range r.Ties {
		t.Say("rp.scoring.tiebreak", r.TieMsg(tie))
	}
	if len(r.Winners) == 1 {
		t.Say("rp.scoring", referee.Text("pirates.scoring.wins-game", referee.Str(r.Winners[0])))
	} else {
		t.Say("rp.scoring", referee.Text("pirates.scoring.share-victory", referee.Words(r.Winners, ", ", " and ")))
	}
}
