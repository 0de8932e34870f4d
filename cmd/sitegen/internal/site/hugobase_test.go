package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoBaseURLTypedLinks: a Hugo site is served at its baseURL, and
// "By default, all relative URLs are left unchanged by Hugo"
// (https://gohugo.io/content-management/urls/#relative-urls), a Markdown
// link or image included, so one typed with the base URL's path
// (/hugo-book-demo/img/x.png under baseURL
// "https://klimgv.github.io/hugo-book-demo") loads the file at /img/x.png
// of the published site (static/img/x.png), as it does on a Jekyll site
// (TestJekyllBaseURLTypedLinks). klimgv/hugo-book-demo writes its four
// images so: four spurious broken images. A link without the base path
// is from the site's root, as before.
func TestHugoBaseURLTypedLinks(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"hugo.toml":         "baseURL = 'https://example.org/demo'\ntitle = 'H'\n",
		"content/_index.md": "---\ntitle: Home\n---\n![x](/demo/img/x.png) [a](/demo/docs/a/) [home](/demo/) [plain](/docs/a/)\n",
		"content/docs/a.md": "---\ntitle: A\n---\nA\n",
		"static/img/x.png":  "PNG",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{`src="/demo/img/x.png"`, `<a href="/demo/docs/a/">a</a>`, `<a href="/demo/">home</a>`, `<a href="/demo/docs/a/">plain</a>`} {
		if !strings.Contains(string(b), w) {
			t.Errorf("index.html does not hold %q", w)
		}
	}
}
