package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestVitePressSidebarShown builds a multi-sidebar with VitePress and
// with sitegen: each page shows the same sidebar links in both builds.
// "To show different sidebar depending on the page path" the sidebar is
// an object of path prefixes
// (https://vitepress.dev/reference/default-theme-sidebar#multiple-sidebars):
// a page shows its key's sidebar alone, the longest key its path starts
// with, none where no key matches; "base" prefixes the links of a group's
// items (#path-prefix), an item's own base its own link too (addBase:
// "const base = item.base || _base").
func TestVitePressSidebarShown(t *testing.T) {
	rule := `multiple sidebars (https://vitepress.dev/reference/default-theme-sidebar#multiple-sidebars); base (addBase, theme-default/support/sidebar.js)`
	files := map[string]string{
		".vitepress/config.mts": `export default { title: 'Keys', themeConfig: {
  nav: [{ text: 'Home', link: '/' }],
  sidebar: {
    '/guide/': [{ text: 'Guide', items: [{ text: 'Alpha', link: '/guide/a' }, { text: 'Beta', link: '/guide/b' }] }],
    '/guide/deep/': [{ text: 'Deep', items: [{ text: 'Dee', link: '/guide/deep/d' }] }],
    '/ref/': { base: '/ref/', items: [{ text: 'One', link: 'one' }, { text: 'Two', base: '/ref/t-', link: 'wo' }, { text: 'Empty base', base: '', link: 'two' }] },
  } } }`,
		"index.md":        "# Home\n",
		"other.md":        "# Other\n",
		"guide/a.md":      "# Alpha\n",
		"guide/b.md":      "# Beta\n",
		"guide/deep/d.md": "# Dee\n",
		"ref/one.md":      "# One\n",
		"ref/two.md":      "# Two (no base)\n",
		"ref/t-wo.md":     "# Two\n",
		"package.json":    `{"name": "fixture", "private": true, "type": "module"}`,
	}
	var native, ours string
	Run(t, starlightKept(VitePress, &native), starlightKept(Sitegen, &ours), Fixture{Name: "multi-sidebar shown", Rule: rule, Files: files, SameFiles: true})
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	for _, page := range []string{"index.html", "other.html", "guide/a.html", "guide/deep/d.html", "ref/one.html", "ref/t-wo.html"} {
		var got [2]string
		for i, b := range []struct {
			dir  string
			read func(*html.Node) string
		}{{native, vitepressSidebar}, {ours, sitegenSidebar}} {
			f, err := os.Open(filepath.Join(b.dir, page))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := html.Parse(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			got[i] = b.read(doc)
		}
		if got[0] != got[1] {
			t.Errorf("%s: sidebar: VitePress %q, sitegen %q (rule: %s)", page, got[0], got[1], rule)
		}
	}
}

// vitepressSidebar is the links of a VitePress page's sidebar (its
// aside.VPSidebar), each "canonical-URL text", in order.
func vitepressSidebar(doc *html.Node) string {
	aside := Find(doc, func(n *html.Node) bool { return n.Data == "aside" && strings.Contains(Attr(n, "class"), "VPSidebar") })
	if aside == nil {
		return ""
	}
	return linkList(aside)
}

// sitegenSidebar is sitegen's: the links of nav.site-nav after its top
// bar (the entries before its first top-level separator).
func sitegenSidebar(doc *html.Node) string {
	nav := Find(doc, func(n *html.Node) bool { return n.Data == "nav" && Attr(n, "class") == "site-nav" })
	if nav == nil {
		return ""
	}
	ul := Find(nav, func(n *html.Node) bool { return n.Data == "ul" })
	var out []string
	after := false
	for li := ul.FirstChild; li != nil; li = li.NextSibling {
		if li.Type != html.ElementNode {
			continue
		}
		if strings.Contains(Attr(li, "class"), "nav-separator") {
			after = true
			continue
		}
		if after {
			if s := linkList(li); s != "" {
				out = append(out, s)
			}
		}
	}
	return strings.Join(out, " | ")
}

// linkList is the links under n, each "canonical-URL text", joined by " | ".
func linkList(n *html.Node) string {
	var out []string
	for _, a := range All(n, func(n *html.Node) bool { return n.Data == "a" && Attr(n, "href") != "" }) {
		out = append(out, Canonical(Attr(a, "href"))+" "+strings.Join(strings.Fields(Text(a)), " "))
	}
	return strings.Join(out, " | ")
}
