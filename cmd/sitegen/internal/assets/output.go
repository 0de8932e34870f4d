package assets

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// Output is the folder a build writes its files into. When Prev names the
// previous build's output, a file whose bytes equal those of the same path
// there is hard-linked from it instead of written, so a rebuild writes
// only what changed while still building a whole new tree that replaces
// the old one atomically. Where links are refused (another file system,
// a file system without them) it writes every file, as a fresh build does.
//
// With InPlace, Dir already holds an older output of the same site (the
// one before Prev, which a build keeps for this) and is brought up to
// date: a file whose bytes are already right stays as it is, any other is
// replaced, and Prune then removes what the build did not write. On a
// typical rebuild that touches a few files out of thousands, nothing else
// is created or deleted, so the file system does almost no work.
//
// Linking is safe because sitegen never changes a published file in
// place: the dev server replaces files by rename (WriteAtomic), a build's
// old tree is only ever removed or brought up to date by InPlace, which
// replaces a file (a new inode) rather than writing through it, since
// the file may be linked from the published tree. An Output is safe for
// concurrent use.
type Output struct {
	// Dir is the folder being written (a build's staging folder).
	Dir string
	// Prev is the previous output to reuse files from; "" for none.
	Prev string
	// InPlace says Dir holds an older output to bring up to date rather
	// than nothing. Prune must follow the writes.
	InPlace bool
	// Sparse says Dir receives only the files that differ from Prev's:
	// a file whose bytes Prev already holds is left there (recorded, not
	// linked), so that Dir holds what must be moved into Prev to make it
	// this output (Written lists those files). For a build that brings the
	// published folder up to date in place (site's commit.go).
	Sparse bool

	dirs   sync.Map     // folders of Dir known to exist (and, InPlace, to be real folders, not links)
	prevOK sync.Map     // folders of Prev -> whether they are real folders, not links
	noLink atomic.Bool  // a link failed: stop trying
	reused atomic.Int64 // files kept, or linked from Prev
	wrote  atomic.Int64 // files written
	bufs   sync.Pool    // compare's read buffers (*[]byte): a rebuild compares thousands of files
	// copyBufs are Copy's buffers (*[]byte, copyChunk bytes).
	copyBufs sync.Pool

	mu      sync.Mutex
	sums    map[string][sha256.Size]byte // rel -> SHA-256 of what Write put there
	written map[string]bool              // Sparse: the files placed in Dir
}

// adopt makes the file old of Prev the file to of Dir: linked there, or
// (Sparse) left where it is. rel is its path, for a Sparse Dir that holds
// a file of an earlier write of rel, which goes.
func (o *Output) adopt(rel, old, to string) error {
	if !o.Sparse {
		return o.link(old, to)
	}
	o.mu.Lock()
	was := o.written[rel]
	delete(o.written, rel)
	o.mu.Unlock()
	if was {
		return o.removeFor(to)
	}
	return nil
}

// placed notes that rel was written into Dir (Sparse: it is to be moved).
func (o *Output) placed(rel string) {
	if !o.Sparse {
		return
	}
	o.mu.Lock()
	if o.written == nil {
		o.written = map[string]bool{}
	}
	o.written[rel] = true
	o.mu.Unlock()
}

// Written lists, sorted, the files of a Sparse output placed in Dir: those
// whose bytes Prev does not hold.
func (o *Output) Written() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return slices.Sorted(maps.Keys(o.written))
}

// Path is where the file rel of the output is: in Prev for a file a
// Sparse output left there, else in Dir.
func (o *Output) Path(rel string) string {
	if o.Sparse {
		o.mu.Lock()
		w := o.written[rel]
		o.mu.Unlock()
		if !w {
			return filepath.Join(o.Prev, filepath.FromSlash(rel))
		}
	}
	return filepath.Join(o.Dir, filepath.FromSlash(rel))
}

// File is one file of an Output: its slash-separated path under Dir and
// the SHA-256 of its content (zero for a file kept by KeepGzip, whose name
// stands for its content).
type File struct {
	Rel string
	Sum [sha256.Size]byte
}

// Files lists the files written or linked so far, sorted by path, so
// that callers can hash a build's output without reading it back.
func (o *Output) Files() []File {
	o.mu.Lock()
	defer o.mu.Unlock()
	files := make([]File, 0, len(o.sums))
	for rel, sum := range o.sums {
		files = append(files, File{rel, sum})
	}
	slices.SortFunc(files, func(a, b File) int { return strings.Compare(a.Rel, b.Rel) })
	return files
}

// record notes the content of rel (the last write of a path wins).
func (o *Output) record(rel string, data []byte) { o.recordSum(rel, sha256.Sum256(data)) }

// recordSum notes that rel holds content of hash sum.
func (o *Output) recordSum(rel string, sum [sha256.Size]byte) {
	o.mu.Lock()
	if o.sums == nil {
		o.sums = map[string][sha256.Size]byte{}
	}
	o.sums[rel] = sum
	o.mu.Unlock()
}

// KeepGzip keeps the file rel when it already holds data gzip-compressed,
// as Write keeps or links an unchanged file (in an InPlace Dir it stays,
// else it is linked from Prev), but with data neither compressed first
// nor compared whole: it is for files whose name carries a hash of data
// (the search index's parts), so that a rebuild costs nothing for those
// that did not change. Of the file it reads only the gzip trailer, the
// CRC-32 and size of data, which a file cut short (a killed build's) does
// not end with. It reports false, doing nothing, when no such file is
// there; the caller then compresses data and writes it. Files lists a file
// kept this way with a zero Sum.
func (o *Output) KeepGzip(rel string, data []byte) bool {
	return o.KeepGzipOf(rel, crc32.ChecksumIEEE(data), len(data))
}

// KeepGzipOf is KeepGzip for content known by its CRC-32 and size (a
// build cache's record of it), without the content.
func (o *Output) KeepGzipOf(rel string, crc uint32, size int) bool {
	var trailer [8]byte
	binary.LittleEndian.PutUint32(trailer[:4], crc)
	binary.LittleEndian.PutUint32(trailer[4:], uint32(size))
	name := filepath.FromSlash(rel)
	to := filepath.Join(o.Dir, name)
	if o.InPlace {
		if err := o.mkdir(filepath.Dir(to)); err != nil {
			return false
		}
		switch endsWith(to, trailer[:]) {
		case same:
			o.kept(rel)
			return true
		case differs:
			return false // Write replaces it
		}
	}
	if o.Prev == "" || o.noLink.Load() {
		return false
	}
	old := filepath.Join(o.Prev, name)
	if !o.prevReal(filepath.Dir(old)) || endsWith(old, trailer[:]) != same {
		return false
	}
	if err := o.keepPrev(rel, old, to); err != nil {
		return false // Write tries again, and stops linking if links fail
	}
	o.kept(rel)
	return true
}

// KeepSum keeps the file rel when the output being brought up to date
// (InPlace) or the previous one holds it with content hash sum, as Write
// keeps or links an unchanged file, but without its data: for a build
// that knows what the file would hold (a build cache's record of the
// previous build, site's buildcache.go). The file is read whole and
// hashed, so one edited or cut short since is never kept. It reports
// false when it kept nothing; the caller then writes the file.
func (o *Output) KeepSum(rel string, sum [sha256.Size]byte) bool {
	name := filepath.FromSlash(rel)
	to := filepath.Join(o.Dir, name)
	if o.InPlace {
		if err := o.mkdir(filepath.Dir(to)); err != nil {
			return false
		}
		switch hashIs(to, -1, sum) {
		case same:
			o.keptSum(rel, sum)
			return true
		case differs: // replaced below, never written through
			if err := o.removeFor(to); err != nil {
				return false
			}
		}
	}
	if o.Prev == "" || o.noLink.Load() {
		return false
	}
	old := filepath.Join(o.Prev, name)
	if !o.prevReal(filepath.Dir(old)) || hashIs(old, -1, sum) != same {
		return false
	}
	if err := o.keepPrev(rel, old, to); err != nil {
		return false // Write tries again, and stops linking if links fail
	}
	o.keptSum(rel, sum)
	return true
}

// KeepIf keeps the file rel as KeepSum does, but trusts the file found
// (InPlace, the one in Dir; else, or when that one is not trusted, the
// one in Prev, linked) when trust accepts its information (Lstat: a
// regular file, never a link) instead of reading and hashing it: for a
// build cache that recorded each file's size, time and inode (git's
// index does so for a work tree). sum is recorded as the file's hash. It
// returns the information of the file kept, or false when it kept
// nothing; the caller then writes the file (a file in Dir that was not
// trusted is replaced, never written through).
func (o *Output) KeepIf(rel string, sum [sha256.Size]byte, trust func(fs.FileInfo) bool) (fs.FileInfo, bool) {
	name := filepath.FromSlash(rel)
	to := filepath.Join(o.Dir, name)
	there := false
	if o.InPlace {
		if err := o.mkdir(filepath.Dir(to)); err != nil {
			return nil, false
		}
		info, err := os.Lstat(to)
		if err == nil && info.Mode().IsRegular() && trust(info) {
			o.keptSum(rel, sum)
			return info, true
		}
		there = err == nil
	}
	if o.Prev == "" || o.noLink.Load() {
		return nil, false
	}
	old := filepath.Join(o.Prev, name)
	if !o.prevReal(filepath.Dir(old)) {
		return nil, false
	}
	info, err := os.Lstat(old)
	if err != nil || !info.Mode().IsRegular() || !trust(info) {
		return nil, false
	}
	if there {
		if err := o.removeFor(to); err != nil {
			return nil, false
		}
	}
	if err := o.keepPrev(rel, old, to); err != nil {
		return nil, false
	}
	o.keptSum(rel, sum)
	return info, true
}

// keepPrev keeps the file old of Prev as the file to (rel) of Dir, as
// KeepGzip, KeepSum and KeepIf do: linked (its folders made), or, Sparse,
// left in Prev.
func (o *Output) keepPrev(rel, old, to string) error {
	if o.Sparse {
		return o.adopt(rel, old, to)
	}
	if err := o.mkdir(filepath.Dir(to)); err != nil {
		return err
	}
	return os.Link(old, to)
}

// hashIs reports whether the regular file p (not a symbolic link) has
// content hash sum, and size bytes unless size is negative: same,
// differs, or absent when there is nothing at p. A file of another size
// is not read.
func hashIs(p string, size int64, sum [sha256.Size]byte) match {
	f, n, m := openRegular(p)
	if m != same {
		return m
	}
	defer f.Close()
	if size >= 0 && n != size {
		return differs
	}
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil || !bytes.Equal(h.Sum(nil), sum[:]) {
		return differs
	}
	return same
}

// keptSum records the file rel kept by KeepSum, with its hash.
func (o *Output) keptSum(rel string, sum [sha256.Size]byte) {
	o.reused.Add(1)
	o.recordSum(rel, sum)
}

// kept records the file rel kept or linked by KeepGzip.
func (o *Output) kept(rel string) {
	o.reused.Add(1)
	o.mu.Lock()
	if o.sums == nil {
		o.sums = map[string][sha256.Size]byte{}
	}
	o.sums[rel] = [sha256.Size]byte{}
	o.mu.Unlock()
}

// endsWith reports whether the regular file p (not a symbolic link) ends
// with tail: same, differs, or absent when there is nothing at p.
func endsWith(p string, tail []byte) match {
	f, size, m := openRegular(p)
	if m != same {
		return m
	}
	defer f.Close()
	if size < int64(len(tail)) {
		return differs
	}
	buf := make([]byte, len(tail))
	if _, err := f.ReadAt(buf, size-int64(len(tail))); err != nil || !bytes.Equal(buf, tail) {
		return differs
	}
	return same
}

// openRegular opens the regular file p for reading without following a
// symbolic link, with its size: same when it is open (the caller closes
// it), absent when there is nothing at p, differs for anything else (a
// link, a folder, an error).
func openRegular(p string) (*os.File, int64, match) {
	f, err := os.OpenFile(p, os.O_RDONLY|oNoFollow, 0)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return nil, 0, absent
	}
	if err != nil {
		return nil, 0, differs
	}
	info, err := f.Stat()
	if err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, 0, differs
	}
	return f, info.Size(), same
}

// Has reports whether rel was written (or kept, or linked) through o.
// Unlike a look at Dir, it is right for an InPlace output too.
func (o *Output) Has(rel string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	_, ok := o.sums[rel]
	return ok
}

// Write writes data to Dir/rel (rel slash-separated), creating parent
// folders, or links the unchanged file of Prev there, or (InPlace) keeps
// the file already there when it holds data.
func (o *Output) Write(rel string, data []byte) error {
	o.record(rel, data)
	name := filepath.FromSlash(rel)
	to := filepath.Join(o.Dir, name)
	if o.InPlace {
		if err := o.mkdir(filepath.Dir(to)); err != nil { // no link on the way to what compare reads
			return err
		}
		switch o.compare(to, data) {
		case same:
			o.reused.Add(1)
			return nil
		case differs: // replaced below, never written through
			if err := o.removeFor(to); err != nil {
				return err
			}
		}
	}
	if o.Prev != "" && !o.noLink.Load() {
		old := filepath.Join(o.Prev, name)
		if o.prevReal(filepath.Dir(old)) && o.compare(old, data) == same {
			if err := o.adopt(rel, old, to); err == nil {
				o.reused.Add(1)
				return nil
			}
			o.noLink.Store(true)
		}
	}
	o.wrote.Add(1)
	o.placed(rel)
	return o.retry(to, func() error { return create(to, data) })
}

// link links the file old of Prev to to, making to's folders; a file
// already at to is replaced.
func (o *Output) link(old, to string) error {
	return o.retry(to, func() error {
		err := os.Link(old, to)
		if errors.Is(err, fs.ErrExist) { // written twice (an error the build reports): the last wins
			if err = o.removeFor(to); err == nil {
				err = os.Link(old, to)
			}
		}
		return err
	})
}

// create writes data to the new file p. A file already there may be a
// link to the previous output, so it is removed, never written through.
func create(p string, data []byte) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		if err = removePath(p); err == nil {
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

// retry makes the parent folders of p under Dir and runs put, which
// creates p. When put finds a file where a folder of the path must be
// (an InPlace output whose page became a folder), that file is removed
// and put runs once more.
func (o *Output) retry(p string, put func() error) error {
	if err := o.mkdir(filepath.Dir(p)); err != nil {
		return err
	}
	err := put()
	if !o.InPlace || !errors.Is(err, syscall.ENOTDIR) {
		return err
	}
	rel, rerr := filepath.Rel(o.Dir, filepath.Dir(p))
	if rerr != nil {
		return err
	}
	d := o.Dir
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		d = filepath.Join(d, part)
		if info, serr := os.Lstat(d); serr == nil && !info.IsDir() {
			if rerr := os.Remove(d); rerr != nil {
				return rerr
			}
			break
		}
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return put()
}

// removeFor removes what is at p so that a file can be created there: a
// file, or (under an InPlace Dir) also a folder that a page used to be.
func (o *Output) removeFor(p string) error {
	if o.InPlace {
		return removePath(p)
	}
	err := os.Remove(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// removePath removes the file or folder at p; a missing p is no error.
func removePath(p string) error {
	err := os.Remove(p)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if info, lerr := os.Lstat(p); lerr == nil && info.IsDir() {
		return os.RemoveAll(p)
	}
	return err
}

// Prune removes from an InPlace Dir every file the build did not write
// (the pages and assets of the older output that are gone), except the
// top-level names keep reports true for, and the folders left empty.
// It returns the number of files removed. The top-level folders are
// walked concurrently (a site's sections: one folder a page).
func (o *Output) Prune(keep func(name string) bool) (int, error) {
	if !o.InPlace {
		return 0, nil
	}
	var n atomic.Int64
	var prune func(dir, rel string) (left int, err error)
	prune = func(dir, rel string) (int, error) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return 0, err
		}
		left := 0
		for _, e := range entries {
			r := e.Name()
			if rel != "" {
				r = rel + "/" + r
			}
			p := filepath.Join(dir, e.Name())
			switch {
			case e.IsDir():
				k, err := prune(p, r)
				if err != nil {
					return 0, err
				}
				if k > 0 {
					left++
				} else if err := os.Remove(p); err != nil {
					return 0, err
				}
			case o.Has(r):
				left++
			default:
				if err := os.Remove(p); err != nil {
					return 0, err
				}
				n.Add(1)
			}
		}
		return left, nil
	}
	entries, err := os.ReadDir(o.Dir)
	if err != nil {
		return 0, err
	}
	errs := make([]error, len(entries))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, e := range entries {
		p := filepath.Join(o.Dir, e.Name())
		switch {
		case keep != nil && keep(e.Name()):
		case e.IsDir():
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				k, err := prune(p, e.Name())
				if err == nil && k == 0 {
					err = os.Remove(p)
				}
				errs[i] = err
			})
		case !o.Has(e.Name()):
			if errs[i] = os.Remove(p); errs[i] == nil {
				n.Add(1)
			}
		}
	}
	wg.Wait()
	return int(n.Load()), errors.Join(errs...)
}

// Reused is the number of files linked from Prev so far; Wrote the number
// written.
func (o *Output) Reused() int64 { return o.reused.Load() }

// Wrote is the number of files written so far (not linked).
func (o *Output) Wrote() int64 { return o.wrote.Load() }

// match is what compare found at a path.
type match int

const (
	absent  match = iota // nothing there (or unreadable)
	same                 // a regular file holding exactly the data
	differs              // something else
)

// compare reports whether the regular file p holds exactly data. It reads
// at most len(data)+1 bytes, and nothing when the sizes differ. A symbolic
// link at p is not followed: it differs.
func (o *Output) compare(p string, data []byte) match {
	f, size, m := openRegular(p)
	if m != same {
		return m
	}
	defer f.Close()
	if size != int64(len(data)) {
		return differs
	}
	bp, _ := o.bufs.Get().(*[]byte)
	if bp == nil {
		b := make([]byte, 64<<10)
		bp = &b
	}
	defer o.bufs.Put(bp)
	buf := *bp
	for rest := data; len(rest) > 0; {
		n, err := io.ReadFull(f, buf[:min(len(buf), len(rest))])
		if err != nil || !bytes.Equal(buf[:n], rest[:n]) {
			return differs
		}
		rest = rest[n:]
	}
	if n, _ := f.Read(buf[:1]); n != 0 { // longer than its size said
		return differs
	}
	return same
}

// mkdir is Mkdir once per folder: most files share theirs with others.
// In an InPlace Dir, which holds an older output where a user may have
// put anything, every folder on the way is made sure to be a real folder
// (see realDir), so that nothing is written through a symbolic link.
func (o *Output) mkdir(d string) error {
	if _, ok := o.dirs.Load(d); ok {
		return nil
	}
	var err error
	if o.InPlace {
		err = realDir(o.Dir, d, &o.dirs)
	} else {
		err = Mkdir(d)
	}
	if err != nil {
		return err
	}
	o.dirs.Store(d, true)
	return nil
}

// prevReal reports whether the folder d of Prev and every folder above it
// up to Prev are real folders: a file is never linked from Prev through a
// symbolic link, which could lead anywhere.
func (o *Output) prevReal(d string) bool {
	if d == o.Prev {
		return true
	}
	if ok, seen := o.prevOK.Load(d); seen {
		return ok.(bool)
	}
	ok := false
	if rel, err := filepath.Rel(o.Prev, d); err == nil && !strings.HasPrefix(rel, "..") && o.prevReal(filepath.Dir(d)) {
		info, err := os.Lstat(d)
		ok = err == nil && info.IsDir()
	}
	o.prevOK.Store(d, ok)
	return ok
}

// RealDir makes sure that the folder d, under root, and every folder
// between them are real folders: a symbolic link or a file in the way is
// removed (the link itself, never what it leads to) and a folder made in
// its place. It is how sitegen writes into a folder of its own where a
// user may have put a link (the output, the spare): never through it.
// root itself is trusted.
func RealDir(root, d string) error { return realDir(root, d, nil) }

// ReachedDirectly reports whether the path p, under root, is reached
// through real folders only: none of the folders between root and p is a
// symbolic link, so removing p removes a file of root's tree, never one a
// link leads to.
func ReachedDirectly(root, p string) bool {
	root = filepath.Clean(root)
	for d := filepath.Dir(filepath.Clean(p)); d != root; d = filepath.Dir(d) {
		if rel, err := filepath.Rel(root, d); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return false
		}
		if info, err := os.Lstat(d); err != nil || !info.IsDir() {
			return false
		}
	}
	return true
}

// realDir is RealDir, remembering the folders it made sure of in known.
func realDir(root, d string, known *sync.Map) error {
	root, d = filepath.Clean(root), filepath.Clean(d)
	if d == root {
		return nil
	}
	if known != nil {
		if _, ok := known.Load(d); ok {
			return nil
		}
	}
	rel, err := filepath.Rel(root, d)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%s is not inside %s", d, root)
	}
	if err := realDir(root, filepath.Dir(d), known); err != nil {
		return err
	}
	info, err := os.Lstat(d)
	switch {
	case err == nil && info.IsDir():
	case err == nil: // a link or a file: removed, not followed
		if err := os.Remove(d); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		fallthrough
	case errors.Is(err, fs.ErrNotExist):
		if err := os.Mkdir(d, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		if info, err := os.Lstat(d); err != nil || !info.IsDir() {
			return fmt.Errorf("%s: not a folder", d)
		}
	default:
		return err
	}
	if known != nil {
		known.Store(d, true)
	}
	return nil
}

// Complete makes a Sparse output whole: every file it left in Prev is
// linked into Dir (copied where links fail), so that Dir can replace Prev
// as a full build's tree does. The output is no longer Sparse.
func (o *Output) Complete() error {
	o.mu.Lock()
	rels := make([]string, 0, len(o.sums))
	for rel := range o.sums {
		if !o.written[rel] {
			rels = append(rels, rel)
		}
	}
	o.mu.Unlock()
	for _, rel := range rels {
		old := filepath.Join(o.Prev, filepath.FromSlash(rel))
		to := filepath.Join(o.Dir, filepath.FromSlash(rel))
		if err := o.mkdir(filepath.Dir(to)); err != nil {
			return err
		}
		if os.Link(old, to) == nil {
			continue
		}
		f, size, m := openRegular(old)
		if m != same {
			return fmt.Errorf("%s: not a regular file", old)
		}
		err := CopyAtomic(to, f, size)
		f.Close()
		if err != nil {
			return err
		}
	}
	o.mu.Lock()
	o.Sparse, o.written = false, nil
	o.mu.Unlock()
	return nil
}
