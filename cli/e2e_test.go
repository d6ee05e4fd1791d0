package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// binary is the rumref binary built once for the end-to-end tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "rumref-e2e")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "rumref")
	args := []string{"build", "-o", binary}
	if os.Getenv("RUMREF_E2E_RACE") != "" {
		// The binary under the race detector: a race it finds ends it
		// with exit code 66 and its report on standard error (a tmux
		// test's failure shows the pane's history).
		args = append(args, "-race")
	}
	out, err := exec.Command("go", append(args, "..")...).CombinedOutput()
	if err != nil {
		os.Stderr.Write(out)
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// result is one finished run of the binary.
type result struct {
	stdout, stderr string
	code           int
}

// rumref runs the binary with stdin and returns its output and exit code.
func rumref(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Env = append(os.Environ(), "NO_COLOR=1", "XDG_DATA_HOME="+t.TempDir())
	return runCmd(t, cmd)
}

// runCmd runs cmd and returns its output and exit code.
func runCmd(t *testing.T, cmd *exec.Cmd) result {
	t.Helper()
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return result{out.String(), errb.String(), code}
}

// jsonLines parses JSON Lines output, failing on any line that is not JSON.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not a JSON line: %q (%v)", sc.Text(), err)
		}
		objs = append(objs, m)
	}
	return objs
}

var _ = time.Second

// driver runs the binary in JSON mode and answers its questions with
// choose until stop says to stop (then closes stdin) or the game ends.
type driver struct {
	t    *testing.T
	cmd  *exec.Cmd
	in   *os.File
	out  *bufio.Scanner
	objs []map[string]any
	errs bytes.Buffer
}

func startDriver(t *testing.T, env []string, args ...string) *driver {
	t.Helper()
	d := &driver{t: t}
	d.cmd = exec.Command(binary, append([]string{"--io", "json"}, args...)...)
	// A data directory of its own (env may give another): a game never
	// writes to the user's (the cards it remembers, saves by default).
	d.cmd.Env = append(os.Environ(), append([]string{"NO_COLOR=1", "XDG_DATA_HOME=" + t.TempDir()}, env...)...)
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	d.cmd.Stdin = pr
	d.in = pw
	stdout, err := d.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	d.cmd.Stderr = &d.errs
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pr.Close()
	d.out = bufio.NewScanner(stdout)
	d.out.Buffer(make([]byte, 1<<20), 1<<24)
	return d
}

// next reads objects up to and including the next question, returning
// nil at the end of output.
func (d *driver) next() map[string]any {
	for d.out.Scan() {
		var m map[string]any
		if err := json.Unmarshal(d.out.Bytes(), &m); err != nil {
			d.t.Fatalf("not a JSON line: %q (%v)", d.out.Text(), err)
		}
		d.objs = append(d.objs, m)
		if m["type"] == "question" {
			return m
		}
	}
	return nil
}

// send writes one answer line.
func (d *driver) send(line string) {
	if _, err := d.in.Write([]byte(line + "\n")); err != nil {
		d.t.Fatalf("writing %q: %v", line, err)
	}
}

// finish closes stdin and waits, returning the exit code.
func (d *driver) finish() int {
	d.in.Close()
	for d.next() != nil {
	}
	err := d.cmd.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		d.t.Fatal(err)
	}
	return 0
}
