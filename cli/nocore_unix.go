//go:build unix

package cli

import "golang.org/x/sys/unix"

// noCoreFiles keeps a crash from writing a core file, which would hold
// every secret of the game in play.
func noCoreFiles() {
	unix.Setrlimit(unix.RLIMIT_CORE, &unix.Rlimit{Cur: 0, Max: 0})
}
