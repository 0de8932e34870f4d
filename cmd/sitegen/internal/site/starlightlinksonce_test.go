package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightLocaleLinksOnce: "Your defaultLocale will be used for
// fallback content" (https://starlight.astro.build/guides/i18n/): a
// locale without a page shows the default locale's, the same file. A
// broken link in it is the default locale's page's, reported once at its
// file:line:col, not again for each locale whose fallback copy holds it
// (its text is the same; only the URL it is read from differs). A link
// in it to a page of another locale's folder (/en/rules/combat/, as the
// pages of a site without a root locale are written) leads there, as
// Astro leaves the link as written: not broken in any locale.
func TestStarlightLocaleLinksOnce(t *testing.T) {
	configs := map[string]string{
		"root locale": "locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' }, de: { label: 'Deutsch', lang: 'de' } }",
		"no root locale": "defaultLocale: 'en', locales: { en: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' }, " +
			"de: { label: 'Deutsch', lang: 'de' } }",
	}
	for name, locales := range configs {
		t.Run(name, func(t *testing.T) {
			docs, prefix := "src/content/docs/", ""
			if strings.Contains(locales, "defaultLocale") {
				docs, prefix = docs+"en/", "/en"
			}
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\n" +
					"export default defineConfig({\n  integrations: [starlight({ title: 'Dice', " + locales + " })],\n});\n",
				docs + "index.md":              "---\ntitle: Home\n---\nWelcome.\n",
				docs + "rules/alpha.md":        "---\ntitle: Alpha\n---\nSee [combat](" + prefix + "/rules/combat/) and [the French home](/fr/).\n",
				docs + "rules/combat.md":       "---\ntitle: Combat\n---\nA [broken](missing/) link and [a file](./gone.md).\n",
				"src/content/docs/fr/index.md": "---\ntitle: Accueil\n---\nBienvenue.\n",
			})
			res, err := build(t, dir, content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out"), BrokenLinks: "warn"})
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			count := map[string]int{}
			for _, d := range res.WarningList {
				if strings.Contains(d.Msg, "broken link") {
					count[d.Msg[:strings.Index(d.Msg, ":")]]++
				}
			}
			for link, want := range map[string]int{`broken link "missing/"`: 1, `broken link "./gone.md"`: 1,
				`broken link "` + prefix + `/rules/combat/"`: 0, `broken link "/fr/"`: 0} {
				if count[link] != want {
					t.Errorf("%s reported %d times, want %d: %v", link, count[link], want, res.WarningList)
				}
			}
		})
	}
}
