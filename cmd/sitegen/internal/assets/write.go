package assets

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteAtomic writes data to the file p through a temporary file in the
// same folder renamed into place, so a reader sees the old or the new
// content, never a part, and a crash leaves at most a ".tmp-*" file.
// Missing parent folders are created. The file gets mode 0644.
func WriteAtomic(p string, data []byte) error { return WriteAtomicVia(p, data, ".tmp-*") }

// WriteAtomicVia is WriteAtomic through a temporary file named by pattern
// (os.CreateTemp's: its last "*" the random part), so that the one a
// crash leaves can be told from others and removed by its writer.
func WriteAtomicVia(p string, data []byte, pattern string) error {
	dir := filepath.Dir(p)
	if err := Mkdir(dir); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	err = errors.Join(werr, cerr)
	if err == nil {
		err = os.Chmod(f.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("write %s: %w", p, err)
	}
	return nil
}

// CopyAtomic is WriteAtomic for the first size bytes of src, copied a
// chunk at a time (as Output.Copy copies a large file): a file of any size
// replaces p whole without being held in memory. A src that is not size
// bytes long (a file that changed meanwhile) is an error, and p is left
// as it was.
func CopyAtomic(p string, src io.ReaderAt, size int64) error {
	dir := filepath.Dir(p)
	if err := Mkdir(dir); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	var o Output // for its buffer
	tmp, _, err := o.spill(dir, src, size)
	if err == nil && longer(src, size) {
		err = errChanged
	}
	if err := placeSpilled(tmp, p, err); err != nil {
		return fmt.Errorf("write %s: %w", p, err)
	}
	return nil
}

// CreateNew writes data to a new file p, and does nothing when anything is
// at p already: it never replaces a file, nor writes through a symbolic
// link. It reports whether it wrote p (a file it could not finish is
// removed).
func CreateNew(p string, data []byte) bool {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL|oNoFollow, 0o644)
	if err != nil {
		return false
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr != nil || cerr != nil {
		_ = os.Remove(p)
		return false
	}
	return true
}

// WriteFile writes data to dir/rel (rel slash-separated), creating parent
// folders. It is for files in a fresh output tree that nobody reads yet;
// use WriteAtomic for a file that may be read while it is replaced.
func WriteFile(dir, rel string, data []byte) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := Mkdir(filepath.Dir(p)); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}

// Mkdir makes sure folder d exists. Pages are written roughly in reading
// order, parents first, so one Mkdir call usually does; MkdirAll (a Stat
// per level) is the fallback. System calls dominate the cost of writing
// thousands of small files.
func Mkdir(d string) error {
	err := os.Mkdir(d, 0o755)
	switch {
	case err == nil, errors.Is(err, fs.ErrExist):
		return nil
	case errors.Is(err, fs.ErrNotExist):
		return os.MkdirAll(d, 0o755)
	}
	return err
}
