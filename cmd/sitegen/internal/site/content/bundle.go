package content

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path"
	"slices"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// Files in content/ that are not Markdown (pictures, maps, PDFs) are
// published beside their page, as Hugo's page bundles and MkDocs do: the
// folders take the same URL names as the pages' (see classify) and the
// file keeps its name, so content/Rules/img/map.png is /rules/img/map.png.
// Links and images that point at them are checked and rewritten like links
// between pages.

// In a layout that publishes only the files its pages link to
// (layout.Layout.LinkedFilesOnly: a folder of Markdown, where the rest is
// build scripts, source code and settings files), each link that
// resolves to a content file records it (linkedFiles), and copyBundles,
// which runs once every page is rendered, publishes those alone.

// linkedFiles is the set of content files that rendered pages link to,
// safe for the concurrent renders of a build.
type linkedFiles struct {
	mu    sync.Mutex
	files map[string]bool
}

// add records the content-relative path rel.
func (l *linkedFiles) add(rel string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.files == nil {
		l.files = map[string]bool{}
	}
	l.files[rel] = true
}

// Has reports whether rel was recorded.
func (l *linkedFiles) Has(rel string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.files[rel]
}

// snapshot returns a copy of the recorded paths.
func (l *linkedFiles) snapshot() map[string]bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return maps.Clone(l.files)
}

// Paths are the recorded paths, sorted.
func (l *linkedFiles) Paths() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Sorted(maps.Keys(l.files))
}

// Reset forgets every recorded path.
func (l *linkedFiles) Reset() { l.set(nil) }

// set replaces the recorded paths with files (a snapshot's).
func (l *linkedFiles) set(files map[string]bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.files = files
}

// BundleURL is the site path of a content file.
func (c *Config) BundleURL(rel string) string {
	if c.fileURL != nil {
		if u := c.fileURL(rel); u != "" {
			return u // the tool's (a Jekyll collection's static file)
		}
	}
	for outside(rel) { // a file of a further folder of pages (layout.Layout.Roots): under the site's root
		rel = strings.TrimPrefix(strings.TrimPrefix(rel, ".."), "/")
	}
	dir, name := path.Split(rel)
	var segs []string
	for _, d := range strings.Split(strings.Trim(dir, "/"), "/") {
		if d != "" {
			segs = append(segs, c.slugify(d))
		}
	}
	return "/" + path.Join(append(segs, name)...)
}

// FileURL is the site path of the content file rel (BundleURL); a file
// the layout renders is published with the extension it gives
// (layout.Layout.RenderedExt: Jekyll's style.scss, compiled, as
// style.css).
func (s *Site) FileURL(rel string) string {
	u := s.Cfg.BundleURL(rel)
	if s.rendered[rel] && s.Lay.RenderedExt != nil {
		if ext := s.Lay.RenderedExt(rel); ext != "" {
			u = strings.TrimSuffix(u, path.Ext(u)) + ext
		}
	}
	return u
}

// CopyBundle publishes the content file rel as out, streamed: a file a
// page links to is never held whole in memory, however large.
func (s *Site) CopyBundle(o *assets.Output, rel, out string) error {
	if s.rendered[rel] {
		return s.renderFile(o, rel, out)
	}
	f, size, err := s.OpenSource(s.SrcFile(rel))
	if err != nil {
		s.Diag.Addf(s.SrcFile(rel), 0, 0, "", "read: %v", UnwrapPath(err))
		return nil
	}
	defer f.Close()
	if err := o.Copy(out, f, size); err != nil {
		return fmt.Errorf("publish %s: %w", s.SrcFile(rel), err)
	}
	return nil
}

// renderFile publishes the file rel as the layout renders it
// (RenderedFile); one it cannot render is not published.
func (s *Site) renderFile(o *assets.Output, rel, out string) error {
	b, ok := s.RenderedFile(rel)
	if !ok {
		return nil
	}
	if err := o.Copy(out, bytes.NewReader(b), int64(len(b))); err != nil {
		return fmt.Errorf("publish %s: %w", s.SrcFile(rel), err)
	}
	return nil
}

// Rendered reports whether the content file rel is published as the
// layout renders it (layout.Layout.RenderFile: a Jekyll template such as
// feed.xml), not as it is: its output may depend on every page
// (site.posts), so an update renders it again (RenderedFile).
func (s *Site) Rendered(rel string) bool { return s.rendered[rel] }

// RenderedFile is the file rel as the layout renders it, its problems
// reported; false when it cannot be rendered (not published: the
// problems say why) or read.
func (s *Site) RenderedFile(rel string) ([]byte, bool) {
	file := s.SrcFile(rel)
	src, err := s.readInclude(file)
	if err != nil {
		s.Diag.Addf(file, 0, 0, "", "read: %v", err)
		return nil, false
	}
	b, problems, ok := s.Lay.RenderFile(file, src, s.readInclude)
	for _, p := range problems {
		s.report(file, p.Line, p.Col, p.Warning, p.Msg)
	}
	return b, ok
}

// resolveFile resolves a relative link to a file that is not Markdown
// (target is unescaped, without fragment or query): the file's URL, or a
// problem when it names a file that does not exist, or Unlinked when it
// names one that is not published. ok is false when the target is not a
// file link sitegen checks (a folder, no extension).
func (s *Site) resolveFile(from *Page, target string) (tg markup.LinkTarget, ok bool) {
	if base := path.Base(target); strings.HasSuffix(target, "/") || path.Ext(target) == "" || base == "." || base == ".." {
		return markup.LinkTarget{}, false
	}
	if tg, ok := s.translatedAsset(from, target); ok {
		return tg, true
	}
	rel := s.backIn(path.Join(path.Dir(from.Rel), target))
	if !s.Files[rel] && s.Cfg.Obsidian && !strings.HasPrefix(target, ".") && (s.Files[path.Clean(target)] || s.unpublished[rel] == "" && s.unpublished[path.Clean(target)] != "") {
		rel = path.Clean(target) // Obsidian's "absolute path in vault"
	}
	if !s.Files[rel] && s.unpublished[rel] == "" && s.Lay.Kind == layout.Obsidian && !strings.HasPrefix(target, ".") {
		rel = s.shortestFile(from, target, rel)
	}
	switch {
	case outside(rel) && !s.Files[rel] && !s.inRoots(rel): // a file of a further folder of pages (layout.Layout.Roots) is one of the site's
		if tg, ok := s.staticAsset(rel); ok {
			return tg, true
		}
		if tg, ok := s.siteAsset(rel); ok {
			return tg, true
		}
		return broken("points outside %s/", s.Lay.Content), true
	case !s.Files[rel] && s.unpublished[rel] != "":
		return markup.LinkTarget{Unlinked: s.unlinkedMsg(rel)}, true
	case !s.Files[rel]:
		return broken("%s", s.missingMsg(rel)), true
	}
	s.Linked.add(rel)
	return linkTo(s.Cfg.RelURL(s.FileURL(rel))), true
}

// staticAsset resolves the content-relative path rel, out of Content, in
// a layout whose tool reads Markdown asset paths as file paths
// (layout.Layout.AssetFilePaths): when rel names a file of one of the
// static folders that the build publishes (copyStatic, which follows no
// link out of the source), its URL; ok is false otherwise.
func (s *Site) staticAsset(rel string) (tg markup.LinkTarget, ok bool) {
	if !s.Lay.AssetFilePaths {
		return markup.LinkTarget{}, false
	}
	if u, ok := s.staticURL(s.SrcFile(rel)); ok {
		return linkTo(u), true
	}
	return markup.LinkTarget{}, false
}

// staticURL is the URL of the source file src (source-relative) when one
// of the static folders that the build publishes holds it (copyStatic,
// which follows no link out of the source); ok is false otherwise.
func (s *Site) staticURL(src string) (u string, ok bool) {
	if s.View == nil || outside(src) {
		return "", false
	}
	for _, dir := range s.Lay.Static {
		if out, in := strings.CutPrefix(src, path.Clean(dir)+"/"); in {
			if u, found := s.View.Assets[out]; found {
				return u, true
			}
		}
	}
	return "", false
}

// OpenSource opens a regular file of the source (a slash path relative
// to it) under the link rule, as readSource reads it, with its size: for
// a file published as it is, streamed (assets.Output.Copy).
func (s *Site) OpenSource(file string) (*os.File, int64, error) {
	r, err := s.SrcRoot()
	if err != nil {
		return nil, 0, err
	}
	f, err := r.OpenFile(file)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, info.Size(), nil
}

// AssetDir is the output folder of the files of the site that a page
// names by a relative path out of its content and static folders
// (siteAsset), as Docusaurus's webpack build writes them to assets/files/.
const AssetDir = "assets/files"

// siteAsset resolves the content-relative path rel, out of Content and of
// the static folders, in a layout whose tool reads Markdown asset paths
// as file paths (layout.Layout.AssetFilePaths): Docusaurus's
// transformLinks and transformImage turn a relative path that names a
// file ("path.join(path.dirname(filePath), assetPath)", "isExistingFile")
// into a require() of it, which its build publishes under assets/ (at a
// name with its content's hash). sitegen publishes it at AssetDir + its
// source-relative path: a regular file inside the source folder, reached
// through no link out of it or to a hidden name, never in a hidden or
// excluded folder (node_modules). ok is false otherwise (the link is
// then broken, as before).
func (s *Site) siteAsset(rel string) (tg markup.LinkTarget, ok bool) {
	src := s.SrcFile(rel)
	if !s.Lay.AssetFilePaths || outside(src) || src == "." || srcpath.SkippedPart(src) != "" {
		return markup.LinkTarget{}, false
	}
	for _, seg := range strings.Split(src, "/") {
		if slices.Contains(s.Lay.ExcludeNames, seg) {
			return markup.LinkTarget{}, false
		}
	}
	r, err := s.SrcRoot()
	if err != nil {
		return markup.LinkTarget{}, false
	}
	if _, err := r.Check(src); err != nil { // no link to a hidden name
		return markup.LinkTarget{}, false
	}
	f, _, err := s.OpenSource(src) // a regular file, through no link out
	if err != nil {
		return markup.LinkTarget{}, false
	}
	f.Close()
	s.SiteAssets.add(rel)
	return linkTo(s.Cfg.RelURL(SiteAssetURL(src))), true
}

// SiteAssetURL is the site path of the source file src (source-relative)
// published by siteAsset.
func SiteAssetURL(src string) string {
	return "/" + AssetDir + "/" + src
}

// translatedAsset resolves the relative path target of a link or image
// of the page from, in a locale whose text of from is a translation
// (layout.Layout.Translation), from the translation's folder, as
// Docusaurus reads a translated doc's assets ("Localize assets: an
// image of your site might contain text that should be translated",
// https://docusaurus.io/docs/i18n/introduction): the file there, when
// there is one, published as siteAsset publishes it. ok is false
// otherwise: the path is then read from the page's own folder (where
// Docusaurus, which reads it from the translation's alone, would miss it).
func (s *Site) translatedAsset(from *Page, target string) (tg markup.LinkTarget, ok bool) {
	if s.Lay.Translation == nil || strings.HasPrefix(target, "/") {
		return markup.LinkTarget{}, false
	}
	t := s.Lay.Translation(from.File)
	if t == "" {
		return markup.LinkTarget{}, false
	}
	src := path.Join(path.Dir(t), target)
	if outside(src) {
		return markup.LinkTarget{}, false
	}
	up := ""
	if s.Lay.Content != "." {
		up = strings.Repeat("../", strings.Count(s.Lay.Content, "/")+1)
	}
	return s.siteAsset(up + src)
}
