package site

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/xml"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/a-h/templ"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// render writes the whole site into out, whose folder should be empty:
// static assets, every page, the 404 page, alias redirects and
// sitemap.xml; out may reuse the unchanged files of a previous output (see
// assets.Output). Problems are recorded as diagnostics; the error is for
// I/O failures and cancellation.
func (s *Site) render(ctx context.Context, out *assets.Output) error {
	reserved := map[string]bool{"404.html": true, "sitemap.xml": true, swFile: true}
	for _, p := range s.pages {
		if p.fileHome {
			continue // a file of the content is written there
		}
		for _, sp := range listPaths(p) { // the page, and the further pages of its list
			reserved[outputPath(sp)] = true
		}
	}
	extra := map[string][]byte{}
	for _, gen := range s.opts.Generators {
		files, err := gen(ctx, s)
		if err != nil {
			return fmt.Errorf("generate assets: %w", err)
		}
		maps.Copy(extra, files)
	}
	d0, w0 := s.diag.len(), s.warn.len()
	assets, err := s.copyStatic(ctx, out, reserved, extra)
	if err != nil {
		return err
	}
	s.graph.setStatic(out.Files(), s.diag.since(d0), s.warn.since(w0))
	s.linked.reset()
	s.search = s.newSearchIndex(assets)
	s.lastmod, s.created = gitTimes(ctx, s.opts.Source, s.lay.Content)
	view := &templates.Site{
		Title:    s.cfg.Title,
		Language: s.cfg.LanguageCode,
		Home:     s.cfg.relURL(s.home.sitePath),
		Nav:      s.siteNav(),
		Assets:   assets,
	}
	s.indexPages()
	d0, w0 = s.diag.len(), s.warn.len()
	view.Footer = s.footer(view.Assets)
	view.LinkPreviews = s.cfg.LinkPreviews
	s.graph.setFooter(problems{s.diag.since(d0), s.warn.since(w0)})
	s.view = view // kept for Site.Update
	s.bc.setView(view)
	if s.cfg.Backlinks || s.cfg.LinkPreviews {
		// A page's "Linked from" list and its previews need every page's
		// links: every body first, then every page (backlinks.go).
		// Their HTML waits on disk (spill.go) unless the bodies are kept
		// anyway (serve: graph.keep; the build cache, buildcache.go).
		var sp *spill
		aside := !s.graph.keeps() && s.bc == nil
		if aside {
			sp = newSpill(filepath.Dir(out.Dir))
			defer sp.close()
		}
		bodies := make([]*body, len(s.pages))
		spans := make([]span, len(s.pages))
		err = parallel(ctx, len(s.pages), s.opts.Workers, func(i int) {
			p := s.pages[i]
			b := s.cachedOrRender(p, view.Assets)
			if b != nil && aside {
				spans[i] = s.setAside(p, b, sp)
			}
			bodies[i] = b
		})
		if err != nil {
			return err
		}
		s.linkGraph(func(p *page) *body { return bodies[s.order[p]] })
		s.graph.setFrags(s.pages, s.frags)
		err = parallel(ctx, len(s.pages), s.opts.Workers, func(i int) {
			p, b := s.pages[i], bodies[i]
			bodies[i] = nil // let its HTML go once written
			if spans[i].n > 0 {
				text, err := sp.get(spans[i])
				if err != nil {
					s.diag.addf(p.file, 0, 0, "", "%v", err)
					return
				}
				b.content = text
			}
			if err := s.writeRendered(ctx, p, b, view, out); err != nil {
				s.diag.addf(p.file, 0, 0, "", "%v", err)
			}
		})
	} else {
		err = parallel(ctx, len(s.pages), s.opts.Workers, func(i int) {
			if err := s.renderPage(ctx, s.pages[i], view, out); err != nil {
				s.diag.addf(s.pages[i].file, 0, 0, "", "%v", err)
			}
		})
	}
	if err != nil {
		return err
	}
	if err := s.search.write(ctx, s, out); err != nil {
		return err
	}
	if s.notFound != nil {
		if err := s.renderPage(ctx, s.notFound, view, out); err != nil {
			s.diag.addf(s.notFound.file, 0, 0, "", "%v", err)
		}
		s.rendered.Add(-1) // the 404 page is not counted
	} else {
		notFound := &templates.Page{Kind: templates.KindNotFound, Site: view, Title: "Page not found", URL: s.cfg.relURL("/404.html")}
		if err := s.writePage(ctx, out, "404.html", templates.Render(notFound)); err != nil {
			return err
		}
	}
	if err := s.copyBundles(out, reserved); err != nil { // once the pages said which files they link to
		return err
	}
	s.checkAliasFiles(out.Has) // no redirect over a file of static/, the theme or the content
	redirects := map[string]bool{}
	for _, p := range s.pages {
		for _, a := range p.aliases {
			redirects[outputPath(a.sitePath)] = true
			if err := s.writePage(ctx, out, outputPath(a.sitePath), templates.Alias(s.cfg.LanguageCode, s.cfg.absURL(p.sitePath), s.cfg.relURL(p.sitePath))); err != nil {
				return err
			}
		}
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
	s.graph.setOutput(out.Files())
	return nil
}

// outputPath is the file a site path is written to ("/a/b/" -> "a/b/index.html").
func outputPath(sitePath string) string {
	if !strings.HasSuffix(sitePath, "/") { // a redirect from an old file ("/old.html")
		return strings.TrimPrefix(sitePath, "/")
	}
	return strings.TrimPrefix(sitePath, "/") + "index.html"
}

// navItems converts the page tree into the templates' navigation tree.
func (s *Site) navItems(children []*page) []*templates.NavItem {
	items := make([]*templates.NavItem, 0, len(children))
	for _, c := range children {
		if c.navExclude {
			continue
		}
		it := &templates.NavItem{Title: c.label(), Children: s.navItems(c.children)}
		if c.noPage {
			it.Kind = templates.NavDraft // a heading over its pages, no page of its own
			it.Collapsible, it.Open = c.navFold, c.navOpen
		} else {
			it.URL = s.cfg.relURL(c.sitePath)
		}
		items = append(items, it)
	}
	return items
}

// section returns the top-level section page p belongs to (itself for a
// top-level section), or nil for the home page and top-level pages.
func (s *Site) section(p *page) *page {
	for a := p; a != nil; a = a.parent {
		if a.parent == s.home {
			if a.kind == templates.KindSection {
				return a
			}
			return nil
		}
	}
	return nil
}

func (s *Site) link(p *page) *templates.Link {
	if p == nil {
		return nil
	}
	sp := p.sitePath
	if p.noPage { // a folder without a page: its first page (a Docusaurus category's card leads there)
		sp = ""
		if first := firstOwnPage(p); first != nil {
			sp = first.sitePath
		}
	}
	l := &templates.Link{Title: p.title, Description: p.description}
	if sp != "" {
		l.URL = s.cfg.relURL(sp)
	}
	return l
}

// firstOwnPage is the first page under the section p, in reading order, that
// has a page of its own; nil for none.
func firstOwnPage(p *page) *page {
	for _, c := range p.children {
		if !c.noPage {
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
func (s *Site) renderPage(ctx context.Context, p *page, site *templates.Site, out *assets.Output) error {
	return s.writeRendered(ctx, p, s.cachedOrRender(p, site.Assets), site, out)
}

// writeRendered writes page p with its body b (nil for a page without a
// file), its "Linked from" list (Site.into) and its previews file.
func (s *Site) writeRendered(ctx context.Context, p *page, b *body, site *templates.Site, out *assets.Output) error {
	if b != nil {
		s.graph.setBody(p.rel, b)
		s.bc.record(s, p, b)
		b.publish(s.diag, s.warn)
		if b.failed || b.err {
			return nil // its problems are reported: it has no page
		}
	}
	if p.redirectTo != "" { // a redirect elsewhere (Jekyll's redirect_to:): no page, its text not rendered
		if b != nil {
			b.drop(s.graph.keeps())
		}
		return s.writePages(ctx, out, p, nil)
	}
	v := s.frame(p, site)
	s.graph.setFrame(p.sitePath, v)
	if b != nil {
		b.fill(v)
		if s.indexed(p) && !b.searched {
			s.search.putPage(p, s.searchEntry(p, v.URL, b))
		}
	}
	// With a build cache, a page whose output is made from the same
	// things as in the previous build keeps its files (buildcache.go).
	var w fileWriter = out
	bc := s.bc // one cache for the whole page
	key, keyed := bc.pageKey(s, p, v, b)
	if keyed && bc.keepOutputs(p.sitePath, key, out) {
		if b != nil {
			b.drop(s.graph.keeps())
		}
		s.rendered.Add(1)
		return nil
	}
	if bc.fillText(s, p, b, site.Assets) { // a cached body's text, read once the page is written
		b.fill(v)
	}
	rec := &outRecorder{out: out, files: map[string][sha256.Size]byte{}}
	if keyed {
		w = rec
	}
	if err := s.writePages(ctx, w, p, v); err != nil {
		return err
	}
	if b != nil {
		if b.px != nil && s.previews(p) {
			if err := s.writePreviews(ctx, w, out.Has, p, b.content, b.px); err != nil {
				return err
			}
		}
		b.drop(s.graph.keeps())
	}
	if keyed {
		bc.recordOutputs(p.sitePath, key, rec.files, out)
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
func (s *Site) setAside(p *page, b *body, sp *spill) span {
	if s.graph == nil { // no Update asks them again (update.go)
		b.links, b.calls = s.linksOf(p, b), nil // all the link graph needs of them
		b.reads = nil                           // for Update and the build cache (none here) only
	}
	if b.failed || b.err || p.redirectTo != "" {
		return span{} // as writeRendered: no page
	}
	if s.indexed(p) {
		s.search.putPage(p, s.searchEntry(p, b.url, b))
		b.docs, b.searched = nil, true
	}
	at, ok := sp.put(b.content)
	if ok {
		b.content = ""
	}
	return at
}

// renderBody renders the Markdown of page p (nil for a page without a
// file), recording what it reads (see graph.go). The text is the one
// loadPage read, or the file read again (a page kept from an earlier
// model, see Update). A page that could not be read is parsed only for
// its problems, so that one run reports every problem.
func (s *Site) renderBody(p *page, assets templates.Assets) *body {
	if p.file == "" {
		return nil
	}
	b := &body{file: p.file, url: s.cfg.relURL(p.sitePath), dropH1: p.dropH1 && !p.titleLead, dropLeading: p.dropH1 && p.titleLead,
		failed: p.failed, reads: map[string]bool{p.file: true}, calls: map[call]answer{}}
	for _, f := range p.includes {
		b.reads[f] = true
	}
	src := p.src
	p.src = nil // render once; let the bytes go as soon as the page is written
	if src == nil && p.read {
		var err error
		if src, err = s.reread(p); err != nil {
			b.report(Diagnostic{File: p.file, Msg: fmt.Sprintf("read: %v", unwrapPath(err))}, false)
			b.err = true
			return b
		}
	}
	if p.redirectTo != "" { // a redirect elsewhere: its text is not rendered
		return b
	}
	if p.failed {
		if src != nil { // still check links and blocks
			s.md.Parse(src, s.markupPage(p, assets, b))
		}
		return b
	}
	doc, res := s.md.Parse(src, s.markupPage(p, assets, b))
	var buf bytes.Buffer
	buf.Grow(len(src) * 2)
	if s.previews(p) {
		starts, err := s.md.RenderBlocks(&buf, src, doc)
		if err != nil {
			b.report(Diagnostic{File: p.file, Msg: fmt.Sprintf("render markdown: %v", err)}, false)
			b.err = true
			return b
		}
		b.px = s.md.PreviewIndex(doc, src, starts)
	} else if err := s.md.Render(&buf, src, doc); err != nil {
		b.report(Diagnostic{File: p.file, Msg: fmt.Sprintf("render markdown: %v", err)}, false)
		b.err = true
		return b
	}
	b.content = buf.String()
	b.toc, b.flags, b.scripts, b.styles = res.TOC, res.Flags, res.Scripts, res.Styles
	if s.graph.keeps() || s.indexed(p) {
		b.docs = searchDocs(p, doc, src)
	}
	return b
}

// reread reads the text of a page again, as loadPage read it (see
// pageSource), for a page loaded by an earlier build whose file did not
// change: its problems were reported then.
func (s *Site) reread(p *page) ([]byte, error) {
	src, err := s.readPage(p.file)
	if err != nil {
		return nil, err
	}
	if s.lay.Expand != nil {
		src = s.lay.Expand(p.file, src, s.readInclude).Src
	}
	s.metaBlock(src) // blanked, as when it was loaded
	return src, nil
}

// indexed reports whether page p goes into the search index: not the 404
// page, nor a page its tool keeps out of search or lists.
func (s *Site) indexed(p *page) bool {
	return p.file != "" && p != s.notFound && !p.searchExclude && p.unlisted == ""
}

// frame is the view of page p but its rendered Markdown: its title and
// place in the site (breadcrumbs, previous and next, its list), as the
// templates show them around the text (see body.fill).
func (s *Site) frame(p *page, site *templates.Site) *templates.Page {
	v := &templates.Page{
		Kind:        p.kind,
		Site:        site,
		Title:       p.title,
		Heading:     p.heading,
		Description: p.description,
		URL:         s.cfg.relURL(p.sitePath),
		Permalink:   s.cfg.absURL(p.sitePath),
		Prev:        s.link(p.prev),
		Next:        s.link(p.next),
		Updated:     s.updated(p),
	}
	if s.cfg.EditURL != "" && p.file != "" {
		v.EditURL = s.cfg.EditURL + escapePath(p.file)
	}
	if p.home != nil {
		s.homeView(p, v)
	}
	if sec := s.section(p); sec != nil {
		v.Section = sec.title
	}
	// Previous and next name the game of the page they lead to.
	for _, l := range []struct {
		link *templates.Link
		to   *page
	}{{v.Prev, p.prev}, {v.Next, p.next}} {
		if sec := s.section(l.to); l.link != nil && sec != nil && sec != l.to {
			l.link.Section = sec.title
		}
	}
	for a := p.parent; a != nil; a = a.parent {
		l := s.link(a)
		if a.noPage {
			l.URL = "" // a category without a page: its label, not a link
		}
		// A tool whose navigation labels its categories (Docusaurus's
		// sidebar, an MkDocs nav: section) shows those labels in its
		// breadcrumbs too.
		l.Title = a.label()
		v.Breadcrumbs = append(v.Breadcrumbs, *l)
	}
	slices.Reverse(v.Breadcrumbs)
	for _, c := range p.children {
		v.Children = append(v.Children, *s.link(c))
	}
	v.Backlinks = s.backlinks(p, s.into)
	return v
}

// writePages writes the page v of p: one file, or the pages of a
// section's long list (listPaths).
func (s *Site) writePages(ctx context.Context, out fileWriter, p *page, v *templates.Page) error {
	if p.fileHome {
		return nil // a file of the content is the home (Layout.HTMLHome)
	}
	if p.redirectTo != "" {
		return s.writePage(ctx, out, outputPath(p.sitePath), templates.Alias(s.cfg.LanguageCode, p.redirectTo, p.redirectTo)) // another site: its URL is both
	}
	if paths := listPaths(p); len(paths) > 1 {
		return s.writeListPages(ctx, out, p, v, paths)
	}
	return s.writePage(ctx, out, outputPath(p.sitePath), templates.Render(v))
}

// listPageSize is the most pages and subsections a section page lists. A
// longer list goes on over further pages, SECTION/page/2/, page/3/, …,
// as Hugo's paginated lists do: with the navigation showing a window of
// a long section (templates.NavLimit), the section page is where all its
// pages are linked from.
const listPageSize = 100

// listPaths is the site paths of page p and, for a section whose list of
// pages and subsections is longer than listPageSize, of the further pages
// of that list: SECTION/page/2/, page/3/, ….
func listPaths(p *page) []string {
	paths := []string{p.sitePath}
	if p.kind != templates.KindSection {
		return paths
	}
	size := p.listSize()
	for i := 2; i <= (len(p.children)+size-1)/size; i++ {
		paths = append(paths, p.sitePath+"page/"+strconv.Itoa(i)+"/")
	}
	return paths
}

// listSize is the most pages and subsections one page of p's list shows.
func (p *page) listSize() int {
	if p.perPage > 0 {
		return p.perPage
	}
	return listPageSize
}

// writeListPages writes the pages of section p's long list, at paths
// (listPaths): the first is the section page v itself with its text; the
// others hold only their part of the list, titled "TITLE, page I of N".
func (s *Site) writeListPages(ctx context.Context, out fileWriter, p *page, v *templates.Page, paths []string) error {
	n := len(paths)
	urls := make([]string, n)
	for i, sp := range paths {
		urls[i] = s.cfg.relURL(sp)
	}
	children := v.Children
	size := p.listSize()
	for i, sp := range paths {
		w := *v
		w.Children = children[min(i*size, len(children)):min((i+1)*size, len(children))]
		w.Pagination = &templates.Pagination{Number: i + 1, URLs: urls}
		if i > 0 {
			w.Title = fmt.Sprintf("%s, page %d of %d", p.title, i+1, n)
			if p.perPage > 0 {
				w.Title = p.title // the tool's list: its title on every page (Docusaurus's "Blog")
			}
			w.Heading, w.Content, w.TOC, w.Backlinks = "", "", nil, nil
			w.URL, w.Permalink = urls[i], s.cfg.absURL(sp)
			w.Prev, w.Next = nil, nil // the list's own links lead on
			w.Breadcrumbs = append(slices.Clone(v.Breadcrumbs), *s.link(p))
		}
		if err := s.writePage(ctx, out, outputPath(sp), templates.Render(&w)); err != nil {
			return err
		}
	}
	return nil
}

// markupPage describes page p to the Markdown pipeline: its links resolve
// against the content model, its problems become the build's diagnostics.
// What the page reads of the model and of other files, and its problems,
// are recorded in b, the body of the page being rendered (p itself, or a
// page that embeds p); nil: nothing is recorded, problems are reported.
func (s *Site) markupPage(p *page, assets templates.Assets, b *body) *markup.Page {
	report := func(pr markup.Problem) {
		s.report(p.file, p.srcLine(pr.Line), pr.Col, pr.Warning, pr.Msg)
	}
	if b != nil {
		report = func(pr markup.Problem) {
			b.report(s.problem(p.file, p.srcLine(pr.Line), pr.Col, pr.Warning, pr.Msg))
		}
	}
	return &markup.Page{
		File:        p.file,
		URL:         s.cfg.relURL(p.sitePath),
		Links:       pageLinks{s: s, p: p, assets: assets, rec: b},
		Assets:      assets,
		DropH1:      p.dropH1 && !p.titleLead,
		DropLeading: p.dropH1 && p.titleLead,
		Report:      report,
	}
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

// pagePool holds the buffers pages are rendered into.
var pagePool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeSitemap writes sitemap.xml listing every page in reading order.
func (s *Site) writeSitemap(out fileWriter) error {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range s.pages {
		if p.copy || p.unlisted != "" {
			continue // a generated copy of other pages (copies.go), an unlisted page (publish.go)
		}
		b.WriteString("  <url><loc>")
		if err := xml.EscapeText(&b, []byte(s.cfg.absURL(p.sitePath))); err != nil {
			return fmt.Errorf("sitemap: %w", err)
		}
		b.WriteString("</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	if err := out.Write("sitemap.xml", b.Bytes()); err != nil {
		return fmt.Errorf("write sitemap.xml: %w", err)
	}
	return nil
}

// footer renders site.toml's copyright line: inline Markdown, its links
// checked like those of the home page (an error lands on site.toml).
func (s *Site) footer(assets templates.Assets) string {
	if s.cfg.Copyright == "" {
		return ""
	}
	file := s.cfg.copyrightFile
	fb := &body{calls: map[call]answer{}, reads: map[string]bool{}} // its links, for the files they publish (update.go)
	s.footerLinks = fb
	pg := s.markupPage(s.home, assets, fb)
	pg.File, pg.DropH1 = file, false
	pg.Links = pageLinks{s: s, p: s.home, assets: assets} // the footer's links are no page's
	pg.Report = func(pr markup.Problem) {
		line, col := 0, 0
		if file == ConfigFile {
			line, col = (&fieldReader{file: ConfigFile, raw: s.cfg.raw, line: 1, toml: true}).locate("copyright")
		}
		if pr.Warning {
			s.warn.addf(file, line, col, "copyright", "%s", pr.Msg)
		} else {
			s.diag.addf(file, line, col, "copyright", "%s", pr.Msg)
		}
	}
	out, _, err := s.md.Convert([]byte(s.cfg.Copyright), pg)
	if err != nil {
		s.diag.addf(file, 0, 0, "copyright", "%v", err)
		return ""
	}
	out = strings.TrimSpace(out)
	out = strings.TrimSuffix(strings.TrimPrefix(out, "<p>"), "</p>")
	return out
}
