package hugo

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/docusaurus"
)

// LanguageReason is the build's report of a page file another language's
// site publishes (translation by file name).
const LanguageReason = "another language's page (Hugo multilingual)"

// A multilingual Hugo site ([languages.NAME] in its settings) is built as
// Hugo builds it (https://gohugo.io/content-management/multilingual/):
// every language a site of its own (layout.Locale), the default language's
// (defaultContentLanguage, else "en") at the root and each other one under
// /NAME/, their locale switcher ordered as Hugo orders its languages
// ("weight: The language weight. When set to a non-zero value, this is
// the primary sort criteria for this language",
// https://gohugo.io/content-management/multilingual/#configure-languages;
// then by name). A language's pages come from
//
//   - its own contentDir ("Translation by content directory"): the pages
//     there, at the same URLs under its prefix;
//   - else, when it shares the default language's content folder, the
//     files named with its code ("Translation by file name": about.fr.md
//     is /fr/about/; "If a file has no language code, it will be assigned
//     the default language"), which the default language's site leaves
//     out (LanguageReason).
//
// Each language's site has its own title, languageCode, copyright and
// menus where the language sets them (withLanguage). A language with
// disabled = true, or named in disableLanguages, is not built.
//
// A page's locale switcher links its translations, as Hugo relates them:
// by path in each language's content, or by translationKey; an
// untranslated page's link leads to the other language's home page
// (site/locales.go translations). With defaultContentLanguageInSubdir
// the default language is under /NAME/ too, the root a redirect there
// (layout.Layout.RootRedirect). Not done: a language page's fallback to
// the default's (Hugo has none either).

// language is one language of the site's [languages] table.
type language struct {
	name     string         // its key, lower case as Hugo reads it
	weight   int            // its weight (0: after those with one)
	own      map[string]any // its own settings
	disabled bool
}

// siteLanguages are the languages of the settings m, in Hugo's order
// (weight, those without one after, then name); disabled ones marked.
func siteLanguages(m map[string]any) []language {
	langs, _ := m["languages"].(map[string]any)
	off := map[string]bool{}
	for _, n := range layout.Strings(lower(m), "disablelanguages") {
		off[strings.ToLower(n)] = true
	}
	var out []language
	for name, v := range langs {
		own, _ := v.(map[string]any)
		low := lower(own)
		out = append(out, language{name: strings.ToLower(name), weight: number(low["weight"]), own: own,
			disabled: off[strings.ToLower(name)] || layout.True(low["disabled"])})
	}
	slices.SortFunc(out, func(a, b language) int {
		switch {
		case a.weight == b.weight:
			return strings.Compare(a.name, b.name)
		case a.weight == 0:
			return 1
		case b.weight == 0:
			return -1
		}
		return cmp.Compare(a.weight, b.weight)
	})
	return out
}

// readLanguages gives l, the default language def's layout (its content
// folder already chosen), the other languages of the settings m as its
// locales, each built from its own contentDir or from the files named
// with its code (see above). pageURL makes a layout's PageURL.
func readLanguages(l *layout.Layout, dir string, m map[string]any, def string, pageURL func(*layout.Layout) func(string, map[string]any) string, tm langTemplates) {
	langs := siteLanguages(m)
	if len(langs) < 2 {
		// A site of one language: a file named with its code is the page
		// of its name without it (hugo 0.111 measured: content/_index.en.md
		// is the home page, s/a.en.md /s/a/, s/b.fr.md /s/b.fr/).
		code := def
		if len(langs) == 1 {
			code = langs[0].name
		}
		(&suffixes{codes: map[string]bool{code: true}, exts: append([]string{".md"}, l.Markup.Extensions...)}).urls(l, code, pageURL)
		return
	}
	// "defaultContentLanguageInSubdir: Render the default content
	// language in subdir, e.g. content/en/ ... will be rendered to
	// public/en/" and "the root of your site will redirect to the
	// default language's subdirectory"
	// (https://gohugo.io/content-management/multilingual/): the default
	// language is then a locale like the others, in its folder.
	inSubdir := layout.True(lower(m)["defaultcontentlanguageinsubdir"])
	// "Hugo supports multiple languages in a multihost configuration.
	// This means you can configure a baseURL per language" and "If a
	// baseURL is set on the language level, then all languages must have
	// one and they must all be different"
	// (https://gohugo.io/content-management/multilingual/). Hugo 0.111
	// measured: each language is written to its folder, public/en/ and
	// public/fr/, served at its host's root, with its own copy of
	// static/; nothing at public/'s root.
	hosts := map[string]string{}
	for _, g := range langs {
		if u, _ := lower(g.own)["baseurl"].(string); u != "" && !g.disabled {
			hosts[g.name] = u
		}
	}
	multihost := len(hosts) > 0
	for _, g := range langs {
		if !g.disabled && hosts[g.name] == "" {
			multihost = false
		}
	}
	if len(hosts) > 0 && !multihost {
		// Hugo 0.111 stops: "baseURL must be set on all or none of the languages".
		l.Notes = append(l.Notes, fmt.Sprintf("%s: a baseURL in some languages, not all: not read (Hugo stops the build: \"baseURL must be set on all or none of the languages\")", l.File))
	}
	// A disabled language's code still names its files: Hugo 0.111
	// publishes neither rules/combat.de.md nor a page rules/combat.de/
	// when de is disabled ("disableLanguages: Disable listed languages",
	// https://gohugo.io/getting-started/configuration/#disablelanguages).
	codes := map[string]bool{}
	for _, g := range langs {
		codes[g.name] = true
	}
	sx := &suffixes{codes: codes, exts: append([]string{".md"}, l.Markup.Extensions...)}
	l.Markup.Language, l.Markup.Languages = def, slices.Sorted(maps.Keys(codes))
	var locales []layout.Locale
	var shared []string // the languages translated by file name
	for _, g := range langs {
		if g.disabled && g.name != def {
			if c, _ := lower(g.own)["contentdir"].(string); c == "" {
				shared = append(shared, g.name) // its files are left out
			}
			continue
		}
		loc := locale(g, m)
		if multihost {
			loc.BaseURL = hosts[g.name]
		}
		if g.name == def {
			if inSubdir || multihost {
				loc.Layout = languageSite(l, g, m, pageURL, tm) // its rules of translation by file name: below
			} else {
				loc.Path = "" // at the root
			}
			locales = append(locales, loc)
			continue
		}
		c, _ := lower(g.own)["contentdir"].(string)
		switch {
		case strings.Contains(g.name, "/") || strings.Contains(g.name, "."):
			l.Notes = append(l.Notes, fmt.Sprintf("%s: languages.%s: not a name sitegen can publish a folder as: its pages are not built", l.File, g.name))
			continue
		case c == "":
			shared = append(shared, g.name)
			loc.Layout = sx.site(l, g, m, pageURL, tm)
		default:
			content, err := l.Folder(dir, "contentDir", c)
			if err != nil || content == "" || !layout.Exists(dir, content, true) {
				l.Notes = append(l.Notes, fmt.Sprintf("%s: languages.%s: contentDir %s is not a folder of the site: its pages are not built", l.File, g.name, c))
				continue
			}
			if content == l.Content {
				l.Notes = append(l.Notes, fmt.Sprintf("%s: languages.%s: its pages (contentDir %s) are not built: sitegen builds the default language's site from the same folder", l.File, g.name, c))
				continue
			}
			loc.Layout = languageSite(l, g, m, pageURL, tm)
			loc.Layout.Content = content
		}
		locales = append(locales, loc)
	}
	if len(shared) > 0 {
		sx.apply(l, def, pageURL)
		for _, loc := range locales {
			if loc.Name == def && loc.Layout != nil {
				sx.apply(loc.Layout, def, pageURL)
			}
		}
	}
	if len(locales) > 1 {
		l.TranslationKey = translationKey(def)
		for _, loc := range locales {
			if loc.Layout != nil {
				loc.Layout.TranslationKey = translationKey(loc.Name)
			}
		}
		l.Locales = locales
		l.Read = append(l.Read, fmt.Sprintf("languages (%d)", len(locales)))
		// Hugo 0.111 measured (one baseURL): static/ is published once,
		// at the root, and a page in any language links it as /img/a.png;
		// a language's own staticDir is not published at all.
		l.StaticAtRoot = !multihost
		// "With a multilingual project, Hugo generates: A sitemap.xml
		// file in the root of each site (language) …; A sitemap.xml file
		// in the root of the publishDir using the embedded sitemapindex
		// template" (https://gohugo.io/templates/sitemap/). Multihost:
		// each host's sitemap.xml is its language's, nothing at the root.
		l.SitemapIndex = !multihost
		if multihost {
			l.RootRedirect = def + "/" // no page at the root; its build writes nothing there
			l.Read = append(l.Read, "languages' baseURL (multihost)")
		} else if inSubdir {
			l.RootRedirect = def + "/"
			l.Read = append(l.Read, "defaultContentLanguageInSubdir")
		} else {
			// Hugo 0.111 measured: with the default language at the
			// root, public/en/index.html is an alias page to / (the
			// home page's only: no /en/combat/).
			l.HomeAlias = "/" + def + "/"
		}
	}
}

// translationKey is what relates a page of language lang to its
// translations (layout.Layout.TranslationKey): its front matter
// translationKey ("translationKey: An arbitrary value used to relate two
// or more translations of the same page, useful when the translated pages
// do not share a common path",
// https://gohugo.io/content-management/front-matter/#translationkey),
// else its path in its content folder without its extension and its
// language code ("Translation by content directory", "Translation by file
// name": about.fr.md of fr is "about").
func translationKey(lang string) func(rel string, meta map[string]any) string {
	return func(rel string, meta map[string]any) string {
		for k, v := range meta {
			if strings.EqualFold(k, "translationKey") {
				if key := fmt.Sprint(v); v != nil && key != "" {
					return "key:" + key
				}
			}
		}
		rel = strings.TrimSuffix(rel, path.Ext(rel))
		return "path:" + strings.TrimSuffix(rel, "."+lang)
	}
}

// locale is the language g of the site's settings m as a locale: its
// label languageName, else the language's own name for itself.
func locale(g language, m map[string]any) layout.Locale {
	own := lower(g.own)
	label, _ := own["languagename"].(string)
	code, _ := own["languagecode"].(string)
	dir, _ := own["languagedirection"].(string)
	code = cmp.Or(code, g.name)
	return layout.Locale{Name: g.name, Label: cmp.Or(label, docusaurus.LocaleLabel(g.name)), Lang: code,
		Dir: cmp.Or(dir, docusaurus.Direction(code)), Path: g.name}
}

// languageSite is the layout of the language g's site: l's, with the
// settings g sets for itself (withLanguage) and its own menus.
func languageSite(l *layout.Layout, g language, m map[string]any, pageURL func(*layout.Layout) func(string, map[string]any) string, tm langTemplates) *layout.Layout {
	c := *l
	c.Locales, c.Notes = nil, nil // the default's build reports them
	c.Markup.Language = g.name
	c.Read = slices.Clone(l.Read)
	mm := withLanguage(m, g.name)
	c.Settings.Title = c.Str(mm, "title")
	c.Settings.NoTitle = c.Settings.Title == ""
	c.Settings.LanguageCode = cmp.Or(c.Str(mm, "languageCode"), g.name)
	c.Settings.Copyright = c.Str(mm, "copyright")
	if l.ListFeed != nil {
		lf := *l.ListFeed
		lf.Language = c.Str(mm, "languageCode") // the language's own, else none (listFeed)
		c.ListFeed = &lf
	}
	if l.PageMenu != nil { // not Docsy's (RecogniseIn)
		c.Menu = readMenu(mm)
	}
	c.PageURL = pageURL(&c)
	// Its list templates are looked up with its language's code in their
	// names (lookupOrder).
	c.FirstPageAlias = tm.pagers.lang(g.name)
	c.HomePager = tm.pagers.homePager(g.name, tm.mainSections)
	c.RegularPager = tm.pagers.regularPager(g.name)
	if len(tm.shortcodes) > 0 {
		c.Markup.ShortcodeTemplates = shortcodesFor(tm.shortcodes, g.name)
	}
	return &c
}

// langTemplates are the site's templates whose choice depends on the
// language (named with its code: list.fr.html, note.fr.html), read once
// for the languages' sites.
type langTemplates struct {
	pagers       *pagers
	mainSections []string          // the settings' params.mainSections (homePager)
	shortcodes   map[string]string // by file name under shortcodes/ without .html ("note.fr")
}

// suffixes are the rules of translation by file name: the languages'
// codes, and the extensions of Markdown pages.
type suffixes struct {
	codes map[string]bool
	exts  []string
}

// split cuts the content-relative page file rel into the path of the page
// without its language code, and the code ("rules/combat.fr.md":
// "rules/combat.md", "fr"); "" for a file that is no page or names none.
func (sx *suffixes) split(rel string) (page, code string) {
	ext := path.Ext(rel)
	if !slices.Contains(sx.exts, strings.ToLower(ext)) {
		return rel, ""
	}
	base := strings.TrimSuffix(rel, ext)
	i := strings.LastIndexByte(base, '.')
	if i < 0 || strings.Contains(base[i:], "/") || !sx.codes[strings.ToLower(base[i+1:])] {
		return rel, ""
	}
	return base[:i] + ext, strings.ToLower(base[i+1:])
}

// site is the layout of the language g translated by file name: l's
// settings for g (languageSite), its pages those named with g's code.
func (sx *suffixes) site(l *layout.Layout, g language, m map[string]any, pageURL func(*layout.Layout) func(string, map[string]any) string, tm langTemplates) *layout.Layout {
	c := languageSite(l, g, m, pageURL, tm)
	// Its pages are the files named with its code: every other page
	// file is another language's.
	var patterns []string
	for _, ext := range sx.exts {
		patterns = append(patterns, "*"+ext, "!*."+g.name+ext)
	}
	c.UnpublishedPaths = append(slices.Clone(l.UnpublishedPaths), layout.PathRule{Reason: LanguageReason, Patterns: layout.ParseIgnore(patterns...)})
	sx.urls(c, g.name, pageURL)
	return c
}

// apply gives l, the default language def's layout, the rules of
// translation by file name: the pages named with another language's code
// are not its, those named with def's are at the URL of their name
// without it.
func (sx *suffixes) apply(l *layout.Layout, def string, pageURL func(*layout.Layout) func(string, map[string]any) string) {
	var patterns []string
	for _, code := range slices.Sorted(maps.Keys(sx.codes)) {
		if code != def {
			for _, ext := range sx.exts {
				patterns = append(patterns, "*."+code+ext)
			}
		}
	}
	l.UnpublishedPaths = append(slices.Clone(l.UnpublishedPaths), layout.PathRule{Reason: LanguageReason, Patterns: layout.ParseIgnore(patterns...)})
	sx.urls(l, def, pageURL)
}

// urls gives l, the layout of the language code, the URLs of its pages
// named with its code: "about.fr.md" is at /fr/about/, _index.fr.md and
// a bundle's index.fr.md are their folder's own page.
func (sx *suffixes) urls(l *layout.Layout, code string, pageURL func(*layout.Layout) func(string, map[string]any) string) {
	plain := pageURL(l)
	seg := l.Segment
	l.PageURL = func(rel string, fm map[string]any) string {
		page, c := sx.split(rel)
		if c != code {
			return plain(rel, fm)
		}
		if u := plain(page, fm); u != "" {
			return u
		}
		stem, _ := l.Markup.MarkdownStem(path.Base(page))
		if stem == "_index" || stem == "index" {
			return ""
		}
		return folderURL(path.Dir(page), seg) + seg(stem) + "/"
	}
	l.IndexName = func(name string) bool {
		page, c := sx.split(name)
		stem, _ := l.Markup.MarkdownStem(path.Base(page))
		return c == code && (stem == "_index" || stem == "index")
	}
}
