package mkdocs

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/layout/layouttest"
)

// TestI18nSuffix checks mkdocs-static-i18n's suffix docs structure
// (https://pypi.org/project/mkdocs-static-i18n/0.45, "Suffix based docs
// structure"): "the default version will use any .md documentation file
// first and fallback to any .<default_language>.md file found", so the
// nav's guides/api.md is guides/api.en.md where only that exists, and
// the default language's page is at the plain URL (/guides/api/).
// ModShardTeam/ModShardLauncher (eval11A NA4) showed it.
func TestI18nSuffix(t *testing.T) {
	config := "site_name: S\nnav:\n  - index.md\n  - Guides:\n    - guides/api.md\n    - guides/plain.md\n" +
		"plugins:\n  - search\n  - i18n:\n      docs_structure: suffix\n      languages:\n" +
		"        - locale: en\n          default: true\n          name: English\n        - locale: zh\n          name: 中文\n"
	dir := layouttest.Write(t, map[string]string{"mkdocs.yml": config, "docs/index.en.md": "# Home\n", "docs/guides/api.en.md": "# API\n",
		"docs/guides/api.zh.md": "# API\n", "docs/guides/plain.md": "# Plain\n"})
	l, err := Recognise(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range l.Nav {
		got = append(got, e.Path)
	}
	want := []string{"index.en.md", "", "guides/api.en.md", "guides/plain.md"}
	if len(got) != len(want) {
		t.Fatalf("nav paths %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("nav path %d: %q, want %q", i, got[i], want[i])
		}
	}
	if l.PageURL == nil {
		t.Fatal("no PageURL")
	}
	for rel, u := range map[string]string{"guides/api.en.md": "/guides/api/", "guides/plain.md": ""} {
		if got := l.PageURL(rel, nil); got != u {
			t.Errorf("PageURL(%q) = %q, want %q", rel, got, u)
		}
	}
	// "generate a default version of your website + one version per
	// configured language on the <language>/ path"; "the /<language>
	// language versions will use any .<language>.md documentation file
	// first and fallback to any .<default_language>.md file".
	if len(l.Locales) != 2 || l.Locales[1].Path != "zh" || l.Locales[1].Layout == nil {
		t.Fatalf("locales %+v, want en and zh at zh/", l.Locales)
	}
	tr := l.Locales[1].Layout.Translation
	for file, want := range map[string]string{"docs/guides/api.en.md": "docs/guides/api.zh.md", "docs/index.en.md": "", "docs/guides/plain.md": ""} {
		if got := tr(file); got != want {
			t.Errorf("zh Translation(%q) = %q, want %q", file, got, want)
		}
	}
	if r := l.UnpublishedPaths[len(l.UnpublishedPaths)-1]; r.Reason != I18nReason || !r.Patterns.Match("guides/api.zh.md", false) || r.Patterns.Match("guides/api.en.md", false) {
		t.Errorf("the default site publishes zh files: %+v", r)
	}
}

// i18nProject is a suffix-structured project in en (default) and zh,
// fallback_to_default as given.
func i18nProject(t *testing.T, fallback string) string {
	config := "site_name: S\nnav:\n  - index.md\n  - guides/api.md\n  - guides/only-en.md\n" +
		"plugins:\n  - i18n:\n      fallback_to_default: " + fallback + "\n      languages:\n" +
		"        - locale: en\n          default: true\n        - locale: zh\n        - locale: fr\n"
	return layouttest.Write(t, map[string]string{"mkdocs.yml": config,
		"docs/index.en.md": "# Home\n", "docs/index.zh.md": "# 首页\n",
		"docs/guides/api.en.md": "# API\n", "docs/guides/api.zh.md": "# API\n", "docs/guides/only-en.en.md": "# EN\n",
		"docs/guides/only-zh.zh.md": "# ZH\n", "docs/guides/plain.md": "# Plain\n",
		"docs/guides/both.md": "# Both\n", "docs/guides/both.en.md": "# Both EN\n",
		"docs/img/a.en.png": "en", "docs/img/a.zh.png": "zh", "docs/img/b.en.png": "en", "docs/img/c.png": "shared", "docs/img/d.fr.png": "fr"})
}

// TestI18nLinkFile checks how a link or image path written on a page
// finds its file in each language's site: "Let mkdocs-static-i18n do
// the heavy lifting of dynamically localizing your assets and just
// reference everything without their localized extension. ... you must
// reference them in your markdown source without it (this includes
// links to .md files)!"
// (https://ultrabug.github.io/mkdocs-static-i18n/setup/translating-content/);
// "the /<language> language versions will use any .<language>.md
// documentation file first and fallback to any .<default_language>.md
// file" (https://pypi.org/project/mkdocs-static-i18n/0.45), the
// default's page standing for its translation in the other site.
func TestI18nLinkFile(t *testing.T) {
	l, err := Recognise(i18nProject(t, "true"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Locales) != 3 || l.Locales[1].Layout == nil {
		t.Fatalf("locales %+v", l.Locales)
	}
	zh := l.Locales[1].Layout
	for _, c := range []struct {
		site         string
		from, target string
		want         string
	}{
		{"en", "guides/plain.md", "api.md", "api.en.md"},
		{"en", "guides/plain.md", "./api.md", "api.en.md"},
		{"en", "guides/api.en.md", "../img/a.png", "../img/a.en.png"},
		{"en", "guides/api.en.md", "../img/c.png", "../img/c.png"},       // shared: as written
		{"en", "guides/api.en.md", "../img/d.png", "../img/d.png"},       // fr only: none in en, left to be reported
		{"en", "guides/api.en.md", "only-zh.md", "only-zh.md"},           // not in the default site
		{"en", "guides/api.en.md", "../img/a.zh.png", "../img/a.zh.png"}, // a suffix written: that file
		{"en", "index.en.md", "guides/api.md", "guides/api.en.md"},
		{"en", "index.en.md", "guides/both.md", "guides/both.md"},
		{"zh", "guides/api.en.md", "../img/a.png", "../img/a.zh.png"}, // zh's own picture
		{"zh", "guides/api.en.md", "../img/b.png", "../img/b.en.png"}, // falls back to the default's
		{"zh", "guides/api.en.md", "only-zh.md", "only-zh.zh.md"},     // a page only zh has
		{"zh", "guides/api.en.md", "api.md", "api.en.md"},             // the default's page, read in zh
		{"zh", "guides/api.en.md", "plain.md", "plain.md"},
		{"zh", "guides/api.en.md", "https://x.test/a.md", "https://x.test/a.md"},
	} {
		lay := l
		if c.site == "zh" {
			lay = zh
		}
		if got := lay.LinkFile(c.from, c.target); got != c.want {
			t.Errorf("%s: LinkFile(%q, %q) = %q, want %q", c.site, c.from, c.target, got, c.want)
		}
	}
	// "Since the generated site files have their localization extension
	// removed": img/a.en.png is at /img/a.png, and so is img/a.zh.png in
	// the zh site (under /zh/); a shared file keeps its path.
	for _, c := range []struct {
		site, rel, want string
	}{
		{"en", "img/a.en.png", "/img/a.png"}, {"en", "img/c.png", ""}, {"zh", "img/a.zh.png", "/img/a.png"}, {"zh", "img/b.en.png", "/img/b.png"},
	} {
		lay := l
		if c.site == "zh" {
			lay = zh
		}
		if got := lay.FileSitePath(c.rel); got != c.want {
			t.Errorf("%s: FileSitePath(%q) = %q, want %q", c.site, c.rel, got, c.want)
		}
	}
	// What each site leaves out: the other languages' files; in zh, the
	// zh pages read as the default's translations and the default's
	// pictures zh has its own of.
	for _, c := range []struct {
		site, rel string
		out       bool
	}{
		{"en", "guides/api.zh.md", true}, {"en", "guides/only-zh.zh.md", true}, {"en", "img/a.zh.png", true}, {"en", "img/a.en.png", false},
		{"zh", "guides/api.zh.md", true}, {"zh", "guides/only-zh.zh.md", false}, {"zh", "img/a.en.png", true}, {"zh", "img/b.en.png", false},
		{"zh", "img/d.fr.png", true}, {"zh", "guides/only-en.en.md", false},
		// "the default version will use any .md documentation file first
		// and fallback to any .<default_language>.md file found": both.md,
		// not both.en.md (which would claim its URL too).
		{"en", "guides/both.en.md", true}, {"zh", "guides/both.en.md", true}, {"en", "guides/both.md", false}, {"zh", "guides/both.md", false},
	} {
		lay := l
		if c.site == "zh" {
			lay = zh
		}
		if got := lay.UnpublishedPath(c.rel, false) != nil; got != c.out {
			t.Errorf("%s: %s unpublished = %v, want %v", c.site, c.rel, got, c.out)
		}
	}
	// "index.en.md": the folder's own page, as index.md is.
	for name, want := range map[string]bool{"index.en.md": true, "index.zh.md": true, "README.en.md": true, "index.md": false, "index.de.md": false, "api.en.md": false} {
		if got := l.IndexName(name); got != want {
			t.Errorf("IndexName(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestI18nNoFallback: "You can control whether you want the plugin to
// use (fallback to) the default language version of a page or resource
// when its localized version is missing from the docs structure.
// Option: fallback_to_default ... default true"
// (https://ultrabug.github.io/mkdocs-static-i18n/setup/controlling-your-builds/):
// false leaves out of the zh site the pages and the default's pictures
// zh has no version of, and their nav entries.
func TestI18nNoFallback(t *testing.T) {
	for _, fallback := range []string{"true", "false"} {
		l, err := Recognise(i18nProject(t, fallback))
		if err != nil {
			t.Fatal(err)
		}
		zh := l.Locales[1].Layout
		var nav []string
		for _, e := range zh.Nav {
			nav = append(nav, e.Path)
		}
		want := []string{"index.en.md", "guides/api.en.md", "guides/only-en.en.md"}
		if fallback == "false" {
			want = want[:2]
		}
		if strings.Join(nav, " ") != strings.Join(want, " ") {
			t.Errorf("fallback_to_default %s: zh nav %q, want %q", fallback, nav, want)
		}
		for rel, out := range map[string]bool{"guides/only-en.en.md": fallback == "false", "img/b.en.png": fallback == "false", "guides/api.en.md": false, "img/c.png": false} {
			if got := zh.UnpublishedPath(rel, false) != nil; got != out {
				t.Errorf("fallback_to_default %s: zh %s unpublished = %v, want %v", fallback, rel, got, out)
			}
		}
		if got := l.UnpublishedPath("guides/only-en.en.md", false); got != nil {
			t.Errorf("fallback_to_default %s: the default site leaves out its own page", fallback)
		}
	}
}

// TestI18nLanguageNav: "This sub-option allows to override the whole nav
// configuration option of your mkdocs.yml per language. ... Mind the
// fact that we do not need to localize the path or file names"
// (https://ultrabug.github.io/mkdocs-static-i18n/setup/localizing-navigation/,
// "Language Sub-Option: nav"); nav_translations then do not apply to it.
func TestI18nLanguageNav(t *testing.T) {
	config := "site_name: S\nnav:\n  - Home: index.md\n  - Topic1: topic1/index.md\n" +
		"plugins:\n  - i18n:\n      languages:\n        - locale: en\n          default: true\n        - locale: fr\n" +
		"          nav_translations:\n            Home: Accueil\n          nav:\n            - Premiere Section: topic1/index.md\n            - Accueil: index.md\n" +
		"        - locale: de\n          nav_translations:\n            Home: Startseite\n"
	l, err := Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": config,
		"docs/index.en.md": "# Home\n", "docs/index.fr.md": "# Accueil\n", "docs/topic1/index.en.md": "# T\n"}))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"Home index.en.md|Topic1 topic1/index.en.md", "Premiere Section topic1/index.en.md|Accueil index.en.md", "Startseite index.en.md|Topic1 topic1/index.en.md"} {
		lay := l
		if i > 0 {
			lay = l.Locales[i].Layout
		}
		var got []string
		for _, e := range lay.Nav {
			got = append(got, e.Title+" "+e.Path)
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%s nav %q, want %q", l.Locales[i].Name, strings.Join(got, "|"), want)
		}
	}
}

// TestI18nLanguageSettings: "For each language, you can for example
// localize (override) the MkDocs site_name, site_description, copyright
// etc."; "|copyright|no||Override the copyright option of mkdocs.yml|",
// "|site_name|no|true|Override the site_name option of mkdocs.yml|"
// (https://ultrabug.github.io/mkdocs-static-i18n/setup/setting-up-languages/),
// the default language's too (the plugin's own docs: en's site_name
// "MkDocs static i18n plugin documentation (en)").
func TestI18nLanguageSettings(t *testing.T) {
	config := "site_name: S\ncopyright: C\nplugins:\n  - i18n:\n      languages:\n" +
		"        - locale: en\n          default: true\n          site_name: S (en)\n" +
		"        - locale: fr\n          site_name: S (fr)\n          copyright: C (fr)\n        - locale: de\n"
	l, err := Recognise(layouttest.Write(t, map[string]string{"mkdocs.yml": config, "docs/index.md": "# Home\n"}))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"S (en)|C", "S (fr)|C (fr)", "S|C"} {
		lay := l
		if i > 0 {
			lay = l.Locales[i].Layout
		}
		if got := lay.Settings.Title + "|" + lay.Settings.Copyright; got != want {
			t.Errorf("%s: site_name|copyright %q, want %q", l.Locales[i].Name, got, want)
		}
	}
}
