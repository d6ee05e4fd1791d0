//go:build unix

package journal

import (
	"errors"
	"os"
	"syscall"

	"golang.org/x/sys/unix"

	"rumref/referee"
)

var errWouldBlock = unix.EWOULDBLOCK

// openLock opens (or creates) a lock file without following a link and
// without waiting on a pipe.
func openLock(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, fileMode)
}

func lockFile(f *os.File) error {
	return unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
}

func unlockFile(f *os.File) { unix.Flock(int(f.Fd()), unix.LOCK_UN) }

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return referee.Wrap(err, "journal.saving")
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, unix.EINVAL) {
		return referee.Wrap(err, "journal.saving")
	}
	return nil
}
