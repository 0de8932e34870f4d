package site

import (
	"slices"
	"strings"

	"github.com/yuin/goldmark/renderer/html"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"
)

// pagerLinks shows page p's previous and next links as its layout's
// pagination does (layout.Layout.Pager, Starlight's): each by the
// navigation's label of the page it leads to, alone, as p's front matter
// overrides it.
//
// Where the page shows a navigation, its neighbours are the entries
// before and after it there, flattened, links to other sites included,
// and a page it does not list has none (Starlight 0.36's
// getPrevNextLinks: "flattenSidebar(sidebar)", "entries[currentIndex -
// 1]", no next where "currentIndex" is -1).
func (s *Site) pagerLinks(p *content.Page, v *templates.Page) {
	prev, next := s.Lay.Pager(p.Meta)
	for _, fm := range []*layout.PagerLink{&prev, &next} {
		if fm.SitePath { // under the base path (VitePress's withBase)
			u, frag, hasFrag := strings.Cut(fm.Link, "#")
			fm.Link = s.Cfg.RelURL(u)
			if hasFrag {
				fm.Link += "#" + frag
			}
		}
	}
	nav := v.NavTree()
	if len(s.Lay.SidebarKeys) > 0 && v.Site != nil {
		nav = v.Site.Nav // all the keys' sidebars: the page shows its key's alone
	}
	if len(nav) > 0 {
		if len(s.Lay.SidebarKeys) > 0 {
			nav = keySidebar(nav, s.Lay, p.Rel)
		}
		before, after := navNeighbours(nav, v.URL, s.Lay.PagerOnce, s.Lay.PagerFirst)
		v.Prev = pagerLink(before, nil, prev)
		v.Next = pagerLink(after, nil, next)
		return
	}
	v.Prev = pagerLink(v.Prev, p.Prev, prev)
	v.Next = pagerLink(v.Next, p.Next, next)
}

// keySidebar is the part of nav that is the sidebar a VitePress
// multi-sidebar shows on the page of source path rel
// (layout.Layout.SidebarKeys: the last len(keys) parts of nav between
// its top-level separators, one per key): "sidebar: { '/guide/': [...],
// '/config/': [...] }" "to show different sidebar depending on the page
// path" (https://vitepress.dev/reference/default-theme-sidebar#multiple-sidebars);
// getSidebar takes the key with the most "/" that "/"+rel starts with.
// No key matches: no sidebar, so no neighbours. A nav not so made is
// returned as it is.
func keySidebar(nav []*templates.NavItem, lay *layout.Layout, rel string) []*templates.NavItem {
	_, parts, ok := content.KeySidebars(nav, len(lay.SidebarKeys))
	if !ok {
		return nav
	}
	best := lay.SidebarKey(rel)
	if best < 0 {
		return nil
	}
	// navNeighbours reads the links after a first separator.
	return append([]*templates.NavItem{{Kind: templates.NavSeparator}}, parts[best]...)
}

// navNeighbours are the links of the navigation nav before and after the
// entry of url, its links after its first top-level separator (the
// sidebar after VitePress's top bar: "generated from the sidebar",
// https://vitepress.dev/reference/default-theme-prev-next-links)
// flattened in order; nil where there is none,
// both nil when nav does not list url. With once (layout.Layout.PagerOnce)
// a URL listed again counts once, at its first place; with first
// (PagerFirst), where nav does not list url, its first link is after it.
func navNeighbours(nav []*templates.NavItem, url string, once, first bool) (before, after *templates.Link) {
	var flat []*templates.NavItem
	var walk func(items []*templates.NavItem)
	walk = func(items []*templates.NavItem) {
		for _, it := range items {
			if it.URL != "" && it.Kind == templates.NavLink {
				flat = append(flat, it)
			}
			walk(it.Children)
		}
	}
	for i, it := range nav { // a top bar before the sidebar (VitePress's themeConfig.nav) is no part of the order
		if it.Kind == templates.NavSeparator {
			nav = nav[i+1:]
			break
		}
	}
	walk(nav)
	if once {
		// As written where the tool compares the strings: "uniqBy(links,
		// (link) => link.link.replace(/[?#].*$/, ''))".
		seen := map[string]bool{}
		flat = slices.DeleteFunc(flat, func(it *templates.NavItem) bool {
			key := it.URL
			if it.Written != "" {
				key, _, _ = strings.Cut(it.Written, "#")
				key, _, _ = strings.Cut(key, "?")
			}
			dup := seen[key]
			seen[key] = true
			return dup
		})
	}
	for i, it := range flat {
		if it.URL != url || it.External || !current(it.Written) {
			continue
		}
		if i > 0 {
			before = neighbour(flat[i-1])
		}
		if i+1 < len(flat) {
			after = neighbour(flat[i+1])
		}
		return before, after
	}
	if first && len(flat) > 0 {
		return nil, neighbour(flat[0])
	}
	return nil, nil
}

// neighbour is the previous or next link to the navigation's entry it:
// by its PagerTitle where set, else by its label, the inline HTML it
// shows included (VitePress's VPDocFooter writes the sidebar's text with
// v-html, as its sidebar does).
func neighbour(it *templates.NavItem) *templates.Link {
	if it.PagerTitle != "" {
		return &templates.Link{Title: it.PagerTitle, URL: it.URL}
	}
	return &templates.Link{Title: it.Title, TitleHTML: it.TitleHTML, URL: it.URL}
}

// current reports whether a sidebar link as written (layout.NavEntry.Written;
// "" for none) can be the current page's: VitePress's isActive compares
// normalize("/" + relativePath) with the link, so one not from the root
// ("guide/a") is never its page's, nor one with a #fragment when the page
// is built ("(inBrowser ? location.hash : ”) === hashMatch[0]").
func current(written string) bool {
	return written == "" || strings.HasPrefix(written, "/") && !strings.Contains(written, "#")
}

// pagerLink is the link l to page to (nil for none; to nil: l's title is
// the navigation's label already) as the front matter's
// fm says: hidden, relabelled, leading elsewhere, or made where there is
// none when fm gives both a label and a link. A link to a script (a
// javascript: URL) is not published.
func pagerLink(l *templates.Link, to *content.Page, fm layout.PagerLink) *templates.Link {
	if fm.Link != "" && html.IsDangerousURL([]byte(fm.Link)) {
		fm.Link = ""
	}
	switch {
	case fm.Hide:
		return nil
	case l == nil && fm.Link != "" && fm.Label != "":
		return &templates.Link{Title: fm.Label, TitleHTML: fm.LabelHTML, URL: fm.Link}
	case l == nil:
		return nil
	}
	l.Section = ""
	if to != nil {
		l.Title, l.TitleHTML = to.Label(), ""
	}
	if fm.Label != "" {
		l.Title, l.TitleHTML = fm.Label, fm.LabelHTML
	}
	if fm.Link != "" {
		l.URL = fm.Link
	}
	return l
}
