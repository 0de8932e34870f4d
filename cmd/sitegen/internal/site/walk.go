package site

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/srcname"
)

// walkSource calls visit for every file under dir (a folder of the site's
// source), in lexical order, with its slash path relative to dir and the
// path to read it from. Names that are not part of the site (hidden ones,
// editors' temporary files: see srcname.Skip) are skipped.
//
// Symbolic links are followed only while they stay inside the source
// folder: a link that resolves outside it (static/passwd.txt -> /etc/passwd)
// is reported through bad, with the link's own path, and never read; a
// linked folder inside the tree is walked like a real one (a link cycle is
// reported, not followed forever).
//
// skip, when not nil, leaves out the paths (relative to dir) it names; a
// folder that holds OutputMarker (a sitegen output inside the content, as
// public/ is in a Jekyll project) is always left out.
func walkSource(source, dir string, skip func(rel string, dir bool) bool, visit func(rel, p string) error, bad func(rel, msg string)) error {
	realSource, err := filepath.EvalSymlinks(source)
	if err != nil {
		return err
	}
	realSource, err = filepath.Abs(realSource)
	if err != nil {
		return err
	}
	w := sourceWalker{source: realSource, skip: skip, visit: visit, bad: bad, seen: map[string]bool{}}
	return w.walk(dir, "")
}

type sourceWalker struct {
	source string
	skip   func(rel string, dir bool) bool
	visit  func(rel, p string) error
	bad    func(rel, msg string)
	seen   map[string]bool // real paths of the folders being walked (this one and its parents)
}

func (w *sourceWalker) walk(dir, rel string) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	if w.seen[real] {
		w.bad(rel, "symbolic link cycle: the link leads back to a folder that holds it")
		return nil
	}
	w.seen[real] = true
	defer delete(w.seen, real)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if rel != "" && slices.ContainsFunc(entries, func(e fs.DirEntry) bool { return e.Name() == OutputMarker }) {
		return nil // an output of sitegen's
	}
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") { // before a hidden link is resolved
			continue
		}
		p := filepath.Join(dir, name)
		r := path.Join(rel, name)
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			target, err := filepath.EvalSymlinks(p)
			if err == nil { // relative when p is (a relative --source, the default)
				target, err = filepath.Abs(target)
			}
			if err != nil {
				w.bad(r, fmt.Sprintf("broken symbolic link: %v", unwrapPath(err)))
				continue
			}
			if !within(target, w.source) {
				w.bad(r, "symbolic link to "+target+", outside the site folder: sitegen publishes only files inside it")
				continue
			}
			info, err := os.Stat(target)
			if err != nil {
				w.bad(r, fmt.Sprintf("symbolic link: %v", unwrapPath(err)))
				continue
			}
			isDir = info.IsDir()
		}
		if srcname.Skip(name, isDir) || w.skip != nil && w.skip(r, isDir) {
			continue
		}
		if isDir {
			if err := w.walk(p, r); err != nil {
				return err
			}
			continue
		}
		if err := w.visit(r, p); err != nil {
			return err
		}
	}
	return nil
}

// within reports whether path p is parent or lies under it (both absolute
// and clean).
func within(p, parent string) bool {
	rel, err := filepath.Rel(parent, p)
	return err == nil && !filepath.IsAbs(rel) && !startsWithDotDot(rel)
}

// unwrapPath drops the path a *fs.PathError repeats.
func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
