package site

import (
	"context"
	"fmt"
	"sync"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"
)

// combinedParts holds the HTML of each page's body, by its
// content-relative path, while a build writes the pages, for the
// layout's combined page (layout.Layout.Combined).
type combinedParts struct {
	mu   sync.Mutex
	html map[string]string
}

// put records the body HTML of the page at rel.
func (c *combinedParts) put(rel, html string) {
	c.mu.Lock()
	c.html[rel] = html
	c.mu.Unlock()
}

// printLink is the header's link to the layout's combined page, nil
// for none.
func (s *Site) printLink() *templates.Link {
	c := s.Lay.Combined
	if c == nil {
		return nil
	}
	return &templates.Link{Title: c.Label, URL: s.Cfg.RelURL("/" + c.File)}
}

// readingOrder is the site's pages as the pager leads through them:
// each chain of previous and next links from its first page, the chains
// in the order of their first pages.
func (s *Site) readingOrder() []*content.Page {
	var out []*content.Page
	seen := map[*content.Page]bool{}
	for _, p := range s.Pages {
		if p.Prev != nil {
			continue // in a chain, from its first page
		}
		for q := p; q != nil && !seen[q]; q = q.Next {
			seen[q] = true
			out = append(out, q)
		}
	}
	return out
}

// writeCombined writes the layout's combined page (mdBook's print.html)
// from the body HTML of every page with a text, in reading order
// (readingOrder; bodyOf: "" and false for a page without one); a page of the site at
// its URL keeps it, with a warning.
func (s *Site) writeCombined(ctx context.Context, out fileWriter, view *templates.Site, bodyOf func(*content.Page) (string, bool)) error {
	c := s.Lay.Combined
	if c == nil {
		return nil
	}
	sp := "/" + c.File
	if p, ok := s.ByURL[sp]; ok {
		s.Warn.Addf(p.File, 0, 0, "", "%s is where the layout writes its page of every page (%s): not written", sp, s.Lay.Kind)
		return nil
	}
	var parts []layout.Part
	for _, p := range s.readingOrder() {
		if p.File == "" || p.Failed || p.RedirectTo != "" || p == s.NotFound {
			continue
		}
		html, ok := bodyOf(p)
		if !ok {
			continue
		}
		v := templates.Page{Title: p.Title, Heading: p.Heading}
		parts = append(parts, layout.Part{URL: s.Cfg.RelURL(p.SitePath), Heading: v.H1(), OwnH1: p.DropH1, HTML: html})
	}
	page := &templates.Page{Kind: templates.KindPage, Site: view, URL: s.Cfg.RelURL(sp), Permalink: s.Cfg.AbsURL(sp),
		Content: c.Join(parts), Flags: map[string]bool{templates.FlagOwnH1: true}, Print: true,
		Hide: templates.Hidden{TOC: true, Pager: true, Path: true}}
	if err := s.writePage(ctx, out, c.File, templates.Render(page)); err != nil {
		return fmt.Errorf("combined page: %w", err)
	}
	return nil
}
