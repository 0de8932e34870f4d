package content

import (
	"cmp"
	"errors"
	"maps"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// A layout with rules of its own (layout.Rules: Docusaurus, VitePress)
// places each page and folder: its URL, the title it falls back to, its
// label in the navigation and its place among its siblings. This file
// applies them; the rules themselves are the layout package's.

// isPageFile reports whether the content file rel is a Markdown page of
// the layout (.md, .mdx where the layout reads MDX, and the other
// extensions its tool reads as Markdown: layout.Markup.Extensions).
func (s *Site) isPageFile(rel string) bool {
	_, ok := s.Lay.Markup.MarkdownStem(rel)
	return ok
}

// placeByRules places p by the layout's rules; fm is its front matter
// (nil when it has none).
func (s *Site) placeByRules(p *Page, fm map[string]any) {
	r := s.Lay.Rules
	if r == nil {
		return
	}
	pl := r.Page(p.Rel, fm)
	if p.Kind == templates.KindSection && p.dir() != "" && s.ruleFolder(p.dir()).Generated {
		// The folder's page is generated (a Docusaurus generated index):
		// its index doc is one of its pages, at its own URL.
		p.Kind, p.folder = templates.KindPage, ""
	}
	if p.Kind == templates.KindSection || p.Kind == templates.KindHome {
		// A folder's own page: the folder's label and place win.
		f := s.ruleFolder(p.dir())
		pl.NavLabel = cmp.Or(f.NavLabel, pl.NavLabel)
		if f.HasPosition && (!f.ByName || !pl.HasPosition) {
			pl.Position, pl.HasPosition = f.Position, true
		}
		pl.SortName = f.SortName
	}
	if pl.URL != "" && p.SitePath != "/"+NotFoundHTML {
		p.SitePath = pl.URL
		if pl.URL == s.ruleFolder("").URL && p.Kind == templates.KindPage {
			p.Kind = templates.KindHome // slug: / makes a doc the home page
		}
	}
	if p.Title == "" && !p.Failed {
		p.fallbackTitle = pl.Title
	}
	for _, f := range pl.Reads {
		if !slices.Contains(p.Includes, f) {
			p.Includes = append(p.Includes, f) // an edit of it places the page again (graph.go, the build cache)
		}
	}
	p.navTitle = pl.NavLabel
	p.pos, p.hasPos, p.sortName = pl.Position, pl.HasPosition, pl.SortName
	p.docID = pl.ID
	p.Home = pl.Home
}

// ruleFolder is the layout's rules for the content-relative folder dir. A
// settings file of the folder that could not be read (a _category_.json
// that links out of the source, or does not parse) is an error (the
// collector keeps one of each, however many pages ask).
func (s *Site) ruleFolder(dir string) layout.Page {
	f, err := s.Lay.Rules.Folder(dir)
	var ce *layout.ConfigError
	switch {
	case errors.As(err, &ce):
		s.Diag.Addf(ce.File, ce.Line, ce.Col, ce.Key, "%s", ce.Msg)
	case err != nil:
		s.Diag.Addf(s.SrcFile(dir), 0, 0, "", "%v", err)
	}
	return f
}

// placeFolder places a section synthesized for a folder with no page of
// its own.
func (s *Site) placeFolder(sec *Page, dir string) {
	if s.Lay.Rules == nil {
		sec.NoPage = s.Lay.NoFolderPage != nil && dir != "" && s.Lay.NoFolderPage(dir)
		return
	}
	f := s.ruleFolder(dir)
	if f.URL != "" {
		sec.SitePath = f.URL
		if f.Generated {
			s.generatedFile(sec, dir+"/")
		}
	}
	if dir != "" && cmp.Or(f.PageTitle, f.NavLabel, f.Title) != "" {
		sec.Title = cmp.Or(f.PageTitle, f.NavLabel, f.Title) // a category's label names its generated page
	}
	sec.navTitle = f.NavLabel
	if f.PageTitle != "" {
		sec.navTitle = cmp.Or(f.NavLabel, f.Title)
	}
	sec.Description = cmp.Or(f.Description, sec.Description)
	sec.NoPage = f.NoPage && dir != ""
	sec.navFold, sec.navOpen = sec.NoPage && f.Collapsible, f.Open
	sec.pos, sec.hasPos, sec.sortName = f.Position, f.HasPosition, f.SortName
}

// generatedFile writes the generated page sec (of the content-relative
// folder dir) as the tool's file where the tool writes its sections so:
// a generated page at a URL of its own, no page under it (a Docusaurus
// generated index under trailingSlash: false, docs/category/classes.html).
func (s *Site) generatedFile(sec *Page, dir string) {
	if s.Lay.SectionFiles && (s.Lay.FileURL == nil || s.Lay.FileURL(dir, sec.Meta)) {
		sec.SitePath, sec.fileURL = fileOf(sec.SitePath), true
	}
}

// resolveNavIDs gives the layout's navigation entries that name a page by
// its tool's id (Docusaurus's sidebars) the page's path. pages include
// those not published: an entry naming one (a draft) is left out of the
// navigation without a warning, as Docusaurus drops a draft's sidebar item.
func (s *Site) resolveNavIDs(pages []*Page) {
	byID := map[string]string{}
	for _, p := range pages {
		if p.docID != "" {
			byID[p.docID] = p.Rel
		}
	}
	for i, e := range s.Lay.Nav {
		if e.Path == "" && e.ID != "" {
			if rel, ok := byID[e.ID]; ok {
				s.Lay.Nav[i].Path = rel
			} else if e.Title == "" {
				s.Warn.Addf(cmp.Or(e.File, s.Lay.NavFile, s.Lay.File), 0, 0, "", "the sidebar names doc id %q, which no doc has", e.ID)
			}
		}
	}
	// The navbar's sidebars are copies of Nav's entries (warned above);
	// its doc items name a doc of their own.
	for i, e := range s.Lay.Navbar {
		if e.Path == "" && e.ID != "" {
			if rel, ok := byID[e.ID]; ok {
				s.Lay.Navbar[i].Path = rel
			} else if e.Depth == 0 {
				s.Warn.Addf(cmp.Or(e.File, s.Lay.File), e.Line, 0, "", "the navbar's doc item names doc id %q, which no doc has: shown as a heading", e.ID)
			}
		}
	}
}

// resolveNavLinks gives the layout's navigation entries that link a site
// path the path of the page published there (a Jekyll site's own list of
// links, layout/jekyll dataNav: "url: /rules/" is the page at /rules/,
// and "/rules", "/rules.html" name it too, as a server finds it): the
// entry is that page's, current where it is open; a path no page has
// stays a link.
func (s *Site) resolveNavLinks(pages []*Page) {
	bySite := make(map[string]string, len(pages))
	for _, p := range pages {
		bySite[p.SitePath] = p.Rel
	}
	for i, e := range s.Lay.Nav {
		if e.Path != "" || e.Link == "" || hasScheme(e.Link) || e.LinkAsWritten {
			continue
		}
		u, _, _ := strings.Cut(e.Link, "#")
		u, _, _ = strings.Cut(u, "?")
		for _, sp := range []string{u, strings.TrimSuffix(u, "/") + "/", strings.TrimSuffix(u, ".html"), strings.TrimSuffix(u, "/") + ".html"} {
			if rel, ok := bySite[sp]; ok && sp != "" {
				s.Lay.Nav[i].Path, s.Lay.Nav[i].Link = rel, ""
				break
			}
		}
	}
}

// compareByPosition orders siblings the way Docusaurus's sidebar does:
// those with a position first, by position, then by file or folder name
// (as written, number prefix and extension included).
func compareByPosition(a, b *Page) int {
	// The content's own pages before those of further folders (the
	// layout's Roots: Docusaurus's docs instances and blog follow its
	// preset's docs, whatever their positions).
	if oa, ob := outside(a.Rel) && !a.homeOwn, outside(b.Rel) && !b.homeOwn; oa != ob {
		if ob {
			return -1
		}
		return 1
	}
	if a.hasPos != b.hasPos {
		if a.hasPos {
			return -1
		}
		return 1
	}
	if a.hasPos && a.pos != b.pos {
		return cmp.Compare(a.pos, b.pos)
	}
	return cmp.Or(cmp.Compare(a.sortKey(), b.sortKey()), cmp.Compare(a.SitePath, b.SitePath))
}

// sortKey is the name a page sorts by among siblings without a position.
func (p *Page) sortKey() string {
	if p.sortName != "" {
		return p.sortName
	}
	if p.Kind == templates.KindSection {
		return path.Base(p.dir())
	}
	return path.Base(p.Rel)
}

// LayoutNotes are the layout's notes about settings it did not read.
func LayoutNotes(l *layout.Layout) []string {
	return l.Notes
}

// HomeView gives a home page the hero and features its front matter asks
// for (VitePress's layout: home, Starlight's splash hero with its image),
// their links checked and rewritten like the page's; a broken one is a warning and stays as written, one to a
// page that is not published (publish.go) a warning and its text alone.
func (s *Site) HomeView(p *Page, v *templates.Page) {
	link := func(field, dest string) string {
		if dest == "" {
			return ""
		}
		tg := s.resolveLink(p, dest)
		switch {
		case tg.Problem != "":
			s.Warn.Addf(p.File, 1, 1, field, "link %q: %s", dest, tg.Problem)
			return dest
		case tg.Unlinked != "":
			s.Warn.Addf(p.File, 1, 1, field, "link %q: %s", dest, tg.Unlinked)
			return ""
		}
		return tg.URL
	}
	// image resolves a hero's picture as the page's images are (published
	// with them); one that is not there is a warning and is not shown.
	image := func(dest string) string {
		if dest == "" {
			return ""
		}
		tg := s.resolveImage(p, dest)
		if msg := cmp.Or(tg.Problem, tg.Unlinked); msg != "" {
			s.Warn.Addf(p.File, 1, 1, "hero.image", "image %q: %s", dest, msg)
			return ""
		}
		return tg.URL
	}
	h := p.Home
	if h.Name != "" || h.Text != "" || h.Tagline != "" || len(h.Actions) > 0 || h.Image != (layout.HomeImage{}) {
		v.Hero = &templates.Hero{Name: h.Name, Text: h.Text, Tagline: h.Tagline, ImageAlt: h.Image.Alt}
		if h.Image.File != "" {
			v.Hero.Image = image(h.Image.File)
		} else if dark, light := image(h.Image.Dark), image(h.Image.Light); dark != "" && light != "" {
			v.Hero.Image, v.Hero.ImageLight = dark, light
		} else {
			v.Hero.Image = cmp.Or(dark, light) // the one there is, in both schemes
		}
		for _, a := range h.Actions {
			v.Hero.Actions = append(v.Hero.Actions, templates.HeroAction{Title: a.Text, URL: link("hero", a.Link), Alt: a.Alt})
		}
	}
	for _, f := range h.Features {
		v.Features = append(v.Features, templates.Feature{Icon: f.Icon, Title: f.Title, Details: f.Details,
			URL: link("features", f.Link), LinkText: f.LinkText})
	}
}

// linkFolders makes the page a folder's rules name (layout.Page.Link: a
// Docusaurus category's linked doc) that folder's page: its section in
// the navigation, with the folder's label and place; it keeps its URL.
func (s *Site) linkFolders(pages []*Page) {
	if s.Lay.Rules == nil {
		return
	}
	byID := map[string]*Page{}
	dirs := map[string]bool{}
	hasPage := map[string]bool{}
	for _, p := range pages {
		if p.docID != "" {
			byID[p.docID] = p
		}
		if p.Kind == templates.KindSection {
			hasPage[p.dir()] = true
		}
		for d := path.Dir(p.Rel); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(dirs)) {
		if hasPage[dir] {
			continue
		}
		f := s.ruleFolder(dir)
		for _, id := range f.Link {
			p, ok := byID[id]
			if !ok || p.Kind != templates.KindPage || p.folder != "" {
				continue
			}
			p.Kind, p.folder = templates.KindSection, dir
			p.navTitle = cmp.Or(f.NavLabel, p.navTitle)
			if f.HasPosition && (!f.ByName || !p.hasPos) {
				p.pos, p.hasPos = f.Position, true
			}
			p.sortName = f.SortName
			break
		}
	}
}
