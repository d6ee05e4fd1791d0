package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rumref/games"
	"rumref/referee/pirates"
)

// copySave copies a save of testdata into a temp dir.
func copySave(t *testing.T, from string) (path string, data []byte) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "game.yaml")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestResumeMigratesAnOldSave: resume carries a revision 3 save stopped at
// rum.use after a whole barrel (the offer of another) over to today's
// revision, where it goes on at the same offer (rum.more), says so in one
// sentence,
// keeps the original bytes beside it (a second migration of the same name
// does not overwrite the first's) and writes the migrated save; show
// migrates in memory and writes nothing.
func TestResumeMigratesAnOldSave(t *testing.T) {
	path, orig := copySave(t, filepath.Join("..", "journal", "migrate", "testdata", "pirates", "rev3-1-at-rum.use-again.yaml"))
	kept := path + ".rev3.bak"

	res := rumref(t, "", "show", path)
	if res.code != exitOK || !strings.Contains(res.stderr, "saved under revision 3 of rumref's Rum & Pirates questions") {
		t.Fatalf("show exit %d\n%s", res.code, res.stderr)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, orig) {
		t.Fatal("show changed the save")
	}
	if _, err := os.Stat(kept); err == nil {
		t.Fatal("show kept a copy: it writes nothing")
	}

	// A file of the kept name that is there already is not overwritten.
	os.WriteFile(kept, []byte("mine"), 0o600)
	res = rumref(t, "", "--io", "plain", "resume", path)
	if res.code != exitInterrupted {
		t.Fatalf("resume exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	second := path + ".rev3-2.bak"
	want := "This game was saved under revision 3 of rumref's Rum & Pirates questions; it now goes on under revision 5. The original is kept as " + second + "."
	if strings.Count(res.stdout, "saved under revision") != 1 || !strings.Contains(res.stdout, want) {
		t.Errorf("resume did not say, once: %q\n%s", want, res.stdout)
	}
	if b, _ := os.ReadFile(kept); string(b) != "mine" {
		t.Error("the file there before was overwritten")
	}
	if b, _ := os.ReadFile(second); !bytes.Equal(b, orig) {
		t.Error("the original is not kept byte for byte")
	}
	f, _, err := games.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := f.Setup.(*pirates.Config).Rules; r != pirates.RulesRevision {
		t.Errorf("the save is of revision %d after resume", r)
	}
	if m, err := games.Migrate(f); m != nil || err != nil {
		t.Errorf("the written save migrates again: %v %v", m, err)
	}

	res = rumref(t, "", "--io", "json", "resume", path)
	if res.code != exitInterrupted || strings.Contains(res.stdout, "saved under revision") {
		t.Errorf("second resume exit %d, or it migrated again:\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	asked := ""
	for _, m := range jsonLines(t, res.stdout) {
		if m["type"] == "question" && asked == "" {
			asked, _ = m["id"].(string)
		}
	}
	if asked != "rum.more" {
		t.Errorf("the migrated save goes on at %q, want rum.more", asked)
	}
}

// TestResumeRefusesASaveStoppedAtRumUse: a revision 3 save stopped at
// rum.use cannot go on under today's questions without changing what was
// answered: resume, show and score refuse it with a sentence naming its
// revision, exit 1, and leave it untouched with no copy beside it.
func TestResumeRefusesASaveStoppedAtRumUse(t *testing.T) {
	path, orig := copySave(t, filepath.Join("..", "journal", "migrate", "testdata", "pirates", "rev3-1-at-rum.use.yaml"))
	for _, args := range [][]string{{"--io", "plain", "resume", path}, {"show", path}, {"score", path}} {
		res := rumref(t, "", args...)
		if res.code != exitError || !strings.Contains(res.stderr, "saved under revision 3 of rumref's Rum & Pirates questions") ||
			!strings.Contains(res.stderr, "roll with rum") || strings.Contains(res.stdout, "Saving to") {
			t.Errorf("%v: exit %d\n%s\n%s", args, res.code, res.stdout, res.stderr)
		}
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, orig) {
		t.Error("the refused save was changed")
	}
	if m, _ := filepath.Glob(path + ".*"); len(m) != 0 {
		t.Errorf("files were left beside the refused save: %v", m)
	}
}
