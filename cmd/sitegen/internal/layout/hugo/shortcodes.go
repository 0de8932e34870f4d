package hugo

import (
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup/shortcode"
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
	links, _ := SiteShortcodes(dir, themes)
	return links
}

// SiteShortcodes reads the site's shortcode templates as
// PageLinkShortcodes does, and returns with the page-link ones the
// anchor ones: name to the expression of the id their template gives an
// element from their arguments (AnchorExpr).
func SiteShortcodes(dir string, themes []string) (links []string, anchors map[string]string) {
	folders := []string{"layouts/shortcodes"}
	for _, t := range themes {
		if t != "" && t == path.Base(t) && !strings.HasPrefix(t, ".") {
			folders = append(folders, "themes/"+t+"/layouts/shortcodes")
		}
	}
	seen := map[string]bool{} // a project template hides the theme's
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
			if err != nil {
				continue
			}
			if IsPageLink(string(b)) {
				links = append(links, name)
			} else if x := AnchorExpr(string(b)); x != "" {
				if anchors == nil {
					anchors = map[string]string{}
				}
				anchors[name] = x
			}
		}
	}
	slices.Sort(links)
	return links, anchors
}

var (
	// idAttr finds an id attribute whose value holds a template action.
	idAttr = regexp.MustCompile(`\bid="([^"]*\{\{[^"]*)"`)
	// action is one {{ … }} of a template, its trim markers dropped.
	action = regexp.MustCompile(`\{\{-?\s*(.*?)\s*-?\}\}`)
	// variable is a template variable ($id) alone.
	variable = regexp.MustCompile(`^\$\w+$`)
)

// AnchorExpr returns the expression of the id a shortcode template gives
// an element from the shortcode's arguments (bestia-docs' item.html:
// `{{ $id := replace (lower (.Get "name")) " " "-" }}` then
// `<div class="col" id="{{ $id }}">`), the text around its actions
// included (`id="skill-{{ … }}"`), its variables replaced by what they are
// set to first; "" when the template has no such id or its expression is
// more than shortcode.ParseID evaluates. The first such id is the one.
func AnchorExpr(tmpl string) string {
	for _, m := range idAttr.FindAllStringSubmatch(tmpl, -1) {
		parts := []string{"print"}
		value, last, ok := m[1], 0, true
		for _, a := range action.FindAllStringSubmatchIndex(value, -1) {
			parts = append(parts, strconv.Quote(value[last:a[0]]))
			expr := value[a[2]:a[3]]
			if variable.MatchString(expr) {
				def := regexp.MustCompile(`\{\{-?\s*` + regexp.QuoteMeta(expr) + `\s*:?=\s*(.*?)\s*-?\}\}`).FindStringSubmatch(tmpl)
				if def == nil {
					ok = false
					break
				}
				expr = def[1]
			}
			parts = append(parts, "("+expr+")")
			last = a[1]
		}
		parts = append(parts, strconv.Quote(value[last:]))
		x := strings.Join(parts, " ")
		if ok && shortcode.ValidID(x) {
			return x
		}
	}
	return ""
}

// IsPageLink reports whether a shortcode template is a link to the page
// its first (or path=) argument names: it looks that page up and writes
// an <a href="{{ … }}">.
func IsPageLink(tmpl string) bool {
	return pageLookup.MatchString(tmpl) && anchorHref.MatchString(tmpl)
}

// themes returns the theme setting's names (one name or a list); low is
// the settings with lower-case keys.
func themes(low map[string]any) []string { return layout.Strings(low, "theme") }
