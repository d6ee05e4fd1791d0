//go:build !unix && !windows

package journal

import (
	"errors"
	"os"
)

var errWouldBlock = errors.New("locked")

func openLock(name string) (*os.File, error) {
	return os.OpenFile(name, os.O_RDWR|os.O_CREATE, fileMode)
}

// lockFile cannot lock here; the game is still saved safely.
func lockFile(*os.File) error { return nil }

func unlockFile(*os.File) {}

func syncDir(string) error { return nil }
