package journal

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// BackupName is the name of the previous save kept beside a save file.
func BackupName(path string) string { return path + ".bak" }

// Write saves data to path atomically: it writes a temp file in the same
// directory, fsyncs it, keeps the current save as path.bak, renames the
// temp file over the save and fsyncs the directory. A crash at any point
// leaves either the old or the new save readable, never a torn one.
func Write(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	tmpName := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmpName)
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	if _, err := os.Stat(path); err == nil {
		if err := backup(path); err != nil {
			return err
		}
	}
	if err := os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	ok = true
	return syncDir(dir)
}

// backup makes path.bak a copy of the current save, replacing the old
// backup atomically: a hard link where the file system allows it.
func backup(path string) error {
	bak := BackupName(path)
	tmp := bak + ".tmp"
	os.Remove(tmp)
	if err := os.Link(path, tmp); err != nil {
		if err := copyFile(path, tmp); err != nil {
			return fmt.Errorf("keeping the backup: %w", err)
		}
	}
	if err := os.Rename(tmp, bak); err != nil {
		return fmt.Errorf("keeping the backup: %w", err)
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("saving: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("saving: %w", err)
	}
	return nil
}

// Lock is an exclusive lock on a save, held while a game is played.
type Lock struct {
	f *os.File
}

// ErrLocked is returned when another rumref process holds a save's lock.
var ErrLocked = errors.New("another rumref is playing this save")

// Acquire takes the lock file path.lock without waiting. The operating
// system drops the lock when the process ends, however it ends.
func Acquire(path string) (*Lock, error) {
	name := path + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("locking the save: %w", err)
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB); err != nil {
		pid, _ := io.ReadAll(io.LimitReader(f, 32))
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			who := strings.TrimSpace(string(pid))
			if who != "" {
				who = " (process " + who + ")"
			}
			return nil, fmt.Errorf("%w%s: close it first, or open another save", ErrLocked, who)
		}
		return nil, fmt.Errorf("locking the save: %w", err)
	}
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return &Lock{f: f}, nil
}

// Release drops the lock.
func (l *Lock) Release() {
	if l == nil || l.f == nil {
		return
	}
	unix.Flock(int(l.f.Fd()), unix.LOCK_UN)
	l.f.Close()
	l.f = nil
}
