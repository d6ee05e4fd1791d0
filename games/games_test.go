package games_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"rumref/games"
	"rumref/journal"
	"rumref/locale"
	"rumref/referee"
	"rumref/sim"
)

// TestEverySaveOpensThroughItsEntry: a finished game of each entry is
// written, read back through the registry, written again byte for byte,
// and replays from its entry's factory to the same end.
func TestEverySaveOpensThroughItsEntry(t *testing.T) {
	for _, e := range games.All {
		f, err := sim.Finished(e.Name, e.MinPlayers, 7)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		data, err := journal.Encode(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(data, []byte("\ngame: "+e.Name+"\n"+e.Name+":\n")) {
			t.Errorf("%s: the save does not hold its setup under the game's name:\n%.300s", e.Name, data)
		}
		back, err := games.Decode(data)
		if err != nil {
			t.Fatalf("%s: %v", e.Name, err)
		}
		again, err := journal.Encode(back)
		if err != nil || !bytes.Equal(data, again) {
			t.Fatalf("%s: written again it differs (%v)", e.Name, err)
		}
		factory, err := games.FactoryOf(back)
		if err != nil {
			t.Fatal(err)
		}
		g, err := referee.Replay(factory, back.Answers, referee.WithoutLog())
		if err != nil || !g.Over() {
			t.Fatalf("%s: the save does not replay to its end (%v)", e.Name, err)
		}
		g.Close()
	}
}

// TestRefusedSetups: an unknown game, a section of another game and a
// board that is not one are refused in words that name the line.
func TestRefusedSetups(t *testing.T) {
	f, err := sim.Finished("pirates", 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	f.Answers = nil
	data, err := journal.Encode(f)
	if err != nil {
		t.Fatal(err)
	}
	good := string(data)
	for _, c := range []struct{ data, want string }{
		{strings.Replace(good, "game: pirates", "game: chess", 1), `line 3: game "chess" is not one rumref knows: use pirates or runner`},
		{strings.Replace(good, "game: pirates", "game: runner", 1), `line 4: "pirates" is not a field here (allowed: format, game, runner, teach,`},
		{"format: 2\ngame: runner\nanswers: []\n", "a runner save needs a runner: section and no pirates: section"},
		{strings.Replace(good, "section: 1\n", "section: 2\n", 1), "the pirates: layout is not a valid board: section 1 is missing and section 2 is used 2 times"},
	} {
		_, err := games.Decode([]byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	if _, ok := games.Lookup("chess"); ok || strings.Join(games.Names(), " ") != "pirates runner" {
		t.Errorf("lookup of an unknown game, or the names %q", games.Names())
	}
}

// TestWires: each game's wire type holds its setup type under its name,
// and a game rumref does not know has none.
func TestWires(t *testing.T) {
	for _, name := range games.Names() {
		e, _ := games.Lookup(name)
		typ := games.Setups.Wire(name)
		if typ == nil {
			t.Fatalf("%s: no wire type", name)
		}
		if err := journal.CheckWire(name, e.NewSetup(), typ); err != nil {
			t.Error(err)
		}
		if other := games.All[(slices.Index(games.All, e)+1)%len(games.All)]; journal.CheckWire(name, other.NewSetup(), typ) == nil {
			t.Errorf("%s: the wire holds %s's setup too", name, other.Name)
		}
	}
	if games.Setups.Wire("chess") != nil {
		t.Fatal("a wire type for a game rumref does not know")
	}
}

// TestReference: the rules reference holds each game's rules, in the order
// of games.All, under the entry's names.
func TestReference(t *testing.T) {
	all := games.Reference().In(locale.English).All()
	i := 0
	for _, e := range games.All {
		if e.Rules == nil {
			t.Fatalf("%s has no rules reference", e.Name)
		}
		rules := e.Rules()
		if len(rules) == 0 || i+len(rules) > len(all) {
			t.Fatalf("%s: %d entries of the reference's %d from %d", e.Name, len(rules), len(all), i)
		}
		for _, r := range rules {
			got := all[i]
			i++
			if got.ID != r.ID || got.Game.Name != e.Name || got.Game.String() != e.Title {
				t.Errorf("reference entry %d is %s of %s (%s), want %s of %s (%s)", i, got.ID, got.Game.Name, got.Game, r.ID, e.Name, e.Title)
			}
		}
	}
	if i != len(all) {
		t.Errorf("the reference holds %d entries, the games' rules %d", len(all), i)
	}
}
