package site

import (
	"path/filepath"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// TestHugoMenuNoLink: a main menu entry with neither url nor pageRef has
// no URL ("url: The destination URL ... pageRef: The logical path of
// the target page", https://gohugo.io/content-management/menus/#properties-site-configuration;
// Hugo 0.111.3 measured: .Site.Menus.main gives such an entry's .URL
// ""), so it leads nowhere: the theme draws something else for it
// (Hextra's search box for params.type: search, eval7B LB12). It is
// left out of the navigation, not made a link to the page itself (one
// with entries under it is kept).
func TestHugoMenuNoLink(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\n" +
			"[[menus.main]]\nname = 'Docs'\npageRef = '/docs'\nweight = 1\n" +
			"[[menus.main]]\nname = 'Search'\nweight = 2\n[menus.main.params]\ntype = 'search'\n" +
			"[[menus.main]]\nname = 'Elsewhere'\nurl = 'https://elsewhere.test/'\nweight = 3\n",
		"content/_index.md":      "---\ntitle: Home\n---\nHi.\n",
		"content/docs/_index.md": "---\ntitle: Docs\n---\nText.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err)
	}
	html := readTree(t, out)["docs/index.html"]
	i := strings.Index(html, `<nav class="site-nav"`)
	if i < 0 {
		t.Fatalf("no navigation:\n%s", html)
	}
	nav := html[i:]
	nav = nav[:strings.Index(nav, "</nav>")]
	if strings.Contains(nav, ">Search<") {
		t.Errorf("the navigation has the entry without url or pageRef:\n%s", nav)
	}
	for _, want := range []string{">Docs<", `href="https://elsewhere.test/"`} {
		if !strings.Contains(nav, want) {
			t.Errorf("the navigation lacks %s:\n%s", want, nav)
		}
	}
}
