package journal

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rumref/referee/pirates"
)

// TestCreateNeverReplaces: the first save of a game never takes the name
// of another.
func TestCreateNeverReplaces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.yaml")
	if err := Create(path, []byte("first\n")); err != nil {
		t.Fatal(err)
	}
	if err := Create(path, []byte("second\n")); !errors.Is(err, ErrExists) {
		t.Fatalf("second Create: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "first\n" {
		t.Fatalf("the first game was overwritten: %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
}

// TestStaleTempFilesRemoved: what a crash left beside a save goes when
// its lock is taken; other games' files stay.
func TestStaleTempFilesRemoved(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.yaml")
	Write(path, []byte("save\n"))
	stale := []string{".g.yaml.tmp-123456", ".g.yaml.tmp-9", "g.yaml.bak.tmp"}
	keep := []string{".other.yaml.tmp-1", "g.yaml.bak", "g.yaml"}
	for _, n := range append(stale, keep...) {
		if n != "g.yaml" {
			os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600)
		}
	}
	l, err := Acquire(path)
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
	for _, n := range stale {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s left behind", n)
		}
	}
	for _, n := range keep {
		if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
			t.Errorf("%s removed", n)
		}
	}
}

// TestCheckNew: the save path of a new game is checked before the game.
func TestCheckNew(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "taken.yaml")
	os.WriteFile(file, []byte("x"), 0o600)
	for _, c := range []struct{ path, want string }{
		{dir, "is a directory: give --save a file name"},
		{file, "already exists"},
		{filepath.Join(dir, "nodir", "g.yaml"), "does not exist"},
		{filepath.Join(file, "g.yaml"), "is not a directory"},
	} {
		err := CheckNew(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
		if c.path == dir && strings.Contains(err.Error(), "already exists") {
			t.Errorf("a directory is called a save: %v", err)
		}
	}
	if err := CheckNew(filepath.Join(dir, "new.yaml")); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("the check left files: %v", entries)
	}
}

// TestCheckSetupRefusesASaveTooLargeToOpen: a setup that would make a save
// larger than rumref reads is refused before the game starts.
func TestCheckSetupRefusesASaveTooLargeToOpen(t *testing.T) {
	f := sample()
	f.Setup.(*pirates.Config).Players[0].Name = strings.Repeat("x", MaxSetup)
	enc, err := NewEncoder(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := enc.CheckSetup(); err == nil || !strings.Contains(err.Error(), "a save may hold at most") {
		t.Fatalf("a %d-byte setup: %v", MaxSetup, err)
	}
	small, _ := NewEncoder(sample())
	if err := small.CheckSetup(); err != nil {
		t.Fatal(err)
	}
}
