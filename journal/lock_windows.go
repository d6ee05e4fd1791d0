//go:build windows

package journal

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/windows"
)

var errWouldBlock = windows.ERROR_LOCK_VIOLATION

// openLock opens (or creates) a lock file, refusing a link.
func openLock(name string) (*os.File, error) {
	if st, err := os.Lstat(name); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		return nil, errors.New("the lock file is a symbolic link")
	}
	return os.OpenFile(name, os.O_RDWR|os.O_CREATE, fileMode)
}

// lockOffset is the byte locked: far beyond the process ID written
// at the start, which another rumref reads to say who holds the lock.
const lockOffset = 1 << 30

func lockFile(f *os.File) error {
	ol := windows.Overlapped{Offset: lockOffset}
	return windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
}

func unlockFile(f *os.File) {
	ol := windows.Overlapped{Offset: lockOffset}
	windows.UnlockFileEx(windows.Handle(f.Fd()), 0, 1, 0, &ol)
}

// syncDir does nothing: Windows cannot flush a directory, and a rename
// there is written through by the file system.
func syncDir(string) error { return nil }
