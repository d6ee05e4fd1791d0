package journal

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"rumref/referee"
)

// BackupName is the name of the previous save kept beside a save file.
func BackupName(path string) string { return path + ".bak" }

// fileMode is the mode of every file rumref writes: a save holds every
// secret of the game.
const fileMode = 0o600

// ErrExists is returned by Create when the save already exists.
var ErrExists = referee.Errorf("journal.exists")

// Resolve follows the symbolic links of a save's own name to the file
// they lead to (which need not exist yet), so that a link and its target
// are one game: one lock, and the save written where the link points,
// with the link kept.
func Resolve(path string) (string, error) {
	p := path
	for range 40 {
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		to, err := os.Readlink(p)
		if err != nil {
			return "", referee.Wrap(err, "journal.link", referee.Str(p))
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(p), to)
		}
		p = to
	}
	return "", referee.Errorf("journal.links", referee.Str(path))
}

// CheckNew checks, before any question is asked, that a new game can be
// saved at path: it must not exist (nor be a directory), and its
// directory must exist and be writable. Links are followed.
func CheckNew(path string) error {
	real, err := Resolve(path)
	if err != nil {
		return err
	}
	if st, err := os.Stat(real); err == nil {
		if st.IsDir() {
			return referee.Errorf("journal.save.dir", referee.Str(path), referee.Str(filepath.Join(path, "game.yaml")))
		}
		return referee.Errorf("journal.save.exists", referee.Str(path))
	}
	return CheckDir(filepath.Dir(real))
}

// CheckDir checks that saves can be written in dir: it exists, is a
// directory and is writable.
func CheckDir(dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return referee.Errorf("journal.dir.missing", referee.Str(dir))
	case err != nil:
		return referee.Wrap(err, "journal.dir.unusable", referee.Str(dir))
	case !st.IsDir():
		return referee.Errorf("journal.dir.not", referee.Str(dir))
	}
	probe, err := os.CreateTemp(dir, ".rumref-check-*")
	if err != nil {
		return referee.Errorf("journal.dir.write", referee.Str(dir), referee.Err(errors.Unwrap(err)))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// Create writes the first save of a new game: like Write, but it never
// replaces a file (ErrExists), so two games can never take one name.
func Create(path string, data []byte) error {
	return write(path, data, true)
}

// Write saves data to path atomically: it writes a temp file in the same
// directory, fsyncs it, keeps the current save as path.bak, renames the
// temp file over the save and fsyncs the directory. A crash at any point
// leaves either the old or the new save readable, never a torn one. The
// path should be resolved (Resolve) so that a link is kept.
func Write(path string, data []byte) error {
	return write(path, data, false)
}

func write(path string, data []byte, create bool) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, tempPrefix(path)+"*") // mode 0600
	if err != nil {
		return referee.Wrap(err, "journal.saving")
	}
	tmpName := tmp.Name()
	defer func() {
		tmp.Close()
		os.Remove(tmpName) // gone after a rename; after a link, the name only
	}()
	if _, err := tmp.Write(data); err != nil {
		return referee.Wrap(err, "journal.saving")
	}
	if err := tmp.Sync(); err != nil {
		return referee.Wrap(err, "journal.saving")
	}
	if err := tmp.Close(); err != nil {
		return referee.Wrap(err, "journal.saving")
	}
	if create {
		if err := createOnce(tmpName, path, data); err != nil {
			return err
		}
		return syncDir(dir)
	}
	if _, err := os.Stat(path); err == nil {
		if err := backup(path); err != nil {
			return err
		}
	}
	if err := os.Rename(tmpName, path); err != nil {
		return referee.Wrap(err, "journal.saving")
	}
	return syncDir(dir)
}

// createOnce puts the written temp file at path unless path exists: a
// hard link where the file system has them (atomic), else an exclusive
// create and a copy.
func createOnce(tmpName, path string, data []byte) error {
	err := os.Link(tmpName, path)
	if err == nil {
		return nil
	}
	if errors.Is(err, fs.ErrExist) {
		return ErrExists
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fileMode)
	if errors.Is(err, fs.ErrExist) {
		return ErrExists
	}
	if err != nil {
		return referee.Wrap(err, "journal.saving")
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return referee.Wrap(err, "journal.saving")
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return referee.Wrap(err, "journal.saving")
	}
	return f.Close()
}

// tempPrefix starts the name of every temp file of a save.
func tempPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// backupTemp is the temp name of the next backup.
func backupTemp(path string) string { return BackupName(path) + ".tmp" }

// backup makes path.bak a copy of the current save, replacing the old
// backup atomically: a hard link where the file system allows it.
func backup(path string) error {
	bak := BackupName(path)
	tmp := backupTemp(path)
	os.Remove(tmp)
	if err := os.Link(path, tmp); err != nil {
		if err := copyFile(path, tmp); err != nil {
			return referee.Wrap(err, "journal.backup")
		}
	}
	if err := os.Rename(tmp, bak); err != nil {
		return referee.Wrap(err, "journal.backup")
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fileMode)
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

// removeStale removes the temp files a crash left beside a save: they
// are never a save (the rename that makes one removes its temp name), and
// the lock holder is the only writer.
func removeStale(path string) {
	dir, prefix := filepath.Dir(path), tempPrefix(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Type().IsRegular() && (strings.HasPrefix(e.Name(), prefix) || e.Name() == filepath.Base(backupTemp(path))) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// Lock is an exclusive lock on a save, held while a game is played.
type Lock struct {
	f *os.File
}

// ErrLocked is returned when another rumref process holds a save's lock.
var ErrLocked = referee.Errorf("journal.locked")

// Acquire takes the lock file path.lock without waiting, and removes the
// temp files a crash left. The path should be resolved (Resolve), so
// that a link and its target share one lock. The lock file is never
// followed if it is a link and must be a regular file. The operating
// system drops the lock when the process ends, however it ends.
func Acquire(path string) (*Lock, error) {
	name := path + ".lock"
	f, err := openLock(name)
	if err != nil {
		if st, lerr := os.Lstat(name); lerr == nil && st.Mode()&fs.ModeSymlink != 0 {
			return nil, referee.Errorf("journal.lock.link", referee.Str(name))
		}
		return nil, referee.Wrap(err, "journal.lock")
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, referee.Errorf("journal.lock.file", referee.Str(name))
	}
	if err := lockFile(f); err != nil {
		pid, _ := io.ReadAll(io.LimitReader(f, 32))
		f.Close()
		if errors.Is(err, errWouldBlock) {
			who := strings.TrimSpace(string(pid))
			if _, perr := strconv.Atoi(who); perr == nil {
				return nil, referee.Wrap(ErrLocked, "journal.locked.pid", referee.Str(who))
			}
			return nil, referee.Wrap(ErrLocked, "journal.locked.close")
		}
		return nil, referee.Wrap(err, "journal.lock")
	}
	f.Chmod(fileMode) // a lock left by an older rumref may be 0644
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	removeStale(path)
	return &Lock{f: f}, nil
}

// Release drops the lock.
func (l *Lock) Release() {
	if l == nil || l.f == nil {
		return
	}
	unlockFile(l.f)
	l.f.Close()
	l.f = nil
}
