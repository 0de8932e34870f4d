package docusaurus

import (
	"cmp"
	"fmt"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestLocales: "i18n.locales: List of locales deployed on your site"
// (https://docusaurus.io/docs/api/docusaurus-config#i18n) and "npm run
// build ... builds all locales"
// (https://docusaurus.io/docs/i18n/tutorial#deploy-your-site), each but
// the default under /LOCALE/; localeConfigs "label: The label displayed
// for this locale in the locales dropdown", "direction: ltr (default) or
// rtl", "htmlLang: BCP 47 language tag to use in <html lang="...">",
// "path: Root folder that all plugin localization folders of this locale
// are relative to ... Defaults to the locale's name", "translate: ...
// Defaults to true if the i18n/<locale> folder exists"; a localeConfigs
// baseUrl (core's loadI18n) replaces the inferred one.
func TestLocales(t *testing.T) {
	for _, tc := range []struct {
		name, i18n string
		files      map[string]string
		want       string // each locale: name label lang dir path translated?
	}{
		{"one locale", "{defaultLocale: 'en', locales: ['en']}", nil, ""},
		{"no i18n", "", nil, ""},
		{"en and fr", "{defaultLocale: 'en', locales: ['en', 'fr']}",
			map[string]string{"i18n/fr/docusaurus-plugin-content-docs/current/intro.md": "# Présentation\n"},
			"en English en ltr - -; fr Français fr ltr fr docs/intro.md"},
		{"labels, lang and direction given", "{defaultLocale: 'fr', locales: ['fr', 'pt-BR', 'ar'], localeConfigs: {'pt-BR': {path: 'pt', label: 'Português (BR)'}, ar: {htmlLang: 'ar-EG', direction: 'ltr'}}}",
			map[string]string{"i18n/pt/docusaurus-plugin-content-docs/current/intro.md": "# Intro\n", "i18n/ar/docusaurus-plugin-content-docs/current/intro.md": "# مقدمة\n"},
			"fr Français fr ltr - -; pt-BR Português (BR) pt-BR ltr pt-BR docs/intro.md; ar العربية ar-EG ltr ar docs/intro.md"},
		{"right to left by default", "{defaultLocale: 'en', locales: ['en', 'he']}", nil,
			"en English en ltr - -; he עברית he rtl he -"},
		{"translate false", "{defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: {fr: {translate: false}}}",
			map[string]string{"i18n/fr/docusaurus-plugin-content-docs/current/intro.md": "# Présentation\n"},
			"en English en ltr - -; fr Français fr ltr fr -"},
		{"duplicates and a locale that is not a string", "{defaultLocale: 'en', locales: ['en', 'fr', 'fr', 3]}", nil,
			"en English en ltr - -; fr Français fr ltr fr -"},
		{"a locale's baseUrl", "{defaultLocale: 'en', locales: ['en', 'fr'], localeConfigs: {fr: {baseUrl: '/francais/'}}}", nil,
			"en English en ltr - -; fr Français fr ltr francais -"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"docusaurus.config.js": "module.exports = {title: 'T'" + map[bool]string{true: ", i18n: " + tc.i18n, false: ""}[tc.i18n != ""] + "};\n", "docs/intro.md": "# Intro\n"}
			for k, v := range tc.files {
				files[k] = v
			}
			l, err := Recognise(layouttest.Write(t, files))
			if err != nil || l == nil {
				t.Fatalf("Recognise = %v, %v", l, err)
			}
			var got []string
			for _, loc := range l.Locales {
				s := fmt.Sprintf("%s %s %s %s %s", loc.Name, loc.Label, loc.Lang, loc.Dir, or(loc.Path, "-"))
				tr := "-"
				if loc.Layout != nil {
					if loc.Layout.Settings.LanguageCode != loc.Lang || loc.Layout.Settings.Direction != loc.Dir {
						t.Errorf("%s: its layout's language %q %q", loc.Name, loc.Layout.Settings.LanguageCode, loc.Layout.Settings.Direction)
					}
					if x := loc.Layout.Expand; x != nil {
						src := x("docs/intro.md", []byte("# Intro\n"), func(f string) ([]byte, error) { return []byte("translated"), nil })
						if string(src.Src) == "translated" {
							tr = "docs/intro.md"
						}
					}
				}
				got = append(got, s+" "+tr)
			}
			if g := strings.Join(got, "; "); g != tc.want {
				t.Errorf("locales:\n got %s\nwant %s", g, tc.want)
			}
		})
	}
}

func or(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// TestLocaleTranslations: the tutorial's "Translate a doc: Copy the
// docs/intro.md file to the i18n/fr folder ...
// i18n/fr/docusaurus-plugin-content-docs/current/intro.md"; the blog's
// and pages' translations in docusaurus-plugin-content-blog and
// docusaurus-plugin-content-pages; "current.json" the sidebar's labels
// ("sidebar.tutorialSidebar.category.Tutorial": {"message": ...}), and
// docusaurus-theme-classic/navbar.json the navbar's title
// (https://docusaurus.io/docs/i18n/tutorial#translate-json-files). A doc
// only in the translation is no page: only the docs folder's files are
// (core's getContentPathList reads each docs file from the localized
// folder first).
func TestLocaleTranslations(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"docusaurus.config.js":        "module.exports = {title: 'Rules', themeConfig: {navbar: {title: 'Rules'}}, i18n: {defaultLocale: 'en', locales: ['en', 'fr']}};\n",
		"docs/intro.md":               "# Intro\n",
		"docs/combat/hit.md":          "# Hit\n",
		"docs/combat/_category_.json": `{"label": "Fighting"}`,
		"blog/2024-01-01-hello.md":    "# Hello\n",
		"src/pages/about.md":          "# About\n",
		"i18n/fr/docusaurus-plugin-content-docs/current/intro.md":     "# Présentation\n",
		"i18n/fr/docusaurus-plugin-content-docs/current/only-here.md": "# Ici seulement\n",
		"i18n/fr/docusaurus-plugin-content-docs/current/.hidden.md":   "# Caché\n",
		"i18n/fr/docusaurus-plugin-content-docs/current.json":         `{"version.label": {"message": "Suivante"}, "sidebar.tutorialSidebar.category.Fighting": {"message": "Combat"}}`,
		"i18n/fr/docusaurus-plugin-content-blog/2024-01-01-hello.md":  "# Bonjour\n",
		"i18n/fr/docusaurus-plugin-content-pages/about.md":            "# À propos\n",
		"i18n/fr/docusaurus-theme-classic/navbar.json":                `{"title": {"message": "Règles", "description": "The title in the navbar"}}`,
	})
	l, err := Recognise(dir)
	if err != nil || l == nil || len(l.Locales) != 2 || l.Locales[1].Layout == nil {
		t.Fatalf("Recognise = %+v, %v", l, err)
	}
	fr := l.Locales[1].Layout
	read := func(f string) ([]byte, error) { return []byte("from " + f), nil }
	for file, want := range map[string]string{
		"docs/intro.md":            "from i18n/fr/docusaurus-plugin-content-docs/current/intro.md",
		"docs/combat/hit.md":       "# Hit\n", // untranslated: the default locale's
		"blog/2024-01-01-hello.md": "from i18n/fr/docusaurus-plugin-content-blog/2024-01-01-hello.md",
		"src/pages/about.md":       "from i18n/fr/docusaurus-plugin-content-pages/about.md",
		"docs/.hidden.md":          "orig",
		"docs/only-here.md":        "from i18n/fr/docusaurus-plugin-content-docs/current/only-here.md", // asked for only if docs/ had it
	} {
		orig := "orig"
		if file == "docs/combat/hit.md" {
			orig = "# Hit\n"
		}
		if got := string(fr.Expand(file, []byte(orig), read).Src); got != want {
			t.Errorf("%s reads %q, want %q", file, got, want)
		}
	}
	if fr.Settings.Title != "Règles" || l.Settings.Title != "Rules" {
		t.Errorf("titles %q (fr), %q (en)", fr.Settings.Title, l.Settings.Title)
	}
	// A site titled otherwise than its navbar keeps its title: navbar.json
	// translates the navbar's.
	sitetest := layouttest.Write(t, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'Rules of Play', themeConfig: {navbar: {title: 'Rules'}}, i18n: {defaultLocale: 'en', locales: ['en', 'fr']}};\n",
		"docs/intro.md":        "# Intro\n",
		"i18n/fr/docusaurus-theme-classic/navbar.json": `{"title": {"message": "Règles"}}`,
	})
	if l2, err := Recognise(sitetest); err != nil || l2.Locales[1].Layout.Settings.Title != "Rules of Play" {
		t.Errorf("a site titled otherwise than its navbar: fr title %q, %v", l2.Locales[1].Layout.Settings.Title, err)
	}
	p, err := fr.Rules.Folder("combat")
	if err != nil || (p.NavLabel != "Combat" && p.Title != "Combat") {
		t.Errorf("fr's combat folder = %+v, %v; want the label Combat", p, err)
	}
	p, _ = l.Rules.Folder("combat")
	if p.NavLabel == "Combat" || p.Title == "Combat" {
		t.Errorf("en's combat folder translated: %+v", p)
	}
	var _ layout.Rules = localeRules{}
}

// TestLocaleDefaults: core's getDefaultLocaleConfig: "label:
// getDefaultLocaleLabel(htmlLang ?? locale)" (the language's name in
// itself, capitalised; the locale's name where there is none) and
// "direction: getDefaultDirection(...)" (Intl.Locale's text direction).
func TestLocaleDefaults(t *testing.T) {
	for _, tc := range []struct{ lang, label, dir string }{
		{"fr", "Français", "ltr"},
		{"pt-BR", "Português", "ltr"},
		{"zh_TW", "中文", "ltr"},
		{"ar", "العربية", "rtl"},
		{"fa-IR", "فارسی", "rtl"},
		{"he", "עברית", "rtl"},
		{"az-Arab", "az-Arab", "rtl"},
		{"ku-Latn", "ku-Latn", "ltr"},
		{"tlh", "tlh", "ltr"},
		{"", "", "ltr"},
	} {
		if got := LocaleLabel(tc.lang); got != tc.label {
			t.Errorf("LocaleLabel(%q) = %q, want %q", tc.lang, got, tc.label)
		}
		if got := Direction(tc.lang); got != tc.dir {
			t.Errorf("Direction(%q) = %q, want %q", tc.lang, got, tc.dir)
		}
	}
}

// TestLocalesBounded: each locale is a whole site; past maxLocales, the
// rest are named in a note, not built.
func TestLocalesBounded(t *testing.T) {
	var names []string
	for i := range maxLocales + 3 {
		names = append(names, fmt.Sprintf("'x%d'", i))
	}
	dir := layouttest.Write(t, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', i18n: {defaultLocale: 'x0', locales: [" + strings.Join(names, ", ") + "]}};\n",
		"docs/intro.md":        "# Intro\n",
	})
	l, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Locales) != maxLocales {
		t.Errorf("%d locales built, want %d", len(l.Locales), maxLocales)
	}
	if notes := strings.Join(l.Notes, "\n"); strings.Count(notes, "is not built") != 3 {
		t.Errorf("notes:\n%s", notes)
	}
}

// TestLocaleNavbarItems: navbar.json translates the navbar's items
// ("item.label.LABEL", https://docusaurus.io/docs/i18n/tutorial#translate-json-files),
// which label a docs instance's section and the blog's list in sitegen's
// navigation (navbarLabels); the blog's options.json its title
// (plugin-content-blog's translations: "title": blogTitle).
func TestLocaleNavbarItems(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"docusaurus.config.js": `module.exports = {title: 'T', i18n: {defaultLocale: 'en', locales: ['en', 'fr']},
  plugins: [['@docusaurus/plugin-content-docs', {id: 'lore', path: 'lore', routeBasePath: 'lore'}]],
  themeConfig: {navbar: {items: [{docsPluginId: 'lore', label: 'World lore', to: '/lore'}, {to: '/blog', label: 'News'}]}},
};
`,
		"docs/intro.md":        "# Intro\n",
		"lore/gods.md":         "# Gods\n",
		"blog/2024-01-01-a.md": "# A\n",
		"i18n/fr/docusaurus-theme-classic/navbar.json":        `{"item.label.World lore": {"message": "Légendes"}, "item.label.News": {"message": "Nouvelles"}}`,
		"i18n/fr/docusaurus-plugin-content-blog/options.json": `{"title": {"message": "Journal", "description": "The title for the blog used in SEO"}}`,
	})
	l, err := Recognise(dir)
	if err != nil || len(l.Locales) != 2 {
		t.Fatalf("Recognise = %+v, %v", l, err)
	}
	fr := l.Locales[1].Layout
	for _, tc := range []struct{ dir, en, fr string }{
		{"../lore", "World lore", "Légendes"},
		{"../blog", "News", "Nouvelles"},
	} {
		en, _ := l.Rules.Folder(tc.dir)
		got, _ := fr.Rules.Folder(tc.dir)
		if cmp.Or(en.NavLabel, en.Title) != tc.en || cmp.Or(got.NavLabel, got.Title) != tc.fr {
			t.Errorf("%s: en %+v, fr %+v; want labels %q, %q", tc.dir, en, got, tc.en, tc.fr)
		}
	}
	// options.json's "title" is the blog's title (blogTitle).
	en, _ := l.Rules.Folder("../blog")
	got, _ := fr.Rules.Folder("../blog")
	if cmp.Or(en.PageTitle, en.Title) != "Blog" || cmp.Or(got.PageTitle, got.Title) != "Journal" {
		t.Errorf("the blog's title: en %+v, fr %+v", en, got)
	}
}

// TestLocaleNavbar: a locale's navbar shows its items' labels as
// navbar.json translates them ("item.label.LABEL",
// https://docusaurus.io/docs/i18n/tutorial#translate-json-files: "the
// navbar and footer labels" are in i18n/LOCALE/docusaurus-theme-classic/
// navbar.json), the sidebars' labels under them as current.json does
// ("sidebar.SIDEBAR.category.LABEL"); an item without a translation
// keeps its label.
func TestLocaleNavbar(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"docusaurus.config.js": `module.exports = {title: 'T', i18n: {defaultLocale: 'en', locales: ['en', 'fr']},
  presets: [['classic', {docs: {sidebarPath: './sidebars.js'}}]],
  themeConfig: {navbar: {items: [{type: 'docSidebar', sidebarId: 'rules', label: 'Rules'}, {type: 'doc', docId: 'intro', label: 'Start'}, {to: '/blog', label: 'News'}, {href: 'https://x.test', label: 'Forum'}]}},
};
`,
		"sidebars.js":   "module.exports = {rules: [{type: 'category', label: 'Combat', items: ['hit']}], other: ['intro']};\n",
		"docs/intro.md": "# Intro\n",
		"docs/hit.md":   "# Hit\n",
		"i18n/fr/docusaurus-theme-classic/navbar.json":        `{"item.label.Rules": {"message": "Règles"}, "item.label.Start": {"message": "Début"}, "item.label.News": {"message": "Nouvelles"}}`,
		"i18n/fr/docusaurus-plugin-content-docs/current.json": `{"sidebar.rules.category.Combat": {"message": "Combat (fr)"}}`,
	})
	l, err := Recognise(dir)
	if err != nil || len(l.Locales) != 2 {
		t.Fatalf("Recognise = %+v, %v", l, err)
	}
	labels := func(nav []layout.NavEntry) []string {
		var out []string
		for _, e := range nav {
			if e.Title != "" {
				out = append(out, e.Title)
			}
		}
		return out
	}
	en, fr := labels(l.Navbar), labels(l.Locales[1].Layout.Navbar)
	if want := "Rules Combat Start News Forum"; strings.Join(en, " ") != want {
		t.Errorf("en navbar %q, want %q", en, want)
	}
	if want := "Règles Combat (fr) Début Nouvelles Forum"; strings.Join(fr, " ") != want {
		t.Errorf("fr navbar %q, want %q", fr, want)
	}
}

// TestLocaleFolderLabelFromNavbar: a folder labelled by the navbar's
// docSidebar item whose sidebar is its slice alone (folderLabels) takes
// that item's translation in a locale (navbar.json "item.label.LABEL").
func TestLocaleFolderLabelFromNavbar(t *testing.T) {
	dir := layouttest.Write(t, map[string]string{
		"docusaurus.config.js": `module.exports = {title: 'T', i18n: {defaultLocale: 'en', locales: ['en', 'fr']},
  presets: [['classic', {docs: {sidebarPath: './sidebars.js'}}]],
  themeConfig: {navbar: {items: [{type: 'docSidebar', sidebarId: 'lore', label: 'Game lore'}]}},
};
`,
		"sidebars.js":          "module.exports = {lore: [{type: 'autogenerated', dirName: 'world-lore'}]};\n",
		"docs/world-lore/a.md": "# A\n",
		"i18n/fr/docusaurus-theme-classic/navbar.json": `{"item.label.Game lore": {"message": "Légendes"}}`,
	})
	l, err := Recognise(dir)
	if err != nil || len(l.Locales) != 2 {
		t.Fatalf("Recognise = %+v, %v", l, err)
	}
	en, _ := l.Rules.Folder("world-lore")
	fr, _ := l.Locales[1].Layout.Rules.Folder("world-lore")
	if en.NavLabel != "Game lore" || fr.NavLabel != "Légendes" {
		t.Errorf("world-lore: en %q, fr %q; want %q, %q", en.NavLabel, fr.NavLabel, "Game lore", "Légendes")
	}
}
