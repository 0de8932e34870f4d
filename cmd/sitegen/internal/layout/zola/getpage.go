package zola

import (
	"cmp"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Zola's get_page and get_section
// (https://www.getzola.org/documentation/templates/overview/#get-page):
// "Takes a path to an .md file and returns the associated page. The base
// path is the content directory"; get_section: "Takes a path to an
// _index.md file and returns the associated section ... If you only need
// the metadata of the section, you can pass metadata_only=true". A page
// is what its front matter says (title, description, date, updated,
// weight, draft, slug, extra, taxonomies), its path and permalink
// (the URL sitegen gives it, from the site's root, as get_url) and its
// relative_path; its rendered content, summary, toc, word_count and
// reading_time are not known when a shortcode runs, so a template reading
// them is warned (an undefined value), never shown wrong. A section adds
// its pages (the Markdown files of its folder and its folders' index.md,
// drafts left out, ordered by its sort_by: weight, title, date or the
// file name) and subsections (the paths of its folders' _index.md).

// contentFunc is the page or section at a content-relative path, ok
// false when there is none.
type contentFunc func(rel string) (obj map[string]any, ok bool)

// pageObject is get_page's page for the content-relative path rel.
func (r *rules) pageObject(read func(string) ([]byte, error)) contentFunc {
	return func(rel string) (map[string]any, bool) {
		clean := path.Clean(rel)
		if read == nil || !strings.HasSuffix(clean, ".md") || path.Base(clean) == "_index.md" || clean == ".." || strings.HasPrefix(clean, "../") {
			return nil, false
		}
		raw, err := read("content/" + clean)
		if err != nil {
			return nil, false
		}
		return r.contentObject(clean, frontMatter(raw)), true
	}
}

// sectionObject is get_section's section for the content-relative path
// rel of an _index.md; with pages, its pages and subsections too.
func (r *rules) sectionObject(read func(string) ([]byte, error)) func(rel string, pages bool) (map[string]any, bool) {
	return func(rel string, pages bool) (map[string]any, bool) {
		clean := path.Clean(rel)
		if read == nil || path.Base(clean) != "_index.md" || clean == ".." || strings.HasPrefix(clean, "../") {
			return nil, false
		}
		raw, err := read("content/" + clean)
		if err != nil {
			return nil, false
		}
		fm := frontMatter(raw)
		s := r.contentObject(clean, fm)
		if !pages {
			return s, true
		}
		dir := path.Dir(clean)
		if dir == "." {
			dir = ""
		}
		entries, err := os.ReadDir(filepath.Join(r.dir, filepath.FromSlash(path.Join(r.content, dir))))
		if err != nil {
			return nil, false
		}
		var list []map[string]any
		var subs []any
		for _, e := range entries {
			name := e.Name()
			if strings.HasPrefix(name, ".") {
				continue
			}
			var file string
			switch {
			case e.IsDir() && layoutExists(r, path.Join(dir, name, "_index.md")):
				subs = append(subs, path.Join(dir, name, "_index.md"))
				continue
			case e.IsDir() && layoutExists(r, path.Join(dir, name, "index.md")):
				file = path.Join(dir, name, "index.md")
			case !e.IsDir() && strings.HasSuffix(name, ".md") && name != "_index.md" && !strings.HasPrefix(name, "_index."):
				file = path.Join(dir, name)
			default:
				continue
			}
			praw, err := read("content/" + file)
			if err != nil {
				continue
			}
			pfm := frontMatter(praw)
			if truthy(pfm["draft"]) {
				continue // "draft = true": not in the section's pages
			}
			list = append(list, r.contentObject(file, pfm))
		}
		sortPages(list, toStr(fm["sort_by"]))
		ps := make([]any, len(list))
		for i, p := range list {
			ps[i] = p
		}
		s["pages"], s["subsections"] = ps, subs
		return s, true
	}
}

// layoutExists reports whether the content-relative file rel exists.
func layoutExists(r *rules, rel string) bool {
	fi, err := os.Stat(filepath.Join(r.dir, filepath.FromSlash(path.Join(r.content, rel))))
	return err == nil && !fi.IsDir()
}

// contentObject is the Tera object of the page or section at
// content-relative path rel of front matter fm.
func (r *rules) contentObject(rel string, fm map[string]any) map[string]any {
	u := r.pageURL(rel, fm)
	o := map[string]any{
		"relative_path": rel,
		"path":          u,
		"permalink":     u,
		"title":         "",
		"description":   nil,
		"extra":         map[string]any{},
		"lang":          r.fileLang(rel),
	}
	for _, k := range []string{"title", "description", "extra", "taxonomies", "weight", "draft", "slug", "date", "updated"} {
		if v, ok := fm[k]; ok {
			if t, ok := v.(time.Time); ok {
				v = t.Format(time.DateOnly)
				if t.Hour() != 0 || t.Minute() != 0 || t.Second() != 0 {
					v = t.Format(time.RFC3339)
				}
			}
			o[k] = v
		}
	}
	if _, ok := o["slug"]; !ok {
		o["slug"] = path.Base(strings.TrimSuffix(u, "/"))
	}
	return o
}

// sortPages orders a section's pages by its sort_by, as Zola's
// sort_pages: "date" newest first, "weight" lightest first, "title"
// alphabetically; pages without the key last; otherwise by path.
func sortPages(list []map[string]any, by string) {
	slices.SortStableFunc(list, func(a, b map[string]any) int {
		switch by {
		case "date", "update_date":
			k := "date"
			if by == "update_date" {
				k = "updated"
			}
			return cmp.Or(cmp.Compare(toStr(b[k]), toStr(a[k])), cmp.Compare(toStr(a["relative_path"]), toStr(b["relative_path"])))
		case "weight":
			wa, oka := number(a["weight"])
			wb, okb := number(b["weight"])
			if oka != okb {
				if oka {
					return -1
				}
				return 1
			}
			return cmp.Or(cmp.Compare(wa, wb), cmp.Compare(toStr(a["relative_path"]), toStr(b["relative_path"])))
		case "title", "title_bytes":
			return cmp.Or(cmp.Compare(toStr(a["title"]), toStr(b["title"])), cmp.Compare(toStr(a["relative_path"]), toStr(b["relative_path"])))
		}
		return cmp.Compare(toStr(a["relative_path"]), toStr(b["relative_path"]))
	})
}

// getContent runs get_page and get_section.
func (r *teraRun) getContent(name string, args map[string]any, line int) (any, error) {
	p, ok := args["path"].(string)
	if !ok {
		return nil, &teraErr{line, name + "() without a path"}
	}
	p = strings.TrimPrefix(p, "@/")
	if name == "get_page" {
		if r.getPage == nil {
			return nil, &teraErr{line, "get_page()"}
		}
		if o, ok := r.getPage(p); ok {
			return o, nil
		}
		return nil, &teraErr{line, fmt.Sprintf("get_page(path=%q): no such page in content/", p)}
	}
	if r.getSection == nil {
		return nil, &teraErr{line, "get_section()"}
	}
	pages := !truthy(args["metadata_only"])
	if o, ok := r.getSection(p, pages); ok {
		// The section's _index.md and its pages' files are read
		// through the page's read (tracked); which pages there are is
		// not: the page is made again on every update.
		r.readsSite = r.readsSite || pages
		return o, nil
	}
	return nil, &teraErr{line, fmt.Sprintf("get_section(path=%q): no such section in content/", p)}
}
