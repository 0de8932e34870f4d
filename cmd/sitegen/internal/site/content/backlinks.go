package content

import (
	"cmp"
	"iter"
	"maps"
	"net/url"
	"slices"
	"strings"

	"d6codex/templates"
)

// Backlinks: every page lists the pages that link to it ("Linked from",
// Config.Backlinks). The links are what the pages' bodies asked the
// content model (graph.go: each link, wikilink or embed resolved, with its
// answer), read once every body is rendered: each one that resolved to
// another page is an edge of the site's link graph, from the page it is
// written in (the note an embed puts in place keeps its own links). A
// page's list can therefore be written only once every page has rendered:
// with backlinks on, render renders every page's body first and writes
// the pages after (render.go); Update reads the links again from the
// bodies it keeps and the ones it renders anew, and a page whose list
// changed has another frame (update.go).
//
// A page lists only what a reader may be sent to: published, listed pages
// written from Markdown (not an unlisted page, a generated copy of other
// pages, the 404 page, a tag page or a section's list of pages), in
// reading order.

// LinkGraph reads the site's link graph from the pages' bodies (bodyOf,
// nil for a page without one) and sets Site.into and Site.frags: for
// each page, the pages that link to it (each once, in reading order:
// Site.Order, which IndexPages sets first) and the fragments of it they
// link to (each once, sorted; "" for the page itself). A body's links
// come from a map (Body.Calls), so the lists are sorted here, not left
// in the order they were met: an Update compares a page's list with the
// one before it (frameDeps) and found the same list in another order in
// about half the runs (TestUpdateFramesOfSave).
func (s *Site) LinkGraph(bodyOf func(*Page) *Body) {
	in, fs := map[*Page][]*Page{}, map[*Page][]string{}
	seen := map[[2]*Page]bool{} // source, target
	for _, from := range s.Pages {
		b := bodyOf(from)
		if b == nil {
			continue
		}
		links := b.Links
		if b.Calls != nil { // not read yet (see setAside)
			links = s.LinksOf(from, b)
		}
		for _, l := range links {
			if !seen[[2]*Page{l.from, l.to}] {
				seen[[2]*Page{l.from, l.to}] = true
				in[l.to] = append(in[l.to], l.from)
			}
			fs[l.to] = append(fs[l.to], l.frag)
		}
	}
	for _, from := range in {
		slices.SortFunc(from, s.inReadingOrder)
	}
	for p, f := range fs {
		slices.Sort(f)
		fs[p] = slices.Compact(f)
	}
	s.Into, s.Frags = in, fs
}

// edge is a link of the site's link graph: from the page it is written
// in to another page, at a fragment of it ("" for the page itself).
type edge struct {
	from, to *Page
	frag     string
}

// LinksOf returns the links to other pages of body b of page from: each
// link, wikilink or embed that resolved to another page, from the page
// it is written in (the note an embed puts in place keeps its own links).
func (s *Site) LinksOf(from *Page, b *Body) []edge {
	return s.linksOf(from, maps.All(b.Calls))
}

// SetLinks sets the links of body b of page from (Body.Links) from the
// calls its text made, given one by one: a body the build cache kept
// (buildcache.go) in a build that keeps no dependency graph, which needs
// its links only, not a map of its calls.
func (s *Site) SetLinks(from *Page, b *Body, calls iter.Seq2[Call, Answer]) {
	b.Links = s.linksOf(from, calls)
}

// linksOf is LinksOf for the calls given.
func (s *Site) linksOf(from *Page, calls iter.Seq2[Call, Answer]) []edge {
	var out []edge
	for c, a := range calls {
		if a.Problem != "" || a.Unlinked != "" || a.Url == "" || strings.HasPrefix(a.Url, "#") {
			continue // a link within the page: no other page's list or preview
		}
		src := from
		if c.From != from.Rel { // a link of a note embedded: the note's
			if src = s.ByRel[c.From]; src == nil {
				continue
			}
		}
		base, frag, _ := strings.Cut(a.Url, "#")
		to := s.pageAt(base)
		if to == nil || to == src {
			continue
		}
		if f, err := url.PathUnescape(frag); err == nil {
			frag = f
		}
		out = append(out, edge{src, to, frag})
	}
	return out
}

// pageAt returns the page at a URL a link resolved to (root-relative,
// with its base path, "#fragment" and "?query" ignored), or nil.
func (s *Site) pageAt(u string) *Page {
	if i := strings.IndexAny(u, "#?"); i >= 0 {
		u = u[:i]
	}
	return s.pageByURL[u]
}

// IndexPages maps each page's URL to the page and its place in reading
// order, for the link graph; render calls it before pages render.
func (s *Site) IndexPages() {
	s.pageByURL = make(map[string]*Page, len(s.Pages))
	s.Order = make(map[*Page]int, len(s.Pages))
	for i, p := range s.Pages {
		s.pageByURL[s.Cfg.RelURL(p.SitePath)] = p
		s.Order[p] = i
	}
}

// inReadingOrder orders pages a and b by their place in reading order
// (Site.Order), then by file.
func (s *Site) inReadingOrder(a, b *Page) int {
	return cmp.Or(cmp.Compare(s.Order[a], s.Order[b]), cmp.Compare(a.Rel, b.Rel))
}

// listsBacklinks reports whether page p may be listed as linking to
// another page: a published, listed page written from Markdown.
func (s *Site) listsBacklinks(p *Page) bool {
	return p.File != "" && p.Unlisted == "" && !p.Copy && p != s.NotFound && p.Unpublished == ""
}

// Backlinks returns the "Linked from" list of page p from the inverted
// link graph in (linkGraph.into): the pages that link to it, in reading
// order, each with the title of the section it is in when that is not
// the home page.
func (s *Site) Backlinks(p *Page, in map[*Page][]*Page) []templates.Link {
	if !s.Cfg.Backlinks || p == s.NotFound {
		return nil
	}
	from := slices.DeleteFunc(slices.Clone(in[p]), func(q *Page) bool { return !s.listsBacklinks(q) })
	slices.SortFunc(from, s.inReadingOrder)
	out := make([]templates.Link, 0, len(from))
	for _, q := range from {
		l := templates.Link{Title: q.Title, URL: s.Cfg.RelURL(q.SitePath)}
		if q.Parent != nil && q.Parent != s.Home {
			l.Description = q.Parent.Title
		}
		out = append(out, l)
	}
	return out
}
