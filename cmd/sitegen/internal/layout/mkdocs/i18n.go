package mkdocs

import (
	"cmp"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/docusaurus"
)

// I18n is mkdocs-static-i18n's name in plugins:.
const I18n = "i18n"

// I18nReason is the build's report of a file another language's site
// publishes.
const I18nReason = "another language's file (mkdocs-static-i18n)"

// i18nLang is one entry of the plugin's languages:.
type i18nLang struct {
	locale, name string
	def          bool
	navTrans     map[string]string
	nav          []layout.NavEntry // the language's own nav:, nil for the site's
	// settings are the language's overrides of mkdocs.yml's ("site_name",
	// "copyright"), by key.
	settings map[string]string
}

// readI18n applies mkdocs-static-i18n's suffix docs structure
// (https://ultrabug.github.io/mkdocs-static-i18n/, and the plugin's
// README, https://pypi.org/project/mkdocs-static-i18n/0.45): "the
// default version will use any .md documentation file first and
// fallback to any .<default_language>.md file found", each other
// language "on the <language>/ path" using "any .<language>.md
// documentation file first and fallback to any .<default_language>.md
// file before fallbacking to any default .md file found". So:
//   - a nav entry "guides/api.md" is guides/api.en.md where only that
//     file exists;
//   - guides/api.en.md is at /guides/api/, index.en.md its folder's own
//     page (/ for the docs' root);
//   - "you must reference them in your markdown source without it (this
//     includes links to .md files)"
//     (https://ultrabug.github.io/mkdocs-static-i18n/setup/translating-content/):
//     a link or image path is read as the file of the page's language
//     (layout.Layout.LinkFile), img/x.png as img/x.en.png on the
//     default site and img/x.zh.png on the zh one, which publish it
//     at img/x.png;
//   - other languages' files (guides/api.zh.md, img/x.zh.png) are not
//     in the default site; each other language's site is the default's
//     with each page read from its .<language>. file where there is one
//     (the default's otherwise, unless fallback_to_default: false), its
//     nav labels relabelled by nav_translations (or its own nav: "override
//     the whole nav configuration option of your mkdocs.yml per
//     language"), plus the pages only that
//     language has ("french_only <-- only in the french /fr version",
//     https://ultrabug.github.io/mkdocs-static-i18n/setup/controlling-your-builds/).
//
// docs_structure: folder ("you will create a folder per language code
// (like en/ and fr/) and put your localized pages on those folders",
// https://ultrabug.github.io/mkdocs-static-i18n/setup/choosing-the-structure/)
// follows the same rules with LANG/page.md for page.LANG.md: a file
// outside the language folders (assets/x.png) is every language's; a
// page's links are written from its path without its language folder
// ("It works the same for the folder structure!", setup/translating-content/;
// folder.I18nFiles looks up LANG/path, then DEFAULT/path, then path);
// LANG/index.md is the language's home, and the language folder is no
// group of the navigation (folder.reconfigure_navigation).
//
// Not read: the old default_language / languages mapping (named in the
// build's notes).
func readI18n(l *layout.Layout, dir string, opts *yaml.Node) {
	if opts == nil || opts.Kind != yaml.MappingNode {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: plugin %s without languages: not implemented", l.File, I18n))
		return
	}
	structure, fallback, langs, def, ok := i18nOptions(opts)
	if !ok {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: plugin %s (docs_structure %s) not implemented: the pages are built as MkDocs builds them without this plugin", l.File, I18n, structure))
		return
	}
	l.Read = append(l.Read, fmt.Sprintf("plugin %s (%d languages)", I18n, len(langs)))
	d, truncated := newI18nDocs(dir, l, structure, fallback, langs, def)
	if truncated {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: plugin %s: more than %d files in %s: the others' translations are not looked up", l.File, I18n, maxI18nFiles, l.Content))
	}
	out := []layout.Locale{{Name: def.locale, Lang: def.locale, Label: cmp.Or(def.name, docusaurus.LocaleLabel(def.locale)), Dir: docusaurus.Direction(def.locale)}}
	for _, g := range langs {
		if g.locale == def.locale || strings.ContainsAny(g.locale, "/.") || g.locale == "" {
			continue
		}
		loc := layout.Locale{Name: g.locale, Lang: g.locale, Label: cmp.Or(g.name, docusaurus.LocaleLabel(g.locale)), Dir: docusaurus.Direction(g.locale), Path: g.locale}
		loc.Layout = d.site(l, g)
		out = append(out, loc)
	}
	d.apply(l, def.locale) // after the copies: theirs start from the default's settings
	def.override(l)
	if len(out) > 1 {
		l.Locales = out
	}
}

// newI18nDocs lists l's docs folder for the plugin's options
// (i18nOptions); truncated says some files were left out.
func newI18nDocs(dir string, l *layout.Layout, structure string, fallback bool, langs []i18nLang, def i18nLang) (d *i18nDocs, truncated bool) {
	d = &i18nDocs{def: def.locale, langs: map[string]bool{}, pageExts: append([]string{".md"}, l.Markup.Extensions...), fallback: fallback, folder: structure == "folder"}
	for _, g := range langs {
		d.langs[g.locale] = true
	}
	d.files, truncated = docsFiles(filepath.Join(dir, filepath.FromSlash(l.Content)))
	return d, truncated
}

// maxI18nFiles bounds the files of docs_dir readI18n lists.
const maxI18nFiles = 200_000

// docsFiles lists the regular files under root (slash paths relative to
// it), hidden names left out, at most maxI18nFiles; truncated says some
// were left out.
func docsFiles(root string) (files map[string]bool, truncated bool) {
	files = map[string]bool{}
	_ = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return nil
		case p != root && strings.HasPrefix(e.Name(), "."):
			if e.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case len(files) >= maxI18nFiles:
			truncated = true
			return filepath.SkipAll
		case e.Type().IsRegular():
			if r, err := filepath.Rel(root, p); err == nil {
				files[filepath.ToSlash(r)] = true
			}
		}
		return nil
	})
	return files, truncated
}

// i18nDocs is what the plugin's rules need of docs_dir: its files and
// the languages.
type i18nDocs struct {
	files    map[string]bool // content-relative
	def      string          // the default locale
	langs    map[string]bool // every locale of languages:
	pageExts []string        // the extensions of Markdown pages
	fallback bool            // fallback_to_default
	folder   bool            // docs_structure: folder (LOCALE/page.md)
}

// split cuts a content-relative path into its name without a language
// suffix, the suffix's locale ("" for none) and its extension
// ("img/x.zh.png": "img/x", "zh", ".png"); in the folder structure the
// language is its first folder ("zh/img/x.png": "img/x", "zh", ".png").
func (d *i18nDocs) split(rel string) (stem, locale, ext string) {
	ext = path.Ext(rel)
	base := strings.TrimSuffix(rel, ext)
	if d.folder {
		if first, rest, ok := strings.Cut(base, "/"); ok && d.langs[first] {
			return rest, first, ext
		}
		return base, "", ext
	}
	if i := strings.LastIndexByte(base, '.'); i >= 0 && !strings.Contains(base[i:], "/") && d.langs[base[i+1:]] {
		return base[:i], base[i+1:], ext
	}
	return base, "", ext
}

// i18nOptions reads the plugin's options (a mapping): its
// docs_structure, fallback_to_default, languages and the default one
// among them; ok is false for a structure or languages sitegen does not
// implement.
func i18nOptions(opts *yaml.Node) (structure string, fallback bool, langs []i18nLang, def i18nLang, ok bool) {
	structure, fallback = "suffix", true
	var listed bool
	for i := 0; i+1 < len(opts.Content); i += 2 {
		k, v := opts.Content[i].Value, opts.Content[i+1]
		switch k {
		case "docs_structure":
			structure = v.Value
		case "fallback_to_default":
			fallback = v.Value != "false"
		case "languages":
			if v.Kind != yaml.SequenceNode {
				continue
			}
			listed = true
			for _, it := range v.Content {
				if lang, ok := readLang(it); ok {
					langs = append(langs, lang)
				}
			}
		}
	}
	if structure != "suffix" && structure != "folder" || !listed || len(langs) == 0 {
		return structure, fallback, nil, i18nLang{}, false
	}
	def = langs[0]
	if i := slices.IndexFunc(langs, func(g i18nLang) bool { return g.def }); i >= 0 {
		def = langs[i]
	}
	return structure, fallback, langs, def, true
}

// i18nNavFile is the file of the docs folder a nav: entry's path rel
// names with the plugin's options opts (nil: none) on: the default
// language's (folder: "DEFAULT/rel", as folder.I18nFiles looks up
// "LANG/path, then DEFAULT/path, then path"; suffix: "stem.DEFAULT.md"),
// where exists finds it, else rel itself.
func i18nNavFile(opts *yaml.Node, rel string, exists func(rel string) bool) string {
	if opts == nil || opts.Kind != yaml.MappingNode {
		return rel
	}
	structure, _, _, def, ok := i18nOptions(opts)
	if !ok {
		return rel
	}
	d := i18nDocs{folder: structure == "folder"}
	ext := path.Ext(rel)
	if f := d.variant(strings.TrimSuffix(rel, ext), def.locale, ext); exists(f) {
		return f
	}
	return rel
}

// variant is the file of stem and ext in locale ("" for none): in the
// folder structure LOCALE/STEM.EXT, else STEM.LOCALE.EXT.
func (d *i18nDocs) variant(stem, locale, ext string) string {
	switch {
	case locale == "":
		return stem + ext
	case d.folder:
		return locale + "/" + stem + ext
	}
	return stem + "." + locale + ext
}

// page reports whether ext is a Markdown page's.
func (d *i18nDocs) page(ext string) bool { return slices.Contains(d.pageExts, ext) }

// unpublished reports whether language g's site leaves out the file rel
// (content-relative): another language's file; the default's page (or,
// on the default site, file) beside a file without suffix, which comes
// first; in a language other than
// the default, g's page that is read as its default's translation
// (Translation), the default's or shared file g has its own of, and
// with fallback_to_default: false what g has no translation of.
func (d *i18nDocs) unpublished(rel, g string) bool {
	stem, loc, ext := d.split(rel)
	if loc != "" && loc != g && loc != d.def {
		return true
	}
	has := func(l string) bool { return d.files[d.variant(stem, l, ext)] }
	switch {
	case loc == d.def && has("") && (g == d.def || d.page(ext)):
		return true // "any .md documentation file first"
	case g == d.def:
		return false
	case d.page(ext) && loc == g:
		return has("") || has(d.def) // the default's page, in g's words
	case d.page(ext):
		return !d.fallback && !has(g)
	case loc == g:
		return false
	case has(g):
		return true // g's own picture instead
	}
	return !d.fallback && loc == d.def
}

// file is the file of language g's site that the content-relative path
// rel names, "" for none. A page's: rel, then its default language's
// file, then g's (a page only g has; the default's page stands for
// its translations). Any other file's: g's, then the default's, then
// rel. A path written with a language's suffix names that file.
func (d *i18nDocs) file(rel, g string) string {
	stem, loc, ext := d.split(rel)
	order := []string{g, d.def, ""}
	switch {
	case loc != "":
		order = []string{loc}
	case d.page(ext):
		order = []string{"", d.def, g}
	}
	for _, l := range order {
		if f := d.variant(stem, l, ext); d.files[f] && !d.unpublished(f, g) {
			return f
		}
	}
	return ""
}

// apply gives l, the layout of language g's site, the plugin's rules:
// its nav's files, pages' and files' URLs, what it does not publish and
// how its links find their files.
func (d *i18nDocs) apply(l *layout.Layout, g string) {
	nav := l.Nav[:0:0]
	for _, e := range l.Nav {
		if e.Path != "" {
			f := d.file(e.Path, g)
			if f == "" && g != d.def && d.file(e.Path, d.def) != "" {
				continue // fallback_to_default: false: not in g's site
			}
			e.Path = cmp.Or(f, e.Path)
		}
		nav = append(nav, e)
	}
	l.Nav = nav
	if d.folder {
		// LOCALE/index.md is the site's home (the language folder
		// is the site's root).
		l.Home = cmp.Or(d.file("index.md", g), d.file("README.md", g))
		// "Remove the Section(title='En') language sections"
		// (folder.reconfigure_navigation): the language folders' pages
		// are the root's in the navigation.
		prev := l.NoSection
		l.NoSection = func(dir string) bool {
			return d.langs[dir] || prev != nil && prev(dir)
		}
		// The home page is index.html alone (not LANG.html too,
		// with use_directory_urls: false).
		if asFile := l.FileURL; asFile != nil {
			l.FileURL = func(rel string, fm map[string]any) bool { return rel != l.Home && asFile(rel, fm) }
		}
	}
	prevURL := l.PageURL
	l.PageURL = func(rel string, fm map[string]any) string {
		if stem, loc, _ := d.split(rel); loc != "" {
			if name := path.Base(stem); name == "index" || strings.EqualFold(name, "README") {
				if d.folder && path.Dir(stem) != "." {
					return "/" + path.Dir(stem) + "/"
				}
				return "" // the folder's own page (IndexName)
			}
			return "/" + stem + "/"
		}
		if prevURL != nil {
			return prevURL(rel, fm)
		}
		return ""
	}
	l.IndexName = func(name string) bool {
		stem, loc, ext := d.split(name)
		stem = path.Base(stem)
		return loc != "" && d.page(ext) && (stem == "index" || strings.EqualFold(stem, "README"))
	}
	l.FileSitePath = func(rel string) string {
		stem, loc, ext := d.split(rel)
		if loc == "" || d.page(ext) || d.files[d.variant(stem, "", ext)] && !d.unpublished(d.variant(stem, "", ext), g) {
			return ""
		}
		return "/" + stem + ext
	}
	var others []string
	for loc := range d.langs {
		if loc != g && loc != d.def {
			if d.folder {
				others = append(others, "/"+literal(loc)+"/")
			} else {
				others = append(others, "*."+loc+".*")
			}
		}
	}
	// The files of g or the default's that g's site leaves out, named
	// one by one.
	for rel := range d.files {
		if _, loc, _ := d.split(rel); (loc == "" || loc == g || loc == d.def) && d.unpublished(rel, g) {
			others = append(others, "/"+literal(rel))
		}
	}
	slices.Sort(others)
	if len(others) > 0 {
		l.UnpublishedPaths = append(slices.Clone(l.UnpublishedPaths), layout.PathRule{Reason: I18nReason, Patterns: layout.ParseIgnore(others...)})
	}
	l.LinkFile = func(from, target string) string {
		name := target
		if un, err := url.PathUnescape(name); err == nil {
			name = un
		}
		if name == "" || strings.HasPrefix(name, "/") || strings.HasSuffix(name, "/") {
			return target
		}
		if d.folder {
			// Written from the page's path without its language
			// folder (folder.I18nFiles.get_file_from_path).
			stem, _, ext := d.split(from)
			f := d.file(path.Join(path.Dir(stem+ext), name), g)
			if f == "" || f == path.Join(path.Dir(from), name) {
				return target
			}
			if r, err := filepath.Rel(path.Dir(from), f); err == nil {
				return filepath.ToSlash(r)
			}
			return target
		}
		rel := path.Join(path.Dir(from), name)
		f := d.file(rel, g)
		if f == "" || f == rel {
			return target
		}
		return path.Join(path.Dir(name), path.Base(f))
	}
}

// literal is rel as a .gitignore pattern that matches it alone.
func literal(rel string) string {
	var b strings.Builder
	for _, r := range rel {
		if strings.ContainsRune(`\*?[!# `, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// override gives l the settings g overrides: "For each language, you
// can for example localize (override) the MkDocs site_name,
// site_description, copyright etc."
// (https://ultrabug.github.io/mkdocs-static-i18n/setup/setting-up-languages/;
// site_description and theme are not shown by sitegen's theme).
func (g i18nLang) override(l *layout.Layout) {
	if v, ok := g.settings["site_name"]; ok {
		l.Settings.Title = v
	}
	if v, ok := g.settings["copyright"]; ok {
		l.Settings.Copyright = v
	}
}

// readLang reads one item of languages: ("- locale: en, default: true,
// name: English, nav_translations: {…}").
func readLang(n *yaml.Node) (i18nLang, bool) {
	var g i18nLang
	if n.Kind != yaml.MappingNode {
		return g, false
	}
	build := true
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i].Value, n.Content[i+1]
		switch k {
		case "locale":
			g.locale = v.Value
		case "name":
			g.name = v.Value
		case "default":
			g.def = v.Value == "true"
		case "build":
			build = v.Value != "false"
		case "site_name", "copyright":
			if v.Kind == yaml.ScalarNode {
				if g.settings == nil {
					g.settings = map[string]string{}
				}
				g.settings[k] = v.Value
			}
		case "nav":
			// "override the whole nav configuration option of your
			// mkdocs.yml per language" (localizing-navigation/).
			if v.Kind == yaml.SequenceNode {
				g.nav = navEntries(v, 0, []layout.NavEntry{})
			}
		case "nav_translations":
			if v.Kind == yaml.MappingNode {
				g.navTrans = map[string]string{}
				for j := 0; j+1 < len(v.Content); j += 2 {
					g.navTrans[v.Content[j].Value] = v.Content[j+1].Value
				}
			}
		}
	}
	return g, g.locale != "" && (build || g.def)
}

// site is the layout of language g's site: l's, each page read from
// its .<g>. file where there is one, the nav relabelled by g's
// nav_translations, with the plugin's rules for g (apply).
func (d *i18nDocs) site(l *layout.Layout, g i18nLang) *layout.Layout {
	c := *l
	c.Locales, c.Notes = nil, nil // the default's build reports them
	c.Read = slices.Clone(l.Read)
	c.Settings.LanguageCode = g.locale
	g.override(&c)
	c.Nav = slices.Clone(l.Nav)
	for i, e := range c.Nav {
		if t, ok := g.navTrans[e.Title]; ok && e.Title != "" {
			c.Nav[i].Title = t
		}
	}
	if g.nav != nil {
		c.Nav, c.NavAsWritten = g.nav, true // its own, written in its words
	}
	d.apply(&c, g.locale)
	trans := func(file string) string {
		rel, ok := strings.CutPrefix(file, l.Content+"/")
		if l.Content == "" || l.Content == "." {
			rel, ok = file, true
		}
		if !ok {
			return ""
		}
		stem, loc, ext := d.split(rel)
		if loc != "" && loc != d.def {
			return "" // g's own page
		}
		if t := d.variant(stem, g.locale, ext); d.files[t] {
			return path.Join(l.Content, t)
		}
		return ""
	}
	c.Translation = trans
	c.Expand = layout.Translated(l.Expand, trans, nil)
	return &c
}
