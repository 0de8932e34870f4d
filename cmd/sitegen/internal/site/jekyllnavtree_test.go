package site

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// navOutline is the sidebar (nav.site-nav) of the page file at p as an
// outline: one line per entry, "label url" ("[label]" for a heading
// without a page), indented two spaces a level.
func navOutline(t *testing.T, p string) []string {
	t.Helper()
	raw, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	attr := func(n *html.Node, k string) string {
		for _, a := range n.Attr {
			if a.Key == k {
				return a.Val
			}
		}
		return ""
	}
	text := func(n *html.Node) string {
		var b strings.Builder
		var f func(*html.Node)
		f = func(n *html.Node) {
			if n.Type == html.TextNode {
				b.WriteString(n.Data)
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				f(c)
			}
		}
		f(n)
		return strings.TrimSpace(b.String())
	}
	var out []string
	var walk func(n *html.Node, depth int, in bool)
	walk = func(n *html.Node, depth int, in bool) {
		if n.Type == html.ElementNode {
			switch {
			case n.Data == "nav" && attr(n, "class") == "site-nav":
				in = true
			case in && n.Data == "ul":
				depth++
			case in && n.Data == "a":
				out = append(out, strings.Repeat("  ", depth-1)+text(n)+" "+attr(n, "href"))
				return
			case in && n.Data == "span" && strings.Contains(attr(n.Parent, "class"), "nav-draft"):
				out = append(out, strings.Repeat("  ", depth-1)+"["+text(n)+"]")
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, depth, in)
		}
	}
	walk(doc, 0, false)
	return out
}

// jtdNavFixture is a just-the-docs site (its theme named in _config.yml)
// with a home page that orders itself and has children, a folder without
// an index page and one with.
var jtdNavFixture = map[string]string{
	"_config.yml":     "title: J\ntheme: just-the-docs\n",
	"index.md":        "---\ntitle: Home\nnav_order: 1\n---\nHi.\n",
	"a.md":            "---\ntitle: Alpha\nparent: Home\nnav_order: 1\n---\nx\n",
	"b.md":            "---\ntitle: Beta\nparent: Home\nnav_order: 2\n---\nx\n",
	"c.md":            "---\ntitle: Gamma\nnav_order: 2\n---\nx\n",
	"d.md":            "---\ntitle: Delta\n---\nx\n",
	"rules/combat.md": "---\ntitle: Combat\nnav_order: 3\n---\nx\n",
	"rules/magic.md":  "---\ntitle: Magic\n---\nx\n",
	"lore/index.md":   "---\ntitle: Lore\nnav_order: 4\n---\nx\n",
	"lore/gods.md":    "---\ntitle: Gods\n---\nx\n",
	"lore/elves.md":   "---\ntitle: Elves\nparent: Lore\n---\nx\n",
}

// jtdNavWant is jekyll build 4.3's sidebar of jtdNavFixture with the
// theme's _includes/components/nav/*.html (just-the-docs b28a6550, its
// nav#site-nav written by "{% include components/nav/pages.html
// pages=site.html_pages %}" in a bare layout: the gem is not installed
// here), read from the output's nested ul.nav-list.
var jtdNavWant = []string{
	"Home /",
	"  Alpha /a.html",
	"  Beta /b.html",
	"Gamma /c.html",
	"Combat /rules/combat.html",
	"Lore /lore/",
	"  Elves /lore/elves.html",
	"Delta /d.html",
	"Gods /lore/gods.html",
	"Magic /rules/magic.html",
}

// TestJekyllNavHome: just-the-docs lists the home page as any page of
// the sidebar, where its nav_order puts it, with the pages that name it
// as their parent under it. The theme's _includes/components/nav/pages.html
// takes the top-level entries from every titled page without a parent,
// the home page included ("assign nav_parenthood = include.pages |
// where_exp: "item", "item.title != nil" | group_by: "parent"", "assign
// nav_top_nodes = nav_parenthood | where_exp: "item", "item.name == ”"
// | map: "items" | first"), sorted as any (nav/sorted.html), and
// nav/children.html nests under each node the pages whose parent: is its
// title ("where: "name", include.node.title"); "Pages with children"
// (https://just-the-docs.com/docs/navigation/main/children/): "parent:
// <the parent's title>". The home page's own entry is checked here.
func TestJekyllNavHome(t *testing.T) {
	got := jtdSidebar(t)
	home := slices.IndexFunc(got, func(l string) bool { return strings.HasSuffix(l, " /") })
	if home < 0 || got[home] != "Home /" {
		t.Fatalf("no top-level Home entry in the sidebar:\n%s", strings.Join(got, "\n"))
	}
	for i, want := range jtdNavWant[:4] {
		if i >= len(got) || got[i] != want {
			t.Errorf("sidebar starts\n%s\nwant\n%s", strings.Join(got[:min(4, len(got))], "\n"), strings.Join(jtdNavWant[:4], "\n"))
			break
		}
	}
}

// jtdSidebar builds jtdNavFixture and returns its home page's sidebar.
func jtdSidebar(t *testing.T) []string {
	t.Helper()
	src := t.TempDir()
	sitetest.WriteFiles(t, src, jtdNavFixture)
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	return navOutline(t, filepath.Join(dest, "index.html"))
}

// TestJekyllNavFolders: just-the-docs' sidebar knows no folders: a page
// that names no parent is a top-level entry wherever its file lies,
// rules/combat.md (a folder without an index page) and lore/gods.md (one
// with) alike, and a folder is no heading. The theme's nav/pages.html
// builds it from front matter alone ("group_by: "parent"", its top nodes
// the pages whose parent is empty: "where_exp: "item", "item.name ==
// ”""), and https://just-the-docs.com/docs/navigation/main/children/
// nests a page only by "parent: <the parent's title>". Each page's
// sidebar shows its own trail open: the top level is compared on the
// home page, Lore's children on Elves'.
func TestJekyllNavFolders(t *testing.T) {
	src := t.TempDir()
	sitetest.WriteFiles(t, src, jtdNavFixture)
	dest := filepath.Join(t.TempDir(), "public")
	if _, err := build(t, src, content.Options{Theme: theme, Dest: dest}); err != nil {
		t.Fatal(err)
	}
	top := func(lines []string) []string {
		return slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return strings.HasPrefix(l, " ") })
	}
	if got, want := top(navOutline(t, filepath.Join(dest, "index.html"))), top(jtdNavWant); !slices.Equal(got, want) {
		t.Errorf("top-level entries\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got := navOutline(t, filepath.Join(dest, "lore", "elves.html"))
	if i := slices.Index(got, "Lore /lore/"); i < 0 || i+1 >= len(got) || got[i+1] != "  Elves /lore/elves.html" || i+2 < len(got) && strings.HasPrefix(got[i+2], " ") {
		t.Errorf("Lore's entries on its child's page\n%s\nwant Lore with Elves alone under it", strings.Join(got, "\n"))
	}
}
