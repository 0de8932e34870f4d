package site

import (
	"bufio"
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/a-h/templ"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/templates"
)

// pageOutput collects what block handlers ask for while a page renders.
type pageOutput struct {
	file    string
	assets  templates.Assets
	diag    *collector
	flags   map[string]bool
	scripts []string
	styles  []string
}

func (o *pageOutput) addAsset(list *[]string, name string, b *Block) {
	u, ok := o.assets[name]
	if !ok {
		o.diag.addf(o.file, b.Line, b.Col, "", "%s block: asset %q not found in %s/", b.Info, name, StaticDir)
		return
	}
	if !slices.Contains(*list, u) {
		*list = append(*list, u)
	}
}

// Render writes the whole site into dir, which should be empty: static
// assets, every page, the 404 page, alias redirects and sitemap.xml.
// Problems are recorded as diagnostics; the error is for I/O failures and
// cancellation.
func (s *Site) Render(ctx context.Context, dir string) error {
	reserved := map[string]bool{"404.html": true, "sitemap.xml": true, swFile: true}
	for _, p := range s.pages {
		reserved[outputPath(p.sitePath)] = true
	}
	extra := map[string][]byte{}
	for _, gen := range s.opts.Generators {
		files, err := gen(ctx, s)
		if err != nil {
			return fmt.Errorf("generate assets: %w", err)
		}
		maps.Copy(extra, files)
	}
	assets, err := s.copyStatic(dir, reserved, extra)
	if err != nil {
		return err
	}
	if err := s.copyBundles(dir, reserved); err != nil {
		return err
	}
	s.search = s.newSearchIndex(assets)
	s.lastmod = gitTimes(ctx, s.opts.Source)
	view := &templates.Site{
		Title:    s.cfg.Title,
		Language: s.cfg.LanguageCode,
		Home:     s.cfg.relURL("/"),
		Nav:      s.navItems(s.home.children),
		Assets:   assets,
	}
	s.view = view // kept for Site.Update
	err = parallel(ctx, len(s.pages), s.opts.Workers, func(i int) {
		if err := s.renderPage(ctx, s.pages[i], view, dir); err != nil {
			s.diag.addf(s.pages[i].file, 0, 0, "", "%v", err)
		}
	})
	if err != nil {
		return err
	}
	if err := s.search.write(s, dir); err != nil {
		return err
	}
	notFound := &templates.Page{Kind: templates.KindNotFound, Site: view, Title: "Page not found", URL: s.cfg.relURL("/404.html")}
	if err := s.writePage(ctx, dir, "404.html", templates.Render(notFound)); err != nil {
		return err
	}
	redirects := map[string]bool{}
	for _, p := range s.pages {
		for _, a := range p.aliases {
			redirects[outputPath(a.sitePath)] = true
			if err := s.writePage(ctx, dir, outputPath(a.sitePath), templates.Alias(s.cfg.absURL(p.sitePath))); err != nil {
				return err
			}
		}
	}
	if err := s.writeSitemap(dir); err != nil {
		return err
	}
	return s.writeServiceWorker(dir, redirects)
}

// outputPath is the file a site path is written to ("/a/b/" -> "a/b/index.html").
func outputPath(sitePath string) string {
	return strings.TrimPrefix(sitePath, "/") + "index.html"
}

// navItems converts the page tree into the templates' navigation tree.
func (s *Site) navItems(children []*page) []*templates.NavItem {
	items := make([]*templates.NavItem, 0, len(children))
	for _, c := range children {
		items = append(items, &templates.NavItem{
			Title:    c.title,
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
// as it is written.
func (s *Site) renderPage(ctx context.Context, p *page, site *templates.Site, dir string) error {
	out := &pageOutput{file: p.file, assets: site.Assets, diag: s.diag}
	if p.failed {
		// Still check links and blocks so one run reports every problem.
		if p.src != nil {
			pctx := parser.NewContext()
			s.process(s.md.Parser().Parse(text.NewReader(p.src), parser.WithContext(pctx)), p.src, p, out)
			p.src = nil
		}
		return nil
	}
	v := &templates.Page{
		Kind:        p.kind,
		Site:        site,
		Title:       p.title,
		Description: p.description,
		URL:         s.cfg.relURL(p.sitePath),
		Permalink:   s.cfg.absURL(p.sitePath),
		Prev:        s.link(p.prev),
		Next:        s.link(p.next),
		Updated:     s.updated(p),
	}
	if s.cfg.EditURL != "" && p.file != "" {
		v.EditURL = s.cfg.EditURL + p.file
	}
	if sec := s.section(p); sec != nil {
		v.Section = sec.title
	}
	for a := p.parent; a != nil; a = a.parent {
		v.Breadcrumbs = append(v.Breadcrumbs, *s.link(a))
	}
	slices.Reverse(v.Breadcrumbs)
	for _, c := range p.children {
		v.Children = append(v.Children, *s.link(c))
	}
	if p.file != "" {
		src := p.src
		p.src = nil // render once; let the bytes go as soon as the page is written
		pctx := parser.NewContext()
		doc := s.md.Parser().Parse(text.NewReader(src), parser.WithContext(pctx))
		if p.titleFromH1 {
			takeH1Title(doc, src, s.md.Parser()) // the template renders the title as the page's one <h1>
		}
		v.TOC = s.process(doc, src, p, out)
		var buf bytes.Buffer
		buf.Grow(len(src) * 2)
		if err := s.md.Renderer().Render(&buf, src, doc); err != nil {
			return fmt.Errorf("render markdown: %w", err)
		}
		v.Content = buf.String()
		s.search.add(p, doc, src)
	}
	v.Flags, v.Scripts, v.Styles = out.flags, out.scripts, out.styles
	if err := s.writePage(ctx, dir, outputPath(p.sitePath), templates.Render(v)); err != nil {
		return err
	}
	s.rendered.Add(1)
	return nil
}

// writePage renders c into dir/rel.
func (s *Site) writePage(ctx context.Context, dir, rel string, c templ.Component) error {
	p := filepath.Join(dir, filepath.FromSlash(rel))
	if err := assets.Mkdir(filepath.Dir(p)); err != nil {
		return fmt.Errorf("write %s: %w", rel, err)
	}
	f, err := os.Create(p)
	if err != nil {
		return fmt.Errorf("write %s: %w", rel, err)
	}
	w := bufio.NewWriterSize(f, 32<<10)
	err = c.Render(ctx, w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", rel, err)
	}
	return nil
}

// process walks a parsed page: it runs block handlers, checks and rewrites
// links between Markdown files, and collects the table of contents.
func (s *Site) process(doc ast.Node, src []byte, p *page, out *pageOutput) []*templates.TOCItem {
	var li lineIndex
	pos := func(off int) (int, int) {
		if li == nil {
			li = newLineIndex(src)
		}
		return li.pos(off)
	}
	type replacement struct{ old, new ast.Node }
	var replace []replacement
	var toc []*templates.TOCItem
	var lastTop *templates.TOCItem
	seen := map[string]int{} // blocks per info string so far, for Block.Index
	rawLines := map[int]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			id := headingID(n)
			if id == "" || n.Level < 2 || n.Level > 3 {
				return ast.WalkContinue, nil
			}
			item := &templates.TOCItem{Title: plainText(n, src), ID: id}
			if n.Level == 2 || lastTop == nil {
				toc = append(toc, item)
				lastTop = item
			} else {
				lastTop.Children = append(lastTop.Children, item)
			}
		case *ast.FencedCodeBlock:
			if n.Info == nil || len(s.opts.Handlers) == 0 {
				return ast.WalkContinue, nil
			}
			fields := strings.Fields(string(n.Info.Segment.Value(src)))
			if len(fields) == 0 {
				return ast.WalkContinue, nil
			}
			h, ok := s.opts.Handlers[fields[0]]
			if !ok {
				return ast.WalkContinue, nil
			}
			line, col := pos(fenceStart(src, n.Info.Segment.Start))
			var body strings.Builder
			for i := 0; i < n.Lines().Len(); i++ {
				seg := n.Lines().At(i)
				body.Write(seg.Value(src))
			}
			b := &Block{Info: fields[0], Args: fields[1:], Body: body.String(), File: p.file,
				Line: line, Col: col, PageURL: s.cfg.relURL(p.sitePath), Index: seen[strings.Join(fields, " ")], page: out}
			seen[strings.Join(fields, " ")]++
			html, err := h.RenderBlock(b)
			if err != nil {
				l, c, msg := blockErrorPos(b, err)
				s.diag.addf(p.file, l, c, "", "%s", msg)
				return ast.WalkSkipChildren, nil
			}
			replace = append(replace, replacement{n, &handledBlock{info: fields[0], html: html}})
			return ast.WalkSkipChildren, nil
		case *ast.HTMLBlock, *ast.RawHTML:
			if line, col := pos(rawStart(n)); !s.cfg.Unsafe && !rawLines[line] {
				rawLines[line] = true // once a line: <span>x</span> is two pieces
				s.warn.addf(p.file, line, col, "", "raw HTML dropped: sitegen keeps it only with unsafe = true under [markup.goldmark.renderer] in %s", ConfigFile)
			}
		case *ast.Paragraph:
			if n.Lines().Len() > 0 {
				first := n.Lines().At(0)
				if what := unsupported(first.Value(src)); what != "" {
					line, col := pos(first.Start)
					s.warn.addf(p.file, line, col, "", "%s: sitegen does not support it, so it shows as text", what)
				}
			}
		case *ast.Image:
			dest, problem := s.resolveLink(p, string(n.Destination))
			if problem != "" {
				line, col := pos(imageStart(n, src))
				s.diag.addf(p.file, line, col, "", "broken image %q: %s", n.Destination, problem)
			} else {
				n.Destination = []byte(dest)
			}
		case *ast.Link:
			dest, problem := s.resolveLink(p, string(n.Destination))
			if problem != "" {
				line, col := pos(n.Pos())
				s.diag.addf(p.file, line, col, "", "broken link %q: %s", n.Destination, problem)
			} else {
				n.Destination = []byte(dest)
			}
		}
		return ast.WalkContinue, nil
	})
	for _, r := range replace {
		r.old.Parent().ReplaceChild(r.old.Parent(), r.old, r.new)
	}
	return toc
}

// imageStart is the source offset of an image: its alt text's first
// segment, less the "![" before it.
func imageStart(n *ast.Image, src []byte) int {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok {
			return max(t.Segment.Start-2, 0)
		}
	}
	return n.Pos()
}

// rawStart is the source offset where raw HTML starts.
func rawStart(n ast.Node) int {
	switch n := n.(type) {
	case *ast.HTMLBlock:
		if n.Lines().Len() > 0 {
			return n.Lines().At(0).Start
		}
	case *ast.RawHTML:
		if n.Segments.Len() > 0 {
			return n.Segments.At(0).Start
		}
	}
	return -1
}

// unsupported names the syntax of other tools a paragraph starts with (or
// holds), which sitegen shows as text: MkDocs blocks and snippets, Hugo
// shortcodes, FastAPI-style includes. "" when there is none.
func unsupported(line []byte) string {
	l := strings.TrimSpace(string(line))
	switch {
	case strings.HasPrefix(l, "///"):
		return "a MkDocs /// block (pymdownx.blocks)"
	case strings.HasPrefix(l, "--8<--"):
		return "a MkDocs --8<-- snippet include"
	case strings.Contains(l, "{{<") || strings.Contains(l, "{{%"):
		return "a Hugo {{< shortcode >}}"
	case strings.HasPrefix(l, "{*") && strings.Contains(l, "*}"):
		return "a {* include *}"
	}
	return ""
}

// fenceStart returns the offset of the fence characters on the line that
// holds the info string starting at off.
func fenceStart(src []byte, off int) int {
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	for i := start; i < off; i++ {
		if src[i] == '`' || src[i] == '~' {
			return i
		}
	}
	return start
}

// resolveLink checks a link destination written on page from and returns
// the URL to publish. Links to Markdown files ("../opend6/dice.md#the-wild-die")
// become page URLs; same-page fragments are checked; other links are kept.
// problem is non-empty when the link is broken.
func (s *Site) resolveLink(from *page, dest string) (string, string) {
	if dest == "" || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "?") {
		return dest, ""
	}
	if u, err := url.Parse(dest); err == nil && u.Scheme != "" {
		return dest, ""
	}
	target, frag, _ := strings.Cut(dest, "#")
	if target == "" {
		if frag != "" && !from.ids[frag] && !strings.HasPrefix(frag, "fn:") && !strings.HasPrefix(frag, "fnref:") {
			return "", fmt.Sprintf("no heading with id %q on this page", frag)
		}
		return dest, ""
	}
	query := ""
	if t, q, found := strings.Cut(target, "?"); found {
		target, query = t, "?"+q
	}
	if !strings.HasSuffix(target, ".md") {
		file := target
		if un, err := url.PathUnescape(file); err == nil {
			file = un
		}
		u, problem, ok := s.resolveFile(from, file)
		switch {
		case !ok:
			return dest, ""
		case problem != "":
			return "", problem
		case frag != "":
			return u + query + "#" + frag, ""
		}
		return u + query, ""
	}
	if un, err := url.PathUnescape(target); err == nil {
		target = un
	}
	rel := path.Join(path.Dir(from.rel), target)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", fmt.Sprintf("points outside %s/", ContentDir)
	}
	to, ok := s.byRel[rel]
	switch {
	case !ok && s.drafts[rel]:
		return "", fmt.Sprintf("%s/%s is a draft (build with --drafts to include it)", ContentDir, rel)
	case !ok:
		return "", fmt.Sprintf("%s/%s does not exist", ContentDir, rel)
	}
	u := s.cfg.relURL(to.sitePath) + query
	if frag != "" {
		if !to.ids[frag] && !to.failed { // a page that could not be read has its own error
			return "", fmt.Sprintf("no heading with id %q in %s/%s", frag, ContentDir, rel)
		}
		u += "#" + frag
	}
	return u, ""
}

// writeSitemap writes sitemap.xml listing every page in reading order.
func (s *Site) writeSitemap(dir string) error {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	for _, p := range s.pages {
		b.WriteString("  <url><loc>")
		if err := xml.EscapeText(&b, []byte(s.cfg.absURL(p.sitePath))); err != nil {
			return fmt.Errorf("sitemap: %w", err)
		}
		b.WriteString("</loc></url>\n")
	}
	b.WriteString("</urlset>\n")
	if err := assets.WriteFile(dir, "sitemap.xml", b.Bytes()); err != nil {
		return fmt.Errorf("write sitemap.xml: %w", err)
	}
	return nil
}
