package pirates_test

import (
	"fmt"
	"os"
	"path/filepath"
	"rumref/games"
	"strings"
	"testing"

	"rumref/referee"
	"rumref/referee/pirates"
	"rumref/setup"
)

// TestSavesOfRevisionZeroReplay replays whole games saved by rumref
// 221e179, before rules revision 1 (random legal games of 2 to 5 players
// on random boards; they take lone maps without a question and hold
// refused secret draws), and checks that each replays to its end in
// exactly the final state and score that rumref recorded.
func TestSavesOfRevisionZeroReplay(t *testing.T) {
	saves, err := filepath.Glob(filepath.Join("testdata", "rev0", "*.yaml"))
	if err != nil || len(saves) != 4 {
		t.Fatalf("want the 4 saves of revision 0, found %v (%v)", saves, err)
	}
	for _, path := range saves {
		f, _, err := games.Read(path)
		if err != nil {
			t.Fatalf("%s does not open: %v", path, err)
		}
		if f.Setup.(*pirates.Config).Rules != 0 {
			t.Fatalf("%s: rules revision %d, want 0", path, f.Setup.(*pirates.Config).Rules)
		}
		board, err := setup.Assemble(f.Setup.(*pirates.Config).Layout)
		if err != nil {
			t.Fatal(err)
		}
		cfg := *f.Setup.(*pirates.Config)
		e, err := referee.Replay(func() referee.Game { return pirates.New(cfg, board) }, f.Answers)
		if err != nil {
			t.Fatalf("%s does not replay: %v", path, err)
		}
		g := e.Game().(*pirates.Game)
		if !e.Over() || g.Final == nil {
			t.Fatalf("%s: the game is not over after its %d answers", path, len(f.Answers))
		}
		want, err := os.ReadFile(strings.TrimSuffix(path, ".yaml") + ".golden")
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%s%+v\n", dump(g), *g.Final); got != string(want) {
			t.Errorf("%s replays to another end:\n got %s\nwant %s", path, got, want)
		}
		e.Close()
	}
}
