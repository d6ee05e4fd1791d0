package yamlfile

import (
	"errors"
	"io"
	"io/fs"
	"rumref/referee"
	"strconv"
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
		return nil, failure(0, say("read.too_big", referee.Str(path), referee.Str(strconv.FormatInt(st.Size(), 10)), referee.Str(strconv.FormatInt(limit, 10))))
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
		return nil, &Error{msg: say("read.error", referee.Str(path), referee.Err(err)), cause: err}
	}
	if int64(len(data)) > limit {
		return nil, failure(0, say("read.grew", referee.Str(path), referee.Str(strconv.FormatInt(limit, 10))))
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
		return failure(0, say("read.dir", referee.Str(path)))
	case m&fs.ModeNamedPipe != 0:
		return failure(0, say("read.fifo", referee.Str(path)))
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return failure(0, say("read.device", referee.Str(path)))
	}
	return failure(0, say("read.irregular", referee.Str(path)))
}

// openError words a failure to open a file.
func openError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return failure(0, say("read.missing", referee.Str(path)))
	case errors.Is(err, fs.ErrPermission):
		return failure(0, say("read.denied", referee.Str(path)))
	}
	return &Error{msg: say("read.open", referee.Str(path), referee.Err(err)), cause: err}
}
