package docusaurus

import (
	"cmp"
	"fmt"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
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
//   - docsVersionDropdown, docsVersion, localeDropdown, dropdown, search,
//     html: not shown (sitegen's locale switcher and search stand for
//     two of them), with a note.
//
// The layout has a Navbar only where the navbar names a sidebar or a doc:
// a navbar of to: links alone labels the docs instances it leads to
// (navbarLabels) and the page tree stays the site's navigation.

// navbarItemTypes are the item types the navbar may hold that sitegen
// does not show, with what stands for them.
var navbarItemTypes = map[string]string{
	"docsVersionDropdown": "sitegen shows each version as a section of the navigation",
	"docsVersion":         "sitegen shows each version as a section of the navigation",
	"localeDropdown":      "sitegen's locale switcher stands for it",
	"search":              "sitegen's search stands for it",
	"dropdown":            "its items are not shown",
	"html":                "its HTML is not shown",
}

// readNavbar reads themeConfig.navbar.items into l.Navbar, once every
// sidebar (the preset's and the instances', by layout.NavEntry.Sidebar)
// is in l.Nav; nothing when no item names a sidebar or a doc.
func readNavbar(l *layout.Layout, obj *jsconfig.Object) {
	const key = "themeConfig.navbar.items"
	items, _ := obj.Object("themeConfig").Object("navbar").Get("items").([]any)
	var left, right []layout.NavEntry
	docs := false
	for _, it := range items {
		o, ok := it.(*jsconfig.Object)
		if !ok {
			continue // a computed entry: navbarLabels notes it
		}
		typ, _ := o.String("type")
		label, _ := o.String("label")
		pid, _ := o.String("docsPluginId")
		scope := ""
		if pid != "" && pid != "default" {
			scope = pid + ":"
		}
		var entries []layout.NavEntry
		switch typ {
		case "docSidebar":
			id, _ := o.String("sidebarId")
			sidebar := sidebarEntries(l.Nav, scope+id)
			if len(sidebar) == 0 {
				l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: %s: docSidebar %q: no such sidebar (of the docs plugin %q): not shown",
					l.File, o.Lines["type"], key, id, strings.TrimSuffix(scope, ":")))
				continue
			}
			if label == "" {
				label = firstLabel(sidebar, scope)
			}
			entries = append(entries, layout.NavEntry{Title: label, First: true, Line: o.Lines["type"], File: l.File})
			for _, e := range sidebar {
				e.Depth++
				e.Sidebar = ""
				entries = append(entries, e)
			}
			docs = true
		case "doc":
			id, _ := o.String("docId")
			if id == "" {
				continue
			}
			entries = append(entries, layout.NavEntry{ID: scope + id, Title: cmp.Or(label, id), Line: o.Lines["type"], File: l.File})
			docs = true
		case "", "default":
			to, _ := o.String("to")
			href, _ := o.String("href")
			link := href
			if to != "" {
				link = "/" + strings.TrimLeft(to, "/")
			}
			if link == "" || label == "" {
				continue
			}
			e := layout.NavEntry{Title: label, Link: link, Line: o.Lines["type"], File: l.File}
			if t, ok := o.String("target"); ok {
				e.Target = t
			}
			entries = append(entries, e)
		default:
			why := navbarItemTypes[typ]
			if why == "" {
				why = "an item type sitegen does not know"
			}
			l.Notes = append(l.Notes, fmt.Sprintf("%s: %s: the %s item is not shown (%s)", l.File, key, typ, why))
			continue
		}
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
