package site

import (
	"strings"
	"testing"
)

// TestHugoDefaultLanguageRedirect: where Hugo puts a redirect for the
// default language of a multilingual site. "defaultContentLanguageInSubdir:
// Render the default content language in subdir, e.g. content/en/ ...
// will be rendered to public/en/" and "the root of your site will
// redirect to the default language's subdirectory"
// (https://gohugo.io/content-management/multilingual/). Hugo 0.111
// measured on this fixture (en default, fr by file name):
//   - true: public/index.html is Hugo's alias page for /en/ (its
//     embedded alias.html: <html lang="en">, canonical
//     https://x.test/en/, robots noindex, refresh "0; url=https://x.test/en/");
//   - false: the pages are at the root and public/en/index.html is the
//     same alias page for / (canonical https://x.test/); only the home
//     page has one (no public/en/combat/).
//
// sitegen's alias page refreshes to the site path (/en/), not to the
// baseURL's host, so that a preview stays where it is served.
func TestHugoDefaultLanguageRedirect(t *testing.T) {
	files := func(inSubdir string) map[string]string {
		return map[string]string{
			"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'en'\n" + inSubdir +
				"[languages.en]\nweight = 1\nlanguageCode = 'en'\n[languages.fr]\nweight = 2\nlanguageCode = 'fr'\n",
			"content/_index.md":    "---\ntitle: Home\n---\nhome\n",
			"content/_index.fr.md": "---\ntitle: Accueil\n---\naccueil\n",
			"content/combat.md":    "---\ntitle: Combat\n---\nc\n",
			"content/combat.fr.md": "---\ntitle: Combat FR\n---\nc\n",
		}
	}
	for _, tc := range []struct {
		name, inSubdir string
		redirect       string // the alias page
		want           []string
		pages, absent  []string
	}{
		{"in subdir", "defaultContentLanguageInSubdir = true\n", "index.html",
			[]string{`<html lang="en">`, `<link rel="canonical" href="https://x.test/en/">`, `<meta name="robots" content="noindex">`, `<meta http-equiv="refresh" content="0; url=/en/">`},
			[]string{"en/index.html", "en/combat/index.html", "fr/combat/index.html"}, []string{"combat/index.html"}},
		{"at the root", "", "en/index.html",
			[]string{`<html lang="en">`, `<link rel="canonical" href="https://x.test/">`, `<meta name="robots" content="noindex">`, `<meta http-equiv="refresh" content="0; url=/">`},
			[]string{"index.html", "combat/index.html", "fr/combat/index.html"}, []string{"en/combat/index.html"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, files(tc.inSubdir))
			html, ok := out[tc.redirect]
			if !ok {
				t.Fatalf("%s not published", tc.redirect)
			}
			for _, want := range tc.want {
				if !strings.Contains(html, want) {
					t.Errorf("%s lacks %s:\n%s", tc.redirect, want, html)
				}
			}
			for _, p := range tc.pages {
				if _, ok := out[p]; !ok {
					t.Errorf("%s not published", p)
				}
			}
			for _, p := range tc.absent {
				if _, ok := out[p]; ok {
					t.Errorf("%s published", p)
				}
			}
		})
	}
}
