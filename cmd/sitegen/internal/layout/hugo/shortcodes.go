package hugo

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// A site's own shortcodes: "To create a shortcode, place an HTML template
// in the layouts/shortcodes directory of your source organization", and a
// theme's are in themes/THEME/layouts/shortcodes, the project's template
// of a name used before the theme's ("Hugo's lookup order ... the project
// layouts directory, then the theme's",
// https://gohugo.io/templates/shortcode/). sitegen does not run Hugo's
// templates; it reads them for one common shape it can render: a link to
// the page its first argument (or path=) names, showing that page's title
// (or text=), as .Page.GetPage, ref or relref of .Get 0 and an <a href>
// write it (ethanharstad/unnamed-rpg's {{< link "docs/factions/x" >}}).

// maxTemplate bounds the size of a shortcode template read.
const maxTemplate = 64 << 10

// pageLinkTemplate matches a template that looks up the page its first
// or path= argument names (GetPage, ref, relref) and writes an <a href>.
var (
	pageLookup = regexp.MustCompile(`\b(GetPage|relref|ref)\b[^}]*\.Get\s+(0|"path")`)
	anchorHref = regexp.MustCompile(`<a\s[^>]*href="\{\{`)
)

// PageLinkShortcodes returns the names of the site's shortcodes (the
// project's templates, then the themes') whose template is a link to the
// page its argument names, sorted. themes are the names the settings'
// theme gives; a name that is not one plain folder name is skipped, as is
// a template through a symbolic link out of the source folder dir.
func PageLinkShortcodes(dir string, themes []string) []string {
	folders := []string{"layouts/shortcodes"}
	for _, t := range themes {
		if t != "" && t == path.Base(t) && !strings.HasPrefix(t, ".") {
			folders = append(folders, "themes/"+t+"/layouts/shortcodes")
		}
	}
	seen := map[string]bool{} // a project template hides the theme's
	var out []string
	for _, folder := range folders {
		entries, err := os.ReadDir(filepath.Join(dir, filepath.FromSlash(folder)))
		if err != nil {
			continue
		}
		for _, e := range entries {
			name, ok := strings.CutSuffix(e.Name(), ".html")
			if !ok || seen[name] || !e.Type().IsRegular() {
				continue
			}
			seen[name] = true
			rel := folder + "/" + e.Name()
			if _, err := srcpath.Check(dir, rel); err != nil {
				continue
			}
			if info, err := e.Info(); err != nil || info.Size() > maxTemplate {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
			if err == nil && IsPageLink(string(b)) {
				out = append(out, name)
			}
		}
	}
	slices.Sort(out)
	return out
}

// IsPageLink reports whether a shortcode template is a link to the page
// its first (or path=) argument names: it looks that page up and writes
// an <a href="{{ … }}">.
func IsPageLink(tmpl string) bool {
	return pageLookup.MatchString(tmpl) && anchorHref.MatchString(tmpl)
}

// themes returns the theme setting's names (one name or a list).
func themes(m map[string]any) []string { return layout.Strings(m, "theme") }
