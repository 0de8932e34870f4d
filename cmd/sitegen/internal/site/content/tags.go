package content

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// tagsDir is the folder of the tag pages: /tags/ lists the tags, /tags/NAME/
// the pages of one (Obsidian's tags: in front matter and #tags in text).
const tagsDir = "tags"

// frontMatterTags reads tags: as Obsidian writes it, a list or one string
// of names separated by commas or spaces, each with or without its '#';
// a tool's labels (tool: Docusaurus's) as they are, one string one label.
func frontMatterTags(v any, tool bool) []string {
	var raw []string
	switch v := v.(type) {
	case string:
		if tool {
			raw = []string{v}
			break
		}
		raw = strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ' ' })
	case []any:
		for _, e := range v {
			if s, ok := e.(string); ok {
				raw = append(raw, s)
			}
		}
	}
	var out []string
	for _, t := range raw {
		if t = strings.TrimSpace(t); !tool {
			t = strings.TrimPrefix(t, "#")
		}
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// tagPath is the site path of a tag's page ("Spells/Fire" ->
// /tags/spells/fire/, /tags/spells/fire.html where the tool writes tag
// pages as files: layout.Layout.TagFiles): names compare
// case-insensitively, as in Obsidian.
func (c *Config) tagPath(name string) string {
	segs := strings.Split(strings.Trim(name, "/"), "/")
	for i, s := range segs {
		segs[i] = c.slugify(s)
	}
	if c.tagFiles {
		return "/" + tagsDir + "/" + strings.Join(segs, "/") + ".html"
	}
	return "/" + tagsDir + "/" + strings.Join(segs, "/") + "/"
}

// buildTags makes the tag pages: /tags/ and one page a tag, listing the
// pages that carry it. They are outside the navigation and the reading
// order (no previous and next), and leave the tagged pages where they are.
//
// In a Quartz site, a page of the content at a tag page's URL (tags/Spells.md, Quartz's
// "you can also provide a description and title for a tag page by
// creating a file for each tag", https://quartz.jzhao.xyz/features/folder-and-tag-listings)
// is that tag's page: its title and text, then the list; a page or folder
// at /tags/ is the list of tags. They leave the navigation for the tags'.
// Elsewhere such a page is a duplicate URL (checkURLs).
func (s *Site) buildTags() {
	if s.Lay.NoTagPages {
		return // the tool makes none (layout.Layout.NoTagPages)
	}
	own := map[string]*Page{} // pages of the content at a tag page's URL (Quartz's tag descriptions)
	for _, p := range s.Pages {
		// A page of the content at the tags list's own URL (a Jekyll
		// site's tags.html) is that list's page, in any layout.
		if (s.Lay.Kind == layout.Quartz || s.Lay.Kind == layout.Hugo) && strings.HasPrefix(p.SitePath, "/"+tagsDir+"/") || p.SitePath == "/"+tagsDir+"/" {
			own[p.SitePath] = p
		}
	}
	// The tag pages by their site path, each in its group: sitegen's
	// /tags/ (nil), or one of the layout's (Docusaurus's /docs/tags/ and
	// /blog/tags/).
	byPath := map[string]*Page{}
	groupOf := map[*Page]*layout.Tags{}
	var added []*Page
	type named struct {
		g    *layout.Tags
		name string
	}
	paths := map[named]string{} // tag name -> its page's site path, "" for none: a name is checked once
	// sitegen's own tags' paths depend on the name and the site's
	// settings alone, which an Update does not change: the model before's
	// are taken over (Model.tagPaths).
	s.tagPaths = map[string]string{}
	if s.Before != nil && s.Before.tagPaths != nil {
		s.tagPaths = s.Before.tagPaths
	}
	written := s.writtenTags()
	for _, p := range s.Pages {
		var g *layout.Tags
		if s.Lay.Tags != nil {
			g = s.Lay.Tags(p.Rel)
		}
		if p.Unlisted != "" && (g == nil || !g.Unlisted) {
			continue // published, but in no list
		}
		if g != nil && g.URL == "" {
			continue // the tool makes no tag pages of this page (layout.Layout.Tags)
		}
		for _, name := range s.tagNames(p.tags) {
			sp, ok := paths[named{g, name}]
			if !ok && g == nil {
				sp, ok = s.tagPaths[name]
			}
			if !ok {
				sp = s.Cfg.tagPath(name)
				if g != nil {
					sp = g.URL + g.Slug(name) + "/"
				}
				if g == nil && s.Lay.TagSlug == nil && tagNameProblem(name) != "" || urlProblem(sp, sp, sp) != "" || g != nil && g.Slug(name) == "" {
					sp = "" // front matter's are checked as they are read; this is the one check of URLs
				}
				if g == nil {
					s.tagPaths[name] = sp
				}
			}
			paths[named{g, name}] = sp
			if sp == "" {
				continue
			}
			tp, ok := byPath[sp]
			if !ok {
				if tp, ok = own[sp]; ok && g == nil {
					s.ownTagPage(tp)
				} else {
					rel := strings.TrimPrefix(sp, "/") // a folder's page, tags/x/_index.md, also when written as tags/x.html
					if f, ok := strings.CutSuffix(rel, ".html"); ok {
						rel = f + "/"
					}
					title := "#" + name
					if w := written[name]; len(w) > 0 {
						title = s.Lay.TagTitle(w)
					} else if s.Lay.TagTitle != nil && s.Lay.TagsOf == nil {
						title = s.Lay.TagTitle([]string{name})
					}
					tp = &Page{Rel: rel + sectionIndex, Kind: templates.KindSection, SitePath: sp,
						Title: title, Ids: map[string]bool{}, tag: name, tagFrom: p}
					added = append(added, tp)
				}
				byPath[sp] = tp
				groupOf[tp] = g
			}
			if tp != p && !slices.Contains(tp.Children, p) {
				tp.Children = append(tp.Children, p)
			}
		}
	}
	if len(byPath) == 0 && !s.Lay.TagIndexAlways || len(byPath) == 0 && s.Lay.NoTagIndex {
		return
	}
	indexes := map[*layout.Tags]*Page{}
	indexOf := func(g *layout.Tags) *Page {
		if index, ok := indexes[g]; ok {
			return index
		}
		index, ok := own["/"+tagsDir+"/"]
		switch {
		case g != nil:
			index = &Page{Rel: strings.TrimPrefix(g.URL, "/") + sectionIndex, Kind: templates.KindSection, SitePath: g.URL,
				Title: "Tags", Ids: map[string]bool{}, Parent: s.Home, tagIndex: true, PerPage: g.PerPage}
			s.Pages = append(s.Pages, index)
		case ok:
			s.ownTagPage(index)
		default:
			index = &Page{Rel: tagsDir + "/" + sectionIndex, Kind: templates.KindSection, SitePath: "/" + tagsDir + "/",
				Title: cmp.Or(s.Lay.TagIndexTitle, s.UIWords().Tags), Ids: map[string]bool{}, Parent: s.Home, tagIndex: true}
			s.Pages = append(s.Pages, index)
		}
		indexes[g] = index
		return index
	}
	if len(byPath) == 0 {
		indexOf(nil) // the tool's list of tags, of none (layout.Layout.TagIndexAlways)
		return
	}
	for _, tp := range byPath {
		g := groupOf[tp]
		if g != nil && g.NoIndex {
			s.sortChildren(tp.Children)
			tp.Title, tp.PerPage = g.Title(tp.tag, len(tp.Children)), g.PerPage
			continue
		}
		if g == nil && s.Lay.NoTagIndex {
			slices.SortFunc(tp.Children, comparePages)
			if s.Lay.ListAll {
				tp.PerPage = max(len(tp.Children), 1)
			}
			continue // no list of tags (layout.Layout.NoTagIndex)
		}
		index := indexOf(g)
		if tp.Parent != index {
			tp.Parent = index
			index.Children = append(index.Children, tp)
		}
		if g == nil {
			slices.SortFunc(tp.Children, comparePages)
			if s.Lay.ListAll {
				tp.PerPage = max(len(tp.Children), 1) // one page, as the tree's lists (a page of the content at the tag's URL was paged before it had the tag's pages)
			}
			continue
		}
		// The tool's order (a blog's newest first), its title and paging.
		s.sortChildren(tp.Children)
		tp.Title, tp.PerPage = g.Title(tp.tag, len(tp.Children)), g.PerPage
	}
	for g, index := range indexes {
		slices.SortFunc(index.Children, func(a, b *Page) int { return cmp.Compare(a.SitePath, b.SitePath) })
		if g != nil || s.Lay.ListAll {
			// A tool's list of tags is one page (Docusaurus's
			// TagsListPage lists every tag); its PerPage pages a tag's own.
			index.PerPage = max(len(index.Children), 1)
		}
	}
	slices.SortFunc(added, func(a, b *Page) int { return cmp.Compare(a.SitePath, b.SitePath) })
	s.Pages = append(s.Pages, added...)
}

// writtenTags gives, for each tag of the site's pages, the spellings its
// pages write it with, in the pages' path order (pathOrder), where the layout titles a
// tag's page from them (layout.Layout.TagTitle): the front matter's terms
// (layout.Layout.TagsOf), each one term, by their TagSlug. nil otherwise.
func (s *Site) writtenTags() map[string][]string {
	if s.Lay.TagTitle == nil || s.Lay.TagsOf == nil || s.Lay.TagSlug == nil {
		return nil
	}
	out := map[string][]string{}
	for _, p := range pathOrder(s.Pages) {
		if p.Meta == nil {
			continue
		}
		for _, name := range frontMatterTags(s.Lay.TagsOf(p.Meta), true) {
			if slug := s.Lay.TagSlug(name); slug != "" && !slices.Contains(out[slug], name) {
				out[slug] = append(out[slug], name)
			}
		}
	}
	return out
}

// tagNames are the tags a page is listed under: its own, and in a Quartz
// site each level of a nested one ("Quartz also supports tag hierarchies
// as well (e.g. plugin/emitter) and will also render a separate tag page
// for each level of the tag hierarchy",
// https://quartz.jzhao.xyz/features/folder-and-tag-listings): monster/small
// lists the page under monster too, as Quartz's TagContent lists every
// note whose tags' prefixes hold the tag (getAllSegmentPrefixes).
func (s *Site) tagNames(tags []string) []string {
	if s.Lay.Kind != layout.Quartz {
		return tags
	}
	var out []string
	for _, name := range tags {
		for i := 0; i <= len(name); i++ {
			if i == len(name) || name[i] == '/' {
				if prefix := name[:i]; prefix != "" && !slices.Contains(out, prefix) {
					out = append(out, prefix)
				}
			}
		}
	}
	return out
}

// ownTagPage makes a page of the content a tag page: a section (its list
// shown), out of the navigation and of the reading order.
func (s *Site) ownTagPage(p *Page) {
	p.Kind, p.navExclude = templates.KindSection, true
	if p.Prev != nil {
		p.Prev.Next = p.Next
	}
	if p.Next != nil {
		p.Next.Prev = p.Prev
	}
	p.Prev, p.Next = nil, nil
	if p.Parent != nil {
		p.Parent.Children = slices.DeleteFunc(p.Parent.Children, func(c *Page) bool { return c == p })
	}
	p.Parent = nil
}

// pathOrder is pages sorted by their path in the content, a folder's own
// page at its folder's path: the order Hugo's content tree holds them in,
// in which the first page that writes a term names it (hugo 0.111
// measured on evilchili/telisar-website: "DM" in dramatis_personae.md
// titles /tags/dm/ over "dm" in posts/mob_rules.md, a newer page sitegen
// lists first).
func pathOrder(pages []*Page) []*Page {
	key := func(p *Page) string {
		k := strings.ToLower(strings.TrimSuffix(p.Rel, path.Ext(p.Rel)))
		if k == "_index" || k == "index" {
			return ""
		}
		k = strings.TrimSuffix(k, "/_index")
		return strings.TrimSuffix(k, "/index")
	}
	out := slices.Clone(pages)
	slices.SortStableFunc(out, func(a, b *Page) int { return cmp.Compare(key(a), key(b)) })
	return out
}
