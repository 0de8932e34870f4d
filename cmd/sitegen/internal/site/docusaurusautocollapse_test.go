package site

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusAutoCollapseCategories: the classic theme's
// "docs.sidebar.autoCollapseCategories: Click on a sidebar category will
// expand it and collapse all sibling categories" (default false,
// https://docusaurus.io/docs/api/themes/configuration#docs; its
// DocSidebarItem/Category collapses a category when a sibling is expanded).
// Without JavaScript: the folded groups of one level share a <details>
// name (HTML's exclusive accordion: opening one closes the others of its
// name), a name of their own per level, so that a nested group does not
// close its parent; without the option, no name.
func TestDocusaurusAutoCollapseCategories(t *testing.T) {
	files := map[string]string{
		"docs/intro.md":          "---\nslug: /\n---\n# Intro\n",
		"docs/a/one.md":          "# One\n",
		"docs/a/_category_.json": `{"label": "Alpha", "position": 1}`,
		"docs/a/in/deep.md":      "# Deep\n",
		"docs/a/in/more.md":      "# More\n",
		"docs/b/two.md":          "# Two\n",
		"docs/b/_category_.json": `{"label": "Beta", "position": 2}`,
	}
	group := regexp.MustCompile(`<details class="nav-group"(?: name="([^"]*)")?(?: open)?><summary>(\w+)</summary>`)
	for _, tc := range []struct {
		name, theme string
		auto        bool
	}{
		{"autoCollapseCategories: true", "themeConfig: {docs: {sidebar: {autoCollapseCategories: true}}},", true},
		{"default", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, files)
			sitetest.WriteFiles(t, dir, map[string]string{"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://x.test', baseUrl: '/', " + tc.theme +
				" presets: [['classic', {blog: false}]]};\n"})
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatalf("build: %v", err)
			}
			html := readTree(t, out)["docs/index.html"]
			names := map[string]string{} // label -> details name
			for _, m := range group.FindAllStringSubmatch(html, -1) {
				names[m[2]] = m[1]
			}
			if len(names) != 3 {
				t.Fatalf("groups %v, want Alpha, in and Beta folded\n%s", names, html[max(strings.Index(html, `<nav class="site-nav"`), 0):])
			}
			if !tc.auto {
				for label, n := range names {
					if n != "" {
						t.Errorf("%s has name %q without autoCollapseCategories", label, n)
					}
				}
				return
			}
			if names["Alpha"] == "" || names["Alpha"] != names["Beta"] {
				t.Errorf("siblings Alpha and Beta: names %q and %q, want one name", names["Alpha"], names["Beta"])
			}
			if names["in"] == "" || names["in"] == names["Alpha"] {
				t.Errorf("the nested group: name %q, want one of its own (Alpha's is %q)", names["in"], names["Alpha"])
			}
		})
	}
}
