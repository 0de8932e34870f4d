package content

import (
	"cmp"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// A layout may bring its tool's own rules (Quartz's): which pages are
// published (layout.Layout.Publish), a page's title and URL and its place
// among its siblings (layout.PageRules), and what a link names
// (layout.Layout.Links). This file applies them; the rules themselves are
// the layout package's.

// applyPageRules gives p the title the layout's rules give a page without
// one in its front matter, and reports whether it did. Such a title is
// the tool's, shown above the note (Quartz's ArticleTitle): a # heading
// the note starts with stays in its text, one level down.
func (s *Site) applyPageRules(p *Page) bool {
	if s.Lay.Pages != nil && p.Title == "" && !p.Failed {
		if t, ok := s.Lay.Pages.Title(p.Rel); ok {
			p.Title = t
			if p.Kind == templates.KindSection && p.dir() != "" {
				if name := s.Lay.Pages.FolderTitle(p.dir()); name != t {
					p.navTitle = name // the navigation names the folder, not its untitled page
				}
			}
			return true
		}
	}
	return false
}

// compareByRules orders siblings by the layout's rules (Quartz's
// Explorer: folders first, then by name), then by URL.
func (s *Site) compareByRules(a, b *Page) int {
	return cmp.Or(s.Lay.Pages.Compare(a.Label(), a.Kind == templates.KindSection, b.Label(), b.Kind == templates.KindSection),
		cmp.Compare(a.SitePath, b.SitePath))
}

// findLinks makes the layout's link finder from every page loaded (the
// unpublished ones too: Quartz counts them when it looks a name up) and
// every file of the content.
func (s *Site) findLinks(all []*Page) {
	if s.Lay.Links == nil {
		return
	}
	files := slices.Sorted(maps.Keys(s.Files))
	names := map[string][]string{}
	for _, p := range all {
		files = append(files, p.Rel)
		if len(p.Names) > 0 {
			names[p.Rel] = p.Names
		}
	}
	s.links = s.Lay.Links(files, names)
}

// ruleTarget is what the layout's link rule finds for the link dest
// (without its fragment) on page from: a page, or a content file's URL;
// unlinked says the target is not published, problem why there is
// nothing.
func (s *Site) ruleTarget(from *Page, dest string) (to *Page, fileURL, unlinked, problem string) {
	rel, dir, folder, ok := s.links.Find(from.Rel, dest)
	switch {
	case !ok:
		return nil, "", "", fmt.Sprintf("no note or file is at %q by %s's rule for links", dest, s.Lay.File)
	case folder:
		if sec, ok := s.sections[dir]; ok {
			return sec, "", "", ""
		}
		return nil, "", "", fmt.Sprintf("folder %s/ has no published page", s.SrcFile(dir))
	}
	if p, ok := s.ByRel[rel]; ok {
		return p, "", "", ""
	}
	if s.unpublished[rel] != "" {
		return nil, "", s.unlinkedMsg(rel), ""
	}
	if s.Files[rel] {
		s.Linked.add(rel)
		return nil, s.Cfg.RelURL(s.Cfg.BundleURL(rel)), "", ""
	}
	return nil, "", "", fmt.Sprintf("%s is not published", s.SrcFile(rel))
}

// resolveByRules resolves a Markdown link by the layout's rule: every
// link without a scheme names a note or file (Quartz's CrawlLinks).
func (s *Site) resolveByRules(from *Page, dest string) markup.LinkTarget {
	target, frag, _ := strings.Cut(dest, "#")
	target, query, _ := strings.Cut(target, "?")
	if query != "" {
		query = "?" + query
	}
	to, fileURL, unlinked, problem := s.ruleTarget(from, target)
	switch {
	case unlinked != "":
		return markup.LinkTarget{Unlinked: unlinked}
	case problem != "":
		return broken("%s", problem)
	case to == nil:
		return linkTo(fileURL + query + fragPart(frag))
	}
	u, problem := s.fragment(to, frag, to.File)
	if problem != "" && !to.Failed {
		return broken("%s", problem)
	}
	return linkTo(s.Cfg.RelURL(to.SitePath) + query + u)
}

// wikiByRules is ResolveWiki by the layout's rule for links (Quartz reads
// a wikilink as a Markdown link to its target).
func (l pageLinks) wikiByRules(target, frag string, embed bool) markup.WikiTarget {
	s := l.s
	if u, err := url.PathUnescape(target); err == nil {
		target = u
	}
	to, fileURL, unlinked, problem := s.ruleTarget(l.p, target)
	switch {
	case unlinked != "":
		return markup.WikiTarget{Unlinked: unlinked}
	case problem != "":
		return markup.WikiTarget{Problem: problem}
	case to == nil:
		return markup.WikiTarget{URL: fileURL + fragPart(frag)}
	}
	if _, problem := s.fragment(to, frag, to.File); problem != "" && s.Cfg.BrokenLinksWarn && !embed {
		// Quartz links to the page whatever its fragment names: with
		// broken links as warnings, so does sitegen, and says so.
		return markup.WikiTarget{URL: s.Cfg.RelURL(to.SitePath) + "#" + markup.HeadingSlug(frag),
			Warning: problem + "; the link goes to the page's top"}
	}
	return l.wikiPage(to, frag, embed)
}

// ListsRoot reports whether page p is the layout's root folder's page
// (rootFolder), whose list is the home page's children.
func (s *Site) ListsRoot(p *Page) bool { return p != nil && p == s.rootStandIn }

// ListChildren are the pages p's list shows, in its order: p.Children,
// or, where the layout orders its lists by date (layout.Layout.ListDate,
// Quartz's FolderContent and TagContent), folders first, then newest
// first, then by lowercase title.
// A layout's root folder (rootFolder) lists the root's children; a home
// page whose tool's template pages another collection
// (layout.Layout.HomePager) lists that.
func (s *Site) ListChildren(p *Page) []*Page {
	if p.pager != nil {
		return p.pager // the list of the collection its tool's template pages (layout.Layout.HomePager, RegularPager)
	}
	if s.ListsRoot(p) {
		p = s.Home // a folder of Markdown's src/ lists the root's (rootFolder)
	}
	if s.Lay.ListDate == nil || len(p.Children) < 2 {
		return p.Children
	}
	kids := slices.Clone(p.Children)
	dates := make(map[*Page]int64, len(kids))
	for _, c := range kids {
		dates[c] = s.listDate(c).UnixMilli()
	}
	compare := s.Lay.ListCompare
	if compare == nil {
		compare = strings.Compare
	}
	slices.SortStableFunc(kids, func(a, b *Page) int {
		return cmp.Or(cmp.Compare(listFolderRank(a), listFolderRank(b)), cmp.Compare(dates[b], dates[a]),
			compare(strings.ToLower(a.Label()), strings.ToLower(b.Label())))
	})
	return kids
}

// listFolderRank puts folders (0) before notes (1) in a Quartz list.
func listFolderRank(p *Page) int {
	if p.Kind == templates.KindSection {
		return 0
	}
	return 1
}

// listDate is page p's date in a list ordered by layout.Layout.ListDate:
// a note's by the tool's rule from its front matter and file; a folder's
// the newest of its own pages' (Quartz's FolderContent gives a sub-folder
// "the most recent dates" of its children).
func (s *Site) listDate(p *Page) time.Time {
	if p.Kind != templates.KindSection {
		return s.Lay.ListDate(p.Meta, s.Updated(p))
	}
	var t time.Time
	for _, c := range p.Children {
		if c.Kind == templates.KindSection {
			continue
		}
		if d := s.Lay.ListDate(c.Meta, s.Updated(c)); d.After(t) {
			t = d
		}
	}
	return t
}
