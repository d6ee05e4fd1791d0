//go:build linux || darwin

package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// quick runs the binary with a deadline: what rumref refuses, it refuses
// at once, so a hang fails the test instead of stalling it.
func quick(t *testing.T, env []string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "XDG_DATA_HOME="+t.TempDir()), env...)
	res := runCmd(t, cmd)
	if ctx.Err() != nil {
		t.Fatalf("rumref %s hung", strings.Join(args, " "))
	}
	return res
}

// TestFilesThatAreNotFilesAreRefusedAtOnce: a FIFO or /dev/zero as a save,
// a sheet or a card file is refused at once, with what it is.
func TestFilesThatAreNotFilesAreRefusedAtOnce(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	for _, args := range [][]string{
		{"show", fifo}, {"resume", fifo}, {"log", fifo}, {"score", fifo}, {"score", "/dev/zero"}, {"show", "/dev/zero"},
		{"new", "runner", "--crown", "A", "--pirate", "B", "--cards", fifo, "--save", filepath.Join(dir, "a.yaml")},
		{"new", "runner", "--crown", "A", "--pirate", "B", "--cards", "/dev/zero", "--save", filepath.Join(dir, "b.yaml")},
	} {
		res := quick(t, nil, append([]string{"--io", "plain"}, args...)...)
		if res.code != exitError || !strings.Contains(res.stderr, "rumref reads only regular files") {
			t.Errorf("%v: exit %d %s", args, res.code, res.stderr)
		}
	}
}

// TestSavePathCheckedBeforeTheFirstQuestion: a --save that cannot be a new
// save is refused before any setup question, in words that fit.
func TestSavePathCheckedBeforeTheFirstQuestion(t *testing.T) {
	dir := t.TempDir()
	adir := filepath.Join(dir, "adir")
	os.Mkdir(adir, 0o700)
	taken := filepath.Join(dir, "taken.yaml")
	os.WriteFile(taken, []byte("x"), 0o600)
	for _, c := range []struct{ save, want string }{
		{adir, "is a directory: give --save a file name"},
		{filepath.Join(dir, "none", "g.yaml"), "does not exist"},
		{taken, "already exists"},
	} {
		for _, game := range []string{"pirates", "runner"} {
			res := quick(t, nil, "--io", "plain", "new", game, "--save", c.save)
			if res.code != exitError || !strings.Contains(res.stderr, c.want) || strings.Contains(res.stdout, "?") {
				t.Errorf("%s %s: exit %d\n%s%s", game, c.save, res.code, res.stdout, res.stderr)
			}
			if c.save == adir && strings.Contains(res.stderr, "already exists") {
				t.Errorf("a directory is called an existing save: %s", res.stderr)
			}
		}
	}
}

// TestDefaultSaveNamesNeverCollide: four games started in the same second
// get four saves.
func TestDefaultSaveNamesNeverCollide(t *testing.T) {
	data := t.TempDir()
	var wg sync.WaitGroup
	codes := make([]int, 4)
	for i := range codes {
		wg.Go(func() {
			res := quick(t, []string{"XDG_DATA_HOME=" + data}, "--io", "plain", "new", "pirates",
				"--players", "Ann:gold,Bo:blue", "--start", "1", "--layout", "fixed")
			codes[i] = res.code
		})
	}
	wg.Wait()
	saves, _ := filepath.Glob(filepath.Join(data, "rumref", "saves", "pirates-*.yaml"))
	if len(saves) != 4 {
		t.Fatalf("4 games made %d saves: %v (exit codes %v)", len(saves), saves, codes)
	}
	for _, c := range codes {
		if c != exitInterrupted {
			t.Fatalf("exit codes %v", codes)
		}
	}
	st, _ := os.Stat(filepath.Dir(saves[0]))
	if st.Mode().Perm() != 0o700 {
		t.Errorf("the saves directory has mode %o", st.Mode().Perm())
	}
	for _, s := range saves {
		if st, _ := os.Stat(s); st.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %o", s, st.Mode().Perm())
		}
	}
}

// TestResumeThroughALink: the link is kept and its target written, and
// the link and the target are one game under one lock.
func TestResumeThroughALink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.yaml")
	link := filepath.Join(dir, "link.yaml")
	if res := rumref(t, "", "--io", "plain", "new", "pirates", "--players", "Ann:gold,Bo:blue", "--start", "1", "--layout", "fixed", "--save", target); res.code != exitInterrupted {
		t.Fatalf("new: %d %s", res.code, res.stderr)
	}
	os.Symlink("real.yaml", link)
	if res := rumref(t, "2\n", "--io", "plain", "resume", link); res.code != exitInterrupted {
		t.Fatalf("resume through the link: %d %s", res.code, res.stderr)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatal("resuming through the link replaced it with a file")
	}
	if b, _ := os.ReadFile(target); !bytes.Contains(b, []byte("{q: ")) {
		t.Fatalf("the answer did not reach the target:\n%s", b)
	}
	// One rumref plays the target; another may not play it through the link.
	d := startDriver(t, nil, "resume", target)
	if d.next() == nil {
		t.Fatalf("no question: %s", d.errs.String())
	}
	res := rumref(t, "", "--io", "plain", "resume", link)
	if res.code != exitError || !strings.Contains(res.stderr, "another rumref") {
		t.Fatalf("the game was opened twice, through its link: %d %s", res.code, res.stderr)
	}
	d.finish()
	if _, err := os.Lstat(link + ".lock"); err == nil {
		t.Error("a second lock was made beside the link")
	}
}

// TestSignalDuringSetupSaysSo: SIGTERM, SIGHUP or SIGINT at a setup
// question says what happened and that nothing was saved (exit 3).
func TestSignalDuringSetupSaysSo(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT} {
		save := filepath.Join(t.TempDir(), "g.yaml")
		d := startDriver(t, nil, "new", "pirates", "--save", save)
		if q := d.next(); q == nil || !strings.Contains(fmt.Sprint(q["text"]), "players") {
			t.Fatalf("no setup question: %v %s", q, d.errs.String())
		}
		d.cmd.Process.Signal(sig)
		// Keep the input open: the signal, not the end of the input,
		// must stop rumref.
		drained := make(chan struct{})
		go func() {
			for d.next() != nil {
			}
			close(drained)
		}()
		select {
		case <-drained:
		case <-time.After(10 * time.Second):
			t.Fatalf("%v did not stop rumref", sig)
		}
		code := d.finish()
		if code != exitStopped || !strings.Contains(d.errs.String(), "stopped by SIG") || !strings.Contains(d.errs.String(), "during the setup questions") {
			t.Errorf("%v: exit %d %q", sig, code, d.errs.String())
		}
		if _, err := os.Stat(save); err == nil {
			t.Errorf("%v: a save was left", sig)
		}
	}
}

// TestSignalAtATerminalPromptRestoresTheTerminal: SIGTERM or SIGHUP at a
// promptui prompt of a game leaves the terminal as it was: echo and line
// editing on, so the shell shows what is typed next.
func TestSignalAtATerminalPromptRestoresTheTerminal(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		save := filepath.Join(t.TempDir(), "g.yaml")
		c := startTTY(t, "new", "pirates", "--players", "Ann:gold,Bo:blue", "--start", "1", "--layout", "fixed", "--save", save)
		c.buildTheBoard()
		c.waitFor("face-up pub 1 of 4")
		time.Sleep(200 * time.Millisecond) // the prompt has switched echo off
		if tio, err := unix.IoctlGetTermios(int(c.f.Fd()), getTermios); err == nil && tio.Lflag&unix.ECHO != 0 {
			t.Log("echo is on at the prompt: this check cannot fail here")
		}
		c.cmd.Process.Signal(sig)
		select {
		case <-c.done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%v did not stop rumref", sig)
		}
		c.cmd.Wait()
		if code := c.cmd.ProcessState.ExitCode(); code != exitInterrupted {
			t.Errorf("%v: exit %d", sig, code)
		}
		if !strings.Contains(c.screen(), "The game is saved in:") {
			t.Errorf("%v: no message:\n%s", sig, c.screen())
		}
		tio, err := unix.IoctlGetTermios(int(c.f.Fd()), getTermios)
		if err != nil {
			t.Skipf("cannot read the terminal settings: %v", err)
		}
		if tio.Lflag&unix.ECHO == 0 || tio.Lflag&unix.ICANON == 0 {
			t.Errorf("%v left the terminal raw (lflag %#x)", sig, tio.Lflag)
		}
	}
}

// TestFatalErrorIsNotExit2: a crash of the Go runtime (SIGQUIT makes one
// at will) must not exit 2, which means "saved, resumable".
func TestFatalErrorIsNotExit2(t *testing.T) {
	d := startDriver(t, nil, "new", "pirates", "--save", filepath.Join(t.TempDir(), "g.yaml"))
	if d.next() == nil {
		t.Fatal(d.errs.String())
	}
	d.cmd.Process.Signal(syscall.SIGQUIT)
	d.in.Close()
	for d.next() != nil {
	}
	d.cmd.Wait()
	ws := d.cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Exited() && ws.ExitStatus() == exitInterrupted {
		t.Fatalf("a runtime crash exited %d", exitInterrupted)
	}
	if !ws.Signaled() || ws.Signal() != syscall.SIGABRT {
		t.Errorf("a runtime crash ended with %v, want SIGABRT", ws)
	}
}

// TestInternalErrorHasItsOwnExitCode: a panic outside the rules (here
// writing the output) is reported as a bug with exit code 4.
func TestInternalErrorHasItsOwnExitCode(t *testing.T) {
	var errb bytes.Buffer
	code := run([]string{"--version"}, os.Stdin, panicWriter{}, &errb)
	if code != exitInternal || !strings.Contains(errb.String(), "internal error") {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
}

type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("the output broke") }
