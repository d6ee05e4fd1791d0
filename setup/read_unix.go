//go:build unix

package setup

import "syscall"

// openNonblock opens a pipe without waiting for a writer.
const openNonblock = syscall.O_NONBLOCK
