//go:build unix

package journal

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}

// TestLockNeverFollowsALink: a lock file that is a link (or a pipe) is
// refused, and what it points to is left alone.
func TestLockNeverFollowsALink(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "g.yaml")
	victim := filepath.Join(dir, "victim")
	os.WriteFile(victim, []byte("precious\n"), 0o600)
	os.Symlink(victim, path+".lock")
	if _, err := Acquire(path); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("a lock through a link: %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Fatalf("the link's target was written: %q", b)
	}
	os.Remove(path + ".lock")
	if err := syscall.Mkfifo(path+".lock", 0o600); err != nil {
		t.Skip(err)
	}
	if _, err := Acquire(path); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("a lock that is a pipe: %v", err)
	}
}

// TestLinkAndTargetAreOneGame: a save reached through a link resolves to
// its target, so both names share one lock, and writing keeps the link.
func TestLinkAndTargetAreOneGame(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.yaml")
	link := filepath.Join(dir, "link.yaml")
	if err := Write(target, []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	os.Symlink("real.yaml", link) // relative, as people make them
	real, err := Resolve(link)
	if err != nil || real != target {
		t.Fatalf("Resolve(link) = %q, %v", real, err)
	}
	l, err := Acquire(real)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	if _, err := Acquire(target); !errors.Is(err, ErrLocked) {
		t.Fatalf("the target is not locked with the link: %v", err)
	}
	if err := Write(real, []byte("two\n")); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if b, _ := os.ReadFile(link); string(b) != "two\n" {
		t.Fatalf("through the link: %q", b)
	}
	// A chain that loops is refused, not followed for ever.
	os.Symlink("loop-b", filepath.Join(dir, "loop-a"))
	os.Symlink("loop-a", filepath.Join(dir, "loop-b"))
	if _, err := Resolve(filepath.Join(dir, "loop-a")); err == nil {
		t.Fatal("a loop of links was resolved")
	}
}

// TestEveryFileIs0600: saves, backups (linked or copied), locks.
func TestEveryFileIs0600(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "g.yaml")
	if err := Create(path, []byte("one\n")); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("two\n")); err != nil {
		t.Fatal(err)
	}
	l, err := Acquire(path)
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
	// The copy made where hard links fail.
	copied := filepath.Join(dir, "copy")
	if err := copyFile(path, copied); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, BackupName(path), path + ".lock", copied} {
		if m := mode(t, p); m != 0o600 {
			t.Errorf("%s has mode %o", filepath.Base(p), m)
		}
	}
}
