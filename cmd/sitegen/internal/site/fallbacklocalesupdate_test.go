package site

import (
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestUpdateFallbackLocales: serve of a Docusaurus, VitePress or
// Starlight site in several languages updates the languages a save is
// in, as TestUpdateHugoLanguages does for Hugo's, not every language's
// site. Each tool builds one site per locale: "npm run build ... builds
// all locales" (https://docusaurus.io/docs/i18n/tutorial); "docs/ ├─ es/
// │ ├─ foo.md ├─ fr/ │ ├─ foo.md ├─ foo.md" with locales in the config
// (https://vitepress.dev/guide/i18n); Starlight's "Create a directory for
// each language in src/content/docs/" (https://starlight.astro.build/guides/i18n/).
//
// Where a locale has no translation of a page:
//   - Starlight shows the default's: "Your defaultLocale will be used for
//     fallback content" (with its notice, "This content is not available
//     in your language yet.");
//   - Docusaurus too, without a notice: "Copy the docs/intro.md file to
//     the i18n/fr folder" translates that doc alone, the others built in
//     the locale from docs/ (its maintainer: "Docusaurus assumes that all
//     localized sites have the same structure as the default locale.
//     Things such as the language fallback ... rely on this assumption",
//     facebook/docusaurus#11076; TestDocusaurusLocales);
//   - VitePress does not: a locale's pages are its folder's, fr/foo.md
//     for /fr/foo (falling back is an unmerged proposal,
//     vuejs/vitepress#3312, "localesFallback").
//
// So a save of a locale's page renders that locale's page alone (and,
// for a title, the locale's pages that link to it) and writes only under
// its folder; a save of a default page the others fall
// back on renders it in each locale that shows it (VitePress's: the
// root's alone). After each save the output is a clean build's, byte for
// byte (updateRun.update). A translation that comes or goes (or moves)
// changes where its locale reads that page's text (its layout's
// Translation, read with the settings: Site.relayout): that page alone
// is rendered again, in that locale alone. A page that comes or goes in
// the default locale (every locale that falls back shows it) or in a
// locale's own folder (VitePress's fr/, Starlight's page of one locale
// alone, which other locales' links resolve to) still needs a full build.
func TestUpdateFallbackLocales(t *testing.T) {
	type save struct {
		what     string
		edit     map[string]string
		rendered int    // bodies rendered (a title: the page and its locale's pages that link to it)
		only     string // every file written is under this folder ("" none)
		full     bool   // a full build is needed
	}
	const fr = "i18n/fr/docusaurus-plugin-content-docs/current/"
	for _, tc := range []struct {
		tool  string
		files map[string]string
		kept  int // the locales' sites kept beside the site's own
		saves []save
	}{
		{"Docusaurus", map[string]string{
			"docusaurus.config.js": "module.exports = {title: 'Rules', url: 'https://x.test', baseUrl: '/', onBrokenLinks: 'warn',\n" +
				"  i18n: {defaultLocale: 'en', locales: ['en', 'fr', 'de']},\n  themeConfig: {navbar: {title: 'Rules'}},\n};\n",
			"docs/intro.md":         "---\nsidebar_position: 1\n---\n# Introduction\n\nRead [the hit rules](combat/hit.md).\n",
			"docs/combat/hit.md":    "# Hitting\n\nRoll to hit.\n",
			"docs/combat/damage.md": "# Damage\n\nRoll damage.\n",
			fr + "intro.md":         "---\nsidebar_position: 1\n---\n# Présentation\n\nLisez [les règles du coup](combat/hit.md).\n",
			fr + "combat/hit.md":    "# Toucher\n\nLancez pour toucher.\n",
		}, 2, []save{
			{what: "a French body", edit: map[string]string{fr + "combat/hit.md": "# Toucher\n\nLancez deux dés pour toucher.\n"}, rendered: 1, only: "fr/"},
			{what: "a French title", edit: map[string]string{fr + "combat/hit.md": "# Frapper\n\nLancez deux dés pour toucher.\n"}, rendered: 2, only: "fr/"},
			{what: "a default page the others fall back on", edit: map[string]string{"docs/combat/damage.md": "# Damage\n\nRoll damage twice.\n"}, rendered: 3},
			{what: "a new French page", edit: map[string]string{fr + "combat/damage.md": "# Dégâts\n\nLancez.\n"}, rendered: 1, only: "fr/"},
			{what: "a French page deleted", edit: map[string]string{fr + "intro.md": ""}, rendered: 1, only: "fr/"},
			{what: "a French page renamed", edit: map[string]string{fr + "combat/damage.md": "->" + fr + "intro.md"}, rendered: 2, only: "fr/"},
			{what: "a new default page", edit: map[string]string{"docs/combat/parry.md": "# Parry\n\nBlock.\n"}, full: true},
		}},
		{"VitePress", map[string]string{
			".vitepress/config.mts": "export default { title: 'Rules',\n  locales: {\n    root: { label: 'English', lang: 'en' },\n" +
				"    fr: { label: 'Français', lang: 'fr', title: 'Règles' },\n    es: { label: 'Español', lang: 'es', title: 'Reglas' },\n  } }\n",
			"index.md":      "# Home\n\nSee [alpha](/guide/a).\n",
			"guide/a.md":    "# Alpha\n\nText.\n",
			"guide/b.md":    "# Beta\n\nText.\n",
			"fr/index.md":   "# Accueil\n\nVoir [alpha](/fr/guide/a).\n",
			"fr/guide/a.md": "# Alpha fr\n\nTexte.\n",
			"es/index.md":   "# Inicio\n\nVer [alfa](/es/guide/a).\n",
			"es/guide/a.md": "# Alfa\n\nTexto.\n",
		}, 2, []save{
			{what: "a French body", edit: map[string]string{"fr/guide/a.md": "# Alpha fr\n\nTexte modifié.\n"}, rendered: 1, only: "fr/"},
			{what: "a French title", edit: map[string]string{"fr/guide/a.md": "# Le alpha\n\nTexte modifié.\n"}, rendered: 2, only: "fr/"},
			{what: "a default page (no fallback)", edit: map[string]string{"guide/b.md": "# Beta\n\nText, edited.\n"}, rendered: 1},
			{what: "a new French page", edit: map[string]string{"fr/guide/b.md": "# Bêta\n\nTexte.\n"}, full: true},
			{what: "a French page deleted", edit: map[string]string{"fr/guide/a.md": ""}, full: true},
		}},
		{"Starlight", map[string]string{
			"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Rules',\n" +
				"  locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' }, de: { label: 'Deutsch', lang: 'de' } } })] };\n",
			"src/content/docs/index.md":           "---\ntitle: Home\n---\n\nWelcome.\n",
			"src/content/docs/rules/combat.md":    "---\ntitle: Combat\n---\n\nFight.\n",
			"src/content/docs/rules/magic.md":     "---\ntitle: Magic\n---\n\nCast.\n",
			"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\n\nBienvenue.\n",
			"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\n\nCombattre.\n",
			"src/content/docs/de/index.md":        "---\ntitle: Start\n---\n\nWillkommen.\n",
		}, 2, []save{
			{what: "a French body", edit: map[string]string{"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\n\nCombattre encore.\n"}, rendered: 1, only: "fr/"},
			{what: "a French title", edit: map[string]string{"src/content/docs/fr/rules/combat.md": "---\ntitle: La bataille\n---\n\nCombattre encore.\n"}, rendered: 1, only: "fr/"},
			{what: "a default page the others fall back on", edit: map[string]string{"src/content/docs/rules/magic.md": "---\ntitle: Magic\n---\n\nCast twice.\n"}, rendered: 3},
			{what: "a new French page", edit: map[string]string{"src/content/docs/fr/rules/magic.md": "---\ntitle: La magie\n---\n\nLancer.\n"}, rendered: 1, only: "fr/"},
			{what: "a French page deleted", edit: map[string]string{"src/content/docs/fr/rules/combat.md": ""}, rendered: 1, only: "fr/"},
			{what: "a page of French alone", edit: map[string]string{"src/content/docs/fr/rules/seul.md": "---\ntitle: Seul\n---\n\nSeul.\n"}, full: true},
			{what: "a new default page", edit: map[string]string{"src/content/docs/rules/parry.md": "---\ntitle: Parry\n---\n\nBlock.\n"}, full: true},
		}},
		// "Use a root locale" is optional: without one, each locale's
		// pages are under its folder, the default's too (/en/…).
		{"Starlight without a root locale", map[string]string{
			"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Rules', defaultLocale: 'en',\n" +
				"  locales: { en: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })] };\n",
			"src/content/docs/en/index.md":        "---\ntitle: Home\n---\n\nWelcome.\n",
			"src/content/docs/en/rules/combat.md": "---\ntitle: Combat\n---\n\nFight.\n",
			"src/content/docs/en/rules/magic.md":  "---\ntitle: Magic\n---\n\nCast.\n",
			"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\n\nBienvenue.\n",
			"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\n\nCombattre.\n",
		}, 1, []save{
			{what: "a French body", edit: map[string]string{"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\n\nCombattre encore.\n"}, rendered: 1, only: "fr/"},
			{what: "a default page the others fall back on", edit: map[string]string{"src/content/docs/en/rules/magic.md": "---\ntitle: Magic\n---\n\nCast twice.\n"}, rendered: 2},
			{what: "a French page deleted", edit: map[string]string{"src/content/docs/fr/rules/combat.md": ""}, rendered: 1, only: "fr/"},
		}},
		// MkDocs with mkdocs-static-i18n ("docs_structure: suffix"): "the
		// /<language> language versions will use any .<language>.md
		// documentation file first and fallback to any
		// .<default_language>.md file" (pypi.org/project/mkdocs-static-i18n).
		{"MkDocs (i18n plugin)", map[string]string{
			"mkdocs.yml": "site_name: Mods\nuse_directory_urls: false\nnav:\n  - Index: index.md\n  - API: api.md\n  - Start: start.md\n" +
				"plugins:\n  - i18n:\n      docs_structure: suffix\n      languages:\n        - locale: en\n          default: true\n          name: English\n" +
				"        - locale: zh\n          name: 中文\n",
			"docs/index.en.md": "# Welcome\n\nSee [the API](api.md).\n",
			"docs/index.zh.md": "# 欢迎\n\n见 [API](api.md).\n",
			"docs/api.en.md":   "# API\n\nCalls.\n",
			"docs/api.zh.md":   "# API 中文\n\n调用.\n",
			"docs/start.en.md": "# Start\n\nRead.\n",
		}, 1, []save{
			{what: "a Chinese body", edit: map[string]string{"docs/api.zh.md": "# API 中文\n\n调用, 改.\n"}, rendered: 1, only: "zh/"},
			{what: "a default page the others fall back on", edit: map[string]string{"docs/start.en.md": "# Start\n\nRead again.\n"}, rendered: 2},
			{what: "a new Chinese page", edit: map[string]string{"docs/start.zh.md": "# 开始\n"}, rendered: 1, only: "zh/"},
			{what: "a Chinese page deleted", edit: map[string]string{"docs/api.zh.md": ""}, rendered: 1, only: "zh/"},
		}},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tc.files)
			r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
			if len(r.s.kept) != tc.kept {
				t.Fatalf("kept %d locales' sites, want %d", len(r.s.kept), tc.kept)
			}
			for _, sv := range tc.saves {
				if sv.full {
					files := edit(t, src, sv.edit)
					u, err := r.s.Update(t.Context(), files)
					if err != nil || !u.Full {
						t.Errorf("%s: Update = %+v, %v; want a full build", sv.what, u, err)
					}
					continue
				}
				u := r.update(t, sv.edit)
				if u.Rendered != sv.rendered {
					t.Errorf("%s: rendered %d bodies, want %d", sv.what, u.Rendered, sv.rendered)
				}
				t.Logf("%s: rendered %d, wrote %v", sv.what, u.Rendered, u.Outputs)
				if sv.only != "" && slices.ContainsFunc(u.Outputs, func(o string) bool { return !strings.HasPrefix(o, sv.only) }) {
					t.Errorf("%s wrote %v, outside %s", sv.what, u.Outputs, sv.only)
				}
			}
		})
	}
}
