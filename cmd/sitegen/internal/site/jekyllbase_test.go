package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllBaseURLTypedLinks: a Jekyll site is served under its baseurl
// ("baseurl: the subpath of your site, e.g. /blog",
// https://jekyllrb.com/docs/configuration/options/), and Jekyll writes a
// link or image as it is, so one typed with that path (/Guides/a/,
// /Guides/img/x.png) works on the published site as {{ site.baseurl }}/a/
// does: it names the page or file at /a/, not a missing /Guides/a/.
// Images too: Jekyll treats an image's src as any other URL.
// coconutswallow/Guides (baseurl: "/Guides") writes 17 links and 11
// images so: 28 spurious errors. A link without the base path is from
// the site's root, as before.
func TestJekyllBaseURLTypedLinks(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: J\nbaseurl: \"/Guides\"\n",
		"index.md":    "---\ntitle: Home\n---\n[a](/Guides/a/) [frag](/Guides/a/#a-text) ![x](/Guides/img/x.png) [home](/Guides/) [root](/Guides) [plain](/a/)\n",
		"a.md":        "---\ntitle: A\npermalink: /a/\n---\n## A text\n",
		"img/x.png":   "PNG",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`<a href="/Guides/a/">a</a>`, `<a href="/Guides/a/#a-text">frag</a>`, `src="/Guides/img/x.png"`, `<a href="/Guides/">home</a>`, `<a href="/Guides/">root</a>`, `<a href="/Guides/a/">plain</a>`} {
		if !strings.Contains(string(b), w) {
			t.Errorf("index.html does not hold %q", w)
		}
	}
}

// TestBackslashLinks: a browser reads a backslash in an http(s) URL's
// path as a slash ("If url is special and c is U+005C (\), validation
// error" — and the path segment ends there as at "/",
// https://url.spec.whatwg.org/#path-state), and every tool here writes a
// link or image's destination as it is, so \Guides\assets\images\x.png
// loads /Guides/assets/images/x.png on the published site
// (coconutswallow/Guides' server-roles.png): the file at that path, not a
// broken image.
func TestBackslashLinks(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":         "title: J\nbaseurl: \"/Guides\"\n",
		"index.md":            "---\ntitle: Home\n---\n![x](\\Guides\\assets\\images\\x.png) [a](\\rules\\a)\n",
		"rules/a.md":          "---\ntitle: A\npermalink: /rules/a/\n---\nA\n",
		"assets/images/x.png": "PNG",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`src="/Guides/assets/images/x.png"`, `<a href="/Guides/rules/a/">a</a>`} {
		if !strings.Contains(string(b), w) {
			t.Errorf("index.html does not hold %q", w)
		}
	}
}

// TestJekyllRelativeURLInRawHTML: "relative_url: Prepend baseurl config
// value to the input" (https://jekyllrb.com/docs/liquid/filters/), and
// Jekyll writes a page's raw HTML as it is: <a href="{{ 'a/' |
// relative_url }}"> is /Guides/a/ on the published site. sitegen wrote /a/
// (coconutswallow/Guides' home page: every card's link and picture
// outside the site's base path). A Markdown link through relative_url
// still resolves and is checked.
func TestJekyllRelativeURLInRawHTML(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml": "title: J\nbaseurl: \"/Guides\"\n",
		"index.md":    "---\ntitle: Home\n---\n<a href=\"{{ 'a/' | relative_url }}\">raw</a> <img src=\"{{ '/img/x.png' | relative_url }}\" alt=\"x\">\n\n[md]({{ '/a/' | relative_url }})\n",
		"a.md":        "---\ntitle: A\npermalink: /a/\n---\nA\n",
		"img/x.png":   "PNG",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`<a href="/Guides/a/">raw</a>`, `src="/Guides/img/x.png"`, `<a href="/Guides/a/">md</a>`} {
		if !strings.Contains(string(b), w) {
			t.Errorf("index.html lacks %s", w)
		}
	}
}

// TestJekyllSiteBaseURLInRawHTML: "site.baseurl" is the configured
// baseurl (https://jekyllrb.com/docs/variables/#site-variables) and
// Jekyll writes a page's raw HTML as it is: <a href="{{ site.baseurl
// }}/rules/"> is /Guides/rules/ on the published site, {{ site.baseurl }}
// alone /Guides/ (after the base, a path from the root). sitegen wrote
// /rules/ and / (issue 32, session 13: outside the site's base path). A
// Markdown link written so still resolves and is checked, and a site
// without baseurl writes the paths from the root.
func TestJekyllSiteBaseURLInRawHTML(t *testing.T) {
	for _, tc := range []struct {
		name, config string
		want         []string
	}{
		{"baseurl", "title: J\nbaseurl: \"/Guides\"\n", []string{`<a href="/Guides/rules/">raw</a>`, `<a href="/Guides/">home</a>`, `src="/Guides/img/x.png"`, `<a href="/Guides/rules/">md</a>`, `<a href="/Guides/rules/">both</a>`}},
		{"no baseurl", "title: J\n", []string{`<a href="/rules/">raw</a>`, `<a href="/">home</a>`, `src="/img/x.png"`, `<a href="/rules/">md</a>`, `<a href="/rules/">both</a>`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, map[string]string{
				"_config.yml": tc.config,
				"index.md": "---\ntitle: Home\n---\n<a href=\"{{ site.baseurl }}/rules/\">raw</a> <a href=\"{{ site.baseurl }}\">home</a> " +
					"<img src=\"{{ site.baseurl }}/img/x.png\" alt=\"x\"> <a href=\"{{ site.url }}{{ site.baseurl }}/rules/\">both</a>\n\n[md]({{ site.baseurl }}/rules/)\n",
				"rules.md":  "---\ntitle: Rules\npermalink: /rules/\n---\nR\n",
				"img/x.png": "PNG",
			})
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dest, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("index.html lacks %s", w)
				}
			}
		})
	}
}
