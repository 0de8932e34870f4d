package docusaurus

import (
	"net/url"
	"path"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// markdownLinkFile is the layout's LinkFile for the site in the source
// folder dir: a link to a doc's file (.md, .mdx) written neither "/…",
// "./…" nor "../…" is looked for from the linking file's folder, then
// from its docs plugin's content path, then from the site's folder, as
// @docusaurus/utils' resolveMarkdownLinkPathname does (3.10: "file.md is
// resolved from - the current file dir, - then from the plugin content
// paths, - then siteDir"); the first that holds the file is the one
// linked, returned as a path from the linking file's folder. Other links
// are returned as written. l.Content is read when a link is (i18n and
// versions may move it after Recognise sets this).
func markdownLinkFile(dir, site string, l *layout.Layout) func(from, target string) string {
	return func(from, target string) string {
		name := target
		if un, err := url.PathUnescape(name); err == nil {
			name = un
		}
		if rel, ok := strings.CutPrefix(name, "@site/"); ok {
			return siteAlias(l, from, siteRel(site, path.Clean(rel)), target)
		}
		ext := strings.ToLower(path.Ext(name))
		if ext != ".md" && ext != ".mdx" || strings.HasPrefix(name, "/") || strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") {
			return target
		}
		// exists reports whether the content-relative path rel is a file
		// in the source folder.
		exists := func(rel string) bool {
			src := path.Join(l.Content, rel)
			return src != ".." && !strings.HasPrefix(src, "../") && layout.Exists(dir, src, false)
		}
		if exists(path.Join(path.Dir(from), name)) {
			return target
		}
		root := "." // the docs plugin's content path holding from
		if strings.HasPrefix(from, "../") {
			// a further folder of pages (a blog, a docs instance), by
			// its path from the docs ("../blog", "../website/blog")
			for _, f := range l.Roots {
				if rel := relTo(l.Content, f); strings.HasPrefix(from, rel+"/") && len(rel) > len(root) {
					root = rel
				}
			}
		}
		for _, rel := range []string{path.Join(root, name), relPath(l.Content, siteRel(site, name))} {
			if exists(rel) {
				// from the folders' source paths, which never start "..":
				// a blog post's ("../blog" beside docs/) is "blog"
				return relPath(path.Join(l.Content, path.Dir(from)), path.Join(l.Content, rel))
			}
		}
		return target
	}
}

// siteAlias is the link target, for the page at the content-relative
// path from, of the file at the site-relative path rel a link or image
// names as "@site/rel": its path from the page's folder (a static
// folder's file is then found as any, published at the site's root);
// target for a path out of the site's folder. @docusaurus/mdx-loader
// transformImage: "if (originalImagePath.startsWith('@site/')) { const
// imageFilePath = path.join(siteDir, originalImagePath.replace('@site/',
// <empty string>))"; transformLinks reads a link's the same way; @docusaurus/utils
// markdownLinks: "If the link is already @site aliased, there's no need
// to resolve it".
func siteAlias(l *layout.Layout, from, rel, target string) string {
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return target
	}
	// from the page's folder, as a relative link: a static folder's
	// file is found out of the content as "/img/x.png" is (AssetFilePaths)
	return relPath(path.Join(l.Content, path.Dir(from)), rel)
}

// relPath is the slash path to to from the folder from, both clean paths
// relative to one folder ("." for it), neither starting with "..".
func relPath(from, to string) string {
	f, t := strings.Split(path.Clean(from), "/"), strings.Split(path.Clean(to), "/")
	if f[0] == "." {
		f = nil
	}
	i := 0
	for i < len(f) && i < len(t) && f[i] == t[i] {
		i++
	}
	up := strings.Repeat("../", len(f)-i)
	return up + strings.Join(t[i:], "/")
}
