package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestJekyllHeadingTitleUnderLayout: jekyll-titles-from-headings, one of
// GitHub Pages' default plugins, titles a page that has none by "the first
// non-whitespace line" of its text when it is a Markdown heading (its
// TITLE_REGEX: `\A\s*(?:#{1,3}\s+(.*)...)$`, read from the page's own
// content, not its layout's). A page whose site layout (not sitegen's
// chrome) is run before its text keeps that title, not its file name
// (kaiser-rpg/KaiserRPG.github.io: disability.md, four blank lines then
// "## Blind", titled "Blind" by Jekyll, "Disability" by sitegen).
func TestJekyllHeadingTitleUnderLayout(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, map[string]string{
		"_config.yml":           "title: K\ndefaults:\n  - scope:\n      path: \"\"\n    values:\n      layout: page\n",
		"_layouts/default.html": "<!DOCTYPE html>\n<html><body>{{ content }}</body></html>\n",
		"_layouts/page.html":    "---\nlayout: default\n---\n<div class=\"crumbs\">Rules</div>\n\n{{ content }}\n",
		"index.md":              "---\ntitle: Home\n---\nHome.\n",
		"rule/disability.md":    "\n\n\n\n## Blind\n\nCannot see.\n",
		"rule/attack.md":        "# High *attack*\n\nHit hard.\n",
		"rule/titled.md":        "---\ntitle: Own title\n---\n## Not the title\n\nText.\n",
		"rule/plain.md":         "Text first.\n\n## Later\n",
	})
	dest := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ page, title string }{
		{"rule/disability", "Blind"},
		{"rule/attack", "High attack"},
		{"rule/titled", "Own title"},
		{"rule/plain", "Plain"}, // no heading first: the file's name
	}
	for _, tt := range tests {
		raw, err := os.ReadFile(filepath.Join(dest, tt.page+".html"))
		if err != nil {
			raw, err = os.ReadFile(filepath.Join(dest, tt.page, "index.html"))
		}
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(raw), "<title>"+tt.title+" · ") {
			t.Errorf("%s: <title> is not %q:\n%s", tt.page, tt.title, raw)
		}
	}
}
