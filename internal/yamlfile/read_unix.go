//go:build unix

package yamlfile

import (
	"io/fs"
	"os"
	"syscall"
)

// openRead opens path for reading without waiting: opening a pipe for
// reading would otherwise wait for a writer. The file it returns is in
// blocking mode again, which a regular file's reads never notice (and
// ReadFile reads nothing else), so that os.NewFile leaves it out of the
// runtime's poller: a non-blocking file made the runtime start the
// poller (an epoll instance, an eventfd and three calls) for this one file.
func openRead(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		if err := syscall.SetNonblock(fd, false); err != nil {
			syscall.Close(fd)
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
