package yamlfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
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
		return nil, fmt.Errorf("%s is %d bytes; rumref reads files of at most %d bytes", path, st.Size(), limit)
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
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s grew past %d bytes while it was read; rumref reads files of at most %d bytes", path, limit, limit)
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
		return fmt.Errorf("%s is a directory: give the path of a file", path)
	case m&fs.ModeNamedPipe != 0:
		return fmt.Errorf("%s is a pipe (FIFO), not a file: rumref reads only regular files", path)
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return fmt.Errorf("%s is a device, not a file: rumref reads only regular files", path)
	}
	return fmt.Errorf("%s is not a regular file: rumref reads only regular files", path)
}

// openError words a failure to open a file.
func openError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s does not exist", path)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("%s cannot be read: permission denied", path)
	}
	return fmt.Errorf("opening %s: %w", path, err)
}
