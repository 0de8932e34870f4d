package site

import (
	"path/filepath"
	"regexp"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestMkDocsMaterialMetaTitle: Material for MkDocs' <title> (base.html,
// 8.2 and 9): "{% if page and page.meta and page.meta.title %}{{
// page.meta.title }} - {{ config.site_name }}{% elif page and page.title
// and not page.is_homepage %}{{ page.title | striptags }} - {{
// config.site_name }}{% else %}{{ config.site_name }}{% endif %}": a title
// in the page's metadata is the <title>, on the home page too and over
// the nav: label. MkDocs' own themes (mkdocs, readthedocs) write "{% if
// page and page.title and not page.is_homepage %}{{ page.title }} - {%
// endif %}{{ config.site_name }}". Each expectation is what mkdocs 1.4
// with Material 8.2.5 (Debian) built from these files; 0install/docs's
// home page ("title: Introduction") showed the difference.
func TestMkDocsMaterialMetaTitle(t *testing.T) {
	files := map[string]string{
		"docs/index.md": "title: Introduction\n\n# Zero\n\nText.\n",
		"docs/a.md":     "---\ntitle: Alpha\n---\n\n# Alpha heading\n",
		"docs/b.md":     "# Bee\n",
	}
	for _, tt := range []struct {
		theme string
		want  map[string]string // output file → <title>
	}{
		{"material", map[string]string{"index.html": "Introduction - M", "a/index.html": "Alpha - M", "b/index.html": "Bee - M"}},
		{"mkdocs", map[string]string{"index.html": "M", "a/index.html": "A page - M", "b/index.html": "Bee - M"}},
		{"readthedocs", map[string]string{"index.html": "M", "a/index.html": "A page - M", "b/index.html": "Bee - M"}},
	} {
		t.Run(tt.theme, func(t *testing.T) {
			tree := map[string]string{"mkdocs.yml": "site_name: M\ntheme: " + tt.theme + "\nnav:\n  - Home: index.md\n  - A page: a.md\n  - b.md\nmarkdown_extensions: [meta]\n"}
			for k, v := range files {
				tree[k] = v
			}
			src := t.TempDir()
			sitetest.WriteFiles(t, src, tree)
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dest)
			for file, want := range tt.want {
				m := regexp.MustCompile(`<title>([^<]*)</title>`).FindStringSubmatch(out[file])
				if m == nil || m[1] != want {
					t.Errorf("%s: <title> %v, want %q", file, m, want)
				}
			}
		})
	}
}
