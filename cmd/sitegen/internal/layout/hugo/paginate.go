package hugo

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
)

// maxLayoutFiles bounds how many template files Paginates reads.
const maxLayoutFiles = 5000

// Paginates says whether a template of the site at dir (layouts/, and
// themes/NAME/layouts/ of each of themes) may write a list's further
// pages: "Hugo supports pagination for your home page, section pages,
// and taxonomies" through .Paginate or .Paginator in a list template
// (https://gohugo.io/templates/pagination/); a site whose templates call
// neither has none (eval8B MB13: hugo-theme-learn lists a section whole
// on one page). A theme sitegen cannot read (a Hugo module, a missing
// folder) may paginate. Symbolic links are not followed; a file larger
// than a template is skipped.
func Paginates(dir string, themes []string) bool {
	roots := []string{filepath.Join(dir, "layouts")}
	for _, t := range themes {
		if t == "" {
			continue
		}
		rel := themeDir(dir, t)
		if rel == "" {
			return true // a module not in the repository
		}
		root := filepath.Join(dir, filepath.FromSlash(rel), "layouts")
		if info, err := os.Lstat(root); err != nil || !info.IsDir() {
			return true
		}
		roots = append(roots, root)
	}
	files, found := 0, false
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || found {
				return filepath.SkipDir
			}
			if !d.Type().IsRegular() {
				return nil
			}
			if files++; files > maxLayoutFiles {
				found = true // too many to read: it may
				return filepath.SkipAll
			}
			if info, err := d.Info(); err != nil || info.Size() > maxTemplate {
				return nil
			}
			b, err := os.ReadFile(p)
			if err == nil && strings.Contains(string(b), ".Paginat") {
				found = true
				return filepath.SkipAll
			}
			return nil
		})
		if found {
			return true
		}
	}
	return false
}

// partialCall matches a template's call of a partial by name.
var partialCall = regexp.MustCompile(`\bpartial(?:Cached)?\s+"([^"]+)"`)

// ListPagers says, for each kind of list page, whether the template Hugo
// picks for it paginates, where hugo 0.111 writes page/1/ as a redirect
// to the list (measured: a paginating layouts/section/section.html
// beside a _default/list.html that does not gives /rules/page/1/ and no
// /page/1/, /tags/page/1/). The template is the first of Hugo's lookup
// order for the kind that the site's layouts or a theme's hold ("Hugo
// uses the rules below to select a template for a given page, starting
// from the most specific", https://gohugo.io/templates/lookup-order/);
// it paginates when it, the partials it calls (and theirs) or, where it
// defines blocks, the base template use .Paginate or .Paginator (the
// list's kind, name, and front matter type: and layout:, which Hugo
// looks at first: layout.ListPage). A theme sitegen cannot read may
// paginate: every kind does then. nil when no template paginates.
func ListPagers(dir string, themes []string, lang string) func(layout.ListPage) bool {
	return newPagers(dir, themes).lang(lang)
}

// pagers are the site's list templates and partials, read once for the
// languages' sites (pagers.lang); nil when no template paginates.
type pagers struct {
	files, partials map[string]string
	unread          bool // a theme could not be read: every kind may paginate
}

// newPagers reads the templates ListPagers looks at; nil when no
// template paginates.
func newPagers(dir string, themes []string) *pagers {
	if !Paginates(dir, themes) {
		return nil
	}
	files, ok := listTemplates(dir, themes)
	if !ok {
		return &pagers{unread: true}
	}
	return &pagers{files: files, partials: Templates(dir, themes, "partials")}
}

// lang is ListPagers for the site of the language lang; nil when p is.
func (p *pagers) lang(lang string) func(layout.ListPage) bool {
	if p == nil {
		return nil
	}
	if p.unread {
		return func(layout.ListPage) bool { return true }
	}
	return func(lp layout.ListPage) bool {
		text, ok := p.template(lp, lang)
		return ok && paginatesWith(text, p.partials)
	}
}

// template is the text of the template Hugo picks for the list page lp
// in the site of the language lang (lookupOrder), with its base
// template's where it defines blocks (baseofOrder); false for none.
func (p *pagers) template(lp layout.ListPage, lang string) (string, bool) {
	for _, cand := range lookupOrder(lp, lang) {
		text, found := p.files[cand]
		if !found {
			continue
		}
		if strings.Contains(text, "{{ define") || strings.Contains(text, "{{- define") {
			for _, base := range baseofOrder(lp, lang) {
				if b, ok := p.files[base]; ok {
					text += b
					break
				}
			}
		}
		return text, true
	}
	return "", false
}

// paginateCall matches .Paginate's argument, to the end of its action.
var paginateCall = regexp.MustCompile(`\.Paginate\s+(.+?)\s*-?}}`)

// templateVar matches a template variable's name at the start of a text.
var templateVar = regexp.MustCompile(`^\$\w+\b`)

// whereField matches a where's test of a page's section or type against
// one name ("Section" "posts", "Type" "eq" "posts").
var whereField = regexp.MustCompile(`"\.?(?:Section|Type)"\s+(?:"(?:==|=|eq)"\s+)?"([^"]+)"`)

// homePager is the collection the home page's template pages in the site
// of the language lang (layout.Layout.HomePager), read from its
// .Paginate call: "To paginate a list of pages, use ... the Paginate
// method ... with a page collection", and where the template uses
// .Paginator only, the home page's default: "site.RegularPages" (hugo
// 0.111's page__paginator.go: "From Hugo 0.57 we made home.Pages() work
// like any other section. To avoid the default paginators for the home
// page changing in the wild, we make this a special case"), measured:
// a home page of one section of five pages, paginate = 2, writes /page/2/
// and /page/3/. A collection of site.RegularPages (or site.Pages)
// filtered by where to site.Params.mainSections is that of mainSections
// (the section with the most pages when the settings name none: "If the
// user has not set this config parameter in their site config, it will
// default to the section with the most pages",
// https://gohugo.io/functions/collections/where/#mainsections); to a
// named "Section" or "Type", that section's. nil where the template pages
// its own .Pages or a collection sitegen cannot read: the home page's
// children then. A variable ($pages) is read from its assignment.
func (p *pagers) homePager(lang string, mainSections []string) *layout.Pager {
	if p == nil || p.unread {
		return nil
	}
	text, ok := p.template(layout.ListPage{Kind: "home"}, lang)
	if !ok {
		return nil
	}
	all := withPartials(text, p.partials)
	m := paginateCall.FindStringSubmatch(all)
	if m == nil {
		if strings.Contains(all, ".Paginator") {
			return &layout.Pager{}
		}
		return nil
	}
	arg := strings.Trim(m[1], "() ")
	if strings.HasPrefix(arg, "$") {
		name := templateVar.FindString(arg)
		as := regexp.MustCompile(regexp.QuoteMeta(name)+`\s*:?=\s*(.+?)\s*-?}}`).FindAllStringSubmatch(all, -1)
		arg = ""
		for _, a := range as {
			arg += " " + a[1]
		}
	}
	switch {
	case strings.Contains(strings.ToLower(arg), "mainsections"):
		return &layout.Pager{Sections: mainSections, MainSections: true}
	case strings.Contains(arg, "RegularPages") || strings.Contains(arg, "site.Pages") || strings.Contains(arg, "Site.Pages"):
		pg := &layout.Pager{}
		if w := whereField.FindStringSubmatch(arg); w != nil {
			pg.Sections = []string{w[1]}
		}
		return pg
	}
	return nil
}

// regularPager says, for the site of the language lang, which section
// lists page over the section's regular pages only
// (layout.Layout.RegularPager): those whose template uses .Paginator, or
// pages its .RegularPages (sorted or filtered), as Hugo 0.111 pages a section by default (its
// page__paginator.go: the home page's site.RegularPages, a taxonomy's and
// a term's .Pages, "default: pages = p.RegularPages()"; measured: a
// section rules of five pages and a subsection combat, paginate = 2,
// lists Rule 1 and 2 at /rules/, 3 and 4 at /rules/page/2/, 5 at
// /rules/page/3/, combat on none). A template that pages .Pages, or a
// collection sitegen cannot read, lists the section's subsections too.
// nil when no template paginates.
func (p *pagers) regularPager(lang string) func(layout.ListPage) bool {
	if p == nil {
		return nil
	}
	return func(lp layout.ListPage) bool {
		if lp.Kind != "section" {
			return false
		}
		if p.unread {
			return true // Hugo's default
		}
		text, ok := p.template(lp, lang)
		if !ok {
			return false
		}
		m := paginateCall.FindStringSubmatch(withPartials(text, p.partials))
		return m == nil || strings.Contains(m[1], "RegularPages")
	}
}

// mainSections are the settings' params.mainSections (one name or a
// list); nil when they name none.
func mainSections(low map[string]any) []string {
	params, _ := low["params"].(map[string]any)
	for k, v := range params {
		if strings.EqualFold(k, "mainSections") {
			switch v := v.(type) {
			case string:
				return []string{v}
			case []any:
				var out []string
				for _, s := range v {
					if s, ok := s.(string); ok {
						out = append(out, s)
					}
				}
				return out
			case []string:
				return v
			}
		}
	}
	return nil
}

// lookupOrder is Hugo 0.111's lookup order of a list page's HTML
// templates, relative to layouts/ (https://gohugo.io/templates/lookup-order/:
// "Home page": layouts/index.html, home.html, list.html, then _default/;
// "Section page": posts/posts.html, posts/section.html, posts/list.html,
// section/…, _default/…; "Taxonomy" and "term" lists through
// categories/, category/, taxonomy/ and _default/), with the page's
// front matter "Type: Is value of type if set in front matter, else it
// is the name of the root section" and "Layout: Can be set in front
// matter" (ibid.) first. Measured with hugo 0.111 (a template for every
// name, the chosen one removed until none is left), for a section rules
// with type: blog, layout: fancy: blog/, rules/, section/, _default/,
// each fancy, rules, section, list; for the home page: its type's
// folder (page/ when it sets none), layouts/ itself, _default/, each
// its layout, index, home, list; a taxonomy's and a term's type
// replaces the taxonomy's folder; a taxonomy looks in its singular's
// folder before taxonomy/, a term after.
//
// Each folder's names are tried with the site's language and the output
// format in them first: "Output Format: ... We prefer matches with both
// (e.g. index.amp.html), but look for less specific templates" and
// "Language: We will consider a language tag in the template name. If
// the site language is fr, index.fr.amp.html will win over
// index.amp.html, but index.amp.html will be chosen before index.fr.html"
// (ibid.). For HTML (name html, suffix html), measured with hugo 0.111 in
// a site whose language is fr: rules/rules.fr.html.html,
// rules/section.fr.html.html, rules/list.fr.html.html,
// rules/rules.html.html, …, rules/rules.fr.html, …, rules/rules.html, …,
// then section/ and _default/ in the same order (variants). A site of
// one language has its language too (en unless defaultContentLanguage
// says otherwise): another code's template (list.fr.html in an English
// site) is never chosen.
func lookupOrder(lp layout.ListPage, lang string) []string {
	dirs, names := kindTemplates(lp)
	return templatePaths(dirs, names, lang)
}

// kindTemplates are the folders (relative to layouts/) and the names,
// most specific first, of the templates of the list page lp
// (lookupOrder).
func kindTemplates(lp layout.ListPage) (dirs, names []string) {
	name := lp.Name
	singular := strings.TrimSuffix(name, "s") // Hugo's default taxonomies: tag, category
	if name == "categories" {
		singular = "category"
	}
	switch lp.Kind {
	case "home":
		dirs, names = []string{cmp.Or(lp.Type, "page"), "", "_default"}, []string{"index", "home", "list"}
	case "section":
		dirs, names = []string{name, "section", "_default"}, []string{name, "section", "list"}
		if lp.Type != "" && lp.Type != name {
			dirs = append([]string{lp.Type}, dirs...)
		}
	case "taxonomy":
		dirs, names = []string{cmp.Or(lp.Type, name), singular, "taxonomy", "_default"}, []string{singular + ".terms", "terms", "taxonomy", "list"}
	case "term":
		dirs, names = []string{cmp.Or(lp.Type, name), "taxonomy", singular, "_default"}, []string{"term", singular, "taxonomy", "list"}
	}
	if lp.Layout != "" {
		names = append([]string{lp.Layout}, names...)
	}
	return dirs, names
}

// templatePaths are the templates of names in dirs for the site of the
// language lang, in Hugo's order: each folder in turn, in it each
// variant (variants), for each the names.
func templatePaths(dirs, names []string, lang string) []string {
	var out []string
	for _, d := range dirs {
		for _, v := range variants(lang) {
			for _, n := range names {
				out = append(out, path.Join(d, n+v+".html"))
			}
		}
	}
	return out
}

// variants are the infixes of a template's name for the HTML output
// format in the site of the language lang, most specific first, as hugo
// 0.111 tries them (output/layout.go, resolveVariations: "We prefer the
// most specific type before language"): ".fr.html", ".html", ".fr", "".
func variants(lang string) []string {
	if lang == "" {
		return []string{".html", ""}
	}
	return []string{"." + lang + ".html", ".html", "." + lang, ""}
}

// baseofOrder is where the template of the list page lp that defines
// blocks finds its base template: "LAYOUT-baseof" for each of the page's
// template names, then "baseof", in the page's own folders
// (kindTemplates), with the language's and output format's variants, not
// the folder of the template that uses it: "The base template lookup
// order closely follows that of the template it applies to (e.g.
// _default/list.html)" (https://gohugo.io/templates/base/; hugo 0.111's
// output/layout.go: with Baseof set, addLayoutVariations adds each name
// as layoutVar+"-baseof", then "baseof"). Measured with hugo 0.111: a
// _default/list-baseof.html that paginates beside a _default/baseof.html
// that does not is the base of the home page's and a section's list
// (/page/2/, /rules/page/2/), not of a single page; in a site whose
// language is fr the home page's base is layouts/baseof.html before
// _default/baseof.fr.html, a section's _default/baseof.fr.html, never
// layouts/baseof.fr.html.
func baseofOrder(lp layout.ListPage, lang string) []string {
	dirs, names := kindTemplates(lp)
	bases := make([]string, 0, len(names)+1)
	for _, n := range names {
		bases = append(bases, n+"-baseof")
	}
	return templatePaths(dirs, append(bases, "baseof"), lang)
}

// listTemplates reads the HTML templates in layouts/ and its folders of
// the site and of each theme, by their path under layouts/ (the site's
// before a theme's, as Hugo lays them over each other). false when a
// theme cannot be read (a module not in the repository, a folder
// missing) or there are too many files to read.
func listTemplates(dir string, themes []string) (map[string]string, bool) {
	roots := []string{filepath.Join(dir, "layouts")}
	for _, t := range themes {
		if t == "" {
			continue
		}
		rel := themeDir(dir, t)
		if rel == "" {
			return nil, false
		}
		root := filepath.Join(dir, filepath.FromSlash(rel), "layouts")
		if info, err := os.Lstat(root); err != nil || !info.IsDir() {
			return nil, false
		}
		roots = append(roots, root)
	}
	out, files := map[string]string{}, 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			r, _ := filepath.Rel(root, p)
			r = filepath.ToSlash(r)
			if d.IsDir() {
				if r != "." && strings.Contains(r, "/") { // layouts/ and its folders only
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || !strings.HasSuffix(r, ".html") {
				return nil
			}
			if files++; files > maxLayoutFiles {
				return errTooMany
			}
			if _, seen := out[r]; seen {
				return nil
			}
			if info, err := d.Info(); err != nil || info.Size() > maxTemplate {
				return nil
			}
			if b, err := os.ReadFile(p); err == nil {
				out[r] = string(b)
			}
			return nil
		})
		if errors.Is(err, errTooMany) || err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, false
		}
	}
	return out, true
}

// errTooMany stops listTemplates' walk.
var errTooMany = errors.New("too many layout files")

// paginatesWith says whether text, or a partial it calls (and theirs,
// each read once), uses .Paginate or .Paginator.
func paginatesWith(text string, partials map[string]string) bool {
	return strings.Contains(withPartials(text, partials), ".Paginat")
}

// withPartials is text followed by the partials it calls (and theirs,
// each once).
func withPartials(text string, partials map[string]string) string {
	var b strings.Builder
	seen := map[string]bool{}
	todo := []string{text}
	for len(todo) > 0 {
		t := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		b.WriteString(t)
		b.WriteString("\n")
		for _, m := range partialCall.FindAllStringSubmatch(t, -1) {
			name := strings.TrimPrefix(m[1], "partials/")
			if !strings.HasSuffix(name, ".html") {
				name += ".html"
			}
			if p, ok := partials[name]; ok && !seen[name] {
				seen[name] = true
				todo = append(todo, p)
			}
		}
	}
	return b.String()
}
