package site

import (
	"cmp"
	"maps"
	"net/url"
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
// its Markdown links to, each link with its fragment ("" for the page
// itself), which decide the parts of the page its previews file holds
// (preview.go). A page's links are kept as written, repeats included, in
// one slice: a site's graph is a few objects a page for the garbage
// collector to scan, not one a link. It is safe for concurrent use.
type linkGraph struct {
	mu  sync.Mutex
	out map[*page][]link
}

// link is one link of a page: to a page, at a fragment.
type link struct {
	to   *page
	frag string
}

func newLinkGraph() *linkGraph { return &linkGraph{out: map[*page][]link{}} }

// add records a link from page from to fragment frag of page to.
func (g *linkGraph) add(from, to *page, frag string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.out[from] = append(g.out[from], link{to, frag})
}

// reset forgets p's links (it is about to render again) and returns them.
func (g *linkGraph) reset(p *page) []link {
	g.mu.Lock()
	defer g.mu.Unlock()
	old := g.out[p]
	delete(g.out, p)
	return old
}

// set puts back the links reset returned.
func (g *linkGraph) set(p *page, l []link) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if l == nil {
		delete(g.out, p)
		return
	}
	g.out[p] = l
}

// targets returns the links of p.
func (g *linkGraph) targets(p *page) []link {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.out[p])
}

// invert returns, for each page, the pages that link to it (unsorted,
// each once) and the fragments of it they link to (repeats included).
func (g *linkGraph) invert() (in map[*page][]*page, frags map[*page][]string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	in, frags = map[*page][]*page{}, map[*page][]string{}
	for from, ls := range g.out {
		for _, l := range ls {
			// A page's links are read together: a repeat of a link from
			// it is the last source listed.
			if src := in[l.to]; len(src) == 0 || src[len(src)-1] != from {
				in[l.to] = append(src, from)
			}
			frags[l.to] = append(frags[l.to], l.frag)
		}
	}
	return in, frags
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
// a page's.
func (s *Site) recordLink(from *page, u string) {
	if s.graph == nil || u == "" || strings.HasPrefix(u, "#") {
		return // a link within the page: no other page's list or preview
	}
	base, frag, _ := strings.Cut(u, "#")
	to := s.pageAt(base)
	if to == nil || to == from {
		return
	}
	if f, err := url.PathUnescape(frag); err == nil {
		frag = f
	}
	s.graph.add(from, to, strings.Clone(frag)) // not the whole URL kept for it
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

// changedTargets returns the pages whose "Linked from" list or previews
// differ between the links old and now of one page: those linked by one
// and not the other, or at other fragments.
func changedTargets(old, now []link) []*page {
	sets := func(ls []link) map[*page]map[string]bool {
		m := map[*page]map[string]bool{}
		for _, l := range ls {
			if m[l.to] == nil {
				m[l.to] = map[string]bool{}
			}
			m[l.to][l.frag] = true
		}
		return m
	}
	o, n := sets(old), sets(now)
	var out []*page
	for t, fs := range o {
		if !maps.Equal(fs, n[t]) {
			out = append(out, t)
		}
	}
	for t := range n {
		if _, ok := o[t]; !ok {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *page) int { return cmp.Compare(a.rel, b.rel) })
	return out
}
