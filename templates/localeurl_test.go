package templates

import "testing"

// TestLocaleURLLink: a locale's Link (VitePress's locales.KEY.link,
// https://vitepress.dev/guide/i18n: "link: '/fr/guide' // default /fr/
// -- shows on navbar translations menu") starts the switcher's links to
// it, after the page's path past the current locale's link ("link.replace(/\/$/,
// "") + ensureStartingSlash(path)", path being "page.relativePath.slice(currentLang.link.length
// - 1)", useLangs): a root locale whose link is /en/ leads from
// /en/rules.html to /fr/rules.html.
func TestLocaleURLLink(t *testing.T) {
	for _, tt := range []struct {
		name      string
		cur, to   LocaleLink
		url, want string
	}{
		{"no link", LocaleLink{Base: "/", Current: true}, LocaleLink{Base: "/fr/"}, "/guide/a.html", "/fr/guide/a.html"},
		{"target's link", LocaleLink{Base: "/", Current: true}, LocaleLink{Base: "/fr/", Link: "/fr/guide/"}, "/guide/a.html", "/fr/guide/guide/a.html"},
		{"current's link", LocaleLink{Base: "/h/", Link: "/h/en/", Current: true}, LocaleLink{Base: "/h/fr/", Link: "/h/fr/"}, "/h/en/rules.html", "/h/fr/rules.html"},
		{"outside the current's link", LocaleLink{Base: "/h/", Link: "/h/en/", Current: true}, LocaleLink{Base: "/h/fr/", Link: "/h/fr/"}, "/h/", "/h/fr/"},
		{"another site", LocaleLink{Base: "/", Current: true}, LocaleLink{Base: "/fr/", Link: "https://fr.example.org/"}, "/a.html", "https://fr.example.org/a.html"},
	} {
		s := &Site{Locales: []LocaleLink{tt.cur, tt.to}}
		if got := s.LocaleURL(tt.to, tt.url); got != tt.want {
			t.Errorf("%s: %s -> %q, want %q", tt.name, tt.url, got, tt.want)
		}
	}
}
