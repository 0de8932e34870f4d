package content

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// What is not published (see package layout, "What a tool does not
// publish"): one mechanism for every layout. Each page gets a reason the
// tool would not publish it (sitegen's draft: true, the layout's
// Unpublished, a path in the layout's UnpublishedPaths) or none, and, when
// published, a reason to keep it unlisted (the layout's Unlisted). A page
// or content file with a reason is left out of the site (byRel, files,
// wiki) and remembered in unpublished, so that a link to it is a warning
// and its text instead of a broken link; Options.Drafts keeps the pages
// whose reason allows a preview. Every one is in Result.NotPublished.

// NotPublished is a page or file of the source that the build leaves out
// because its tool says not to publish it.
type NotPublished struct {
	// File is its source-relative path ("content/gm/secrets.md").
	File string
	// Reason is the tool's flag or rule ("draft: true", "publish: false
	// (Obsidian Publish)", "exclude_docs (MkDocs)").
	Reason string
	// Shown is set when --drafts put it in the output all the same.
	Shown bool
}

// draftReason is sitegen's own flag, honoured in every layout.
const draftReason = "draft: true"

// visibility is what the rules say of one page: why it is not published
// (preview: --drafts may show it), or why it is published but unlisted.
type visibility struct {
	reason   string
	preview  bool
	unlisted string
}

// sectionMetas returns the front matter of every section page read from a
// file, by its folder (content-relative, "" for the home page).
func sectionMetas(pages []*Page) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, p := range pages {
		if p.File != "" && p.Meta != nil && (p.Kind == templates.KindSection || p.Kind == templates.KindHome) {
			out[p.dir()] = p.Meta
		}
	}
	return out
}

// visibilityOf applies the rules to page p, whose sections' front matter
// is in sections (see sectionMetas).
func (s *Site) visibilityOf(p *Page, sections map[string]map[string]any) visibility {
	if rule := s.Lay.UnpublishedPath(p.Rel, false); rule != nil {
		return visibility{reason: rule.Reason, preview: rule.Preview}
	}
	meta := s.metaOf(p, sections)
	// The tool's own flag first, so that the report says it in the
	// tool's words (Docusaurus' draft: true), then sitegen's draft: true.
	if s.Lay.Unpublished != nil {
		if r := s.Lay.Unpublished(meta, p.Rel); r != "" {
			return visibility{reason: r, preview: true}
		}
	}
	if s.garden {
		if r := layout.GardenUnpublished(meta); r != "" {
			return visibility{reason: r, preview: true}
		}
	}
	if layout.True(meta["draft"]) && !s.Lay.PublishDrafts {
		return visibility{reason: draftReason, preview: true}
	}
	if s.Lay.Unlisted != nil {
		return visibility{unlisted: s.Lay.Unlisted(meta, p.Rel)}
	}
	return visibility{}
}

// metaOf is page p's front matter with what its sections pass down
// (layout.Layout.Inherit), whose front matter is in sections.
func (s *Site) metaOf(p *Page, sections map[string]map[string]any) map[string]any {
	meta := p.Meta
	if meta == nil {
		meta = map[string]any{}
	}
	if s.Lay.Inherit != nil {
		var chain []map[string]any
		for d := p.dir(); ; d = parentDir(d) {
			if m, ok := sections[d]; ok {
				chain = append(chain, m)
			}
			if d == "" {
				break
			}
		}
		if add := s.Lay.Inherit(p.Rel, chain); len(add) > 0 {
			merged := maps.Clone(add)
			maps.Copy(merged, meta) // the page's own values win
			meta = merged
		}
	}
	return meta
}

// resourceRules returns, for a layout with Resources rules, the reason
// each bundle page's files are not published, by the page's bundle
// folder: leaf bundles (index.md) by their folder, branch bundles
// (_index.md) by theirs, marked with a trailing "/" for "this folder
// only" (and unmarked too, for the plain folders below, where the layout
// says so: layout.Layout.SectionResourcesBelow).
func (s *Site) resourceRules(all []*Page, sections map[string]map[string]any) map[string]string {
	if s.Lay.Resources == nil {
		return nil
	}
	out := map[string]string{}
	for _, p := range all {
		if p.File == "" {
			continue
		}
		switch path.Base(p.Rel) {
		case "index.md":
			out[path.Dir(p.Rel)] = s.Lay.Resources(s.metaOf(p, sections))
		case "_index.md":
			why := s.Lay.Resources(s.metaOf(p, sections))
			out[path.Dir(p.Rel)+"/"] = why
			if s.Lay.SectionResourcesBelow {
				if _, leaf := out[path.Dir(p.Rel)]; !leaf { // a leaf bundle of the same folder keeps its own rule
					out[path.Dir(p.Rel)] = why
				}
			}
		}
	}
	return out
}

// resourceReason is the reason the content file rel, a page resource of
// the nearest bundle (a leaf bundle's folder or one above, its own
// folder's branch bundle), is not published, or "".
func resourceReason(rules map[string]string, rel string) string {
	if rules == nil {
		return ""
	}
	dir := path.Dir(rel)
	if why, ok := rules[dir+"/"]; ok {
		return why
	}
	for d := dir; ; d = path.Dir(d) {
		if why, ok := rules[d]; ok {
			return why
		}
		if d == "." || d == "/" {
			return ""
		}
	}
}

// leafBundles returns, for a layout with leaf bundles
// (layout.Layout.LeafBundles), the index page of each leaf bundle among
// pages by its folder (content-relative; the root's index page is the
// home page, no bundle); nil for none. A page the layout's IndexName
// names (Hugo's index.fr.md on the French site; not _index.fr.md, a
// section's) is its bundle's index page before index.md.
func (s *Site) leafBundles(pages []*Page) map[string]string {
	if !s.Lay.LeafBundles {
		return nil
	}
	out, named := map[string]string{}, map[string]bool{}
	for _, p := range pages {
		stem, ok := s.Lay.Markup.MarkdownStem(p.Rel)
		if !ok || p.dir() == "" {
			continue
		}
		own := s.Lay.IndexName != nil && s.Lay.IndexName(path.Base(p.Rel)) && !strings.HasPrefix(path.Base(p.Rel), "_")
		if own || path.Base(stem) == "index" && !named[p.dir()] {
			out[p.dir()], named[p.dir()] = p.Rel, own
		}
	}
	return out
}

// bundleOf returns the index page of the leaf bundle (see leafBundles)
// whose resource the page file rel is, "" when it is none's: rel is in
// the bundle's folder or below it, and not the index page itself.
func bundleOf(leaves map[string]string, rel string) string {
	if len(leaves) == 0 {
		return ""
	}
	for d := parentDir(rel); ; d = parentDir(d) {
		if index, ok := leaves[d]; ok && index != rel {
			return index
		}
		if d == "" {
			return ""
		}
	}
}

// parentDir is the folder above content-relative folder d ("" above a
// top folder).
func parentDir(d string) string {
	if p := path.Dir(d); p != "." {
		return p
	}
	return ""
}

// applyPublishRules sorts the loaded pages and the content files into
// published and not, and returns the published pages.
func (s *Site) applyPublishRules(all []*Page) []*Page {
	s.unpublished = map[string]string{}
	s.unpubURL = map[string]string{}
	s.NotPublished = nil
	s.garden = s.Lay.Garden && (s.Lay.GardenPlugin || slices.ContainsFunc(all, func(p *Page) bool { return layout.SetsGarden(p.Meta) }))
	sections := sectionMetas(all)
	leaves := s.leafBundles(all)
	var pages []*Page
	for _, p := range all {
		v := s.visibilityOf(p, sections)
		if b := bundleOf(leaves, p.Rel); b != "" {
			v = visibility{reason: "a resource of the leaf bundle " + s.SrcFile(b) + ", not a page (" + s.Lay.Tool() + ")"}
		}
		p.Unpublished, p.Unlisted = v.reason, v.unlisted
		if v.reason == "" {
			pages = append(pages, p)
			continue
		}
		shown := v.preview && s.Opts.Drafts
		s.NotPublished = append(s.NotPublished, NotPublished{File: p.File, Reason: v.reason, Shown: shown})
		if shown {
			pages = append(pages, p)
			continue
		}
		s.unpublished[p.Rel] = v.reason
		s.unpubURL[p.SitePath] = p.Rel
		s.unpubPages = append(s.unpubPages, p)
	}
	resources := s.resourceRules(all, sections)
	for _, rel := range slices.Sorted(maps.Keys(s.Files)) {
		rule := s.Lay.UnpublishedFile(rel)
		if rule == nil {
			if why := resourceReason(resources, rel); why != "" {
				rule = &layout.PathRule{Reason: why}
			}
		}
		if rule == nil {
			continue
		}
		shown := rule.Preview && s.Opts.Drafts
		s.NotPublished = append(s.NotPublished, NotPublished{File: s.SrcFile(rel), Reason: rule.Reason, Shown: shown})
		if !shown {
			delete(s.Files, rel)
			s.unpublished[rel] = rule.Reason
			s.unpubURL[s.Cfg.BundleURL(rel)] = rel
			s.unpubFiles = append(s.unpubFiles, rel)
		}
	}
	slices.SortFunc(s.NotPublished, func(a, b NotPublished) int { return cmp.Compare(a.File, b.File) })
	s.Garden = ""
	if s.garden {
		gardenHome(pages)
		s.Garden = s.gardenLine(all)
	}
	return pages
}

// gardenLine is the build's one line on the Digital Garden plugin's rule
// (a privacy rule: "Only notes you explicitly mark with dg-publish: true
// ever leave your vault", its README) where it held notes back among all
// the notes read: how many, the flag, and why the rule is on here (the
// vault's community plugins list the plugin, or which notes set its
// flags); "" when it held back none.
func (s *Site) gardenLine(all []*Page) string {
	held, notes, flagged, setting := 0, 0, 0, 0
	first := ""
	for _, p := range all {
		if p.File == "" {
			continue
		}
		notes++
		if p.Unpublished == layout.GardenMissing || p.Unpublished == layout.GardenFalse {
			held++
		} else if layout.True(p.Meta[layout.GardenPublishKey]) {
			flagged++
		}
		if layout.SetsGarden(p.Meta) {
			setting++
			if first == "" || p.File < first {
				first = p.File
			}
		}
	}
	if held == 0 {
		return ""
	}
	line := fmt.Sprintf("Digital Garden: %d of %d notes held back, not published: the plugin publishes only notes whose front matter says %s: true (%d here), and is in use because ",
		held, notes, layout.GardenPublishKey, flagged)
	if s.Lay.GardenPlugin {
		return line + layout.GardenPluginsFile + " lists " + layout.GardenPlugin + "; add " + layout.GardenPublishKey + ": true to a note to publish it"
	}
	sets := fmt.Sprintf("%d notes set", setting)
	if setting == 1 {
		sets = "1 note sets"
	}
	return line + fmt.Sprintf("%s %s (the first: %s); add %s: true to a note to publish it, or remove the flag from every note to publish the folder",
		sets, layout.GardenPublishKey, first, layout.GardenPublishKey)
}

// gardenHome makes the published note whose front matter says dg-home:
// true the home page (the Digital Garden plugin's home note), where no
// other published page is the home page and only one note says so.
func gardenHome(pages []*Page) {
	var home *Page
	for _, p := range pages {
		switch {
		case p.Kind == templates.KindHome:
			return
		case layout.True(p.Meta[layout.GardenHomeKey]):
			if home != nil {
				return
			}
			home = p
		}
	}
	if home != nil && home.Kind == templates.KindPage {
		home.Kind, home.SitePath = templates.KindHome, "/"
	}
}

// walkSkip is the walk's filter of the content: the layout's Skip, except
// for the paths of its UnpublishedPaths, which are read (and left out
// after) so that the report counts them and links to them are known.
// A name the layout never reads (node_modules) is skipped all the same,
// when a .gitignore names it too.
func (s *Site) walkSkip(rel string, dir bool) bool {
	if slices.Contains(s.Lay.ExcludeNames, path.Base(rel)) {
		return true
	}
	if s.Lay.UnpublishedPath(rel, dir) != nil {
		return false
	}
	return s.Lay.Skip(rel, dir)
}

// leftOut says why the content-relative path rel (a folder when dir) is
// not published by a rule of paths ("is not published (.gitignore)"),
// or is not part of the site (the layout's Skip), or "". The walk does
// not follow a link to such a path (walkSource).
func (s *Site) leftOut(rel string, dir bool) string {
	if rule := s.Lay.UnpublishedPath(rel, dir); rule != nil && (dir || !rule.Pages || isMarkdownExt(path.Ext(rel))) {
		return fmt.Sprintf("is not published (%s)", rule.Reason)
	}
	if s.Lay.Skip(rel, dir) {
		return "the site leaves out"
	}
	return ""
}

// unlinkedMsg is the warning of a link to what is not published.
func (s *Site) unlinkedMsg(rel string) string {
	return fmt.Sprintf("%s is not published (%s): the link is shown as text", s.SrcFile(rel), s.unpublished[rel])
}

// CountReasons sums up what was not published by reason, the most first:
// "3 draft: true, 1 exclude_docs (MkDocs)".
func CountReasons(ns []NotPublished) string {
	count := map[string]int{}
	for _, n := range ns {
		count[n.Reason]++
	}
	reasons := slices.SortedFunc(maps.Keys(count), func(a, b string) int {
		return cmp.Or(cmp.Compare(count[b], count[a]), cmp.Compare(a, b))
	})
	parts := make([]string, len(reasons))
	for i, r := range reasons {
		parts[i] = fmt.Sprintf("%d %s", count[r], r)
	}
	return strings.Join(parts, ", ")
}
