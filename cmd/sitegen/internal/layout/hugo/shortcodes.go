package hugo

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
	for name, tmpl := range shortcodesFor(Templates(dir, themes, "shortcodes"), "") {
		if IsPageLink(tmpl) {
			links = append(links, name)
		} else if x := AnchorExpr(tmpl); x != "" {
			if anchors == nil {
				anchors = map[string]string{}
			}
			anchors[name] = x
		}
	}
	slices.Sort(links)
	return links, anchors
}

// shortcodesFor picks, for the site of the language lang, each
// shortcode's template among its variants named with a language or an
// output format: "This applies to both regular templates and shortcodes.
// So, if the site language is French and the output format is AMP, this
// is the (start) of the lookup order for the home page: 1.
// index.fr.amp.html 2. index.amp.html 3. index.fr.html 4. index.html"
// (https://github.com/gohugoio/hugo/pull/3670). all is by file name
// without .html ("note", "note.fr", "note.html" of note.html.html); the
// result by the shortcode's name ("note"). As hugo 0.111 chooses
// (tpl/tplimpl/shortcodes.go): a name's words after the first are its
// language, output format and suffix, from the right ("note.fr.html" is
// fr and html, "note.html" html only, for HTML); each variant weighs 3
// for the language, 2 for the output format (html), 1 for the suffix
// (html) where they match and -1 each where they do not; the heaviest
// is taken, so a shortcode of another language's only template is still
// that one. Of equal weights the last in name order is (measured with
// hugo 0.111 in a site whose language is fr: b.html.html over b.html,
// d.en.html over d.amp.html; a.fr.html over a.html; c.en.html alone).
func shortcodesFor(all map[string]string, lang string) map[string]string {
	best := map[string]int{}
	out := map[string]string{}
	for _, file := range slices.Sorted(maps.Keys(all)) {
		dir, base := "", file
		if i := strings.LastIndexByte(file, '/'); i >= 0 {
			dir, base = file[:i+1], file[i+1:]
		}
		parts := strings.Split(base, ".")
		name := dir + parts[0]
		v := [3]string{} // language, output format, suffix
		// Templates cut ".html", the suffix.
		switch words := append(parts[1:], "html"); len(words) {
		case 1: // the suffix, also the output format's: HTML wins over AMP
			v[1], v[2] = words[0], words[0]
		case 2: // hugo shifts them left: "fr.html" is fr, fr, html
			v[0], v[1], v[2] = words[0], words[0], words[1]
		default:
			copy(v[:], words[len(words)-3:])
		}
		w := 0
		for i, want := range [3]string{lang, "html", "html"} {
			if v[i] == want {
				w += 3 - i
			} else {
				w--
			}
		}
		if _, seen := out[name]; !seen || w >= best[name] {
			out[name], best[name] = all[file], w
		}
	}
	return out
}

// maxTemplates bounds the templates of one kind read.
const maxTemplates = 1000

// Templates reads the site's templates under layouts/_KIND and
// layouts/KIND ("shortcodes", "partials"; subfolders included, names
// relative to it without ".html" for shortcodes, with it for partials),
// the project's before its themes': a template of a name already read is
// skipped, as is one over maxTemplate bytes or through a symbolic link out
// of dir. Hugo 0.146's template system moved them: "Create shortcode
// templates within the layouts/_shortcodes directory"
// (https://gohugo.io/templates/shortcode/), partials in layouts/_partials;
// the old folders are still read, after the new ones
// (tehlastjuan/compendium's layouts/_shortcodes/stats.html).
func Templates(dir string, themes []string, kind string) map[string]string {
	folders := []string{"layouts/_" + kind, "layouts/" + kind}
	for _, t := range themes {
		if root := themeDir(dir, t); root != "" {
			folders = append(folders, root+"/layouts/_"+kind, root+"/layouts/"+kind)
		}
	}
	out := map[string]string{}
	for _, folder := range folders {
		root := filepath.Join(dir, filepath.FromSlash(folder))
		_ = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil || len(out) >= maxTemplates {
				return filepath.SkipDir
			}
			if e.IsDir() && strings.HasPrefix(e.Name(), ".") {
				return filepath.SkipDir
			}
			if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".html") {
				return nil
			}
			r, err := filepath.Rel(root, p)
			if err != nil {
				return nil
			}
			name := filepath.ToSlash(r)
			if kind == "shortcodes" {
				name = strings.ToLower(strings.TrimSuffix(name, ".html"))
			}
			if _, seen := out[name]; seen {
				return nil
			}
			rel := folder + "/" + filepath.ToSlash(r)
			if _, err := srcpath.Check(dir, rel); err != nil {
				return nil
			}
			if info, err := e.Info(); err != nil || info.Size() > maxTemplate {
				return nil
			}
			if b, err := os.ReadFile(p); err == nil {
				out[name] = string(b)
			}
			return nil
		})
	}
	return out
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

// templatesDigest is a short digest of the templates of each map, by name.
func templatesDigest(sets ...map[string]string) string {
	h := sha256.New()
	for _, m := range sets {
		for _, name := range slices.Sorted(maps.Keys(m)) {
			fmt.Fprintf(h, "%d:%s%d:%s", len(name), name, len(m[name]), m[name])
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}
