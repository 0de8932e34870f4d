package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllNavDistinctLabels: collections whose index.md share a title
// ("Contents", eval8B's MB5) are told apart in the navigation by their
// folder's name, and pages that share one by their file's name. Jekyll
// has no navigation of its own ("Jekyll … takes your content, renders
// Markdown and Liquid templates", https://jekyllrb.com/docs/); a theme
// builds it, and six entries labelled alike cannot be told apart, so
// sitegen's rule (layout.Layout.NavDistinct) applies; a title no sibling
// shares is kept.
func TestJekyllNavDistinctLabels(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":      "title: J\ncollections:\n  rules:\n    output: true\n  lore:\n    output: true\n",
		"index.md":         "---\ntitle: Home\n---\nHi.\n",
		"_rules/index.md":  "---\ntitle: Contents\n---\nR.\n",
		"_rules/combat.md": "---\ntitle: Combat\n---\nC.\n",
		"_lore/index.md":   "---\ntitle: Contents\n---\nL.\n",
		"_lore/gods.md":    "---\ntitle: Gods\n---\nG.\n",
		"about.md":         "---\ntitle: Unique\n---\nA.\n",
	})
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dest, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	nav := string(b)
	if i, j := strings.Index(nav, `<nav class="site-nav"`), strings.Index(nav, "</nav>"); i >= 0 && j > i {
		nav = nav[i:j]
	}
	for _, want := range []string{">rules</a>", ">lore</a>", ">Unique</a>"} {
		if !strings.Contains(nav, want) {
			t.Errorf("navigation lacks %q:\n%s", want, nav)
		}
	}
	if strings.Contains(nav, ">Contents</a>") {
		t.Errorf("navigation still labels an entry Contents:\n%s", nav)
	}
}
