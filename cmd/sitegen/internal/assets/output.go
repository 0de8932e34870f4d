package assets

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
)

// Output is the folder a build writes its files into. When Prev names the
// previous build's output, a file whose bytes equal those of the same path
// there is hard-linked from it instead of written, so a rebuild writes
// only what changed while still building a whole new tree that replaces
// the old one atomically. Where links are refused (another file system,
// a file system without them) it writes every file, as a fresh build does.
//
// Linking is safe because sitegen never changes a published file in
// place: the dev server replaces files by rename (WriteAtomic), and a
// build's old tree is only ever removed. An Output is safe for concurrent
// use.
type Output struct {
	// Dir is the folder being written (a build's staging folder).
	Dir string
	// Prev is the previous output to reuse files from; "" for none.
	Prev string

	dirs   sync.Map     // folders of Dir known to exist
	noLink atomic.Bool  // a link failed: stop trying
	reused atomic.Int64 // files linked from Prev
	wrote  atomic.Int64 // files written
}

// Write writes data to Dir/rel (rel slash-separated), creating parent
// folders, or links the unchanged file of Prev there.
func (o *Output) Write(rel string, data []byte) error {
	if o.Prev != "" && !o.noLink.Load() {
		name := filepath.FromSlash(rel)
		old := filepath.Join(o.Prev, name)
		if sameContent(old, data) {
			to := filepath.Join(o.Dir, name)
			if err := o.mkdir(filepath.Dir(to)); err != nil {
				return err
			}
			err := os.Link(old, to)
			if errors.Is(err, fs.ErrExist) { // written twice (an error the build reports): the last wins
				if err = os.Remove(to); err == nil {
					err = os.Link(old, to)
				}
			}
			if err == nil {
				o.reused.Add(1)
				return nil
			}
			o.noLink.Store(true)
		}
	}
	o.wrote.Add(1)
	return o.create(rel, data)
}

// create writes data to a new file Dir/rel. A file already there may be a
// link to the previous output, so it is removed, never written through.
func (o *Output) create(rel string, data []byte) error {
	p := filepath.Join(o.Dir, filepath.FromSlash(rel))
	if err := o.mkdir(filepath.Dir(p)); err != nil {
		return err
	}
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		if err = os.Remove(p); err == nil {
			f, err = os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		}
	}
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// Reused is the number of files linked from Prev so far; Wrote the number
// written.
func (o *Output) Reused() int64 { return o.reused.Load() }

// Wrote is the number of files written so far (not linked).
func (o *Output) Wrote() int64 { return o.wrote.Load() }

// sameContent reports whether the regular file p holds exactly data. It
// reads at most len(data)+1 bytes, and nothing when the sizes differ.
func sameContent(p string, data []byte) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() || info.Size() != int64(len(data)) {
		return false
	}
	buf := make([]byte, len(data)+1)
	n, err := io.ReadFull(f, buf)
	if err != io.ErrUnexpectedEOF && err != io.EOF && err != nil {
		return false
	}
	return n == len(data) && bytes.Equal(buf[:n], data)
}

// mkdir is Mkdir once per folder: most files share theirs with others.
func (o *Output) mkdir(d string) error {
	if _, ok := o.dirs.Load(d); ok {
		return nil
	}
	if err := Mkdir(d); err != nil {
		return err
	}
	o.dirs.Store(d, true)
	return nil
}
