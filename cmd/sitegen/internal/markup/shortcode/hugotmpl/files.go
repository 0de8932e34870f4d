package hugotmpl

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// A shortcode template may read a file of the site (murdham's include:
// `{{ readFile (path.Join $.Page.File.Dir (.Get 0)) }}`). Hugo's readFile
// "Returns the contents of a file ... relative to the current working
// directory" (https://gohugo.io/functions/os/readfile/); Hugo 0.111 reads
// it from the project folder, else from the content folder (its readFile
// file system is an overlay of the two: a path "rules/x.md" finds
// content/rules/x.md), a leading "/" meaning the project folder, and
// gives "" for a file that is not there, one outside the project folder
// included ("../x"). sitegen reads as Hugo does, within the source
// folder's rule (the privacy rule, package srcpath, applied by
// Call.ReadFile): no path out of the source folder, no symbolic link
// leading out of it, no hidden file or folder (.git), at most maxRead
// bytes. Hugo 0.111 follows a link out and reads .git/config; sitegen
// refuses both, and every read it does not do (refused, missing, too
// long) is a warning at the shortcode naming the path, never the file's
// text. A file read is a file the page depends on (the caller records
// it): an edit of it renders the page again.

// maxRead is the most readFile reads of a file: 1 MiB, the bound of a
// run's output (maxOutput). Later Hugos refuse a file over 1 MB too ("file
// %q is too big"); Hugo 0.111 reads any.
const maxRead = maxOutput

// File is .Page.File: "Dir, Path, LogicalName, BaseFileName,
// ContentBaseName, TranslationBaseName, Ext"
// (https://gohugo.io/methods/page/file/), its paths relative to the
// content folder, the folder's with a trailing slash ("rules/"; "/" at
// the content folder's top), as Hugo 0.111 gives them. Filename, the absolute path on the machine that
// builds, is not given: a template using it is not run.
type File struct {
	Path, Dir, LogicalName, BaseFileName, ContentBaseName, TranslationBaseName, Ext, Lang string
}

// file is the File of a page's source-relative file; nil for "".
func (s *Set) file(rel string) *File {
	if rel == "" {
		return nil
	}
	p := rel
	if d := strings.Trim(s.cfg.ContentDir, "/"); d != "" && d != "." {
		p = strings.TrimPrefix(rel, d+"/")
	}
	dir, name := path.Split(p)
	if dir == "" {
		dir = "/" // Hugo 0.111's Dir of a page at the content folder's top
	}
	ext := path.Ext(name)
	base := strings.TrimSuffix(name, ext)
	f := &File{Path: p, Dir: dir, LogicalName: name, BaseFileName: base, Ext: strings.TrimPrefix(ext, "."), TranslationBaseName: base,
		Lang: s.cfg.Language}
	// "TranslationBaseName: The file name, excluding the extension and
	// language identifier"; "Lang: The language associated with the given
	// file" (https://gohugo.io/methods/page/file/): a code the site has
	// ("combat.fr.md": combat, fr; Hugo 0.111 measured: "sub.de.md" on a
	// site without de is sub.de, in the site's language).
	if i := strings.LastIndexByte(base, '.'); i >= 0 && slices.Contains(s.cfg.Languages, strings.ToLower(base[i+1:])) {
		f.TranslationBaseName, f.Lang = base[:i], strings.ToLower(base[i+1:])
	}
	f.ContentBaseName = f.TranslationBaseName
	// "If the content is a leaf bundle or branch bundle, ContentBaseName
	// returns the name of the containing directory" (Hugo 0.111
	// measured: "" for the content folder's own _index.md)
	if f.TranslationBaseName == "index" || f.TranslationBaseName == "_index" {
		f.ContentBaseName = strings.Trim(path.Base(dir), "/")
	}
	return f
}

// ErrFolder is the error Call.ReadFile gives for a folder of the site
// (one it may look at, under the source folder's rule): fileExists reports
// it as there ("Reports whether the file or directory exists",
// https://gohugo.io/functions/os/fileexists/), readFile reads nothing.
var ErrFolder = errors.New("it is a folder")

// errRefused is a path readFile does not follow: out of the source
// folder or to a hidden name.
var errRefused = errors.New("it leads out of the site's folder")

// candidates are the source-relative paths readFile tries for name, in
// Hugo's order: the project folder's, then the content folder's.
func (s *Set) candidates(name string) ([]string, error) {
	p := path.Clean(strings.TrimLeft(name, "/"))
	if p == "." || p == ".." || strings.HasPrefix(p, "../") {
		return nil, errRefused
	}
	out := []string{p}
	if d := strings.Trim(s.cfg.ContentDir, "/"); d != "" && d != "." {
		out = append(out, d+"/"+p)
	}
	return out, nil
}

// read reads name as readFile does: its text, or the reason it is not
// read; missing is set when no candidate is there.
func (r *run) read(name string) (text string, missing bool, err error) {
	if r.call == nil || r.call.ReadFile == nil {
		return "", false, errors.New("sitegen reads no file here")
	}
	paths, err := r.set.candidates(name)
	if err != nil {
		return "", false, err
	}
	if err := r.step(1); err != nil {
		return "", false, err
	}
	for _, p := range paths {
		b, err := r.call.ReadFile(p, maxRead)
		switch {
		case err == nil:
			return string(b), false, nil
		case !errors.Is(err, fs.ErrNotExist):
			return "", false, err
		}
	}
	return "", true, nil
}

// readFile is Hugo's readFile and os.ReadFile: the file's text, "" with
// a warning when it is not read.
func (r *run) readFile(name any) string {
	s := toString(name)
	text, missing, err := r.read(s)
	switch {
	case missing:
		r.warn(fmt.Sprintf("readFile %q: no such file in the site's folder or its content folder: shown as Hugo shows it, as nothing", s))
	case err != nil:
		r.warn(fmt.Sprintf("readFile %q is not read (%v): shown as nothing", s, err))
	}
	return text
}

// fileExists is Hugo's fileExists and os.FileExists ("Reports whether the
// file or directory exists", https://gohugo.io/functions/os/fileexists/),
// for a file or folder readFile would look at (Hugo 0.111 measured:
// true for a folder of the project, "data/x" and "data/x/", or of the
// content folder, "rules").
func (r *run) fileExists(name any) bool {
	_, missing, err := r.read(toString(name))
	return !missing && (err == nil || errors.Is(err, ErrFolder))
}

func (r *run) warn(msg string) {
	if r.call != nil && r.call.Warn != nil {
		r.call.Warn(msg)
	}
}

// osNS is Hugo's os namespace (os.ReadFile, os.FileExists).
type osNS struct{ r *run }

func (o osNS) ReadFile(name any) string { return o.r.readFile(name) }
func (o osNS) FileExists(name any) bool { return o.r.fileExists(name) }

// pathNS is Hugo's path namespace: Go's package path on slash paths
// (https://gohugo.io/functions/path/; Hugo 0.111's tpl/path).
type pathNS struct{}

// Join is "path.Join ELEMENT...": the elements, strings or slices of
// them, joined and cleaned (path.Join "rules/" "../gen/x.md" is
// "gen/x.md").
func (pathNS) Join(elements ...any) string {
	var parts []string
	for _, e := range elements {
		switch v := e.(type) {
		case []string:
			parts = append(parts, v...)
		case []any:
			for _, x := range v {
				parts = append(parts, slash(x))
			}
		default:
			parts = append(parts, slash(e))
		}
	}
	return path.Join(parts...)
}

func (pathNS) Base(p any) string  { return path.Base(slash(p)) }
func (pathNS) Dir(p any) string   { return path.Dir(slash(p)) }
func (pathNS) Ext(p any) string   { return path.Ext(slash(p)) }
func (pathNS) Clean(p any) string { return path.Clean(slash(p)) }

// Split is "path.Split PATH": its folder (with its trailing slash) and
// its file, printed "dir|file" as Hugo's DirFile.
func (pathNS) Split(p any) DirFile {
	d, f := path.Split(slash(p))
	return DirFile{Dir: d, File: f}
}

// DirFile is what path.Split gives.
type DirFile struct{ Dir, File string }

func (d DirFile) String() string { return d.Dir + "|" + d.File }

// slash is a path argument as Hugo on Linux reads it (filepath.ToSlash
// changes nothing there).
func slash(v any) string { return toString(v) }
