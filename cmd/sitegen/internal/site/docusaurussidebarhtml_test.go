package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusSidebarHTML: a sidebars file's {type: 'html', value}
// items are shown in the sidebar where they are ("Render custom HTML",
// https://docusaurus.io/docs/sidebar/items#sidebar-item-html), cleaned by
// the raw-HTML policy, with their className; they are no link and no
// step of the previous and next links.
func TestDocusaurusSidebarHTML(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: false}]]};\n",
		"sidebars.js": "module.exports = {s: ['a', {type: 'html', value: '<b>Core</b> rules<script>x()</script>', defaultStyle: true},\n" +
			"  {type: 'category', label: 'C', items: [{type: 'html', value: '<hr/>', className: 'sep'}, 'b']}]};\n",
		"docs/a.md": "# A\n\nText.\n",
		"docs/b.md": "# B\n\nText.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	a := readTree(t, out)["docs/a/index.html"]
	for _, want := range []string{`<li class="nav-html nav-html-default"><b>Core</b> rules</li>`, `<li class="nav-html sep"><hr/></li>`} {
		if !strings.Contains(a, want) {
			t.Errorf("docs/a: no %s in\n%s", want, a)
		}
	}
	if strings.Contains(a, "x()") {
		t.Error("docs/a: the script of an html item is kept")
	}
	if !strings.Contains(a, `rel="next" href="/docs/b/"`) && !strings.Contains(a, `href="/docs/b/" rel="next"`) {
		t.Errorf("docs/a: next is not B")
	}
}

// TestDocusaurusSidebarBlogLinkOnce: a sidebar that links the blog
// itself ({type: 'link', label: 'Blog', href: '/blog'},
// https://docusaurus.io/docs/sidebar/items#sidebar-item-link) shows it
// once, where it is written: Docusaurus's doc sidebar is the sidebars
// file's items alone (theme-classic's DocSidebar), so the blog's list
// is not added after them again.
func TestDocusaurusSidebarBlogLinkOnce(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"docusaurus.config.js": "module.exports = {title: 'T', url: 'https://example.org', baseUrl: '/', presets: [['classic', {docs: {sidebarPath: './sidebars.js'}, blog: {}}]]};\n",
		"sidebars.js":          "module.exports = {s: ['a', {type: 'link', label: 'Campaign log', href: '/blog'}]};\n",
		"docs/a.md":            "# A\n\nText.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatalf("build: %v", err)
	}
	a := readTree(t, out)["docs/a/index.html"]
	nav, _, _ := strings.Cut(a[strings.Index(a, `<nav class="site-nav"`):], "</nav>")
	if n := strings.Count(nav, `href="/blog`); n != 1 {
		t.Errorf("docs/a: %d links to the blog in the sidebar, want 1:\n%s", n, nav)
	}
}
