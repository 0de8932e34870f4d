package conformance

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"golang.org/x/net/html"
)

// Docusaurus builds a fixture with Docusaurus 3's own production build
// (`docusaurus build`) and its classic theme, from the node_modules folder
// $DOCUSAURUS names (@docusaurus/core and @docusaurus/preset-classic, with
// react and react-dom: .ci/run installs them); the fixture's
// docusaurus.config.js loads them from there (a node_modules link in the
// scratch copy). Its navigation is the classic theme's docs sidebar.
var Docusaurus = Tool{
	Name: "Docusaurus",
	Missing: func() string {
		_, _, why := docusaurusBin()
		return why
	},
	Build: func(ctx context.Context, src, dest string) error {
		bin, modules, why := docusaurusBin()
		if why != "" {
			return fmt.Errorf("%s", why)
		}
		if err := os.Symlink(modules, filepath.Join(src, "node_modules")); err != nil {
			return err
		}
		// The webpack cache lives in the shared node_modules/.cache: a
		// build of another fixture's leftovers there breaks this one.
		return runEnv(ctx, src, []string{"DOCUSAURUS_NO_PERSISTENT_CACHE=true"}, bin, "build", "--out-dir", dest)
	},
	Read:    func(dest string) (Site, error) { return ReadOutput(dest, docusaurusMarkup) },
	Timeout: 8 * time.Minute,
}

var docusaurusMarkup = Markup{
	// A doc's text is its article's Markdown; a page of the pages plugin
	// (src/pages/) is its <main>.
	Content: func(n *html.Node) bool {
		return n.Data == "div" && strings.Contains(Attr(n, "class"), "theme-doc-markdown") ||
			n.Data == "main" && Find(n, func(m *html.Node) bool { return strings.Contains(Attr(m, "class"), "theme-doc-markdown") }) == nil
	},
	// "Page | Site"; the home page's is the site's title alone.
	Title: func(doc *html.Node) string {
		t, _, _ := strings.Cut(Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" })), " | ")
		return t
	},
	// Each doc shows the sidebar open on its own trail (a collapsed
	// category shows no entries), so the sidebar is put together from
	// every page's, the longest first, each entry after the one before
	// it in its own page's sidebar. An entry that only its own page shows
	// is not in the navigation a reader finds: "Unlisted documents ...
	// can only be accessed by users having a direct link"
	// (https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter),
	// and Docusaurus lists one in the sidebar of its own page.
	Nav: func(docs map[string]*html.Node) []Entry {
		var sides [][]Entry
		shownBy := map[string]map[string]bool{} // an entry's URL -> the pages whose sidebar shows it
		for _, u := range slices.Sorted(mapKeys(docs)) {
			side := docusaurusSidebar(docs[u])
			if side == nil {
				continue
			}
			sides = append(sides, side)
			for _, e := range side {
				if shownBy[e.URL] == nil {
					shownBy[e.URL] = map[string]bool{}
				}
				shownBy[e.URL][u] = true
			}
		}
		slices.SortStableFunc(sides, func(a, b []Entry) int { return len(b) - len(a) })
		var out []Entry
		for _, side := range sides {
			for i, e := range side {
				if slices.Contains(out, e) || e.URL != "" && len(shownBy[e.URL]) == 1 && shownBy[e.URL][e.URL] {
					continue
				}
				at := len(out)
				if i > 0 {
					if j := slices.Index(out, side[i-1]); j >= 0 {
						at = j + 1
					}
				}
				out = slices.Insert(out, at, e)
			}
		}
		return out
	},
	Sidebar: func(doc *html.Node) []string {
		var out []string
		for _, e := range docusaurusSidebar(doc) {
			if e.URL != "" {
				out = append(out, e.URL)
			}
		}
		return out
	},
	// The doc's pagination: "Docs pages", its previous then next link.
	Pager: func(doc *html.Node) (prev, next string) {
		nav := Find(doc, func(n *html.Node) bool {
			return n.Data == "nav" && strings.Contains(Attr(n, "class"), "pagination-nav")
		})
		for _, a := range All(nav, func(n *html.Node) bool { return n.Data == "a" }) {
			switch c := Attr(a, "class"); {
			case strings.Contains(c, "pagination-nav__link--prev"):
				prev = Attr(a, "href")
			case strings.Contains(c, "pagination-nav__link--next"):
				next = Attr(a, "href")
			}
		}
		return prev, next
	},
	// The navbar's items, left then right, without its brand (the
	// site's title, which leads home).
	Navbar: func(home *html.Node) []*html.Node {
		bar := Find(home, func(n *html.Node) bool { return n.Data == "nav" && strings.Contains(Attr(n, "class"), "navbar") })
		return All(bar, func(n *html.Node) bool {
			return n.Data == "a" && strings.Contains(Attr(n, "class"), "navbar__item") && !strings.Contains(Attr(n, "class"), "navbar__brand")
		})
	},
	Skip: func(rel string) bool {
		return rel == "404.html" || rel == "sitemap.xml" || rel == ".nojekyll" || strings.HasPrefix(rel, "assets/")
	},
}

// docusaurusSidebar is the classic theme's "Docs sidebar" of one page, in
// order: a category's label is a group entry, with the URL of its index
// doc when it links to one; nil on a page without a sidebar.
func docusaurusSidebar(doc *html.Node) []Entry {
	side := Find(doc, func(n *html.Node) bool { return n.Data == "nav" && Attr(n, "aria-label") == "Docs sidebar" })
	if side == nil {
		return nil
	}
	out := []Entry{}
	for _, a := range All(side, func(n *html.Node) bool { return n.Data == "a" && strings.Contains(Attr(n, "class"), "menu__link") }) {
		href := Attr(a, "href")
		// A category with no doc of its own: its caret is in its link,
		// which leads to its first doc.
		if href == "" || href == "#" || strings.Contains(Attr(a, "class"), "menu__link--sublist-caret") {
			out = append(out, Entry{Label: Text(a)})
			continue
		}
		out = append(out, Entry{Label: Text(a), URL: Canonical(href)})
	}
	return out
}

// docusaurusBin finds Docusaurus: $DOCUSAURUS, a node_modules folder that
// holds @docusaurus/core (its .bin/docusaurus) and
// @docusaurus/preset-classic. why says what is missing.
func docusaurusBin() (bin, modules, why string) {
	const install = "npm install @docusaurus/core@3.10.2 @docusaurus/preset-classic@3.10.2 react@19 react-dom@19 " +
		"and set DOCUSAURUS to its node_modules folder (CI does: .ci/run)"
	modules = os.Getenv("DOCUSAURUS")
	if modules == "" {
		return "", "", "Docusaurus is not installed: " + install
	}
	bin = filepath.Join(modules, ".bin", "docusaurus")
	if _, err := os.Stat(bin); err != nil {
		return "", "", fmt.Sprintf("DOCUSAURUS=%s has no .bin/docusaurus: %s", modules, install)
	}
	if _, err := os.Stat(filepath.Join(modules, "@docusaurus", "preset-classic", "package.json")); err != nil {
		return "", "", fmt.Sprintf("DOCUSAURUS=%s has no @docusaurus/preset-classic: %s", modules, install)
	}
	return bin, modules, ""
}
