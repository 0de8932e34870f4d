package site

import (
	"strings"
	"testing"
)

// TestHugoSitemapIndex: "With a multilingual project, Hugo generates: A
// sitemap.xml file in the root of each site (language) using the
// embedded sitemap template; A sitemap.xml file in the root of the
// publishDir using the embedded sitemapindex template"
// (https://gohugo.io/templates/sitemap/). Hugo 0.111 measured on this
// fixture (en 1, fr 2, de 3): public/sitemap.xml is a sitemapindex of
// https://x.test/en/sitemap.xml, …/fr/…, …/de/… in that order, with the
// default language's own at its folder's sitemap.xml even when its pages
// are at the root (public/fr/sitemap.xml lists https://x.test/a/).
func TestHugoSitemapIndex(t *testing.T) {
	index := `<sitemap><loc>https://x.test/en/sitemap.xml</loc></sitemap>` +
		`<sitemap><loc>https://x.test/fr/sitemap.xml</loc></sitemap>` +
		`<sitemap><loc>https://x.test/de/sitemap.xml</loc></sitemap>`
	for _, tc := range []struct {
		name, inSubdir string
		urls           map[string]string // sitemap -> a URL it lists
	}{
		{"in subdir", "true", map[string]string{"en/sitemap.xml": "https://x.test/en/a/", "fr/sitemap.xml": "https://x.test/fr/a/", "de/sitemap.xml": "https://x.test/de/a/"}},
		{"default at the root", "false", map[string]string{"en/sitemap.xml": "https://x.test/en/a/", "fr/sitemap.xml": "https://x.test/a/", "de/sitemap.xml": "https://x.test/de/a/"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{
				"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'fr'\ndefaultContentLanguageInSubdir = " + tc.inSubdir + "\n" +
					"[languages.en]\ncontentDir = 'content/en'\nweight = 1\n[languages.fr]\ncontentDir = 'content/fr'\nweight = 2\n[languages.de]\ncontentDir = 'content/de'\nweight = 3\n",
			}
			for _, l := range []string{"en", "fr", "de"} {
				files["content/"+l+"/_index.md"] = "---\ntitle: Home " + l + "\n---\n"
				files["content/"+l+"/a.md"] = "---\ntitle: A " + l + "\n---\nx\n"
			}
			out, _ := buildFolder(t, files)
			root := strings.Join(strings.Fields(out["sitemap.xml"]), "")
			if !strings.Contains(root, "<sitemapindex") || !strings.Contains(root, index) {
				t.Errorf("sitemap.xml is not the index of en, fr, de:\n%s", out["sitemap.xml"])
			}
			for file, u := range tc.urls {
				if !strings.Contains(out[file], "<urlset") || !strings.Contains(out[file], "<loc>"+u+"</loc>") {
					t.Errorf("%s does not list %s:\n%s", file, u, out[file])
				}
			}
		})
	}
}

// TestHugoSitemapAlternates: Hugo's embedded sitemap template lists, for
// a translated page ("{{ if .IsTranslated }}"), an xhtml:link
// rel="alternate" for each of its translations ("{{ range
// .Translations }}", in the languages' order) and then for the page
// itself, hreflang the language's code as configured ("{{ .Language.Lang
// }}"), href its permalink; an untranslated page has none
// (https://gohugo.io/templates/sitemap/, the template
// tpl/tplimpl/embedded/templates/_default/sitemap.xml). Hugo 0.111
// measured on this fixture (en-us and fr-fr as languageCode): en's
// sitemap has <loc>https://x.test/combat/</loc> with hreflang="fr"
// https://x.test/fr/combat/ then hreflang="en" https://x.test/combat/;
// fr's has hreflang="en" then "fr"; /magic/ has no xhtml:link; the
// urlset declares xmlns:xhtml="http://www.w3.org/1999/xhtml".
func TestHugoSitemapAlternates(t *testing.T) {
	files := map[string]string{
		"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\ndefaultContentLanguage = 'en'\n" +
			"[languages.en]\nweight = 1\nlanguageCode = 'en-us'\n[languages.fr]\nweight = 2\nlanguageCode = 'fr-fr'\n",
		"content/_index.md":    "---\ntitle: Home\n---\nh\n",
		"content/_index.fr.md": "---\ntitle: Accueil\n---\nh\n",
		"content/combat.md":    "---\ntitle: Combat\n---\nc\n",
		"content/combat.fr.md": "---\ntitle: Combat FR\n---\nc\n",
		"content/magic.md":     "---\ntitle: Magic\n---\nm\n",
	}
	out, _ := buildFolder(t, files)
	alt := func(lang, href string) string {
		return `<xhtml:link rel="alternate" hreflang="` + lang + `" href="` + href + `"/>`
	}
	for _, tc := range []struct {
		file    string
		want    []string // in the sitemap, spaces removed around elements
		wantNot []string
	}{
		{"en/sitemap.xml", []string{
			`xmlns:xhtml="http://www.w3.org/1999/xhtml"`,
			"<url><loc>https://x.test/combat/</loc>" + alt("fr", "https://x.test/fr/combat/") + alt("en", "https://x.test/combat/") + "</url>",
			"<url><loc>https://x.test/</loc>" + alt("fr", "https://x.test/fr/") + alt("en", "https://x.test/") + "</url>",
			"<url><loc>https://x.test/magic/</loc></url>",
		}, []string{"en-us"}},
		{"fr/sitemap.xml", []string{
			"<url><loc>https://x.test/fr/combat/</loc>" + alt("en", "https://x.test/combat/") + alt("fr", "https://x.test/fr/combat/") + "</url>",
		}, []string{"fr-fr", "magic"}},
	} {
		got := strings.ReplaceAll(out[tc.file], "\n  ", "")
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s lacks %s:\n%s", tc.file, w, out[tc.file])
			}
		}
		for _, w := range tc.wantNot {
			if strings.Contains(got, w) {
				t.Errorf("%s has %s:\n%s", tc.file, w, out[tc.file])
			}
		}
	}
}
