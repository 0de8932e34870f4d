package docusaurus

import (
	"cmp"
	"fmt"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// The classic theme's navbar (https://docusaurus.io/docs/api/themes/configuration#navbar-items)
// is the navigation of the pages that show no docs sidebar (the home
// page, the blog, the pages plugin's pages): layout.Layout.Navbar, each
// item in its order, those of position: 'right' after the others, as the
// theme draws them ("position: 'left' | 'right'", default left):
//
//   - {type: 'docSidebar', sidebarId, docsPluginId?, label?}: "Link to
//     the first document of the sidebar", labelled as that link
//     ("label={label ?? sidebarLink.label}", DocSidebarNavbarItem), whose
//     label is the sidebars file's for that doc, else its id
//     ("label: item.label ?? item.id", the docs plugin's getFirstLink):
//     a group that leads to the sidebar's first doc, the sidebar's
//     entries under it.
//   - {type: 'doc', docId, docsPluginId?, label?}: "Link to a specific
//     doc", labelled "label ?? doc.id" (DocNavbarItem).
//   - {to | href, label} (type default): a link; an href that names
//     another site is shown marked external.
//   - {type: 'dropdown', label, items}: a folded group of its items (a
//     menu of links; a docSidebar item in it is a link to the sidebar's
//     first doc).
//   - {type: 'html', value}: its text, not a link, with a note (sitegen
//     prints no HTML from the settings).
//   - localeDropdown, search: sitegen's locale switcher and search box.
//   - docsVersionDropdown, docsVersion: not shown, with a note.
//
// The layout has a Navbar only where the navbar names a sidebar or a doc:
// a navbar of to: links alone labels the docs instances it leads to
// (navbarLabels) and the page tree stays the site's navigation.

// navbarItemTypes are the item types the navbar may hold that sitegen
// does not show, with what stands for them.
var navbarItemTypes = map[string]string{
	"docsVersionDropdown": "sitegen shows each version as a section of the navigation",
	"docsVersion":         "sitegen shows each version as a section of the navigation",
}

// navbarOwn are the item types sitegen's own page furniture is: its
// locale switcher (shown where the site has more than one locale) and its
// search box. They are read, not notes.
var navbarOwn = map[string]string{
	"localeDropdown": "localeDropdown as sitegen's locale switcher",
	"search":         "search as sitegen's search box",
}

// readNavbar reads themeConfig.navbar.items into l.Navbar, once every
// sidebar (the preset's and the instances', by layout.NavEntry.Sidebar)
// is in l.Nav; nothing when no item names a sidebar or a doc. latest,
// when the docs folder is not built, is the scope of the latest version's
// sidebars ("version-2.0:"), which the default plugin's items name then
// ("[activeVersion, preferredVersion, latestVersion]", theme-common's
// useDocsVersionCandidates).
func readNavbar(l *layout.Layout, obj *jsconfig.Object, latest string) {
	const key = "themeConfig.navbar.items"
	items, _ := obj.Object("themeConfig").Object("navbar").Get("items").([]any)
	var left, right []layout.NavEntry
	docs := false
	for _, it := range items {
		o, ok := it.(*jsconfig.Object)
		if !ok {
			continue // a computed entry: navbarLabels notes it
		}
		entries, names := navbarItem(l, o, 0, latest)
		docs = docs || names
		if pos, _ := o.String("position"); pos == "right" {
			right = append(right, entries...)
		} else {
			left = append(left, entries...)
		}
	}
	if docs {
		l.Navbar = append(left, right...)
		l.Read = append(l.Read, fmt.Sprintf("%s (%d items)", key, len(items)))
	}
}

// navbarItem is the navigation entries of the navbar item o at depth
// (1 inside a dropdown); docs reports that it names a sidebar or a doc.
func navbarItem(l *layout.Layout, o *jsconfig.Object, depth int, latest string) (entries []layout.NavEntry, docs bool) {
	const key = "themeConfig.navbar.items"
	typ, _ := o.String("type")
	label, _ := o.String("label")
	pid, _ := o.String("docsPluginId")
	scope := ""
	if pid != "" && pid != "default" {
		scope = pid + ":"
	} else if latest != "" {
		scope = latest
	}
	switch typ {
	case "docSidebar":
		id, _ := o.String("sidebarId")
		sidebar := sidebarEntries(l.Nav, scope+id)
		if len(sidebar) == 0 {
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s: docSidebar %q: no such sidebar (of the docs plugin %q): not shown",
				l.File, o.Lines["type"], key, id, strings.TrimSuffix(scope, ":")))
			return nil, false
		}
		if label == "" {
			label = firstLabel(sidebar, scope)
		}
		entries = append(entries, layout.NavEntry{Title: label, First: true, Depth: depth, Line: o.Lines["type"], File: l.File})
		if depth > 0 {
			return entries, true // in a dropdown: a link to the sidebar's first doc
		}
		for _, e := range sidebar {
			e.Depth++
			e.Sidebar = ""
			entries = append(entries, e)
		}
		return entries, true
	case "doc":
		id, _ := o.String("docId")
		if id == "" {
			return nil, false
		}
		return []layout.NavEntry{{ID: scope + id, Title: cmp.Or(label, id), Depth: depth, Line: o.Lines["type"], File: l.File}}, true
	case "", "default":
		to, _ := o.String("to")
		href, _ := o.String("href")
		link := href
		if to != "" {
			link = "/" + strings.TrimLeft(to, "/")
		}
		if link == "" || label == "" {
			return nil, false
		}
		e := layout.NavEntry{Title: label, Link: link, Depth: depth, Line: o.Lines["type"], File: l.File}
		if t, ok := o.String("target"); ok {
			e.Target = t
		}
		return []layout.NavEntry{e}, false
	case "dropdown":
		// "Navbar items of the type dropdown has the additional items
		// field, an inner array of navbar items"
		// (https://docusaurus.io/docs/api/themes/configuration#navbar-dropdown):
		// a folded group of its items, a menu of links.
		sub, _ := o.Get("items").([]any)
		if label == "" || depth > 0 {
			return nil, false
		}
		group := []layout.NavEntry{{Title: label, Depth: depth, Collapsible: true, Line: o.Lines["type"], File: l.File}}
		for _, it := range sub {
			if so, ok := it.(*jsconfig.Object); ok {
				es, d := navbarItem(l, so, depth+1, latest)
				group = append(group, es...)
				docs = docs || d
			}
		}
		if len(group) == 1 {
			return nil, false
		}
		return group, docs
	case "html":
		// "value: HTML to be rendered" (https://docusaurus.io/docs/api/themes/configuration#navbar-with-custom-html):
		// sitegen prints no HTML from the settings, only its text.
		v, _ := o.String("value")
		text := htmlText(v)
		if text == "" {
			l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s: the html item has no text: not shown (sitegen prints no HTML from the settings)", l.File, o.Lines["type"], key))
			return nil, false
		}
		l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s: the html item is shown as its text %q (sitegen prints no HTML from the settings)", l.File, o.Lines["type"], key, text))
		return []layout.NavEntry{{Title: text, Draft: true, Depth: depth, Line: o.Lines["type"], File: l.File}}, false
	}
	if own := navbarOwn[typ]; own != "" {
		l.Read = append(l.Read, own)
		return nil, false
	}
	why := navbarItemTypes[typ]
	if why == "" {
		why = "an item type sitegen does not know"
	}
	l.Notes = append(l.Notes, fmt.Sprintf("%s: %s: the %s item is not shown (%s)", l.File, key, typ, why))
	return nil, false
}

// htmlText is the text a reader sees of the HTML fragment v: its text
// nodes, scripts' and styles' left out, spaces collapsed.
func htmlText(v string) string {
	nodes, err := html.ParseFragment(strings.NewReader(v), &html.Node{Type: html.ElementNode, Data: "div", DataAtom: atom.Div})
	if err != nil {
		return ""
	}
	var b strings.Builder
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
		case n.Type == html.ElementNode && (n.DataAtom == atom.Script || n.DataAtom == atom.Style):
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range nodes {
		walk(n)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// sidebarEntries are the entries of the sidebar named name
// (layout.NavEntry.Sidebar) in nav, in order.
func sidebarEntries(nav []layout.NavEntry, name string) []layout.NavEntry {
	var out []layout.NavEntry
	for _, e := range nav {
		if e.Sidebar == name {
			out = append(out, e)
		}
	}
	return out
}

// firstLabel is the label Docusaurus gives the link to a sidebar's first
// doc (getFirstLink: "label: item.label ?? item.id"): the label the
// sidebars file writes for it, else its id (without the instance's
// scope); "" where the sidebar starts with an autogenerated slice, whose
// first page labels it (site/content's navbarNav).
func firstLabel(sidebar []layout.NavEntry, scope string) string {
	for _, e := range sidebar {
		switch {
		case e.Tree != "":
			return ""
		case e.ID != "":
			return cmp.Or(e.Title, strings.TrimPrefix(e.ID, scope))
		}
	}
	return ""
}
