package mkdocs

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
)

// RedirectsPlugin is mkdocs-redirects' name in plugins:.
const RedirectsPlugin = "redirects"

// readRedirectMaps applies the mkdocs-redirects plugin's redirect_maps
// (its options, opts): "The redirect map should be in the form of:
// 'old.md': 'index.md'" (https://github.com/mkdocs/mkdocs-redirects). Its
// on_post_build writes each old page's file (get_html_path: MkDocs'
// File.dest_path, old/index.html with use_directory_urls, dirURLs, else
// old.html) as a redirect to the new page when the new page is a page of
// docs_dir ("elif page_new_without_hash in self.doc_pages"), to an
// http(s) URL as it is, and "Redirect target '%s' does not exist!"
// otherwise. sitegen gives the new page the old one's URL
// (layout.Layout.Redirected), written only where no page is; a target out
// of the site (sitegen's redirects lead to its pages) or that is no page
// makes none, with a note. exists reports whether docs_dir has a file.
func readRedirectMaps(l *layout.Layout, file string, opts *yaml.Node, dirURLs bool, exists func(rel string) bool) {
	var maps *yaml.Node
	if opts != nil && opts.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(opts.Content); i += 2 {
			if opts.Content[i].Value == "redirect_maps" {
				maps = opts.Content[i+1]
			}
		}
	}
	l.Read = append(l.Read, "plugin "+RedirectsPlugin)
	if maps == nil || maps.Kind != yaml.MappingNode {
		return
	}
	byPage := map[string][]layout.Redirect{}
	for i := 0; i+1 < len(maps.Content); i += 2 {
		k, v := maps.Content[i], maps.Content[i+1]
		at := fmt.Sprintf("%s:%d: plugin %s: redirect_maps %q", file, k.Line, RedirectsPlugin, k.Value)
		if v.Kind != yaml.ScalarNode {
			l.Notes = append(l.Notes, at+" is not a page: no redirect made")
			continue
		}
		target, _, _ := strings.Cut(v.Value, "#")
		target = strings.TrimPrefix(path.Clean("/"+strings.TrimSpace(target)), "/")
		switch lower := strings.ToLower(v.Value); {
		case strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://"):
			l.Notes = append(l.Notes, fmt.Sprintf("%s = %q leads out of the site (sitegen's redirects lead to its pages): no redirect made", at, v.Value))
			continue
		case !exists(target):
			l.Notes = append(l.Notes, fmt.Sprintf("%s = %q: no such page in docs_dir (\"Redirect target does not exist\"): no redirect made", at, v.Value))
			continue
		}
		from, ok := mdSitePath(k.Value, dirURLs)
		if !ok {
			l.Notes = append(l.Notes, at+" is not a Markdown file (\"is not a valid markdown file\"): no redirect made")
			continue
		}
		byPage[target] = append(byPage[target], layout.Redirect{From: from, Setting: fmt.Sprintf("%s:%d plugin %s", file, k.Line, RedirectsPlugin)})
	}
	if len(byPage) == 0 {
		return
	}
	prev := l.Redirected
	l.Redirected = func(rel string) []layout.Redirect {
		var r []layout.Redirect
		if prev != nil {
			r = prev(rel)
		}
		return append(slices.Clone(r), byPage[rel]...)
	}
}

// mdSitePath is the site path MkDocs writes the Markdown file rel at
// (File.dest_path): "old.md" /old/ (use_directory_urls, dirURLs) or
// /old.html, an index.md or README.md its folder's /dir/ or
// /dir/index.html; ok false when rel is not a Markdown file.
func mdSitePath(rel string, dirURLs bool) (string, bool) {
	rel = path.Clean("/" + strings.TrimSpace(rel))
	ext := path.Ext(rel)
	switch strings.ToLower(ext) {
	case ".md", ".markdown", ".mdown", ".mkdn", ".mkd":
	default:
		return "", false
	}
	dir, name := path.Split(strings.TrimSuffix(rel, ext))
	switch {
	case name == "index" || name == "README":
		if dirURLs {
			return dir, true
		}
		return dir + "index.html", true
	case dirURLs:
		return dir + name + "/", true
	}
	return dir + name + ".html", true
}
