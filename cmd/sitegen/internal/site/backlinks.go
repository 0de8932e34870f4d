package site

import (
	"cmp"
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

// linkGraph reads the site's link graph from the pages' bodies (bodyOf,
// nil for a page without one) and sets Site.into and Site.frags: for
// each page, the pages that link to it (each once) and the fragments of
// it they link to (each once, sorted; "" for the page itself).
func (s *Site) linkGraph(bodyOf func(*page) *body) {
	in, fs := map[*page][]*page{}, map[*page][]string{}
	seen := map[[2]*page]bool{} // source, target
	for _, from := range s.pages {
		b := bodyOf(from)
		if b == nil {
			continue
		}
		links := b.links
		if b.calls != nil { // not read yet (see setAside)
			links = s.linksOf(from, b)
		}
		for _, l := range links {
			if !seen[[2]*page{l.from, l.to}] {
				seen[[2]*page{l.from, l.to}] = true
				in[l.to] = append(in[l.to], l.from)
			}
			fs[l.to] = append(fs[l.to], l.frag)
		}
	}
	for p, f := range fs {
		slices.Sort(f)
		fs[p] = slices.Compact(f)
	}
	s.into, s.frags = in, fs
}

// edge is a link of the site's link graph: from the page it is written
// in to another page, at a fragment of it ("" for the page itself).
type edge struct {
	from, to *page
	frag     string
}

// linksOf returns the links to other pages of body b of page from: each
// link, wikilink or embed that resolved to another page, from the page
// it is written in (the note an embed puts in place keeps its own links).
func (s *Site) linksOf(from *page, b *body) []edge {
	var out []edge
	for c, a := range b.calls {
		if a.problem != "" || a.unlinked != "" || a.url == "" || strings.HasPrefix(a.url, "#") {
			continue // a link within the page: no other page's list or preview
		}
		src := from
		if c.from != from.rel { // a link of a note embedded: the note's
			if src = s.byRel[c.from]; src == nil {
				continue
			}
		}
		base, frag, _ := strings.Cut(a.url, "#")
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
func (s *Site) pageAt(u string) *page {
	if i := strings.IndexAny(u, "#?"); i >= 0 {
		u = u[:i]
	}
	return s.pageByURL[u]
}

// indexPages maps each page's URL to the page and its place in reading
// order, for the link graph; render calls it before pages render.
func (s *Site) indexPages() {
	s.pageByURL = make(map[string]*page, len(s.pages))
	s.order = make(map[*page]int, len(s.pages))
	for i, p := range s.pages {
		s.pageByURL[s.cfg.relURL(p.sitePath)] = p
		s.order[p] = i
	}
}

// listsBacklinks reports whether page p may be listed as linking to
// another page: a published, listed page written from Markdown.
func (s *Site) listsBacklinks(p *page) bool {
	return p.file != "" && p.unlisted == "" && !p.copy && p != s.notFound && p.unpublished == ""
}

// backlinks returns the "Linked from" list of page p from the inverted
// link graph in (linkGraph.into): the pages that link to it, in reading
// order, each with the title of the section it is in when that is not
// the home page.
func (s *Site) backlinks(p *page, in map[*page][]*page) []templates.Link {
	if !s.cfg.Backlinks || p == s.notFound {
		return nil
	}
	from := slices.DeleteFunc(slices.Clone(in[p]), func(q *page) bool { return !s.listsBacklinks(q) })
	slices.SortFunc(from, func(a, b *page) int {
		return cmp.Or(cmp.Compare(s.order[a], s.order[b]), cmp.Compare(a.rel, b.rel))
	})
	out := make([]templates.Link, 0, len(from))
	for _, q := range from {
		l := templates.Link{Title: q.title, URL: s.cfg.relURL(q.sitePath)}
		if q.parent != nil && q.parent != s.home {
			l.Description = q.parent.title
		}
		out = append(out, l)
	}
	return out
}
