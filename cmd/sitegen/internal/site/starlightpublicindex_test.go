package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightPublicIndex: a site without a root locale publishes no
// page at its root, and "Place static assets … in the public/ directory
// … copied to the build folder untouched"
// (https://docs.astro.build/en/basics/project-structure/#public): a
// public/index.html is the site's root page (everbuild-org/Asorda-Wiki's
// redirect to /en/; Astro 5.18 + Starlight 0.36.3 build it so), not a
// conflict with sitegen's own redirect to the default locale, nor with
// each locale's home page.
func TestStarlightPublicIndex(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\n" +
			"export default defineConfig({\n  integrations: [starlight({ title: 'Dice', defaultLocale: 'en', " +
			"locales: { en: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })],\n});\n",
		"src/content/docs/en/index.md":        "---\ntitle: Home\n---\nWelcome.\n",
		"src/content/docs/en/rules/combat.md": "---\ntitle: Combat\n---\nRoll.\n",
		"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\nBienvenue.\n",
		"public/index.html":                   "<!doctype html><title>Go</title><p>Redirecting to the English wiki.</p>\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	if !strings.Contains(files["index.html"], "Redirecting to the English wiki.") {
		t.Errorf("index.html is not public/index.html: %.200q", files["index.html"])
	}
	if !strings.Contains(files["fr/index.html"], "Bienvenue") || !strings.Contains(files["en/index.html"], "Welcome") {
		t.Errorf("a locale's home page is not its page")
	}
	if len(res.WarningList) > 0 {
		t.Errorf("warnings: %v", res.WarningList)
	}
}
