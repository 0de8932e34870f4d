package content

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// ListFeed is the feed of a list page (layout.Layout.ListFeed): its
// file, its list's kind and title, and its items.
type ListFeed struct {
	File  string // the feed's output path ("rules/index.xml")
	List  *Page
	Kind  string // "home", "section", "taxonomy" or "term"
	Title string // the list's own title, "" for none (a home page without one: the site's)
	Date  time.Time
	Items []*Page
	Dates []time.Time // each item's date (a term's: its newest page's)
}

// ListFeeds are the feeds of the site's list pages in the tool's shape
// (layout.Layout.ListFeed); none without one. Hugo's embedded RSS
// template lists "$pctx.RegularPages" of the home page (the site's) and
// of a section, ".Pages" of a taxonomy (its terms) and of a term, in the
// default order ("weight, date (descending), linkTitle, path",
// https://gohugo.io/quick-reference/glossary/#default-sort-order),
// "first $limit" of them where services.rss.limit is set; the list's
// date is its own, else its newest page's (Hugo 0.111 measured).
func (s *Site) ListFeeds() []ListFeed {
	lf := s.Lay.ListFeed
	if lf == nil || lf.Want == nil {
		return nil
	}
	var feeds []ListFeed
	for _, p := range s.Pages {
		if p.NoPage || p.RedirectTo != "" || !strings.HasSuffix(p.SitePath, "/") ||
			p.Kind != templates.KindHome && p.Kind != templates.KindSection {
			continue
		}
		kind := listKind(p).Kind
		if !lf.Want(kind, p.Meta) {
			continue
		}
		var items []*Page
		switch kind {
		case "home":
			items = s.pagerPages(layout.Pager{})
		case "section":
			items = s.sectionRegularPages(p)
		default:
			items = slices.Clone(p.Children)
		}
		slices.SortStableFunc(items, func(a, b *Page) int {
			return cmp.Or(byWeight(a, b), s.feedDate(b).Compare(s.feedDate(a)), compareLower(a.Label(), b.Label()), cmp.Compare(a.Rel, b.Rel))
		})
		f := ListFeed{File: strings.TrimPrefix(p.SitePath, "/") + lf.Name, List: p, Kind: kind, Date: s.feedDate(p)}
		if kind == "home" {
			f.Title = layout.Text(p.Meta["title"])
		} else {
			f.Title = p.Title
		}
		if lf.Limit > 0 && len(items) > lf.Limit {
			items = items[:lf.Limit]
		}
		f.Items = items
		for _, it := range items {
			f.Dates = append(f.Dates, s.feedDate(it))
		}
		feeds = append(feeds, f)
	}
	return feeds
}

// sectionRegularPages are a section's regular pages: its pages and those
// of its folders that are no sections (layout.Layout.NoSection), not its
// sections' (Hugo's .RegularPages).
func (s *Site) sectionRegularPages(p *Page) []*Page {
	var out []*Page
	for _, c := range p.Children {
		switch {
		case c.Kind == templates.KindPage && !c.NoPage && c.RedirectTo == "":
			out = append(out, c)
		case c.Kind == templates.KindSection && c.NoPage:
			out = append(out, s.sectionRegularPages(c)...) // a folder that is no section
		}
	}
	return out
}

// feedDate is a page's date in a feed: its front matter's, else, for a
// list, its newest page's (Hugo's .Date of a list).
func (s *Site) feedDate(p *Page) time.Time {
	if t, ok := layout.Time(p.Meta["date"]); ok && !t.IsZero() {
		return t
	}
	if p.Kind == templates.KindPage {
		return time.Time{}
	}
	var newest time.Time
	kids := p.Children
	if p.Kind == templates.KindHome {
		kids = s.pagerPages(layout.Pager{})
	}
	for _, c := range kids {
		if t := s.feedDate(c); t.After(newest) {
			newest = t
		}
	}
	return newest
}

// isListFeed reports whether rel (output-relative) is one of the list
// pages' feeds: a link to it is good.
func (s *Site) isListFeed(rel string) bool {
	lf := s.Lay.ListFeed
	if lf == nil || !strings.HasSuffix(rel, lf.Name) {
		return false
	}
	for _, f := range s.ListFeeds() {
		if f.File == rel {
			return true
		}
	}
	return false
}
