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

// TestVitePressSidebarFragmentAndHTML builds a sidebar whose links carry
// a #fragment and whose texts are HTML, with VitePress and with sitegen:
// each page shows the same sidebar links (fragment kept), the same
// formatting of their texts, and the same previous and next links.
// VitePress writes a text with v-html ("<component :is="textTag"
// class="text" v-html="item.text" />", VPSidebarItem.vue, 1.6.4); a link
// with a fragment is its page's current one only in the browser, when
// the location's hash is the link's (isActive, shared.js: "(inBrowser ?
// location.hash : ”) === hashMatch[0]"), so the built page does not mark
// it and its previous and next links are those of a page the sidebar
// does not list ("candidates[index + 1]" with index -1: the first link).
func TestVitePressSidebarFragmentAndHTML(t *testing.T) {
	rule := `v-html="item.text" (VPSidebarItem.vue); isActive's hash rule (shared.js); usePrevNext (composables/prev-next.js)`
	files := map[string]string{
		".vitepress/config.mts": `export default { title: 'Marks', themeConfig: {
  nav: [{ text: 'Home', link: '/' }],
  sidebar: [{ text: '<b>Rules</b> &amp; more', items: [
    { text: 'Setup <span style="color: red">first</span>', link: '/guide/a#setup' },
    { text: '<i>Beta</i>', link: '/guide/b' },
    { text: 'Gamma <code>x</code>', link: '/guide/c' }] }] } }`,
		"index.md":     "# Home\n",
		"guide/a.md":   "# Alpha\n\n## Setup\n\nText.\n",
		"guide/b.md":   "# Beta\n",
		"guide/c.md":   "# Gamma\n",
		"package.json": `{"name": "fixture", "private": true, "type": "module"}`,
	}
	var native, ours string
	Run(t, starlightKept(VitePress, &native), starlightKept(Sitegen, &ours), Fixture{Name: "sidebar fragment and HTML", Rule: rule, Files: files, SameFiles: true})
	if native == "" || ours == "" {
		return // skipped or failed: Run said why
	}
	for _, page := range []string{"guide/a.html", "guide/b.html", "guide/c.html"} {
		var got [2]string
		for i, b := range []struct {
			dir               string
			sidebar, prevNext func(*html.Node) string
		}{{native, vitepressSidebar, vitepressPrevNext}, {ours, sitegenSidebar, sitegenPrevNext}} {
			f, err := os.Open(filepath.Join(b.dir, page))
			if err != nil {
				t.Fatal(err)
			}
			doc, err := html.Parse(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
			got[i] = b.sidebar(doc) + " || " + labelMarkup(doc, i == 0) + " || " + b.prevNext(doc)
		}
		if got[0] != got[1] {
			t.Errorf("%s:\nVitePress %q\nsitegen   %q\n(rule: %s)", page, got[0], got[1], rule)
		}
	}
}

// labelMarkup is the markup of the sidebar's texts (VitePress's aside
// .VPSidebar, else sitegen's nav.site-nav), each text's elements and
// their style attribute, the wrappers with a class left out.
func labelMarkup(doc *html.Node, vitepress bool) string {
	root := Find(doc, func(n *html.Node) bool {
		if vitepress {
			return n.Data == "aside" && strings.Contains(Attr(n, "class"), "VPSidebar")
		}
		return n.Data == "nav" && Attr(n, "class") == "site-nav"
	})
	if root == nil {
		return ""
	}
	var b strings.Builder
	inFormat := 0 // inside an element of the text's own markup
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			switch {
			case c.Type == html.TextNode && inFormat > 0:
				b.WriteString(strings.TrimSpace(c.Data))
			case c.Type == html.ElementNode && (Attr(c, "class") != "" || c.Data == "a" || c.Data == "li" || c.Data == "ul" || c.Data == "div" || c.Data == "p" || c.Data == "section" || c.Data == "h2" || c.Data == "summary" || c.Data == "details" || c.Data == "span" && Attr(c, "style") == ""):
				walk(c)
			case c.Type == html.ElementNode:
				b.WriteString("<" + c.Data)
				if s := Attr(c, "style"); s != "" {
					b.WriteString(` style="` + s + `"`)
				}
				b.WriteString(">")
				inFormat++
				walk(c)
				inFormat--
				b.WriteString("</" + c.Data + ">")
			}
		}
	}
	walk(root)
	return b.String()
}
