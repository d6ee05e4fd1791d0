package yamlfile

import (
	"errors"
	"io"
	"io/fs"
	"strconv"

	"rumref/locale"
)

// ReadFile reads a file a person named (a save, a score sheet, a card
// file). It must be a regular file of at most limit bytes: a directory, a
// pipe, a device such as /dev/zero or a socket is refused at once, without
// waiting for it to be written to, and a file that is or grows larger than
// limit is refused without reading more than limit+1 bytes.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := openRead(path)
	if err != nil {
		return nil, openError(path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, openError(path, err)
	}
	if err := regular(path, st); err != nil {
		return nil, err
	}
	if st.Size() > limit {
		return nil, failure(0, say("read.too_big", path, strconv.FormatInt(st.Size(), 10), strconv.FormatInt(limit, 10)))
	}
	// Read into room for the size the file has now and one byte more, to
	// see it grow or end (io.ReadAll doubles its buffer from 512 bytes),
	// as os.ReadFile does.
	data := make([]byte, 0, min(st.Size(), limit)+1)
	r := io.LimitReader(f, limit+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, rerr := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			err = rerr
			break
		}
	}
	if err != nil {
		return nil, &wrapped{failure(0, say("read.error", path, err)), err}
	}
	if int64(len(data)) > limit {
		return nil, failure(0, say("read.grew", path, strconv.FormatInt(limit, 10)))
	}
	return data, nil
}

// regular refuses anything but a regular file, saying what it is.
func regular(path string, st fs.FileInfo) error {
	m := st.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return failure(0, say("read.dir", path))
	case m&fs.ModeNamedPipe != 0:
		return failure(0, say("read.fifo", path))
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return failure(0, say("read.device", path))
	}
	return failure(0, say("read.irregular", path))
}

// openError words a failure to open a file.
func openError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return failure(0, say("read.missing", path))
	case errors.Is(err, fs.ErrPermission):
		return failure(0, say("read.denied", path))
	}
	return &wrapped{failure(0, say("read.open", path, err)), err}
}

// wrapped is an Error that wraps the error it words (errors.Is sees it).
type wrapped struct {
	e     *Error
	cause error
}

func (w *wrapped) Error() string           { return w.e.Error() }
func (w *wrapped) In(l locale.Lang) string { return w.e.In(l) }
func (w *wrapped) Unwrap() error           { return w.cause }
