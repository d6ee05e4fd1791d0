package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rumref/games"
	"rumref/referee/runner"
)

// TestResumeMigratesAnOldRunnerSave: resume carries an edition-2 Rum
// Runner save stopped at a raid over to today's edition, says so in one
// sentence naming the edition, keeps the original beside it and goes on
// at the raid; an edition-0 save is refused with its edition's sentence
// and left as it is.
func TestResumeMigratesAnOldRunnerSave(t *testing.T) {
	data := filepath.Join("..", "journal", "migrate", "testdata", "runner")
	path, orig := copySave(t, filepath.Join(data, "edition2_seed7_at_raid.yaml"))
	res := rumref(t, "", "--io", "json", "resume", path)
	if res.code != exitInterrupted {
		t.Fatalf("resume exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	want := "This game was saved under edition 2 of rumref's Rum Runner questions; it now goes on under edition 5. The original is kept as " + path + ".rev2.bak."
	if strings.Count(res.stdout, "saved under edition") != 1 || !strings.Contains(res.stdout, want) {
		t.Errorf("resume did not say, once: %q\n%s", want, res.stdout)
	}
	if !strings.Contains(res.stdout, `"id":"raid.target"`) {
		t.Errorf("resume should go on at the raid:\n%s", res.stdout)
	}
	if b, _ := os.ReadFile(path + ".rev2.bak"); !bytes.Equal(b, orig) {
		t.Error("the original is not kept byte for byte")
	}
	f, _, err := games.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if ed := f.Setup.(*runner.Config).Edition; ed != runner.Edition {
		t.Errorf("the save is of edition %d after resume", ed)
	}

	path, orig = copySave(t, filepath.Join(data, "edition0_seed7_at_raid.yaml"))
	res = rumref(t, "", "--io", "plain", "resume", path)
	if res.code != exitError || !strings.Contains(res.stderr, "saved under edition 0 of rumref's Rum Runner questions") {
		t.Errorf("edition 0: exit %d\n%s\n%s", res.code, res.stdout, res.stderr)
	}
	if now, _ := os.ReadFile(path); !bytes.Equal(now, orig) {
		t.Error("the refused save was changed")
	}
}
