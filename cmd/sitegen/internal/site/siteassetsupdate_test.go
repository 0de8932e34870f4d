package site

import (
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestUpdateSiteAssets: a file out of the content that a page names by a
// relative path (Docusaurus's "![](../static/img/x.png)" is "converted to
// a require() call", published under assets/; Starlight's images under
// src/ likewise: content.Site.siteAsset) stays published when an Update
// renders other pages: the files of the output are a clean build's, none
// removed (before: every such file was removed by any save, in each
// locale's folder too).
func TestUpdateSiteAssets(t *testing.T) {
	const svg = "<svg xmlns='http://www.w3.org/2000/svg'/>"
	for _, tc := range []struct {
		name  string
		files map[string]string
		edit  string // the page saved
	}{
		{"Docusaurus", map[string]string{
			"docusaurus.config.js": "module.exports = {title: 'Rules', url: 'https://x.test', baseUrl: '/'};\n",
			"diagrams/x.svg":       svg,
			"docs/intro.md":        "# Introduction\n\nWelcome.\n",
			"docs/combat.md":       "# Combat\n\n![d](../diagrams/x.svg)\n",
		}, "docs/intro.md"},
		{"Starlight", map[string]string{
			"astro.config.mjs":                 "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Rules' })] };\n",
			"src/content/images/x.svg":         svg,
			"src/content/docs/index.md":        "---\ntitle: Home\n---\n\nWelcome.\n",
			"src/content/docs/rules/combat.md": "---\ntitle: Combat\n---\n\n![d](../../images/x.svg)\n",
		}, "src/content/docs/index.md"},
		{"Starlight in two locales", map[string]string{
			"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Rules', defaultLocale: 'en',\n" +
				"  locales: { en: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })] };\n",
			"src/content/images/x.svg":            svg,
			"src/content/docs/en/index.md":        "---\ntitle: Home\n---\n\nWelcome.\n",
			"src/content/docs/en/rules/combat.md": "---\ntitle: Combat\n---\n\n![d](../../../images/x.svg)\n",
			"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\n\nBienvenue.\n",
		}, "src/content/docs/en/index.md"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tc.files)
			r := startUpdates(t, content.Options{Source: src, Theme: theme, BrokenLinks: "warn"}, true)
			u := r.update(t, map[string]string{tc.edit: tc.files[tc.edit] + "\nAgain.\n"})
			if len(u.Deleted) > 0 {
				t.Errorf("removed %v", u.Deleted)
			}
		})
	}
}
