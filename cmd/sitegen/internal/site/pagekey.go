package site

import (
	"encoding/binary"
	"slices"
	"time"

	"d6codex/templates"
)

// keyWriter writes the parts of a page's key (pageKey) into a buffer
// hashed once: each value with its length or a mark for nil, so that two
// different pages never write the same bytes. It makes the distinctions
// the templates can see: a nil slice, map or pointer is not an empty or
// zero one (Page.NavTree tests Nav against nil), a map's keys are written
// in order. TestPageKeyFields fails when templates.Page, or a struct it
// holds, has a field this does not write.
type keyWriter struct {
	buf   []byte
	depth int  // of the navigation or contents tree being written
	deep  bool // a tree deeper than maxKeyDepth: no key
}

// maxKeyDepth bounds the trees a key writes (navigation, table of
// contents): a page whose tree is deeper (or a loop) has no key and is
// always written, as encoding/json's "encountered a cycle" made it.
const maxKeyDepth = 1000

func (w *keyWriter) bool(b bool) {
	if b {
		w.buf = append(w.buf, 1)
	} else {
		w.buf = append(w.buf, 0)
	}
}

func (w *keyWriter) int(n int) { w.buf = binary.AppendVarint(w.buf, int64(n)) }

func (w *keyWriter) str(s string) {
	w.buf = binary.AppendUvarint(w.buf, uint64(len(s)))
	w.buf = append(w.buf, s...)
}

// null writes whether a nil-able value is nil and reports whether it is
// not: its contents follow only then.
func (w *keyWriter) null(isNil bool) bool {
	w.bool(!isNil)
	return !isNil
}

func (w *keyWriter) strs(ss []string) {
	if w.null(ss == nil) {
		w.int(len(ss))
		for _, s := range ss {
			w.str(s)
		}
	}
}

func (w *keyWriter) time(t time.Time) {
	// What a template can read of it: the instant in its zone's offset
	// (encoding/json's RFC 3339 text).
	w.buf = t.AppendFormat(w.buf, time.RFC3339Nano)
	w.buf = append(w.buf, 0)
}

func (w *keyWriter) link(l *templates.Link) {
	w.str(l.Title)
	w.str(l.TitleHTML)
	w.str(l.URL)
	w.str(l.Description)
	w.str(l.Section)
	w.bool(l.External)
	w.str(l.Target)
}

func (w *keyWriter) links(ls []templates.Link) {
	if w.null(ls == nil) {
		w.int(len(ls))
		for i := range ls {
			w.link(&ls[i])
		}
	}
}

func (w *keyWriter) nav(items []*templates.NavItem) {
	if !w.null(items == nil) {
		return
	}
	w.int(len(items))
	if w.depth++; w.depth > maxKeyDepth {
		w.deep = true
		return
	}
	for _, it := range items {
		if !w.null(it == nil) {
			continue
		}
		w.str(it.Title)
		w.str(it.TitleHTML)
		w.str(it.URL)
		w.nav(it.Children)
		if w.deep {
			return
		}
		w.int(int(it.Kind))
		w.str(it.Number)
		w.bool(it.Collapsible)
		w.bool(it.Open)
		w.str(it.Group)
		w.bool(it.Unfolded)
		w.bool(it.External)
		w.str(it.Target)
		w.str(it.Written)
		w.str(it.PagerTitle)
		w.str(it.Class)
		w.str(it.Badge)
		w.str(it.BadgeVariant)
	}
	w.depth--
}

func (w *keyWriter) toc(items []*templates.TOCItem) {
	if !w.null(items == nil) {
		return
	}
	w.int(len(items))
	if w.depth++; w.depth > maxKeyDepth {
		w.deep = true
		return
	}
	for _, it := range items {
		if !w.null(it == nil) {
			continue
		}
		w.str(it.Title)
		w.str(it.ID)
		w.toc(it.Children)
		if w.deep {
			return
		}
	}
	w.depth--
}

// page writes every field of the page's view but Site, which the site's
// key stands for (pageKey).
func (w *keyWriter) page(p *templates.Page) {
	w.int(int(p.Kind))
	w.nav(p.Nav)
	w.str(p.Title)
	w.str(p.DocTitle)
	w.str(p.Heading)
	w.str(p.Description)
	w.str(p.URL)
	w.str(p.Permalink)
	w.str(p.Content)
	w.toc(p.TOC)
	w.links(p.Breadcrumbs)
	for _, l := range []*templates.Link{p.Prev, p.Next} {
		if w.null(l == nil) {
			w.link(l)
		}
	}
	w.str(p.PrevWord)
	w.str(p.NextWord)
	w.str(p.Lead)
	w.links(p.Children)
	if w.null(p.Pagination == nil) {
		w.int(p.Pagination.Number)
		w.strs(p.Pagination.URLs)
	}
	if w.null(p.Flags == nil) {
		keys := make([]string, 0, len(p.Flags))
		for k := range p.Flags {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		w.int(len(keys))
		for _, k := range keys {
			w.str(k)
			w.bool(p.Flags[k])
		}
	}
	w.strs(p.Scripts)
	w.strs(p.Styles)
	w.str(p.Section)
	w.str(p.Notice)
	w.str(p.EditURL)
	w.time(p.Updated)
	w.links(p.Backlinks)
	if h := p.Hero; w.null(h == nil) {
		w.str(h.Name)
		w.str(h.Text)
		w.str(h.Tagline)
		if w.null(h.Actions == nil) {
			w.int(len(h.Actions))
			for _, a := range h.Actions {
				w.str(a.Title)
				w.str(a.URL)
				w.bool(a.Alt)
			}
		}
		w.str(h.Image)
		w.str(h.ImageLight)
		w.str(h.ImageAlt)
	}
	if w.null(p.Features == nil) {
		w.int(len(p.Features))
		for _, f := range p.Features {
			w.str(f.Icon)
			w.str(f.Title)
			w.str(f.Details)
			w.str(f.URL)
			w.str(f.LinkText)
		}
	}
	w.bool(p.Hide.TOC)
	w.bool(p.Hide.Nav)
	w.bool(p.Hide.Pager)
	w.bool(p.Hide.Path)
	w.bool(p.Wide)
	w.bool(p.Print)
}
