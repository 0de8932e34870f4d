package content

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/srcname"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// WalkSource calls visit for every file under root (a folder of the
// site's source: the content folder, a static folder; a slash path
// relative to source), in lexical order, with its slash path relative to
// root and its path relative to source, which is read through package
// srcpath. Names that are not part of the site (hidden ones, editors'
// temporary files: see srcname.Skip) are skipped.
//
// Symbolic links are followed only while they stay inside the source
// folder (package srcpath), the root's own components included: a root
// that is, or goes through, a link out of the source (static -> ~/.ssh,
// Hugo's staticDir = ["lnk/keys"] with lnk a link) is reported through
// bad with rel "" and nothing under it is read; so is a root that names
// a hidden folder, or a link to one (docs_dir: .git). A link found in the
// tree that resolves outside it (static/passwd.txt -> /etc/passwd) or to a
// hidden name (content/x -> ../.git) is reported through bad, with the
// link's own path, and never read (bad's outside is set for a link out of
// the source, which the tools follow: lenient mode leaves it out with a
// warning, see Site.Tolerate); a linked folder inside the tree is
// walked like a real one (a link cycle is reported, not followed forever).
// A root that does not exist is an error wrapping fs.ErrNotExist.
//
// skip, when not nil, leaves out the paths (relative to root) it names; a
// folder that holds OutputMarker (a sitegen output inside the content, as
// public/ is in a Jekyll project) is always left out. leftOut, when not
// nil, says why a path under root (relative to it) is not published, or
// "": a link inside the source to such a path, or into a folder that is
// (content/pub -> gm, which a .gitignore names), is reported through bad
// and not followed, so that nothing the tool leaves out is published
// under a link's name.
func WalkSource(source, root string, skip func(rel string, dir bool) bool, leftOut func(rel string, dir bool) string, visit func(rel, file string) error, bad func(rel, msg string, outside bool)) error {
	return walkSource(source, root, false, skip, leftOut, visit, bad)
}

// walkSource is WalkSource; hiddenRoot reads a root that holds a hidden
// name (layout.Layout.HiddenContent: the settings name it), the names
// hidden inside it still skipped.
func walkSource(source, root string, hiddenRoot bool, skip func(rel string, dir bool) bool, leftOut func(rel string, dir bool) string, visit func(rel, file string) error, bad func(rel, msg string, outside bool)) error {
	if part := srcpath.SkippedPart(root); part != "" && !hiddenRoot {
		bad("", fmt.Sprintf("%q is a hidden name: sitegen never publishes hidden files or folders, whichever setting names them", part), false)
		return nil
	}
	if _, err := srcpath.Check(source, root); err != nil {
		var le *srcpath.Error
		if errors.As(err, &le) {
			msg := le.Error()
			if le.Link != path.Clean(root) {
				msg = le.Link + " is a " + msg
			}
			bad("", msg, false)
			return nil
		}
		return err
	}
	realSource, err := srcpath.Real(source)
	if err != nil {
		return err
	}
	w := sourceWalker{source: source, real: realSource, root: path.Clean(root), skip: skip, leftOut: leftOut, visit: visit, bad: bad, seen: map[string]bool{}}
	return w.walk(filepath.Join(source, filepath.FromSlash(root)), "")
}

type sourceWalker struct {
	source, real string // the source folder as given, and with its links followed
	root         string // the folder walked, relative to source
	skip         func(rel string, dir bool) bool
	leftOut      func(rel string, dir bool) string
	visit        func(rel, file string) error
	bad          func(rel, msg string, outside bool)
	seen         map[string]bool // real paths of the folders being walked (this one and its parents)
}

func (w *sourceWalker) walk(dir, rel string) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	if w.seen[real] {
		w.bad(rel, "symbolic link cycle: the link leads back to a folder that holds it", false)
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
		file := path.Join(w.root, r)
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 && w.skip != nil && w.skip(r, true) && w.skip(r, false) {
			continue // a name the layout never reads (node_modules -> a shared install): not followed, not checked
		}
		if e.Type()&fs.ModeSymlink != 0 {
			target, err := srcpath.Check(w.source, file)
			var le *srcpath.Error
			switch {
			case errors.As(err, &le):
				w.bad(r, le.Error(), le.Outside)
				continue
			case err != nil:
				w.bad(r, fmt.Sprintf("broken symbolic link: %v", UnwrapPath(err)), false)
				continue
			}
			info, err := os.Stat(filepath.Join(w.real, filepath.FromSlash(target)))
			if err != nil {
				w.bad(r, fmt.Sprintf("symbolic link: %v", UnwrapPath(err)), false)
				continue
			}
			isDir = info.IsDir()
			if why := w.leftOutTarget(target, isDir); why != "" {
				w.bad(r, fmt.Sprintf("symbolic link to %s, which %s: sitegen does not publish it under another name", target, why), false)
				continue
			}
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
		if err := w.visit(r, file); err != nil {
			return err
		}
	}
	return nil
}

// leftOutTarget says why target (a link's target, source-relative), or a
// folder above it under the root, is not published, or "".
func (w *sourceWalker) leftOutTarget(target string, dir bool) string {
	if w.leftOut == nil {
		return ""
	}
	rel := target
	if w.root != "." {
		var ok bool
		if rel, ok = strings.CutPrefix(target, w.root+"/"); !ok {
			return "" // outside the root: not the root's rules
		}
	}
	for i := range len(rel) {
		if rel[i] == '/' {
			if why := w.leftOut(rel[:i], true); why != "" {
				return why
			}
		}
	}
	return w.leftOut(rel, dir)
}

// UnwrapPath drops the path a *fs.PathError repeats.
func UnwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// OutputMarker is the file every build writes at the root of its output.
// It is how sitegen knows a folder is its own: a build replaces only a
// folder that holds this file, an empty folder or none at all, so that
// `--dest ~/notes` can never delete the notes.
const OutputMarker = ".sitegen"
