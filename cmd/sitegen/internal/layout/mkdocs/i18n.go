package mkdocs

import (
	"cmp"
	"fmt"
	"os"
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
//   - guides/api.en.md is at /guides/api/ (index.en.md at its folder's
//     URL: not yet, index.en.md keeps sitegen's URL, as the
//     folder's section has the folder's);
//   - other languages' files (guides/api.zh.md, img/x.zh.png) are not
//     in the default site; each other language's site is the default's
//     with each page read from its .<language>. file where there is one
//     (the default's otherwise: fallback_to_default), its nav labels
//     relabelled by nav_translations.
//
// Not read: docs_structure: folder and the old default_language /
// languages mapping (named in the build's notes).
func readI18n(l *layout.Layout, dir string, opts *yaml.Node) {
	if opts == nil || opts.Kind != yaml.MappingNode {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: plugin %s without languages: not implemented", l.File, I18n))
		return
	}
	structure, fallback := "suffix", true
	var langs []i18nLang
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
	if structure != "suffix" || !listed || len(langs) == 0 {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: plugin %s (docs_structure %s) not implemented: the pages are built as MkDocs builds them without this plugin", l.File, I18n, structure))
		return
	}
	def := langs[0]
	if i := slices.IndexFunc(langs, func(g i18nLang) bool { return g.def }); i >= 0 {
		def = langs[i]
	}
	l.Read = append(l.Read, fmt.Sprintf("plugin %s (%d languages)", I18n, len(langs)))
	content := filepath.Join(dir, filepath.FromSlash(l.Content))
	exists := func(rel string) bool {
		fi, err := os.Stat(filepath.Join(content, filepath.FromSlash(rel)))
		return err == nil && !fi.IsDir()
	}
	for i, e := range l.Nav {
		if e.Path != "" && !exists(e.Path) {
			if s := withSuffix(e.Path, def.locale); exists(s) {
				l.Nav[i].Path = s
			}
		}
	}
	if l.PageURL == nil {
		l.PageURL = func(rel string, _ map[string]any) string { return suffixURL(rel, def.locale) }
	}
	var others []string
	for _, g := range langs {
		if g.locale != def.locale {
			others = append(others, "*."+g.locale+".*")
		}
	}
	if len(others) > 0 {
		l.UnpublishedPaths = append(l.UnpublishedPaths, layout.PathRule{Reason: I18nReason, Patterns: layout.ParseIgnore(others...)})
	}
	if !fallback {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: plugin %s fallback_to_default: false not implemented: a page without a translation shows the default language's", l.File, I18n))
	}
	locale := func(g i18nLang) layout.Locale {
		return layout.Locale{Name: g.locale, Lang: g.locale, Label: cmp.Or(g.name, docusaurus.LocaleLabel(g.locale)), Dir: docusaurus.Direction(g.locale)}
	}
	out := []layout.Locale{locale(def)}
	for _, g := range langs {
		if g.locale == def.locale || strings.ContainsAny(g.locale, "/.") || g.locale == "" {
			continue
		}
		loc := locale(g)
		loc.Path = g.locale
		loc.Layout = i18nLayout(l, exists, def.locale, g)
		out = append(out, loc)
	}
	if len(out) > 1 {
		l.Locales = out
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

// i18nLayout is the layout of language g's site: l's, each page read
// from its .<g>. file where there is one, the nav relabelled by g's
// nav_translations.
func i18nLayout(l *layout.Layout, exists func(rel string) bool, def string, g i18nLang) *layout.Layout {
	c := *l
	c.Locales, c.Notes = nil, nil // the default's build reports them
	c.Read = slices.Clone(l.Read)
	c.Settings.LanguageCode = g.locale
	c.Nav = slices.Clone(l.Nav)
	for i, e := range c.Nav {
		if t, ok := g.navTrans[e.Title]; ok && e.Title != "" {
			c.Nav[i].Title = t
		}
	}
	trans := func(file string) string {
		rel, ok := strings.CutPrefix(file, l.Content+"/")
		if l.Content == "" || l.Content == "." {
			rel, ok = file, true
		}
		if !ok {
			return ""
		}
		t := withSuffix(strings.Replace(rel, "."+def+".", ".", 1), g.locale)
		if !strings.Contains(rel, "."+def+".") {
			t = withSuffix(rel, g.locale)
		}
		if !exists(t) {
			return ""
		}
		return path.Join(l.Content, t)
	}
	c.Translation = trans
	prev := l.Expand
	c.Expand = func(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
		if t := trans(file); t != "" {
			if b, err := read(t); err == nil {
				src = b
			}
		}
		if prev != nil {
			return prev(file, src, read)
		}
		return layout.Expanded{Src: src}
	}
	return &c
}

// withSuffix is rel with .<locale> before its extension ("api.md", "en":
// "api.en.md").
func withSuffix(rel, locale string) string {
	ext := path.Ext(rel)
	return strings.TrimSuffix(rel, ext) + "." + locale + ext
}

// suffixURL is the plugin's URL of the page file rel named with the
// default locale's suffix ("guides/api.en.md": /guides/api/,
// "index.en.md": /), "" for any other file (sitegen's URL).
func suffixURL(rel, def string) string {
	dir, name := path.Split(rel)
	stem, ok := strings.CutSuffix(strings.TrimSuffix(name, path.Ext(name)), "."+def)
	if !ok || stem == "" {
		return ""
	}
	if stem == "index" || strings.EqualFold(stem, "README") {
		return "" // a folder's own page: not yet (its section has the URL)
	}
	return "/" + dir + stem + "/"
}
