package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllOwnSitemap: Jekyll publishes a site's own sitemap.xml as any
// file (a page with front matter is rendered by Liquid), and
// jekyll-sitemap adds its own only "unless file_exists?(\"sitemap.xml\")"
// (its generator, https://github.com/jekyll/jekyll-sitemap): the site's
// file is published, in strict mode too, and sitegen writes none over it
// (kaiser-rpg/KaiserRPG.github.io: its Liquid sitemap.xml was an error in
// strict mode, dropped in lenient). Without one, sitegen's is written.
func TestJekyllOwnSitemap(t *testing.T) {
	own := "---\nlayout: null\n---\n<?xml version=\"1.0\"?>\n<urlset>{% for p in site.pages %}<url><loc>OWN{{ p.url }}</loc></url>{% endfor %}</urlset>\n"
	tests := []struct {
		name  string
		files map[string]string
		want  string // text sitemap.xml holds
	}{
		{"own page", map[string]string{"sitemap.xml": own}, "OWN"},
		{"own page, jekyll-sitemap", map[string]string{"sitemap.xml": own, "_config.yml": "title: K\nplugins:\n  - jekyll-sitemap\n"}, "OWN"},
		{"own static file", map[string]string{"sitemap.xml": "<urlset><url><loc>STATIC</loc></url></urlset>\n"}, "STATIC"},
		{"none", map[string]string{}, "<loc>/a.html</loc>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{
				"_config.yml": "title: K\n",
				"index.md":    "---\ntitle: Home\n---\nHome.\n",
				"a.md":        "---\ntitle: A\n---\nA.\n",
			}
			for k, v := range tt.files {
				files[k] = v
			}
			src := t.TempDir()
			sitetest.WriteFiles(t, src, files)
			dest := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(filepath.Join(dest, "sitemap.xml"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(b), tt.want) {
				t.Errorf("sitemap.xml does not hold %q:\n%s", tt.want, b)
			}
		})
	}
}
