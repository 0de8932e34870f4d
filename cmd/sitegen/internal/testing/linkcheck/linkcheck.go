// Package linkcheck checks a built site the way a reader's browser meets
// it: every internal href and src must name a file of the output (a path
// ending in / its index.html), every #fragment an id on its page, and every
// page must have exactly one <h1>. sitegen checks links in the Markdown;
// this helper checks what it wrote, so the two can be held against each
// other on the bundled site and on real corpora (see cmd/).
//
// It reads sitegen's own output, whose attributes are double-quoted, with
// regular expressions rather than an HTML parser.
package linkcheck

import (
	"html"
	"io/fs"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Report is what Check found.
type Report struct {
	// Pages is the number of HTML pages read.
	Pages int
	// BadH1 lists the pages ("a/b/index.html") without exactly one <h1>,
	// with the count.
	BadH1 map[string]int
	// Broken lists "page: href (why)" for every broken internal link.
	Broken []string
}

var (
	refRE = regexp.MustCompile(`\s(?:href|src)="([^"]*)"`)
	idRE  = regexp.MustCompile(`\sid="([^"]*)"`)
	h1RE  = regexp.MustCompile(`<h1[\s>]`)
	// redirectRE marks an alias page (a meta refresh), which has no <h1>.
	redirectRE = regexp.MustCompile(`<meta http-equiv="refresh"`)
)

// Check reads the site built into dir, published under base ("/" or
// "/sub/").
func Check(dir, base string) (Report, error) {
	r := Report{BadH1: map[string]int{}}
	files := map[string]bool{}
	pages := map[string]string{} // rel -> HTML
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		files[rel] = true
		if strings.HasSuffix(rel, ".html") {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			pages[rel] = string(b)
		}
		return nil
	})
	if err != nil {
		return r, err
	}
	ids := map[string]map[string]bool{}
	idsOf := func(rel string) map[string]bool {
		if m, ok := ids[rel]; ok {
			return m
		}
		m := map[string]bool{}
		for _, sm := range idRE.FindAllStringSubmatch(pages[rel], -1) {
			m[html.UnescapeString(sm[1])] = true
		}
		ids[rel] = m
		return m
	}
	for _, rel := range slices.Sorted(maps.Keys(pages)) {
		page := pages[rel]
		r.Pages++
		if n := len(h1RE.FindAllStringIndex(page, -1)); n != 1 && !redirectRE.MatchString(page) {
			r.BadH1[rel] = n
		}
		pageURL := "/" + strings.TrimSuffix(rel, "index.html")
		for _, sm := range refRE.FindAllStringSubmatch(page, -1) {
			ref := html.UnescapeString(sm[1])
			if why := check(ref, pageURL, rel, base, files, idsOf); why != "" {
				r.Broken = append(r.Broken, rel+": "+ref+" ("+why+")")
			}
		}
	}
	return r, nil
}

// check returns why ref, found on the page rel at pageURL, is broken, or
// "" when it is fine or not internal.
func check(ref, pageURL, rel, base string, files map[string]bool, idsOf func(string) map[string]bool) string {
	u, err := url.Parse(ref)
	if err != nil {
		return "not a URL"
	}
	if u.Scheme != "" || u.Host != "" || ref == "" {
		return ""
	}
	target := rel
	if u.Path != "" {
		p := u.Path
		if !strings.HasPrefix(p, "/") {
			p = path.Join(path.Dir(strings.TrimSuffix(pageURL, "/")+"/x"), p)
			if strings.HasSuffix(u.Path, "/") && p != "/" {
				p += "/"
			}
		} else {
			rest, ok := strings.CutPrefix(p, base)
			if !ok {
				return "outside the base path " + base
			}
			p = "/" + rest
		}
		target = strings.TrimPrefix(p, "/")
		if target == "" || strings.HasSuffix(target, "/") {
			target += "index.html"
		}
		if !files[target] {
			if files[target+"/index.html"] {
				target += "/index.html"
			} else {
				return "no such file"
			}
		}
	}
	if u.Fragment != "" && strings.HasSuffix(target, ".html") && !idsOf(target)[u.Fragment] {
		return "no id " + u.Fragment
	}
	return ""
}
