package site

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"maps"
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
	assets, err := s.copyStatic(ctx, out, reserved, extra)
	if err != nil {
		return err
	}
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
	s.graph, s.into, s.frags = newLinkGraph(), nil, nil
	view.Footer = s.footer(view.Assets)
	view.LinkPreviews = s.cfg.LinkPreviews
	s.view = view // kept for Site.Update
	if s.cfg.Backlinks || s.cfg.LinkPreviews {
		// A page's "Linked from" list and its previews need every page's
		// links: every body first, then every page (backlinks.go).
		prep := make([]prepared, len(s.pages))
		err = parallel(ctx, len(s.pages), s.opts.Workers, func(i int) {
			var err error
			if prep[i], err = s.preparePage(ctx, s.pages[i], view); err != nil {
				s.diag.addf(s.pages[i].file, 0, 0, "", "%v", err)
			}
		})
		if err != nil {
			return err
		}
		s.into, s.frags = s.graph.invert()
		err = parallel(ctx, len(s.pages), s.opts.Workers, func(i int) {
			if prep[i].v == nil {
				return
			}
			if err := s.writePrepared(ctx, s.pages[i], prep[i], out); err != nil {
				s.diag.addf(s.pages[i].file, 0, 0, "", "%v", err)
			}
			prep[i] = prepared{} // let its HTML go
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
			if err := s.writePage(ctx, out, outputPath(a.sitePath), templates.Alias(s.cfg.absURL(p.sitePath), s.cfg.relURL(p.sitePath))); err != nil {
				return err
			}
		}
	}
	if err := s.writeSitemap(out); err != nil {
		return err
	}
	return s.writeServiceWorker(out, redirects)
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
		items = append(items, &templates.NavItem{
			Title:    c.label(),
			URL:      s.cfg.relURL(c.sitePath),
			Children: s.navItems(c.children),
		})
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
	return &templates.Link{Title: p.title, URL: s.cfg.relURL(p.sitePath), Description: p.description}
}

// renderPage renders one page and writes it; its HTML is dropped as soon
// as it is written. Its "Linked from" list and its previews are the link
// graph's as it stands (Site.into, Site.frags).
func (s *Site) renderPage(ctx context.Context, p *page, site *templates.Site, out *assets.Output) error {
	pp, err := s.preparePage(ctx, p, site)
	if pp.v == nil || err != nil {
		return err
	}
	return s.writePrepared(ctx, p, pp, out)
}

// prepared is a page rendered but not written: its view, its body's HTML
// in it, and the index its previews are cut from.
type prepared struct {
	v  *templates.Page
	px *markup.PreviewIndex // nil for a page without previews
}

// preparePage renders the body of page p (its links go into the link
// graph) and returns its view with its body alone (the rest is added as
// it is written, so that a build keeping every page's body keeps little
// else), none for a page that is not written (one whose front matter
// could not be read).
func (s *Site) preparePage(ctx context.Context, p *page, site *templates.Site) (prepared, error) {
	if p.failed {
		// Still check links and blocks so one run reports every problem.
		if p.src != nil {
			s.md.Parse(p.src, s.markupPage(p, site.Assets))
			p.src = nil
		}
		return prepared{}, nil
	}
	if p.redirectTo != "" { // a redirect elsewhere (Jekyll's redirect_to:): no page, its text not rendered
		p.src = nil
		return prepared{v: &templates.Page{Site: site}}, nil
	}
	v := &templates.Page{Site: site, URL: s.cfg.relURL(p.sitePath)} // the rest as it is written (writePrepared)
	if p.home != nil {
		s.homeView(p, v)
	}
	var px *markup.PreviewIndex
	if p.file != "" {
		src := p.src
		p.src = nil // render once; let the bytes go as soon as the page is written
		s.graph.reset(p)
		doc, res := s.md.Parse(src, s.markupPage(p, site.Assets))
		var buf bytes.Buffer
		buf.Grow(len(src) * 2)
		if s.previews(p) {
			starts, err := s.md.RenderBlocks(&buf, src, doc)
			if err != nil {
				return prepared{}, fmt.Errorf("render markdown: %w", err)
			}
			px = s.md.PreviewIndex(doc, src, starts)
		} else if err := s.md.Render(&buf, src, doc); err != nil {
			return prepared{}, fmt.Errorf("render markdown: %w", err)
		}
		v.Content = buf.String()
		v.TOC, v.Flags, v.Scripts, v.Styles = res.TOC, res.Flags, res.Scripts, res.Styles
		if p != s.notFound && !p.searchExclude && p.unlisted == "" { // the 404 page is not found by search either
			s.search.add(p, v.URL, doc, src)
		}
	}
	return prepared{v: v, px: px}, nil
}

// writePrepared writes page p, with its "Linked from" list, and its
// previews file.
func (s *Site) writePrepared(ctx context.Context, p *page, pp prepared, out *assets.Output) error {
	if p.redirectTo != "" {
		return s.writePage(ctx, out, outputPath(p.sitePath), templates.Alias(p.redirectTo, p.redirectTo)) // another site: its URL is both
	}
	v := pp.v
	v.Kind, v.Title, v.Heading, v.Description = p.kind, p.title, p.heading, p.description
	v.Permalink, v.Prev, v.Next, v.Updated = s.cfg.absURL(p.sitePath), s.link(p.prev), s.link(p.next), s.updated(p)
	if s.cfg.EditURL != "" && p.file != "" {
		v.EditURL = s.cfg.EditURL + escapePath(p.file)
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
		v.Breadcrumbs = append(v.Breadcrumbs, *s.link(a))
	}
	slices.Reverse(v.Breadcrumbs)
	for _, c := range p.children {
		v.Children = append(v.Children, *s.link(c))
	}
	v.Backlinks = s.backlinks(p, s.into)
	if paths := listPaths(p); len(paths) > 1 {
		if err := s.writeListPages(ctx, out, p, v, paths); err != nil {
			return err
		}
	} else if err := s.writePage(ctx, out, outputPath(p.sitePath), templates.Render(v)); err != nil {
		return err
	}
	if pp.px != nil {
		if err := s.writePreviews(ctx, out, p, v.Content, pp.px); err != nil {
			return err
		}
	}
	s.rendered.Add(1)
	return nil
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
	for i := 2; i <= (len(p.children)+listPageSize-1)/listPageSize; i++ {
		paths = append(paths, p.sitePath+"page/"+strconv.Itoa(i)+"/")
	}
	return paths
}

// writeListPages writes the pages of section p's long list, at paths
// (listPaths): the first is the section page v itself with its text; the
// others hold only their part of the list, titled "TITLE, page I of N".
func (s *Site) writeListPages(ctx context.Context, out *assets.Output, p *page, v *templates.Page, paths []string) error {
	n := len(paths)
	urls := make([]string, n)
	for i, sp := range paths {
		urls[i] = s.cfg.relURL(sp)
	}
	children := v.Children
	for i, sp := range paths {
		w := *v
		w.Children = children[i*listPageSize : min((i+1)*listPageSize, len(children))]
		w.Pagination = &templates.Pagination{Number: i + 1, URLs: urls}
		if i > 0 {
			w.Title = fmt.Sprintf("%s, page %d of %d", p.title, i+1, n)
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
func (s *Site) markupPage(p *page, assets templates.Assets) *markup.Page {
	return &markup.Page{
		File:        p.file,
		URL:         s.cfg.relURL(p.sitePath),
		Links:       pageLinks{s: s, p: p, assets: assets, record: true},
		Assets:      assets,
		DropH1:      p.dropH1 && !p.titleLead,
		DropLeading: p.dropH1 && p.titleLead,
		Report: func(pr markup.Problem) {
			s.report(p.file, p.srcLine(pr.Line), pr.Col, pr.Warning, pr.Msg)
		},
	}
}

// writePage renders c and writes it to rel in out. Pages are rendered
// into a pooled buffer, so that out can keep an unchanged file of the
// previous build instead of writing it again.
func (s *Site) writePage(ctx context.Context, out *assets.Output, rel string, c templ.Component) error {
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

// pagePool holds the buffers pages are rendered into.
var pagePool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// writeSitemap writes sitemap.xml listing every page in reading order.
func (s *Site) writeSitemap(out *assets.Output) error {
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
	pg := s.markupPage(s.home, assets)
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
