package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records failures instead of failing.
type recorder struct {
	testing.TB
	failed bool
	msg    string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Errorf(format string, args ...any) { r.failed = true; r.msg = format }
func (r *recorder) Fatalf(format string, args ...any) { r.failed = true; r.msg = format }
func (r *recorder) Fatal(args ...any)                 { r.failed = true }

func TestCheck(t *testing.T) {
	if Updating() {
		t.Skip("compares only without -update")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "x.golden")
	if err := os.WriteFile(path, []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	Check(r, path, "same\n")
	if r.failed {
		t.Fatalf("equal text failed: %s", r.msg)
	}
	r = &recorder{TB: t}
	Check(r, path, "other\n")
	if !r.failed {
		t.Fatal("different text passed")
	}
	r = &recorder{TB: t}
	Check(r, filepath.Join(dir, "missing.golden"), "x")
	if !r.failed {
		t.Fatal("a missing golden file passed")
	}
}

func TestCheckUpdate(t *testing.T) {
	old := *update
	*update = true
	defer func() { *update = old }()
	path := filepath.Join(t.TempDir(), "sub", "new.golden")
	r := &recorder{TB: t}
	Check(r, path, "written\n")
	if r.failed {
		t.Fatal("-update failed")
	}
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "written\n" {
		t.Fatalf("-update wrote %q, %v", b, err)
	}
}
