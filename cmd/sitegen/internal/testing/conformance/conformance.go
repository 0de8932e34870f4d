// Package conformance builds one fixture repository with another tool
// (Hugo, MkDocs, Jekyll, …) and with sitegen and compares what a reader
// sees of the two sites: the pages and their URLs, their titles, the
// links of their text and whether each leads somewhere (a #fragment to an
// element of its page: Dead where none has that id), the navigation's
// entries in order with their labels, and the files published beside the
// pages (so nothing the tool keeps private is published).
//
// A tool is two functions (Tool): Build, which builds a fixture folder
// into an output folder, and Read, which reads that output back as a
// Site. The tools' builds here use a small theme of their own (written
// into a scratch copy of the fixture, never into sitegen's) that prints
// the page's title, its text and the navigation the tool computes, so
// that Read sees the tool's own decisions and nothing of a theme's:
// MkDocs' nav object, Hugo's page order (weight, then title) and
// LinkTitle, Jekyll's page.title. VitePress is built with its own
// default theme and read from its sidebar (vitepress.go), Docusaurus with
// its classic theme and read from its docs sidebar (docusaurus.go), Quartz
// with its default layout, its Explorer read in Chromium where Quartz's
// script builds it (quartz.go); another tool (mdBook) plugs in as one more
// Tool value.
//
// Run is the test driver: it skips, saying why, when the tool is not
// installed (and fails under CI=true, where .ci/run installs every tool,
// unless the tool says why CI could not obtain it: Tool.Unobtainable),
// and otherwise reports every difference Compare finds and checks what a
// fixture says neither build may publish.
package conformance

import (
	"context"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// Site is what a reader sees of one build.
type Site struct {
	// Pages are the site's HTML pages by canonical URL (see Canonical);
	// redirect pages are not pages.
	Pages map[string]Page
	// Nav is the navigation's entries in order, depth first; nil when the
	// tool has no navigation of its own (Jekyll without a theme).
	Nav []Entry
	// Files are the published files that are not pages, by slash path
	// from the output's root.
	Files map[string]bool
	// Lists are the pages that only list other pages, which no file of
	// the fixture makes (sitegen's page for a folder without an index):
	// Compare leaves them out of the pages only one build has.
	Lists map[string]bool
	// PageFiles are the files the pages are written to, by canonical URL
	// ("guide/dice.html", "guide/dice/index.html"): what a reader's or a
	// search engine's link must name.
	PageFiles map[string]string
	// HomeTitle is the home page's <title> as written.
	HomeTitle string
	// Redirects are the redirect pages, by the slash path of their file
	// ("posts.html"), each to the canonical URL of the page it sends to.
	Redirects map[string]string
	// IDs are the element ids of each page (and the names of its <a
	// name>), by canonical URL: what a link's #fragment may name.
	IDs map[string]map[string]bool
	// Sidebars are the canonical URLs the navigation each page shows
	// leads to, in order, by the page's canonical URL (Markup.Sidebar);
	// nil when the markup does not read them.
	Sidebars map[string][]string
	// HomeEntry is the label of the navigation's first entry when it
	// leads to the home page ("" when the home page is not first in it,
	// or not in it); read when the Markup has a HomeEntry.
	HomeEntry string
	// Pagers: the pages' Prev and Next were read (Markup.Pager).
	Pagers bool
	// Navbar are the entries of the home page's top navigation, in
	// order: its labels and where each leads (a canonical URL, another
	// site's as written); nil when the Markup has no Navbar.
	Navbar []Entry
}

// Page is one page of a Site.
type Page struct {
	Title string
	// Links are the canonical targets of the links of the page's text
	// that lead to a page or file of the site (fragment kept, decoded,
	// when it names an element of that page), sorted.
	Links []string
	// Broken are the links of its text that lead nowhere on the site, as
	// written in the HTML, sorted.
	Broken []string
	// Dead are the links of its text whose #fragment names no element of
	// the page they lead to: the canonical target with its fragment
	// ("/rules/#combat"), or "#frag" as written for one to the page
	// itself, sorted. A reader who follows one lands at the page's top.
	Dead []string
	// Prev and Next are the canonical URLs of the page's previous and
	// next pages in the reading order (its rel="prev" and rel="next"
	// links), "" for none; read when the Markup has a Pager.
	Prev, Next string
}

// Entry is one navigation entry: a page's label and canonical URL, or a
// group's label and "".
type Entry struct{ Label, URL string }

func (e Entry) String() string {
	if e.URL == "" {
		return "[" + e.Label + "]"
	}
	return e.Label + " -> " + e.URL
}

// Tool is one static site generator as the differential tests drive it.
type Tool struct {
	Name string
	// Missing says why the tool cannot run here ("" when it can).
	Missing func() string
	// Unobtainable, when not nil, says why CI could not obtain the tool
	// ("" when it could, or did not try): a repository on a host its
	// network does not reach (Quartz). Run then skips with that reason,
	// even under CI=true.
	Unobtainable func() string
	// Build builds the fixture at src (a scratch copy the tool may add
	// its theme to) into dest.
	Build func(ctx context.Context, src, dest string) error
	// Read reads the output folder of a build.
	Read func(dest string) (Site, error)
	// Timeout bounds one Build of a fixture (2 minutes when 0):
	// Docusaurus's webpack build takes a minute on this machine's 2 cores.
	Timeout time.Duration
}

// Canonical makes a page URL comparable across tools: "/a/b.html",
// "/a/b/index.html", "/a/b/" and "/a/b" are "/a/b/"; a fragment stays.
func Canonical(u string) string {
	u, frag, _ := strings.Cut(u, "#")
	u, _, _ = strings.Cut(u, "?")
	if un, err := url.PathUnescape(u); err == nil {
		u = un
	}
	u = strings.TrimSuffix(u, "index.html")
	u = strings.TrimSuffix(u, ".html")
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	if !strings.HasPrefix(u, "/") {
		u = "/" + u
	}
	if frag != "" {
		return u + "#" + frag
	}
	return u
}

// Markup says where a tool's output keeps what Read looks for.
type Markup struct {
	// Content reports whether n holds the page's text.
	Content func(n *html.Node) bool
	// Title returns the page's title from its document.
	Title func(doc *html.Node) string
	// Nav returns the site's navigation entries, in order, from its pages
	// by canonical URL (the home page is "/"); nil when the tool has no
	// navigation. The home page itself is no entry.
	Nav func(docs map[string]*html.Node) []Entry
	// Sidebar returns the canonical URLs that the navigation one page
	// shows leads to, in order (none for a page without one); nil: not
	// read (Site.Sidebars).
	Sidebar func(doc *html.Node) []string
	// Skip leaves an output file out of the pages and files ("404.html",
	// the tool's search index, its theme's assets).
	Skip func(rel string) bool
	// List reports whether a page only lists other pages (Site.Lists).
	List func(doc *html.Node) bool
	// Dead reports whether an element of a page's text stands for a link
	// that leads nowhere without being one (sitegen's
	// <span class="wikilink-missing">): it counts in Page.Broken, by its
	// text, as a tool's dead <a> does.
	Dead func(n *html.Node) bool
	// Pager returns the hrefs, as written, of a page's links to its
	// previous and next pages in the reading order ("" for none); nil:
	// not read (Page.Prev, Page.Next).
	Pager func(doc *html.Node) (prev, next string)
	// HomeEntry returns the navigation element of the home page, whose
	// first link, when it leads to the home page, is its entry
	// (Site.HomeEntry); nil: not read.
	HomeEntry func(home *html.Node) *html.Node
	// Navbar returns the links of the home page's top navigation, in
	// order (Docusaurus's navbar; sitegen's navigation's top entries):
	// Site.Navbar; nil: not read.
	Navbar func(home *html.Node) []*html.Node
}

// ReadOutput reads the output folder dir of a build whose pages follow m.
func ReadOutput(dir string, m Markup) (Site, error) {
	s := Site{Pages: map[string]Page{}, Files: map[string]bool{}, Lists: map[string]bool{}, PageFiles: map[string]string{}, IDs: map[string]map[string]bool{}, Redirects: map[string]string{}}
	docs := map[string]*html.Node{}
	files := map[string]string{}     // canonical URL -> slash path of its file
	redirects := map[string]string{} // canonical URL of a redirect page -> the site path it sends to
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if m.Skip != nil && m.Skip(rel) {
			return nil
		}
		if !strings.HasSuffix(rel, ".html") {
			s.Files[rel] = true
			return nil
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		doc, err := html.Parse(f)
		if err != nil {
			return fmt.Errorf("%s: %w", rel, err)
		}
		if meta := Find(doc, func(n *html.Node) bool {
			return n.Data == "meta" && strings.EqualFold(Attr(n, "http-equiv"), "refresh")
		}); meta != nil {
			// A redirect ("0; url=..."), not a page: a link to it leads
			// where it sends.
			if _, to, ok := strings.Cut(Attr(meta, "content"), "="); ok {
				redirects[Canonical("/"+rel)] = resolve("/"+rel, local(strings.Trim(strings.TrimSpace(to), `'"`)))
				s.Redirects[rel] = Canonical(redirects[Canonical("/"+rel)])
			}
			return nil
		}
		u := Canonical("/" + rel)
		docs[u], files[u], s.PageFiles[u] = doc, rel, rel
		s.IDs[u] = ids(doc)
		s.Pages[u] = Page{Title: m.Title(doc)}
		if u == "/" {
			s.HomeTitle = Text(Find(doc, func(n *html.Node) bool { return n.Data == "title" }))
		}
		if m.List != nil && m.List(doc) {
			s.Lists[u] = true
		}
		return nil
	})
	if err != nil {
		return s, err
	}
	for u, doc := range docs {
		pg := s.Pages[u]
		for _, a := range All(Find(doc, m.Content), func(n *html.Node) bool { return n.Data == "a" && Attr(n, "href") != "" }) {
			href := local(Attr(a, "href"))
			if strings.Contains(href, "://") || strings.HasPrefix(href, "mailto:") ||
				strings.Contains(Attr(a, "class"), "anchor") || strings.Contains(Attr(a, "class"), "headerlink") {
				continue
			}
			if frag, ok := strings.CutPrefix(href, "#"); ok {
				// A link within the page: not compared (footnotes' ids are
				// each tool's own), but it must lead to an element.
				if frag != "" && !s.hasID(u, frag) {
					pg.Dead = append(pg.Dead, href)
				}
				continue
			}
			target := resolve("/"+files[u], href)
			page, frag, _ := strings.Cut(target, "#")
			if to, ok := redirects[Canonical(page)]; ok && !hasPage(s.Pages, page) {
				page, _, _ = strings.Cut(to, "#")
			}
			switch {
			case s.Files[strings.TrimPrefix(page, "/")]:
				pg.Links = append(pg.Links, page)
			case hasPage(s.Pages, page):
				c := Canonical(page)
				if frag != "" && !s.hasID(c, frag) {
					pg.Dead = append(pg.Dead, c+"#"+decoded(frag))
					continue
				}
				if frag != "" {
					c += "#" + decoded(frag)
				}
				pg.Links = append(pg.Links, c)
			default:
				pg.Broken = append(pg.Broken, href)
			}
		}
		if m.Dead != nil {
			for _, n := range All(Find(doc, m.Content), m.Dead) {
				pg.Broken = append(pg.Broken, Text(n))
			}
		}
		slices.Sort(pg.Links)
		slices.Sort(pg.Broken)
		slices.Sort(pg.Dead)
		if m.Pager != nil {
			prev, next := m.Pager(doc)
			for _, n := range []struct {
				href string
				to   *string
			}{{prev, &pg.Prev}, {next, &pg.Next}} {
				if n.href != "" {
					*n.to = Canonical(resolve("/"+files[u], local(n.href)))
				}
			}
		}
		s.Pages[u] = pg
	}
	s.Pagers = m.Pager != nil
	if m.Navbar != nil && docs["/"] != nil {
		s.Navbar = []Entry{}
		for _, a := range m.Navbar(docs["/"]) {
			href := Attr(a, "href")
			if !strings.Contains(href, "://") {
				href = Canonical(resolve("/"+files["/"], local(href)))
			}
			s.Navbar = append(s.Navbar, Entry{Label: Text(a), URL: href})
		}
	}
	if m.HomeEntry != nil && docs["/"] != nil {
		if a := Find(m.HomeEntry(docs["/"]), func(n *html.Node) bool { return n.Data == "a" }); a != nil && Canonical(resolve("/"+files["/"], local(Attr(a, "href")))) == "/" {
			s.HomeEntry = Text(a)
		}
	}
	if m.Sidebar != nil {
		s.Sidebars = map[string][]string{}
		for u, doc := range docs {
			s.Sidebars[u] = m.Sidebar(doc)
		}
	}
	if m.Nav != nil {
		s.Nav = m.Nav(docs)
		if s.Nav == nil {
			s.Nav = []Entry{}
		}
	}
	return s, nil
}

// local makes a link to the fixtures' own host (a base URL on .test, as
// Hugo's ref writes it) site-absolute.
func local(href string) string {
	for _, scheme := range []string{"https://", "http://"} {
		if rest, ok := strings.CutPrefix(href, scheme); ok {
			host, p, _ := strings.Cut(rest, "/")
			if strings.HasSuffix(host, ".test") || host == "localhost" {
				return "/" + p
			}
		}
	}
	return href
}

// Rebase reads the site s, built to be served under the path base
// ("/docs/"), as served at the root: its navigation's URLs and the links
// that led nowhere on it for want of base lose base, and such a link is
// then resolved again.
func Rebase(s Site, base string) Site {
	strip := func(u string) (string, bool) {
		if u == strings.TrimSuffix(base, "/") {
			return "/", true
		}
		rest, ok := strings.CutPrefix(u, base)
		return "/" + rest, ok
	}
	nav := make([]Entry, len(s.Nav))
	for i, e := range s.Nav {
		if u, ok := strip(e.URL); ok {
			e.URL = u
		}
		nav[i] = e
	}
	if s.Nav != nil {
		s.Nav = nav
	}
	pages := make(map[string]Page, len(s.Pages))
	for u, pg := range s.Pages {
		var broken []string
		links := slices.Clone(pg.Links)
		for _, href := range pg.Broken {
			target, ok := strip(href)
			page, frag, _ := strings.Cut(target, "#")
			switch {
			case !ok:
				broken = append(broken, href)
			case s.Files[strings.TrimPrefix(page, "/")]:
				links = append(links, page)
			case hasPage(s.Pages, page):
				c := Canonical(page)
				if frag != "" && !s.hasID(c, frag) {
					pg.Dead = append(slices.Clone(pg.Dead), c+"#"+decoded(frag))
					continue
				}
				if frag != "" {
					c += "#" + decoded(frag)
				}
				links = append(links, c)
			default:
				broken = append(broken, href)
			}
		}
		slices.Sort(links)
		slices.Sort(pg.Dead)
		pg.Links, pg.Broken = links, broken
		pages[u] = pg
	}
	s.Pages = pages
	return s
}

// ids are the element ids of doc and the names of its <a name>.
func ids(doc *html.Node) map[string]bool {
	out := map[string]bool{}
	for _, n := range All(doc, func(n *html.Node) bool { return Attr(n, "id") != "" || n.Data == "a" && Attr(n, "name") != "" }) {
		if id := Attr(n, "id"); id != "" {
			out[id] = true
		}
		if n.Data == "a" && Attr(n, "name") != "" {
			out[Attr(n, "name")] = true
		}
	}
	return out
}

// hasID reports whether the page at canonical URL u has an element that
// the fragment frag (as a link writes it, percent-encoded or not) names,
// as a browser finds it: the decoded fragment, else as written. A site
// read without ids (a Site made by hand) has every fragment.
func (s Site) hasID(u, frag string) bool {
	if s.IDs == nil {
		return true
	}
	ids := s.IDs[u]
	if ids[frag] {
		return true
	}
	un, err := url.PathUnescape(frag)
	return err == nil && ids[un]
}

// decoded is a fragment as a browser matches it against ids: percent-
// decoded ("r%C3%A8gle" is "règle"), as written when it cannot be.
func decoded(frag string) string {
	if un, err := url.PathUnescape(frag); err == nil {
		return un
	}
	return frag
}

// hasPage reports whether the site path p (a page's file or folder, as a
// link writes it) is one of pages.
func hasPage(pages map[string]Page, p string) bool {
	_, ok := pages[Canonical(p)]
	return ok
}

// resolve resolves href from the page published as the file at file (a
// site path), as a browser that loaded that file does.
func resolve(file, href string) string {
	href, frag, _ := strings.Cut(href, "#")
	if frag != "" {
		frag = "#" + frag
	}
	if href == "" {
		return file + frag
	}
	if !strings.HasPrefix(href, "/") {
		href = path.Join(path.Dir(file), href)
	}
	return href + frag
}

// Difference is one way the two builds of a fixture differ.
type Difference struct {
	Kind string // "page", "title", "link", "fragment", "nav", "label", "file"
	Msg  string
}

func (d Difference) String() string { return d.Kind + ": " + d.Msg }

// Compare lists how ours differs from the tool's build (native): pages
// only one of them has, titles, the links of a page that lead somewhere
// in one and nowhere in the other (a #fragment included: a link whose
// fragment names no element of its target page is Dead, not a link), the navigation (the tool's entries
// out of place in ours, labels, entries missing), and the files of the
// fixture (sources, by base name) that only one of them publishes.
func Compare(native, ours Site, sources []string) []Difference {
	var out []Difference
	add := func(kind, format string, args ...any) {
		out = append(out, Difference{kind, fmt.Sprintf(format, args...)})
	}
	for _, u := range slices.Sorted(mapKeys(native.Pages)) {
		theirs := native.Pages[u]
		mine, ok := ours.Pages[u]
		if !ok {
			add("page", "%s (%q) is published by the tool, not by sitegen", u, theirs.Title)
			continue
		}
		// The home page's title is the site's in sitegen's <title>.
		if mine.Title != theirs.Title && u != "/" {
			add("title", "%s: sitegen %q, the tool %q", u, mine.Title, theirs.Title)
		}
		if !slices.Equal(mine.Links, theirs.Links) || len(mine.Broken) != len(theirs.Broken) {
			add("link", "%s: sitegen leads to %v (and nowhere %v), the tool to %v (and nowhere %v)",
				u, mine.Links, mine.Broken, theirs.Links, theirs.Broken)
		}
		if !slices.Equal(mine.Dead, theirs.Dead) {
			add("fragment", "%s: sitegen's links to a #fragment no element has %v, the tool's %v", u, mine.Dead, theirs.Dead)
		}
	}
	for _, u := range slices.Sorted(mapKeys(ours.Pages)) {
		if _, ok := native.Pages[u]; !ok && !ours.Lists[u] {
			add("page", "%s (%q) is published by sitegen, not by the tool", u, ours.Pages[u].Title)
		}
	}
	if native.Nav != nil {
		n, labels, missing := NavDiff(native.Nav, ours.Nav)
		if n > 0 {
			add("nav", "%d of the tool's entries out of place: sitegen %v, the tool %v", n, ours.Nav, native.Nav)
		}
		for _, l := range labels {
			add("label", "%s", l)
		}
		for _, m := range missing {
			add("nav", "%s is not in sitegen's navigation", m)
		}
	}
	names := map[string]bool{}
	for _, s := range sources {
		names[path.Base(s)] = true
	}
	for _, f := range slices.Sorted(mapKeys(native.Files)) {
		if names[path.Base(f)] && !ours.Files[f] {
			add("file", "%s is published by the tool, not by sitegen", f)
		}
	}
	for _, f := range slices.Sorted(mapKeys(ours.Files)) {
		if names[path.Base(f)] && !native.Files[f] {
			add("file", "%s is published by sitegen, not by the tool", f)
		}
	}
	return out
}

// NavDiff compares the tool's navigation (native) with sitegen's (ours),
// each page at its first entry:
// how many of the tool's page entries are out of place in ours (those
// not on a longest common order), the entries whose label differs, and
// the tool's entries ours lacks (a group is matched by its label; a
// group that sitegen shows as the page of its folder, labelled alike,
// counts as found).
func NavDiff(native, ours []Entry) (outOfPlace int, labels, missing []string) {
	at := map[string]int{}
	label := map[string]string{}
	byLabel := map[string]bool{}
	for i, e := range ours {
		if e.URL != "" {
			if _, dup := at[e.URL]; !dup {
				at[e.URL], label[e.URL] = i, e.Label
			}
		}
		byLabel[e.Label] = true
	}
	var seq []int
	once := map[string]bool{} // the tool's pages met: a page it lists twice (VitePress's top bar and sidebar) counts once, as ours keeps it
	for i, e := range native {
		if e.URL != "" && once[e.URL] {
			continue
		}
		once[e.URL] = true
		if e.URL == "" {
			// sitegen shows a folder as its page: a group found as the
			// page that follows it counts.
			_, next := at[nextURL(native, i)]
			if !byLabel[e.Label] && !next {
				missing = append(missing, e.String())
			}
			continue
		}
		j, ok := at[e.URL]
		if !ok {
			missing = append(missing, e.String())
			continue
		}
		seq = append(seq, j)
		// The group's first page, which sitegen shows as the group (the
		// folder's page), may carry the group's label.
		if l := label[e.URL]; l != e.Label && !(i > 0 && native[i-1].URL == "" && native[i-1].Label == l) {
			labels = append(labels, fmt.Sprintf("%s: sitegen labels it %q, the tool %q", e.URL, l, e.Label))
		}
	}
	// The pages in their place: a longest increasing subsequence.
	var tails []int
	for _, x := range seq {
		k, _ := slices.BinarySearch(tails, x)
		if k == len(tails) {
			tails = append(tails, x)
		} else {
			tails[k] = x
		}
	}
	return len(seq) - len(tails), labels, missing
}

// nextURL is the URL of the first page entry after entry i, "" if none.
func nextURL(es []Entry, i int) string {
	for _, e := range es[i+1:] {
		if e.URL != "" {
			return e.URL
		}
	}
	return ""
}

// Fixture is a small repository built by a tool and by sitegen.
type Fixture struct {
	Name string
	// Rule quotes the documented rule the fixture checks, with its URL.
	Rule  string
	Files map[string]string
	// Known are differences the comparison may find that sitegen keeps
	// on purpose, each a substring of a Difference's text, with why in a
	// comment where the fixture is written.
	Known []string
	// Unpublished are output paths ("drafts/secret.html", "package.json")
	// that neither build may publish, as a file or as the page of that
	// URL: what the tool keeps private, checked in both builds (Compare
	// only sees where they differ).
	Unpublished []string
	// Published are output paths of files that both builds must publish
	// (public/img/d6.svg at img/d6.svg).
	Published []string
	// Strict, when true, has sitegen build the fixture in strict mode
	// too (SitegenStrict), which must succeed: the tool's own build
	// refuses what sitegen's strict mode refuses (Docusaurus's
	// onBrokenLinks: 'throw').
	Strict bool
	// Secret, when not "", is a text that only the notes neither build may
	// publish carry: no published file (page, search index, feed) may
	// hold it.
	Secret string
	// NotInNav are page URLs (canonical) that neither navigation may list
	// (Docusaurus's unlisted docs); the pages may be published.
	NotInNav []string
	// NavEntries, when not 0, is how many entries the tool's navigation
	// must have: the fixture's navigation is read, not found empty.
	NavEntries int
	// Base is the path the tool's build serves the site under (a
	// Docusaurus baseUrl: "/docs/"), "" for the root: the tool's links and
	// navigation name its pages with it, which the comparison takes off
	// (Rebase); sitegen's build is read at the root.
	Base string
	// SameFiles: each page both builds publish is written to the same
	// file (guide/dice.html, not guide/dice/index.html), so the URLs
	// readers and search engines hold lead to it.
	SameFiles bool
	// RedirectFiles are the canonical URLs of pages whose tool's file
	// sitegen may write as a redirect to the page (SameFiles): where its
	// output keeps the page at a folder (a Hugo section's /posts/ under
	// uglyURLs, Hugo's /posts.html), with why in a comment.
	RedirectFiles []string
	// HomeTitle: the home page's <title> starts with what the tool's
	// starts with (up to its " | " or sitegen's " · ").
	HomeTitle bool
	// SameNav: both navigations have the same entries, groups included,
	// in the same order with the same labels (Compare's navigation check
	// counts a group found by the page that follows it); the home page's
	// entry is left out of both.
	SameNav bool
	// SameSidebars are canonical page URLs whose navigation must lead to
	// the same pages in the same order in both builds (the tool's
	// sidebar of that page: Docusaurus's several sidebars; none for a
	// doc no sidebar holds), both Markups reading Site.Sidebars.
	SameSidebars []string
	// ReadingOrder: the navigation's first entry leads to the home page
	// in both builds, labelled alike, or in neither (Site.HomeEntry), and
	// each page the tool publishes has the same previous and next pages
	// (Page.Prev, Page.Next) in both.
	ReadingOrder bool
	// SamePagers: each page the tool publishes has the same previous and
	// next pages (Page.Prev, Page.Next) in both builds (ReadingOrder's
	// pager half, for a tool whose navigation has no home entry).
	SamePagers bool
	// SameNavbar: the home page's top navigation has the same entries,
	// labels and targets in both builds (Markup.Navbar: Docusaurus's
	// navbar, sitegen's navigation's top entries).
	SameNavbar bool
}

// Run builds f with tool and with sitegen (build, a Tool whose Missing
// is nil) and fails t with every difference Compare finds that f does
// not list as Known. It skips, saying why, when the tool cannot run here.
func Run(t *testing.T, tool, sitegen Tool, f Fixture) {
	t.Helper()
	if why := tool.Missing(); why != "" {
		if tool.Unobtainable != nil {
			if un := tool.Unobtainable(); un != "" {
				t.Skipf("%s: %s (%s)", tool.Name, un, why)
			}
		}
		if os.Getenv("CI") != "" {
			t.Fatalf("%s: %s; CI installs the tools (.ci/run)", tool.Name, why)
		}
		t.Skipf("%s: %s", tool.Name, why)
	}
	timeout := 2 * time.Minute
	if tool.Timeout > 0 {
		timeout = tool.Timeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	native, nativeDir := build(ctx, t, tool, f.Files)
	if f.Base != "" {
		native = Rebase(native, f.Base)
	}
	ours, ourDir := build(ctx, t, sitegen, f.Files)
	if f.Strict {
		build(ctx, t, SitegenStrict, f.Files)
	}
	if f.Secret != "" {
		for name, dir := range map[string]string{tool.Name: nativeDir, "sitegen": ourDir} {
			for _, p := range carrying(t, dir, f.Secret) {
				t.Errorf("%s publishes %s, which carries the text of a note it must not publish (rule: %s)", name, p, f.Rule)
			}
		}
	}
	t.Logf("%s: %d pages, %d navigation entries; sitegen: %d pages (%d lists)", tool.Name, len(native.Pages), len(native.Nav), len(ours.Pages), len(ours.Lists))
	if f.NavEntries != 0 && len(native.Nav) != f.NavEntries {
		t.Fatalf("%s's navigation has %d entries, want the fixture's %d: %v", tool.Name, len(native.Nav), f.NavEntries, native.Nav)
	}
	for _, p := range f.Unpublished {
		for _, b := range []struct {
			name string
			site Site
		}{{tool.Name, native}, {"sitegen", ours}} {
			_, page := b.site.Pages[Canonical("/"+p)]
			if b.site.Files[p] || page {
				t.Errorf("%s publishes %s (rule: %s)", b.name, p, f.Rule)
			}
		}
	}
	for _, u := range f.NotInNav {
		for _, b := range []struct {
			name string
			site Site
		}{{tool.Name, native}, {"sitegen", ours}} {
			if slices.ContainsFunc(b.site.Nav, func(e Entry) bool { return e.URL == u }) {
				t.Errorf("%s's navigation lists %s (rule: %s)", b.name, u, f.Rule)
			}
		}
	}
	for _, p := range f.Published {
		if !native.Files[p] || !ours.Files[p] {
			t.Errorf("%s: published by %s %v, by sitegen %v; want both (rule: %s)", p, tool.Name, native.Files[p], ours.Files[p], f.Rule)
		}
	}
	if f.HomeTitle {
		first := func(t string) string {
			t, _, _ = strings.Cut(t, " | ")
			t, _, _ = strings.Cut(t, " · ")
			return t
		}
		if first(native.HomeTitle) != first(ours.HomeTitle) {
			t.Errorf("home page <title>: %s %q, sitegen %q (rule: %s)", tool.Name, native.HomeTitle, ours.HomeTitle, f.Rule)
		}
	}
	if f.SameNav {
		// The tools' navigations are read without the home page's entry.
		home := func(e Entry) bool { return e.URL == "/" }
		n, o := slices.DeleteFunc(slices.Clone(native.Nav), home), slices.DeleteFunc(slices.Clone(ours.Nav), home)
		if !slices.Equal(n, o) {
			t.Errorf("navigation: %s %v, sitegen %v (rule: %s)", tool.Name, n, o, f.Rule)
		}
	}
	if f.ReadingOrder || f.SamePagers {
		if !native.Pagers || !ours.Pagers {
			t.Fatalf("ReadingOrder, SamePagers: %s's or sitegen's Markup reads no previous and next links", tool.Name)
		}
		if f.ReadingOrder && native.HomeEntry != ours.HomeEntry {
			t.Errorf("the navigation's first entry, the home page: %s %q, sitegen %q (\"\": not the home page) (rule: %s)", tool.Name, native.HomeEntry, ours.HomeEntry, f.Rule)
		}
		for _, u := range slices.Sorted(mapKeys(native.Pages)) {
			n, o := native.Pages[u], ours.Pages[u]
			if n.Prev != o.Prev || n.Next != o.Next {
				t.Errorf("%s: previous and next: %s %q and %q, sitegen %q and %q (rule: %s)", u, tool.Name, n.Prev, n.Next, o.Prev, o.Next, f.Rule)
			}
		}
	}
	if f.SameNavbar {
		if native.Navbar == nil || ours.Navbar == nil {
			t.Fatalf("SameNavbar: %s's or sitegen's Markup reads no navbar", tool.Name)
		}
		if !slices.Equal(native.Navbar, ours.Navbar) {
			t.Errorf("navbar: %s %v, sitegen %v (rule: %s)", tool.Name, native.Navbar, ours.Navbar, f.Rule)
		}
	}
	for _, u := range f.SameSidebars {
		if native.Sidebars == nil || ours.Sidebars == nil {
			t.Fatalf("SameSidebars: %s's or sitegen's Markup reads no sidebars", tool.Name)
		}
		if !hasPage(native.Pages, u) || !hasPage(ours.Pages, u) {
			t.Errorf("%s: published by %s %v, by sitegen %v; want both (rule: %s)", u, tool.Name, hasPage(native.Pages, u), hasPage(ours.Pages, u), f.Rule)
			continue
		}
		if n, o := native.Sidebars[Canonical(u)], ours.Sidebars[Canonical(u)]; !slices.Equal(n, o) {
			t.Errorf("%s: sidebar: %s %v, sitegen %v (rule: %s)", u, tool.Name, n, o, f.Rule)
		}
	}
	if f.SameFiles {
		for u, file := range native.PageFiles {
			if mine, ok := ours.PageFiles[u]; ok && mine != file {
				if slices.Contains(f.RedirectFiles, u) && ours.Redirects[file] == u {
					t.Logf("%s: %s writes %s, sitegen %s and a redirect there at %s", u, tool.Name, file, mine, file)
					continue
				}
				t.Errorf("%s: %s writes %s, sitegen %s (rule: %s)", u, tool.Name, file, mine, f.Rule)
			}
		}
	}
	var unexpected []string
	used := map[string]bool{}
	for _, d := range Compare(native, ours, slices.Collect(mapKeysIter(f.Files))) {
		i := slices.IndexFunc(f.Known, func(k string) bool { return strings.Contains(d.String(), k) })
		if i < 0 {
			unexpected = append(unexpected, d.String())
			continue
		}
		used[f.Known[i]] = true
		t.Logf("known difference: %s", d)
	}
	if len(unexpected) > 0 {
		t.Errorf("%s and sitegen differ (rule: %s):\n  %s", tool.Name, f.Rule, strings.Join(unexpected, "\n  "))
	}
	for _, k := range f.Known {
		if !used[k] {
			t.Errorf("the known difference %q no longer occurs: take it out of the fixture", k)
		}
	}
}

// carrying lists the files under dir (slash paths) whose bytes contain
// text.
func carrying(t *testing.T, dir, text string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), text) {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func build(ctx context.Context, t *testing.T, tool Tool, files map[string]string) (Site, string) {
	t.Helper()
	src := filepath.Join(t.TempDir(), "src")
	sitetest.WriteFiles(t, src, files)
	dest := filepath.Join(t.TempDir(), "out")
	if err := tool.Build(ctx, src, dest); err != nil {
		t.Fatalf("%s: %v", tool.Name, err)
	}
	s, err := tool.Read(dest)
	if err != nil {
		t.Fatalf("read %s's output: %v", tool.Name, err)
	}
	return s, dest
}

func mapKeys[V any](m map[string]V) func(func(string) bool) { return mapKeysIter(m) }

func mapKeysIter[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// Attr returns n's attribute key, "" when it has none (or n is nil).
func Attr(n *html.Node, key string) string {
	if n == nil {
		return ""
	}
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// Find returns the first element under n (n included) that ok accepts.
func Find(n *html.Node, ok func(*html.Node) bool) *html.Node {
	if n == nil {
		return nil
	}
	if n.Type == html.ElementNode && ok(n) {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if f := Find(c, ok); f != nil {
			return f
		}
	}
	return nil
}

// All returns every element under n (n included) that ok accepts, in
// document order.
func All(n *html.Node, ok func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n == nil {
			return
		}
		if n.Type == html.ElementNode && ok(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

// Text is the text under n, its runs of spaces made one.
func Text(n *html.Node) string {
	if n == nil {
		return ""
	}
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}
