package zola

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"d6codex/cmd/sitegen/internal/frontspan"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/natural"
)

// The order of a section's pages and subsections
// (https://www.getzola.org/documentation/content/section/#sorting):
//
//   - Pages by their section's sort_by: "weight ... from the lightest
//     weight (at the top of the list) to the heaviest"; "date ... from the
//     most recent (at the top of the list) to the oldest"; "title ... in
//     natural lexical order" (numbers by value, case ignored: natural.Key),
//     "title_bytes" by the title's bytes; "slug"/"permalink ... in natural lexical
//     order". "If several pages have the same date/weight/order, their
//     permalink will be used to break the tie based on alphabetical
//     order"; a page without the value its section sorts by follows the
//     others ("Any page that is missing the data it needs to be sorted
//     will be ignored": left out of the section's list, still rendered).
//     "If sort_by is not set, the pages will be sorted in the none order,
//     which is not intended for sorted content": sitegen's own then
//     (weight, then title).
//   - Subsections: "sections can only be sorted by weight"; "if the weight
//     variable for your section is not set (or if it is set in a way that
//     produces ties), then your sections will be sorted in random order":
//     sitegen breaks those ties by URL.
//
// The rules read each section's _index.md front matter once, when asked,
// and again after serve says it changed (forget). A page's place reads
// the _index.md of the folders up to its section (layout.Page.Reads).

// sections reads and keeps the front matter of the sections' _index.md.
type sections struct {
	dir, content string
	mu           sync.Mutex
	meta         map[string]map[string]any // content-relative folder -> its _index.md front matter (nil: none)
}

// of returns the front matter of folder d's _index.md, nil when it has
// none (or it cannot be read: the page's own reading reports that).
func (s *sections) of(d string) map[string]any {
	if d == "." {
		d = ""
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if m, ok := s.meta[d]; ok {
		return m
	}
	var m map[string]any
	if layout.Exists(s.dir, path.Join(s.content, d, "_index.md"), false) {
		m = frontMatterOf(s.dir, path.Join(s.content, d, "_index.md"))
		if m == nil {
			m = map[string]any{}
		}
	}
	if s.meta == nil {
		s.meta = map[string]map[string]any{}
	}
	s.meta[d] = m
	return m
}

// file is the source-relative path of folder d's _index.md (d
// content-relative, "." or "" for the content's root).
func (s *sections) file(d string) string {
	return path.Join(s.content, d, "_index.md")
}

// forget implements layout.Layout.Changed: the front matter of the
// _index.md among the source-relative files is read again when next
// asked (one created or removed too).
func (s *sections) forget(files []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range files {
		if path.Base(f) != "_index.md" {
			continue
		}
		d := path.Dir(path.Clean(f))
		if c := path.Clean(s.content); c != "." {
			rest, ok := strings.CutPrefix(d+"/", c+"/")
			if !ok {
				continue // not in the content folder
			}
			d = strings.TrimSuffix(rest, "/")
		}
		if d == "." {
			d = ""
		}
		delete(s.meta, d)
	}
}

// frontMatterOf reads the front matter of the source-relative file rel
// under dir, nil when it has none or cannot be read.
func frontMatterOf(dir, rel string) map[string]any {
	raw, err := layout.ReadSetting(dir, rel)
	if err != nil {
		return nil
	}
	return frontMatter(raw)
}

// frontMatter reads the TOML (+++) or YAML (---) front matter at the
// start of raw, after blank lines too ("^[[:space:]]*\+\+\+", package
// frontspan's Leading); nil when there is none, it is not closed or it
// does not parse.
func frontMatter(raw []byte) map[string]any {
	sp := frontspan.Find(raw, frontspan.Options{TOML: true, Leading: true})
	if !sp.Closed {
		return nil
	}
	body := raw[sp.Start:sp.End]
	if sp.Delim == "+++" {
		m := map[string]any{}
		if _, err := toml.Decode(string(body), &m); err != nil {
			return nil
		}
		return m
	}
	y, _, err := layout.DecodeYAMLMap(body)
	if err != nil {
		return nil
	}
	return y
}

// Page implements layout.Rules: the page's URL, and its place among its
// section's pages by the section's sort_by.
func (r *rules) Page(rel string, fm map[string]any) layout.Page {
	p := layout.Page{URL: r.pageURL(rel, fm)}
	p.SortName = p.URL
	if rel == r.home {
		p.URL = "/"
	}
	dir := path.Dir(rel)
	if strings.TrimSuffix(path.Base(rel), ".md") == "_index" {
		return p // a section: placed by Folder
	}
	if path.Base(rel) == "index.md" {
		dir = path.Dir(dir) // a page with its assets, in its own folder
	}
	for d := dir; ; d = path.Dir(d) {
		// The _index.md of each folder up to the section that orders the
		// page, there or not, is read to place it.
		p.Reads = append(p.Reads, r.secs.file(d))
		// An orphan page (its folder no section) belongs to no section's
		// list; sitegen lists it under the nearest section (NoSection),
		// ordered as that section's pages are.
		if m := r.secs.of(d); m != nil && !r.passes(d) || d == "." {
			r.place(&p, m, fm)
			return p
		}
	}
}

// passes implements layout.Layout.PassPages: "Whether the section should
// pass its pages on to the parent section. Defaults to false. Useful when
// the section shouldn't split up the parent section, like sections for
// each year under a posts section" (transparent = true,
// https://www.getzola.org/documentation/content/section/#front-matter).
// Zola's library.rs adds such a page to its own section's pages and to
// each section above while they are transparent, sorted there by that
// section's sort_by (and pagination counts it); sitegen's navigation is
// a tree, so the page is listed once, in the nearest section above that
// is not transparent, ordered by its sort_by; the transparent section
// keeps its page and its place among the subsections.
func (r *rules) passes(d string) bool {
	if d == "." || d == "" {
		return false
	}
	return layout.True(r.secs.of(d)["transparent"])
}

// place gives p its place among pages sorted by the section whose front
// matter is sec.
func (r *rules) place(p *layout.Page, sec, fm map[string]any) {
	by, _ := sec["sort_by"].(string)
	switch by {
	case "weight":
		if w, ok := number(fm["weight"]); ok {
			p.Position, p.HasPosition = w, true
		}
	case "date", "update_date":
		key := "date"
		if by == "update_date" {
			if _, ok := fm["updated"]; ok {
				key = "updated"
			}
		}
		if t, ok := layout.Time(fm[key]); ok && !t.IsZero() {
			p.Position, p.HasPosition = -float64(t.Unix()), true // newest first
		}
	case "title", "title_bytes":
		if t, ok := fm["title"].(string); ok && t != "" {
			p.Position, p.HasPosition = 0, true
			// "title": "natural lexical order" (numbers by value, case
			// ignored); "title_bytes": "uses the bytes directly".
			p.SortName = t
			if by == "title" {
				p.SortName = natural.Key(t)
			}
		}
	case "slug", "permalink":
	default: // "none", or not set: sitegen's order, weight then title
		if w, ok := number(fm["weight"]); ok {
			p.Position, p.HasPosition = w, true
		}
		if t, ok := fm["title"].(string); ok && t != "" {
			p.SortName = t
		}
	}
}

// Folder implements layout.Rules: a section is placed by its weight
// (default 0); a folder without _index.md is no section and has no page,
// nor has a section whose _index.md says render = false or redirects
// (redirect.go).
func (r *rules) Folder(dir string) (layout.Page, error) {
	if dir == "" {
		return layout.Page{URL: "/"}, nil
	}
	m := r.secs.of(dir)
	p := layout.Page{URL: "/" + dir + "/", SortName: "/" + dir + "/", HasPosition: true}
	// "render = false": "the section homepage is" not rendered, its pages are.
	if m == nil || layout.False(m["render"]) || r.redirected(dir) != "" {
		p.NoPage = true
	}
	p.Title, _ = m["title"].(string) // the navigation's heading where it has no page
	p.Position, _ = number(m["weight"])
	return p, nil
}

// number reads a weight written as a number.
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case int:
		return float64(n), true
	case float64:
		return n, true
	case uint64:
		return float64(n), true
	}
	var f float64
	if s, ok := v.(string); ok {
		if _, err := fmt.Sscan(s, &f); err == nil {
			return f, true
		}
	}
	return 0, false
}
