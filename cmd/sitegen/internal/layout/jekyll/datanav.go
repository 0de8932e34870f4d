package jekyll

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
)

// A site whose own layouts draw its navigation from a list of links
// (minimal-mistakes' _data/navigation.yml, a navigation: list in
// _config.yml) has that list as its navigation: its entries' order,
// nesting and labels. The format is the one minimal-mistakes' nav_list
// include reads, and many themes copy: each entry a title, a url
// (another site's, or a path of this one), children the entries under it
// ("{% for nav in navigation %} … {% if nav.url %} … <a href=\"{{ domain
// }}{{ nav.url }}\">…{{ nav.title }}… {% if nav.children != null %} …
// {% for child in nav.children %}", _includes/nav_list,
// https://github.com/mmistakes/minimal-mistakes); an entry that names a
// collection (collection: rules) stands for that collection's documents.
// sitegen follows it where a template of the site's _layouts/ or
// _includes/ loops over it; the pages it does not list follow its
// entries (layout.Layout.NavRest), as sitegen's navigation leaves no page
// out that the site publishes.

// navLoop finds a template's loop over a navigation list: site.navigation
// (from _config.yml), site.data.navigation (the data file's list) or
// site.data.navigation.KEY (one list of the data file's).
var navLoop = regexp.MustCompile(`\{%-?\s*for\s+\w+\s+in\s+site\.(navigation|data\.navigation(?:\.(\w+)|\[["'](\w+)["']\])?)\s`)

// maxNavTemplates bounds the templates dataNav reads.
const maxNavTemplates = 200

// maxNavDepth bounds the nesting dataNav follows.
const maxNavDepth = 8

// dataNav sets l's navigation from the list the site's templates draw it
// from, when one does (see above). dir is the repository, src the
// source folder (content-relative paths are from it), m the settings.
func dataNav(l *layout.Layout, dir, src string, m map[string]any) {
	from, key := navSource(src)
	var list []any
	file := l.File
	switch from {
	case "":
		return
	case "navigation":
		list, _ = m["navigation"].([]any)
	default:
		for _, name := range []string{"navigation.yml", "navigation.yaml"} {
			rel := path.Join(l.Content, "_data", name)
			raw, err := layout.ReadSetting(dir, rel)
			if err != nil {
				continue
			}
			var v any
			if yaml.Unmarshal(raw, &v) != nil {
				return
			}
			if key != "" {
				v, _ = v.(map[string]any)[key]
			}
			list, _ = v.([]any)
			file = rel
			break
		}
	}
	cs := collections(m, l.Settings.Permalink)
	var entries []layout.NavEntry
	var walk func(items []any, depth int)
	walk = func(items []any, depth int) {
		for _, it := range items {
			e, _ := it.(map[string]any)
			title := strings.TrimSpace(str(e["title"]))
			if e == nil || title == "" || depth > maxNavDepth {
				continue
			}
			entry := layout.NavEntry{Title: title, Depth: depth}
			if u := strings.TrimSpace(str(e["url"])); u != "" {
				entry.Link = u
				if !strings.Contains(u, "://") && !strings.HasPrefix(u, "/") {
					entry.Link = "/" + u
				}
			}
			entries = append(entries, entry)
			if label := str(e["collection"]); entry.Link == "" && label != "" {
				for _, c := range cs {
					if c.label == label && c.output {
						entries = append(entries, layout.NavEntry{Tree: c.dir, Depth: depth + 1})
					}
				}
			}
			kids, _ := e["children"].([]any)
			walk(kids, depth+1)
		}
	}
	walk(list, 0)
	if len(entries) == 0 {
		return
	}
	l.Nav, l.NavFile, l.NavAsWritten, l.NavRest = entries, file, true, true
	l.Read = append(l.Read, "navigation")
}

// navSource says which list the site's templates (its _layouts/ and
// _includes/ under src) loop over to draw its navigation: "navigation"
// (site.navigation), "data" (site.data.navigation, key its list's key
// or ""), "" for none.
func navSource(src string) (from, key string) {
	n := 0
	for _, sub := range []string{"_layouts", "_includes"} {
		entries, err := os.ReadDir(filepath.Join(src, sub))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if n++; n > maxNavTemplates {
				return "", ""
			}
			if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".html") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(src, sub, e.Name()))
			if err != nil {
				continue
			}
			if mm := navLoop.FindSubmatch(b); mm != nil {
				if string(mm[1]) == "navigation" {
					return "navigation", ""
				}
				return "data", string(mm[2]) + string(mm[3])
			}
		}
	}
	return "", ""
}
