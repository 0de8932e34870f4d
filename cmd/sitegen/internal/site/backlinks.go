package site

import (
	"cmp"
	"maps"
	"slices"
	"strings"
	"sync"

	"d6codex/templates"
)

// Backlinks: every page lists the pages that link to it ("Linked from",
// Config.Backlinks). The links are learnt while pages render: each link,
// wikilink or embed a page's Markdown resolves to another page is an edge
// of the site's link graph, recorded against the page it is written in
// (the note an embed puts in place keeps its own links). A page's list
// can therefore be written only once every page has rendered: with
// backlinks on, render renders every page's body first and writes the
// pages after (render.go), and Update re-renders the pages whose list a
// changed page's links change (incremental.go).
//
// A page lists only what a reader may be sent to: published, listed pages
// written from Markdown (not an unlisted page, a generated copy of other
// pages, the 404 page, a tag page or a section's list of pages), in
// reading order.

// linkGraph is the site's links between pages: for each page, the pages
// its Markdown links to. It is safe for concurrent use.
type linkGraph struct {
	mu  sync.Mutex
	out map[*page]map[*page]bool
}

func newLinkGraph() *linkGraph { return &linkGraph{out: map[*page]map[*page]bool{}} }

// add records a link from page from to page to.
func (g *linkGraph) add(from, to *page) {
	if from == to {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	m := g.out[from]
	if m == nil {
		m = map[*page]bool{}
		g.out[from] = m
	}
	m[to] = true
}

// reset forgets p's links (it is about to render again) and returns them.
func (g *linkGraph) reset(p *page) map[*page]bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	old := g.out[p]
	delete(g.out, p)
	return old
}

// set puts back the links reset returned.
func (g *linkGraph) set(p *page, links map[*page]bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if links == nil {
		delete(g.out, p)
		return
	}
	g.out[p] = links
}

// targets returns a copy of the pages p links to.
func (g *linkGraph) targets(p *page) map[*page]bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return maps.Clone(g.out[p])
}

// into returns, for each page, the pages that link to it (unsorted).
func (g *linkGraph) into() map[*page][]*page {
	g.mu.Lock()
	defer g.mu.Unlock()
	in := map[*page][]*page{}
	for from, tos := range g.out {
		for to := range tos {
			in[to] = append(in[to], from)
		}
	}
	return in
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

// recordLink records that page from's Markdown links to the URL u (a
// resolved link, wikilink or embed): an edge of the link graph when u is
// another page's.
func (s *Site) recordLink(from *page, u string) {
	if s.graph == nil || u == "" || strings.HasPrefix(u, "#") {
		return
	}
	if to := s.pageAt(u); to != nil {
		s.graph.add(from, to)
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

// changedTargets returns the pages whose backlinks differ between the
// links old and now of one page: those linked by one and not the other.
func changedTargets(old, now map[*page]bool) []*page {
	var out []*page
	for t := range old {
		if !now[t] {
			out = append(out, t)
		}
	}
	for t := range now {
		if !old[t] {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *page) int { return cmp.Compare(a.rel, b.rel) })
	return out
}
