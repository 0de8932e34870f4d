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
    fr: { label: 'Français', lang: 'fr', title: 'Règles', link: '/fr/guide',
      themeConfig: { sidebar: [{ text: 'Guide fr', items: [{ text: 'Alpha fr', link: '/fr/guide/a' }] }] } },
  },
  srcExclude: ['fr/drafts/**'] }
`,
		"fr/drafts/x.md": "# Brouillon\n",
		"index.md":       "# Home\n\nSee [alpha](/guide/a), [alpha in French](/fr/guide/a) and [its file](/fr/guide/a.md).\n",
		"guide/a.md":     "# Alpha\n\nText.\n",
		"guide/b.md":     "# Beta\n\nText.\n",
		"fr/index.md":    "# Accueil\n\nVoir [alpha](/fr/guide/a), [beta](/guide/b) et [alpha en anglais](/guide/a).\n",
		"fr/guide/a.md":  "# Alpha fr\n\nTexte.\n",
		"package.json":   `{"name": "fixture", "private": true, "type": "module"}`,
	}
	var native, ours string
	Run(t, starlightKept(VitePress, &native), starlightKept(Sitegen, &ours), Fixture{Name: "locales", Rule: rule, Files: files,
		// "srcExclude: A glob pattern for matching markdown files that
		// should be excluded as source content", relative to srcDir; one
		// 404 page, the root's.
		Unpublished: []string{"fr/guide/b.html", "fr/fr/index.html", "fr/drafts/x.html", "fr/404.html"}, SameFiles: true})
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	for _, loc := range []string{"", "fr"} {
		n, o := localeNav(t, native, loc, vitepressMarkup), localeNav(t, ours, loc, sitegenMarkup)
		if len(n) == 0 || !slices.Equal(n, o) {
			t.Errorf("locale %q navigation: VitePress %v, sitegen %v (rule: %s)", loc, n, o, rule)
		}
	}
	// The language switcher's link to fr: its link, "/fr/guide", and
	// the page's path ("link: '/fr/guide' // default /fr/ -- shows on
	// navbar translations menu", https://vitepress.dev/guide/i18n):
	// VitePress's "/fr/guide/guide/b.html" names no page, as sitegen's.
	switcher := regexp.MustCompile(`<a[^>]* href="([^"]*)"[^>]*>(?:<!--\[-->)?(?:<span[^>]*>)?Français<`)
	for _, page := range []string{"index.html", "guide/b.html"} {
		var got [2]string
		for i, dir := range []string{native, ours} {
			b, err := os.ReadFile(filepath.Join(dir, page))
			if err != nil {
				t.Fatal(err)
			}
			if m := switcher.FindSubmatch(b); m != nil {
				got[i] = string(m[1])
			}
		}
		if got[0] == "" || got[0] != got[1] {
			t.Errorf("%s: the switcher's link to fr: VitePress %q, sitegen %q (rule: %s)", page, got[0], got[1], rule)
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

// TestVitePressLocaleHomes: with themeConfig.i18nRouting false the
// language switcher leads to each locale's home, not to the page's path
// there ("Changing locale to say zh will change the URL from /foo (or
// /en/foo/) to /zh/foo. You can disable this behavior by setting
// themeConfig.i18nRouting to false",
// https://vitepress.dev/reference/default-theme-config#i18nrouting): the
// switcher's links of VitePress's and sitegen's builds are the same.
func TestVitePressLocaleHomes(t *testing.T) {
	rule := `themeConfig.i18nRouting: false (https://vitepress.dev/reference/default-theme-config#i18nrouting)`
	files := map[string]string{
		".vitepress/config.mts": `export default { title: 'Top', themeConfig: { i18nRouting: false },
  locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } }
`,
		"index.md":      "# Home\n",
		"guide/a.md":    "# Alpha\n",
		"fr/index.md":   "# Accueil\n",
		"fr/guide/a.md": "# Alpha fr\n",
		"package.json":  `{"name": "fixture", "private": true, "type": "module"}`,
	}
	var native, ours string
	Run(t, starlightKept(VitePress, &native), starlightKept(Sitegen, &ours), Fixture{Name: "locale homes", Rule: rule, Files: files, SameFiles: true})
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	for _, tc := range []struct{ page, label string }{{"guide/a.html", "Français"}, {"fr/guide/a.html", "English"}} {
		switcher := regexp.MustCompile(`<a[^>]* href="([^"]*)"[^>]*>(?:<!--\[-->)?(?:<span[^>]*>)?` + tc.label + `<`)
		var got [2]string
		for i, dir := range []string{native, ours} {
			b, err := os.ReadFile(filepath.Join(dir, tc.page))
			if err != nil {
				t.Fatal(err)
			}
			if m := switcher.FindSubmatch(b); m != nil {
				got[i] = string(m[1])
			}
		}
		if got[0] == "" || got[0] != got[1] {
			t.Errorf("%s: the switcher's link to %s: VitePress %q, sitegen %q (rule: %s)", tc.page, tc.label, got[0], got[1], rule)
		}
	}
}
