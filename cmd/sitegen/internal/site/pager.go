package site

import (
	"cmp"

	"github.com/yuin/goldmark/renderer/html"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"
)

// pagerLinks shows page p's previous and next links as its layout's
// pagination does (layout.Layout.Pager, Starlight's): each by the
// navigation's label of the page it leads to, alone, as p's front matter
// overrides it.
func (s *Site) pagerLinks(p *content.Page, v *templates.Page) {
	prev, next := s.Lay.Pager(p.Meta)
	v.Prev = pagerLink(v.Prev, p.Prev, prev)
	v.Next = pagerLink(v.Next, p.Next, next)
}

// pagerLink is the link l to page to (nil for none) as the front matter's
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
		return &templates.Link{Title: fm.Label, URL: fm.Link}
	case l == nil:
		return nil
	}
	l.Section = ""
	l.Title = cmp.Or(fm.Label, to.Label())
	if fm.Link != "" {
		l.URL = fm.Link
	}
	return l
}
