package content

import (
	_ "embed"
	"fmt"
	"net/url"
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"d6codex/templates"
)

// EscapePath percent-encodes a site path ("/règles/q?x#y/") for use in a
// URL ("/r%C3%A8gles/q%3Fx%23y/"): every URL sitegen writes (hrefs,
// navigation, canonical links, redirects, sitemap.xml, the search index)
// goes through relURL or absURL, which call it. Site paths themselves stay
// decoded: they name the files of the output, which a server reaches by
// decoding the URL.
func EscapePath(sitePath string) string {
	for i := range len(sitePath) {
		if c := sitePath[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
			return (&url.URL{Path: sitePath}).EscapedPath()
		}
	}
	return sitePath // nothing to escape (the common case, and a build asks for thousands)
}

// BadName says what is wrong with a source file or folder name (a slash
// path) that cannot become part of a URL: a control character (a newline,
// a tab) or bytes that are not UTF-8. "" when the name is fine.
func BadName(rel string) string {
	if !utf8.ValidString(rel) {
		return "the name is not UTF-8 text: rename it"
	}
	for _, r := range rel {
		if unicode.IsControl(r) {
			return fmt.Sprintf("the name holds the control character %U: rename it (a URL cannot carry it)", r)
		}
	}
	return ""
}

// ShowName is a file name fit for a message: control characters and
// bytes that are not UTF-8 are shown escaped ("a\nb.md").
func ShowName(rel string) string {
	if BadName(rel) == "" {
		return rel
	}
	q := strconv.Quote(rel)
	return strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
}

// ListPageSize is the most pages and subsections a section page lists. A
// longer list goes on over further pages, SECTION/page/2/, page/3/, …,
// as Hugo's paginated lists do: with the navigation showing a window of
// a long section (templates.NavLimit), the section page is where all its
// pages are linked from.
const ListPageSize = 100

// ListPaths is the site paths of page p and, for a section whose list of
// pages and subsections is longer than listPageSize, of the further pages
// of that list: SECTION/page/2/, page/3/, … (SECTION/page/2.html for a
// section at SECTION.html).
func ListPaths(p *Page) []string {
	paths := []string{p.SitePath}
	n := len(p.Children)
	switch {
	case p.pager != nil:
		n = len(p.pager) // the collection its tool's template pages (layout.Layout.HomePager, RegularPager)
	case p.Kind != templates.KindSection:
		return paths
	}
	size := p.ListSize()
	// A section at an .html URL (Quartz's tags/cs.html) has its further
	// pages beside it, tags/cs/page/2.html, not at "tags/cs.htmlpage/2/".
	base, ext := p.SitePath, "/"
	if !strings.HasSuffix(base, "/") {
		base, ext = strings.TrimSuffix(base, path.Ext(base))+"/", path.Ext(base)
	}
	for i := 2; i <= (n+size-1)/size; i++ {
		paths = append(paths, base+"page/"+strconv.Itoa(i)+ext)
	}
	return paths
}

// OutputPath is the file a site path is written to ("/a/b/" -> "a/b/index.html").
func OutputPath(sitePath string) string {
	if !strings.HasSuffix(sitePath, "/") { // a redirect from an old file ("/old.html")
		return strings.TrimPrefix(sitePath, "/")
	}
	return strings.TrimPrefix(sitePath, "/") + "index.html"
}

// SearchDir is the search index's folder in the output.
const SearchDir = "search"

// SwFile is the service worker's published name, at the site's root so
// that its scope is the whole site. js/site.js registers it.
const SwFile = "sw.js"

// PageURL returns the root-relative URL of the page made from the
// Markdown file (relative to the source directory, "content/a/b.md"), or
// "" if file is not a page source: the page's URL when the site has it (a
// folder note is at its folder's URL), else the URL it would have.
func (s *Site) PageURL(file string) string {
	rel, ok := s.ContentRel(file)
	if !ok || !s.isPageFile(rel) && !strings.HasSuffix(rel, ".html") {
		return ""
	}
	if p, ok := s.ByRel[rel]; ok {
		return s.Cfg.RelURL(p.SitePath)
	}
	if !s.isPageFile(rel) {
		return ""
	}
	if p, ok := s.ByRel[rel]; ok { // its permalink: or the tool's URL (a Jekyll collection's)
		return s.Cfg.RelURL(p.SitePath)
	}
	kind, sp := s.Cfg.Classify(rel)
	if kind == templates.KindPage {
		sp, _ = s.asFile(rel, nil, sp)
	}
	return s.Cfg.RelURL(sp)
}

// asFile is the site path sp of the page at the content-relative path rel
// (front matter fm) as its tool writes it, and whether the tool writes it
// as a file (layout.Layout.FileURL): there sitegen writes it as the same
// file, at the same URL (Jekyll's about.md at /about.html, permalink: /hex
// at /hex.html, "Output files written to disk will still have the proper
// file extension", https://jekyllrb.com/docs/permalinks/#extensionless-permalinks),
// and a relative link in it resolves from its folder.
func (s *Site) asFile(rel string, fm map[string]any, sp string) (string, bool) {
	if s.Lay.FileURL == nil || !s.Lay.FileURL(rel, fm) {
		return sp, false
	}
	return fileOf(sp), true
}

// fileOf is the file a tool that writes pages as files writes the folder
// URL sp as (/posts/ at /posts.html); sp itself when it names no folder,
// or the site's root.
func fileOf(sp string) string {
	if strings.HasSuffix(sp, "/") && sp != "/" {
		return strings.TrimSuffix(sp, "/") + ".html"
	}
	return sp
}
