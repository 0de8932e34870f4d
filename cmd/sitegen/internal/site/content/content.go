package content

import (
	"bytes"
	"cmp"
	"context"
	"d6codex/cmd/sitegen/internal/frontspan"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/dataview/query"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/markup/mdx"
	"d6codex/cmd/sitegen/internal/natural"
	"d6codex/cmd/sitegen/internal/srcname"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/templates"

	"github.com/BurntSushi/toml"
	"github.com/yuin/goldmark/ast"
	"go.abhg.dev/goldmark/frontmatter"
)

// ContentDir is the folder, under the source directory, that holds the
// Markdown pages in sitegen's own layout (see package layout for the
// others). Each sub-folder is a section; its _index.md is the section's
// own page.
const ContentDir = "content"

// ContentRel is the content-relative path of the source-relative slash
// path file, and whether file lies in the content and is part of the site.
func (s *Site) ContentRel(file string) (string, bool) {
	rel := file
	if s.Lay.Content != "." {
		var ok bool
		if rel, ok = strings.CutPrefix(file, s.Lay.Content+"/"); !ok {
			return s.rootRel(file)
		}
	}
	if rel == "" || strings.HasPrefix(rel, "../") {
		return "", false
	}
	// Every folder on the way must be part of the site too.
	for i := range len(rel) {
		if rel[i] == '/' && s.Lay.Skip(rel[:i], true) {
			return "", false
		}
	}
	return rel, !s.Lay.Skip(rel, false)
}

// rootRel is ContentRel for a file of one of the layout's further
// folders of pages (layout.Layout.Roots): "../blog/a.md" for blog/a.md
// beside docs/.
func (s *Site) rootRel(file string) (string, bool) {
	for _, root := range s.Lay.Roots {
		in, ok := strings.CutPrefix(file, root+"/")
		if !ok || in == "" {
			continue
		}
		up := rootRel(s.Lay.Content, root)
		for i := range len(in) { // every folder on the way is part of the site too
			if in[i] == '/' && s.Lay.Skip(path.Join(up, in[:i]), true) {
				return "", false
			}
		}
		rel := path.Join(up, in)
		return rel, !s.Lay.Skip(rel, false)
	}
	return "", false
}

// Layout returns the layout the site was read from.
func (s *Site) Layout() *layout.Layout { return s.Lay }

// SrcFile is the source-relative path of the content-relative path rel
// (what diagnostics print).
func (s *Site) SrcFile(rel string) string {
	return path.Join(s.Lay.Content, rel)
}

// unlistEmptyFolders: a folder without a page of its own whose pages are
// all unlisted (docsify's _assets/, a Docusaurus folder of unlisted docs)
// has nothing to list: its generated page is unlisted too, so no empty
// section shows in the navigation or sitemap.xml. It returns unlisted
// with those pages added.
func (s *Site) unlistEmptyFolders(unlisted []*Page) []*Page {
	held := map[*Page]bool{} // sections that held an unlisted page
	for _, p := range unlisted {
		if p.Parent != nil {
			held[p.Parent] = true
		}
	}
	deepest := slices.Clone(s.synth)
	slices.SortStableFunc(deepest, func(a, b *Page) int { return strings.Count(b.Rel, "/") - strings.Count(a.Rel, "/") })
	for _, sec := range deepest {
		if sec == s.Home || sec.File != "" || sec.Unlisted != "" || len(sec.Children) > 0 || !held[sec] || sec.Parent == nil {
			continue
		}
		sec.Unlisted = "its pages are all unlisted"
		par := sec.Parent
		par.Children = slices.DeleteFunc(par.Children, func(c *Page) bool { return c == sec })
		held[par] = true
		unlisted = append(unlisted, sec)
	}
	return unlisted
}

// rootFolder: the layout's RootFolder, a top folder without a page of its
// own, stands for the root (layout.Layout.RootFolder): its children take
// its place among the home page's, and its generated page is unlisted
// (published at its URL for a link to the folder, in no navigation). It
// returns unlisted with that page added.
func (s *Site) rootFolder(unlisted []*Page) []*Page {
	s.rootStandIn = nil
	if s.Lay.RootFolder == "" || s.Home == nil {
		return unlisted
	}
	i := slices.IndexFunc(s.Home.Children, func(c *Page) bool {
		return c.File == "" && c.Kind == templates.KindSection && c.Rel == s.Lay.RootFolder+"/"+sectionIndex
	})
	if i < 0 {
		return unlisted
	}
	sec := s.Home.Children[i]
	for _, c := range sec.Children {
		c.Parent = s.Home
	}
	s.Home.Children = slices.Insert(slices.Delete(s.Home.Children, i, i+1), i, sec.Children...)
	// Its page stays at its URL, where a link to the folder leads
	// (GitHub shows the folder's files there): it lists the root's
	// children (ListChildren), which are no longer its own, so that the
	// unlisted pages' pass does not render them a second time.
	sec.Children = nil
	sec.Unlisted = s.Lay.RootFolder + "/ stands for the root of the navigation"
	s.rootStandIn = sec
	return append(unlisted, sec)
}

// firstPageAliases gives each list page (the home page, a section, a
// tag's page and the list of tags) a redirect at its page/1/, where the
// layout's tool writes one (layout.Layout.FirstPageAlias): a page of the
// content there keeps its URL. Such a list is paged by the tool's size
// (layout.Layout.ListPerPage); a list whose template does not paginate
// is one page.
func (s *Site) firstPageAliases() {
	if s.Lay.FirstPageAlias == nil {
		return
	}
	for _, p := range s.Pages {
		if p.Kind != templates.KindSection && p.Kind != templates.KindHome || !strings.HasSuffix(p.SitePath, "/") || p.NoPage {
			continue
		}
		p.pager = nil
		if !s.Lay.FirstPageAlias(listKind(p)) {
			p.PerPage = max(len(p.Children), 1) // its template lists all on one page
			continue
		}
		if s.Lay.ListPerPage > 0 {
			p.PerPage = s.Lay.ListPerPage
		}
		if p == s.Home {
			// Its template's collection, or its own pages (Hugo's
			// .Paginate .Pages): paged as a section's.
			if s.Lay.HomePager != nil {
				p.pager = s.pagerPages(*s.Lay.HomePager)
			} else {
				p.pager = slices.Clone(s.ListChildren(p))
			}
		} else if p.Kind == templates.KindSection && p.tag == "" && !p.tagIndex &&
			s.Lay.RegularPager != nil && s.Lay.RegularPager(listKind(p)) {
			// Its regular pages, not its subsections (Hugo's section
			// .Paginator: .RegularPages).
			kids := s.ListChildren(p)
			p.pager = make([]*Page, 0, len(kids))
			for _, c := range kids {
				if c.Kind != templates.KindSection {
					p.pager = append(p.pager, c)
				}
			}
		}
		sp := p.SitePath + "page/1/"
		if slices.ContainsFunc(p.Aliases, func(a alias) bool { return a.SitePath == sp }) {
			continue // kept from an earlier assembly (an Update)
		}
		p.Aliases = append(p.Aliases, alias{SitePath: sp, key: "pagination", written: sp, yields: true})
	}
}

// pagerPages are the pages of the collection pg (layout.Pager) in
// Hugo's default order: "weight, date (descending), linkTitle, path"
// (https://gohugo.io/quick-reference/glossary/#default-sort-order),
// pages without a weight last. A regular page is one of the tree's that
// is not a list; its section is the first folder of its path under the
// content.
func (s *Site) pagerPages(pg layout.Pager) []*Page {
	var all []*Page
	var walk func(p *Page)
	walk = func(p *Page) {
		for _, c := range p.Children {
			if c.Kind == templates.KindPage && !c.NoPage && c.tag == "" && !c.tagIndex && c.RedirectTo == "" {
				all = append(all, c)
			}
			walk(c)
		}
	}
	walk(s.Home)
	section := func(p *Page) string {
		rel := strings.TrimPrefix(p.Rel, s.Lay.Content+"/")
		if i := strings.IndexByte(rel, '/'); i > 0 {
			return rel[:i]
		}
		return ""
	}
	want := pg.Sections
	if len(want) == 0 && pg.MainSections {
		count := map[string]int{}
		for _, p := range all {
			if sec := section(p); sec != "" {
				count[sec]++
			}
		}
		best := ""
		for _, sec := range slices.Sorted(maps.Keys(count)) {
			if count[sec] > count[best] {
				best = sec
			}
		}
		want = []string{best}
	}
	if len(want) > 0 {
		all = slices.DeleteFunc(all, func(p *Page) bool { return !slices.Contains(want, section(p)) })
	}
	date := func(p *Page) time.Time {
		t, _ := layout.Time(p.Meta["date"])
		return t
	}
	slices.SortStableFunc(all, func(a, b *Page) int {
		return cmp.Or(byWeight(a, b), date(b).Compare(date(a)), compareLower(a.Label(), b.Label()), cmp.Compare(a.Rel, b.Rel))
	})
	return all
}

// listKind names a list page as layout.Layout.FirstPageAlias takes it:
// "home"; "taxonomy" and "term" with the taxonomy's folder ("tags");
// "section" with its top-level section's folder (Hugo's type of the
// pages below it); the page's own front matter type: and layout:.
func listKind(p *Page) layout.ListPage {
	base := func(sp string) string { return path.Base(strings.TrimSuffix(sp, "/")) }
	lp := layout.ListPage{Type: layout.Text(p.Meta["type"]), Layout: layout.Text(p.Meta["layout"])}
	switch {
	case p.Kind == templates.KindHome:
		lp.Kind = "home"
	case p.tagIndex:
		lp.Kind, lp.Name = "taxonomy", base(p.SitePath)
	case p.tag != "":
		lp.Kind, lp.Name = "term", strings.Split(strings.Trim(p.SitePath, "/"), "/")[0]
		if p.Parent != nil && p.Parent.tagIndex {
			lp.Name = base(p.Parent.SitePath)
		}
	default:
		top := p
		for top.Parent != nil && top.Parent.Kind != templates.KindHome {
			top = top.Parent
		}
		lp.Kind, lp.Name = "section", base(top.SitePath)
	}
	return lp
}

// sectionIndex is the file name of a folder's own page.
const sectionIndex = "_index.md"

// isSectionIndex reports whether a file of this name is its folder's own
// page: Hugo's _index.md, and the index.md and README.md that MkDocs and
// GitHub show for a folder. Two of them in one folder claim one URL, which
// checkURLs reports naming both.
func isSectionIndex(name string) bool {
	ext := path.Ext(name)
	switch stem := strings.TrimSuffix(name, ext); {
	case ext == ".html": // Jekyll's index.html, Hugo's _index.html (content formats)
		return stem == "index" || stem == "_index"
	case !isMarkdownExt(ext):
		return false
	default:
		return stem == "index" || stem == "_index" || strings.EqualFold(stem, "README")
	}
}

// isMarkdownExt reports whether ext is an extension some tool reads as
// Markdown: .md, .mdx, and the .markdown, .mdown, .mkdn, .mkd and
// .mkdown of Jekyll's markdown_ext, Hugo and MkDocs. Which of them a
// site reads is its layout's (layout.Markup.MarkdownStem, isPageFile);
// this only names them, for rules that are given page files.
func isMarkdownExt(ext string) bool {
	switch ext {
	case ".md", ".mdx", ".markdown", ".mdown", ".mkdn", ".mkd", ".mkdown":
		return true
	}
	return false
}

// pageName is a page file's name without its extension (.md, another of
// its tool's Markdown extensions, or .html for a Jekyll page written in
// HTML).
func pageName(name string) string {
	return strings.TrimSuffix(name, path.Ext(name))
}

// converted is why the layout's tool converts the file at the
// content-relative path rel when it has front matter, and sitegen does
// not publish it (layout.Layout.Converted); "" for none.
func (s *Site) converted(rel string) string {
	if s.Lay.Converted == nil {
		return ""
	}
	return s.Lay.Converted(rel)
}

// hasFrontMatter reports whether the file (a source-relative path)
// starts with a "---" line, spaces after it allowed: Jekyll's test for a
// page (a first line matching \A---\s*\r?\n).
func (s *Site) hasFrontMatter(file string) bool {
	r, err := s.SrcRoot()
	if err != nil {
		return false
	}
	f, err := r.OpenFile(file)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 64)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	// Jekyll's Utils.has_yaml_header?, "\A---\s*\r?\n", on the file's
	// bytes: a byte order mark before it is no front matter.
	return !bytes.HasPrefix(head, utf8BOM) && bytes.ContainsRune(head, '\n') && frontspan.Find(head, frontspan.Options{}).OK
}

// Page is one output page and what the build knows about it between
// loading and rendering. Pages keep metadata only, never their HTML.
type Page struct {
	File          string // source path relative to the source dir ("content/opend6/combat.md"); "" if synthesized
	Rel           string // path relative to the content root ("opend6/combat.md"); for a synthesized section its folder + "/_index.md"
	Kind          templates.Kind
	SitePath      string // "/opend6/combat/"
	Title         string
	Description   string
	weight        int
	navOrderText  string         // just-the-docs' nav_order given as text (byNavText)
	draft         bool           // its own draft: true (see unpublished)
	Meta          map[string]any // its front matter, for the tools' publishing rules (publish.go)
	Unpublished   string         // why its tool would not publish it; "" when published
	Unlisted      string         // why it is published but kept out of lists, search and sitemap.xml
	Aliases       []alias
	FileHome      bool                    // the generated home page, not written: a file of the content is the home (Layout.HTMLHome)
	Names         []string                // other names of the page for wikilinks and search (Obsidian's aliases that are not URL paths)
	tags          []string                // Obsidian's tags: (front matter) and #tags (text), which make tag pages (tags.go)
	Ids           map[string]bool         // element ids (heading anchors) of the rendered page
	Outline       []markup.OutlineHeading // its top-level headings (and the leading one it dropped), which a subheading path is read in (markup.HeadingPath); nil for fewer than two
	Blocks        []string                // info words of the page's fenced code blocks, in order, once each
	Failed        bool                    // the front matter could not be read; the page is not rendered
	DropH1        bool                    // the page's first # heading is its title or heading (below), not rendered again
	TitleLead     bool                    // with dropH1: the heading is the page's first block, of any level (layout.HeadingTitle)
	OwnTitle      bool                    // the title is the front matter's or the # heading that starts the page (an untitled site's, homeSiteTitle)
	Copy          bool                    // repeats the text of other pages (copies.go): out of the navigation, reading order and search
	Heading       string                  // the text of the page's leading # heading when it has a title of its own; "" to show the title
	Src           []byte                  // the file's bytes, kept from loading to rendering, dropped once written
	permalink     alias                   // where its URL was set by a permalink: (line 0: from its file's path)
	fileURL       bool                    // the tool serves it at a URL like a file's (layout.Layout.FileURL): relative links resolve from its folder
	tag           string                  // for a tag page, its tag
	tagFrom       *Page                   // for a tag page, the first page that carries the tag
	tagIndex      bool                    // the list of tags
	pager         []*Page                 // the pages the home page's or a section's list pages run over, not its children (layout.Layout.HomePager, RegularPager); nil: its children
	homeOwn       bool                    // a page of a further folder the home page lists as its own (Starlight's root locale beside the default locale's folder): sorted with the content's
	navExclude    bool                    // just-the-docs' nav_exclude, a page MkDocs' nav: does not name: published, listed in its section, not in the navigation nor the reading order
	SearchExclude bool                    // just-the-docs' search_exclude: not in the search index
	parentTitle   string                  // just-the-docs' parent: the title of the page to list this one under
	grandParent   string                  // and grand_parent:, the title of that page's parent
	folder        string                  // the folder a folder note (X.md beside X/, X/X.md) is the page of; "" otherwise
	navTitle      string                  // the navigation's label when it differs from the title
	navRename     string                  // the label as the tool's navigation renames it (layout.Layout.NavRename), set on each arrangement
	RedirectTo    string                  // jekyll-redirect-from's redirect_to: the page is a redirect to this URL
	docTitle      string                  // the <title> the page's text sets ({{#title}}, expand.go), "" for none
	lines         []int                   // the page file's line of each line of its text, when the layout rewrote it (expand.go); nil when they did not move
	Includes      []string                // the source files its text includes (expand.go), read with its own
	ReadsSite     bool                    // its text read the site's page list (layout.Expanded.ReadsSite): never reused from an earlier build
	HTMLOps       []layout.HTMLOp         // the changes its layout's filters make to its converted HTML (layout.Expanded.HTMLOps), applied when it is rendered
	Read          bool                    // its text could be read (it may have failed after)
	pos           float64                 // place among siblings by the layout's rules, when hasPos
	hasPos        bool
	sortName      string       // the name siblings without a position sort by (layout rules); "" for sitegen's order
	docID         string       // the layout's id for the page (a Docusaurus doc id)
	navKey        string       // the sidebar of several it shows (sidebarNavs), "" for its folder's
	Home          *layout.Home // the hero and features of a home-page layout (VitePress's layout: home)
	NoPage        bool         // a synthesized section its tool publishes no page for (layout.Page.NoPage): a heading of the navigation only
	navFold       bool         // with noPage: the navigation shows it folded until opened (layout.Page.Collapsible)
	navOpen       bool         // with navFold: it starts open
	PerPage       int          // for a list its tool pages (a Docusaurus blog's), the most pages one of its pages lists; 0: listPageSize
	fallbackTitle string       // the layout's title for a page with none of its own (a Docusaurus doc id)
	nameTitle     bool         // the title was made from the file's name
	Parent        *Page
	Children      []*Page // a section's pages and subsections, in order
	Prev, Next    *Page
	size          int64               // the file's size in bytes
	inline        []query.InlineField // Dataview's inline fields (dataview.go)
	queryDeps     *query.Deps         // what its Dataview queries read (dataview.go)
}

// alias is an extra URL that redirects to a page.
type alias struct {
	SitePath  string
	line, col int
	key       string // the field it was written in ("aliases", "redirect_from")
	written   string // as it was written, for messages
	// yields marks a redirect a tool writes only where no page is (an
	// alias name's redirect, Layout.AliasRedirect): a page at its URL
	// drops it with a warning, not an error.
	yields bool
}

// PageCache is what loading asks the build's cache (Site.loadCache; package
// site's bodyCache, buildcache.go): the pages whose files did not change,
// as the previous build loaded them, and a record of the pages read.
type PageCache interface {
	// LoadsCached reports whether the pages as loaded come from the cache.
	LoadsCached() bool
	// LoadedFromCache is the page at content-relative path rel as the
	// previous build loaded it, when it can stand for the page (its
	// problems published); nil: the page is loaded.
	LoadedFromCache(sc *Scanned, rel string) *Page
	// Loaded records the pages just loaded, with the problems found
	// meanwhile, for the next build.
	Loaded(sc *Scanned, pages []*Page, diags, warns Diagnostics)
}

// Load reads and checks every Markdown file under content/, and builds the
// page tree, URLs, reading order and link targets.
func (s *Site) Load(ctx context.Context) error {
	d0, w0 := s.Diag.Len(), s.Warn.Len()
	sc, err := s.Scan()
	if err != nil {
		return err
	}
	s.Graph.Scanned(sc, Problems{s.Diag.Since(d0), s.Warn.Since(w0)})
	var reuse func(rel string) *Page
	if c := s.LoadCache; c != nil && c.LoadsCached() {
		reuse = func(rel string) *Page { return c.LoadedFromCache(sc, rel) } // the pages whose files did not change
	}
	all, err := s.LoadAll(ctx, sc, reuse)
	if err != nil {
		return err
	}
	s.Assemble(all, sc)
	return nil
}

// Scanned is what a walk of the content finds: the page files, the other
// files (Obsidian's bases apart), the Markdown files the layout's table of
// contents leaves out, and what the names alone decide of the pages (which
// README.md is a plain page, which file is a folder's note).
type Scanned struct {
	Rels        []string
	Files       map[string]bool
	baseFiles   map[string]bool
	rendered    map[string]bool // files published as the layout renders them (layout.Layout.RenderFile)
	Unlisted    []string
	Readmes     map[string]bool
	FolderNotes map[string]string
	created     map[string]string // chapters the table of contents lists whose file does not exist (missingChapters)
	// dirs are the content-relative folders (of the content folder,
	// not the layout's Roots) the walk found a file in: a file that
	// comes or goes there is told to Rescan.
	dirs map[string]bool
	lay  *layout.Layout // the layout the walk was made with
}

// Created reports whether rel is a chapter the table of contents lists
// whose file did not exist (missingChapters): a file saved there now
// needs a new walk.
func (sc *Scanned) Created(rel string) bool {
	_, ok := sc.created[rel]
	return ok
}

// Scan walks the content folder (see walkSource); problems with names
// and links are recorded.
func (s *Site) Scan() (*Scanned, error) {
	sc := &Scanned{Files: map[string]bool{}, baseFiles: map[string]bool{}, rendered: map[string]bool{}, dirs: map[string]bool{}, lay: s.Lay}
	listed := s.navListed()
	mdFiles := map[string]string{} // content-relative -> source-relative, for the layout's PageFile
	visit := s.scanVisit(sc, listed, mdFiles)
	bad := func(rel, msg string, outside bool) {
		s.WalkProblem(s.SrcFile(rel), msg, outside)
	}
	err := walkSource(s.Opts.Source, s.Lay.Content, s.Lay.HiddenContent, s.walkSkip, s.leftOut, func(rel, file string) error {
		sc.dirs[path.Dir(rel)] = true
		return visit(rel, file)
	}, bad)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) && !s.Lay.NoContent {
			return nil, fmt.Errorf("no %s/ folder: sitegen reads the site's Markdown pages from there", s.Lay.Content)
		}
		if !errors.Is(err, fs.ErrNotExist) { // Lay.NoContent: a site with no content pages
			return nil, fmt.Errorf("walk %s: %w", s.Lay.Content, err)
		}
	}
	for _, root := range s.Lay.Roots {
		// A further folder of pages (Docusaurus's blog/ and src/pages/):
		// its paths are content-relative too ("../blog/a.md").
		up := rootRel(s.Lay.Content, root)
		in := func(rel string) string { return path.Join(up, rel) }
		err := WalkSource(s.Opts.Source, root, func(rel string, dir bool) bool { return s.walkSkip(in(rel), dir) },
			func(rel string, dir bool) string { return s.leftOut(in(rel), dir) },
			func(rel, file string) error { return visit(in(rel), file) },
			func(rel, msg string, outside bool) { bad(in(rel), msg, outside) })
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("walk %s: %w", root, err)
		}
	}
	s.chaptersOutside(func(rel, file string) { sc.Rels = append(sc.Rels, rel) })
	s.missingChapters(func(rel, title string) {
		if sc.created == nil {
			sc.created = map[string]string{}
		}
		sc.Rels, sc.created[rel] = append(sc.Rels, rel), title
	})
	if len(mdFiles) > 0 {
		sc.Rels = s.pageFiles(sc.Rels, mdFiles, sc.Files)
	}
	s.scanned(sc)
	return sc, nil
}

// scanVisit is Scan's visit of one file of the walk, rel content-relative
// and file source-relative: sc's lists and sets take it (listed, when
// not nil, are the files a table of contents lists; mdFiles the pages the
// layout's PageFile is asked of).
func (s *Site) scanVisit(sc *Scanned, listed map[string]bool, mdFiles map[string]string) func(rel, file string) error {
	jekyll := s.Lay.Kind == layout.Jekyll
	return func(rel, file string) error {
		if msg := BadName(rel); msg != "" {
			s.Diag.Addf(s.SrcFile(ShowName(rel)), 0, 0, "", "%s", msg)
			return nil
		}
		if listed != nil && strings.HasSuffix(rel, ".md") && !listed[rel] {
			sc.Unlisted = append(sc.Unlisted, rel) // not a chapter of the book: not published (navtree.go)
			return nil
		}
		if s.isPageFile(rel) || (jekyll || s.Lay.Kind == layout.Hugo) && strings.HasSuffix(rel, ".html") && s.hasFrontMatter(file) {
			sc.Rels = append(sc.Rels, rel) // Jekyll renders an .html file with front matter as a page too
			if s.Lay.PageFile != nil && !strings.HasSuffix(rel, ".html") {
				mdFiles[rel] = file
			}
		} else if why := s.converted(rel); why != "" && s.hasFrontMatter(file) {
			s.Warn.Addf(file, 0, 0, "", "%s", why) // the tool converts it, sitegen does not: not published
		} else if s.Lay.RenderFile != nil && why == "" && s.hasFrontMatter(file) {
			sc.Files[rel], sc.rendered[rel] = true, true // published as the layout renders it (CopyBundle)
		} else if s.Cfg.Obsidian && isBaseFile(rel) {
			sc.baseFiles[rel] = true // data for the embeds of its views, not a file to publish (dataview.go)
		} else {
			sc.Files[rel] = true // published beside its page (see bundle.go)
		}
		return nil
	}
}

// scanned completes sc after the walk: what the set of page files
// decides (a 404 page, which README.md is a plain page, which file is a
// folder's note). Applied again to its own result with a file more or
// less (Rescan) it gives what a new walk would.
func (s *Site) scanned(sc *Scanned) {
	if sc.Files[NotFoundHTML] && !slices.Contains(sc.Rels, NotFoundHTML) { // a corpus's own 404 page, HTML in Markdown's clothes
		delete(sc.Files, NotFoundHTML)
		sc.Rels = append(sc.Rels, NotFoundHTML)
	}
	slices.Sort(sc.Rels)
	if s.Lay.Pages == nil && !s.Lay.ReadmePage { // a tool with page rules of its own says which file is a folder's page
		sc.Readmes = plainReadmes(sc.Rels)
		if h := s.Lay.Home; h != "" && slices.Contains(sc.Rels, h) {
			// The layout's home page (docsify's homepage) is the root's
			// page: the root's README.md is an ordinary page beside it.
			for _, rel := range sc.Rels {
				if rel != h && strings.EqualFold(rel, "README.md") {
					sc.Readmes[rel] = true
				}
			}
		}
	}
	if s.Lay.ReadmeBesideIndex == layout.SkipReadme {
		sc.Rels = slices.DeleteFunc(sc.Rels, func(rel string) bool {
			if sc.Readmes[rel] {
				s.Warn.Addf(s.SrcFile(rel), 0, 0, "", "%s: an index.md is beside it, so %s skips it: not published", path.Base(rel), s.Lay.Tool())
			}
			return sc.Readmes[rel]
		})
	}
	if !s.Lay.NavOnly {
		sc.FolderNotes = folderNotes(slices.DeleteFunc(slices.Clone(sc.Rels), func(r string) bool { return sc.Readmes[r] }), sc.Files, s.Cfg.slugify)
		if s.Lay.PathNotes {
			// X/X.md is a page of its own (Layout.PathNotes); X.md
			// beside X/ stays the folder's page (Quartz serves it at
			// X.html and X/).
			maps.DeleteFunc(sc.FolderNotes, func(rel, dir string) bool { return rel != dir+".md" })
		}
	}
}

// Rescan is Scan after the source-relative files changed came or went
// (or were saved) since the walk that found sc, worked out from sc
// instead of a new walk of the whole content: each is a plain file, not
// through a link, of a folder the walk found files in, with a name the
// walk takes as it is (not hidden, not skipped, no problem to report),
// or such a file the walk found that is gone; the layout is the one the
// walk was made with, and no list of the whole walk decides what a file
// is (a table of contents, the layout's PageFile, a README.md skipped
// beside an index); the walk found no problem (its problems are kept by
// a walk alone). ok is false when one of those does not hold: the
// content is walked again (Scan).
func (s *Site) Rescan(sc *Scanned, probs Problems, changed []string) (_ *Scanned, ok bool) {
	if sc == nil || sc.dirs == nil || sc.lay != s.Lay || len(probs.Errs)+len(probs.Warns) > 0 ||
		s.Lay.NavOnly || s.Lay.PageFile != nil || s.Lay.ReadmeBesideIndex == layout.SkipReadme {
		return nil, false
	}
	real, err := srcpath.Real(s.Opts.Source)
	if err != nil {
		return nil, false
	}
	out := &Scanned{Rels: slices.Clone(sc.Rels), Files: maps.Clone(sc.Files), baseFiles: maps.Clone(sc.baseFiles),
		rendered: maps.Clone(sc.rendered), Unlisted: sc.Unlisted, dirs: maps.Clone(sc.dirs), lay: sc.lay}
	visit := s.scanVisit(out, nil, nil)
	for _, f := range changed {
		rel, ok := s.ContentRel(f)
		if !ok && s.Lay.Content != "." && f != s.Lay.Content && !strings.HasPrefix(f, s.Lay.Content+"/") {
			continue // out of the content: the walk does not see it
		}
		if !ok || outside(rel) || strings.HasSuffix(rel, ".html") || sc.Created(rel) || !sc.dirs[path.Dir(rel)] {
			return nil, false
		}
		file := path.Join(s.Lay.Content, rel) // as the walk names it
		if name := path.Base(rel); strings.HasPrefix(name, ".") || srcname.Skip(name, false) || name == OutputMarker ||
			BadName(rel) != "" || s.converted(rel) != "" || s.walkSkip(rel, false) || file != f {
			return nil, false
		}
		dir := filepath.Join(s.Opts.Source, filepath.FromSlash(path.Dir(f)))
		if r, err := filepath.EvalSymlinks(dir); err != nil || r != filepath.Join(real, filepath.FromSlash(path.Dir(f))) {
			return nil, false // a folder through a link, or one gone
		}
		if _, err := os.Lstat(filepath.Join(dir, OutputMarker)); err == nil {
			return nil, false // an output of sitegen's now: the walk leaves it out
		}
		info, err := os.Lstat(filepath.Join(s.Opts.Source, filepath.FromSlash(f)))
		switch {
		case err == nil && info.Mode().IsRegular():
			out.drop(rel)
			if err := visit(rel, file); err != nil {
				return nil, false
			}
		case errors.Is(err, fs.ErrNotExist):
			out.drop(rel)
		default:
			return nil, false
		}
	}
	s.scanned(out)
	return out, true
}

// drop takes the content-relative file rel out of the walk's lists.
func (sc *Scanned) drop(rel string) {
	sc.Rels = slices.DeleteFunc(sc.Rels, func(r string) bool { return r == rel })
	delete(sc.Files, rel)
	delete(sc.baseFiles, rel)
	delete(sc.rendered, rel)
}

// rootRel is the content-relative path of the source-relative folder
// root, a folder beside the content ("../blog" for blog beside docs).
func rootRel(content, root string) string {
	if content == "." {
		return root
	}
	up := strings.Repeat("../", strings.Count(content, "/")+1)
	return path.Join(up, root)
}

// inRoots reports whether the content-relative path rel ("../blog/a.png")
// is in one of the layout's further folders of pages (layout.Layout.Roots):
// a file there that does not exist is missing, not outside the site.
func (s *Site) inRoots(rel string) bool {
	for _, root := range s.Lay.Roots {
		up := rootRel(s.Lay.Content, root)
		if rel == up || strings.HasPrefix(rel, up+"/") {
			return true
		}
	}
	return false
}

// outside reports whether the content-relative path rel is in one of the
// layout's further folders of pages (layout.Layout.Roots).
func outside(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, "../")
}

// LoadAll reads every page file sc found (loadPage), in parallel, but
// those reuse gives (an Update's pages whose files did not change, nil
// for the others); each one read is recorded in the graph (graph.go)
// before the model's steps change it.
func (s *Site) LoadAll(ctx context.Context, sc *Scanned, reuse func(rel string) *Page) ([]*Page, error) {
	s.Files, s.baseFiles, s.rendered = maps.Clone(sc.Files), maps.Clone(sc.baseFiles), maps.Clone(sc.rendered)
	s.readmes, s.folderNotes, s.created = sc.Readmes, sc.FolderNotes, sc.created
	all := make([]*Page, len(sc.Rels))
	var fresh []int
	for i, rel := range sc.Rels {
		if reuse != nil {
			all[i] = reuse(rel)
		}
		if all[i] == nil {
			fresh = append(fresh, i)
		}
	}
	if s.Lay.SitePages != nil {
		s.Lay.SitePages(sc.Rels, s.readInclude)
	}
	d0, w0 := s.Diag.Len(), s.Warn.Len()
	err := Parallel(ctx, len(fresh), s.Opts.Workers, func(i int) {
		all[fresh[i]] = s.loadPage(sc.Rels[fresh[i]])
	})
	if err != nil {
		return nil, err
	}
	loaded := make([]*Page, len(fresh))
	for i, j := range fresh {
		loaded[i] = all[j]
	}
	s.Graph.loaded(s, loaded, s.Diag.Since(d0), s.Warn.Since(w0))
	if c := s.LoadCache; c != nil { // the build's cache, or serve's for an Update
		c.Loaded(sc, loaded, s.Diag.Since(d0), s.Warn.Since(w0))
	}
	return all, nil
}

// Assemble makes the content model of the loaded pages all: what is
// published, the URLs, the page tree and reading order, tags and the
// names links resolve by.
func (s *Site) Assemble(all []*Page, sc *Scanned) {
	pages := s.applyPublishRules(all)
	s.notListed(sc.Unlisted)
	s.ByRel = make(map[string]*Page, len(pages))
	for _, p := range pages {
		s.ByRel[p.Rel] = p
	}
	pages = s.shareURLs(pages)
	pages = s.takeNotFound(pages)
	s.linkFolders(pages)
	s.CopyNotes = s.markCopies(pages)
	s.findLinks(all)
	s.applyNav()
	s.homeSiteTitle(pages)
	s.buildTree(pages)
	s.buildBlog()
	s.sidebarIndexes()
	if s.Cfg.Obsidian || s.Lay.TagsOf != nil { // Obsidian's tags, or the tool's own (Zola's taxonomy)
		s.buildTags()
	}
	s.buildTaxonomies()
	if s.Lay.HomeAlias != "" {
		s.Home.Aliases = append(s.Home.Aliases, alias{SitePath: s.Lay.HomeAlias, key: "languages", written: s.Lay.HomeAlias, yields: true})
	}
	s.firstPageAliases()
	s.checkURLs()
	if s.Cfg.Obsidian {
		s.buildWiki(pages)
	}
	if s.Lay.Markup.AliasPlugin {
		s.buildAliases(pages)
	}
}

// loadPage parses one Markdown file for its front matter and element ids.
func (s *Site) loadPage(rel string) *Page {
	file := s.SrcFile(rel)
	p := &Page{File: file, Rel: rel}
	p.Kind, p.SitePath = s.Cfg.Classify(rel)
	if s.readmes[rel] { // beside an index page: an ordinary page
		_, folder := s.Cfg.Classify(path.Join(path.Dir(rel), sectionIndex))
		p.Kind, p.SitePath = templates.KindPage, folder+"readme/"
	}
	if folder, ok := s.folderNotes[rel]; ok {
		p.folder = folder
		p.Kind, p.SitePath = s.Cfg.Classify(folder + "/" + sectionIndex)
	}
	if rel == s.Lay.Home { // the layout's home page (mdBook's first chapter)
		own, file := s.asFile(rel, nil, p.SitePath)
		if file && p.Kind == templates.KindSection && p.SitePath != "/" {
			// A folder's page (intro/index.md, a README.md) is written
			// as its folder's index.html, not as a file beside it.
			own, file = p.SitePath, true
		}
		if file && own != "/" {
			// The tool writes the chapter at its own file too (mdBook's
			// intro.html, intro/index.html beside index.html): a redirect
			// there to the home page, which sitegen publishes once.
			p.Aliases = append(p.Aliases, alias{SitePath: own})
		}
		p.Kind, p.SitePath = templates.KindHome, "/"
	}
	src, lead, err := s.pageSource(p)
	if err != nil {
		var bad *badText
		if errors.As(err, &bad) {
			// The tools open such a file all the same (Obsidian shows its
			// bytes as unreadable characters): in lenient mode a warning,
			// the file not published (Erosia's ZIP archive named .md).
			msg := bad.msg
			if s.lenient() && s.Lay.Tool() != "" {
				msg += ": not published"
			}
			s.Tolerate(file, bad.line, bad.col, "", msg)
		} else {
			s.Diag.Addf(file, 0, 0, "", "read: %v", UnwrapPath(err))
		}
		p.Failed = true
		return p
	}
	meta, metaRaw, hasMeta := s.metaBlock(src)
	p.Src, p.Read = src, true
	doc, pctx := s.Md.OutlineFile(src, p.File, func(rel string, max int64) ([]byte, error) {
		// a file a Hugo shortcode reads (its headings' ids are the
		// page's): an edit of it loads the page again (graph.go)
		if rel = path.Clean(rel); srcpath.SkippedPart(rel) == "" && !slices.Contains(p.Includes, rel) {
			p.Includes = append(p.Includes, rel)
		}
		return s.readSiteFile(rel, max)
	})
	if hasMeta {
		s.readFields(p, meta, metaRaw, 1)
	} else {
		s.readFrontMatter(p, src, frontmatter.Get(pctx))
	}
	if s.Lay.Kind == layout.Docusaurus {
		s.pageHead(p, doc, src)
	}
	if s.Lay.Redirected != nil {
		for _, r := range s.Lay.Redirected(p.Rel) {
			// The tool writes it only where no page is (yields).
			p.Aliases = append(p.Aliases, alias{SitePath: r.From, line: 1, col: 1, key: r.Setting, written: r.From, yields: true})
		}
	}
	if _, has := p.Meta["title"]; !has && s.Lay.TitleRequired && !p.Failed && s.Lay.UnpublishedPath(p.Rel, false) == nil {
		// A path the tool leaves out (Starlight's _file.md) is no
		// entry of its collection: its schema does not apply.
		s.requireTitle(p)
	}
	ruled := s.applyPageRules(p)
	if p.Kind == templates.KindHome && !p.Failed { // its own title (homeSiteTitle)
		h, lead := doc.FirstChild().(*ast.Heading) // the page starts with # Title (not taken from the outline here)
		p.OwnTitle = p.Title != "" || lead && h.Level == 1
	}
	switch {
	case p.Failed, ruled:
	case p.Title == "":
		// No title in front matter (or no front matter): the heading that
		// starts the page where the layout takes one of any level, else
		// the first # H1, else the file name.
		first, _ := doc.FirstChild().(*ast.Heading) // before h1Title takes the heading out of doc
		if t := s.toolTitle(rel); t != "" {
			p.Title = t // the tool's (a Jekyll post's slug); its headings stay in the text
		} else if t, ok := s.leadingTitle(doc, src); ok {
			p.Title, p.DropH1, p.TitleLead = t, true, true
		} else if t, ok := s.leadTitle(lead); ok {
			// The heading the page's own text starts with, below its
			// layout's text (Jekyll's page layout): the title, the
			// heading left where the text has it.
			p.Title = t
		} else if s.Lay.RawH1Title {
			// The first line as written, the heading left in the text.
			if t, ok := markup.RawLeadingH1(doc, src); ok {
				p.Title = layout.LabelText(t)
			}
		} else if t, ok := s.h1Title(doc, src); ok {
			// A heading that does not start the page stays where it is
			// where the tool shows the text as written (TitleUnlessH1).
			leads := first != nil && first.Level == 1 || s.Lay.StartTitle || s.Lay.FirstLineTitle
			p.Title, p.DropH1 = t, leads || !s.Lay.TitleUnlessH1
		}
	case s.Lay.TitleAbove:
		// The title heads the page; a # heading the text starts with is
		// shown below it.
	default:
		// A title of its own and a page that starts with # Heading (front
		// matter scripted onto a corpus, MkDocs metadata): the heading
		// shows once, as the page's <h1>.
		first, _ := doc.FirstChild().(*ast.Heading)
		if h, ok := s.Md.LeadingH1(doc, src); ok {
			if s.Lay.TitleAboveOther && !sameHeading(h, p.Title) {
				// Another text than the title's: it stays, below the title.
				if next := doc.FirstChild(); next != nil {
					doc.InsertBefore(doc, next, first)
				} else {
					doc.AppendChild(doc, first)
				}
				break
			}
			p.Heading, p.DropH1 = h, true
		}
	}
	s.placeByRules(p, p.Meta)
	if s.Lay.PageURL != nil && p.permalink.line == 0 && !p.Failed {
		if u := s.Lay.PageURL(rel, p.Meta); u != "" {
			p.SitePath = u // the tool's URL (a Jekyll collection's permalink)
		}
	}
	if !p.Failed && (p.Kind == templates.KindPage || (p.Kind == templates.KindSection || p.Kind == templates.KindHome) && p.docID != "" && s.Lay.SectionFiles) {
		// A doc that is its folder's page is the tool's file too
		// (Docusaurus's trailingSlash: false: docs/lore/index.md at
		// docs/lore.html), as a generated index is (generatedFile), and
		// so is the doc at slug: / that is the home page (docs.html).
		p.SitePath, p.fileURL = s.asFile(rel, p.Meta, p.SitePath)
	}
	p.Ids = s.Md.IDs(doc, src)
	p.Outline = markup.Outline(doc, src)
	if p.DropH1 { // its leading heading, taken out of doc: the page's top
		p.Outline = slices.Insert(p.Outline, 0, markup.OutlineHeading{Level: 1, Text: cmp.Or(p.Heading, p.Title)})
	}
	if len(p.Outline) < 2 {
		p.Outline = nil // no path of two headings or more
	}
	if s.Cfg.Obsidian && s.Lay.Tags == nil { // a tool with tags of its own (Docusaurus) reads only the front matter's
		p.tags = append(p.tags, s.Md.Tags(doc, src, pctx)...)
	}
	p.Blocks = collectFences(doc, src)
	for _, b := range s.Lay.Blogs {
		if p.Description == "" && strings.HasPrefix(rel, b.Dir+"/") {
			p.Description = excerpt(src) // a post's summary (its list's, its feed's)
		}
	}
	if p.Description == "" && p.docID != "" && s.Lay.Excerpts {
		p.Description = excerpt(src) // a doc's (layout.Layout.Excerpts)
	}
	if p.Title == "" && p.fallbackTitle != "" {
		p.Title = p.fallbackTitle
	}
	p.size = int64(len(src))
	if s.Lay.Dataview != nil {
		p.inline = scanInlineFields(doc, src)
		s.queryTitle(p, src)
	}
	if p.Title == "" {
		switch p.Kind {
		case templates.KindHome:
			p.Title = s.Cfg.Title
		case templates.KindSection: // a folder's untitled _index.md: the folder's name
			if s.Lay.Kind == layout.MkDocs {
				// MkDocs: "The filename of a document" (Page._set_title),
				// a folder's index.md "Index" too; the navigation still
				// names the folder.
				p.Title, p.nameTitle = s.nameTitle(pageName(path.Base(rel))), true
				if p.navTitle == "" {
					p.navTitle = s.nameTitle(path.Base(p.dir()))
				}
				break
			}
			p.Title = s.nameTitle(path.Base(p.dir()))
			// A tool's <title> of its own (layout.Layout.DocTitle) knows it
			// as untitled: VitePress's is the site's title.
			p.nameTitle = s.Lay.DocTitle != nil
		default:
			p.Title, p.nameTitle = s.nameTitle(pageName(path.Base(rel))), true
		}
	}
	if s.Lay.NameLabels && p.Kind != templates.KindHome && p.navTitle == "" {
		name := pageName(path.Base(rel))
		if p.Kind == templates.KindSection { // a folder's page (folder note, README.md, index.md): the folder's name
			name = path.Base(p.dir())
		}
		if name != p.Title {
			p.navTitle = name // the file explorer's name (layout.Layout.NameLabels)
		}
	}
	return p
}

// leadingTitle is the text of the heading that starts the page, when the
// layout takes a title from a heading of any level there
// (layout.HeadingTitle); the heading leaves the outline doc.
func (s *Site) leadingTitle(doc ast.Node, src []byte) (string, bool) {
	if !s.Lay.HeadingTitle {
		return "", false
	}
	return s.Md.LeadingHeading(doc, src)
}

// leadTitle is the title of the heading line lead (see
// layout.Expanded.LeadHeading) where the layout takes a title from a
// heading of any level, but for a # heading: the page's first # heading
// titles it as any page's does (h1Title).
func (s *Site) leadTitle(lead string) (string, bool) {
	if lead == "" || strings.HasPrefix(lead, "# ") || strings.HasPrefix(lead, "#\t") {
		return "", false
	}
	src := []byte(lead)
	doc, _ := s.Md.Outline(src)
	return s.leadingTitle(doc, src)
}

// h1Title is the text of the page's first # heading, or of the one that
// starts it where the layout takes the title from there only
// (layout.Layout.FirstLineTitle, StartTitle).
func (s *Site) h1Title(doc ast.Node, src []byte) (string, bool) {
	switch {
	case s.Lay.FirstLineTitle:
		return s.Md.LeadingH1(doc, src)
	case s.Lay.StartTitle:
		return s.Md.StartTitle(doc, src)
	}
	return s.Md.H1Title(doc, src)
}

// Classify returns the kind and site path of the page at content path rel.
func (c *Config) Classify(rel string) (templates.Kind, string) {
	for outside(rel) { // a page outside the content (mdBook's ../README.md): under the site's root, as bundleURL places files
		rel = strings.TrimPrefix(strings.TrimPrefix(rel, ".."), "/")
	}
	dir, name := path.Split(rel)
	var segs []string
	for _, d := range strings.Split(strings.Trim(dir, "/"), "/") {
		if d != "" {
			segs = append(segs, c.slugify(d))
		}
	}
	kind := templates.KindPage
	if c.isIndex(name) {
		kind = templates.KindSection
		if len(segs) == 0 {
			kind = templates.KindHome
		}
	} else {
		segs = append(segs, c.slugify(pageName(name)))
	}
	if len(segs) == 0 {
		return kind, "/"
	}
	return kind, "/" + strings.Join(segs, "/") + "/"
}

// slugify turns a file or folder name into a URL segment: lower case,
// spaces (and underscores, with urlUnderscores = "hyphen") become hyphens.
func (c *Config) slugify(name string) string {
	if c.rules != nil {
		return c.rules.Segment(name)
	}
	if c.segment != nil {
		return c.segment(name)
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == ' ' || r == '_' && c.HyphenUnderscores:
			return '-'
		case c.KeepCase:
			return r
		default:
			return unicode.ToLower(r)
		}
	}, name)
}

// toolTitle is the layout's tool's title of the page at rel that has no
// title of its own (layout.Layout.PageTitle), "" for none.
func (s *Site) toolTitle(rel string) string {
	if s.Lay.PageTitle == nil {
		return ""
	}
	return s.Lay.PageTitle(rel)
}

// nameTitle is the title of a page or folder that has none but its name:
// the layout's tool's (layout.Layout.NameTitle), the name as written
// where the tool shows it so (layout.Layout.NameTitles), else
// titleFromName.
func (s *Site) nameTitle(name string) string {
	if s.Lay.NameTitle != nil {
		return s.Lay.NameTitle(name)
	}
	if s.Lay.NameTitles {
		return name
	}
	return titleFromName(name)
}

// titleFromName makes a fallback title from a file or folder name: its
// "-" and "_" as spaces, none at the ends, its first letter upper case.
func titleFromName(name string) string {
	name = strings.TrimSpace(strings.NewReplacer("-", " ", "_", " ").Replace(name)) // _footer: "Footer"
	if name == "" {
		return name
	}
	r := []rune(name)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// collectFences returns the distinct info words of the document's fenced
// code blocks ("calc", "go", ...), in order of first use.
func collectFences(doc ast.Node, src []byte) []string {
	var words []string
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		words = fenceWords(n, src, words)
	}
	return words
}

func fenceWords(n ast.Node, src []byte, words []string) []string {
	if f, ok := n.(*ast.FencedCodeBlock); ok {
		if f.Info != nil {
			if w := strings.Fields(string(f.Info.Segment.Value(src))); len(w) > 0 && !slices.Contains(words, w[0]) {
				words = append(words, w[0])
			}
		}
		return words
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		words = fenceWords(c, src, words)
	}
	return words
}

// UsesBlock reports whether any page that will be rendered has a fenced
// code block with the given info word, so that costly assets (the
// calculators' WebAssembly module) are produced only for sites that use
// them.
func (s *Site) UsesBlock(info string) bool {
	for _, p := range s.Pages {
		if slices.Contains(p.Blocks, info) {
			return true
		}
	}
	return false
}

// FrontMatterSpan locates the front matter block: the delimiter line
// (--- for YAML, +++ for TOML, or a longer run of either, as the Markdown
// parser's extension reads it) and the byte range of the text between
// the delimiters, by package frontspan's rule. ok is false when the file
// has no front matter; closed is false when the closing delimiter is
// missing (end is then len(src)).
func FrontMatterSpan(src []byte) (start, end int, ok, closed bool) {
	sp := frontspan.Find(src, frontspan.Options{TOML: true, Runs: true})
	return sp.Start, sp.End, sp.OK, sp.Closed
}

// readFrontMatter decodes and validates the front matter of p.
func (s *Site) readFrontMatter(p *Page, src []byte, data *frontmatter.Data) {
	start, end, ok, closed := FrontMatterSpan(src)
	if !ok || data == nil {
		return // front matter is optional: the title comes from the first # H1 or the file name
	}
	if !closed {
		s.Diag.Addf(p.File, 1, 1, "", "front matter is not closed: no line %q after the opening one", strings.TrimRight(string(src[:start]), "\r\n"))
		p.Failed = true
		return
	}
	m, simple := map[string]any(nil), false
	if bytes.HasPrefix(src, []byte("---\n")) { // YAML, between the lines the front matter extension and frontMatterSpan both end it at
		m, simple = simpleYAML(src[start:end])
	}
	if simple {
		s.readFields(p, m, src[start:end], p.srcLine(2))
		return
	}
	var err error
	if yamlFM := src[start-1] == '\n' && bytes.HasPrefix(src, []byte("---")); yamlFM {
		// YAML: a key set twice keeps its last value, as the tools' YAML
		// readers take it, and is reported (lenient.go).
		var dups []layout.DuplicateKey
		m, dups, err = layout.DecodeYAMLMap(src[start:end])
		for _, d := range dups {
			for i := range d.Lines {
				d.Lines[i]++ // the file's lines: the front matter starts on line 2
			}
			ce := d.Error(p.File)
			s.Tolerate(p.File, p.srcLine(ce.Line), ce.Col, ce.Key, ce.Msg)
		}
	} else {
		m = map[string]any{}
		if src[0] == '+' { // TOML: its depth is bounded before its parser runs
			if line, col, ok := layout.TOMLDepth(src[start:end]); !ok {
				s.Diag.Addf(p.File, p.srcLine(1+line), col, "", "front matter: %s", layout.TOMLDepthMsg)
				p.Failed = true
				return
			}
		}
		err = data.Decode(&m)
	}
	if err != nil {
		line, col := 1, 1
		msg, what := err.Error(), "front matter: "
		var pe toml.ParseError
		var nf *layout.NotFieldsError
		if errors.As(err, &nf) {
			line, col, msg, what = 1+nf.Line, nf.Col, nf.Error(), "the front matter "
		} else if errors.As(err, &pe) {
			line, col, msg = 1+pe.Position.Line, max(pe.Position.Col, 1), pe.Message
		} else if l := errorLine(msg); l > 0 {
			line = 1 + l
			msg = strings.TrimPrefix(msg, "yaml: ")
			msg = strings.TrimPrefix(msg, fmt.Sprintf("line %d: ", l))
		}
		line = p.srcLine(line)
		if s.Lay.BadFrontMatter {
			s.Tolerate(p.File, line, col, "", fmt.Sprintf("%s%s: the page is built without it", what, msg))
			if s.lenient() {
				m = map[string]any{}
				s.readFields(p, m, nil, p.srcLine(2))
				return
			}
		} else {
			s.Diag.Addf(p.File, line, col, "", "%s%s", what, msg)
		}
		p.Failed = true
		return
	}
	s.readFields(p, m, src[start:end], p.srcLine(2))
}

// foldKeys gives each key of a Hugo page's front matter written with
// capitals its lower-case spelling too, where the page does not write
// that one: Hugo reads front matter keys whatever their case (hugo 0.111
// measured: "Title:" titles a page, "Draft: true" is a draft). The key
// as written stays (a camelCase key sitegen reads as Hugo's docs write
// it, linkTitle).
func foldKeys(m map[string]any) {
	for _, k := range slices.Sorted(maps.Keys(m)) { // sorted: of Title and TITLE, one rule picks
		if low := strings.ToLower(k); low != k {
			if _, has := m[low]; !has {
				m[low] = m[k]
			}
		}
	}
}

// readFields reads a page's fields from its front matter (or metadata
// lines) m, decoded from raw, which starts at line first of the file.
func (s *Site) readFields(p *Page, m map[string]any, raw []byte, first int) {
	if s.Lay.Kind == layout.Hugo {
		foldKeys(m)
	}
	if s.Lay.Defaults != nil {
		if d := s.Lay.Defaults(p.Rel); len(d) > 0 {
			for k, v := range d {
				if _, own := m[k]; !own {
					m[k] = v // the page's own values win
				}
			}
		}
	}
	r := &fieldReader{file: p.File, m: m, raw: raw, line: first, diag: s.Diag}
	if s.Lay.Kind != layout.Sitegen {
		// Other tools take any scalar as a title (Jekyll's 404.html has
		// "title: 404").
		switch t := m["title"].(type) {
		case int, int64, uint64, float64:
			m["title"] = fmt.Sprint(t)
		}
	}
	p.Title = strings.TrimSpace(r.str("title"))
	p.Description = s.oneText(p, r, "description")
	p.weight = s.weightField(p, r)
	if s.Lay.Kind == layout.Quartz { // Quartz's filters take "true" as well as true (publish.go reads it so)
		p.draft = layout.True(m["draft"])
	} else {
		p.draft = r.bool("draft")
	}
	if m == nil {
		m = map[string]any{} // front matter, if empty: nil Meta is none (layout.Layout.PageURL)
	}
	p.Meta = m
	s.readDialectFields(p, r)
	if s.Cfg.Obsidian || s.Lay.TagsOf != nil {
		toolTags := s.Lay.Tags != nil && s.Lay.Tags(p.Rel) != nil || s.Lay.TagsOf != nil // a tool's tags, any label (Docusaurus's)
		tags := m["tags"]
		if s.Lay.TagsOf != nil {
			tags = s.Lay.TagsOf(m)
		}
		for _, name := range frontMatterTags(tags, toolTags) {
			if s.Lay.TagSlug != nil {
				if name = s.Lay.TagSlug(name); name == "" {
					continue
				}
			} else if problem := tagNameProblem(name); problem != "" && !toolTags && !s.Lay.NoTagPages {
				// Obsidian's rule for tag names; a tool that makes no tag
				// pages takes any text (Jekyll's "backer class").
				line, col := r.locate("tags")
				s.Warn.Addf(p.File, line, col, "tags", "%s", problem)
				continue
			}
			p.tags = append(p.tags, name)
		}
	}
	for _, a := range s.stringList(p, r, "aliases") {
		line, col := r.locate("aliases")
		if s.Lay.Kind == layout.Hugo && !strings.HasPrefix(a, "/") && !strings.Contains(a, "://") {
			// Hugo's aliases are URLs, a relative one from the folder
			// of the page's URL (/sec/b/ with old-b: /sec/old-b/).
			rel := path.Join(strings.TrimPrefix(path.Dir(strings.TrimSuffix(p.SitePath, "/")), "/"), a)
			if rel == ".." || strings.HasPrefix(rel, "../") {
				s.Warn.Addf(p.File, line, col, "aliases", "%q leads outside the site from %s: no redirect made (Hugo stops the build on it)", a, p.SitePath)
				continue
			}
			a = "/" + rel
		}
		if !strings.HasPrefix(a, "/") {
			// Obsidian's aliases are other names of a note, not URLs.
			if s.Cfg.Obsidian && !strings.Contains(a, "://") {
				p.Names = append(p.Names, strings.TrimSpace(a))
				if s.Lay.AliasRedirect != nil {
					if sp := s.Lay.AliasRedirect(p.Rel, strings.TrimSpace(a)); sp != "" {
						p.Aliases = append(p.Aliases, alias{SitePath: sp, line: line, col: col, key: "aliases", written: a, yields: true})
					}
				}
			} else {
				s.Warn.Addf(p.File, line, col, "aliases", "%q is not a site path such as /old/url/: no redirect made", a)
			}
			continue
		}
		s.addAlias(p, a, "aliases", line, col)
	}
	if s.Lay.Kind == layout.Jekyll && p.Title != "" {
		// Jekyll has no wikilinks: the sites that write [[…]] resolve
		// it by the page's title in their Liquid or plugin ("site.pages
		// | where: \"title\"", the digital garden template's
		// note.data['title']): a name after the file names (wiki.go).
		p.Names = append(p.Names, p.Title)
	}
	if s.Lay.WikiDashSpace {
		// The digital garden template's plugin matches a file name's "-"
		// as a space too ("gsub('\-', '[ -]')"; its "_" only as itself:
		// gardenName): [[Your first note]] is your-first-note.md.
		stem := strings.TrimSuffix(path.Base(p.Rel), path.Ext(p.Rel))
		if spaced := strings.ReplaceAll(stem, "-", " "); spaced != stem {
			p.Names = append(p.Names, spaced)
		}
	}
	// Quartz reads an empty title as none ("if (data.title != null &&
	// data.title.toString() !== "") ... else data.title = file.stem",
	// frontmatter.ts): nothing to report.
	if _, has := m["title"]; has && p.Title == "" && !r.bad && s.Lay.Kind != layout.Quartz {
		if tool := s.Lay.Tool(); tool != "" {
			// The tools build a page whose title is empty (Hugo's .Title
			// is ""): sitegen titles it as it titles a page without one.
			line, col := r.locate("title")
			s.Tolerate(p.File, line, col, "title",
				fmt.Sprintf("empty: %s shows the page without a title; sitegen takes its first heading or its name", tool))
		} else {
			r.fail("title", "must not be empty")
		}
	}
	if r.bad {
		p.Failed = true
	}
}

// requireTitle reports page p, whose front matter has no title, to a
// tool whose build stops on it (layout.Layout.TitleRequired): an error in
// a strict build, a warning in a lenient one, which titles the page from
// its first heading or its name. An empty title is one the tool builds
// (Starlight's schema is a string): Tolerate reports that.
func (s *Site) requireTitle(p *Page) {
	tool := s.Lay.Tool()
	if s.lenient() {
		s.Warn.Addf(p.File, 1, 1, "title", "missing: %s's build stops on a page without a title; sitegen takes its first heading or its name", tool)
		return
	}
	s.Diag.Addf(p.File, 1, 1, "title", "missing: %s's build stops on a page without a title (--broken-links warn titles it from its first heading or its name, with a warning)", tool)
}

// addAlias adds the redirect a (a site path as written in field key, at
// line and col) to page p, once it passes the checks of every URL an
// editor writes (urlProblem); else it is an error there.
func (s *Site) addAlias(p *Page, a, key string, line, col int) {
	written := a
	// An alias is a URL: "/old%20page/" and "/old page/" are one page.
	if un, err := url.PathUnescape(a); err == nil {
		a = un
	}
	if BadName(a) != "" {
		s.Diag.Addf(p.File, line, col, key, "%q holds a control character or bytes that are not UTF-8: a URL cannot carry them", written)
		return
	}
	sp := aliasPath(a)
	if problem := urlProblem(written, a, sp); problem != "" {
		s.Diag.Addf(p.File, line, col, key, "%s", problem)
		return
	}
	p.Aliases = append(p.Aliases, alias{SitePath: sp, line: line, col: col, key: key, written: written})
}

// inNav reports whether the content-relative folder dir, in one of the
// layout's further folders of pages, is in the navigation as the
// content's folders are (layout.Page.InNav).
func (s *Site) inNav(dir string) bool {
	if !outside(dir) || s.Lay.Rules == nil {
		return false
	}
	f, _ := s.Lay.Rules.Folder(dir) // its error is reported once, where the folder is placed (placeFolder)
	return f.InNav
}

// contentFolder is the folder of the content that the further folder
// dir, in the navigation, stands for: the one its trailing path names
// ("../docs/de/rules": "rules") whose rule folder has dir's URL
// (Starlight's locale folder beside the default locale's: one group
// per URL); ok false for none.
func (s *Site) contentFolder(dir string) (string, bool) {
	if s.Lay.Rules == nil || !outside(dir) {
		return "", false
	}
	f, err := s.Lay.Rules.Folder(dir)
	if err != nil || f.URL == "" || !f.InNav {
		return "", false
	}
	parts := strings.Split(dir, "/")
	for i := len(parts) - 1; i > 0 && parts[i] != ".."; i-- {
		c := strings.Join(parts[i:], "/")
		if g, err := s.Lay.Rules.Folder(c); err == nil && g.URL == f.URL {
			return c, true
		}
	}
	return "", false
}

// buildTree links pages into sections, synthesizing a section page for
// folders without _index.md, orders children and sets the reading order.
func (s *Site) buildTree(pages []*Page) {
	fold := s.folderSpelling(pages)
	sections := map[string]*Page{} // folder (content-relative, "" for root) -> section page
	for _, p := range pages {
		switch p.Kind {
		case templates.KindHome:
			sections[""] = p // the root's index, or the page a layout makes the home page
		case templates.KindSection:
			sections[fold(p.dir())] = p
		}
	}
	// newSection is the page sitegen makes for folder dir, which has none.
	newSection := func(dir string) *Page {
		rel := sectionIndex
		title := s.Cfg.Title
		if dir != "" {
			rel = dir + "/" + sectionIndex
			title = s.nameTitle(path.Base(dir))
			if s.Lay.SectionTitle != nil {
				title = s.Lay.SectionTitle(path.Base(dir))
			}
			if s.Lay.Pages != nil {
				title = s.Lay.Pages.FolderPageTitle(dir)
			}
		}
		kind, sp := s.Cfg.Classify(rel)
		sec := &Page{Rel: rel, Kind: kind, SitePath: sp, Title: title, Ids: map[string]bool{}}
		if s.Lay.Pages != nil && dir != "" {
			if name := s.Lay.Pages.FolderTitle(dir); name != title {
				sec.navTitle = name // the page's title is the tool's, the navigation names the folder
			}
		}
		s.placeFolder(sec, dir)
		if s.Lay.FolderURL != nil && dir != "" {
			if u, t := s.Lay.FolderURL(dir); u != "" {
				sec.SitePath, sec.Title = u, titleFromName(t)
			}
		}
		if s.Lay.FolderPlace != nil && dir != "" && sec.NoPage {
			if _, fold, _ := s.Lay.FolderPlace(dir); fold {
				sec.navFold = true // just-the-docs' nav_fold: a group that folds, closed
			}
		}
		if f, ok := s.navFolders[dir]; ok && dir != "" {
			if sec.NoPage {
				sec.navFold, sec.navOpen = f.fold, f.open // the navigation's group folds as it says
			}
			if s.Lay.Rules != nil {
				s.navPlace(sec, f.title, f.weight)
			} else {
				sec.Title, sec.weight = cmp.Or(f.title, sec.Title), f.weight
			}
		}
		return sec
	}
	if s.Lay.Kind == layout.Jekyll {
		s.permalinkFolders(pages, sections, newSection)
	}
	var section func(dir string) *Page
	section = func(dir string) *Page {
		dir = fold(dir)
		if sec, ok := sections[dir]; ok {
			return sec
		}
		sec := newSection(dir)
		sections[dir] = sec
		s.synth = append(s.synth, sec)
		return sec
	}
	// home is the folder whose section holds what is in folder dir: dir,
	// or the nearest folder above it that is a section where the layout
	// says dir is none (layout.Layout.NoSection).
	home := func(dir string) string {
		dir = fold(dir)
		for s.Lay.NoSection != nil && dir != "" && sections[dir] == nil && s.Lay.NoSection(dir) {
			dir = parentDir(dir)
		}
		return dir
	}
	s.Home = section("")
	if s.Lay.HTMLHome && s.Home.File == "" && s.Files["index.html"] && s.Home.SitePath == "/" {
		s.Home.FileHome = true
		s.Warn.Addf(s.SrcFile("index.html"), 0, 0, "", "the home page: there is no index.md, so %s makes no home page of its own and sitegen's generated home page (the list of the site's pages) is not written over this file", s.Lay.Tool())
	}
	if s.Lay.NavOnly {
		s.navTree(pages) // the table of contents is the tree (navtree.go)
	}
	// A page at the root is one written to its index.html, also by a
	// permalink to the file (Jekyll's permalink: index.html).
	atRoot := slices.ContainsFunc(pages, func(p *Page) bool { return OutputPath(p.SitePath) == OutputPath("/") }) ||
		s.Lay.Rules != nil && slices.ContainsFunc(s.Lay.Roots, func(root string) bool {
			// A further folder's own page at the root (Docusaurus's blog
			// list in blog-only mode, routeBasePath '/').
			f := s.ruleFolder(rootRel(s.Lay.Content, root))
			return !f.NoPage && f.URL == "/"
		})
	switch {
	case s.Home.SitePath == "/":
	case s.Home.File == "" && s.Lay.Rules != nil && s.ruleFolder("").NoPage:
		// The layout's tool publishes no page for its content's root
		// without a file there (Docusaurus's /docs/ without a doc at
		// slug /): sitegen's home page is at the site's root, or, where
		// a page is there (src/pages/index.md), is that page's and not
		// rendered; a link to the content's root is broken, as the
		// tool's is.
		if atRoot {
			s.Home.NoPage = true
		} else {
			s.Home.SitePath = "/"
		}
	case !atRoot:
		// The layout puts its pages under a path (Docusaurus's
		// routeBasePath) and no page is at the root (src/pages/index.md).
		s.Home.Aliases = append(s.Home.Aliases, alias{SitePath: "/"})
	}
	for _, p := range pages {
		if p == s.Home || p.Copy || s.Lay.NavOnly {
			continue
		}
		dir := path.Dir(p.Rel)
		if p.Kind == templates.KindSection {
			dir = path.Dir(p.dir())
		}
		if dir == "." {
			dir = ""
		}
		if outside(p.Rel) {
			// A page of a further folder in the navigation (a Docusaurus
			// docs instance): in its folder's section, a root's own page
			// in the home page's.
			own := dir
			if p.Kind == templates.KindSection {
				own = p.dir()
			}
			if s.inNav(own) {
				if f, _ := s.Lay.Rules.Folder(dir); f.NoPage && f.URL == s.Home.SitePath {
					p.Parent, p.homeOwn = s.Home, true // a folder of the home page's own (Starlight's root locale's pages beside the default locale's)
				} else if c, ok := s.contentFolder(dir); ok && p.Kind != templates.KindSection {
					p.Parent, p.homeOwn = section(c), true // in the content's folder at its URL
				} else if s.inNav(dir) {
					p.Parent = section(dir)
				} else {
					p.Parent = s.Home
				}
				continue
			}
			// A page of another further folder (layout.Layout.Roots):
			// listed by the page its folder's rules give (the blog's
			// list), else by the home page; not in the navigation.
			p.navExclude = true
			if s.Lay.Rules == nil || s.ruleFolder(dir).NoPage {
				p.Parent = s.Home
				continue
			}
		}
		dir = home(dir)
		// A transparent section's page (a page in its own folder too: no
		// section of its own) is its parent's (layout.Layout.PassPages).
		passed := s.Lay.PassPages != nil && (p.Kind != templates.KindSection || s.Lay.NoSection != nil && s.Lay.NoSection(p.dir()))
		for passed && dir != "" && s.Lay.PassPages(dir) {
			dir = home(parentDir(dir))
		}
		p.Parent = section(dir)
	}
	// A blog without posts still has its list page (and its authors'
	// pages, buildBlog): Docusaurus writes /blog for an empty blog.
	for _, b := range s.Lay.Blogs {
		if s.Lay.Rules != nil && !s.ruleFolder(b.Dir).NoPage {
			section(b.Dir)
		}
	}
	// Synthesized sections need parents too (created on demand above).
	for i := 0; i < len(s.synth); i++ {
		sec := s.synth[i]
		if sec == s.Home || sec.Parent != nil {
			continue
		}
		dir := path.Dir(path.Dir(sec.Rel))
		if dir == "." || outside(sec.Rel) && !s.inNav(dir) {
			dir = "" // a further folder's list (the blog's), or its root in the navigation, is under the home page
		}
		sec.Parent = section(home(dir))
	}
	s.reparent(pages)
	all := append(slices.Clone(pages), s.synth...)
	var unlisted []*Page
	for _, p := range all {
		switch {
		case p.Unlisted != "" && p != s.Home && !p.Copy:
			unlisted = append(unlisted, p) // in no list: rendered below, apart
		case p.Parent != nil:
			p.Parent.Children = append(p.Parent.Children, p)
		}
	}
	unlisted = s.unlistEmptyFolders(unlisted)
	unlisted = s.rootFolder(unlisted)
	s.sections = sections
	if s.Lay.FolderOrderFromPages {
		folderPositions(s.Home)
	}
	if s.Lay.NavRename != nil { // the tool's display names, which its order compares (Quartz's Explorer mapFn)
		for _, p := range all {
			if p != s.Home {
				p.navRename = s.Lay.NavRename(cmp.Or(p.navTitle, p.Title), p.Kind == templates.KindSection)
			}
		}
	}
	for _, p := range all {
		s.sortChildren(p.Children)
		if s.Lay.ListAll && p.Kind == templates.KindSection && p.PerPage == 0 {
			p.PerPage = max(len(p.Children), 1) // the tool's list is one page (layout.Layout.ListAll)
		}
	}
	// Reading order: depth first from the home page.
	s.Pages = s.Pages[:0]
	var visit func(p *Page)
	visit = func(p *Page) {
		if !p.NoPage { // a heading of the navigation only: not rendered, not a link's target
			s.Pages = append(s.Pages, p)
		}
		for _, c := range p.Children {
			visit(c)
		}
	}
	visit(s.Home)
	if s.Lay.NavHidden != nil { // the tool's filter of its navigation (Quartz's Explorer filterFn)
		for _, p := range all {
			// Quartz filters before its mapFn renames: the label unchanged.
			if p != s.Home && s.Lay.NavHidden(p.Rel, p.Kind == templates.KindSection, cmp.Or(p.navTitle, p.Title), p.Meta) {
				p.navExclude = true
			}
		}
	}
	s.hideUnnamedFolders()
	// Previous and next follow the navigation: a page out of it (MkDocs'
	// pages that nav: does not name, just-the-docs' nav_exclude) has no
	// neighbours and is no one's; nor has a redirect elsewhere (redirect_to:).
	// The home page is in it only where the navigation lists it
	// (layout.Layout.HomeInNav).
	chain := slices.DeleteFunc(slices.Clone(s.Pages), func(p *Page) bool {
		return p == s.Home && !s.homeInNav() || p.navExclude || p.RedirectTo != ""
	})
	chain = s.homeAtNavPlace(chain)
	for i, p := range chain {
		if i > 0 {
			p.Prev = chain[i-1]
		}
		if i+1 < len(chain) {
			p.Next = chain[i+1]
		}
	}
	if s.Lay.SectionFiles {
		// The tool's file of a section's page (Hugo's uglyURLs:
		// /posts.html) leads to it; not where a page is.
		for _, sec := range sections {
			// The sections the tool writes as files (FileURL of the
			// folder's page: Hugo's [uglyURLs] map names some).
			asFile := s.Lay.FileURL == nil || s.Lay.FileURL(sec.dir()+"/", sec.Meta)
			if asFile && !sec.NoPage && strings.HasSuffix(sec.SitePath, "/") && sec.SitePath != "/" {
				sec.Aliases = append(sec.Aliases, alias{SitePath: fileOf(sec.SitePath), yields: true, written: sec.SitePath})
			}
		}
	}
	// Generated copies of other pages are rendered, under the home page,
	// but are no one's child and have no neighbours.
	for _, p := range pages {
		if p.Copy {
			p.Parent = s.Home
			s.Pages = append(s.Pages, p)
		}
	}
	// Unlisted pages (and what they hold) are rendered, outside the
	// reading order.
	slices.SortFunc(unlisted, func(a, b *Page) int { return cmp.Compare(a.Rel, b.Rel) })
	for _, p := range unlisted {
		visit(p)
	}
}

// folderPositions gives each folder under p without a position of its
// own the lowest position of the pages it holds, at any depth
// (layout.Layout.FolderOrderFromPages); it returns p's.
func folderPositions(p *Page) (float64, bool) {
	low, has := p.pos, p.hasPos
	for _, c := range p.Children {
		if pos, ok := folderPositions(c); ok && (!has || pos < low) {
			low, has = pos, true
		}
	}
	if p.Kind == templates.KindSection && !p.hasPos && has {
		p.pos, p.hasPos = low, true
	}
	return low, has
}

// sortChildren orders a section's pages: comparePages, or by name
// (layout.NameOrder): weight first, as comparePages, then the file or
// folder name, naturally, or as text in a folder of zero-padded numbers
// (see package natural).
func (s *Site) sortChildren(children []*Page) {
	if s.Lay.Pages != nil { // the tool's own order (pagerules.go)
		slices.SortFunc(children, s.compareByRules)
		return
	}
	if s.Lay.Rules != nil { // the layout's own order (rules.go)
		slices.SortFunc(children, compareByPosition)
		return
	}
	if s.Lay.FilesFirst {
		slices.SortFunc(children, func(a, b *Page) int {
			return cmp.Or(byWeight(a, b), cmp.Compare(folderRank(a), folderRank(b)), cmp.Compare(a.name(), b.name()))
		})
		return
	}
	if !s.Lay.NameOrder && s.Lay.Kind == layout.Jekyll {
		fold := !s.Lay.CaseOrder
		slices.SortFunc(children, func(a, b *Page) int {
			return cmp.Or(cmp.Compare(s.collectionRank(a), s.collectionRank(b)), byWeight(a, b), byNavText(a, b, fold), s.navTie(a, b),
				byJTDTitle(a, b, fold), cmp.Compare(jekyllName(a), jekyllName(b)), cmp.Compare(a.SitePath, b.SitePath))
		})
		return
	}
	if !s.Lay.NameOrder && s.Lay.PageDate != nil {
		dates := make(map[*Page]int64, len(children))
		for _, c := range children {
			dates[c] = s.sortDate(c).Unix()
		}
		slices.SortFunc(children, func(a, b *Page) int {
			return cmp.Or(byWeight(a, b), cmp.Compare(dates[b], dates[a]), compareLower(a.Label(), b.Label()), cmp.Compare(a.SitePath, b.SitePath))
		})
		return
	}
	if !s.Lay.NameOrder {
		slices.SortFunc(children, comparePages)
		return
	}
	names := make(map[*Page]string, len(children))
	for _, c := range children {
		names[c] = c.name()
	}
	byName := natural.Compare
	if natural.Padded(slices.Collect(maps.Values(names))) {
		byName = natural.Text
	}
	slices.SortFunc(children, func(a, b *Page) int {
		return cmp.Or(byWeight(a, b), byName(names[a], names[b]), cmp.Compare(a.SitePath, b.SitePath))
	})
}

// navTie orders two pages of one place as the tool does
// (layout.Layout.NavTie), 0 when it has no say.
func (s *Site) navTie(a, b *Page) int {
	if s.Lay.NavTie == nil || a.File == "" || b.File == "" {
		return 0
	}
	return s.Lay.NavTie(a.Rel, b.Rel, a.Meta, b.Meta)
}

// collectionRank is 1 or more for the section of a Jekyll collection's
// folder, 0 for any other page: just-the-docs' sidebar lists the site's
// pages ("components/nav.html pages=site.html_pages") and then each
// collection under its name, so a collection comes after the pages beside
// it; among themselves, collections take their place in _config.yml
// (layout.Layout.FolderPlace).
func (s *Site) collectionRank(p *Page) int {
	if p.Kind != templates.KindSection || s.Lay.FolderURL == nil || !strings.HasPrefix(path.Base(p.dir()), "_") {
		return 0
	}
	if u, _ := s.Lay.FolderURL(p.dir()); u != "" {
		if s.Lay.FolderPlace != nil {
			place, _, _ := s.Lay.FolderPlace(p.dir())
			return 1 + place
		}
		return 1
	}
	return 0
}

// sortDate is the date page p is ordered by among its siblings
// (layout.Layout.PageDate; none is the zero time, oldest). A section
// without a date of its own has its newest page's, as Hugo dates it
// (Hugo 0.111 measured: the section of a 2023 page is listed before a
// page of 2021, testing/conformance TestHugo).
func (s *Site) sortDate(p *Page) time.Time {
	t, ok := s.Lay.PageDate(p.Meta)
	if ok || p.Kind != templates.KindSection {
		return t
	}
	for _, c := range p.Children {
		if d := s.sortDate(c); d.After(t) {
			t = d
		}
	}
	return t
}

// folderRank sorts a folder's pages (0) before its sub-folders (1).
func folderRank(p *Page) int {
	if p.Kind == templates.KindSection {
		return 1
	}
	return 0
}

// name is the file name of a page without its extension, or the name of
// the folder a section stands for: what its place among its siblings
// comes from in a layout ordered by name.
func (p *Page) name() string {
	if p.Kind == templates.KindSection || p.Kind == templates.KindHome || p.folder != "" {
		return path.Base(p.dir())
	}
	return pageName(path.Base(p.Rel))
}

// comparePages orders siblings Hugo's way: by weight (pages without a
// weight last), then title, then URL.
func comparePages(a, b *Page) int {
	if c := cmp.Or(byWeight(a, b), byNavText(a, b, true)); c != 0 {
		return c
	}
	return cmp.Or(compareLower(a.Title, b.Title), cmp.Compare(a.SitePath, b.SitePath))
}

// compareLower compares a and b as cmp.Compare compares their
// strings.ToLower, without making them: sorting a section compares each
// title many times.
func compareLower(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra, rb = unicode.ToLower(ra), unicode.ToLower(rb); ra != rb {
			return cmp.Compare(ra, rb)
		}
		a, b = a[na:], b[nb:]
	}
	return cmp.Compare(len(a), len(b))
}

// byWeight orders pages by weight, pages without one last; 0 when the
// weights say nothing.
func byWeight(a, b *Page) int {
	wa, wb := a.weight, b.weight
	if (wa == 0) != (wb == 0) {
		if wa == 0 {
			return 1
		}
		return -1
	}
	return cmp.Compare(wa, wb)
}

// checkURLs reports pages and aliases that would be written to the same URL
// or file, and aliases that would replace a page's file or a content file
// (see urlcheck.go); it keeps what it learns as the site's URL index: the
// page at each page or alias URL (byURL) and the URLs of the content files
// (filesByURL), which site-absolute links resolve against.
func (s *Site) checkURLs() {
	s.FilesByURL = map[string]string{}
	for rel := range s.Files {
		s.FilesByURL[s.FileURL(rel)] = rel
	}
	owner := map[string]*Page{}
	describe := func(p *Page) string {
		switch {
		case p.tag != "" && p.tagFrom != nil:
			if dir := strings.Split(strings.Trim(p.SitePath, "/"), "/")[0]; dir != tagsDir {
				return fmt.Sprintf("the page of %s %q (%s)", dir, p.tag, p.tagFrom.File) // a taxonomy's term (buildTaxonomy)
			}
			return fmt.Sprintf("the tag page of #%s (%s)", p.tag, p.tagFrom.File)
		case p.tagIndex:
			return "the list of " + path.Base(strings.TrimSuffix(p.SitePath, "/")) + " (" + strings.TrimPrefix(p.SitePath, "/") + ")"
		case p.File == "":
			return "the section of folder " + s.SrcFile(path.Dir(p.Rel)) + "/"
		}
		return p.File
	}
	// where is the file a message about p lands on: its own, else (a
	// synthesized section, a tag page) a page that made it.
	where := func(p *Page) string {
		for q := p; q != nil; {
			switch {
			case q.File != "":
				return q.File
			case q.tagFrom != nil:
				return q.tagFrom.File
			case len(q.Children) > 0:
				q = q.Children[0]
			default:
				q = nil
			}
		}
		return s.Lay.Content
	}
	// Real pages first (sorted by file), so the message lands on the file
	// that can be renamed; a page whose URL is its permalink comes after
	// those whose URL is their file's.
	ordered := slices.Clone(s.Pages)
	slices.SortFunc(ordered, func(a, b *Page) int {
		return cmp.Or(cmp.Compare(synthRank(a), synthRank(b)), cmp.Compare(a.permalink.line, b.permalink.line), cmp.Compare(a.File, b.File))
	})
	pageFiles := map[string]*Page{}
	for _, p := range ordered {
		if prev, dup := owner[p.SitePath]; dup {
			other := p
			if other.File == "" {
				other, prev = prev, p
			}
			line, col, field := 1, 1, ""
			if other.permalink.line > 0 {
				line, col, field = other.permalink.line, other.permalink.col, other.permalink.key
			}
			s.Diag.Addf(where(other), line, col, field, "duplicate URL %s: also produced by %s", p.SitePath, describe(prev))
			continue
		}
		owner[p.SitePath] = p
		pageFiles[OutputPath(p.SitePath)] = p
	}
	aliasFiles := map[string]*Page{}
	for _, p := range ordered {
		keep := p.Aliases[:0]
		for _, a := range p.Aliases {
			op := OutputPath(a.SitePath)
			if owner[a.SitePath] == p {
				// The page's own URL: the page is there, nothing to
				// redirect (hugo 0.111 writes the page; gohugoio/hugoDocs
				// lists it in 179 pages' aliases).
				s.Warn.Addf(p.File, a.line, a.col, a.key, "%q is the page's own URL %s: no redirect made", a.written, a.SitePath)
				continue
			}
			if prev, dup := owner[a.SitePath]; dup {
				if _, redirect := aliasFiles[op]; a.yields && !redirect {
					s.Warn.Addf(p.File, a.line, a.col, a.key, "%q: no redirect written at %s, the URL of %s", a.written, a.SitePath, describe(prev))
					continue
				}
				if _, redirect := aliasFiles[op]; redirect {
					// Two redirects to one URL: the tools write each,
					// and one file stays; the first is kept.
					s.Tolerate(p.File, a.line, a.col, a.key, fmt.Sprintf("duplicate URL %s: also a redirect to %s, which is kept", a.SitePath, describe(prev)))
				} else if s.Lay.Kind == layout.Hugo {
					// Hugo writes the page there and no redirect (hugo
					// 0.111; gohugoio/hugoDocs: AsTime.md's alias
					// /functions/time is the section's URL).
					s.Tolerate(p.File, a.line, a.col, a.key, fmt.Sprintf("duplicate URL %s: also the URL of %s, which is kept: no redirect made", a.SitePath, describe(prev)))
				} else {
					s.Diag.Addf(p.File, a.line, a.col, a.key, "duplicate URL %s: also produced by %s", a.SitePath, describe(prev))
				}
				continue
			}
			if problem := s.fileProblem(a.written, op, pageFiles, describe); problem != "" {
				s.Diag.Addf(p.File, a.line, a.col, a.key, "%s", problem)
				continue
			}
			if prev, dup := aliasFiles[op]; dup {
				s.Diag.Addf(p.File, a.line, a.col, a.key, "%q is the file /%s of another redirect, of %s", a.written, op, describe(prev))
				continue
			}
			owner[a.SitePath], aliasFiles[op] = p, p
			keep = append(keep, a)
		}
		p.Aliases = keep
	}
	// The further pages of a long section list (see listPageSize).
	s.listURLs = map[string]*Page{}
	for _, p := range ordered {
		for i, u := range ListPaths(p)[1:] {
			if prev, dup := owner[u]; dup {
				s.Diag.Addf(where(prev), 1, 1, "", "duplicate URL %s: also page %d of the list of %s, which has more than %d pages",
					u, i+2, describe(p), p.ListSize())
			}
			s.listURLs[u] = p
		}
	}
	s.ByURL = owner
}

// permalinkFolders makes a page whose permalink: is the URL sitegen would
// give a folder without an index page (newSection) that folder's page (the
// home page for the root): Jekyll makes no folder pages, so the author's
// page is the one at that URL (cairn.md with permalink: /; a collection's
// landing page in _pages/ with permalink: /<collection>/; a collection's
// index.md its permalink template puts there; a page the site's permalink
// style puts there, backgrounds.md at /backgrounds/ under permalink: pretty
// beside the collection _backgrounds/). sections maps the folders that have
// their page already.
func (s *Site) permalinkFolders(pages []*Page, sections map[string]*Page, newSection func(dir string) *Page) {
	byURL := map[string]*Page{} // by output file: permalink: index.html is / as / is
	dirs := map[string]bool{"": true}
	for _, p := range pages {
		page := p.Kind == templates.KindPage && p.folder == ""
		if (page || p.Kind == templates.KindSection) && !p.Copy && (p.permalink.line > 0 || s.toolURL(p) || page && p.File != "" && !p.Failed) {
			byURL[OutputPath(p.SitePath)] = p
		}
		for d := path.Dir(p.Rel); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	if len(byURL) == 0 {
		return
	}
	if h, ok := sections[""]; ok && OutputPath(h.SitePath) != OutputPath("/") && byURL[OutputPath("/")] != nil {
		// The root's index.md moved away by its permalink (index2.html)
		// and another page is at /: that page is the home page, index.md
		// a page as any other.
		h.Kind = templates.KindPage
		delete(sections, "")
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		if _, has := sections[dir]; has {
			continue
		}
		p, ok := byURL[OutputPath(newSection(dir).SitePath)]
		if !ok {
			continue
		}
		delete(byURL, OutputPath(p.SitePath))
		if p.Kind == templates.KindSection && sections[p.dir()] == p {
			delete(sections, p.dir()) // its own folder has no page now (Jekyll makes none)
		}
		if dir == "" {
			p.Kind, p.SitePath = templates.KindHome, "/" // its file is the root's index.html (permalink: /index.html)
		} else {
			p.Kind, p.folder = templates.KindSection, dir
		}
		sections[dir] = p
	}
}

// toolURL reports whether p's URL is the one its tool's rule gives it
// (Layout.PageURL: a Jekyll collection's permalink template), which may be
// a folder's URL as a permalink: may (/:path:output_ext makes a
// collection's index.md the home page).
func (s *Site) toolURL(p *Page) bool {
	return s.Lay.PageURL != nil && !p.Failed && p.permalink.line == 0 && s.Lay.PageURL(p.Rel, p.Meta) == p.SitePath
}

// synthRank sorts pages read from files before synthesized sections, and
// those before tag pages.
func synthRank(p *Page) int {
	switch {
	case p.File != "":
		return 0
	case p.tag != "" || p.tagIndex:
		return 2
	}
	return 1
}

// Parallel calls fn(i) for i in [0, n) on workers goroutines and returns
// the context's error if it was cancelled.
//
// Once ctx is cancelled it returns at once, without waiting for the calls
// under way: one page of 10 MB takes goldmark seconds, which nothing can
// cut short, and Ctrl+C must end a build within a second. Such a call
// runs on to its end in the background; whatever it would write after
// the cancellation it must not (writePage checks ctx).
//
// Each worker hands its calls to one goroutine of its own, which runs
// them one after the other: a goroutine a call would grow its stack
// afresh for every page (goldmark and the templates go deep), copying it
// each time it doubles, 4% of a build's CPU.
func Parallel(ctx context.Context, n, workers int, fn func(i int)) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			calls := make(chan int)
			done := make(chan struct{}, 1) // a call's end, never waited on once ctx is done
			go func() {
				for i := range calls {
					fn(i)
					done <- struct{}{}
				}
			}()
			defer close(calls) // the runner ends after the call under way
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				calls <- i // the runner is idle: it sent done for the last call
				select {
				case <-done:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("build cancelled: %w", err)
	}
	return nil
}

// ListSize is the most pages and subsections one page of p's list shows.
func (p *Page) ListSize() int {
	if p.PerPage > 0 {
		return p.PerPage
	}
	return ListPageSize
}

// homeAtNavPlace moves the home page of a reading order to where a
// written navigation lists it (layout.Layout.Nav with NavAsWritten or
// NavOnly): MkDocs' nav: "is used to determine the format and layout of
// the global navigation for the site", its previous and next links
// included, so a nav: that lists index.md after another page puts the
// home page after it, not first. Without such a navigation, or where it
// does not list the home page, chain is returned as it is.
func (s *Site) homeAtNavPlace(chain []*Page) []*Page {
	if !s.Lay.NavAsWritten && !s.Lay.NavOnly || len(chain) == 0 || chain[0] != s.Home {
		return chain
	}
	at := map[*Page]int{} // each page's first entry in the navigation
	for i, e := range s.Lay.Nav {
		if p := s.ByRel[e.Path]; e.Path != "" && p != nil {
			if _, seen := at[p]; !seen {
				at[p] = i
			}
		}
	}
	home, ok := at[s.Home]
	if !ok {
		return chain
	}
	rest := chain[1:]
	i := slices.IndexFunc(rest, func(p *Page) bool {
		j, listed := at[p]
		return listed && j > home
	})
	if i < 0 {
		i = len(rest)
	}
	out := make([]*Page, 0, len(chain))
	out = append(out, rest[:i]...)
	out = append(out, s.Home)
	return append(out, rest[i:]...)
}

// OwnTitleText is the page's title where it has one of its own (its
// front matter's, a heading's, its tool's), "" where its title was made
// from its file's name or is the navigation's label for it.
func (p *Page) OwnTitleText() string {
	if p.nameTitle {
		return ""
	}
	return p.Title
}

// sameHeading reports whether a heading and a title are the same text
// but for case, spaces and punctuation ("Combat rules!" and "Combat
// Rules"), so that the heading shows once (layout.Layout.TitleAboveOther).
func sameHeading(heading, title string) bool {
	key := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return -1
		}, s)
	}
	return key(heading) == key(title)
}

// DocTitle is the <title> the page's text sets itself (mdBook's
// {{#title}}), written as it is; "" for none. Its Title stays its name
// in the navigation, the pager, breadcrumbs and lists.
func (p *Page) DocTitle() string { return p.docTitle }

// pageHead reads what a Docusaurus page's MDX says of the page outside
// its text (mdx.HeadOf): the <title> and description of its <Head> (or
// <head>), "to … override existing ones"
// (https://docusaurus.io/docs/markdown-features/head-metadata), are its
// <title> and description; its <Redirect to="…" /> makes its URL a
// redirect there (render's RedirectURL), its text not shown, as
// Docusaurus's page navigates away when it renders.
func (s *Site) pageHead(p *Page, doc ast.Node, src []byte) {
	h := mdx.HeadOf(doc, src)
	if h.Title != "" {
		p.docTitle = h.Title
	}
	if h.Description != "" {
		p.Description = h.Description
	}
	if h.Redirect != "" && p.RedirectTo == "" {
		p.RedirectTo = h.Redirect
	}
}

// RedirectURL is where the page p, a redirect (RedirectTo), leads: the
// canonical (absolute) URL and the URL its redirect writes. Another
// site's URL is both; a link of the site (a Docusaurus <Redirect
// to="/docs/a" />) resolves as the page's links do, to the page's URL
// under the base path; one that leads nowhere is a warning at the
// page's tag, and is written as it is.
func (s *Site) RedirectURL(p *Page) (canonical, target string) {
	to := p.RedirectTo
	if hasScheme(to) {
		return to, to
	}
	tg := s.resolveLink(p, to)
	if msg := cmp.Or(tg.Problem, tg.Unlinked); msg != "" || tg.URL == "" {
		line, src := 1, p.Src
		if src == nil { // its text dropped after the load: read again for the tag's line
			src, _ = s.readSiteFile(p.File, p.size+1)
		}
		if i := bytes.Index(src, []byte("<Redirect")); i >= 0 {
			line += bytes.Count(src[:i], []byte("\n"))
		}
		s.Warn.Addf(p.File, line, 1, "", "<Redirect to=%q>: %s: the redirect leads there as written", to, cmp.Or(msg, "not a page of the site"))
		return to, to
	}
	if q := s.pageAt(tg.URL); q != nil {
		return s.Cfg.AbsURL(q.SitePath), tg.URL
	}
	return tg.URL, tg.URL
}
