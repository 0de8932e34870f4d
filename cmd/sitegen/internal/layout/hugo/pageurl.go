package hugo

import (
	"path"
	"strings"
)

// pageURL is Hugo's URL of the regular page at the content-relative path
// rel whose front matter is fm when it sets url: or slug:, "" for the
// URL of its file (https://gohugo.io/content-management/urls/):
//
//   - "Set the url in front matter to override the entire path. ... Hugo
//     does not sanitize the url front matter field ... If you set both
//     slug and url in front matter, the url value takes precedence": the
//     page is at that path from the site's root, as written, with a
//     trailing slash unless it names a file (.html, .htm).
//   - "Set the slug in front matter to override the last segment of the
//     path. This front matter field is not applicable to home, section,
//     taxonomy, or term pages": the file's name (a leaf bundle's
//     folder's) is the slug, sanitised as a file name is (Hugo 0.111
//     measured: a "/" in it makes deeper folders, GUTS-Plus's slug:
//     "grimoire/essence" in rules/grimoire_essence.md is
//     /rules/grimoire/essence/).
//
// A file named _index.X.md is a regular page at its folder's URL (Hugo
// 0.111 measured). Section pages (_index.md) keep their folder's URL here, url: too (Hugo
// takes a section's url:; sitegen does not yet). Hugo reads front matter
// keys in any case. segment is the site's Segment.
func pageURL(rel string, fm map[string]any, segment func(string) string, markdownStem func(string) (string, bool)) string {
	stem, md := markdownStem(path.Base(rel))
	if !md || stem == "_index" {
		return ""
	}
	var slug, url string
	for k, v := range fm {
		s, ok := v.(string)
		if !ok || strings.TrimSpace(s) == "" {
			continue
		}
		switch strings.ToLower(k) {
		case "url":
			url = s
		case "slug":
			slug = s
		}
	}
	switch {
	case url != "":
		sp := path.Clean("/" + strings.TrimSpace(url))
		if ext := path.Ext(sp); sp == "/" || ext == ".html" || ext == ".htm" {
			return sp
		}
		return sp + "/"
	case slug != "":
		dir := path.Dir(rel)
		if stem == "index" { // a leaf bundle: the slug is its folder's name
			dir = path.Dir(dir)
		}
		sp := path.Clean(folderURL(dir, segment) + segment(slug))
		if sp == "/" {
			return ""
		}
		return sp + "/"
	case strings.HasPrefix(stem, "_index."):
		// _index.md.md is a regular page at its folder's URL (Hugo 0.111
		// measured; eval8B MB13: gloryforthefist's "The Prophets
		// Beckoning/_index.md.md"), where index.md.md is at index.md/.
		return folderURL(path.Dir(rel), segment)
	}
	return ""
}

// folderURL is the URL of the content-relative folder dir ("." for the
// content's root), each name sanitised by segment.
func folderURL(dir string, segment func(string) string) string {
	var b strings.Builder
	b.WriteString("/")
	if dir != "." {
		for _, name := range strings.Split(dir, "/") {
			b.WriteString(segment(name) + "/")
		}
	}
	return b.String()
}
