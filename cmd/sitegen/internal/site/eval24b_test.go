package site

import (
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestVitePressHomeLayoutAnyPage is eval24B (ZhanFr/eneride-rules): a
// page other than the site's root asks for VitePress's home layout
// (rules/index.md with "layout: home", a hero and features). VitePress
// applies a page's layout wherever the page is: "Layout can be set to
// doc, page, home ... home: Special layout for 'Homepage'" is a
// frontmatter key of any page (https://vitepress.dev/reference/frontmatter-config#layout),
// and "You can create a home page by specifying layout: home in the
// frontmatter" (https://vitepress.dev/reference/default-theme-home-page).
// sitegen showed the hero and features on the root page only: a
// folder's page with them showed the folder's name as its heading and a
// list of the folder's pages, the hero lost.
func TestVitePressHomeLayoutAnyPage(t *testing.T) {
	hero := "---\nlayout: home\nhero:\n  name: Eneride\n  text: The rules\n  tagline: Roll well\nfeatures:\n  - title: Combat\n    details: How a fight goes.\n    link: /rules/combat\n---\n"
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		".vitepress/config.mts": "import { defineConfig } from 'vitepress'\nexport default defineConfig({ title: 'E' })\n",
		"index.md":              "# Welcome\n",
		"rules/index.md":        hero,
		"rules/combat.md":       "# Combat\n\nFight.\n",
		"about.md":              strings.Replace(hero, "name: Eneride", "name: About us", 1),
	})
	dest := t.TempDir()
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	files := readTree(t, dest)
	tests := []struct {
		file, name string
	}{
		{"rules/index.html", "Eneride"}, // a folder's page
		{"about.html", "About us"},      // a page
	}
	for _, tt := range tests {
		out := files[tt.file]
		for _, want := range []string{`<span class="hero-name">` + tt.name + `</span>`, "The rules", "Roll well", "How a fight goes."} {
			if !strings.Contains(out, want) {
				t.Errorf("%s lacks %q (the hero and features of layout: home):\n%s", tt.file, want, out)
			}
		}
		// The home layout shows no list of the folder's pages
		// (VitePress 1.6.4's VPHome): the navigation reaches them.
		if strings.Contains(out, `id="in-this-section"`) {
			t.Errorf("%s lists its folder's pages under a layout: home", tt.file)
		}
	}
}
