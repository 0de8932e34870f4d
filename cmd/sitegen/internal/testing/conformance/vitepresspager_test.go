package conformance

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestVitePressPrevNext builds pages with VitePress and with sitegen:
// each page's previous and next links lead to the same pages with the
// same text in both builds. "By default, the previous and next links
// are generated from the sidebar" in its order, each named by the
// sidebar item's text; front matter prev/next "string | false | {
// text?: string; link?: string }" relabels, leads elsewhere or hides
// one; themeConfig.docFooter "prev?: string | false" hides it
// (https://vitepress.dev/reference/default-theme-prev-next-links,
// https://vitepress.dev/reference/default-theme-config#docfooter).
func TestVitePressPrevNext(t *testing.T) {
	rule := `"prev: string | false | { text?: string; link?: string }" (https://vitepress.dev/reference/default-theme-prev-next-links); ` +
		`docFooter (https://vitepress.dev/reference/default-theme-config#docfooter)`
	pages := map[string]string{
		"index.md":     "# Home\n\nSee [a](/guide/a).\n",
		"guide/a.md":   "# Alpha\n\nText.\n",
		"guide/b.md":   "---\nprev: Back to alpha\n---\n\n# Beta\n\nText.\n",
		"guide/c.md":   "---\nnext:\n  text: Jump to alpha\n  link: /guide/a\n---\n\n# Gamma\n\nText.\n",
		"guide/d.md":   "---\nprev: false\n---\n\n# Delta\n\nText.\n",
		"guide/e.md":   "---\nnext: true\n---\n\n# Echo\n\nText.\n",
		"package.json": `{"name": "fixture", "private": true, "type": "module"}`,
	}
	sidebar := `nav: [{ text: 'Start', link: '/guide/a' }],
  sidebar: [{ text: 'Group one', items: [{ text: 'Alpha item', link: '/guide/a' }, { text: 'Beta item', link: '/guide/b' }] },
    { text: 'Group two', items: [{ text: 'Gamma item', link: '/guide/c' }, { text: 'Delta item', link: '/guide/d' }, { text: 'Echo item', link: '/guide/e' }] }]`
	for _, tc := range []struct{ name, config string }{
		{"sidebar", `export default { title: 'Six Dice', themeConfig: { ` + sidebar + ` } }`},
		{"docFooter next false", `export default { title: 'Six Dice', themeConfig: { docFooter: { next: false }, ` + sidebar + ` } }`},
		// docFooter's texts above the links; a link the sidebar lists again
		// counts once ("uniqBy"); a page it does not list (e) is followed by
		// its first link ("candidates[index + 1]" with index -1).
		{"docFooter texts, repeated link", `export default { title: 'Six Dice', themeConfig: { docFooter: { prev: 'Page précédente', next: 'Page suivante' },
  sidebar: [{ text: 'Group', items: [{ text: 'Alpha item', link: '/guide/a' }, { text: 'Beta item', link: '/guide/b' }, { text: 'Alpha again', link: '/guide/a' },
    { text: 'Gamma item', link: '/guide/c' }, { text: 'Delta item', link: '/guide/d' }] }] } }`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{".vitepress/config.mts": tc.config}
			for k, v := range pages {
				files[k] = v
			}
			var native, ours string
			Run(t, starlightKept(VitePress, &native), starlightKept(Sitegen, &ours), Fixture{Name: "prev/next: " + tc.name, Rule: rule, Files: files, SameFiles: true})
			if native == "" || ours == "" {
				return // skipped or failed: Run said why
			}
			for _, page := range []string{"guide/a.html", "guide/b.html", "guide/c.html", "guide/d.html", "guide/e.html"} {
				var got [2]string
				for i, b := range []struct {
					dir  string
					read func(*html.Node) string
				}{{native, vitepressPrevNext}, {ours, sitegenPrevNext}} {
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
					t.Errorf("%s: previous and next: VitePress %q, sitegen %q (rule: %s)", page, got[0], got[1], rule)
				}
			}
		})
	}
}

// vitepressPrevNext is a VitePress page's previous and next links (its
// VPDocFooter's pager-link prev and next), each "href text [word above
// it]", "-" for none.
func vitepressPrevNext(doc *html.Node) string {
	var out []string
	for _, kind := range []string{"prev", "next"} {
		a := Find(doc, func(n *html.Node) bool {
			return n.Data == "a" && strings.Contains(Attr(n, "class"), "pager-link") && strings.Contains(Attr(n, "class"), kind)
		})
		if a == nil {
			out = append(out, "-")
			continue
		}
		title := Find(a, func(n *html.Node) bool { return n.Data == "span" && Attr(n, "class") == "title" })
		desc := Find(a, func(n *html.Node) bool { return n.Data == "span" && Attr(n, "class") == "desc" })
		out = append(out, Attr(a, "href")+" "+strings.TrimSpace(Text(title))+" ["+strings.TrimSpace(Text(desc))+"]")
	}
	return strings.Join(out, " / ")
}

// sitegenPrevNext is sitegen's: nav.pager's rel=prev and rel=next links,
// their text after the word above them, then that word.
func sitegenPrevNext(doc *html.Node) string {
	var out []string
	for _, kind := range []string{"prev", "next"} {
		a := Find(doc, func(n *html.Node) bool { return n.Data == "a" && Attr(n, "rel") == kind })
		if a == nil {
			out = append(out, "-")
			continue
		}
		word := Text(Find(a, func(n *html.Node) bool { return n.Data == "span" }))
		out = append(out, Attr(a, "href")+" "+strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(Text(a)), word))+" ["+strings.TrimSpace(word)+"]")
	}
	return strings.Join(out, " / ")
}
