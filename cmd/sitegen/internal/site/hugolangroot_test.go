package site

import (
	"regexp"
	"slices"
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

// TestHugoAlternates: Hugo's own templates name a page's other languages
// only in sitemap.xml, from .Translations ("{{ if .IsTranslated }}", an
// xhtml:link rel="alternate" for each translation and for the page
// itself); there is no x-default in them (an hreflang in a page's head
// is a theme's). Hugo 0.111 measured: /combat/ (translated) has en and fr
// alternates, no x-default. So sitegen's <link rel="alternate" hreflang>
// of a Hugo page lists the translations there are and the page itself,
// never another language's home page standing in for a missing
// translation, and no x-default, wherever the default language is; an
// untranslated page none (Hugo 0.111: /magic/ has no xhtml:link).
func TestHugoAlternates(t *testing.T) {
	for _, tc := range []struct {
		name, inSubdir, prefix string
	}{
		{"at the root", "", ""},
		{"in subdir", "defaultContentLanguageInSubdir = true\n", "en/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, map[string]string{
				"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'en'\n" + tc.inSubdir +
					"[languages.en]\nweight = 1\nlanguageCode = 'en'\n[languages.fr]\nweight = 2\nlanguageCode = 'fr'\n",
				"content/_index.md":    "---\ntitle: Home\n---\nhome\n",
				"content/_index.fr.md": "---\ntitle: Accueil\n---\naccueil\n",
				"content/combat.md":    "---\ntitle: Combat\n---\nc\n",
				"content/combat.fr.md": "---\ntitle: Combat FR\n---\nc\n",
				"content/magic.md":     "---\ntitle: Magic\n---\nm\n",
			})
			alternates := regexp.MustCompile(`<link rel="alternate" href="[^"]*" hreflang="[^"]*">`)
			base := "https://x.test/" + tc.prefix
			for page, want := range map[string][]string{
				tc.prefix + "combat/index.html": {`<link rel="alternate" href="` + base + `combat/" hreflang="en">`, `<link rel="alternate" href="https://x.test/fr/combat/" hreflang="fr">`},
				"fr/combat/index.html":          {`<link rel="alternate" href="` + base + `combat/" hreflang="en">`, `<link rel="alternate" href="https://x.test/fr/combat/" hreflang="fr">`},
				tc.prefix + "magic/index.html":  nil, // no translation: none
			} {
				if got := alternates.FindAllString(out[page], -1); !slices.Equal(got, want) {
					t.Errorf("%s: alternates\n%q, want\n%q", page, got, want)
				}
			}
		})
	}
}

// TestHugoMultihost: "Hugo supports multiple languages in a multihost
// configuration. This means you can configure a baseURL per language."
// and "If a baseURL is set on the language level, then all languages
// must have one and they must all be different."
// (https://gohugo.io/content-management/multilingual/#configure-multilingual-multihost).
// Hugo 0.111 measured on this fixture: every language is written to its
// own folder, public/en/ and public/fr/, each served at its host's root
// (a page links /magic/ and /img/a.png, its .Permalink is
// https://en.x.test/combat/, its translation https://fr.x.test/combat/);
// static/ is copied into each folder; nothing is written at public/'s
// root.
func TestHugoMultihost(t *testing.T) {
	out, _ := buildFolder(t, map[string]string{
		"hugo.toml": "title = 'T'\ndefaultContentLanguage = 'en'\n" +
			"[languages.en]\nweight = 1\nbaseURL = 'https://en.x.test/'\n[languages.fr]\nweight = 2\nbaseURL = 'https://fr.x.test/'\n",
		"content/_index.md":    "---\ntitle: Home\n---\nhome\n",
		"content/_index.fr.md": "---\ntitle: Accueil\n---\naccueil\n",
		"content/combat.md":    "---\ntitle: Combat\n---\n[magic](/magic/) ![i](/img/a.png)\n",
		"content/combat.fr.md": "---\ntitle: Combat FR\n---\nc\n",
		"content/magic.md":     "---\ntitle: Magic\n---\nm\n",
		"static/img/a.png":     "png",
	})
	for _, f := range []string{"en/index.html", "en/combat/index.html", "en/magic/index.html", "en/img/a.png", "fr/index.html", "fr/combat/index.html", "fr/img/a.png"} {
		if _, ok := out[f]; !ok {
			t.Errorf("%s not published", f)
		}
	}
	for _, f := range []string{"index.html", "combat/index.html", "img/a.png", "en/fr/combat/index.html"} {
		if _, ok := out[f]; ok {
			t.Errorf("%s published", f)
		}
	}
	for page, want := range map[string][]string{
		"en/combat/index.html": {`<link rel="canonical" href="https://en.x.test/combat/">`, `href="/magic/"`, `src="/img/a.png"`,
			`<link rel="alternate" href="https://fr.x.test/combat/" hreflang="fr">`, `<a href="https://fr.x.test/combat/" hreflang="fr"`, `<link rel="stylesheet" href="/css/`},
		"fr/combat/index.html": {`<link rel="canonical" href="https://fr.x.test/combat/">`, `<link rel="alternate" href="https://en.x.test/combat/" hreflang="en">`,
			`<a href="https://en.x.test/combat/" hreflang="en"`, `<link rel="stylesheet" href="/css/`},
	} {
		for _, w := range want {
			if !strings.Contains(out[page], w) {
				t.Errorf("%s lacks %s", page, w)
			}
		}
	}
}

// TestHugoRootRedirectLang: the <html lang> of the root redirect of a
// site with defaultContentLanguageInSubdir. Hugo writes it with the
// first language's site, languages ordered by weight ("weight: The
// language weight. When set to a non-zero value, this is the primary
// sort criteria for this language",
// https://gohugo.io/content-management/multilingual/), whatever the
// default language: its languageCode, else the site's languageCode,
// else the language's key. Hugo 0.111 measured on this fixture (en 1,
// fr 2, de 3; fr the default): lang="en"; with en's weight 9, "fr";
// with a top-level languageCode 'pt-BR', "pt-BR"; with en's own
// languageCode 'en-GB', "en-GB".
func TestHugoRootRedirectLang(t *testing.T) {
	for _, tc := range []struct {
		name, top, en, want string
	}{
		{"first by weight", "", "weight = 1\n", "en"},
		{"weight moves en last", "", "weight = 9\n", "fr"},
		{"site languageCode", "languageCode = 'pt-BR'\n", "weight = 1\n", "pt-BR"},
		{"language's languageCode", "languageCode = 'pt-BR'\n", "weight = 1\nlanguageCode = 'en-GB'\n", "en-GB"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := buildFolder(t, map[string]string{
				"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\n" + tc.top + "defaultContentLanguage = 'fr'\ndefaultContentLanguageInSubdir = true\n" +
					"[languages.en]\ncontentDir = 'content/en'\n" + tc.en + "[languages.fr]\ncontentDir = 'content/fr'\nweight = 2\n[languages.de]\ncontentDir = 'content/de'\nweight = 3\n",
				"content/en/_index.md": "---\ntitle: Home\n---\n",
				"content/fr/_index.md": "---\ntitle: Accueil\n---\n",
				"content/de/_index.md": "---\ntitle: Start\n---\n",
			})
			html := out["index.html"]
			if want := `<html lang="` + tc.want + `">`; !strings.Contains(html, want) {
				t.Errorf("root redirect lacks %s:\n%s", want, html)
			}
			if !strings.Contains(html, "url=/fr/") {
				t.Errorf("root redirect does not lead to /fr/:\n%s", html)
			}
		})
	}
}
