package hugo

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// pageURL is Hugo's URL of the regular page at the content-relative path
// rel whose front matter is fm when it sets url: or slug:, "" for the
// URL of its file (https://gohugo.io/content-management/urls/):
//
//   - "Set the url in front matter to override the entire path. ... Hugo
//     does not sanitize the url front matter field ... If you set both
//     slug and url in front matter, the url value takes precedence": the
//     page is at that path from the site's root, as written, with a
//     trailing slash unless it names a file (.html, .htm).
//   - "Set the slug in front matter to override the last segment of the
//     path. This front matter field is not applicable to home, section,
//     taxonomy, or term pages": the file's name (a leaf bundle's
//     folder's) is the slug, sanitised as a file name is (Hugo 0.111
//     measured: a "/" in it makes deeper folders, GUTS-Plus's slug:
//     "grimoire/essence" in rules/grimoire_essence.md is
//     /rules/grimoire/essence/).
//
// The [permalinks] settings (section: pattern) place a top-level
// section's regular pages, unless they have url: (permalink).
//
// A file named _index.X.md is a regular page at its folder's URL (Hugo
// 0.111 measured). A section's page (_index.md) keeps its folder's URL
// unless it sets url: (sectionURL). Hugo reads front matter keys in any
// case. segment is the site's Segment.
func pageURL(rel string, fm map[string]any, segment func(string) string, markdownStem func(string) (string, bool), permalinks map[string]string, isSection func(dir string) bool) string {
	stem, md := markdownStem(path.Base(rel))
	if !md {
		return ""
	}
	if stem == "_index" {
		return sectionURL(rel, fm)
	}
	var slug, url string
	for k, v := range fm {
		s, ok := v.(string)
		if !ok || strings.TrimSpace(s) == "" {
			continue
		}
		switch strings.ToLower(k) {
		case "url":
			url = s
		case "slug":
			slug = s
		}
	}
	switch {
	case url != "":
		sp := path.Clean("/" + strings.TrimSpace(url))
		if ext := path.Ext(sp); sp == "/" || ext == ".html" || ext == ".htm" {
			return sp
		}
		return sp + "/"
	case permalinks[strings.SplitN(rel, "/", 2)[0]] != "" && strings.Contains(rel, "/"):
		return permalink(permalinks[strings.SplitN(rel, "/", 2)[0]], rel, stem, slug, fm, segment, isSection)
	case slug != "":
		dir := path.Dir(rel)
		if stem == "index" { // a leaf bundle: the slug is its folder's name
			dir = path.Dir(dir)
		}
		sp := path.Clean(folderURL(dir, segment) + segment(slug))
		if sp == "/" {
			return ""
		}
		return sp + "/"
	case strings.HasPrefix(stem, "_index."):
		// _index.md.md is a regular page at its folder's URL (Hugo 0.111
		// measured; eval8B MB13: gloryforthefist's "The Prophets
		// Beckoning/_index.md.md"), where index.md.md is at index.md/.
		return folderURL(path.Dir(rel), segment)
	}
	return ""
}

// sectionURL is Hugo's URL of the section page _index.md at rel: its
// url: front matter ("Set the url in front matter to override the entire
// path", https://gohugo.io/content-management/urls/#url; Hugo 0.111
// writes content/posts/_index.md with url: /articles/ at /articles/, its
// pages still at /posts/p1/), "" for its folder's URL. slug: does not
// apply ("This front matter field is not applicable to home, section,
// taxonomy, or term pages"), nor does url: to the home page.
func sectionURL(rel string, fm map[string]any) string {
	if path.Dir(rel) == "." {
		return ""
	}
	for k, v := range fm {
		if s, ok := v.(string); ok && strings.ToLower(k) == "url" && strings.TrimSpace(s) != "" {
			sp := path.Clean("/" + strings.TrimSpace(s))
			if ext := path.Ext(sp); sp == "/" || ext == ".html" || ext == ".htm" {
				// The home page's URL, or a file: sitegen keeps the
				// section at its folder, which its pages' URLs are under.
				return ""
			}
			return sp + "/"
		}
	}
	return ""
}

// folderURL is the URL of the content-relative folder dir ("." for the
// content's root), each name sanitised by segment.
func folderURL(dir string, segment func(string) string) string {
	var b strings.Builder
	b.WriteString("/")
	if dir != "." {
		for _, name := range strings.Split(dir, "/") {
			b.WriteString(segment(name) + "/")
		}
	}
	return b.String()
}

// permalink expands the [permalinks] pattern of the page at rel (its
// file's stem, its slug: "" for none, front matter fm): "The permalinks
// option in your site configuration allows you to adjust the directory
// paths (i.e., the URLs) on a per-section basis"
// (https://gohugo.io/content-management/urls/#permalinks), with the
// tokens Hugo 0.111 has (its docs of that version): :year, :month,
// :monthname, :day, :weekday, :weekdayname, :yearday, :section,
// :sections (the path of the page's nearest section; isSection says
// whether a content-relative folder below the top level has _index.md)
// and its selections (:sections[1:], sliceSections),
// :title, :slug (the
// title without one), :filename, :slugorfilename. The date is the page's (PageDate; none is year 1,
// January 1, as Hugo 0.111 writes it). A pattern with another token
// keeps the file's URL ("").
func permalink(pattern, rel, stem, slug string, fm map[string]any, segment func(string) string, isSection func(dir string) bool) string {
	date, _ := PageDate(fm)
	title, _ := lower(fm)["title"].(string)
	dir := path.Dir(rel)
	if stem == "index" { // a leaf bundle: its folder's name is its file name
		stem, dir = path.Base(dir), path.Dir(dir)
	}
	section := strings.SplitN(rel, "/", 2)[0]
	ok := true
	out := permalinkToken.ReplaceAllStringFunc(pattern, func(tok string) string {
		name, cut, _ := strings.Cut(tok[1:], "[")
		if cut != "" && name != "sections" {
			ok = false // Hugo 0.111 slices :sections only
			return tok
		}
		switch name {
		case "year":
			return strconv.Itoa(date.Year())
		case "month":
			return fmt.Sprintf("%02d", int(date.Month()))
		case "monthname":
			return strings.ToLower(date.Month().String())
		case "day":
			return fmt.Sprintf("%02d", date.Day())
		case "weekday":
			return strconv.Itoa(int(date.Weekday()))
		case "weekdayname":
			return strings.ToLower(date.Weekday().String())
		case "yearday":
			return strconv.Itoa(date.YearDay())
		case "section":
			return segment(section)
		case "sections":
			// The nearest section's path: a folder below the top level
			// is one only with an _index.md (isSection).
			d := dir
			for d != section && (isSection == nil || !isSection(d)) {
				d = path.Dir(d)
			}
			secs := strings.TrimSuffix(folderURL(d, segment), "/")[1:]
			if cut != "" {
				return strings.Join(sliceSections(strings.Split(secs, "/"), strings.TrimSuffix(cut, "]")), "/")
			}
			return secs
		case "title":
			return segment(title)
		case "slug":
			return segment(cmp.Or(slug, title))
		case "filename":
			return segment(stem)
		case "slugorfilename":
			return segment(cmp.Or(slug, stem))
		}
		ok = false
		return tok
	})
	if !ok {
		return ""
	}
	sp := path.Clean("/" + out)
	if sp == "/" {
		return sp
	}
	return sp + "/"
}

// permalinkToken is a token of a permalinks pattern (:year), with the
// selection of :sections[1:] when it has one.
var permalinkToken = regexp.MustCompile(`:[a-z]+(\[[a-z0-9:]*\])?`)

// sliceSections is the selection cut ("1:", "last", ":last", "0") of a
// page's sections secs, as Hugo makes it: "Use :sections[last] ...
// :sections[1:] ... to select a range of sections from the section
// hierarchy" (https://gohugo.io/content-management/urls/#tokens); "last"
// is the last section's index, an omitted bound the start or the end,
// an index past the end none.
func sliceSections(secs []string, cut string) []string {
	bound := func(s string, def int) int {
		switch s {
		case "":
			return def
		case "last":
			return len(secs) - 1
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return 0
		}
		return min(n, len(secs))
	}
	lo, hi, isRange := strings.Cut(cut, ":")
	if !isRange {
		i := bound(lo, 0)
		if i < 0 || i >= len(secs) {
			return nil
		}
		return secs[i : i+1]
	}
	a, b := bound(lo, 0), bound(hi, len(secs))
	if a < 0 || b < 0 || a >= b {
		return nil
	}
	return secs[a:b]
}
