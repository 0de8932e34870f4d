package starlight

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// PagesDir is Astro's folder of pages, in its default srcDir (pagesDir
// in another): "Astro leverages a routing
// strategy called file-based routing. Each file in your src/pages/
// directory becomes an endpoint on your site based on its file path"
// (https://docs.astro.build/en/guides/routing/).
const PagesDir = "src/pages"

// maxRoutes bounds the routes read from PagesDir.
const maxRoutes = 2000

// route is one page of PagesDir: its file and the segments of its URL,
// each a name, "[param]" (one segment: "Dynamic routes") or
// "[...rest]" (any number: "Rest parameters").
type route struct {
	file string
	segs []string
}

// pageRoutes reads the routes of the Astro project at dir's pagesDir
// (src/pages: "src/pages/*" with srcDir's default, pages/ in the srcDir
// the config sets):
// .astro, .md, .mdx and .html pages and .js/.ts endpoints ("rss.xml.js"
// is /rss.xml), not a file or folder whose name starts with "_" ("You
// can exclude pages or directories within src/pages from being built by
// prefixing their names with an underscore (_)", same page) or ".".
func pageRoutes(dir, pagesDir string) []route {
	var out []route
	root := filepath.Join(dir, filepath.FromSlash(pagesDir))
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || len(out) >= maxRoutes {
			return filepath.SkipDir
		}
		name := d.Name()
		if p != root && (strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") || name == "node_modules") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		stem := ""
		switch ext := path.Ext(name); ext {
		case ".astro", ".md", ".mdx", ".html":
			stem = strings.TrimSuffix(name, ext)
		case ".js", ".ts", ".mjs", ".mts":
			stem = strings.TrimSuffix(name, ext)
			if path.Ext(stem) == "" {
				return nil // an endpoint names its output's extension: rss.xml.js
			}
		default:
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Join(filepath.Dir(p), stem))
		if err != nil {
			return nil
		}
		segs := strings.Split(filepath.ToSlash(rel), "/")
		if segs[len(segs)-1] == "index" {
			segs = segs[:len(segs)-1]
		}
		file, _ := filepath.Rel(dir, p)
		out = append(out, route{file: filepath.ToSlash(file), segs: segs})
		return nil
	})
	return out
}

// match reports whether the site path sp ("/games/amalara/") is the
// route's: a name is that segment, [param] any one segment, [...rest]
// any number of them.
func (r route) match(sp string) bool {
	parts := strings.Split(strings.Trim(sp, "/"), "/")
	if len(parts) == 1 && parts[0] == "" {
		parts = nil
	}
	var walk func(segs, parts []string) bool
	walk = func(segs, parts []string) bool {
		if len(segs) == 0 {
			return len(parts) == 0
		}
		s := segs[0]
		switch {
		case strings.HasPrefix(s, "[...") && strings.HasSuffix(s, "]"):
			for i := 0; i <= len(parts); i++ {
				if walk(segs[1:], parts[i:]) {
					return true
				}
			}
			return false
		case len(parts) == 0:
			return false
		case strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]"):
			return parts[0] != "" && walk(segs[1:], parts[1:])
		default:
			return strings.EqualFold(s, parts[0]) && walk(segs[1:], parts[1:])
		}
	}
	return walk(r.segs, parts)
}

// toolRoute implements layout.Layout.ToolRoute: a page of src/pages,
// which Astro builds and sitegen does not (it renders no Astro
// component). A page of the docs collection at the same URL is the
// site's page (resolveAbs finds it first).
func toolRoute(routes []route) func(sp string) string {
	return func(sp string) string {
		if i := slices.IndexFunc(routes, func(r route) bool { return r.match(sp) }); i >= 0 {
			return fmt.Sprintf("a page Astro builds from %s", routes[i].file)
		}
		return ""
	}
}

// routesNote is the layout's one note on the pages of src/pages: sitegen
// does not build them; a link to one is kept.
func routesNote(pagesDir string, routes []route) string {
	var files []string
	for i, r := range routes {
		if i == 5 {
			files = append(files, fmt.Sprintf("and %d more", len(routes)-5))
			break
		}
		files = append(files, r.file)
	}
	return fmt.Sprintf("%s: %d Astro page(s) not built (sitegen renders no Astro component): %s; links to them are kept",
		pagesDir, len(routes), strings.Join(files, ", "))
}
