package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightOutsideLocales: on a site without a root locale
// ("defaultLocale: Set the language which is the default for this site.
// The value should match one of the keys of your locales object",
// https://starlight.astro.build/reference/configuration/#defaultlocale),
// a page of src/content/docs outside every locale's folder is still one
// of the docs collection's: Astro 5.18 with Starlight 0.36.3 builds
// about.md at /about/ and extra/notes.md at /extra/notes/, in the default
// locale's language, in no locale's sidebar, and no copy of them under
// /fr/ (measured: sl23-bench.md).
func TestStarlightOutsideLocales(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\n" +
			"export default defineConfig({\n  integrations: [starlight({ title: 'Dice', defaultLocale: 'en', " +
			"locales: { en: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })],\n});\n",
		"src/content/docs/en/index.md":        "---\ntitle: Home\n---\nWelcome. See [extra](/extra/notes/) and [about](/about/).\n",
		"src/content/docs/en/rules/combat.md": "---\ntitle: Combat\n---\nRoll.\n",
		"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\nBienvenue.\n",
		"src/content/docs/about.md":           "---\ntitle: About\n---\nOutside every locale.\n",
		"src/content/docs/extra/notes.md":     "---\ntitle: Notes\n---\nIn a folder that is no locale.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v (%v)", err, res.WarningList)
	}
	files := readTree(t, out)
	for _, f := range []string{"about/index.html", "extra/notes/index.html", "en/index.html", "en/rules/combat/index.html", "fr/rules/combat/index.html"} {
		if _, ok := files[f]; !ok {
			t.Errorf("%s not written", f)
		}
	}
	for _, f := range []string{"fr/about/index.html", "fr/extra/notes/index.html", "en/about/index.html", "en/en/index.html", "en/fr/index.html"} {
		if _, ok := files[f]; ok {
			t.Errorf("%s written: Starlight builds no such page", f)
		}
	}
	if a := files["about/index.html"]; !strings.Contains(a, "Outside every locale.") || !strings.Contains(a, `<html lang="en"`) {
		t.Errorf("about/index.html: want the page, in the default locale's language")
	}
	if strings.Contains(files["en/index.html"], ">About</a>") || strings.Contains(files["fr/index.html"], ">About</a>") {
		t.Errorf("the page outside the locales is in a sidebar; Starlight lists it in none")
	}
	for _, n := range res.Notes {
		if strings.Contains(n, "no locale's folder") {
			t.Errorf("note %q: the pages are built", n)
		}
	}
}
