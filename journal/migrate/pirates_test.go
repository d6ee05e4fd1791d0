package migrate_test

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rumref/games"
	"rumref/journal"
	"rumref/journal/migrate"
	"rumref/referee"
)

// open reads a save of testdata as written.
func open(t *testing.T, path string) *journal.File {
	t.Helper()
	f, _, err := games.Read(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f
}

// migrated migrates a save, failing the test if it is refused.
func migrated(t *testing.T, path string) *journal.File {
	t.Helper()
	f := open(t, path)
	m, err := games.Migrate(f)
	if err != nil {
		t.Fatalf("%s is refused: %v", path, err)
	}
	if m == nil {
		t.Fatalf("%s is not migrated", path)
	}
	if len(f.Answers) == 0 || m.File == f || m.File.Setup == f.Setup {
		t.Fatalf("%s: the migration changed the save it was given", path)
	}
	return m.File
}

// pending replays a save and returns its pending question.
func pending(t *testing.T, f *journal.File) *referee.Question {
	t.Helper()
	factory, err := games.FactoryOf(f)
	if err != nil {
		t.Fatal(err)
	}
	e, err := referee.Replay(factory, f.Answers)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e.Next()
}

var rev3Game = filepath.Join("..", "..", "referee", "pirates", "testdata", "rev3", "rev3-1.yaml")

// TestPiratesRevision3StoppedMidRollIsRefused: a revision 3 save stopped
// at rum.use right after the die (the player holds rum) has no question
// of today's that keeps its answers: it is refused, naming revision 3.
func TestPiratesRevision3StoppedMidRollIsRefused(t *testing.T) {
	path := filepath.Join("testdata", "pirates", "rev3-at-rum-use.yaml")
	f := open(t, path)
	if q := f.Answers[len(f.Answers)-1].Q; q != "wrangle.roll" {
		t.Fatalf("the save's last answer is %s, want the die of a wrangle", q)
	}
	m, err := games.Migrate(f)
	var r *migrate.Refusal
	if !errors.As(err, &r) || m != nil {
		t.Fatalf("migrated to %v, %v; want a refusal", m, err)
	}
	if r.Revision != 3 || r.Answer != len(f.Answers) || !strings.Contains(err.Error(), "revision 3 of rumref's Rum & Pirates questions") ||
		!strings.Contains(err.Error(), "roll with rum") {
		t.Errorf("refusal: %v (answer %d)", err, r.Answer)
	}
}

// TestPiratesRevision3StoppedAtAnotherBarrel: stopped at rum.use after a
// whole barrel (the offer of another), the save goes on at rum.more, the
// same offer; and the migrated save is the start of the whole game's
// migration, which replays to its end.
func TestPiratesRevision3StoppedAtAnotherBarrel(t *testing.T) {
	whole := migrated(t, rev3Game)
	for _, c := range []struct{ name, next string }{
		{"rev3-at-rum-use-again.yaml", "rum.more"},
		{"rev3-after-rum.yaml", "wrangle.roll"},
	} {
		f := migrated(t, filepath.Join("testdata", "pirates", c.name))
		if q := pending(t, f); q == nil || q.ID != c.next {
			t.Errorf("%s goes on at %v, want %s", c.name, q, c.next)
		}
		if len(f.Answers) > len(whole.Answers) || !slices.Equal(f.Answers, whole.Answers[:len(f.Answers)]) {
			t.Errorf("%s: its migration is not the start of the whole game's", c.name)
		}
	}
	if q := pending(t, whole); q != nil {
		t.Errorf("the whole game does not end: %s pending", q.ID)
	}
}
