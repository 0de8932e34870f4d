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
// (https://squidfunk.github.io/mkdocs-material/setup/setting-up-the-footer/#hiding-prev-next-links).
// It is Material's, so with another theme the page shows them all.
func TestMkDocsMaterialHide(t *testing.T) {
	body := "\n# Rules\n\n## One\n\nText.\n\n## Two\n\nText.\n"
	for _, tt := range []struct {
		name, theme, hide           string
		wantTOC, wantNav, wantPager bool
	}{
		{"nothing hidden", "material", "", true, true, true},
		{"toc", "material", "hide:\n  - toc\n", false, true, true},
		{"navigation", "material", "hide:\n  - navigation\n", true, false, true},
		{"footer", "material", "hide:\n  - footer\n", true, true, false},
		{"all three, theme by name:", "\n  name: material", "hide: [navigation, toc, footer, tags]\n", false, false, false},
		{"another theme", "readthedocs", "hide:\n  - toc\n  - navigation\n  - footer\n", true, true, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := writeTree(t, map[string]string{
				"mkdocs.yml":    "site_name: M\ntheme: " + tt.theme + "\n",
				"docs/index.md": "# Home\n",
				"docs/a.md":     "# A\n",
				"docs/rules.md": "---\n" + tt.hide + "---\n" + body,
				"docs/zebra.md": "# Zebra\n",
			})
			dest := filepath.Join(t.TempDir(), "public")
			if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dest)
			page := out["rules/index.html"]
			for _, part := range []struct {
				what, mark string
				want       bool
			}{
				{"table of contents", `class="toc"`, tt.wantTOC},
				{"navigation", `class="site-nav"`, tt.wantNav},
				{"previous and next links", `class="pager"`, tt.wantPager},
			} {
				if got := strings.Contains(page, part.mark); got != part.want {
					t.Errorf("rules/index.html shows its %s: %v, want %v", part.what, got, part.want)
				}
				// The other pages show theirs.
				if !strings.Contains(out["zebra/index.html"], `class="site-nav"`) || !strings.Contains(out["zebra/index.html"], `class="pager"`) {
					t.Errorf("zebra/index.html lost its navigation or its previous and next links")
				}
			}
		})
	}
}
