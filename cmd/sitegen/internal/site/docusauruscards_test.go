package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusDocCardList: <DocCardList /> shows "what's inside the
// parent category" (https://github.com/facebook/docusaurus/discussions/8014;
// theme-classic 3.10's DocCardList reads useCurrentSidebarSiblings: the
// items of the deepest category holding the page): on a category's index
// doc its items, on another doc its siblings, each a link to its page, a
// category without a page of its own to its first doc
// (findFirstSidebarItemLink), in the sidebar's order.
func TestDocusaurusDocCardList(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js":   "module.exports = {title: 'Guild', url: 'https://x.test', baseUrl: '/'};\n",
		"docs/intro.md":          "# Intro\n",
		"docs/rules/index.mdx":   "import DocCardList from '@theme/DocCardList';\n\n# Rules\n\n<DocCardList />\n",
		"docs/rules/02-bee.md":   "# Bee\n",
		"docs/rules/01-ay.md":    "---\nsidebar_label: Ay!\n---\n# Ay\n\n<DocCardList />\n",
		"docs/rules/03-sub/c.md": "# Sea\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err)
	}
	tree := readTree(t, out)
	want := `<ul class="doc-card-list">` + "\n" +
		`<li><a href="/docs/rules/ay/">Ay!</a></li>` + "\n" +
		`<li><a href="/docs/rules/bee/">Bee</a></li>` + "\n" +
		`<li><a href="/docs/rules/sub/c/">sub</a></li>` + "\n</ul>"
	for _, page := range []string{"docs/rules/index.html", "docs/rules/ay/index.html"} {
		if html := tree[page]; !strings.Contains(html, want) {
			t.Errorf("%s lacks the category's cards %s:\n%s", page, want, html)
		}
	}
}
