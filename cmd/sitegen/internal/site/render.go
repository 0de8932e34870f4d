package site

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/xml"
	"fmt"
	"html"
	"maps"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/docusaurus"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"

	"github.com/a-h/templ"
)

// render writes the whole site into out, whose folder should be empty:
// static assets, every page, the 404 page, alias redirects and
// sitemap.xml; out may reuse the unchanged files of a previous output (see
// assets.Output). Problems are recorded as diagnostics; the error is for
// I/O failures and cancellation.
func (s *Site) render(ctx context.Context, out *assets.Output) error {
	reserved := map[string]bool{"404.html": true, "sitemap.xml": !s.Lay.OwnSitemap, content.SwFile: true}
	for _, p := range s.Pages {
		if p.FileHome {
			continue // a file of the content is written there
		}
		for _, sp := range content.ListPaths(p) { // the page, and the further pages of its list
			reserved[content.OutputPath(sp)] = true
		}
	}
	extra := map[string][]byte{}
	for _, gen := range s.Opts.Generators {
		files, err := gen(ctx, s.Site)
		if err != nil {
			return fmt.Errorf("generate assets: %w", err)
		}
		maps.Copy(extra, files)
	}
	d0, w0 := s.Diag.Len(), s.Warn.Len()
	assets, err := s.copyStatic(ctx, out, reserved, extra)
	if err != nil {
		return err
	}
	s.Graph.SetStatic(out.Files(), s.Diag.Since(d0), s.Warn.Since(w0))
	s.Linked.Reset()
	s.SiteAssets.Reset()
	s.search = s.newSearchIndex(assets)
	s.Lastmod, s.Created = content.GitTimes(ctx, s.Opts.Source, s.Lay.Content)
	home := s.Home.SitePath
	if s.Home.NoPage {
		// The content's root has no page and another page is at the
		// site's root (Docusaurus's src/pages/index.md, its blog list in
		// blog-only mode): the site's title leads there.
		home = "/"
	}
	view := &templates.Site{
		Title:    s.Cfg.Title,
		Language: s.Cfg.LanguageCode,
		Home:     s.Cfg.RelURL(home),
		Assets:   assets,
		Dir:      direction(s.Lay.Settings.Direction, s.Cfg.LanguageCode),
		Locales:  s.locales,
		// The tool's words: its pager's, its switcher's target.
		LocaleHomes: s.Lay.LocaleHomes,
		PrevText:    s.Lay.PrevText,
		NextText:    s.Lay.NextText,
		Words:       s.UIWords(),
	}
	view.SetNav(s.SiteNav())
	view.FolderNavs = s.FolderNavs()
	view.Print = s.printLink()
	s.parts = nil
	if s.Lay.Combined != nil {
		s.parts = &combinedParts{html: map[string]string{}}
	}
	view.NavbarTabs = len(s.Lay.Navbar) > 0
	s.IndexPages()
	d0, w0 = s.Diag.Len(), s.Warn.Len()
	view.Footer = s.Footer(view.Assets)
	view.LinkPreviews = s.Cfg.LinkPreviews
	view.HomeTitle = s.Lay.HomeTitle && ownTitle(s.Home)
	if !ownTitle(s.Home) {
		view.HomeTagline = s.Lay.HomeTagline
	}
	if s.Lay.TitleSuffix != nil {
		view.SuffixTitles, view.TitleSuffix, view.SuffixNotHome = true, *s.Lay.TitleSuffix, s.Lay.SuffixNotHome
	}
	view.PreviewShards = s.previewShards()
	s.prevs = newPreviewSet(s.bc != nil)
	s.Graph.SetFooter(content.Problems{Errs: s.Diag.Since(d0), Warns: s.Warn.Since(w0)})
	s.View = view // kept for Site.Update
	s.bc.setView(view)
	if s.Cfg.Backlinks || s.Cfg.LinkPreviews {
		// A page's "Linked from" list and its previews need every page's
		// links: every body first, then every page (backlinks.go).
		// Their HTML waits on disk (spill.go) unless the bodies are kept
		// anyway (serve: graph.keep; the build cache, buildcache.go).
		var sp *spill
		aside := !s.Graph.Keeps() && s.bc == nil
		if aside {
			sp = newSpill(filepath.Dir(out.Dir))
			defer sp.close()
		}
		bodies := make([]*content.Body, len(s.Pages))
		spans := make([]span, len(s.Pages))
		err = content.Parallel(ctx, len(s.Pages), s.Opts.Workers, func(i int) {
			p := s.Pages[i]
			b := s.cachedOrRender(p, view.Assets)
			if b != nil && aside {
				spans[i] = s.setAside(p, b, sp)
			}
			bodies[i] = b
		})
		if err != nil {
			return err
		}
		s.LinkGraph(func(p *content.Page) *content.Body { return bodies[s.Order[p]] })
		s.Graph.SetFrags(s.Pages, s.Frags)
		err = content.Parallel(ctx, len(s.Pages), s.Opts.Workers, func(i int) {
			p, b := s.Pages[i], bodies[i]
			bodies[i] = nil // let its HTML go once written
			if spans[i].n > 0 {
				text, err := sp.get(spans[i])
				if err != nil {
					s.Diag.Addf(p.File, 0, 0, "", "%v", err)
					return
				}
				b.Content = text
			}
			if err := s.writeRendered(ctx, p, b, view, out); err != nil {
				s.Diag.Addf(p.File, 0, 0, "", "%v", err)
			}
		})
	} else {
		err = content.Parallel(ctx, len(s.Pages), s.Opts.Workers, func(i int) {
			if err := s.renderPage(ctx, s.Pages[i], view, out); err != nil {
				s.Diag.Addf(s.Pages[i].File, 0, 0, "", "%v", err)
			}
		})
	}
	if err != nil {
		return err
	}
	if s.parts != nil {
		parts := s.parts
		s.parts = nil
		if err := s.writeCombined(ctx, out, view, func(p *content.Page) (string, bool) { h, ok := parts.html[p.Rel]; return h, ok }); err != nil {
			return err
		}
	}
	if err := s.search.write(ctx, s, out); err != nil {
		return err
	}
	if s.NotFound != nil {
		if err := s.renderPage(ctx, s.NotFound, view, out); err != nil {
			s.Diag.Addf(s.NotFound.File, 0, 0, "", "%v", err)
		}
		s.rendered.Add(-1) // the 404 page is not counted
	} else if !s.Lay.NoNotFoundPage {
		notFound := s.notFoundPage(view)
		if err := s.writePage(ctx, out, "404.html", templates.Render(notFound)); err != nil {
			return err
		}
	}
	if err := s.writePreviews(ctx, out, view.PreviewShards); err != nil {
		return err
	}
	if err := s.copyBundles(out, reserved); err != nil { // once the pages said which files they link to
		return err
	}
	s.CheckAliasFiles(out.Has) // no redirect over a file of static/, the theme or the content
	redirects := map[string]bool{}
	for _, p := range s.Pages {
		for _, a := range p.Aliases {
			redirects[content.OutputPath(a.SitePath)] = true
			if err := s.writePage(ctx, out, content.OutputPath(a.SitePath), templates.Alias(s.Cfg.LanguageCode, s.Cfg.AbsURL(p.SitePath), s.Cfg.RelURL(p.SitePath))); err != nil {
				return err
			}
		}
	}
	if err := s.writeLayoutRedirects(ctx, out, out.Has, redirects); err != nil {
		return err
	}
	if err := s.writeSitemap(out); err != nil {
		return err
	}
	if err := s.writeFeeds(out); err != nil {
		return err
	}
	if err := s.writeServiceWorker(out, redirects); err != nil {
		return err
	}
	s.Graph.SetOutput(out.Files())
	return nil
}

// section returns the top-level section page p belongs to (itself for a
// top-level section), or nil for the home page and top-level pages.
func (s *Site) section(p *content.Page) *content.Page {
	for a := p; a != nil; a = a.Parent {
		if a.Parent == s.Home {
			if a.Kind == templates.KindSection {
				return a
			}
			return nil
		}
	}
	return nil
}

// link is the link to page p, nil for none.
func (s *Site) link(p *content.Page) *templates.Link {
	if p == nil {
		return nil
	}
	l := s.linkTo(p)
	return &l
}

// linkTo is the link to page p (not nil), as a value: a frame's
// breadcrumbs and children are made for every page at every save
// (update.go), so they take no allocation of their own.
func (s *Site) linkTo(p *content.Page) templates.Link {
	sp := p.SitePath
	if p.NoPage { // a folder without a page: its first page (a Docusaurus category's card leads there)
		sp = ""
		if first := firstOwnPage(p); first != nil {
			sp = first.SitePath
		}
	}
	l := templates.Link{Title: p.Title, Description: p.Description}
	if sp != "" {
		l.URL = s.Cfg.RelURL(sp)
	}
	return l
}

// firstOwnPage is the first page under the section p, in reading order, that
// has a page of its own; nil for none.
func firstOwnPage(p *content.Page) *content.Page {
	for _, c := range p.Children {
		if !c.NoPage {
			return c
		}
		if f := firstOwnPage(c); f != nil {
			return f
		}
	}
	return nil
}

// renderPage renders one page and writes it; its HTML is dropped as soon
// as it is written (kept, with Options.Incremental, as the page's body in
// the graph). What the page read on the way is recorded in the graph.
func (s *Site) renderPage(ctx context.Context, p *content.Page, site *templates.Site, out *assets.Output) error {
	return s.writeRendered(ctx, p, s.cachedOrRender(p, site.Assets), site, out)
}

// writeRendered writes page p with its body b (nil for a page without a
// file), its "Linked from" list (Site.into) and its previews file.
func (s *Site) writeRendered(ctx context.Context, p *content.Page, b *content.Body, site *templates.Site, out *assets.Output) error {
	if b != nil {
		s.Graph.SetBody(p.Rel, b)
		s.bc.record(s, p, b)
		b.Publish(s.Diag, s.Warn)
		if b.Failed || b.Err {
			return nil // its problems are reported: it has no page
		}
		if s.parts != nil && p.RedirectTo == "" {
			s.bc.fillText(s, p, b, site.Assets) // a cached body's text too
			s.parts.put(p.Rel, b.Content)
		}
	}
	if p.RedirectTo != "" { // a redirect elsewhere (Jekyll's redirect_to:): no page, its text not rendered
		if b != nil {
			b.Drop(s.Graph.Keeps())
		}
		return s.writePages(ctx, out, p, nil)
	}
	v := s.frame(p, site)
	s.Graph.SetFrame(p.SitePath, v)
	if b != nil {
		b.Fill(v)
		if s.indexed(p) && !b.Searched {
			s.indexPage(p, v.URL, b)
		}
	}
	// With a build cache, a page whose output is made from the same
	// things as in the previous build keeps its files (buildcache.go).
	var w fileWriter = out
	bc := s.bc // one cache for the whole page
	key, keyed := bc.pageKey(s, p, v, b)
	if keyed && bc.keepOutputs(p.SitePath, key, out) {
		if s.previews(p) {
			s.prevs.keep(p, bc.keptPreview(p.SitePath))
		}
		if b != nil {
			b.Drop(s.Graph.Keeps())
		}
		s.rendered.Add(1)
		return nil
	}
	if bc.fillText(s, p, b, site.Assets) { // a cached body's text, read once the page is written
		b.Fill(v)
	}
	rec := &outRecorder{out: out, files: map[string][sha256.Size]byte{}}
	if keyed {
		w = rec
	}
	if err := s.writePages(ctx, w, p, v); err != nil {
		return err
	}
	var preview [sha256.Size]byte
	if b != nil {
		if b.Px != nil && s.previews(p) {
			entry := s.previewEntry(ctx, p, b.Content, b.Px)
			preview = s.prevs.put(p.SitePath, entry)
		}
		b.Drop(s.Graph.Keeps())
	}
	if keyed {
		bc.recordOutputs(p.SitePath, key, rec.files, preview, out)
	}
	s.rendered.Add(1)
	return nil
}

// setAside makes the body b of page p small while it waits for every
// other page's body (render), in a build that keeps no bodies: its
// questions to the content model become its links to other pages (when
// the build keeps no dependency graph either, whose Update asks them),
// its search documents go into the search index, which keeps them
// encoded, and its HTML to the spill file (nil: it stays), at the
// returned span.
func (s *Site) setAside(p *content.Page, b *content.Body, sp *spill) span {
	if s.Graph == nil { // no Update asks them again (update.go)
		b.Links, b.Calls = s.LinksOf(p, b), nil // all the link graph needs of them
		b.Reads = nil                           // for Update and the build cache (none here) only
	}
	if b.Failed || b.Err || p.RedirectTo != "" {
		return span{} // as writeRendered: no page
	}
	if s.indexed(p) {
		s.indexPage(p, b.Url, b)
		b.Docs, b.Searched = nil, true
	}
	at, ok := sp.put(b.Content)
	if ok {
		b.Content = ""
	}
	return at
}

// renderBody renders the Markdown of page p (nil for a page without a
// file), recording what it reads (see graph.go). The text is the one
// loadPage read, or the file read again (a page kept from an earlier
// model, see Update). A page that could not be read is parsed only for
// its problems, so that one run reports every problem.
func (s *Site) renderBody(p *content.Page, assets templates.Assets) *content.Body {
	if p.File == "" {
		return nil
	}
	b := &content.Body{File: p.File, Url: s.Cfg.RelURL(p.SitePath), DropH1: p.DropH1 && !p.TitleLead, DropLeading: p.DropH1 && p.TitleLead,
		Failed: p.Failed, Reads: map[string]bool{p.File: true}, Calls: map[content.Call]content.Answer{}}
	for _, f := range p.Includes {
		b.Reads[f] = true
	}
	src := p.Src
	p.Src = nil // render once; let the bytes go as soon as the page is written
	if src == nil && p.Read {
		var err error
		if src, err = s.Reread(p); err != nil {
			b.Report(content.Diagnostic{File: p.File, Msg: fmt.Sprintf("read: %v", content.UnwrapPath(err))}, false)
			b.Err = true
			return b
		}
	}
	if p.RedirectTo != "" { // a redirect elsewhere: its text is not rendered
		return b
	}
	if p.Failed {
		if src != nil { // still check links and blocks
			s.Md.Parse(src, s.MarkupPage(p, assets, b))
		}
		return b
	}
	doc, res := s.Md.Parse(src, s.MarkupPage(p, assets, b))
	buf := pagePool.Get().(*bytes.Buffer) // the text is copied out of it (b.Content)
	defer func() {
		if buf.Cap() <= 1<<20 {
			buf.Reset()
			pagePool.Put(buf)
		}
	}()
	buf.Grow(len(src) * 2)
	if s.previews(p) {
		starts, err := s.Md.RenderBlocks(buf, src, doc)
		if err != nil {
			b.Report(content.Diagnostic{File: p.File, Msg: fmt.Sprintf("render markdown: %v", err)}, false)
			b.Err = true
			return b
		}
		// The layout's filters on the page's HTML (Jekyll's {{ content |
		// replace: '<table>', … }}), the blocks' offsets kept in step.
		b.Content = layout.ApplyHTMLOps(p.HTMLOps, buf.String(), starts)
		b.Px = s.Md.PreviewIndex(doc, src, starts)
	} else if err := s.Md.Render(buf, src, doc); err != nil {
		b.Report(content.Diagnostic{File: p.File, Msg: fmt.Sprintf("render markdown: %v", err)}, false)
		b.Err = true
		return b
	} else {
		b.Content = layout.ApplyHTMLOps(p.HTMLOps, buf.String(), nil)
	}
	b.Toc, b.Flags, b.Scripts, b.Styles = res.TOC, res.Flags, res.Scripts, res.Styles
	hide, _ := p.Meta[s.Lay.HideTitleKey].(bool)
	hide = hide && s.Lay.HideTitleKey != ""
	if s.Lay.NoNameTitle && p.Kind == templates.KindPage && p.OwnTitleText() == "" {
		hide = true // untitled but for its file's name: the tool shows no title (layout.Layout.NoNameTitle)
	}
	if hide && !p.DropH1 {
		// The front matter hides the title the frame would show: no
		// heading of the text stands for it (layout.Layout.HideTitleKey).
		b.Flags = maps.Clone(b.Flags)
		if b.Flags == nil {
			b.Flags = map[string]bool{}
		}
		b.Flags[templates.FlagOwnH1] = true
	}
	if s.Graph.Keeps() || s.indexed(p) {
		b.Docs = searchDocs(p, doc, src)
	}
	return b
}

// indexed reports whether page p goes into the search index: not the 404
// page, nor a page its tool keeps out of search or lists.
func (s *Site) indexed(p *content.Page) bool {
	return p.File != "" && p != s.NotFound && !p.SearchExclude && p.Unlisted == ""
}

// frame is the view of page p but its rendered Markdown: its title and
// place in the site (breadcrumbs, previous and next, its list), as the
// templates show them around the text (see body.fill).
func (s *Site) frame(p *content.Page, site *templates.Site) *templates.Page {
	v := &templates.Page{
		Kind:        p.Kind,
		Site:        site,
		Title:       p.Title,
		DocTitle:    p.DocTitle(),
		Heading:     p.Heading,
		Description: p.Description,
		URL:         s.Cfg.RelURL(p.SitePath),
		Permalink:   s.Cfg.AbsURL(p.SitePath),
		Prev:        s.link(p.Prev),
		Next:        s.link(p.Next),
		Updated:     s.ShownUpdated(p),
	}
	if v.DocTitle == "" && s.Lay.DocTitle != nil { // the tool's <title>
		v.DocTitle = s.Lay.DocTitle(p.OwnTitleText(), s.Cfg.Title, p.Meta)
	}
	v.Nav = site.FolderNavs[p.NavFolder()]
	if s.Lay.Hide != nil {
		v.Hide.TOC, v.Hide.Nav, v.Hide.Pager, v.Hide.Path = s.Lay.Hide(p.Meta)
		if v.Hide.Pager {
			v.Prev, v.Next = nil, nil
		}
	}
	if s.Lay.NoNav != nil && s.Lay.NoNav(p.Kind) {
		v.Hide.Nav = true
	}
	if s.Lay.Wide != nil {
		v.Wide = s.Lay.Wide(p.Meta)
	}
	if s.Lay.FallbackNotice != nil && p.File != "" {
		v.Notice = s.Lay.FallbackNotice(p.File)
	}
	if s.Cfg.EditURL != "" && p.File != "" {
		v.EditURL = s.Cfg.EditURL + content.EscapePath(p.File)
	}
	if p.Home != nil {
		s.HomeView(p, v)
	}
	if sec := s.section(p); sec != nil {
		v.Section = sec.Title
	}
	// Previous and next name the game of the page they lead to, as the
	// navigation names it (a Quartz folder's page is titled "Folder:
	// Magic", the Explorer names it "Magic").
	for _, l := range []struct {
		link *templates.Link
		to   *content.Page
	}{{v.Prev, p.Prev}, {v.Next, p.Next}} {
		if s.Lay.PagerLabel != nil && l.link != nil && l.to != nil {
			l.link.Title = cmp.Or(s.Lay.PagerLabel(l.to.Meta), l.to.Label())
			continue
		}
		if sec := s.section(l.to); l.link != nil && sec != nil && sec != l.to {
			l.link.Section = sec.Label()
		}
	}
	if s.Lay.Pager != nil && !v.Hide.Pager {
		s.pagerLinks(p, v)
	}
	if s.BlogPost(p) {
		v.PrevWord, v.NextWord = "Newer post", "Older post" // Docusaurus's BlogPostPaginator
	}
	depth := 0
	for a := p.Parent; a != nil; a = a.Parent {
		depth++
	}
	if depth > 0 {
		v.Breadcrumbs = make([]templates.Link, 0, depth)
	}
	for a := p.Parent; a != nil; a = a.Parent {
		l := s.linkTo(a)
		if a.NoPage {
			l.URL = "" // a category without a page: its label, not a link
		}
		// A tool whose navigation labels its categories (Docusaurus's
		// sidebar, an MkDocs nav: section) shows those labels in its
		// breadcrumbs too.
		l.Title = a.Label()
		if a == s.Home && a.File != "" && !ownTitle(a) && l.Title == a.Title && s.Cfg.Title != "" {
			// A home page with no title of its own (Docusaurus's
			// untitled docs/README.md, titled by its id "README"): its
			// crumb is the site's home, not a file's name (Docusaurus's
			// first crumb is its "Home page" link).
			l.Title = s.Cfg.Title
		}
		v.Breadcrumbs = append(v.Breadcrumbs, l)
	}
	slices.Reverse(v.Breadcrumbs)
	if len(p.Children) > 0 {
		v.Children = make([]templates.Link, 0, len(p.Children))
	}
	for _, c := range s.ListChildren(p) {
		// A list of a section's children is navigation: each by its
		// label there (an MkDocs section's title over its index page
		// titled by its own heading; a Docusaurus sidebar_label).
		l := s.linkTo(c)
		l.Title = c.Label()
		v.Children = append(v.Children, l)
	}
	if s.GeneratedIndex(p) {
		v.Lead = p.Description
		if cards := s.indexCards(p, v); cards != nil {
			v.Children = cards
		}
	}
	v.Backlinks = s.Backlinks(p, s.Into)
	return v
}

// indexCards are the links a category's generated index v (of page p)
// lists: a card for each item of its category in the sidebar the page
// shows ("Docusaurus generates an index page listing the category's
// items", https://docusaurus.io/docs/sidebar/items#generated-index-page;
// theme-classic's DocCardList of the category's items): a doc by its
// label and description, a category by its label leading to its page,
// else to its first link (findFirstSidebarItemLink), described by its
// count of items ("1 item", "3 items": DocCard's categoryItemsPlural),
// a link item (out of the site: marked and in a new tab as its sidebar
// entry is; DocCard's 🔗 card, @docusaurus/Link's target="_blank" for
// an external href). Nil where the sidebar does not hold the page.
func (s *Site) indexCards(p *content.Page, v *templates.Page) []templates.Link {
	var find func(items []*templates.NavItem) *templates.NavItem
	find = func(items []*templates.NavItem) *templates.NavItem {
		for _, it := range items {
			if it.URL == v.URL && len(it.Children) > 0 {
				return it
			}
			if f := find(it.Children); f != nil {
				return f
			}
		}
		return nil
	}
	cat := find(v.NavTree())
	if cat == nil {
		return nil
	}
	base := strings.TrimSuffix(s.Cfg.RelURL("/"), "/")
	cards := make([]templates.Link, 0, len(cat.Children))
	for _, it := range cat.Children {
		if it.Kind != templates.NavLink && (it.Kind != templates.NavDraft || len(it.Children) == 0) {
			continue // a part's title, a separator: no item of the category
		}
		l := templates.Link{Title: it.Title, URL: it.URL, External: it.External, Target: it.Target}
		switch {
		case len(it.Children) > 0:
			if l.URL == "" {
				l.URL = firstNavURL(it.Children)
			}
			l.Description = "1 item"
			if n := len(it.Children); n != 1 {
				l.Description = fmt.Sprintf("%d items", n)
			}
		case !it.External:
			if sp, err := url.PathUnescape(strings.TrimPrefix(it.URL, base)); err == nil {
				if q := s.ByURL[sp]; q != nil {
					l.Description = q.Description
				}
			}
		}
		if l.URL != "" {
			cards = append(cards, l)
		}
	}
	return cards
}

// firstNavURL is the URL of the first entry of items, depth first, that
// links somewhere; "" for none.
func firstNavURL(items []*templates.NavItem) string {
	for _, it := range items {
		if it.URL != "" {
			return it.URL
		}
		if u := firstNavURL(it.Children); u != "" {
			return u
		}
	}
	return ""
}

// writePages writes the page v of p: one file, or the pages of a
// section's long list (listPaths).
func (s *Site) writePages(ctx context.Context, out fileWriter, p *content.Page, v *templates.Page) error {
	if p.FileHome {
		return nil // a file of the content is the home (Layout.HTMLHome)
	}
	if q, ok := s.ByURL[p.SitePath]; ok && q != p {
		return nil // its URL is another page's: a duplicate URL checkURLs reported, not written over the page there
	}
	if p.RedirectTo != "" {
		canonical, target := s.RedirectURL(p) // another site: its URL is both
		return s.writePage(ctx, out, content.OutputPath(p.SitePath), templates.Alias(s.Cfg.LanguageCode, canonical, target))
	}
	if paths := content.ListPaths(p); len(paths) > 1 {
		return s.writeListPages(ctx, out, p, v, paths)
	}
	return s.writePage(ctx, out, content.OutputPath(p.SitePath), templates.Render(v))
}

// writeListPages writes the pages of section p's long list, at paths
// (listPaths): the first is the section page v itself with its text; the
// others hold only their part of the list, titled "TITLE, page I of N".
func (s *Site) writeListPages(ctx context.Context, out fileWriter, p *content.Page, v *templates.Page, paths []string) error {
	n := len(paths)
	urls := make([]string, n)
	for i, sp := range paths {
		urls[i] = s.Cfg.RelURL(sp)
	}
	children := v.Children
	size := p.ListSize()
	for i, sp := range paths {
		w := *v
		w.Children = children[min(i*size, len(children)):min((i+1)*size, len(children))]
		w.Pagination = &templates.Pagination{Number: i + 1, URLs: urls}
		if i > 0 {
			w.Title = fmt.Sprintf("%s, page %d of %d", p.Title, i+1, n)
			if p.PerPage > 0 {
				w.Title = p.Title // the tool's list: its title on every page (Docusaurus's "Blog")
			}
			w.Heading, w.Content, w.TOC, w.Backlinks = "", "", nil, nil
			w.URL, w.Permalink = urls[i], s.Cfg.AbsURL(sp)
			w.Prev, w.Next = nil, nil // the list's own links lead on
			w.Breadcrumbs = append(slices.Clone(v.Breadcrumbs), *s.link(p))
		}
		if err := s.writePage(ctx, out, content.OutputPath(sp), templates.Render(&w)); err != nil {
			return err
		}
	}
	return nil
}

// writePage renders c and writes it to rel in out. Pages are rendered
// into a pooled buffer, so that out can keep an unchanged file of the
// previous build instead of writing it again.
func (s *Site) writePage(ctx context.Context, out fileWriter, rel string, c templ.Component) error {
	buf := pagePool.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= 1<<20 { // let the rare huge page's buffer go
			buf.Reset()
			pagePool.Put(buf)
		}
	}()
	if err := c.Render(ctx, buf); err != nil {
		return fmt.Errorf("write %s: %w", rel, err)
	}
	if err := ctx.Err(); err != nil { // a page finished after Ctrl+C (see parallel): not written
		return err
	}
	if err := out.Write(rel, buf.Bytes()); err != nil {
		return fmt.Errorf("write %s: %w", rel, err)
	}
	return nil
}

// fileWriter is where pages are written: a build's assets.Output, or
// an Update's outputs (update.go).
type fileWriter interface {
	Write(rel string, data []byte) error
}

// pagePool holds the buffers pages, and the Markdown of pages, are
// rendered into.
var pagePool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeSitemap writes sitemap.xml listing every page in reading order,
// unless the site has its own (layout.Layout.OwnSitemap).
func (s *Site) writeSitemap(out fileWriter) error {
	if s.Lay.OwnSitemap {
		return nil
	}
	var b bytes.Buffer
	b.WriteString(xml.Header)
	alternates := s.sitemapAlternates()
	if alternates != nil {
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">` + "\n")
	} else {
		b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	}
	for _, p := range s.Pages {
		if p.Copy || p.Unlisted != "" {
			continue // a generated copy of other pages (copies.go), an unlisted page (publish.go)
		}
		b.WriteString("  <url><loc>")
		if err := xml.EscapeText(&b, []byte(s.Cfg.AbsURL(p.SitePath))); err != nil {
			return fmt.Errorf("sitemap: %w", err)
		}
		b.WriteString("</loc>")
		if alternates == nil {
			b.WriteString("</url>\n")
			continue
		}
		for _, a := range alternates(p) {
			b.WriteString(`<xhtml:link rel="alternate" hreflang="`)
			_ = xml.EscapeText(&b, []byte(a.lang)) // a bytes.Buffer does not fail
			b.WriteString(`" href="`)
			_ = xml.EscapeText(&b, []byte(a.href))
			b.WriteString(`"/>`)
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	files := s.sitemapFiles()
	name := files[len(files)-1]
	if len(files) > 1 {
		if err := s.writeSitemapIndex(out); err != nil {
			return err
		}
	}
	if err := out.Write(name, b.Bytes()); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	return nil
}

// sitemapFiles are the files writeSitemap writes, the page list's last:
// sitemap.xml; or, where the root's is an index of the locales'
// (layout.Layout.SitemapIndex), sitemap.xml and the default locale's,
// whose pages are at the root, in its folder ("en/sitemap.xml").
func (s *Site) sitemapFiles() []string {
	if s.Lay.SitemapIndex && len(s.Lay.Locales) > 1 {
		for _, l := range s.Lay.Locales {
			if l.Path == "" {
				return []string{"sitemap.xml", s.localeFolder(l.Name) + "sitemap.xml"}
			}
		}
	}
	return []string{"sitemap.xml"}
}

// localeFolder is the folder ("fr/") of the locale named name's sitemap
// (writeSitemapIndex): its Path, or its name for the locale at the root.
func (s *Site) localeFolder(name string) string {
	for _, l := range s.Lay.Locales {
		if l.Name == name && l.Path != "" {
			return strings.Trim(l.Path, "/") + "/"
		}
	}
	return name + "/"
}

// writeSitemapIndex writes the root sitemap.xml of a site whose locales
// each have their own (layout.Layout.SitemapIndex): a sitemapindex of
// them, in the locales' order.
func (s *Site) writeSitemapIndex(out fileWriter) error {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, l := range s.Lay.Locales {
		b.WriteString("  <sitemap><loc>")
		if err := xml.EscapeText(&b, []byte(s.Cfg.AbsURL("/"+s.localeFolder(l.Name)+"sitemap.xml"))); err != nil {
			return fmt.Errorf("sitemap index: %w", err)
		}
		b.WriteString("</loc></sitemap>\n")
	}
	b.WriteString("</sitemapindex>\n")
	if err := out.Write("sitemap.xml", b.Bytes()); err != nil {
		return fmt.Errorf("write sitemap.xml: %w", err)
	}
	return nil
}

// ownTitle reports whether page p has a title of its own, its front
// matter's or that of the heading that starts it, not one made from its
// file's name or the site's.
func ownTitle(p *content.Page) bool {
	if p == nil || p.File == "" {
		return false
	}
	if t, ok := p.Meta["title"]; ok && t != nil && strings.TrimSpace(fmt.Sprint(t)) != "" {
		return true
	}
	return p.DropH1
}

// notFoundPage is the 404 page sitegen writes when the pages have none:
// titled as the tool titles its own (layout.Layout.NotFoundTitle, else
// "Page not found"), with the tool's <title> where it has its own rule
// (VitePress's 404 page is titled "404"), its frame's parts hidden as
// the tool's own 404 page hides them (layout.Layout.NotFoundMeta), its
// sentence the tool's where it has one (layout.Layout.NotFoundText).
func (s *Site) notFoundPage(view *templates.Site) *templates.Page {
	p := &templates.Page{Kind: templates.KindNotFound, Site: view, Title: cmp.Or(s.Lay.NotFoundTitle, view.UI().NotFoundTitle), URL: s.Cfg.RelURL("/404.html")}
	if s.Lay.Hide != nil && s.Lay.NotFoundMeta != nil {
		p.Hide.TOC, p.Hide.Nav, p.Hide.Pager, p.Hide.Path = s.Lay.Hide(s.Lay.NotFoundMeta)
	}
	if s.Lay.Wide != nil && s.Lay.NotFoundMeta != nil {
		p.Wide = s.Lay.Wide(s.Lay.NotFoundMeta)
	}
	if s.Lay.DocTitle != nil {
		p.DocTitle = s.Lay.DocTitle("404", s.Cfg.Title, nil)
	}
	if s.Lay.NotFoundText != "" { // the tool's sentence, in place of sitegen's
		p.Content = "<p>" + html.EscapeString(s.Lay.NotFoundText) + "</p>"
	}
	return p
}

// writeLayoutRedirects writes the tool's redirect files that lead to
// another site or to a heading of a page (layout.Layout.RedirectFiles), each
// only where no page, file (has) or other redirect (written) is, as the
// tool writes them; written records them. A full build and an update
// (which removes what it does not write) both write them.
func (s *Site) writeLayoutRedirects(ctx context.Context, out fileWriter, has func(rel string) bool, written map[string]bool) error {
	if len(s.Lay.RedirectFiles) == 0 {
		return nil
	}
	pages := map[string]*content.Page{} // by content-relative path
	taken := map[string]bool{}          // the pages' output files
	for _, p := range s.Pages {
		pages[p.Rel] = p
		taken[content.OutputPath(p.SitePath)] = true
	}
	for _, r := range s.Lay.RedirectFiles {
		op := content.OutputPath(r.From)
		if taken[op] || written[op] || has(op) {
			continue
		}
		abs, rel := r.To, r.To
		if r.To == "" {
			p := pages[r.Rel]
			if p == nil { // not published after all (a draft): no page to lead to
				continue
			}
			abs, rel = s.Cfg.AbsURL(p.SitePath)+"#"+r.Fragment, s.Cfg.RelURL(p.SitePath)+"#"+r.Fragment
		}
		written[op] = true
		if err := s.writePage(ctx, out, op, templates.Alias(s.Cfg.LanguageCode, abs, rel)); err != nil {
			return fmt.Errorf("redirect %s (%s): %w", r.From, r.Setting, err)
		}
	}
	return nil
}

// direction is the pages' <html dir>: the tool's setting, else "rtl"
// when the site's language is written right to left (he, ar, fa, ur:
// docusaurus.Direction, the one table of them), so that a Hebrew or
// Arabic site reads from the right whichever tool it comes from; ""
// (the browser's ltr) otherwise.
func direction(setting, lang string) string {
	if setting != "" || lang == "" {
		return setting
	}
	if docusaurus.Direction(lang) == "rtl" {
		return "rtl"
	}
	return ""
}
