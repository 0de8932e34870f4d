package site

import (
	"path/filepath"
	"slices"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusOpenCategoryWithDoc: a sidebar category "collapsed:
// false" starts open ("collapsed: Set the category to be initially
// collapsed or open", https://docusaurus.io/docs/sidebar/items#collapsible-categories),
// also where its link is a doc ("link: {type: 'doc', id}": the category's
// label leads to that doc): its items are listed on every page.
// Docusaurus 3.10.2 built laruss/react-text-game's "Build your first
// game" (collapsed: false, link first-game/index) with its two items
// shown on /getting-started; sitegen listed the category's doc alone.
func TestDocusaurusOpenCategoryWithDoc(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://example.org', baseUrl: '/',\n" +
			"  presets: [['classic', {docs: {routeBasePath: '/', sidebarPath: './sidebars.js'}, blog: false}]]};\n",
		"sidebars.js": "module.exports = {s: ['intro',\n" +
			"  {type: 'category', label: 'First game', collapsed: false, link: {type: 'doc', id: 'game/index'}, items: ['game/a', 'game/b']},\n" +
			"  {type: 'category', label: 'Closed', link: {type: 'doc', id: 'shut/index'}, items: ['shut/c']}]};\n",
		"docs/intro.md":      "---\nslug: /\n---\n# Intro\n",
		"docs/game/index.md": "# First game\n",
		"docs/game/a.md":     "# Part A\n",
		"docs/game/b.md":     "# Part B\n",
		"docs/shut/index.md": "# Closed\n",
		"docs/shut/c.md":     "# Part C\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	got := navTitles(navOf(t, readTree(t, out)["index.html"]) + "</nav>")
	if want := []string{"Intro", "First game", "Part A", "Part B", "Closed"}; !slices.Equal(got, want) {
		t.Errorf("the home page's sidebar %q, want %q", got, want)
	}
}
