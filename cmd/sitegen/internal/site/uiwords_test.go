package site

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestUIWords: sitegen's own words around the pages (skip link, table of
// contents, pager, section list, 404) are in the site's language, as its
// tool's configuration gives it, with the site's own overrides where its
// tool documents them, and every page's <html lang> is that language.
//
//   - Quartz: "locale: used for i18n and date formatting"
//     (https://quartz.jzhao.xyz/configuration).
//   - Hugo: "languageCode: The language tag as described in RFC 5646"; a
//     site without one is in defaultContentLanguage ("Default is en").
//   - MkDocs: theme: language: "A code representing the language of your
//     site" (https://www.mkdocs.org/user-guide/configuration/#theme).
//   - VitePress: lang, "outline.label: The title to be displayed on the
//     outline", "sidebarMenuLabel: Can be used to customize the label of
//     the sidebar menu", docFooter: "customize text appearing above
//     previous and next links" (https://vitepress.dev/reference/default-theme-config).
//   - Starlight: "Provide translations of Starlight's UI strings" in
//     src/content/i18n/<lang>.json ("tableOfContents.onThisPage",
//     "page.nextLink", https://starlight.astro.build/guides/i18n/#translate-starlights-ui).
//   - Docusaurus: i18n.defaultLocale, and i18n/<locale>/code.json's
//     theme labels ({"theme.docs.paginator.next": {"message": …}},
//     https://docusaurus.io/docs/i18n/tutorial#translate-your-react-code).
//   - A language sitegen has no words in: English.
func TestUIWords(t *testing.T) {
	quartz := func(locale string) string {
		return strings.Replace(quartzConfig("[Plugin.RemoveDrafts()]", "shortest"), `locale: "en-US"`, `locale: "`+locale+`"`, 1)
	}
	tests := []struct {
		name  string
		files map[string]string
		lang  string            // every page's <html lang>
		want  map[string]string // page -> text it shows
		not   map[string]string // page -> text it must not show
	}{
		{"quartz de-DE", map[string]string{
			"quartz.config.ts":          quartz("de-DE"),
			"content/index.md":          "Start.\n",
			"content/Technik/Waffen.md": "---\ntitle: Waffen\n---\n## Nahkampf\n\nA.\n\n## Fernkampf\n\nB.\n",
			"content/Technik/etc/A.md":  "A.\n",
		}, "de-DE", map[string]string{
			"Technik/Waffen.html":    "Zum Inhalt springen|Auf dieser Seite|Vorherige und nächste Seite",
			"Technik/index.html":     "In diesem Abschnitt",
			"404.html":               "Seite nicht gefunden|Startseite",
			"Technik/etc/A.html":     `<span>Zurück</span> etc</a>`,
			"Technik/etc/index.html": `<span>Weiter</span> A</a>`,
		}, map[string]string{
			"Technik/Waffen.html": "On this page|Skip to content|Ordner:",
			"Technik/etc/A.html":  "Technik: |Ordner:",
		}},
		{"quartz, a locale sitegen has no words in", map[string]string{
			"quartz.config.ts":   quartz("xx-XX"),
			"content/index.md":   "Start.\n",
			"content/Rules/A.md": "## One\n\nA.\n\n## Two\n\nB.\n",
		}, "xx-XX", map[string]string{"Rules/A.html": "Skip to content|On this page"}, nil},
		{"hugo defaultContentLanguage", map[string]string{
			"hugo.toml":               "title = 'Regeln'\ndefaultContentLanguage = 'de'\n",
			"content/_index.md":       "---\ntitle: Start\n---\nStart.\n",
			"content/kampf/_index.md": "---\ntitle: Kampf\n---\n",
			"content/kampf/a.md":      "---\ntitle: A\n---\nA.\n",
		}, "de", map[string]string{"kampf/index.html": "In diesem Abschnitt"}, nil},
		{"mkdocs theme.language", map[string]string{
			"mkdocs.yml":     "site_name: Règles\ntheme:\n  name: mkdocs\n  language: fr\n",
			"docs/index.md":  "# Accueil\n",
			"docs/combat.md": "# Combat\n\n## Attaque\n\n## Défense\n",
		}, "fr", map[string]string{"combat/index.html": "Sur cette page|Aller au contenu"}, nil},
		{"vitepress fr, its own labels", map[string]string{
			".vitepress/config.mts": "export default {\n  lang: 'fr-FR',\n  title: 'Règles',\n  themeConfig: {\n    outline: { label: 'Dans cette page' },\n    sidebarMenuLabel: 'Sommaire du site',\n    sidebar: [{ text: 'Règles', items: [{ text: 'Combat', link: '/combat' }, { text: 'Magie', link: '/magie' }] }],\n  },\n}\n",
			"index.md":              "# Accueil\n",
			"combat.md":             "# Combat\n\n## Attaque\n\n## Défense\n",
			"magie.md":              "# Magie\n",
		}, "fr-FR", map[string]string{"combat.html": "Dans cette page|Sommaire du site|<span>Suivant</span>|Aller au contenu"},
			map[string]string{"combat.html": "Next page|On this page"}},
		{"vitepress en keeps its words", map[string]string{
			".vitepress/config.mts": "export default {\n  title: 'Rules',\n  themeConfig: {\n    docFooter: { next: 'Onwards' },\n    sidebar: [{ text: 'Rules', items: [{ text: 'Combat', link: '/combat' }, { text: 'Magic', link: '/magic' }] }],\n  },\n}\n",
			"index.md":              "# Home\n",
			"combat.md":             "# Combat\n",
			"magic.md":              "# Magic\n",
		}, "en", map[string]string{"combat.html": "<span>Onwards</span>", "magic.html": "<span>Previous page</span>"}, nil},
		{"starlight de, src/content/i18n/de.json", map[string]string{
			"astro.config.mjs":                 "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\nexport default defineConfig({ integrations: [starlight({ title: 'Regeln', defaultLocale: 'root', locales: { root: { label: 'Deutsch', lang: 'de' } } })] });\n",
			"src/content/i18n/de.json":         `{"tableOfContents.onThisPage": "Inhalt dieser Seite"}`,
			"src/content/docs/index.md":        "---\ntitle: Start\n---\nStart.\n",
			"src/content/docs/regeln/kampf.md": "---\ntitle: Kampf\n---\n## Angriff\n\n## Abwehr\n",
		}, "de", map[string]string{"regeln/kampf/index.html": "Inhalt dieser Seite|Zum Inhalt springen"}, nil},
		{"docusaurus fr, i18n/fr/code.json", map[string]string{
			"docusaurus.config.js": "module.exports = {title: 'Règles', url: 'https://x.test', baseUrl: '/', i18n: {defaultLocale: 'fr', locales: ['fr']}};\n",
			"i18n/fr/code.json":    `{"theme.docs.paginator.next": {"message": "Page suivante", "description": "x"}}`,
			"docs/intro.md":        "---\nsidebar_position: 1\n---\n# Introduction\n",
			"docs/combat.md":       "---\nsidebar_position: 2\n---\n# Combat\n",
		}, "fr", map[string]string{"docs/intro/index.html": "<span>Page suivante</span>|Aller au contenu", "docs/combat/index.html": "<span>Précédent</span>"}, nil},
	}
	lang := regexp.MustCompile(`<html lang="([^"]*)"`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tt.files)
			dest := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dest)
			for page, html := range out {
				if !strings.HasSuffix(page, ".html") {
					continue
				}
				if m := lang.FindStringSubmatch(html); m != nil && m[1] != tt.lang {
					t.Errorf("%s: <html lang=%q>, want %q", page, m[1], tt.lang)
				}
			}
			for page, want := range tt.want {
				html, ok := out[page]
				if !ok {
					t.Errorf("no %s; pages: %v", page, keys(out))
					continue
				}
				for _, w := range strings.Split(want, "|") {
					if !strings.Contains(html, w) {
						t.Errorf("%s does not show %q", page, w)
					}
				}
			}
			for page, not := range tt.not {
				for _, w := range strings.Split(not, "|") {
					if strings.Contains(out[page], w) {
						t.Errorf("%s shows %q", page, w)
					}
				}
			}
		})
	}
}

// TestQuartzTagIndexWithoutTags: Quartz writes tags/index.html when no
// note has a tag (tagPage.tsx: "// add base tag tags.add("index")").
func TestQuartzTagIndexWithoutTags(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"quartz.config.ts": strings.Replace(quartzConfig("[Plugin.RemoveDrafts()]", "shortest"), `locale: "en-US"`, `locale: "de-DE"`, 1),
		"content/index.md": "Start.\n",
		"content/A.md":     "A.\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dest)
	if !strings.Contains(out["tags/index.html"], "Tag-Übersicht</h1>") {
		t.Errorf("tags/index.html: %q", out["tags/index.html"])
	}
}
