package pirates

import (
	"slices"
	"strings"
	"testing"

	"rumref/referee"
)

// TestEndRound checks the clean-up: pirates on alleys and beside the mast
// go home, the start-player tile passes left, the captain stays, and new
// sleeping places are asked as draws (with a bedroll only for 4-5 players).
func TestEndRound(t *testing.T) {
	for _, tc := range []struct {
		players, round int
		ids            []string
	}{
		{2, 1, []string{"round.bunk", "round.hammock"}},
		{3, 4, []string{"round.bunk", "round.hammock"}},
		{4, 2, []string{"round.bunk", "round.hammock", "round.bedroll"}},
		{5, 1, []string{"round.bunk", "round.hammock", "round.bedroll"}},
		{4, Rounds, nil},
	} {
		factory := func() referee.Game {
			g := wrangleGame(tc.players, []MastRow{{Player: 1, Left: 2, Right: 1}})
			g.Round = tc.round
			g.StartPlayer = referee.Seat(tc.players - 1)
			g.Captain = 1
			g.Bunk, g.Hammock, g.Bedroll = "", "", ""
			g.Occupant[0], g.Occupant[1] = 0, 1
			g.Players[0].Supply -= 3
			g.Players[1].Supply -= 3 // two on the alley, one on the right of the mast
			g.Players[0].Out, g.Players[1].Out = true, true
			return &procGame{Game: g, play: func(g *Game, t *referee.T) { g.endRound(t) }}
		}
		e, err := referee.Start(factory)
		if err != nil {
			t.Fatal(err)
		}
		g := e.Game().(*procGame).Game
		checkConserved(t, g)
		var ids []string
		for q := e.Next(); q != nil; q = e.Next() {
			ids = append(ids, q.ID)
			if q.Actor != referee.Table {
				t.Errorf("draw %s asked of %d, want the table", q.ID, q.Actor)
			}
			if err := e.Answer(q.Options[0].Key); err != nil {
				t.Fatal(err)
			}
		}
		if !slices.Equal(ids, tc.ids) {
			t.Errorf("%d players round %d: draws %v, want %v", tc.players, tc.round, ids, tc.ids)
		}
		if g.Players[0].Supply != 10 || g.Players[1].Supply != 10 || len(g.Mast) != 0 || g.Occupant[0] != -1 || g.Occupant[1] != -1 {
			t.Errorf("pirates not home: supplies %d %d, mast %v, alleys %v", g.Players[0].Supply, g.Players[1].Supply, g.Mast, g.Occupant)
		}
		if g.Players[0].Out || g.Players[1].Out || g.Captain != 1 {
			t.Errorf("out flags %v %v, captain %d", g.Players[0].Out, g.Players[1].Out, g.Captain)
		}
		wantStart := 0
		if tc.round == Rounds {
			wantStart = tc.players - 1
		}
		if int(g.StartPlayer) != wantStart {
			t.Errorf("start player %d, want %d", g.StartPlayer, wantStart)
		}
		if tc.round < Rounds && (g.Bunk == "" || g.Hammock == "" || (tc.players >= 4) != (g.Bedroll != "")) {
			t.Errorf("display %q %q %q", g.Bunk, g.Hammock, g.Bedroll)
		}
		checkConserved(t, g)
		e.Close()
	}
}

// TestBeginRoundOnlyTwoPlayersRollForImaginary checks that only a
// two-player game asks the imaginary player's die.
func TestBeginRoundOnlyTwoPlayersRollForImaginary(t *testing.T) {
	for n := 2; n <= 5; n++ {
		e, err := referee.Start(func() referee.Game {
			return &procGame{Game: wrangleGame(n, nil), play: func(g *Game, t *referee.T) { g.beginRound(t) }}
		})
		if err != nil {
			t.Fatal(err)
		}
		q := e.Next()
		if (n == 2) != (q != nil) {
			t.Errorf("%d players: question %+v", n, q)
		}
		if q != nil {
			if err := e.Answer("7"); err == nil {
				t.Error("a 7 was accepted for the imaginary player's die")
			}
			if err := e.Answer("1"); err != nil {
				t.Fatal(err)
			}
			g := e.Game().(*procGame).Game
			if len(g.Mast) != 1 || g.Mast[0] != (MastRow{Player: Imaginary, Left: 1}) {
				t.Errorf("mast %+v", g.Mast)
			}
			if !strings.Contains(e.Events()[len(e.Events())-1].Text, "1 pirate in the top row") {
				t.Errorf("event %q", e.Events()[len(e.Events())-1].Text)
			}
		}
		e.Close()
	}
}

// TestScoreInputRulebookExample builds a player whose tiles give the
// rulebook's scoring example and scores the game end.
func TestScoreInputRulebookExample(t *testing.T) {
	factory := func() referee.Game {
		g := wrangleGame(3, nil)
		g.Players[0].Won = []string{"swan-5", "escruce-4", "frere-4", "swan-3", "escruce-3", "frere-2",
			"chest-4", "chest-5", "scorpion-10", "scorpion-17", "guard-6", "guard-5", "guard-4",
			"bunk-8", "hammock-5", "bedroll-1", "rdv-map-rose", "rdv-pub",
			"map-yellow-6", "map-yellow-3", "map-rose-5", "map-yellow-5", "map-green-3", "map-green-3"}
		g.Players[0].Wares = []string{"hook-5", "hook-3", "hat-3"}
		g.Players[0].FaceDown = 1
		g.Players[0].Office, g.Players[0].Rum, g.Players[0].Coins = 1, 2, 3
		g.Players[1].Won = []string{"swan-5"}
		g.Players[1].Office = 2
		g.Players[2].Won = []string{"frere-5"}
		g.Players[2].Office = 2
		g.Players[2].Rum = 1
		return &procGame{Game: g, play: func(g *Game, t *referee.T) {
			g.Phase = PhaseOver
			g.gameEnd(t)
		}}
	}
	e, err := referee.Start(factory)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	g := e.Game().(*procGame).Game
	if !e.Over() || g.Final == nil {
		t.Fatal("game end did not store the final score")
	}
	s := g.Final.Scores[0]
	if want := [7]int{21, 5, 15, 14, 8, 10, 17}; s.Points != want || s.Total != 90 {
		t.Fatalf("points %v total %d, want %v 90", s.Points, s.Total, want)
	}
	if g.Final.Provisional || !slices.Equal(g.Final.Winners, []string{"Gold"}) {
		t.Fatalf("final %+v", g.Final)
	}
	if g.Final.Scores[2].Place != 2 || g.Final.Scores[1].Place != 3 {
		t.Fatalf("places %d %d: black (more rum) should beat violet", g.Final.Scores[1].Place, g.Final.Scores[2].Place)
	}
	var text []string
	rules := map[string]bool{}
	for _, ev := range e.Events() {
		text = append(text, ev.Text)
		rules[ev.Rule] = true
	}
	all := strings.Join(text, "\n")
	for _, want := range []string{"Gold scores 90 points", "hook 3", "map yellow 3", "map rose 5", "1 unfulfilled rendezvous",
		"most rum barrels decides", "Gold wins the game."} {
		if !strings.Contains(all, want) {
			t.Errorf("events lack %q:\n%s", want, all)
		}
	}
	for _, r := range []string{"rp.scoring", "rp.scoring.wares", "rp.scoring.maps", "rp.scoring.tiebreak"} {
		if !rules[r] {
			t.Errorf("no event with rule %s", r)
		}
	}
}

// TestScoreProvisional checks that a game not yet over scores as
// provisional.
func TestScoreProvisional(t *testing.T) {
	g := wrangleGame(2, nil)
	g.Phase = PhaseAction
	g.Players[1].Won = []string{"chest-6", "scorpion-12"}
	r := g.Score()
	if !r.Provisional || r.Scores[1].Total != 4 || r.Winners[0] != "Violet" {
		t.Fatalf("%+v", r)
	}
}

// TestScoreForHidesOthersSecrets checks that a provisional score for one
// viewer leaves out the other players' wares and coins.
func TestScoreForHidesOthersSecrets(t *testing.T) {
	g := wrangleGame(3, nil)
	g.Phase = PhaseAction
	g.Players[0].Wares = []string{"hook-5"}
	g.Players[0].Coins = 7
	g.Players[1].Wares = []string{"hat-4"}
	g.Players[1].Coins = 3
	r := g.ScoreFor(0)
	if !r.Provisional || r.Scores[0].Total != 5 || r.Scores[0].Coins != 7 || r.Scores[1].Total != 0 || r.Scores[1].Coins != 0 {
		t.Fatalf("viewer 0 sees %+v", r.Scores)
	}
	pub := g.ScoreFor(referee.Viewer(int(referee.Public)))
	if pub.Scores[0].Total != 0 || pub.Scores[0].Coins != 0 || len(pub.Notes) != 2 || !strings.Contains(pub.Notes[0].String(), "any player") {
		t.Fatalf("public sees %+v", pub)
	}
	g.Phase = PhaseOver
	if over := g.ScoreFor(referee.Viewer(int(referee.Public))); over.Provisional || over.Scores[1].Total != 4 || over.Scores[1].Coins != 3 {
		t.Fatalf("after the end %+v", over.Scores)
	}
}
