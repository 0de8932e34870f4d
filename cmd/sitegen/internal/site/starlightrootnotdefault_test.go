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
		"src/content/docs/rules/only-here.md": "---\ntitle: Only here\n---\nRoot only.\n",
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
	// Each locale's sidebar lists the default locale's pages, the root's
	// by its own titles (measured, sl24-bench.md: root "rules: Combat, La
	// magie"; fr "rules: Le combat, La magie"); a page only the root
	// has is at its path, out of the sidebar.
	for f, want := range map[string][]string{"index.html": {">Combat</a>", ">La magie</a>"}, "fr/index.html": {">Le combat</a>", ">La magie</a>"}} {
		nav := files[f][strings.Index(files[f], `<nav class="site-nav"`):]
		nav = nav[:strings.Index(nav, "</nav>")]
		for _, w := range want {
			if !strings.Contains(nav, w) {
				t.Errorf("%s's sidebar lacks %s: %s", f, w, nav)
			}
		}
		if strings.Contains(nav, ">fr<") || f == "index.html" && strings.Contains(nav, "Le combat") {
			t.Errorf("%s's sidebar: %s", f, nav)
		}
	}
	if !strings.Contains(files["rules/only-here/index.html"], "Root only.") {
		t.Errorf("a page only the root has is not at its path")
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
