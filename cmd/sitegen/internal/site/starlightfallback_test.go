package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightFallbackNotice: "Starlight … shows a notice to users
// that the page is not yet translated" on a page a locale shows with the
// default locale's content ("Your defaultLocale will be used for fallback
// content", https://starlight.astro.build/guides/i18n/; the page's
// isFallback: "true if this page is untranslated in the current language
// and using fallback content from the default locale",
// https://starlight.astro.build/reference/overrides/). Measured with
// Astro 5.18.2 + Starlight 0.36.3 (sl24-bench.md): /fr/rules/magic/
// (locale fr, lang fr-CA, no fr/rules/magic.md) shows "Ce contenu n’est
// pas encore disponible dans votre langue." above its text; a translated
// page and the root locale's own do not; with a root locale that is not
// the default (defaultLocale 'fr', sl23), the root's /rules/magie/,
// fr's page, shows it in the default locale's language. The site's own
// src/content/i18n/LANG.json "i18n.untranslatedContent" replaces it
// (https://starlight.astro.build/guides/i18n/#translate-starlights-ui).
func TestStarlightFallbackNotice(t *testing.T) {
	const frNotice = "Ce contenu n’est pas encore disponible dans votre langue."
	for _, tc := range []struct {
		name        string
		files       map[string]string
		with, clean []string // pages with the notice, pages without it
		notice      string
	}{
		{name: "root locale and fr", files: map[string]string{
			"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'D', " +
				"locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr-CA' } } })] };\n",
			"src/content/docs/index.md":           "---\ntitle: Home\n---\nWelcome.\n",
			"src/content/docs/rules/combat.md":    "---\ntitle: Combat\n---\nRoll.\n",
			"src/content/docs/rules/magic.md":     "---\ntitle: Magic\n---\nCast.\n",
			"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\nBienvenue.\n",
			"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\nLancez.\n",
		}, with: []string{"fr/rules/magic/index.html"}, clean: []string{"fr/rules/combat/index.html", "fr/index.html", "rules/magic/index.html", "index.html"}, notice: frNotice},
		{name: "root locale not the default", files: map[string]string{
			"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'D', defaultLocale: 'fr', " +
				"locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })] };\n",
			"src/content/docs/index.md":           "---\ntitle: Home\n---\nWelcome.\n",
			"src/content/docs/rules/combat.md":    "---\ntitle: Combat\n---\nRoll.\n",
			"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\nBienvenue.\n",
			"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\nLancez.\n",
			"src/content/docs/fr/rules/magie.md":  "---\ntitle: La magie\n---\nMagie.\n",
		}, with: []string{"rules/magie/index.html"}, clean: []string{"fr/rules/magie/index.html", "fr/rules/combat/index.html", "rules/combat/index.html"}, notice: frNotice},
		{name: "the site's own words", files: map[string]string{
			"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'D', " +
				"locales: { root: { label: 'English', lang: 'en' }, de: { label: 'Deutsch' } } })] };\n",
			"src/content/i18n/de.json":         `{"i18n.untranslatedContent": "Noch <nicht> übersetzt."}`,
			"src/content/docs/index.md":        "---\ntitle: Home\n---\nWelcome.\n",
			"src/content/docs/rules/combat.md": "---\ntitle: Combat\n---\nRoll.\n",
		}, with: []string{"de/rules/combat/index.html", "de/index.html"}, clean: []string{"rules/combat/index.html"}, notice: "Noch &lt;nicht&gt; übersetzt."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, tc.files)
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build: %v", err)
			}
			files := readTree(t, out)
			want := `<p class="callout callout-note fallback-notice" role="note">` + tc.notice + `</p>`
			for _, f := range tc.with {
				if !strings.Contains(files[f], want) {
					t.Errorf("%s lacks the notice %s", f, want)
				}
			}
			for _, f := range tc.clean {
				if _, ok := files[f]; !ok || strings.Contains(files[f], "fallback-notice") {
					t.Errorf("%s: not written, or shows the notice", f)
				}
			}
		})
	}
}
