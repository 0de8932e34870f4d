package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// localesSite is a Docusaurus site in English (default) and French.
func localesSite(t *testing.T) string {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": `module.exports = {title: 'Rules', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'throw',
  i18n: {defaultLocale: 'en', locales: ['en', 'fr', 'ar']},
  themeConfig: {navbar: {title: 'Rules'}},
};
`,
		"docs/intro.md":               "---\nsidebar_position: 1\n---\n# Introduction\n\nRead [the hit rules](combat/hit.md).\n",
		"docs/combat/_category_.json": `{"label": "Fighting", "position": 2}`,
		"docs/combat/hit.md":          "# Hitting\n\nRoll to hit.\n\n![map](./map.png)\n",
		"docs/combat/map.png":         "en-map",
		"docs/combat/damage.md":       "# Damage\n\nRoll damage.\n\n<DiceRoller />\n",
		"static/img/d6.svg":           "<svg xmlns='http://www.w3.org/2000/svg'/>",
		"i18n/fr/docusaurus-plugin-content-docs/current/intro.md":       "---\nsidebar_position: 1\n---\n# Présentation\n\nLisez [les règles du coup](combat/hit.md).\n",
		"i18n/fr/docusaurus-plugin-content-docs/current/combat/hit.md":  "# Toucher\n\nLancez pour toucher.\n\n![carte](./map.png)\n",
		"i18n/fr/docusaurus-plugin-content-docs/current/combat/map.png": "fr-map",
		"i18n/fr/docusaurus-plugin-content-docs/current/only-fr.md":     "# Seulement en français\n",
		"i18n/fr/docusaurus-plugin-content-docs/current.json":           `{"sidebar.defaultSidebar.category.Fighting": {"message": "Combat"}}`,
		"i18n/fr/docusaurus-theme-classic/navbar.json":                  `{"title": {"message": "Règles"}}`,
	})
	return dir
}

// TestDocusaurusLocales: "npm run build ... builds all locales"
// (https://docusaurus.io/docs/i18n/tutorial#build-your-localized-site),
// the default at the root and each other one at /LOCALE/ with its own
// sidebar and search; "Copy the docs/intro.md file to the i18n/fr folder
// ... i18n/fr/docusaurus-plugin-content-docs/current/intro.md"
// (#translate-markdown-files), an untranslated doc in the default
// locale's words; current.json the sidebar's category labels and
// navbar.json the navbar's title (#translate-json-files); localeConfigs'
// "direction: ltr (default) or rtl" and "htmlLang: BCP 47 language tag to
// use in <html lang="...">" (https://docusaurus.io/docs/api/docusaurus-config#i18n);
// "Add a Locale Dropdown ... To navigate seamlessly across languages"
// (#add-a-locale-dropdown); "Localize assets: an image of your site might
// contain text that should be translated"
// (https://docusaurus.io/docs/i18n/introduction#i18n-goals).
func TestDocusaurusLocales(t *testing.T) {
	dir := localesSite(t)
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	for _, f := range []string{
		"docs/intro/index.html", "docs/combat/hit/index.html", "img/d6.svg", "sitemap.xml",
		"fr/docs/intro/index.html", "fr/docs/combat/hit/index.html", "fr/docs/combat/damage/index.html", "fr/img/d6.svg", "fr/sitemap.xml", "fr/404.html",
		"ar/docs/intro/index.html",
	} {
		if _, ok := files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	for f := range files {
		if strings.Contains(f, "only-fr") || strings.HasPrefix(f, "i18n/") || strings.HasPrefix(f, "fr/fr/") {
			t.Errorf("%s published", f)
		}
	}
	searches := 0
	for f := range files {
		if strings.HasPrefix(f, "fr/search/") {
			searches++
		}
	}
	frIntro, enIntro, frDamage, arIntro := files["fr/docs/intro/index.html"], files["docs/intro/index.html"], files["fr/docs/combat/damage/index.html"], files["ar/docs/intro/index.html"]
	checks := []struct {
		rule string
		ok   bool
	}{
		{"a translated doc shows its translation", strings.Contains(frIntro, "<h1>Présentation</h1>") && strings.Contains(frIntro, "Lisez")},
		{"the default locale's doc keeps its words", strings.Contains(enIntro, "<h1>Introduction</h1>") && !strings.Contains(enIntro, "Présentation")},
		{"an untranslated doc falls back to the default locale's", strings.Contains(frDamage, "<h1>Damage</h1>")},
		{"the locale's links stay in the locale", strings.Contains(frIntro, `href="/fr/docs/combat/hit/"`)},
		{"the locale's sidebar labels its pages by their translated titles", strings.Contains(frIntro, ">Toucher</a>") && strings.Contains(enIntro, ">Hitting</a>")},
		{"current.json translates a category's label", strings.Contains(frIntro, "Combat") && !strings.Contains(frIntro, "Fighting") && strings.Contains(enIntro, "Fighting")},
		{"navbar.json translates the navbar's title", strings.Contains(frIntro, `class="site-title" href="/fr/">Règles<`) && strings.Contains(enIntro, `class="site-title" href="/">Rules<`)},
		{"<html lang> is the locale's", strings.Contains(frIntro, `<html lang="fr" dir="ltr">`) && strings.Contains(enIntro, `<html lang="en" dir="ltr">`)},
		{"an Arabic locale is written right to left", strings.Contains(arIntro, `<html lang="ar" dir="rtl">`)},
		{"the locale switcher leads to the same page in each locale", strings.Contains(frIntro, `<a href="/docs/intro/" hreflang="en" lang="en">English</a>`) &&
			strings.Contains(enIntro, `<a href="/fr/docs/intro/" hreflang="fr" lang="fr">Français</a>`) && strings.Contains(enIntro, `<a href="/ar/docs/intro/" hreflang="ar" lang="ar">العربية</a>`)},
		{"each page names its alternates in the other locales, absolute, and the default's as x-default (Docusaurus's <link rel=alternate hreflang>)",
			strings.Contains(frIntro, `<link rel="alternate" href="https://x.test/docs/intro/" hreflang="en">`) && strings.Contains(frIntro, `<link rel="alternate" href="https://x.test/fr/docs/intro/" hreflang="fr">`) &&
				strings.Contains(frIntro, `<link rel="alternate" href="https://x.test/docs/intro/" hreflang="x-default">`) && strings.Contains(enIntro, `<link rel="alternate" href="https://x.test/ar/docs/intro/" hreflang="ar">`)},
		{"the current locale is marked", strings.Contains(frIntro, `lang="fr" aria-current="true">Français`)},
		{"each locale has its own search", searches > 0 && !strings.Contains(files["search/index.json"], "Présentation")},
		{"a translated doc's image is the one beside its translation", strings.Contains(files["fr/docs/combat/hit/index.html"], `src="/fr/assets/files/i18n/fr/docusaurus-plugin-content-docs/current/combat/map.png"`) &&
			files["fr/assets/files/i18n/fr/docusaurus-plugin-content-docs/current/combat/map.png"] == "fr-map" &&
			strings.Contains(files["docs/combat/hit/index.html"], `<img src="/combat/map.png"`) && files["combat/map.png"] == "en-map"},
		{"the locale's sitemap lists its pages", strings.Contains(files["fr/sitemap.xml"], "https://x.test/fr/docs/intro/") && !strings.Contains(files["sitemap.xml"], "/fr/")},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: not so", c.rule)
		}
	}
	n := 0
	for _, w := range res.WarningList {
		if w.File == "docs/combat/damage.md" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the untranslated doc's warning is reported %d times, want once: %v", n, res.WarningList)
	}
	if !slices.ContainsFunc(res.Info, func(n string) bool {
		return strings.HasPrefix(n, "locale fr (Français): ") && strings.HasSuffix(n, " pages at /fr/, 2 of them read from translations")
	}) {
		t.Errorf("the build's report does not say what the fr locale built: %q", res.Info)
	}
	if res.Pages < 3*4 {
		t.Errorf("Result.Pages = %d, want every locale's pages counted", res.Pages)
	}

	// A second build in place: the locales' folders are brought up to
	// date, not removed as files the default locale did not write.
	if err := os.Remove(filepath.Join(dir, "i18n/fr/docusaurus-plugin-content-docs/current/combat/hit.md")); err != nil {
		t.Fatal(err)
	}
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("second build: %v", err)
	}
	files = readTree(t, out)
	if hit := files["fr/docs/combat/hit/index.html"]; !strings.Contains(hit, "<h1>Hitting</h1>") {
		t.Errorf("after the translation is removed, fr/docs/combat/hit shows %q, want the default locale's words", hit)
	}
}

// TestDocusaurusLocaleErrors: a broken link in a translation fails the
// build as it does in the default locale's (onBrokenLinks: 'throw'
// checks every locale's build), at the translation's file and line,
// named with its locale, and nothing is published.
func TestDocusaurusLocaleErrors(t *testing.T) {
	dir := localesSite(t)
	sitetest.WriteFiles(t, dir, map[string]string{
		"i18n/fr/docusaurus-plugin-content-docs/current/combat/hit.md": "# Toucher\n\nVoir [nulle part](missing.md).\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	_, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err == nil || !strings.Contains(err.Error(), "(locale fr)") || !strings.Contains(err.Error(), "i18n/fr/docusaurus-plugin-content-docs/current/combat/hit.md:3:") {
		t.Fatalf("build = %v, want the broken link at the fr translation's file and line", err)
	}
	if _, serr := os.Stat(out); !os.IsNotExist(serr) {
		t.Errorf("a failed build published %s (%v)", out, serr)
	}
	// A page of the default locale where a locale's site goes.
	dir = localesSite(t)
	sitetest.WriteFiles(t, dir, map[string]string{"static/fr/docs/intro/index.html": "<p>mine</p>"})
	_, err = build(t, dir, content.Options{Theme: theme, Dest: out})
	if err == nil || !strings.Contains(err.Error(), "fr/docs/intro/index.html") {
		t.Fatalf("build = %v, want the clash at fr/docs/intro/index.html", err)
	}
}

// TestDocusaurusLocalesIncremental: an incremental build (ReuseBuild)
// of a site in several languages keeps every locale's site, brought up
// to date: it is swapped whole, never committed as the default
// locale's files alone.
func TestDocusaurusLocalesIncremental(t *testing.T) {
	dir := localesSite(t)
	out := filepath.Join(t.TempDir(), "out")
	opts := content.Options{Theme: theme, Dest: out, ReuseBuild: true, CacheDir: t.TempDir()}
	if _, err := build(t, dir, opts); err != nil {
		t.Fatalf("first build: %v", err)
	}
	sitetest.WriteFiles(t, dir, map[string]string{"docs/combat/damage.md": "# Damage\n\nRoll damage twice.\n"})
	if _, err := build(t, dir, opts); err != nil {
		t.Fatalf("second build: %v", err)
	}
	files := readTree(t, out)
	for _, f := range []string{"fr/docs/intro/index.html", "ar/docs/intro/index.html", "docs/intro/index.html"} {
		if _, ok := files[f]; !ok {
			t.Errorf("%s gone after an incremental build", f)
		}
	}
	if !strings.Contains(files["fr/docs/combat/damage/index.html"], "Roll damage twice.") || !strings.Contains(files["docs/combat/damage/index.html"], "Roll damage twice.") {
		t.Error("the edit is not in both locales' damage pages")
	}
}
