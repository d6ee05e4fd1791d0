// Package golden compares a test's output with a file kept under testdata,
// and rewrites the file instead when go test runs with -update.
//
// It is the one golden-file helper of rumref: any package's tests import
// it, and importing it registers the -update flag, so
// `go test ./PACKAGE -update` works wherever a golden test lives.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// update is the -update flag of every test binary that imports golden.
var update = flag.Bool("update", false, "rewrite the golden files under testdata instead of comparing with them")

// Updating reports whether the tests run with -update.
func Updating() bool { return *update }

// Check compares got with the file at path (relative to the test's
// package directory, usually under testdata). With -update it writes got
// there instead (making its directory) and passes. A missing or different
// file fails the test, saying how to rewrite it.
func Check(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file; run go test with -update and review the diff\n--- got:\n%s", path, got)
	}
}
