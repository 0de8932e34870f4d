package content

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/templates"
)

// A layout whose navigation is its table of contents (layout.NavOnly:
// mdBook's SUMMARY.md) publishes the Markdown files it lists and no
// others; its nesting is the page tree (a chapter's sub-chapters are its
// children, wherever their files are), its order the reading order, and
// the navigation shows it as written: part titles, separators, draft
// chapters and section numbers included.

// navListed is the set of Markdown files the layout's table of contents
// lists, nil when the layout has none.
func (s *Site) navListed() map[string]bool {
	if !s.Lay.NavOnly {
		return nil
	}
	listed := map[string]bool{s.notFoundMD(): true} // mdBook's 404 page (output.html.input-404)
	for _, e := range s.Lay.Nav {
		if e.Path != "" {
			listed[e.Path] = true
		}
	}
	return listed
}

// missingMsg says why a link to the content-relative file rel finds no
// page or file: it does not exist, or it is a Markdown file the table of
// contents does not list, which mdBook does not build ("The summary file
// is used by mdBook to know what chapters to include",
// https://rust-lang.github.io/mdBook/format/summary.html).
func (s *Site) missingMsg(rel string) string {
	if s.notChapters[rel] {
		return fmt.Sprintf("%s is not a chapter of the book (not in SUMMARY.md): mdBook does not build it", s.SrcFile(rel))
	}
	return fmt.Sprintf("%s does not exist", s.SrcFile(rel))
}

// notListedReason is what the build's report says of a Markdown file the
// table of contents does not list.
const notListedReason = "not in SUMMARY.md (mdBook)"

// notListed adds the Markdown files the table of contents does not list
// to what the build says it left out.
func (s *Site) notListed(rels []string) {
	s.notChapters = make(map[string]bool, len(rels))
	for _, rel := range rels {
		s.notChapters[rel] = true
		if f := s.SrcFile(rel); f != s.Lay.NavFile { // the table of contents itself
			s.NotPublished = append(s.NotPublished, NotPublished{File: f, Reason: notListedReason})
		}
	}
	slices.SortFunc(s.NotPublished, func(a, b NotPublished) int { return cmp.Compare(a.File, b.File) })
}

// chaptersOutside visits the chapters the table of contents lists outside
// the content folder (mdBook's "[Introduction](../README.md)", a file of
// the book's folder that mdBook reads relative to src/), with their
// content-relative and source-relative paths. The layout has refused
// those outside the source folder or hidden; the same rule as the walk's
// (package srcpath) is applied here again, as the file may have changed
// since, and a refused one is an error at its line of the table of
// contents. A listed file that does not exist is navTree's warning.
func (s *Site) chaptersOutside(visit func(rel, file string)) {
	if !s.Lay.NavOnly {
		return
	}
	for _, e := range s.Lay.Nav {
		if !outside(e.Path) {
			continue
		}
		file := s.SrcFile(e.Path)
		if outside(file) || srcpath.SkippedPart(file) != "" {
			s.Diag.Addf(s.Lay.NavFile, e.Line, 1, "", "chapter %q: %q is outside the book's folder or a hidden name: sitegen publishes neither", e.Title, e.Path)
			continue
		}
		if _, err := srcpath.Check(s.Opts.Source, file); err != nil {
			var le *srcpath.Error
			if errors.As(err, &le) {
				s.Diag.Addf(s.Lay.NavFile, e.Line, 1, "", "chapter %q: %s: %s", e.Title, le.Link, le.Error())
			}
			continue
		}
		if fi, err := os.Stat(filepath.Join(s.Opts.Source, filepath.FromSlash(file))); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		visit(e.Path, file)
	}
}

// missingChapters visits the chapters the table of contents lists whose
// file does not exist, with their labels: mdBook creates each ("By
// default, any missing files specified in SUMMARY.md will be created when
// the book is built (i.e. create-missing = true)",
// https://rust-lang.github.io/mdBook/format/configuration/general.html#build-options;
// with false the layout has refused the book) and builds it as a chapter.
// sitegen writes nothing into the source: the chapter is the text mdBook
// writes (createdChapter), published with a warning at its line of the
// table of contents. One at a hidden name or out of the walk stays a
// draft (navTree).
func (s *Site) missingChapters(visit func(rel, title string)) {
	if !s.Lay.NavOnly {
		return
	}
	seen := map[string]bool{}
	for _, e := range s.Lay.Nav {
		if e.Path == "" || e.Draft || seen[e.Path] || BadName(e.Path) != "" {
			continue
		}
		file := s.SrcFile(e.Path)
		if outside(file) || srcpath.SkippedPart(file) != "" || s.walkSkip(e.Path, false) || s.leftOut(e.Path, false) != "" {
			continue
		}
		if _, err := srcpath.Check(s.Opts.Source, file); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		seen[e.Path] = true
		s.Warn.Addf(s.Lay.NavFile, e.Line, 1, "", "%s (%q) does not exist: mdBook creates it (build.create-missing) with the heading \"# %s\"; published as that empty chapter, the source left as it is",
			file, e.Title, e.Title)
		visit(e.Path, e.Title)
	}
}

// createdChapter is the text of a chapter mdBook creates for a missing
// file: its label as a heading (mdBook's create_missing writes
// "# {name}").
func createdChapter(title string) []byte {
	return []byte("# " + title + "\n")
}

// navTree makes the table of contents the page tree: each listed page's
// parent is the nearest page listed above it one level up (a draft's
// sub-chapters go to the draft's own parent), the home page's the
// top-level pages'; the order is the table's. A listed file that does
// not exist is a warning: mdBook creates it (build.create-missing), so
// its entry is shown as a draft.
func (s *Site) navTree(pages []*Page) {
	var stack []*Page // the page at each depth, nil for a draft
	parentAt := func(depth int) *Page {
		for d := min(depth, len(stack)) - 1; d >= 0; d-- {
			if stack[d] != nil {
				return stack[d]
			}
		}
		return s.Home
	}
	for i, e := range s.Lay.Nav {
		if e.Part || e.Separator {
			continue
		}
		stack = stack[:min(e.Depth, len(stack))]
		for len(stack) < e.Depth {
			stack = append(stack, nil)
		}
		p := s.ByRel[e.Path]
		if e.Path != "" && p == nil {
			if s.unpublished[e.Path] == "" {
				s.Warn.Addf(s.Lay.NavFile, e.Line, 1, "", "%s (%q) does not exist: mdBook would create it empty; shown as a draft",
					s.SrcFile(e.Path), e.Title)
				if s.navDrafts == nil {
					s.navDrafts = map[int]bool{}
				}
				s.navDrafts[i] = true // in this model: the layout's Nav is not changed
			}
		}
		if p != nil && p != s.Home {
			p.Parent = parentAt(e.Depth)
			p.weight = i + 1
		}
		stack = append(stack, p)
	}
	for _, p := range pages {
		if p.Parent == nil && p != s.Home {
			p.Parent = s.Home // a page the table does not place (404.md is taken out before)
		}
	}
}

// SiteNav is the navigation of every page: the table of contents of a
// NavOnly or NavAsWritten layout, else the page tree.
func (s *Site) SiteNav() []*templates.NavItem {
	if menu := s.menuNav(); menu != nil {
		return menu
	}
	if len(s.Lay.Navbar) > 0 {
		return s.navbarNav()
	}
	if !s.Lay.NavOnly && (!s.Lay.NavAsWritten || len(s.Lay.Nav) == 0) {
		if !s.homeInNav() {
			return s.navItems(s.Home.Children, 0)
		}
		if s.Lay.ParentNav {
			return s.homeEntryNav()
		}
		// The home page among its children as the layout's rules sort it:
		// after those with a lower position (Starlight sorts the root
		// index as any entry, by sidebar.order, then by its slug "");
		// first where none has one (MkDocs).
		kids, i := s.Home.Children, 0
		for s.Lay.Rules != nil && i < len(kids) && kids[i].hasPos && (!s.Home.hasPos || kids[i].pos < s.Home.pos) {
			i++
		}
		home := &templates.NavItem{Title: s.Home.Label(), URL: s.Cfg.RelURL(s.Home.SitePath)}
		return append(append(s.navItems(kids[:i], 0), home), s.navItems(kids[i:], 0)...)
	}
	top := s.writtenNav(s.Lay.Nav, s.navDrafts)
	if s.Lay.NavRest {
		top = append(top, s.navRest()...)
	}
	if s.Lay.NavRoots {
		top = append(top, s.navRoots()...)
	}
	return top
}

// navbarNav is the navigation of a layout with a navbar
// (layout.Layout.Navbar): its entries as written, each group that stands
// for a sidebar (layout.NavEntry.First) leading to the first page under
// it, and labelled as that page when the navbar gives no label
// (Docusaurus's docSidebar item, "label={label ?? sidebarLink.label}");
// a link to a page of the site leads to its URL.
func (s *Site) navbarNav() []*templates.NavItem {
	top := s.writtenNav(s.Lay.Navbar, nil)
	tops := slices.DeleteFunc(slices.Clone(s.Lay.Navbar), func(e layout.NavEntry) bool { return e.Depth > 0 })
	for i, e := range tops {
		if i >= len(top) {
			break
		}
		s.navbarLink(top[i], e)
		if e.Collapsible && !e.First {
			// A dropdown's items (the entries at depth 1 after it).
			var sub []layout.NavEntry
			at := slices.IndexFunc(s.Lay.Navbar, func(n layout.NavEntry) bool { return n.Line == e.Line && n.Title == e.Title && n.Depth == 0 })
			for j := at + 1; at >= 0 && j < len(s.Lay.Navbar) && s.Lay.Navbar[j].Depth > 0; j++ {
				sub = append(sub, s.Lay.Navbar[j])
			}
			if len(sub) == len(top[i].Children) {
				for j, c := range top[i].Children {
					s.navbarLink(c, sub[j])
				}
			}
		}
		if !e.First {
			continue
		}
		if first := firstLink(top[i].Children); first != nil {
			top[i].URL, top[i].Kind = first.URL, templates.NavLink
			top[i].Title = cmp.Or(top[i].Title, first.Title)
		}
	}
	return top
}

// navbarLink gives a navbar's to: item that names a page ("/blog") the
// page's URL, as the theme's Link writes it (trailingSlash applied).
func (s *Site) navbarLink(it *templates.NavItem, e layout.NavEntry) {
	if e.Link == "" || hasScheme(e.Link) {
		return
	}
	u, _, _ := strings.Cut(e.Link, "#")
	for _, sp := range []string{u, strings.TrimSuffix(u, "/") + "/"} {
		if p := s.ByURL[sp]; p != nil && p.SitePath == sp {
			it.URL = s.Cfg.RelURL(p.SitePath)
			return
		}
	}
}

// firstLink is the first item of items, depth first, that leads to a
// page of the site; nil for none.
func firstLink(items []*templates.NavItem) *templates.NavItem {
	for _, it := range items {
		if it.URL != "" && !it.External && it.Kind == templates.NavLink {
			return it
		}
		if f := firstLink(it.Children); f != nil {
			return f
		}
	}
	return nil
}

// homeEntryNav is the navigation of a layout whose home page is a
// top-level entry like any other (layout.Layout.ParentNav with
// HomeInNav: just-the-docs' nav/pages.html groups every titled page by
// its parent:, the home page among those without one): the home page
// sorted among the home page's children that do not name it as their
// parent, as sortChildren sorts siblings, and those that do under it.
// A home page out of the navigation (nav_exclude) takes them with it,
// as the theme writes no node of its own and so none of its children.
func (s *Site) homeEntryNav() []*templates.NavItem {
	var top, under []*Page
	for _, c := range s.Home.Children {
		if c.parentTitle != "" && strings.EqualFold(c.parentTitle, s.Home.Title) {
			under = append(under, c)
		} else {
			top = append(top, c)
		}
	}
	if s.Home.navExclude {
		return s.navItems(top, 0)
	}
	top = append(top, s.Home)
	s.sortChildren(top)
	i := slices.Index(top, s.Home)
	home := &templates.NavItem{Title: s.Home.Label(), URL: s.Cfg.RelURL(s.Home.SitePath), Children: s.navItems(under, 1), Unfolded: 0 < s.Lay.NavUnfold}
	return append(append(s.navItems(top[:i], 0), home), s.navItems(top[i+1:], 0)...)
}

// homeInNav reports whether the home page is a page of the navigation
// and of the reading order (layout.Layout.HomeInNav): one written from a
// file of the content, not sitegen's list of the top folder.
func (s *Site) homeInNav() bool {
	return s.Lay.HomeInNav && s.Home != nil && s.Home.File != "" && !s.Home.NoPage && s.Home.RedirectTo == ""
}

// writtenNav is the navigation entries as written (layout.NavOnly,
// NavAsWritten), their nesting, order and labels; drafts are the indexes
// of the entries shown as drafts (their file does not exist).
func (s *Site) writtenNav(entries []layout.NavEntry, drafts map[int]bool) []*templates.NavItem {
	var top []*templates.NavItem
	var stack []*templates.NavItem // the last item at each depth
	for i, e := range entries {
		if e.Tree != "" { // a folder's page tree, spliced in
			depth := min(e.Depth, len(stack))
			stack = stack[:depth]
			items := s.treeNav(e.Tree, depth)
			if depth == 0 {
				top = append(top, items...)
			} else {
				stack[depth-1].Children = append(stack[depth-1].Children, items...)
			}
			continue
		}
		it := &templates.NavItem{Title: e.Title, TitleHTML: e.TitleHTML, Number: e.Number, Badge: e.Badge.Text, BadgeVariant: e.Badge.Variant}
		switch {
		case e.Part:
			it.Kind = templates.NavPart
		case e.Separator:
			it.Kind = templates.NavSeparator
		case e.HTML != "": // a piece of HTML (Docusaurus's html item)
			it.Kind, it.TitleHTML, it.Class = templates.NavHTML, e.HTML, e.Class
		case e.Link != "" && hasScheme(e.Link): // another site's
			it.URL, it.External, it.Target = e.Link, true, e.Target
		case e.Link != "" && e.LinkAsWritten: // a URL the tool prints as it is (MkDocs' "/atg/blog")
			it.URL, it.Target = e.Link, e.Target
		case e.Link != "": // a page the tool builds (layout.Layout.ToolRoute)
			it.URL, it.Target = s.Cfg.RelURL(e.Link), e.Target
		case e.Index != "": // a group with its generated page (sidebarIndexes)
			it.URL = s.Cfg.RelURL(e.Index)
			if p := s.sidebarIdx[sidebarIndexRel(e.Index)]; p != nil {
				it.URL = s.Cfg.RelURL(p.SitePath) // its file (generatedFile)
			}
		case e.Draft || drafts[i] || s.ByRel[e.Path] == nil:
			it.Kind = templates.NavDraft
			it.Collapsible, it.Open = e.Collapsible, e.Open // a group that folds (VitePress's collapsed:)
		case s.Lay.Kind == layout.Docusaurus && s.ByRel[e.Path].Unlisted != "":
			continue // Docusaurus's unlisted: true: listed nowhere (TestNotPublished)
		default:
			p := s.ByRel[e.Path]
			it.URL, it.Written, it.PagerTitle = s.Cfg.RelURL(p.SitePath), e.Written, e.PagerTitle
			if it.Badge == "" && !e.PageBadgeOff {
				s.pageBadge(it, p)
			}
			if _, frag, ok := strings.Cut(e.Written, "#"); ok && frag != "" {
				// The link keeps its fragment, as VitePress's sidebar
				// writes it ("/guide/a#setup"); the entry is then not the
				// page's current one when the page is built (isActive:
				// "(inBrowser ? location.hash : '') === hashMatch[0]").
				it.URL += "#" + frag
			}
			switch {
			case it.Title != "":
			case s.Lay.Kind == layout.MkDocs:
				// MkDocs labels an entry without a title by the page's
				// own (its title:, its # heading), a section's index page
				// too: the section's title is its group's (applyNav).
				it.Title = p.Title
			default:
				it.Title = p.Label()
			}
		}
		depth := min(e.Depth, len(stack))
		if e.Part || e.Separator {
			depth = min(depth, 0)
		}
		stack = stack[:depth]
		// A group that is a page (a Docusaurus category whose link is a
		// doc) and starts open (collapsed: false) shows its entries on
		// every page, as one without a page does (Open).
		it.Unfolded = depth < s.Lay.NavUnfold || it.Kind != templates.NavDraft && e.Collapsible && e.Open
		if depth == 0 {
			top = append(top, it)
		} else {
			parent := stack[depth-1]
			parent.Children = append(parent.Children, it)
		}
		stack = append(stack, it)
	}
	return top
}

// treeNav is the navigation's items for the page tree of the
// content-relative folder dir at depth (layout.NavEntry.Tree): the
// folder's own page when it has one (Docusaurus lists a doc of the folder
// an autogenerated slice names as a doc, not a category, sorted among
// the folder's pages and subfolders: ownBefore), and those in the page
// tree's order. A folder of the content's
// root (".") leaves out the further folders outside it (layout.Roots).
func (s *Site) treeNav(dir string, depth int) []*templates.NavItem {
	dir = strings.Trim(path.Clean(dir), "/")
	if dir == "." {
		dir = ""
	}
	var find func(p *Page) *Page // the folder's node, below p
	find = func(p *Page) *Page {
		if p.Kind == templates.KindSection && p.dir() == dir || p == s.Home && dir == "" {
			return p
		}
		for _, c := range p.Children {
			if c.Kind == templates.KindSection && (c.dir() == dir || strings.HasPrefix(dir, c.dir()+"/")) {
				if n := find(c); n != nil {
					return n
				}
			}
		}
		return nil
	}
	node := find(s.Home)
	if node == nil {
		return nil
	}
	children := make([]*Page, 0, len(node.Children))
	for _, c := range node.Children {
		if node != s.Home || !outside(c.Rel) {
			children = append(children, c)
		}
	}
	if node.NoPage || node.File == "" || node.navExclude {
		return s.navItems(children, depth)
	}
	// The folder's own doc is a doc of the slice, sorted among its
	// siblings as they are: "sortBy(processedSidebarItems, ['position',
	// 'source'])" (the docs plugin's sidebars/generator.js): by its
	// sidebar_position, else by its file name (world-information/index.md
	// after the folder factions/).
	var place layout.Page // the doc's own place by the layout's rules (its sidebar_position, else its number prefix)
	if s.Lay.Rules != nil {
		place = s.Lay.Rules.Page(node.Rel, node.Meta)
	}
	at := len(children)
	for i, c := range children {
		if ownBefore(node, place, c) {
			at = i
			break
		}
	}
	own := &templates.NavItem{Title: node.Label(), URL: s.Cfg.RelURL(node.SitePath), Unfolded: depth < s.Lay.NavUnfold}
	s.pageBadge(own, node)
	return slices.Concat(s.navItems(children[:at], depth), []*templates.NavItem{own}, s.navItems(children[at:], depth))
}

// ownBefore reports whether the folder node's own doc, placed by the
// layout's rules as own (layout.Rules.Page: the doc's position, which the
// layout reads once for every doc), sorts before its child c in an
// autogenerated slice of the folder (treeNav): those with a position
// first, by position, then by name, the doc's being its file name
// (compareByPosition's order).
func ownBefore(node *Page, own layout.Page, c *Page) bool {
	if own.HasPosition != c.hasPos {
		return own.HasPosition
	}
	if own.HasPosition && own.Position != c.pos {
		return own.Position < c.pos
	}
	return path.Base(node.File) < c.sortKey()
}

// navRoots are the navigation's items for the page tree's folders outside
// the content (layout.NavRoots) of which Nav lists no page, nor links
// (a Docusaurus sidebar's link item to /blog: the blog once, as written).
func (s *Site) navRoots() []*templates.NavItem {
	named := map[string]bool{}
	linked := map[string]bool{} // site paths the entries link (a sidebar's {type: 'link', href: '/blog'})
	for _, e := range s.Lay.Nav {
		if e.Path != "" {
			named[e.Path] = true
		}
		if e.Link != "" && !hasScheme(e.Link) {
			linked[strings.TrimSuffix(e.Link, "/")+"/"] = true
		}
	}
	var listed func(p *Page) bool
	listed = func(p *Page) bool {
		return named[p.Rel] || linked[p.SitePath] || slices.ContainsFunc(p.Children, listed)
	}
	var roots []*Page
	for _, c := range s.Home.Children {
		if outside(c.Rel) && !listed(c) {
			roots = append(roots, c)
		}
	}
	return s.navItems(roots, 0)
}

// navRest are the navigation's items for the pages that the layout's Nav
// does not list (layout.NavRest), in the page tree's order.
func (s *Site) navRest() []*templates.NavItem {
	named := map[string]bool{}
	var trees []string // the folders whose page tree an entry splices in
	for _, e := range s.Lay.Nav {
		named[e.Path] = true
		if e.Tree != "" {
			trees = append(trees, path.Clean(e.Tree))
		}
	}
	inTree := func(rel string) bool {
		return slices.ContainsFunc(trees, func(t string) bool { return t == "." || strings.HasPrefix(rel, t+"/") })
	}
	var out []*templates.NavItem
	var walk func([]*Page)
	walk = func(ps []*Page) {
		for _, p := range ps {
			if !p.NoPage && p.File != "" && !named[p.Rel] && !p.navExclude && !inTree(p.Rel) {
				out = append(out, &templates.NavItem{Title: p.Label(), URL: s.Cfg.RelURL(p.SitePath)})
			}
			walk(p.Children)
		}
	}
	walk(s.Home.Children)
	return out
}

// NavFolder is the key of the navigation page p shows in FolderNavs: the
// sidebar that holds it where the layout has several (sidebarNavs), else
// the content-relative folder it is in, or that it is the page of.
func (p *Page) NavFolder() string { return cmp.Or(p.navKey, p.dir()) }

// sidebarKey starts the FolderNavs key of a sidebar (sidebarNavs): no
// folder's name holds a NUL. The key alone is the empty navigation of a
// doc no sidebar holds.
const sidebarKey = "\x00sidebar:"

// sidebarNavs gives each page the navigation of the sidebar that holds
// it where the layout's navigation is several sidebars
// (layout.NavEntry.Sidebar: "A sidebars file can contain multiple sidebar
// objects", "When browsing a doc, the sidebar that includes it is shown",
// https://docusaurus.io/docs/sidebar/multiple-sidebars): each sidebar's
// entries as written (writtenNav), the first that lists a page its
// sidebar; a doc of a docs instance whose sidebars hold it nowhere shows
// none ("displayed without a sidebar"); a doc's displayed_sidebar names
// the one it shows, null none (displayedSidebar). It returns the
// sidebars' navigations by key (NavFolder), nil for a layout of one
// sidebar or none, whose pages show the site's navigation (noSidebar);
// with a navbar (layout.Layout.Navbar), the site's navigation is the
// navbar's, so even one sidebar is shown on the docs it holds.
func (s *Site) sidebarNavs() map[string][]*templates.NavItem {
	var names []string
	entries := map[string][]layout.NavEntry{}
	for _, e := range s.Lay.Nav {
		if e.Sidebar == "" {
			continue
		}
		if _, ok := entries[e.Sidebar]; !ok {
			names = append(names, e.Sidebar)
		}
		entries[e.Sidebar] = append(entries[e.Sidebar], e)
	}
	for _, p := range s.Pages {
		p.navKey = ""
	}
	if len(names) < 2 && len(s.Lay.Navbar) == 0 {
		one := ""
		if len(names) == 1 {
			one = names[0]
		}
		return s.noSidebar(one, entries[one]) // one sidebar: the site's navigation
	}
	out := map[string][]*templates.NavItem{}
	holder := map[string]string{} // page URL -> the key of the first sidebar that lists it
	scopes := map[string]bool{}   // the docs instances ("" the preset's) whose sidebars these are
	var hold func(key string, items []*templates.NavItem)
	hold = func(key string, items []*templates.NavItem) {
		for _, it := range items {
			if _, ok := holder[it.URL]; it.URL != "" && !it.External && !ok {
				holder[it.URL] = key
			}
			hold(key, it.Children)
		}
	}
	for _, name := range names {
		key := sidebarKey + name
		out[key] = s.writtenNav(entries[name], nil)
		hold(key, out[key])
		scopes[docScope(name)] = true
	}
	for _, p := range s.Pages {
		if p.docID == "" {
			continue // a blog post, a page: the site's navigation
		}
		if name, set := displayedSidebar(p); set {
			if name == "" {
				p.navKey = sidebarKey
				out[sidebarKey] = []*templates.NavItem{}
				continue
			}
			if scope := docScope(p.docID); scope != "" {
				name = scope + ":" + name // the doc's own instance's sidebar
			}
			if _, ok := out[sidebarKey+name]; ok {
				p.navKey = sidebarKey + name
				continue
			} // no such sidebar: the one that holds it
		}
		if key, ok := holder[s.Cfg.RelURL(p.SitePath)]; ok {
			p.navKey = key
		} else if scopes[docScope(p.docID)] {
			p.navKey = sidebarKey
			out[sidebarKey] = []*templates.NavItem{}
		}
	}
	s.sidebarPager(out)
	return out
}

// sidebarPager gives each doc shown with a sidebar (navs, by NavFolder
// key) its previous and next docs in that sidebar, and a doc of a docs
// instance in none no neighbours: "By default, Docusaurus generates
// pagination links to the previous and next doc in the sidebar"
// (https://docusaurus.io/docs/sidebar/items); a doc's pagination_prev and
// pagination_next front matter (docPagination) come first. Blog posts and
// pages keep the reading order.
//
// A category's generated index is one of the sidebar's pages too, a
// neighbour of the docs beside it, its own neighbours those of the first
// sidebar that lists it.
func (s *Site) sidebarPager(navs map[string][]*templates.NavItem) {
	byURL := map[string]*Page{}
	for _, p := range s.Pages {
		if p.docID != "" || s.generatedIndex(p) {
			byURL[s.Cfg.RelURL(p.SitePath)] = p
		}
	}
	listedIn := map[*Page]string{} // a generated index -> the key of the first sidebar that lists it
	order := map[string][]*Page{}  // sidebar key -> its docs in order, each once
	for key, items := range navs {
		seen := map[*Page]bool{}
		var walk func(items []*templates.NavItem)
		walk = func(items []*templates.NavItem) {
			for _, it := range items {
				if p := byURL[it.URL]; p != nil && !it.External && !seen[p] {
					seen[p] = true
					order[key] = append(order[key], p)
					if _, ok := listedIn[p]; !ok && p.docID == "" {
						listedIn[p] = key
					}
				}
				walk(it.Children)
			}
		}
		walk(items)
	}
	for _, p := range s.Pages {
		if p.docID != "" && strings.HasPrefix(p.navKey, sidebarKey) {
			// Shown with a sidebar, or "displayed without a sidebar":
			// neighbours only in that sidebar, none where it does not
			// list the doc (getDocNavigation: "currentItemIndex === -1").
			p.Prev, p.Next = nil, nil
		}
	}
	for key, docs := range order {
		for i, p := range docs {
			if p.navKey != key && (p.docID != "" || listedIn[p] != key) {
				continue // listed here, shown with another sidebar
			}
			if i > 0 {
				p.Prev = docs[i-1]
			}
			if i+1 < len(docs) {
				p.Next = docs[i+1]
			}
		}
	}
	s.docPagination()
}

// GeneratedIndex reports whether p is a category's generated page (a
// Docusaurus generated index, whose list is its category's items).
func (s *Site) GeneratedIndex(p *Page) bool { return s.generatedIndex(p) }

// generatedIndex reports whether p is a category's generated page (a
// Docusaurus category's generated index: a folder's,
// layout.Page.Generated, or a sidebars file's, sidebarIndexes).
func (s *Site) generatedIndex(p *Page) bool {
	return s.sidebarIdx[p.Rel] == p || p.Kind == templates.KindSection && p.docID == "" && p.dir() != "" && s.Lay.Rules != nil && s.ruleFolder(p.dir()).Generated
}

// sidebarIndexes makes the page of each group of the layout's
// navigation that has one (layout.NavEntry.Index: a Docusaurus sidebars
// category's link: {type: 'generated-index'}), as a folder's generated
// index is made (placeFolder): titled by the link's title, else the
// category's label, its description under it, the group's items as its
// list in the sidebar's order (the pages; a group with a page of its
// own, that page). It is under the home page, out of the page tree: the
// pages it lists keep their folders.
func (s *Site) sidebarIndexes() {
	made := map[string]*Page{}
	var order []*Page
	s.sidebarIdx = map[string]*Page{}
	for _, e := range s.Lay.Nav {
		if e.Index == "" || made[e.Index] != nil {
			continue
		}
		p := &Page{Rel: sidebarIndexRel(e.Index), Kind: templates.KindSection, SitePath: e.Index,
			Title: cmp.Or(e.IndexTitle, e.Title), Description: e.IndexDescription, Ids: map[string]bool{},
			Parent: s.Home, navExclude: true}
		if e.IndexTitle != "" {
			p.navTitle = e.Title
		}
		s.generatedFile(p, path.Dir(p.Rel)+"/")
		made[e.Index], order = p, append(order, p)
		s.sidebarIdx[p.Rel] = p
	}
	if len(order) == 0 {
		return
	}
	for i, e := range s.Lay.Nav {
		p := made[e.Index]
		if e.Index == "" || p.Children != nil {
			continue
		}
		p.Children = []*Page{}
		for _, c := range s.Lay.Nav[i+1:] {
			if c.Depth <= e.Depth || c.Sidebar != e.Sidebar {
				break
			}
			if c.Depth != e.Depth+1 {
				continue
			}
			switch {
			case c.Index != "":
				p.Children = append(p.Children, made[c.Index])
			case c.Path != "" && s.ByRel[c.Path] != nil:
				p.Children = append(p.Children, s.ByRel[c.Path])
			}
		}
		p.PerPage = max(len(p.Children), 1) // one list, as Docusaurus's
	}
	s.Pages = append(s.Pages, order...)
}

// sidebarIndexRel is the Rel of the generated index at the site path
// index (layout.NavEntry.Index): a page of no file.
func sidebarIndexRel(index string) string {
	return strings.TrimPrefix(index, "/") + sectionIndex
}

// docPagination applies the docs' pagination_prev and pagination_next
// front matter: "The ID of the documentation you want the "Previous"
// pagination to link to. Use null to disable showing "Previous" for this
// page" (and "Next" alike,
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter);
// an id of no doc leaves the sidebar's neighbour (Docusaurus fails the
// build there).
func (s *Site) docPagination() {
	var byID map[string]*Page
	for _, p := range s.Pages {
		if p.docID == "" {
			continue
		}
		for _, f := range []struct {
			key  string
			link **Page
		}{{"pagination_prev", &p.Prev}, {"pagination_next", &p.Next}} {
			v, set := p.Meta[f.key]
			if !set {
				continue
			}
			id, _ := v.(string)
			if id == "" {
				*f.link = nil
				continue
			}
			if byID == nil {
				byID = map[string]*Page{}
				for _, q := range s.Pages {
					if q.docID != "" {
						byID[q.docID] = q
					}
				}
			}
			if scope := docScope(p.docID); scope != "" {
				id = scope + ":" + id // a doc of the same instance
			}
			if q := byID[id]; q != nil {
				*f.link = q
			}
		}
	}
}

// displayedSidebar is a doc's displayed_sidebar front matter ("Force
// the display of a given sidebar when browsing the current document",
// https://docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#markdown-front-matter):
// the sidebar's name, "" for null ("displayed without a sidebar"); set
// is false where the doc does not say.
func displayedSidebar(p *Page) (name string, set bool) {
	v, set := p.Meta["displayed_sidebar"]
	if !set {
		return "", false
	}
	name, _ = v.(string)
	return name, true
}

// noSidebar is sidebarNavs for a layout of one sidebar or none: the docs
// whose displayed_sidebar is null show no navigation, the others the
// site's; nil where no doc says so. Where the sidebars file names one
// sidebar (name, its entries), a doc of its docs instance that it does
// not list is shown without it too, and the docs' neighbours are the
// sidebar's (sidebarPager): none for those it does not list
// (getDocNavigation: "if (!sidebarName) return emptySidebarNavigation()");
// not where sitegen could not read all of the sidebar (layout.NavEntry.Partial:
// a doc it does not list may be in the items it computes).
func (s *Site) noSidebar(name string, entries []layout.NavEntry) map[string][]*templates.NavItem {
	var out map[string][]*templates.NavItem
	none := func(p *Page) {
		p.navKey = sidebarKey
		out = map[string][]*templates.NavItem{sidebarKey: {}}
	}
	var listed map[string]bool // the URLs the one sidebar lists
	var items []*templates.NavItem
	if name != "" && !slices.ContainsFunc(entries, func(e layout.NavEntry) bool { return e.Partial }) {
		listed = map[string]bool{}
		var walk func(items []*templates.NavItem)
		walk = func(items []*templates.NavItem) {
			for _, it := range items {
				if it.URL != "" && !it.External {
					listed[it.URL] = true
				}
				walk(it.Children)
			}
		}
		items = s.writtenNav(entries, nil)
		walk(items)
	}
	for _, p := range s.Pages {
		if p.docID == "" {
			continue // not a doc: no displayed_sidebar (and no map lookup for every page of other layouts)
		}
		if n, set := displayedSidebar(p); set && n == "" {
			none(p)
		} else if listed != nil && docScope(p.docID) == docScope(name) && !listed[s.Cfg.RelURL(p.SitePath)] {
			none(p)
		}
	}
	if listed != nil {
		key := sidebarKey + name
		for _, p := range s.Pages {
			if p.docID != "" && p.navKey == "" && docScope(p.docID) == docScope(name) {
				p.navKey = key // the pager's, not a navigation of its own
			}
		}
		s.sidebarPager(map[string][]*templates.NavItem{key: items, sidebarKey: {}})
		for _, p := range s.Pages {
			if p.navKey == key {
				p.navKey = "" // shown with the site's navigation
			}
		}
		return out
	}
	s.docPagination()
	return out
}

// KeySidebars splits nav, the navigation of a VitePress multi-sidebar of
// n keys (layout.Layout.SidebarKeys), into the top bar before the keys'
// sidebars (nil for none) and the n sidebars, in the keys' order: its
// parts between top-level separators, the last n the sidebars'. ok is
// false for a nav not so made.
func KeySidebars(nav []*templates.NavItem, n int) (bar []*templates.NavItem, parts [][]*templates.NavItem, ok bool) {
	start := 0
	for i, it := range nav {
		if it.Kind == templates.NavSeparator {
			parts = append(parts, nav[start:i])
			start = i + 1
		}
	}
	parts = append(parts, nav[start:])
	if n == 0 || len(parts) < n {
		return nil, nil, false
	}
	for _, p := range parts[:len(parts)-n] {
		if len(bar) > 0 {
			bar = append(bar, &templates.NavItem{Kind: templates.NavSeparator})
		}
		bar = append(bar, p...)
	}
	return bar, parts[len(parts)-n:], true
}

// keyNavs gives each page of a VitePress multi-sidebar the navigation
// its path shows: the top bar (themeConfig.nav), a separator, and the
// sidebar of its key alone (layout.Layout.SidebarKey); the top bar alone
// where no key matches. "To show different sidebar depending on the page
// path" the sidebar is an object of path prefixes
// (https://vitepress.dev/reference/default-theme-sidebar#multiple-sidebars);
// getSidebar returns [] where none matches (theme-default/support/sidebar.js,
// 1.6.4). The navigations by key (NavFolder); nil, each page showing the
// site's, where the navigation is not so made (a sidebar computed, the
// pages it does not list after it: layout.Layout.NavRest).
func (s *Site) keyNavs() map[string][]*templates.NavItem {
	for _, p := range s.Pages {
		p.navKey = ""
	}
	if s.Lay.NavRest || s.Lay.NavRoots {
		return nil
	}
	bar, parts, ok := KeySidebars(s.SiteNav(), len(s.Lay.SidebarKeys))
	if !ok {
		return nil
	}
	out := map[string][]*templates.NavItem{}
	for _, p := range s.Pages {
		i := s.Lay.SidebarKey(p.Rel)
		key := sidebarKey
		if i >= 0 {
			key += s.Lay.SidebarKeys[i]
		}
		p.navKey = key
		if _, done := out[key]; done {
			continue
		}
		nav := slices.Clip(bar)
		if nav == nil {
			nav = []*templates.NavItem{}
		}
		if i >= 0 {
			if len(nav) > 0 {
				nav = append(nav, &templates.NavItem{Kind: templates.NavSeparator})
			}
			nav = append(nav, parts[i]...)
		}
		out[key] = nav
	}
	return out
}

// docScope is the docs instance a doc id or sidebar name of the layout
// names ("rules" of "rules:combat"), "" for the preset's docs.
func docScope(id string) string {
	scope, _, ok := strings.Cut(id, ":")
	if !ok {
		return ""
	}
	return scope
}

// FolderNavs is the navigation of the pages of each content-relative
// folder (those holding pages; NavFolder) whose pages the layout gives a navigation
// of their own (layout.Layout.FolderNav: docsify's nested _sidebar.md):
// the nearest folder's, from the page's folder upward; folders whose
// pages show the site's navigation are not in it. Nil when the layout
// has no such rule. A sidebar that cannot be read is a problem at its
// file; its folder's pages show the next one up. A layout of several
// sidebars has the sidebars' navigations in their place (sidebarNavs).
func (s *Site) FolderNavs() map[string][]*templates.NavItem {
	if s.Lay.FolderNav == nil {
		if len(s.Lay.SidebarKeys) > 0 {
			return s.keyNavs()
		}
		return s.sidebarNavs() // several sidebars, else nil
	}
	own := map[string][]*templates.NavItem{} // folder -> its own sidebar's navigation, nil for none
	var nearest func(dir string) []*templates.NavItem
	nearest = func(dir string) []*templates.NavItem {
		if dir == "." || dir == "" || dir == "/" {
			return nil
		}
		nav, seen := own[dir]
		if !seen {
			entries, file, err := s.Lay.FolderNav(dir)
			if err != nil {
				s.Diag.Addf(file, 0, 0, "", "%v", err)
			}
			if entries != nil {
				nav = s.writtenNav(entries, nil)
			}
			own[dir] = nav
		}
		if nav != nil {
			return nav
		}
		return nearest(path.Dir(dir))
	}
	out := map[string][]*templates.NavItem{}
	for _, p := range s.Pages {
		dir := p.dir()
		if _, done := out[dir]; done {
			continue
		}
		if nav := nearest(dir); nav != nil {
			out[dir] = nav
		}
	}
	return out
}

// menuNav is the navigation of a site whose layout has a main menu
// (layout.Layout.Menu, Hugo's menus.main): the settings' entries and the
// pages' own (their front matter's), ordered and nested by the tool's
// rule (Layout.MenuTree). Nil when the site has none: the page tree is
// the navigation.
func (s *Site) menuNav() []*templates.NavItem {
	if s.Lay.PageMenu == nil || s.Lay.MenuTree == nil {
		return nil
	}
	entries := slices.Clone(s.Lay.Menu)
	if s.Lay.MenuSections != nil {
		entries = s.Lay.MenuSections(entries, s.topSections())
	}
	for _, p := range s.Pages {
		if p.File == "" || p.Meta == nil {
			continue
		}
		if e, ok := s.Lay.PageMenu(p.Rel, p.Meta); ok {
			entries = append(entries, e)
		}
	}
	if len(entries) == 0 {
		return nil
	}
	for i := range entries {
		e := &entries[i]
		if e.Page == "" {
			e.Page = s.menuPage(e.PageRef, e.URL)
		}
		if p := s.ByRel[e.Page]; p != nil && e.Name == "" {
			e.Name = p.Label() // Hugo: the page's LinkTitle
		}
	}
	return s.menuItems(s.Lay.MenuTree(entries))
}

// topSections are the menu entries of the site's top-level sections
// (layout.Layout.MenuSections), in the home page's order: each with its
// folder's name as Identifier, its page and its weight. Taxonomy lists
// are no sections.
func (s *Site) topSections() []layout.MenuEntry {
	if s.Home == nil {
		return nil
	}
	var out []layout.MenuEntry
	for _, c := range s.Home.Children {
		if c.Kind != templates.KindSection || c.NoPage || c.tag != "" || c.tagIndex {
			continue
		}
		e := layout.MenuEntry{Identifier: path.Base(c.dir()), Page: c.Rel, Weight: c.weight}
		if s.ByRel[c.Rel] != c { // a section without an index page: by its URL
			e.Page, e.URL, e.Name = "", c.SitePath, c.Label()
		}
		out = append(out, e)
	}
	return out
}

// menuPage is the content-relative path of the page a menu entry names
// by its pageRef ("rules", "/rules/_index.md", "about.md"), else by its
// URL on this site ("/rules/"); "" for none.
func (s *Site) menuPage(ref, url string) string {
	if ref != "" {
		r := strings.Trim(path.Clean("/"+ref), "/")
		for _, rel := range []string{r, r + ".md", path.Join(r, sectionIndex), path.Join(r, "index.md")} {
			if _, ok := s.ByRel[rel]; ok {
				return rel
			}
		}
		if sec := s.sections[r]; sec != nil {
			return sec.Rel
		}
		return ""
	}
	if strings.HasPrefix(url, "/") && !strings.HasPrefix(url, "//") {
		u, _, _ := strings.Cut(url, "#")
		for _, sp := range []string{u, strings.TrimSuffix(u, "/") + "/"} {
			if p := s.ByURL[sp]; p != nil && p.SitePath == sp {
				return p.Rel
			}
		}
	}
	return ""
}

// menuItems converts menu entries into the templates' navigation: an
// entry's page by its URL, else the entry's URL (a site path under the
// site's base path, another site's as written).
func (s *Site) menuItems(es []layout.MenuEntry) []*templates.NavItem {
	items := make([]*templates.NavItem, 0, len(es))
	for _, e := range es {
		if e.Page == "" && e.PageRef == "" && e.URL == "" && len(e.Children) == 0 {
			// Neither url nor pageRef: Hugo's .URL is "", the theme
			// draws something else for it (Hextra's search box for
			// params.type: search); sitegen has its own search.
			continue
		}
		it := &templates.NavItem{Title: e.Name, Children: s.menuItems(e.Children)}
		switch p := s.ByRel[e.Page]; {
		case p != nil:
			it.URL = s.Cfg.RelURL(p.SitePath)
		case strings.HasPrefix(e.URL, "/") && !strings.HasPrefix(e.URL, "//"):
			it.URL = s.Cfg.RelURL(e.URL)
		default:
			it.URL = e.URL
		}
		if it.URL == "" {
			// No url or pageRef, entries under it: a label over them,
			// as Hugo's menu template draws it (an <a> without href,
			// its children under it: https://gohugo.io/templates/menu/#example).
			it.Kind = templates.NavDraft
		}
		if it.Title == "" {
			it.Title = it.URL
		}
		items = append(items, it)
	}
	return items
}

// navGroup is the <details> name of the folded groups under the page of
// rel (templates.NavItem.Group): one per parent, not the folder's path.
func navGroup(rel string) string {
	h := fnv.New32a()
	h.Write([]byte(rel))
	return fmt.Sprintf("nav-%08x", h.Sum32())
}

// collectionHeading is the navigation's heading over the documents of a
// Jekyll collection whose own index page c is left out of it
// (nav_exclude): just-the-docs lists a collection's documents under the
// collection's name ("just_the_docs: collections: … name:",
// https://just-the-docs.com/docs/navigation/main/collections/), whatever
// its index page says of itself; nil for any other page, or a collection
// with nothing else in the navigation.
func (s *Site) collectionHeading(c *Page, depth int) *templates.NavItem {
	if s.Lay.FolderURL == nil || c.Kind != templates.KindSection || !strings.HasPrefix(path.Base(c.dir()), "_") {
		return nil
	}
	u, title := s.Lay.FolderURL(c.dir())
	if u == "" {
		return nil
	}
	children := s.navItems(c.Children, depth+1)
	if len(children) == 0 {
		return nil
	}
	fold := c.navFold
	if s.Lay.FolderPlace != nil {
		_, fold, _ = s.Lay.FolderPlace(c.dir()) // just-the-docs' nav_fold
	}
	return &templates.NavItem{Title: title, Kind: templates.NavDraft, Children: children, Unfolded: depth < s.Lay.NavUnfold, Collapsible: fold}
}

// hiddenFolder reports whether c is the section of a folder the layout
// leaves out of the navigation with all it holds (layout.Layout.FolderPlace:
// a just-the-docs collection's nav_exclude).
func (s *Site) hiddenFolder(c *Page) bool {
	if s.Lay.FolderPlace == nil || c.Kind != templates.KindSection || !strings.HasPrefix(path.Base(c.dir()), "_") {
		return false
	}
	_, _, hide := s.Lay.FolderPlace(c.dir())
	return hide
}

// pageBadge gives it, page p's entry, the badge p's front matter gives it
// (layout.Layout.NavBadge: Starlight's sidebar.badge), if any.
func (s *Site) pageBadge(it *templates.NavItem, p *Page) {
	if s.Lay.NavBadge != nil {
		b := s.Lay.NavBadge(p.Meta)
		it.Badge, it.BadgeVariant = b.Text, b.Variant
	}
}

// navItems converts the page tree into the templates' navigation tree;
// children are at depth (0: the top entries).
func (s *Site) navItems(children []*Page, depth int) []*templates.NavItem {
	items := make([]*templates.NavItem, 0, len(children))
	pages := make([]*Page, 0, len(children))
	for _, c := range children {
		if s.hiddenFolder(c) {
			continue
		}
		if c.navExclude {
			if it := s.collectionHeading(c, depth); it != nil {
				items, pages = append(items, it), append(pages, c)
			}
			continue
		}
		it := &templates.NavItem{Title: c.Label(), Children: s.navItems(c.Children, depth+1), Unfolded: depth < s.Lay.NavUnfold}
		if c.NoPage {
			it.Kind = templates.NavDraft // a heading over its pages, no page of its own
			it.Collapsible, it.Open = c.navFold, c.navOpen
			if it.Collapsible && s.Lay.AutoCollapse && c.Parent != nil {
				it.Group = navGroup(c.Parent.Rel) // one name for the folded siblings
			}
		} else {
			it.URL = s.Cfg.RelURL(c.SitePath)
			s.pageBadge(it, c)
		}
		items = append(items, it)
		pages = append(pages, c)
	}
	if s.Lay.NavDistinct {
		distinctLabels(items, pages, s.Lay.FolderURL)
	}
	return items
}

// distinctLabels labels each of the items whose labels collide by its
// folder's name (a folder's own page, or a folder without one) or its
// file's name, a leading "_" dropped (layout.Layout.NavDistinct); a
// folder the layout titles (folderURL's title: a Jekyll collection's
// title:) by that title first. pages[i] is items[i]'s page. A heading
// (a folder without a page) and a link are told apart as they are: only
// labels of the same kind collide (adventure-book's characters.md, title
// "Characters", beside the collection _characters/).
func distinctLabels(items []*templates.NavItem, pages []*Page, folderURL func(dir string) (string, string)) {
	type label struct {
		title   string
		heading bool
	}
	seen := map[label]int{}
	for i, it := range items {
		seen[label{it.Title, pages[i].NoPage}]++
	}
	for i, it := range items {
		if seen[label{it.Title, pages[i].NoPage}] < 2 {
			continue
		}
		rel := pages[i].Rel
		name := pageName(path.Base(rel))
		folder := ""
		switch dir := path.Dir(rel); {
		case pages[i].NoPage && isSectionIndex(path.Base(rel)) && dir != ".":
			name, folder = path.Base(dir), dir // the folder's name, never its missing index file's
		case pages[i].NoPage:
			name = path.Base(rel)
		case dir != "." && isSectionIndex(path.Base(rel)):
			name, folder = path.Base(dir), dir
		}
		if folder != "" && folderURL != nil {
			if _, t := folderURL(folder); t != "" && t != it.Title {
				name = t
			}
		}
		if name = strings.TrimPrefix(name, "_"); name != "" {
			it.Title = name
		}
	}
}
