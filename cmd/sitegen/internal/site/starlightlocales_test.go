package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightLocales: a Starlight site with a root locale
// (https://starlight.astro.build/guides/i18n/#use-a-root-locale): "You
// can use a “root” locale to serve a language without any i18n prefix in
// its path", each other locale under its directory ("Create a directory
// for each language in src/content/docs/"), "Use the same file name to
// associate pages across languages and take advantage of Starlight’s full
// set of i18n features, including fallback content", "Your defaultLocale
// will be used for fallback content"; LocaleConfig's dir "`rtl` for
// right-to-left" (https://starlight.astro.build/reference/configuration/#locales).
func TestStarlightLocales(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\n" +
			"export default defineConfig({\n  site: 'https://x.test',\n  integrations: [starlight({ title: { en: 'Dice', fr: 'Dés' },\n" +
			"    locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français' }, ar: { label: 'العربية', dir: 'rtl' } } })],\n});\n",
		"src/content/docs/index.md":           "---\ntitle: Home\n---\nWelcome. See [combat](/rules/combat/).\n",
		"src/content/docs/rules/combat.md":    "---\ntitle: Combat\n---\nRoll to hit.\n",
		"src/content/docs/rules/magic.md":     "---\ntitle: Magic\n---\nCast.\n",
		"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\nBienvenue. Voir [combat](/fr/rules/combat/).\n",
		"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\nLancez pour toucher.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	for _, f := range []string{"index.html", "rules/combat/index.html", "rules/magic/index.html",
		"fr/index.html", "fr/rules/combat/index.html", "fr/rules/magic/index.html", "ar/index.html", "ar/rules/magic/index.html"} {
		if _, ok := files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	for f := range files {
		if strings.HasPrefix(f, "fr/fr/") || strings.HasPrefix(f, "ar/fr/") || strings.HasPrefix(f, "fr/ar/") {
			t.Errorf("%s published: a locale's folder is not a folder of another locale's site", f)
		}
	}
	en, fr, frMagic, frCombat, ar := files["rules/combat/index.html"], files["fr/index.html"], files["fr/rules/magic/index.html"], files["fr/rules/combat/index.html"], files["ar/index.html"]
	checks := []struct {
		rule string
		ok   bool
	}{
		{"the root locale's page keeps its words", strings.Contains(en, "Roll to hit") && !strings.Contains(en, "Lancez")},
		{"a translated page shows its translation", strings.Contains(frCombat, "Lancez pour toucher") && strings.Contains(fr, "Bienvenue")},
		{"an untranslated page is the root locale's (fallback content)", strings.Contains(frMagic, "Cast.")},
		{"the locale's sidebar has its pages, by their translated titles", strings.Contains(fr, ">Le combat</a>") && strings.Contains(files["index.html"], ">Combat</a>")},
		{"the locale's links stay in the locale", strings.Contains(fr, `href="/fr/rules/combat/"`)},
		{"<html lang dir> is the locale's", strings.Contains(fr, `<html lang="fr" dir="ltr">`) && strings.Contains(files["index.html"], `<html lang="en" dir="ltr">`) && strings.Contains(ar, `<html lang="ar" dir="rtl">`)},
		{"the language picker leads to the same page in each locale", strings.Contains(frCombat, `<a href="/rules/combat/" hreflang="en" lang="en">English</a>`) &&
			strings.Contains(en, `<a href="/fr/rules/combat/" hreflang="fr" lang="fr">Français</a>`)},
		{"the site's title is the locale's", strings.Contains(fr, "Dés") && !strings.Contains(files["index.html"], "Dés")},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: not so", c.rule)
		}
	}
}
