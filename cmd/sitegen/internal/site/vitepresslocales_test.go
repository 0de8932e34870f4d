package site

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestVitePressLocales: https://vitepress.dev/guide/i18n: "docs/ ├─ es/ │
// ├─ foo.md ├─ fr/ │ ├─ foo.md ├─ foo.md" with "locales: { root: {
// label: 'English', lang: 'en' }, fr: { label: 'French', lang: 'fr' } }":
// fr's pages are built under /fr/, with its title and sidebar, and the
// root's are not built again there. VitePress resolves a link from the
// whole site's root (file-based routing): a root page's link to
// /fr/guide/a leads to fr's page, and fr's links to /guide/b (a page only
// the root has) and /guide/a (one fr has too) to the root's; none is
// broken.
func TestVitePressLocales(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": `export default { title: 'Top', ignoreDeadLinks: true, srcExclude: ['fr/drafts/**'],
  locales: {
    root: { label: 'English', lang: 'en', title: 'Rules', themeConfig: { sidebar: [{ text: 'Alpha', link: '/guide/a' }] } },
    fr: { label: 'Français', lang: 'fr', title: 'Règles', link: 'https://fr.example.org', themeConfig: { sidebar: [{ text: 'Alpha fr', link: '/fr/guide/a' }] } },
  } }`,
		"fr/drafts/x.md": "# Brouillon\n",
		"index.md":       "# Home\n\nSee [alpha in French](/fr/guide/a) and [its file](/fr/guide/a.md).\n",
		"guide/a.md":     "# Alpha\n\nText.\n",
		"guide/b.md":     "# Beta\n\nText.\n",
		"fr/index.md":    "# Accueil\n\nVoir [alpha](/fr/guide/a), [beta](/guide/b) et [alpha en anglais](/guide/a).\n",
		"fr/guide/a.md":  "# Alpha fr\n\nTexte.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	res, err := build(t, dir, content.Options{Theme: theme, Dest: out})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	for _, d := range res.WarningList {
		if strings.Contains(d.Msg, "broken link") {
			t.Errorf("warning: %s", d.Msg)
		}
	}
	// fr's pages are its folder's own, none read from a translation:
	// the report says where they come from.
	if want := "locale fr (Français): 2 pages at /fr/, from fr/"; !slices.Contains(res.Info, want) {
		t.Errorf("the build's report does not say %q: %q", want, res.Info)
	}
	for file, wants := range map[string][]string{
		"index.html":      {`<html lang="en"`, `href="/fr/guide/a.html"`},
		"fr/index.html":   {`<html lang="fr"`, `href="/fr/guide/a.html"`, `href="/guide/b.html"`, `href="/guide/a.html"`},
		"fr/guide/a.html": {`<html lang="fr"`, "Règles", "Alpha fr"},
		"guide/a.html":    {"Rules"},
		// "link: '/fr/guide' // default /fr/ -- shows on navbar
		// translations menu, can be external"
		// (https://vitepress.dev/guide/i18n): the switcher's link is it
		// and the page's path ("link.replace(/\/$/, '') +
		// ensureStartingSlash(path)", useLangs).
		"guide/b.html": {`href="https://fr.example.org/guide/b.html" hreflang="fr"`},
		// VitePress writes one 404 page, the root's.
		"404.html": {`<html lang="en"`},
	} {
		b, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		for _, w := range wants {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s: no %s", file, w)
			}
		}
	}
	// "srcExclude: A glob pattern for matching markdown files that should
	// be excluded as source content", relative to srcDir: fr/drafts/ is
	// not published (https://vitepress.dev/reference/site-config#srcexclude).
	for _, file := range []string{"fr/guide/b.html", "fr/fr/index.html", "fr/guide/index.html", "fr/404.html", "fr/drafts/x.html"} {
		if _, err := os.Stat(filepath.Join(out, file)); err == nil {
			t.Errorf("%s is published", file)
		}
	}
}

// TestVitePressPagerWordsAndSwitcher: the words above a page's previous
// and next links are themeConfig.docFooter's ("Can be used to customize
// text appearing above previous and next links", "docFooter: { prev:
// 'Pagina prior', next: 'Proxima pagina' }",
// https://vitepress.dev/reference/default-theme-config#docfooter),
// "Previous page" and "Next page" without it, a locale's own in its
// pages; with themeConfig.i18nRouting false ("Changing locale to say zh
// will change the URL from /foo (or /en/foo/) to /zh/foo. You can
// disable this behavior by setting themeConfig.i18nRouting to false",
// https://vitepress.dev/reference/default-theme-config#i18nrouting) the
// switcher leads to each locale's home page.
func TestVitePressPagerWordsAndSwitcher(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": `export default { title: 'Six Dice',
  themeConfig: { i18nRouting: false, sidebar: [{ text: 'A', link: '/guide/a' }, { text: 'B', link: '/guide/b' }] },
  locales: {
    root: { label: 'English', lang: 'en' },
    fr: { label: 'Français', lang: 'fr', themeConfig: { docFooter: { prev: 'Page précédente', next: 'Page suivante' },
      sidebar: [{ text: 'A fr', link: '/fr/guide/a' }, { text: 'B fr', link: '/fr/guide/b' }] } },
  } }`,
		"index.md":      "# Home\n",
		"guide/a.md":    "# Alpha\n",
		"guide/b.md":    "# Beta\n",
		"fr/index.md":   "# Accueil\n",
		"fr/guide/a.md": "# Alpha fr\n",
		"fr/guide/b.md": "# Bêta fr\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	for file, wants := range map[string][]string{
		"guide/a.html":    {"<span>Next page</span> B", `href="/fr/" hreflang="fr"`},
		"guide/b.html":    {"<span>Previous page</span> A"},
		"fr/guide/a.html": {"<span>Page suivante</span> B fr", `href="/" hreflang="en"`},
		"fr/guide/b.html": {"<span>Page précédente</span> A fr"},
	} {
		b, err := os.ReadFile(filepath.Join(out, file))
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		for _, w := range wants {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s: no %s", file, w)
			}
		}
	}
}
