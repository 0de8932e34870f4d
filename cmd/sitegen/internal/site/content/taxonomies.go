package content

import (
	"cmp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// buildTaxonomies makes the pages of the layout's taxonomies besides the
// tags (layout.Layout.Taxonomies: Hugo's categories and those a site
// declares), each as buildTags makes the tags': the list of terms at
// /DIR/, and a page a term at /DIR/TERM/ listing the pages whose front
// matter names it. They are outside the navigation and the reading order.
func (s *Site) buildTaxonomies() {
	for _, tx := range s.Lay.Taxonomies {
		s.buildTaxonomy(tx)
	}
}

// buildTaxonomy makes one taxonomy's pages. A page of the content at
// one of their URLs (Hugo's content/categories/_index.md) is that page:
// its title and text, then the list.
func (s *Site) buildTaxonomy(tx layout.Taxonomy) {
	base := "/" + tx.Dir + "/"
	own := map[string]*Page{}
	for _, p := range s.Pages {
		if strings.HasPrefix(p.SitePath, base) {
			own[p.SitePath] = p
		}
	}
	slug := s.Lay.TagSlug
	if slug == nil {
		slug = s.Cfg.slugify
	}
	terms := map[string]*Page{}
	var added []*Page
	for _, p := range pathOrder(s.Pages) { // the first to write a term titles it
		if tx.NoTerms || p.Unlisted != "" || p.Meta == nil || p.tag != "" || p.tagIndex {
			continue
		}
		for _, name := range frontMatterTags(metaFold(p.Meta, tx.Dir), true) {
			sl := slug(name)
			sp := base + sl + "/"
			if sl == "" || urlProblem(sp, sp, sp) != "" {
				continue
			}
			tp, ok := terms[sp]
			if !ok {
				if tp, ok = own[sp]; ok {
					s.ownTagPage(tp)
				} else {
					// Titled with the term as the first page (path
					// order) writes it, as the tags' (layout.Layout.TagTitle).
					tp = &Page{Rel: strings.TrimPrefix(sp, "/") + sectionIndex, Kind: templates.KindSection, SitePath: sp,
						Title: name, Ids: map[string]bool{}, tag: name, tagFrom: p}
					added = append(added, tp)
				}
				terms[sp] = tp
			}
			if tp != p && !slices.Contains(tp.Children, p) {
				tp.Children = append(tp.Children, p)
			}
		}
	}
	var index *Page
	if !tx.NoList {
		if p, ok := own[base]; ok {
			index = p
			s.ownTagPage(index)
		} else {
			index = &Page{Rel: tx.Dir + "/" + sectionIndex, Kind: templates.KindSection, SitePath: base,
				Title: tx.Title, Ids: map[string]bool{}, Parent: s.Home, tagIndex: true}
			s.Pages = append(s.Pages, index)
		}
	}
	for _, tp := range terms {
		slices.SortFunc(tp.Children, comparePages)
		if s.Lay.ListAll {
			tp.PerPage = max(len(tp.Children), 1)
		}
		if index != nil && tp.Parent != index {
			tp.Parent = index
			index.Children = append(index.Children, tp)
		}
	}
	if index != nil {
		slices.SortFunc(index.Children, func(a, b *Page) int { return cmp.Compare(a.SitePath, b.SitePath) })
		if s.Lay.ListAll {
			index.PerPage = max(len(index.Children), 1)
		}
	}
	slices.SortFunc(added, func(a, b *Page) int { return cmp.Compare(a.SitePath, b.SitePath) })
	s.Pages = append(s.Pages, added...)
}

// metaFold is the front matter value of key, its case ignored (Hugo's
// front matter keys are case-insensitive).
func metaFold(meta map[string]any, key string) any {
	if v, ok := meta[key]; ok {
		return v
	}
	for k, v := range meta {
		if strings.EqualFold(k, key) {
			return v
		}
	}
	return nil
}
