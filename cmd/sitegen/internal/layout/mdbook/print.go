package mdbook

import (
	"fmt"
	"html"
	"path"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"

	xhtml "golang.org/x/net/html"
)

// PrintFile is the page mdBook writes every chapter into.
const PrintFile = "print.html"

// printPage reads [output.html.print]: "enable: Enable print support.
// When false, all print support will not be rendered. Defaults to true.
// page-break: Insert page breaks between chapters. Defaults to true."
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlprint).
// It is nil when print is off: no print.html, no print link.
func printPage(print map[string]any) *layout.Combined {
	if on, ok := print["enable"].(bool); ok && !on {
		return nil
	}
	pageBreak := true
	if on, ok := print["page-break"].(bool); ok {
		pageBreak = on
	}
	return &layout.Combined{File: PrintFile, Label: "Print this book",
		Join: func(parts []layout.Part) string { return joinPrint(parts, pageBreak) }}
}

// pageBreakDiv is what mdBook writes between two chapters of print.html
// (html/print.rs, render_print_page).
const pageBreakDiv = `<div style="break-before: page; page-break-before: always;"></div>`

// joinPrint is the content of print.html, as mdBook's render_print_page
// makes it (crates/mdbook-html/src/html/print.rs): every chapter (in a
// section of its own: chapterOpen) in
// SUMMARY.md's order, its ids made unique across the book (a second
// "some-title" is "some-title-1", utils.rs unique_id), each chapter
// starting with an <h1> whose id is the chapter's root (one made from
// the chapter's name where its text has no h1 of its own,
// make_root_id_map), and the links between chapters rewritten to those
// ids (rewrite_links): "chapter_2.html#some-title" is "#some-title-1"
// where chapter 2's some-title became that, "chapter_2.html" is
// chapter 2's root id, "#x" in a chapter is that chapter's x. Links to
// anything else are kept (sitegen's are root-relative, right from
// print.html too); links with a scheme are never touched.
func joinPrint(parts []layout.Part, pageBreak bool) string {
	used := map[string]bool{}
	unique := func(id string) string {
		if !used[id] {
			used[id] = true
			return id
		}
		for n := 1; ; n++ {
			c := fmt.Sprintf("%s-%d", id, n)
			if !used[c] {
				used[c] = true
				return c
			}
		}
	}
	remap := make([]map[string]string, len(parts))
	roots := make([]string, len(parts))
	// make_ids_unique: every id in document order, the chapter's own
	// <h1> first.
	for i, p := range parts {
		remap[i] = map[string]string{}
		if p.OwnH1 {
			id := NormalizeID(p.Heading)
			roots[i] = unique(id)
			if roots[i] != id {
				remap[i][id] = roots[i]
			}
		}
		eachTag(p.HTML, func(_ string, attrs []xhtml.Attribute) {
			for _, a := range attrs {
				if a.Key == "id" {
					if n := unique(a.Val); n != a.Val {
						remap[i][a.Val] = n
					}
				}
			}
		})
	}
	// make_root_id_map: a chapter without an h1 gets one, its id from
	// its name, once every other id is taken.
	chapter := map[string]int{}
	for i, p := range parts {
		if !p.OwnH1 {
			roots[i] = unique(NormalizeID(p.Heading))
		}
		chapter[p.URL] = i
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 && pageBreak {
			b.WriteString(pageBreakDiv)
		}
		fmt.Fprintf(&b, `%s<h1 id="%s">%s</h1>`, chapterOpen, html.EscapeString(roots[i]), html.EscapeString(p.Heading))
		b.WriteString(rewriteLinks(p, i, chapter, remap, roots))
		b.WriteString(chapterClose)
	}
	return b.String()
}

// chapterOpen and chapterClose hold each chapter of print.html: printed,
// a chapter runs in the two columns every page prints in (site.css's
// @media print), and mdBook's page break between two chapters
// (pageBreakDiv) is outside them, where a browser honours it (Chromium
// ignores a forced page break inside a multi-column box: the chapters
// ran on in the same columns).
const (
	chapterOpen  = `<section class="print-chapter">`
	chapterClose = `</section>`
)

// linkParts splits a link as mdBook's rewrite_links does: a scheme, a
// path, an anchor.
var linkParts = regexp.MustCompile(`^([a-z][a-z0-9+.-]*:)?([^#]+)?(?:#(.*))?$`)

// attrValue finds an attribute of a raw start tag: its name and value.
var attrValue = regexp.MustCompile(`(?i)(\s)(id|href|src|xlink:href)(\s*=\s*)("[^"]*"|'[^']*'|[^\s"'>]+)`)

// rewriteLinks is the HTML of part p (the i-th) with its ids as
// joinPrint renamed them and its links to chapters made anchors of
// print.html; every other byte is kept as written.
func rewriteLinks(p layout.Part, i int, chapter map[string]int, remap []map[string]string, roots []string) string {
	var b strings.Builder
	z := xhtml.NewTokenizer(strings.NewReader(p.HTML))
	for {
		tt := z.Next()
		if tt == xhtml.ErrorToken {
			return b.String()
		}
		raw := z.Raw()
		if tt != xhtml.StartTagToken && tt != xhtml.SelfClosingTagToken {
			b.Write(raw)
			continue
		}
		tok := z.Token()
		set := map[string]string{}
		for _, a := range tok.Attr {
			switch {
			case a.Key == "id":
				if n, ok := remap[i][a.Val]; ok {
					set["id"] = n
				}
			case (tok.Data == "a" || tok.Data == "img") && (a.Key == "href" || a.Key == "src" || a.Key == "xlink:href"):
				if n, ok := printLink(a.Val, p.URL, i, chapter, remap, roots); ok {
					set[a.Key] = n
				}
			}
		}
		if len(set) == 0 {
			b.Write(raw)
			continue
		}
		b.WriteString(attrValue.ReplaceAllStringFunc(string(raw), func(m string) string {
			g := attrValue.FindStringSubmatch(m)
			v, ok := set[strings.ToLower(g[2])]
			if !ok {
				return m
			}
			return g[1] + g[2] + g[3] + `"` + html.EscapeString(v) + `"`
		}))
	}
}

// printLink is where the link dest of chapter i (at url) leads on
// print.html, and whether that differs from dest.
func printLink(dest, url string, i int, chapter map[string]int, remap []map[string]string, roots []string) (string, bool) {
	m := linkParts.FindStringSubmatch(dest)
	if m == nil || m[1] != "" {
		return "", false
	}
	to := i
	if p := m[2]; p != "" {
		if !strings.HasPrefix(p, "/") {
			p = path.Join(path.Dir(url), p)
			if strings.HasSuffix(m[2], "/") && !strings.HasSuffix(p, "/") {
				p += "/"
			}
		}
		j, ok := chapter[p]
		if !ok {
			if p == m[2] {
				return "", false
			}
			return p + strings.TrimPrefix(dest, m[2]), true // a file: from print.html, at the root
		}
		to = j
	}
	if !strings.Contains(dest, "#") {
		return "#" + roots[to], true
	}
	anchor := m[3]
	if n, ok := remap[to][anchor]; ok {
		anchor = n
	}
	return "#" + anchor, "#"+anchor != dest
}

// eachTag calls f with the name and attributes of every start tag of
// the HTML s.
func eachTag(s string, f func(name string, attrs []xhtml.Attribute)) {
	z := xhtml.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case xhtml.ErrorToken:
			return
		case xhtml.StartTagToken, xhtml.SelfClosingTagToken:
			t := z.Token()
			f(t.Data, t.Attr)
		}
	}
}
