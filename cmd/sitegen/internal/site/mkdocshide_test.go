package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
)

// TestMkDocsMaterialHide: Material for MkDocs' front matter "hide:" —
// "The navigation and/or table of contents sidebars can be hidden for a
// document with the front matter hide property" (hide: [navigation, toc],
// https://squidfunk.github.io/mkdocs-material/setup/setting-up-navigation/#hiding-the-sidebars),
// and "hide: - footer" hides "the previous and next links in the footer"
// (https://squidfunk.github.io/mkdocs-material/setup/setting-up-the-footer/#hiding-prev-next-links);
// "hide: - path" the navigation path (breadcrumbs, squidfunk/mkdocs-material#6705).
// It is Material's, so with another theme the page shows them all.
func TestMkDocsMaterialHide(t *testing.T) {
	body := "\n# Rules\n\n## One\n\nText.\n\n## Two\n\nText.\n"
	for _, tt := range []struct {
		name, theme, hide                     string
		wantTOC, wantNav, wantPager, wantPath bool
	}{
		{"nothing hidden", "material", "", true, true, true, true},
		{"toc", "material", "hide:\n  - toc\n", false, true, true, true},
		{"navigation", "material", "hide:\n  - navigation\n", true, false, true, true},
		{"footer", "material", "hide:\n  - footer\n", true, true, false, true},
		{"path", "material", "hide:\n  - path\n", true, true, true, false},
		{"all four, theme by name:", "\n  name: material", "hide: [navigation, toc, footer, path, tags]\n", false, false, false, false},
		{"another theme", "readthedocs", "hide:\n  - toc\n  - navigation\n  - footer\n  - path\n", true, true, true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, map[string]string{
				"mkdocs.yml":         "site_name: M\ntheme: " + tt.theme + "\n",
				"docs/index.md":      "# Home\n",
				"docs/a.md":          "# A\n",
				"docs/book/rules.md": "---\n" + tt.hide + "---\n" + body,
				"docs/book/zebra.md": "# Zebra\n\n## Three\n\nT.\n\n## Four\n\nT.\n",
			})
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dest)
			page := out["book/rules/index.html"]
			for _, part := range []struct {
				what, mark string
				want       bool
			}{
				{"table of contents", `class="toc"`, tt.wantTOC},
				{"navigation", `class="site-nav"`, tt.wantNav},
				{"previous and next links", `class="pager"`, tt.wantPager},
				{"breadcrumbs", `class="breadcrumbs"`, tt.wantPath},
			} {
				if got := strings.Contains(page, part.mark); got != part.want {
					t.Errorf("book/rules/index.html shows its %s: %v, want %v", part.what, got, part.want)
				}
				// The other pages show theirs.
				if !strings.Contains(out["book/zebra/index.html"], part.mark) {
					t.Errorf("book/zebra/index.html lost its %s", part.what)
				}
			}
		})
	}
}
