package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllURLWithoutBaseurl: a url with a path and no baseurl. Jekyll's
// filters: "relative_url: Prepend baseurl config value to the input …
// absolute_url: Prepend url and baseurl value to the input"
// (https://jekyllrb.com/docs/liquid/filters/): the pages' links start at
// / (just-the-docs' nav writes {{ node.url | relative_url }}: jekyll build
// 4.3 of vedph/pythia-doc, url: https://vedph.github.io/pythia-doc, writes
// href="/query.html"), the absolute URLs (sitemap.xml) keep the url's
// path. With baseurl, both start with it.
func TestJekyllURLWithoutBaseurl(t *testing.T) {
	for _, tt := range []struct {
		name, config, link, abs string
	}{
		{"url with a path", "title: J\nurl: https://h.example/doc\n", `href="/a.html"`, "https://h.example/doc/a.html"},
		{"url and baseurl", "title: J\nurl: https://h.example/doc\nbaseurl: /b\n", `href="/b/a.html"`, "https://h.example/doc/b/a.html"},
		{"url alone", "title: J\nurl: https://h.example\n", `href="/a.html"`, "https://h.example/a.html"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := t.TempDir()
			sitetest.WriteFiles(t, src, map[string]string{
				"_config.yml": tt.config,
				"index.md":    "---\ntitle: Home\n---\nSee [a](a.md).\n",
				"a.md":        "---\ntitle: A\n---\nA.\n",
			})
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			home, err := os.ReadFile(filepath.Join(dest, "index.html"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(home), tt.link) {
				t.Errorf("index.html has no %s", tt.link)
			}
			sm, err := os.ReadFile(filepath.Join(dest, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(sm), "<loc>"+tt.abs+"</loc>") {
				t.Errorf("sitemap.xml has no %s:\n%s", tt.abs, sm)
			}
		})
	}
}
