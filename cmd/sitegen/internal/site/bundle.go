package site

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/markup"
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

// has reports whether rel was recorded.
func (l *linkedFiles) has(rel string) bool {
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

// reset forgets every recorded path.
func (l *linkedFiles) reset() { l.set(nil) }

// set replaces the recorded paths with files (a snapshot's).
func (l *linkedFiles) set(files map[string]bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.files = files
}

// bundleURL is the site path of a content file.
func (c *Config) bundleURL(rel string) string {
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

// copyBundles publishes the content files into o, after static files
// and pages (so that it knows which files the pages link to): reserved
// holds the output paths that pages own, and a file o already has is a
// static file's. In a layout that publishes only linked files, it
// publishes those.
func (s *Site) copyBundles(o *assets.Output, reserved map[string]bool) error {
	for _, rel := range slices.Sorted(maps.Keys(s.files)) {
		if s.lay.LinkedFilesOnly && !s.linked.has(rel) {
			continue
		}
		out := strings.TrimPrefix(s.cfg.bundleURL(rel), "/")
		if reserved[out] || o.Has(out) {
			s.diag.addf(s.srcFile(rel), 0, 0, "", "conflicts with another file of the site at /%s", out)
			continue
		}
		if err := s.copyBundle(o, rel, out); err != nil {
			return err
		}
	}
	return nil
}

// copyBundle publishes the content file rel as out, streamed: a file a
// page links to is never held whole in memory, however large.
func (s *Site) copyBundle(o *assets.Output, rel, out string) error {
	f, size, err := s.openSource(s.srcFile(rel))
	if err != nil {
		s.diag.addf(s.srcFile(rel), 0, 0, "", "read: %v", unwrapPath(err))
		return nil
	}
	defer f.Close()
	if err := o.Copy(out, f, size); err != nil {
		return fmt.Errorf("publish %s: %w", s.srcFile(rel), err)
	}
	return nil
}

// resolveFile resolves a relative link to a file that is not Markdown
// (target is unescaped, without fragment or query): the file's URL, or a
// problem when it names a file that does not exist, or Unlinked when it
// names one that is not published. ok is false when the target is not a
// file link sitegen checks (a folder, no extension).
func (s *Site) resolveFile(from *page, target string) (tg markup.LinkTarget, ok bool) {
	if base := path.Base(target); strings.HasSuffix(target, "/") || path.Ext(target) == "" || base == "." || base == ".." {
		return markup.LinkTarget{}, false
	}
	rel := s.backIn(path.Join(path.Dir(from.rel), target))
	if !s.files[rel] && s.cfg.Obsidian && !strings.HasPrefix(target, ".") && (s.files[path.Clean(target)] || s.unpublished[rel] == "" && s.unpublished[path.Clean(target)] != "") {
		rel = path.Clean(target) // Obsidian's "absolute path in vault"
	}
	switch {
	case outside(rel) && !s.files[rel]: // a file of a further folder of pages (layout.Layout.Roots) is one of the site's
		return broken("points outside %s/", s.lay.Content), true
	case !s.files[rel] && s.unpublished[rel] != "":
		return markup.LinkTarget{Unlinked: s.unlinkedMsg(rel)}, true
	case !s.files[rel]:
		return broken("%s does not exist", s.srcFile(rel)), true
	}
	s.linked.add(rel)
	return linkTo(s.cfg.relURL(s.cfg.bundleURL(rel))), true
}
