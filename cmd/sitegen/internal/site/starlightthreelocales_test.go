package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestStarlightThreeLocales: every page of the docs collection is a page
// of its locale's site ("Starlight … builds all the pages of your
// content collection"; each locale's sidebar is "getLocaleRoutes(locale)"
// made a tree, @astrojs/starlight 0.36 utils/navigation.ts), and "Your
// defaultLocale will be used for fallback content"
// (https://starlight.astro.build/guides/i18n/). Measured with Astro
// 5.18.2 + Starlight 0.36.3 (sl25-bench.md, fixture C: root en,
// defaultLocale fr, de): the root's sidebar "Home, Root only, rules:
// Combat, La magie" (a page only the root has is listed, by slug); fr's
// "Accueil, rules: Le combat, La magie"; de's "Start, Nur Deutsch, rules:
// Der Kampf, La magie, Deutsche Regel" (de's own pages built, in its
// sidebar, beside fr's fallback); 12 pages.
func TestStarlightThreeLocales(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"astro.config.mjs": "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Rules', defaultLocale: 'fr',\n" +
			"  locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' }, de: { label: 'Deutsch', lang: 'de' } } })] };\n",
		"src/content/docs/index.md":           "---\ntitle: Home\n---\n\nWelcome.\n",
		"src/content/docs/rules/combat.md":    "---\ntitle: Combat\n---\n\nFight.\n",
		"src/content/docs/rootonly.md":        "---\ntitle: Root only\n---\n\nOnly in English.\n",
		"src/content/docs/fr/index.md":        "---\ntitle: Accueil\n---\n\nBienvenue.\n",
		"src/content/docs/fr/rules/combat.md": "---\ntitle: Le combat\n---\n\nCombattre.\n",
		"src/content/docs/fr/rules/magie.md":  "---\ntitle: La magie\n---\n\nMagie.\n",
		"src/content/docs/de/index.md":        "---\ntitle: Start\n---\n\nWillkommen.\n",
		"src/content/docs/de/rules/combat.md": "---\ntitle: Der Kampf\n---\n\nKampf.\n",
		"src/content/docs/de/deonly.md":       "---\ntitle: Nur Deutsch\n---\n\nNur auf Deutsch.\n",
		"src/content/docs/de/rules/regel.md":  "---\ntitle: Deutsche Regel\n---\n\nRegel.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	files := readTree(t, out)
	var pages []string
	for f := range files {
		if strings.HasSuffix(f, "index.html") && f != "404.html" && !strings.HasPrefix(f, "tags/") {
			pages = append(pages, f)
		}
	}
	for f, text := range map[string]string{"rootonly/index.html": "Only in English.", "de/deonly/index.html": "Nur auf Deutsch.",
		"de/rules/regel/index.html": "Regel.", "de/rules/magie/index.html": "Magie.", "rules/magie/index.html": "Magie."} {
		if !strings.Contains(files[f], text) {
			t.Errorf("%s: want %q (pages: %v)", f, text, pages)
		}
	}
	for f, want := range map[string][]string{
		"index.html":    {">Home</a>", ">Root only</a>", "<summary>rules</summary>", ">Combat</a>", ">La magie</a>"},
		"fr/index.html": {">Accueil</a>", "<summary>rules</summary>", ">Le combat</a>", ">La magie</a>"},
		"de/index.html": {">Start</a>", ">Nur Deutsch</a>", "<summary>rules</summary>", ">Der Kampf</a>", ">La magie</a>", ">Deutsche Regel</a>"},
	} {
		page := files[f]
		i := strings.Index(page, `<nav class="site-nav"`)
		if i < 0 {
			t.Errorf("%s: no sidebar", f)
			continue
		}
		nav := page[i:]
		nav = nav[:strings.Index(nav, "</nav>")]
		at := 0
		for _, w := range want {
			j := strings.Index(nav[at:], w)
			if j < 0 {
				t.Errorf("%s's sidebar lacks %s after %d: %s", f, w, at, nav)
				break
			}
			at += j
		}
		if strings.Count(nav, "<summary>") != 1 {
			t.Errorf("%s's sidebar: want one group: %s", f, nav)
		}
	}
}
