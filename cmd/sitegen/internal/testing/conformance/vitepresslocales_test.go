package conformance

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
)

// TestVitePressLocales builds a site of two locales with VitePress and
// with sitegen: the same pages at the same URLs, titles and links (Run),
// each locale's sidebar read from its own pages alone, and each page's
// <html lang> and title the locale's.
func TestVitePressLocales(t *testing.T) {
	rule := `"docs/ ├─ es/ │ ├─ foo.md ├─ fr/ │ ├─ foo.md ├─ foo.md"; "The following properties can be overridden for each locale ` +
		`(including root): lang, dir, title, … themeConfig // will be shallow merged" (https://vitepress.dev/guide/i18n)`
	files := map[string]string{
		".vitepress/config.mts": `export default { title: 'Top', lang: 'en-US',
  locales: {
    root: { label: 'English', lang: 'en', title: 'Rules',
      themeConfig: { sidebar: [{ text: 'Guide', items: [{ text: 'Alpha', link: '/guide/a' }, { text: 'Beta', link: '/guide/b' }] }] } },
    fr: { label: 'Français', lang: 'fr', title: 'Règles',
      themeConfig: { sidebar: [{ text: 'Guide fr', items: [{ text: 'Alpha fr', link: '/fr/guide/a' }] }] } },
  } }
`,
		"index.md":      "# Home\n\nSee [alpha](/guide/a), [alpha in French](/fr/guide/a) and [its file](/fr/guide/a.md).\n",
		"guide/a.md":    "# Alpha\n\nText.\n",
		"guide/b.md":    "# Beta\n\nText.\n",
		"fr/index.md":   "# Accueil\n\nVoir [alpha](/fr/guide/a), [beta](/guide/b) et [alpha en anglais](/guide/a).\n",
		"fr/guide/a.md": "# Alpha fr\n\nTexte.\n",
		"package.json":  `{"name": "fixture", "private": true, "type": "module"}`,
	}
	var native, ours string
	Run(t, starlightKept(VitePress, &native), starlightKept(Sitegen, &ours), Fixture{Name: "locales", Rule: rule, Files: files,
		Unpublished: []string{"fr/guide/b.html", "fr/fr/index.html"}, SameFiles: true,
		// Known: VitePress writes one 404 page, sitegen one in each
		// locale's folder too (each locale is a site of its own).
		Known: []string{"page: /fr/404"}})
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	for _, loc := range []string{"", "fr"} {
		n, o := localeNav(t, native, loc, vitepressMarkup), localeNav(t, ours, loc, sitegenMarkup)
		if len(n) == 0 || !slices.Equal(n, o) {
			t.Errorf("locale %q navigation: VitePress %v, sitegen %v (rule: %s)", loc, n, o, rule)
		}
	}
	lang := regexp.MustCompile(`<html[^>]* lang="([^"]*)"`)
	title := regexp.MustCompile(`<title>[^<]*(Rules|Règles)</title>`)
	for _, page := range []string{"index.html", "guide/a.html", "fr/index.html", "fr/guide/a.html"} {
		var got [2]string
		for i, dir := range []string{native, ours} {
			b, err := os.ReadFile(filepath.Join(dir, page))
			if err != nil {
				t.Fatal(err)
			}
			l, ti := lang.FindSubmatch(b), title.FindSubmatch(b)
			if l == nil || ti == nil {
				t.Errorf("%s of build %d: no lang or locale title", page, i)
				continue
			}
			got[i] = string(l[1]) + " " + string(ti[1])
		}
		if got[0] != got[1] {
			t.Errorf("%s: VitePress %q, sitegen %q (rule: %s)", page, got[0], got[1], rule)
		}
	}
}
