package content

import (
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// A folder note is a folder's own page written the way Obsidian's
// folder-note plugins, just-the-docs and many GitHub corpora write it:
// X/X.md inside the folder, or X.md beside X/. It takes the folder's URL
// and heads its section, in every layout (but X/X.md where the tool writes
// it to X/X/: layout.Layout.PathNotes), when the folder has no index
// page of its own (_index.md, index.md, README.md). Where a folder has
// both, X.md beside it is the folder's page and X/X.md an ordinary page
// at X/X/: the URLs Quartz gives them (X.md is X.html, X/X.md is
// X/X.html; https://quartz.jzhao.xyz/features/folder-and-tag-listings:
// a folder's own listing page is written in its index.md) and the paths
// Obsidian keeps them at, so neither is lost (Starfinder SRD's 54 items
// and species with both stopped the build). Links in it stay relative to
// where the file is.

// folderNotes returns the folder notes among the Markdown files rels
// (files are the other content files), each with the folder it stands for.
// With segment (the URL segment of a name), X.md beside Y/ is one too when
// X and Y are the one folder of that segment: the two would claim one URL
// (AGENTS.md beside agents/; "1st Level Feature.md" beside "1st-Level
// Feature/" in an Obsidian vault), which the tool that keeps the names
// as written (GitHub, Obsidian) shows as a note and a folder.
func folderNotes(rels []string, files map[string]bool, segment func(name string) string) map[string]string {
	folders := map[string]bool{}    // every folder that holds a file
	hasIndex := map[string]bool{}   // folders with an index page of their own
	folded := map[string][]string{} // a folder's URL key (urlKey) -> the folders of that key
	urlKey := func(d string) string { return path.Dir(d) + "/" + segment(path.Base(d)) }
	addDirs := func(rel string) {
		for d := path.Dir(rel); d != "." && !folders[d]; d = path.Dir(d) {
			folders[d] = true
			if segment != nil {
				folded[urlKey(d)] = append(folded[urlKey(d)], d)
			}
		}
	}
	for _, rel := range rels {
		addDirs(rel)
		if isSectionIndex(path.Base(rel)) {
			hasIndex[strings.TrimSuffix(path.Dir(rel), ".")] = true
		}
	}
	for rel := range files {
		addDirs(rel)
	}
	notes := map[string]string{}
	taken := map[string]bool{}
	for _, rel := range rels { // X.md beside X/ first
		dir := strings.TrimSuffix(rel, path.Ext(rel))
		if !folders[dir] && segment != nil {
			if ds := folded[urlKey(dir)]; len(ds) == 1 {
				dir = ds[0]
			}
		}
		if folders[dir] && !hasIndex[dir] && !taken[dir] {
			notes[rel], taken[dir] = dir, true
		}
	}
	for _, rel := range rels { // then X/X.md
		dir := path.Dir(rel)
		if dir != "." && !hasIndex[dir] && !taken[dir] && strings.EqualFold(path.Base(dir), pageName(path.Base(rel))) {
			notes[rel], taken[dir] = dir, true
		}
	}
	return notes
}

// plainReadmes returns the README.md files among rels that share their
// folder with an index.md or _index.md: those are the folder's page, and
// the README an ordinary page (/folder/readme/), as MkDocs and Jekyll
// take it, instead of two pages claiming one URL.
func plainReadmes(rels []string) map[string]bool {
	index := map[string]bool{}
	for _, rel := range rels {
		if name := path.Base(rel); isSectionIndex(name) && !strings.EqualFold(pageName(name), "README") {
			index[path.Dir(rel)] = true
		}
	}
	out := map[string]bool{}
	for _, rel := range rels {
		if name := path.Base(rel); isSectionIndex(name) && strings.EqualFold(pageName(name), "README") && index[path.Dir(rel)] {
			out[rel] = true
		}
	}
	return out
}

// dir is the content-relative folder a section page stands for, or the
// folder a page is in ("" for the root).
func (p *Page) dir() string {
	if p.folder != "" {
		return p.folder
	}
	return strings.TrimSuffix(path.Dir(p.Rel), ".")
}

// notFoundHTML is the name of a corpus's own 404 page written in HTML
// (Jekyll's); notFoundMD the Markdown one, which wins when both exist.
const (
	NotFoundHTML = "404.html"
	notFoundMD   = "404.md"
)

// takeNotFound takes the corpus's own 404 page (404.md, else 404.html, at
// the content root) out of pages: it becomes the site's 404 page at
// /404.html, outside the navigation and the reading order.
func (s *Site) takeNotFound(pages []*Page) []*Page {
	for _, name := range []string{s.notFoundMD(), NotFoundHTML} {
		if p, ok := s.ByRel[name]; ok && s.NotFound == nil {
			s.NotFound = p
			p.SitePath, p.Kind = "/"+NotFoundHTML, templates.KindPage
			if s.Lay.NotFoundTitleAlways && s.Lay.NotFoundTitle != "" { // the tool's <title>, whatever the page's heading
				p.docTitle = s.Lay.NotFoundTitle
				if s.Lay.TitleSuffix != nil {
					p.docTitle += *s.Lay.TitleSuffix
				}
			}
		}
	}
	// Else a page whose permalink: is /404.html (Jekyll's custom 404 page
	// kept anywhere, academicpages' _pages/404.md; readFields).
	for _, p := range pages {
		if s.NotFound == nil && p.permalink.written != "" && p.SitePath == "/"+NotFoundHTML {
			s.NotFound = p
			p.Kind = templates.KindPage
		}
	}
	return slices.DeleteFunc(pages, func(p *Page) bool {
		return p.Rel == s.notFoundMD() || p.Rel == NotFoundHTML || p == s.NotFound
	})
}

// notFoundMD is the content-relative Markdown file that is the site's 404
// page: 404.md unless the layout names another (layout.Layout.NotFoundFile).
func (s *Site) notFoundMD() string {
	if s.Lay.NotFoundFile != "" {
		return s.Lay.NotFoundFile
	}
	return notFoundMD
}

// staticIndex is a file's name that jekyll-readme-index takes for its
// folder's index (INDEX_REGEX).
var staticIndex = regexp.MustCompile(`(?i)^index\.(html?|xhtml|xml)$`)

// pageFiles applies the layout's rule of which Markdown files are pages
// (layout.Layout.PageFile: Jekyll's front matter) to the Markdown files
// among rels (md: content-relative -> source-relative path); those that
// are not pages are published as files, as they are (recorded in files).
func (s *Site) pageFiles(rels []string, md map[string]string, files map[string]bool) []string {
	// A folder has an index page when it holds index.md or index.html, or
	// when X.md (or X.html) is beside it, X/: that page's URL is the
	// folder's (sitegen's URLs are Jekyll's pretty ones), so
	// jekyll-readme-index leaves the folder's README.md a file.
	index := map[string]bool{}
	// A file published as it is counts too: jekyll-readme-index's
	// dir_has_index? looks through site.pages + site.static_files for
	// %r!$|index\.(html?|xhtml|xml)$!i (lester-lee/dnd: an index.html
	// without front matter, the README a file).
	for rel := range files {
		if staticIndex.MatchString(path.Base(rel)) {
			index[path.Dir(rel)] = true
		}
	}
	for _, rel := range rels {
		if name := path.Base(rel); pageName(name) == "index" {
			index[path.Dir(rel)] = true
		} else {
			index[strings.TrimSuffix(rel, path.Ext(rel))] = true
		}
	}
	return slices.DeleteFunc(rels, func(rel string) bool {
		file, ok := md[rel]
		if !ok || s.Lay.PageFile(rel, s.hasFrontMatter(file), index[path.Dir(rel)]) {
			return false
		}
		files[rel] = true
		return true
	})
}

// folderSpelling returns the folder that stands for folder dir in the
// navigation: dir itself, or in an Obsidian vault, of the spellings of its
// path that differ in case only, the one first in byte order, its parent
// spelled as its parent's ("Rules/Combat" for "rules/combat"). A vault written on macOS or
// Windows, whose file systems ignore case, holds one folder where its
// repository holds two spellings (NyteshadeXT/PF2e-Vault's "2) Compendium"
// and "2) compendium"): its author's Obsidian shows one folder, and their
// URLs, lower case, are one.
func (s *Site) folderSpelling(pages []*Page) func(dir string) string {
	if s.Lay.Kind != layout.Obsidian {
		return func(dir string) string { return dir }
	}
	first := map[string]string{} // lower-case folder path -> its spelling in byte order first, folder by folder
	var spell func(dir string) string
	spell = func(dir string) string {
		if dir == "" || dir == "." {
			return dir
		}
		key := strings.ToLower(dir)
		if f, ok := first[key]; ok {
			return f
		}
		f := path.Join(spell(parentDir(dir)), path.Base(dir))
		first[key] = f
		return f
	}
	seen, lower := map[string]bool{}, map[string]bool{}
	for _, p := range pages {
		for d := strings.TrimSuffix(path.Dir(p.Rel), "."); d != "" && !seen[d]; d = parentDir(d) {
			seen[d], lower[strings.ToLower(d)] = true, true
		}
		if d := p.dir(); d != "" {
			seen[d], lower[strings.ToLower(d)] = true, true
		}
	}
	if len(lower) == len(seen) { // no folder under two spellings: every save of a vault asks
		return func(dir string) string { return dir }
	}
	for _, d := range slices.Sorted(maps.Keys(seen)) {
		spell(d)
	}
	return spell
}
