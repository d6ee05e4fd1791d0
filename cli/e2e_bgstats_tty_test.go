//go:build linux || darwin

package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"
)

// TestPlayCodeWhereItFits: rumref score of a sheet in a terminal shows the
// link's QR code when the code fits the screen (120x50), and the link
// alone, saying why, at 80x24.
func TestPlayCodeWhereItFits(t *testing.T) {
	if testing.Short() {
		t.Skip("pseudo-terminal test")
	}
	sheet := filepath.Join(t.TempDir(), "sheet.yaml")
	os.WriteFile(sheet, []byte("game: rum-and-pirates\nplayers:\n  - name: Ann\n    pubs: [5, 3, 2]\n  - name: Bo\n    pubs: [4]\n"), 0o644)
	for _, c := range []struct {
		cols, rows uint16
		code       bool
	}{{120, 50, true}, {80, 24, false}} {
		cmd := exec.Command(binary, "score", sheet)
		cmd.Env = append(os.Environ(), "NO_COLOR=1", "TERM=xterm", "XDG_DATA_HOME="+t.TempDir())
		f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: c.rows, Cols: c.cols})
		if err != nil {
			t.Skipf("no pseudo-terminal here: %v", err)
		}
		var out bytes.Buffer
		io.Copy(&out, f) // until rumref exits (EIO)
		cmd.Wait()
		f.Close()
		text := out.String()
		bgsPlayOf(t, fmt.Sprintf("%dx%d", c.cols, c.rows), strings.ReplaceAll(text, "\r\n", "\n"))
		shown := strings.Contains(text, "scan the code") && strings.Contains(text, "▀")
		if shown != c.code || !c.code && !strings.Contains(text, "needs a larger window") {
			t.Errorf("%dx%d: the code shown %v, want %v:\n%s", c.cols, c.rows, shown, c.code, text)
		}
		if c.code {
			for _, l := range strings.Split(text, "\r\n") {
				if strings.Contains(l, "▀") && len([]rune(l)) > int(c.cols) {
					t.Errorf("%dx%d: a row of the code is %d wide", c.cols, c.rows, len([]rune(l)))
				}
			}
		}
	}
}
