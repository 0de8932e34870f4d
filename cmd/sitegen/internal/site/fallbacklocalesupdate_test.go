package site

import (
	"fmt"
	"maps"
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
// byte (updateRun.update). A page or translation that comes, goes or
// moves is an update too, never a full build (Site.relayout): a
// translation renders that page again in its locale alone; a page of the
// default locale appears or disappears in every locale that falls back
// on it (Starlight's copy with its notice), their navigation with it; a
// page of a locale's own folder (VitePress's fr/, a page of French alone
// in Starlight) in that locale, and the links other locales have to it
// resolve or break (VitePress: es/index.md's link to /fr/guide/a). An
// Update that fails (a translation with an error) is followed by one
// that completes. locales is where each save wrote.
func TestUpdateFallbackLocales(t *testing.T) {
	type save struct {
		what     string
		edit     map[string]string
		rendered int    // bodies rendered (a title: the page and its locale's pages that link to it)
		locales  string // the locales whose folders the Update wrote to ("/" the site's root), by name
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
			"docs/intro.md":         "---\nsidebar_position: 1\n---\n# Introduction\n\nRead [the hit rules](combat/hit.md) and [parrying](/docs/combat/parry).\n",
			"docs/combat/hit.md":    "# Hitting\n\nRoll to hit.\n",
			"docs/combat/damage.md": "# Damage\n\nRoll damage.\n",
			fr + "intro.md":         "---\nsidebar_position: 1\n---\n# Présentation\n\nLisez [les règles du coup](combat/hit.md).\n",
			fr + "combat/hit.md":    "# Toucher\n\nLancez pour toucher.\n",
		}, 2, []save{
			{what: "a French body", edit: map[string]string{fr + "combat/hit.md": "# Toucher\n\nLancez deux dés pour toucher.\n"}, rendered: 1, locales: "fr"},
			{what: "a French title", edit: map[string]string{fr + "combat/hit.md": "# Frapper\n\nLancez deux dés pour toucher.\n"}, rendered: 2, locales: "fr"},
			{what: "a default page the others fall back on", edit: map[string]string{"docs/combat/damage.md": "# Damage\n\nRoll damage twice.\n"}, rendered: 3, locales: "/ de fr"},
			{what: "a new French page", edit: map[string]string{fr + "combat/damage.md": "# Dégâts\n\nLancez.\n"}, rendered: 1, locales: "fr"},
			{what: "a French page deleted", edit: map[string]string{fr + "intro.md": ""}, rendered: 1, locales: "fr"},
			{what: "a French page renamed", edit: map[string]string{fr + "combat/damage.md": "->" + fr + "intro.md"}, rendered: 2, locales: "fr"},
			{what: "a new default page", edit: map[string]string{"docs/combat/parry.md": "# Parry\n\nBlock.\n"}, rendered: 5, locales: "/ de fr"},
			{what: "a default page deleted", edit: map[string]string{"docs/combat/damage.md": ""}, rendered: 0, locales: "/ de fr"},
			{what: "a translated default page renamed", edit: map[string]string{"docs/combat/hit.md": "->docs/combat/strike.md"}, rendered: 5, locales: "/ de fr"},
			// An Update that fails leaves the locales' layouts as they
			// were: the fixed save is a translation that came.
			{what: "a new French page with an error", edit: map[string]string{fr + "combat/parry.md": "---\ntitle: [\n---\n# Parer\n"}, rendered: 0, locales: ""},
			{what: "the error fixed", edit: map[string]string{fr + "combat/parry.md": "# Parer\n\nBloquer.\n"}, rendered: 1, locales: "fr"},
		}},
		{"VitePress", map[string]string{
			".vitepress/config.mts": "export default { title: 'Rules',\n  locales: {\n    root: { label: 'English', lang: 'en' },\n" +
				"    fr: { label: 'Français', lang: 'fr', title: 'Règles' },\n    es: { label: 'Español', lang: 'es', title: 'Reglas' },\n  } }\n",
			"index.md":      "# Home\n\nSee [alpha](/guide/a) and [bêta](/fr/guide/b).\n",
			"guide/a.md":    "# Alpha\n\nText.\n",
			"guide/b.md":    "# Beta\n\nText.\n",
			"fr/index.md":   "# Accueil\n\nVoir [alpha](/fr/guide/a).\n",
			"fr/guide/a.md": "# Alpha fr\n\nTexte.\n",
			"es/index.md":   "# Inicio\n\nVer [alfa](/es/guide/a) y [alpha](/fr/guide/a).\n",
			"es/guide/a.md": "# Alfa\n\nTexto.\n",
		}, 2, []save{
			{what: "a French body", edit: map[string]string{"fr/guide/a.md": "# Alpha fr\n\nTexte modifié.\n"}, rendered: 1, locales: "fr"},
			{what: "a French title", edit: map[string]string{"fr/guide/a.md": "# Le alpha\n\nTexte modifié.\n"}, rendered: 2, locales: "fr"},
			{what: "a default page (no fallback)", edit: map[string]string{"guide/b.md": "# Beta\n\nText, edited.\n"}, rendered: 1, locales: "/"},
			{what: "a new French page", edit: map[string]string{"fr/guide/b.md": "# Bêta\n\nTexte.\n"}, rendered: 2, locales: "/ fr"},
			{what: "a French page deleted", edit: map[string]string{"fr/guide/a.md": ""}, rendered: 2, locales: "es fr"},
		}},
		{"Starlight", map[string]string{
			"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Rules',\n" +
				"  locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' }, de: { label: 'Deutsch', lang: 'de' } } })] };\n",
			"src/content/docs/index.md":           "---\ntitle: Home\n---\n\nWelcome. [Seul](/fr/rules/seul/).\n",
			"src/content/docs/rules/combat.md":    "---\ntitle: Combat\n---\n\nFight.\n",
			"src/content/docs/rules/magic.md":     "---\ntitle: Magic\n---\n\nCast.\n",
			"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\n\nBienvenue. [Parer](/fr/rules/parry/).\n",
			"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\n\nCombattre.\n",
			"src/content/docs/de/index.md":        "---\ntitle: Start\n---\n\nWillkommen.\n",
		}, 2, []save{
			{what: "a French body", edit: map[string]string{"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\n\nCombattre encore.\n"}, rendered: 1, locales: "fr"},
			{what: "a French title", edit: map[string]string{"src/content/docs/fr/rules/combat.md": "---\ntitle: La bataille\n---\n\nCombattre encore.\n"}, rendered: 1, locales: "fr"},
			{what: "a default page the others fall back on", edit: map[string]string{"src/content/docs/rules/magic.md": "---\ntitle: Magic\n---\n\nCast twice.\n"}, rendered: 3, locales: "/ de fr"},
			{what: "a new French page", edit: map[string]string{"src/content/docs/fr/rules/magic.md": "---\ntitle: La magie\n---\n\nLancer.\n"}, rendered: 1, locales: "fr"},
			{what: "a French page deleted", edit: map[string]string{"src/content/docs/fr/rules/combat.md": ""}, rendered: 1, locales: "fr"},
			{what: "a page of French alone", edit: map[string]string{"src/content/docs/fr/rules/seul.md": "---\ntitle: Seul\n---\n\nSeul.\n"}, rendered: 1, locales: "fr"},
			{what: "a new default page", edit: map[string]string{"src/content/docs/rules/parry.md": "---\ntitle: Parry\n---\n\nBlock.\n"}, rendered: 4, locales: "/ de fr"},
			{what: "a translated default page deleted", edit: map[string]string{"src/content/docs/rules/magic.md": ""}, rendered: 1, locales: "/ de"},
			{what: "a default page renamed", edit: map[string]string{"src/content/docs/rules/parry.md": "->src/content/docs/rules/block.md"}, rendered: 4, locales: "/ de fr"},
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
			{what: "a French body", edit: map[string]string{"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\n\nCombattre encore.\n"}, rendered: 1, locales: "fr"},
			{what: "a default page the others fall back on", edit: map[string]string{"src/content/docs/en/rules/magic.md": "---\ntitle: Magic\n---\n\nCast twice.\n"}, rendered: 2, locales: "/ en fr"},
			{what: "a French page deleted", edit: map[string]string{"src/content/docs/fr/rules/combat.md": ""}, rendered: 1, locales: "fr"},
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
			{what: "a Chinese body", edit: map[string]string{"docs/api.zh.md": "# API 中文\n\n调用, 改.\n"}, rendered: 1, locales: "zh"},
			{what: "a default page the others fall back on", edit: map[string]string{"docs/start.en.md": "# Start\n\nRead again.\n"}, rendered: 2, locales: "/ zh"},
			{what: "a new Chinese page", edit: map[string]string{"docs/start.zh.md": "# 开始\n"}, rendered: 1, locales: "zh"},
			{what: "a Chinese page deleted", edit: map[string]string{"docs/api.zh.md": ""}, rendered: 1, locales: "zh"},
			{what: "a new default page", edit: map[string]string{"docs/extra.en.md": "# Extra\n\nMore.\n"}, rendered: 2, locales: "/ zh"},
			{what: "a translated default page deleted", edit: map[string]string{"docs/start.en.md": ""}, rendered: 1, locales: "/"},
		}},
	} {
		// later: as serve does, the pages whose navigation alone changed
		// are written after the Update, every locale's (Site.NavLater).
		for _, later := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/later=%v", tc.tool, later), func(t *testing.T) {
				src := t.TempDir()
				sitetest.WriteFiles(t, src, tc.files)
				r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
				if len(r.s.kept) != tc.kept {
					t.Fatalf("kept %d locales' sites, want %d", len(r.s.kept), tc.kept)
				}
				r.later = later
				r.s.NavLater(later)
				for _, sv := range tc.saves {
					u := r.update(t, sv.edit) // not a full build, and a clean build's output
					if u.Rendered != sv.rendered {
						t.Errorf("%s: rendered %d bodies, want %d", sv.what, u.Rendered, sv.rendered)
					}
					if got := writtenLocales(r.s, u.Outputs); got != sv.locales {
						t.Errorf("%s: wrote into the folders of locales %q, want %q (%v)", sv.what, got, sv.locales, u.Outputs)
					}
				}
			})
		}
	}
}

// writtenLocales are the locales of site s whose folders the outputs
// (output-relative) are in, by name ("/" for the site's root), sorted and
// space-separated.
func writtenLocales(s *Site, outputs []string) string {
	set := map[string]bool{}
	for _, o := range outputs {
		loc := "/"
		for _, l := range s.Lay.Locales {
			if l.Path != "" && strings.HasPrefix(o, l.Path+"/") {
				loc = l.Name
			}
		}
		set[loc] = true
	}
	return strings.Join(slices.Sorted(maps.Keys(set)), " ")
}
