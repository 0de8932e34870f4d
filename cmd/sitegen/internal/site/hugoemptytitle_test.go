package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoEmptyTitle: a Hugo site whose settings write title empty is
// untitled, as Hugo shows it ("title: Site title",
// https://gohugo.io/configuration/all/#title; Hugo 0.111.3 measured:
// hugo.yaml "title:" gives .Site.Title ""), not titled by its folder's
// name (eval7B LB16: uug-ai/learn's app/ folder gave "app"): each page's
// <title> is its own title, the header shows no site title. A Hugo site
// with no title key is untitled too (Hugo 0.111.3 measured: hugo.toml
// with baseURL alone gives .Site.Title ""; Hugo has no fallback such as
// GitHub Pages' repository name, TestFallbackTitle).
func TestHugoEmptyTitle(t *testing.T) {
	for _, settings := range []map[string]string{
		{"hugo.yaml": "baseURL: https://x.test/\ntitle:\n"},
		{"hugo.toml": "baseURL = 'https://x.test/'\ntitle = ''\n"},
		{"config.toml": "baseURL = 'https://x.test/'\n"},
	} {
		for name := range settings {
			t.Run(name, func(t *testing.T) {
				root := t.TempDir()
				dir := filepath.Join(root, "app")
				files := map[string]string{
					"content/_index.md": "---\ntitle: Learn\n---\nHi.\n",
					"content/a.md":      "---\ntitle: Alpha\n---\nText.\n",
				}
				for k, v := range settings {
					files[k] = v
				}
				sitetest.WriteFiles(t, dir, files)
				out := filepath.Join(t.TempDir(), "out")
				if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
					t.Fatal(err)
				}
				tree := readTree(t, out)
				for page, want := range map[string]string{"index.html": "<title>Learn</title>", "a/index.html": "<title>Alpha</title>"} {
					html := tree[page]
					if !strings.Contains(html, want) {
						i := strings.Index(html, "<title>")
						t.Errorf("%s: want %s, got %.60s", page, want, html[max(i, 0):])
					}
					if strings.Contains(html, ">app<") || strings.Contains(html, "· app") {
						t.Errorf("%s is titled with the folder's name", page)
					}
					// The header's link home stays, hidden (site.js reads the
					// site's root from it).
					if i := strings.Index(html, `class="site-title"`); i < 0 || !strings.Contains(html[i:i+strings.Index(html[i:], ">")], " hidden") {
						t.Errorf("%s has a site title shown in its header", page)
					}
				}
			})
		}
	}
}
