package site

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
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

// TestJekyllOwnSitemapIncremental: a site's own sitemap.xml (Jekyll
// publishes it; jekyll-sitemap writes its own only "unless
// file_exists?(\"sitemap.xml\")") stays the site's through a save while
// serving (Site.Update, checked against a build from nothing by
// updateRun.update) and through `build --incremental` (ReuseBuild with a
// cache), whose output equals a clean build's byte for byte: a new page
// is in the site's Liquid sitemap, an edit of the sitemap is published.
func TestJekyllOwnSitemapIncremental(t *testing.T) {
	own := "---\nlayout: null\n---\n<?xml version=\"1.0\"?>\n<urlset>{% for p in site.pages %}<url><loc>OWN{{ p.url }}</loc></url>{% endfor %}</urlset>\n"
	site := map[string]string{
		"_config.yml": "title: K\nplugins:\n  - jekyll-sitemap\n",
		"index.md":    "---\ntitle: Home\n---\nHome.\n",
		"a.md":        "---\ntitle: A\n---\nA.\n",
		"sitemap.xml": own,
	}
	edits := []struct {
		name  string
		edit  map[string]string
		holds []string // in sitemap.xml after it
	}{
		{"page edited", map[string]string{"a.md": "---\ntitle: A\n---\nA, edited.\n"}, []string{"OWN/a.html"}},
		{"page added", map[string]string{"b.md": "---\ntitle: B\n---\nB.\n"}, []string{"OWN/a.html", "OWN/b.html"}},
		{"sitemap edited", map[string]string{"sitemap.xml": strings.Replace(own, "OWN", "MINE", 1)}, []string{"MINE/a.html"}},
	}
	sitemap := func(t *testing.T, dest string, holds []string) {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dest, "sitemap.xml"))
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range holds {
			if !strings.Contains(string(b), h) {
				t.Errorf("sitemap.xml does not hold %q:\n%s", h, b)
			}
		}
	}
	for _, tt := range edits {
		t.Run("serve/"+tt.name, func(t *testing.T) {
			src := writeTree(t, site)
			r := startUpdates(t, content.Options{Source: src, Theme: theme}, true)
			r.update(t, tt.edit)
			sitemap(t, r.opts.Dest, tt.holds)
		})
		t.Run("build --incremental/"+tt.name, func(t *testing.T) {
			src := writeTree(t, site)
			opts := content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "out"), ReuseBuild: true, CacheDir: t.TempDir()}
			if _, err := build(t, src, opts); err != nil {
				t.Fatalf("first build: %v", err)
			}
			edit(t, src, tt.edit)
			if _, err := build(t, src, opts); err != nil {
				t.Fatalf("second build: %v", err)
			}
			sitemap(t, opts.Dest, tt.holds)
			clean := content.Options{Theme: theme, Dest: filepath.Join(t.TempDir(), "clean"), CacheDir: "-"}
			if _, err := build(t, src, clean); err != nil {
				t.Fatalf("clean build: %v", err)
			}
			got, want := readTree(t, opts.Dest), readTree(t, clean.Dest)
			for _, name := range slices.Sorted(maps.Keys(want)) {
				if g, ok := got[name]; !ok {
					t.Errorf("%s: not in the incremental build", name)
				} else if g != want[name] {
					t.Errorf("%s differs from a clean build:\n%s", name, firstDiff(g, want[name]))
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s: in the incremental build only", name)
				}
			}
		})
	}
}
