package assets

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// copyInMemory is the size up to which Copy reads a file whole and
// writes it as Write does: a small file costs fewer system calls so.
const copyInMemory = 256 << 10

// copyChunk is the size of Copy's reads and writes.
const copyChunk = 1 << 20

// errChanged is the error of a file that changed while it was published.
var errChanged = errors.New("changed while it was being published: build again")

// HashFile returns the SHA-256 of the first size bytes of src, read a
// chunk at a time: for a file to publish under a name made from its
// content (PublishedNameSum) without holding it in memory. A src shorter
// than size is an error.
func HashFile(src io.ReaderAt, size int64) ([sha256.Size]byte, error) {
	var o Output
	return o.hash(src, size)
}

// Copy publishes the first size bytes of src as rel, as Write publishes
// data (an unchanged file kept or linked from Prev, else written), without
// holding more than a chunk of a large file in memory: for files sitegen
// publishes as they are (a static file, a file a page links to), however
// large. A large file is written to a temporary file beside rel, hashed
// as it is written, then renamed into place, so rel never holds part of
// a file; blocks of zeros are left as holes, as cp does, and read back as
// zeros. To keep or link a file it finds, Copy reads src once more and
// hashes it, and compares size and hash. A src that is not size bytes
// long (a file that changed meanwhile) is an error.
func (o *Output) Copy(rel string, src io.ReaderAt, size int64) error {
	return o.copyFile(rel, src, size, nil)
}

// CopySum is Copy for a file whose SHA-256 the caller found (HashFile) to
// name it (PublishedNameSum): if src no longer has that content, nothing
// is published and CopySum returns an error, so that a name never stands
// for other bytes than its own.
func (o *Output) CopySum(rel string, src io.ReaderAt, size int64, sum [sha256.Size]byte) error {
	return o.copyFile(rel, src, size, &sum)
}

func (o *Output) copyFile(rel string, src io.ReaderAt, size int64, want *[sha256.Size]byte) error {
	if size <= copyInMemory {
		data := make([]byte, size)
		if err := readFull(src, data); err != nil || longer(src, size) {
			return fmt.Errorf("read %s: %w", rel, cmp.Or(err, errChanged))
		}
		if want != nil && sha256.Sum256(data) != *want {
			return fmt.Errorf("%s: %w", rel, errChanged)
		}
		return o.Write(rel, data)
	}
	to := filepath.Join(o.Dir, filepath.FromSlash(rel))
	if o.InPlace || o.Prev != "" && !o.noLink.Load() { // a file to keep may be there
		var sum [sha256.Size]byte
		if want != nil {
			sum = *want
		} else {
			var err error
			if sum, err = o.hash(src, size); err != nil {
				return fmt.Errorf("read %s: %w", rel, err)
			}
			want = &sum
		}
		if kept, err := o.keep(rel, to, size, sum); kept || err != nil {
			return err
		}
	}
	var tmp string
	var sum [sha256.Size]byte
	err := o.retry(to, func() error {
		var err error
		tmp, sum, err = o.spill(filepath.Dir(to), src, size)
		return err
	})
	if err == nil && (want != nil && sum != *want || longer(src, size)) {
		err = errChanged
	}
	if err := placeSpilled(tmp, to, err); err != nil {
		return fmt.Errorf("publish %s: %w", rel, err)
	}
	o.wrote.Add(1)
	o.placed(rel)
	o.recordSum(rel, sum)
	return nil
}

// placeSpilled renames the copy spill made (tmp) to its name, to, unless
// the copy failed (err); a copy not renamed is removed.
func placeSpilled(tmp, to string, err error) error {
	if err == nil {
		err = os.Rename(tmp, to)
	}
	if err != nil && tmp != "" {
		_ = os.Remove(tmp)
	}
	return err
}

// keep keeps the file to (rel) when it holds size bytes of hash sum, as
// Write keeps an unchanged file: in an InPlace Dir the file there, else
// the one of Prev, linked. It removes a file of an InPlace Dir that
// differs, so that it is replaced, never written through.
func (o *Output) keep(rel, to string, size int64, sum [sha256.Size]byte) (bool, error) {
	if o.InPlace {
		if err := o.mkdir(filepath.Dir(to)); err != nil {
			return false, err
		}
		switch hashIs(to, size, sum) {
		case same:
			o.keptSum(rel, sum)
			return true, nil
		case differs:
			if err := o.removeFor(to); err != nil {
				return false, err
			}
		}
	}
	if o.Prev == "" || o.noLink.Load() {
		return false, nil
	}
	old := filepath.Join(o.Prev, filepath.FromSlash(rel))
	if !o.prevReal(filepath.Dir(old)) || hashIs(old, size, sum) != same {
		return false, nil
	}
	if err := o.adopt(rel, old, to); err != nil {
		o.noLink.Store(true)
		return false, nil
	}
	o.keptSum(rel, sum)
	return true, nil
}

// spill copies size bytes of src into a new temporary file in dir and
// returns its path and the SHA-256 of what it holds. A chunk of zeros is
// not written: the file is cut to its size at the end, which leaves a
// hole there, read back as zeros.
func (o *Output) spill(dir string, src io.ReaderAt, size int64) (string, [sha256.Size]byte, error) {
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return "", [sha256.Size]byte{}, err
	}
	buf := o.chunk()
	defer o.copyBufs.Put(buf)
	h := sha256.New()
	for off := int64(0); off < size && err == nil; {
		b := (*buf)[:min(int64(len(*buf)), size-off)]
		if err = readFullAt(src, b, off); err != nil {
			break
		}
		h.Write(b)
		if bytes.Count(b, []byte{0}) != len(b) {
			_, err = f.WriteAt(b, off)
		}
		off += int64(len(b))
	}
	if err == nil {
		err = f.Truncate(size)
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name())
		return "", [sha256.Size]byte{}, err
	}
	return f.Name(), [sha256.Size]byte(h.Sum(nil)), nil
}

// hash is HashFile with o's buffers.
func (o *Output) hash(src io.ReaderAt, size int64) ([sha256.Size]byte, error) {
	buf := o.chunk()
	defer o.copyBufs.Put(buf)
	h := sha256.New()
	for off := int64(0); off < size; {
		b := (*buf)[:min(int64(len(*buf)), size-off)]
		if err := readFullAt(src, b, off); err != nil {
			return [sha256.Size]byte{}, err
		}
		h.Write(b)
		off += int64(len(b))
	}
	return [sha256.Size]byte(h.Sum(nil)), nil
}

// chunk returns a buffer of copyChunk bytes from o's pool (put it back).
func (o *Output) chunk() *[]byte {
	if bp, _ := o.copyBufs.Get().(*[]byte); bp != nil {
		return bp
	}
	b := make([]byte, copyChunk)
	return &b
}

// readFull fills b from the start of src.
func readFull(src io.ReaderAt, b []byte) error { return readFullAt(src, b, 0) }

// readFullAt fills b from src at off; a src that ends first changed
// since its size was taken.
func readFullAt(src io.ReaderAt, b []byte, off int64) error {
	n, err := src.ReadAt(b, off)
	if n == len(b) {
		return nil
	}
	if err == nil || errors.Is(err, io.EOF) {
		return errChanged
	}
	return err
}

// longer reports whether src has more than size bytes: a file that grew
// since its size was taken, which would be published cut short.
func longer(src io.ReaderAt, size int64) bool {
	var one [1]byte
	n, _ := src.ReadAt(one[:], size)
	return n > 0
}
