package quartz

import (
	"net/url"

	"d6codex/cmd/sitegen/internal/layout"
	"path"
	"regexp"
	"strings"
)

// Index finds the notes and files of a site by their slugs, to resolve
// links as Quartz's CrawlLinks does (quartz/util/path.ts, transformLink):
// a link's target is made a slug first ("Combat Basics.md" and
// "Combat%20Basics" are both "Combat-Basics"), then found by the
// strategy, matching slugs exactly (case included).
type Index struct {
	bySlug   map[string]string   // slug -> content-relative path of the note or file
	byName   map[string][]string // a slug's last name -> the slugs that end in it
	folders  map[string]string   // a folder's slug ("Rules/Old-Spells") -> its content-relative path
	strategy string              // for Find
}

// NewIndex indexes the content-relative paths of the published notes
// and files; aliases maps a note's path to its front matter aliases,
// which Quartz adds to the slugs links can name.
func NewIndex(files []string, aliases map[string][]string) *Index {
	ix := &Index{bySlug: map[string]string{}, byName: map[string][]string{}, folders: map[string]string{}}
	add := func(slug, rel string) {
		if _, taken := ix.bySlug[slug]; taken {
			return
		}
		ix.bySlug[slug] = rel
		ix.byName[path.Base(slug)] = append(ix.byName[path.Base(slug)], slug)
	}
	for _, rel := range files {
		slug := Slug(rel)
		add(slug, rel)
		dir := path.Dir(rel)
		for d := path.Dir(slug); d != "."; d, dir = path.Dir(d), path.Dir(dir) {
			if _, seen := ix.folders[d]; seen {
				break
			}
			ix.folders[d] = dir
		}
	}
	// An alias is a redirect page at its slug (AliasRedirects): a note's
	// own slug wins over it, and of two notes with one alias the later
	// one's redirect is written last.
	byAlias := map[string]bool{}
	for _, rel := range files {
		for _, a := range aliases[rel] {
			if !strings.HasSuffix(a, ".md") {
				a += ".md"
			}
			slug := Slug(a)
			if byAlias[slug] {
				ix.bySlug[slug] = rel
				continue
			}
			if _, taken := ix.bySlug[slug]; !taken {
				byAlias[slug] = true
				add(slug, rel)
			}
		}
	}
	return ix
}

// fileExt is Quartz's getFileExtension.
var fileExt = regexp.MustCompile(`\.[A-Za-z0-9]+$`)

// Slug is Quartz's slugifyFilePath: the path without a .md or .html
// extension (others are kept), each name made a slug, a last "_index"
// made "index".
func Slug(rel string) string {
	rel = strings.Trim(rel, "/")
	ext := fileExt.FindString(rel)
	without := strings.TrimSuffix(rel, ext)
	if ext == ".md" || ext == ".html" {
		ext = ""
	}
	names := strings.Split(without, "/")
	for i, n := range names {
		names[i] = sluggify(n)
	}
	slug := strings.TrimSuffix(strings.Join(names, "/"), "/")
	if slug == "_index" || strings.HasSuffix(slug, "/_index") {
		slug = strings.TrimSuffix(slug, "_index") + "index"
	}
	return slug + ext
}

// Target is what a link resolves to: a note or file (Rel, its
// content-relative path) or a folder's page (Folder, the folder's
// content-relative path, "" for the root).
type Target struct {
	Rel      string
	Folder   string
	IsFolder bool
}

// Resolve finds what the link dest (a Markdown link's destination or a
// wikilink's target, without its #fragment) on the note from (its
// content-relative path) names, by strategy (shortest, relative or
// absolute), as Quartz documents them: "absolute: Path relative to the
// root of the content folder", "relative: Path relative to the file you
// are linking from", "shortest: Name of the file. If this isn't enough
// to identify the file, use the full absolute path."
func (ix *Index) Resolve(strategy, from, dest string) (Target, bool) {
	prefix, slug, folder := linkSlug(dest)
	var p string
	if strategy == "relative" {
		p = path.Join(path.Dir(Slug(from)), prefix, slug)
	} else {
		p = slug // Quartz drops the link's ./ and ../ for the others
		// A link that starts with ../ is never a file's name: Quartz
		// looks for "./name" among them, which none is.
		byName := prefix == "" || prefix == "." || strings.HasPrefix(prefix, "./")
		if strategy == "shortest" && byName && !strings.Contains(slug, "/") {
			if m := ix.byName[slug]; len(m) == 1 {
				return Target{Rel: ix.bySlug[m[0]]}, true
			}
		}
	}
	p = strings.TrimPrefix(path.Clean("/"+p), "/")
	if p == "" {
		if rel, ok := ix.bySlug["index"]; ok {
			return Target{Rel: rel}, true
		}
		return Target{IsFolder: true}, false
	}
	if !folder {
		if rel, ok := ix.bySlug[p]; ok {
			return Target{Rel: rel}, true
		}
	}
	if rel, ok := ix.bySlug[p+"/index"]; ok {
		return Target{Rel: rel}, true
	}
	if dir, ok := ix.folders[p]; ok {
		return Target{Folder: dir, IsFolder: true}, true
	}
	return Target{}, false
}

// Find implements layout.LinkFinder with the index's strategy.
func (ix *Index) Find(from, dest string) (rel, dir string, folder, ok bool) {
	t, ok := ix.Resolve(ix.strategy, from, dest)
	return t.Rel, t.Folder, t.IsFolder, ok
}

// Finder returns the layout's link finder for a strategy.
func Finder(strategy string) func(files []string, names map[string][]string) layout.LinkFinder {
	return func(files []string, names map[string][]string) layout.LinkFinder {
		ix := NewIndex(files, names)
		ix.strategy = strategy
		return ix
	}
}

// linkSlug is Quartz's transformInternalLink of dest: the link's
// relative names (./ and ../, wherever they are), the slug of the rest
// with a last "index" dropped, and whether it names a folder.
func linkSlug(dest string) (prefix, slug string, folder bool) {
	if u, err := url.PathUnescape(dest); err == nil {
		dest = u
	}
	folder = strings.HasSuffix(dest, "/") || endsWithName(dest, "index") || endsWithName(dest, "index.md") || endsWithName(dest, "index.html")
	var rels, names []string
	for _, n := range strings.Split(dest, "/") {
		switch n {
		case "":
		case ".", "..":
			rels = append(rels, n)
		default:
			names = append(names, n)
		}
	}
	slug = Slug(strings.Join(names, "/"))
	if slug == "index" {
		slug = ""
	} else {
		slug = strings.TrimSuffix(slug, "/index")
	}
	return strings.Join(rels, "/"), slug, folder
}

// endsWithName is Quartz's endsWith: s is name or ends in "/name".
func endsWithName(s, name string) bool { return s == name || strings.HasSuffix(s, "/"+name) }
