package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightRootNotDefault: a root locale ("You can use a “root” locale
// to serve a language without any i18n prefix in its path") that is not
// the defaultLocale ("If the root locale is also the default locale for
// your content, remove defaultLocale or set it to 'root'"; "Your
// defaultLocale will be used for fallback content",
// https://starlight.astro.build/guides/i18n/). Measured with Astro 5.18.2
// + Starlight 0.36.3 (sl23-bench.md): with defaultLocale 'fr', a page only
// fr has is also at the root's path (/rules/magie/, fr's text), and the
// root's own pages stay the root's.
func TestStarlightRootNotDefault(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"astro.config.mjs": "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\n" +
			"export default defineConfig({\n  integrations: [starlight({ title: 'Dice', defaultLocale: 'fr', " +
			"locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })],\n});\n",
		"src/content/docs/index.md":           "---\ntitle: Home\n---\nWelcome.\n",
		"src/content/docs/rules/combat.md":    "---\ntitle: Combat\n---\nRoll.\n",
		"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\nBienvenue.\n",
		"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\nLancez.\n",
		"src/content/docs/fr/rules/magie.md":  "---\ntitle: La magie\n---\nSeulement en français.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	want := map[string]string{"index.html": "Welcome.", "rules/combat/index.html": "Roll.", "rules/magie/index.html": "Seulement en français.",
		"fr/index.html": "Bienvenue.", "fr/rules/combat/index.html": "Lancez.", "fr/rules/magie/index.html": "Seulement en français."}
	for f, text := range want {
		if !strings.Contains(files[f], text) {
			t.Errorf("%s: want %q", f, text)
		}
	}
	for _, f := range []string{"fr/fr/index.html", "fr/index/index.html"} {
		if _, ok := files[f]; ok {
			t.Errorf("%s written", f)
		}
	}
	// Known: Starlight's sidebars list La magie too (root: Home, rules:
	// Combat, La magie); sitegen's leave the fallback pages out (they are
	// a further root's, out of the navigation).
	if !strings.Contains(files["index.html"], ">Combat</a>") || !strings.Contains(files["fr/index.html"], ">Le combat</a>") ||
		strings.Contains(files["index.html"], ">fr</") || strings.Contains(files["index.html"], ">Le combat</a>") {
		t.Errorf("each locale's sidebar lists its own pages, no fr folder")
	}
	if !strings.Contains(files["rules/magie/index.html"], `href="/fr/rules/magie/"`) {
		t.Errorf("the fallback page's language picker leads to fr's page")
	}
	for _, n := range res.Notes {
		if strings.Contains(n, "not implemented") {
			t.Errorf("note %q", n)
		}
	}
}
