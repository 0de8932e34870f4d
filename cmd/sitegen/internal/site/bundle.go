package site

import (
	"d6codex/cmd/sitegen/internal/assets"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Files in content/ that are not Markdown (pictures, maps, PDFs) are
// published beside their page, as Hugo's page bundles and MkDocs do: the
// folders take the same URL names as the pages' (see classify) and the
// file keeps its name, so content/Rules/img/map.png is /rules/img/map.png.
// Links and images that point at them are checked and rewritten like links
// between pages.

// bundleURL is the site path of a content file.
func (c *Config) bundleURL(rel string) string {
	dir, name := path.Split(rel)
	var segs []string
	for _, d := range strings.Split(strings.Trim(dir, "/"), "/") {
		if d != "" {
			segs = append(segs, c.slugify(d))
		}
	}
	return "/" + path.Join(append(segs, name)...)
}

// copyBundles publishes the content files into dir, after static files:
// reserved holds the output paths that pages own, and a file o already
// has is a static file's.
func (s *Site) copyBundles(o *assets.Output, reserved map[string]bool) error {
	for _, rel := range slices.Sorted(maps.Keys(s.files)) {
		out := strings.TrimPrefix(s.cfg.bundleURL(rel), "/")
		if reserved[out] || o.Has(out) {
			s.diag.addf(s.srcFile(rel), 0, 0, "", "conflicts with another file of the site at /%s", out)
			continue
		}
		data, err := os.ReadFile(filepath.Join(s.opts.Source, filepath.FromSlash(s.srcFile(rel))))
		if err != nil {
			s.diag.addf(s.srcFile(rel), 0, 0, "", "read: %v", unwrapPath(err))
			continue
		}
		if err := o.Write(out, data); err != nil {
			return fmt.Errorf("publish %s: %w", s.srcFile(rel), err)
		}
	}
	return nil
}

// resolveFile resolves a relative link to a file that is not Markdown
// (target is unescaped, without fragment or query): the file's URL, or a
// problem when it names a file that does not exist. ok is false when the
// target is not a file link sitegen checks (a folder, no extension).
func (s *Site) resolveFile(from *page, target string) (url, problem string, ok bool) {
	if base := path.Base(target); strings.HasSuffix(target, "/") || path.Ext(target) == "" || base == "." || base == ".." {
		return "", "", false
	}
	rel := path.Join(path.Dir(from.rel), target)
	if !s.files[rel] && s.cfg.Obsidian && !strings.HasPrefix(target, ".") && s.files[path.Clean(target)] {
		rel = path.Clean(target) // Obsidian's "absolute path in vault"
	}
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Sprintf("points outside %s/", s.lay.Content), true
	}
	if !s.files[rel] {
		return "", fmt.Sprintf("%s does not exist", s.srcFile(rel)), true
	}
	return s.cfg.relURL(s.cfg.bundleURL(rel)), "", true
}
