package prompts

import (
	"testing"

	"github.com/fatih/color"

	"rumref/referee"
)

// TestPlayersInTheirColors: at a terminal with color a player's name is
// painted in their pirate color wherever it stands as a word, and the
// board picture's marks of their pieces (an alley drawn in their letter)
// and the captain's label; letters inside labels (Grd7, MapG7, Swan) and
// words that open with a mark's letter stay as they are.
func TestPlayersInTheirColors(t *testing.T) {
	p := palette{on: true, pieces: &pieces{}}
	p.setPlayers([]string{"Ann", "Bo"}, []referee.PlayerColor{{Name: "gold", Mark: 'G'}, {Name: "violet", Mark: 'V'}})
	gold := func(s string) string { return p.paint(s, color.FgYellow, color.Bold) }
	violet := func(s string) string { return p.paint(s, color.FgMagenta, color.Bold) }
	captain := func(s string) string { return p.paint(s, color.ReverseVideo, color.Bold) }
	row := "#  GGGGCoin1 --Grd7-1MapG7--  1G / VV2 *HQ* Swan3"
	want := "#  " + gold("GGGG") + "Coin1 --Grd7-1MapG7--  1" + gold("G") + " / " + violet("VV") + "2 " + captain("*HQ*") + " Swan3"
	if got := p.board(row); got != want {
		t.Errorf("board(%q)\n= %q\nwant %q", row, got, want)
	}
	key := "Start player: Ann. G = Ann (gold), V = Bo (violet)"
	if got, want := p.names(p.board(key)), "Start player: "+gold("Ann")+". "+gold("G")+" = "+gold("Ann")+" (gold), "+violet("V")+" = "+violet("Bo")+" (violet)"; got != want {
		t.Errorf("the key line\n= %q\nwant %q", got, want)
	}
	if got, want := p.names("Anna gives Ann's coin to Bob and Bo."), "Anna gives "+gold("Ann")+"'s coin to Bob and "+violet("Bo")+"."; got != want {
		t.Errorf("names\n= %q\nwant %q", got, want)
	}
	if got, want := p.who("Ann"), gold("Ann"); got != want {
		t.Errorf("who(Ann) = %q, want %q", got, want)
	}
	if got, want := p.who("The table"), p.turn("The table"); got != want {
		t.Errorf("who(The table) = %q, want %q", got, want)
	}
	// Without color, or without colored players, nothing changes.
	off := palette{pieces: p.pieces}
	if off.board(row) != row || off.names(key) != key || off.who("Ann") != "Ann" {
		t.Error("a palette without color paints")
	}
	none := palette{on: true, pieces: &pieces{}}
	if none.board(row) != row || none.names(key) != key {
		t.Error("a game without player colors paints its picture")
	}
}
