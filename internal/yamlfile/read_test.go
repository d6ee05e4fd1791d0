//go:build unix

package yamlfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadFileRefusesAtOnce: a pipe, a device or a directory is refused
// without waiting; a file over the limit without reading it all.
func TestReadFileRefusesAtOnce(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	big := filepath.Join(dir, "big")
	os.WriteFile(big, make([]byte, 1001), 0o600)
	link := filepath.Join(dir, "link")
	os.WriteFile(filepath.Join(dir, "small"), []byte("ok"), 0o600)
	os.Symlink("small", link)
	for _, c := range []struct{ path, want string }{
		{fifo, "is a pipe (FIFO)"},
		{"/dev/zero", "is a device"},
		{dir, "is a directory"},
		{big, "is 1001 bytes; rumref reads files of at most 1000 bytes"},
		{filepath.Join(dir, "none"), "does not exist"},
	} {
		_, err := ReadFile(c.path, 1000)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
	if b, err := ReadFile(link, 1000); err != nil || string(b) != "ok" {
		t.Errorf("a link to a file: %q %v", b, err)
	}
}
