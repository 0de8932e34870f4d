package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestDocusaurusHomeCrumb: Docusaurus's doc breadcrumbs start with the
// home page's link ("Home page", theme-classic's HomeBreadcrumbItem; the
// docs' breadcrumbs, https://docusaurus.io/docs/api/themes/configuration#breadcrumbs),
// never with a file's name. A docs root README.md without a title or
// heading is titled by its id, "README" (plugin-content-docs: "title ...
// defaults to ... the id"): its crumb is the site's title here. A home
// page with a title of its own keeps it.
func TestDocusaurusHomeCrumb(t *testing.T) {
	for _, tc := range []struct{ name, home, crumb string }{
		{"untitled README", "Welcome, traveller.\n", "Lemuria"},
		{"a heading", "# The Wiki\n\nWelcome.\n", "The Wiki"},
		{"a sidebar_label", "---\nsidebar_label: Start\n---\nWelcome.\n", "Start"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"docusaurus.config.js": "module.exports = {title: 'Lemuria', url: 'https://x.test', baseUrl: '/'};\n",
				"docs/README.md":       tc.home,
				"docs/rules/combat.md": "# Combat\n",
			})
			out := filepath.Join(t.TempDir(), "out")
			if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
				t.Fatal(err)
			}
			html := readTree(t, out)["docs/rules/combat/index.html"]
			i := strings.Index(html, `<nav class="breadcrumbs"`)
			if i < 0 {
				t.Fatalf("no breadcrumbs:\n%s", html)
			}
			crumbs := html[i:]
			crumbs = crumbs[:strings.Index(crumbs, "</nav>")]
			if !strings.Contains(crumbs, `<li><a href="/docs/">`+tc.crumb+`</a></li>`) {
				t.Errorf("home crumb is not %q:\n%s", tc.crumb, crumbs)
			}
		})
	}
}
