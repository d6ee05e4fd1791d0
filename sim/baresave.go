package sim

import "os"

// BareSave writes data to path the plainest safe way: a temp file,
// written, fsynced and renamed over the save. It is the yardstick the
// autosave is measured against (bench/run and the benchmarks); rumref
// itself saves with journal.Write.
func BareSave(path string, data []byte) error {
	tmp := path + ".tmp"
	fh, err := os.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := fh.Write(data); err != nil {
		fh.Close()
		return err
	}
	if err := fh.Sync(); err != nil {
		fh.Close()
		return err
	}
	if err := fh.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
