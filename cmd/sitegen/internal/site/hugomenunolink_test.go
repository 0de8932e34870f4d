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

// TestHugoMenuParentNoLink: a main menu entry with neither url nor pageRef
// but with entries under it ("parent: The identifier of the parent menu
// entry", https://gohugo.io/content-management/menus/#properties-site-configuration)
// is a label over its children, as Hugo's menu template draws it: "{{-
// $attrs := dict "href" .URL }} ... {{- with $v }} {{ $k }}="{{ . }}"" (an
// <a> without href when .URL is "") and "{{- with .Children }}" under it
// (https://gohugo.io/templates/menu/#example). No href="" link, and its
// children are shown on every page.
func TestHugoMenuParentNoLink(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"hugo.toml": "baseURL = 'https://x.test/'\ntitle = 'T'\n" +
			"[[menus.main]]\nname = 'Rules'\nidentifier = 'rules'\nweight = 1\n" +
			"[[menus.main]]\nname = 'Combat'\npageRef = '/combat'\nparent = 'rules'\nweight = 1\n" +
			"[[menus.main]]\nname = 'Magic'\npageRef = '/magic'\nparent = 'rules'\nweight = 2\n" +
			"[[menus.main]]\nname = 'About'\npageRef = '/about'\nweight = 2\n",
		"content/_index.md": "---\ntitle: Home\n---\nHi.\n",
		"content/combat.md": "---\ntitle: Combat\n---\nText.\n",
		"content/magic.md":  "---\ntitle: Magic\n---\nText.\n",
		"content/about.md":  "---\ntitle: About\n---\nText.\n",
	})
	out := filepath.Join(t.TempDir(), "out")
	if _, err := build(t, dir, content.Options{Theme: theme, Dest: out}); err != nil {
		t.Fatal(err)
	}
	html := readTree(t, out)["about/index.html"]
	i := strings.Index(html, `<nav class="site-nav"`)
	if i < 0 {
		t.Fatalf("no navigation:\n%s", html)
	}
	nav := html[i:]
	nav = nav[:strings.Index(nav, "</nav>")]
	if strings.Contains(nav, `href=""`) {
		t.Errorf("the navigation has a link to nowhere:\n%s", nav)
	}
	rules := strings.Index(nav, "Rules")
	if rules < 0 || strings.Contains(nav[max(0, rules-40):rules], "<a") {
		t.Errorf("Rules is not a label:\n%s", nav)
	}
	for _, want := range []string{`href="/combat/">Combat<`, `href="/magic/">Magic<`, `href="/about/"`} {
		if !strings.Contains(nav, want) {
			t.Errorf("the navigation lacks %s:\n%s", want, nav)
		}
	}
}
