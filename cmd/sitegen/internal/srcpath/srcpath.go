// Package srcpath holds the one rule for reaching a file of a site's
// source folder: symbolic links are followed only while they stay inside
// it. The rule holds for every component of a path, so for the folders a
// layout names (the content folder, static folders, a folder or file read
// from a setting) as for the files found in them, and it holds when the
// file is read, not only when the folder was listed: a link swapped in
// later (under `sitegen serve`) is refused too.
//
// Paths are slash paths relative to the source folder. A link may be
// relative or absolute as long as it resolves inside the source folder;
// the source folder itself may be reached through links (--source ~/site
// where ~/site -> /data/site).
package srcpath

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"

	"d6codex/cmd/sitegen/internal/srcname"
)

// Error is a path that a symbolic link takes out of the source folder (or,
// for Check, to a name the site leaves out).
type Error struct {
	// Link is the source-relative path of the link at fault (a component
	// of the path asked for, or the path itself).
	Link string
	// Target is where the link leads: an absolute path when it leaves
	// the source folder, else the source-relative path.
	Target string
	// Outside is set when Target is outside the source folder; otherwise
	// Target holds a hidden (or temporary) name.
	Outside bool
}

func (e *Error) Error() string {
	if e.Outside {
		return "symbolic link to " + e.Target + ", outside the site folder: sitegen reads only files inside it"
	}
	return "symbolic link to " + e.Target + ", a hidden name: sitegen never publishes hidden files or folders"
}

// Real returns the source folder's absolute path with its links followed.
func Real(source string) (string, error) {
	real, err := filepath.EvalSymlinks(source)
	if err != nil {
		return "", err
	}
	return filepath.Abs(real)
}

// Within reports whether p is parent or lies under it (both absolute and
// clean).
func Within(p, parent string) bool {
	rel, err := filepath.Rel(parent, p)
	return err == nil && !filepath.IsAbs(rel) && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// Resolve follows the links of rel, component by component, and returns
// its source-relative path once they are followed. An *Error names the
// first link that leads out of the source folder; a missing component is
// an error wrapping fs.ErrNotExist.
func Resolve(source, rel string) (string, error) {
	real, err := Real(source)
	if err != nil {
		return "", err
	}
	return resolve(real, source, rel)
}

func resolve(real, source, rel string) (string, error) {
	rel = path.Clean(rel)
	if rel == "." {
		return ".", nil
	}
	if rel == ".." || strings.HasPrefix(rel, "../") || path.IsAbs(rel) {
		return "", &Error{Link: rel, Target: rel, Outside: true}
	}
	segs := strings.Split(rel, "/")
	var target string
	for i := range segs {
		prefix := strings.Join(segs[:i+1], "/")
		t, err := filepath.EvalSymlinks(filepath.Join(source, filepath.FromSlash(prefix)))
		if err == nil {
			t, err = filepath.Abs(t)
		}
		if err != nil {
			return "", err
		}
		if !Within(t, real) {
			return "", &Error{Link: prefix, Target: t, Outside: true}
		}
		target = t
	}
	r, err := filepath.Rel(real, target)
	if err != nil {
		return "", err
	}
	return filepath.ToSlash(r), nil
}

// Check is Resolve for a path whose files are published: besides leading
// out of the source folder, a link may not lead to a hidden or temporary
// name (srcname.Skip: content/notes -> ../.git), and rel itself may hold
// none (the caller names those: a setting, a folder).
func Check(source, rel string) (string, error) {
	real, err := Real(source)
	if err != nil {
		return "", err
	}
	return check(real, source, rel)
}

func check(real, source, rel string) (string, error) {
	target, err := resolve(real, source, rel)
	if err != nil {
		return "", err
	}
	if bad := SkippedPart(target); bad != "" && SkippedPart(rel) == "" {
		return "", &Error{Link: rel, Target: target}
	}
	return target, nil
}

// SkippedPart returns the first component of the slash path rel that
// the site leaves out (srcname.Skip: ".git", ".ssh", "x~"), or "".
func SkippedPart(rel string) string {
	segs := strings.Split(path.Clean(rel), "/")
	for i, s := range segs {
		if s != "." && s != ".." && srcname.Skip(s, i < len(segs)-1) {
			return s
		}
	}
	return ""
}

// Root is a source folder opened for reading under the rule, for a
// build's many reads: its links followed once, its folder held open (an
// os.Root, which refuses any path leading out of it). A Root that is no
// longer used may be left to the garbage collector or closed.
type Root struct {
	source string // as given
	real   string // with its links followed
	root   *os.Root
	dir    *os.File // the folder again, for Stat's one call (Linux); nil elsewhere
}

// New opens the source folder.
func New(source string) (*Root, error) {
	real, err := Real(source)
	if err != nil {
		return nil, err
	}
	root, err := os.OpenRoot(real)
	if err != nil {
		return nil, err
	}
	return &Root{source: source, real: real, root: root, dir: openDir(real)}, nil
}

// Close closes the folder.
func (r *Root) Close() error {
	if r.dir != nil {
		r.dir.Close()
	}
	return r.root.Close()
}

// Stat is the information of the file rel, reached under the rule as Open
// reaches it (a link on the way that leads out is refused), but of a link
// at its end, not followed: for a build cache that compares a file's
// stamp with the one it recorded (git's index does so), a regular file
// its answer. It costs the system about three calls where Open and a stat
// of the open file cost one for each folder of the path, twice, and
// three more; any answer but a regular file's may be taken again by
// opening the file.
func (r *Root) Stat(rel string) (fs.FileInfo, error) {
	name := filepath.FromSlash(path.Clean(rel))
	if info, err := r.statBeneath(name); err == nil {
		return info, nil
	}
	return r.root.Lstat(name)
}

// Open opens rel for reading under the rule: whatever links its
// components are when it is opened (not when it was listed), the file
// opened lies inside the source folder. An *Error says which link leads
// out.
func (r *Root) Open(rel string) (*os.File, error) { return r.open(rel, os.O_RDONLY) }

func (r *Root) open(rel string, flag int) (*os.File, error) {
	name := filepath.FromSlash(path.Clean(rel))
	// One call, beneath the source folder (Linux), where the os.Root
	// opens each folder of the path in turn; whatever it refuses (an
	// absolute link, a link out) takes the os.Root's way below.
	if f, err := r.openBeneath(name, flag); err == nil || errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	f, err := r.root.OpenFile(name, flag, 0)
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		return f, err
	}
	// The root refuses a link that leaves it, and also an absolute link
	// that stays inside: resolve it, and open what it leads to, still
	// through the root (a link swapped in meanwhile cannot lead out).
	target, rerr := resolve(r.real, r.source, rel)
	if rerr != nil {
		return nil, rerr
	}
	return r.root.OpenFile(filepath.FromSlash(target), flag, 0)
}

// OpenFile is Open for a regular file: a folder, device or named pipe
// (whose reading would never end) is an error. A pipe is opened without
// waiting for a writer, then refused.
func (r *Root) OpenFile(rel string) (*os.File, error) {
	f, err := r.open(rel, os.O_RDONLY|syscall.O_NONBLOCK)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = errNotRegular
		}
		return nil, err
	}
	return f, nil
}

// ErrTooLong is the error of ReadFile for a file longer than its limit.
var ErrTooLong = errors.New("longer than the most sitegen reads")

// ReadFile reads the regular file rel (see OpenFile), at most max bytes
// of it (no limit when max <= 0): a longer file is an error wrapping
// ErrTooLong.
func (r *Root) ReadFile(rel string, max int64) ([]byte, error) {
	f, err := r.OpenFile(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rd io.Reader = f
	if max > 0 {
		rd = io.LimitReader(f, max+1)
	}
	var buf []byte
	if info, err := f.Stat(); err == nil && (max <= 0 || info.Size() <= max) {
		buf = make([]byte, 0, info.Size()+1)
	}
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := rd.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if max > 0 && int64(len(buf)) > max {
		return nil, fmt.Errorf("%w (%d bytes)", ErrTooLong, max)
	}
	return buf, nil
}

// Resolve is the package's Resolve for a path of this source folder.
func (r *Root) Resolve(rel string) (string, error) { return resolve(r.real, r.source, rel) }

// Check is the package's Check for a path of this source folder.
func (r *Root) Check(rel string) (string, error) { return check(r.real, r.source, rel) }

// Open opens rel of the source folder source (see Root.Open), for a read
// or two; a build keeps a Root.
func Open(source, rel string) (*os.File, error) {
	r, err := New(source)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Open(rel)
}

// OpenFile opens the regular file rel of source (see Root.OpenFile).
func OpenFile(source, rel string) (*os.File, error) {
	r, err := New(source)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.OpenFile(rel)
}

// ReadFile reads the regular file rel of source (see Root.ReadFile).
func ReadFile(source, rel string, max int64) ([]byte, error) {
	r, err := New(source)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.ReadFile(rel, max)
}

var errNotRegular = errors.New("not a regular file")
