package content

import (
	"cmp"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// resolveLink checks a link destination written on page from and returns
// the URL to publish. Links to Markdown files ("../opend6/dice.md#the-wild-die")
// become page URLs; same-page fragments are checked; site-absolute links
// ("/rules/combat/#cover") and folder-style ones ("../combat/", relative
// to the page's URL) are checked against the site's pages and files (see
// resolveAbs); links with a scheme are kept. Problem is set when the link
// is broken, Unlinked when it leads to a page or file that is not
// published (publish.go).
func (s *Site) resolveLink(from *Page, dest string) markup.LinkTarget {
	dest = slashed(dest)
	if rest, ok := strings.CutPrefix(dest, s.Lay.ContentLinks); ok && s.Lay.ContentLinks != "" {
		// A link from the content root ("@/rules/a.md", Zola's): the same
		// file written from the page's folder.
		dest = strings.Repeat("../", strings.Count(from.Rel, "/")) + rest
	}
	if b := s.Lay.LinkBase; b != "" && b != "/" && strings.HasPrefix(dest, "/") {
		if t, ok := s.otherLocale(dest, b); ok {
			return t
		}
		dest = withoutBase(dest, b)
	}
	return s.resolveImage(from, dest)
}

// resolveImage is resolveLink for an image's source: a site-absolute one
// is read as written, with no layout.Layout.LinkBase taken off
// (Docusaurus's transformImage looks "/docs/img/a.png" up as
// static/docs/img/a.png: "Absolute paths are expected to exist in the
// static folder", its Link's addBaseUrl is for links).
func (s *Site) resolveImage(from *Page, dest string) markup.LinkTarget {
	dest = slashed(dest)
	if m := jekyllBaseURL.FindString(dest); s.Lay.Kind == layout.Jekyll && m != "" {
		dest = cmp.Or(dest[len(m):], "/") // [home]({{ site.url }}) is the home page
	} else if s.Lay.Kind == layout.Jekyll || s.Lay.Kind == layout.Hugo {
		if b := jekyllBasePath(s.Lay.Settings.BaseURL); b != "/" && strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "//") {
			dest = withoutBase(dest, b) // /Guides/a/ typed by hand, as {{ site.baseurl }}/a/
		}
	}
	if s.Lay.HTMLLinks {
		dest = s.htmlPageLink(from, dest)
	}
	if s.links != nil && dest != "" && !strings.HasPrefix(dest, "#") && !strings.HasPrefix(dest, "//") && !strings.HasPrefix(dest, "?") {
		if !hasScheme(dest) {
			return s.resolveByRules(from, dest) // the layout's own rule (pagerules.go)
		}
	}
	if strings.HasPrefix(dest, "/") && !strings.HasPrefix(dest, "//") {
		tg := s.resolveAbs(dest)
		if tg.Problem != "" && s.Lay.Kind == layout.Obsidian {
			// In a vault "/compendium/rules/skills.md" is the note's path
			// from the vault's root (ttrpg-convert-cli writes its rule
			// links so): read as the link without the "/", which finds it
			// there or, moved, by its path's end as a wikilink does.
			if t2 := s.resolveLink(from, strings.TrimLeft(dest, "/")); t2.Problem == "" && t2.Unlinked == "" {
				return t2
			}
		}
		return tg
	}
	if dest == "" || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "?") {
		return linkTo(dest)
	}
	if hasScheme(dest) {
		return linkTo(dest)
	}
	target, frag, _ := strings.Cut(dest, "#")
	if target == "" {
		if frag == "" || strings.HasPrefix(frag, "fn:") || strings.HasPrefix(frag, "fnref:") {
			return linkTo(dest)
		}
		id, ok := s.anchorOf(from, frag)
		if !ok {
			if u, found := s.bookAnchor(from, frag); found {
				return linkTo(u)
			}
			return brokenAnchor("#"+frag, noHeading+" %q on this page", frag)
		}
		return linkTo("#" + id) // "#" for the page's title: its top
	}
	query := ""
	if t, q, found := strings.Cut(target, "?"); found {
		target, query = t, "?"+q
	}
	if s.Lay.Kind == layout.VitePress {
		target = s.pageFileLink(from, target)
	}
	if s.Lay.LinkFile != nil {
		target = s.Lay.LinkFile(from.Rel, target)
	}
	if s.Lay.Kind == layout.Obsidian {
		target = s.obsidianNoteLink(from, target)
	}
	if !s.isPageFile(target) && !s.isHTMLPage(from, target) {
		file := target
		if un, err := url.PathUnescape(file); err == nil {
			file = un
		}
		tg, ok := s.resolveFile(from, file)
		if !ok && s.Lay.FileLinks {
			if u, problem, found := s.resolveFromFile(from, file, query, frag); found {
				return markup.LinkTarget{URL: u, Problem: problem}
			}
		}
		switch {
		case !ok:
			// A folder-style link ("../combat/", "tables"): relative to the
			// page's URL, as a browser reads it, then checked like a link
			// from the site's root.
			abs := path.Join(s.urlDir(from), file)
			if strings.HasSuffix(file, "/") {
				abs += "/"
			}
			tg := s.resolveAbs(abs + query + fragPart(frag))
			if tg.Problem != "" && s.Lay.FileLinks { // the file's folder is where its author looked
				rel := path.Join(path.Dir(from.Rel), file)
				if s.sourceFolder(rel) {
					tg.Problem = fmt.Sprintf("%s/ is a folder without a page (GitHub lists its files; a site has no such listing): link a page or file in it", s.SrcFile(rel))
				} else {
					tg.Problem = fmt.Sprintf("%s is no page, folder or file", s.SrcFile(rel))
				}
			}
			return tg
		case tg.Problem != "":
			// A file that is not beside the page may be where the
			// browser looks, from the page's URL (Jekyll corpora write
			// links that way: ../../assets/x.png from docs/a.md).
			abs := path.Join(s.urlDir(from), file) + query
			if t2 := s.resolveAbs(abs + fragPart(frag)); t2.Problem == "" || frag != "" && s.resolveAbs(abs).Problem == "" {
				return t2 // the page, or its problem: no such #fragment there
			}
			return tg
		case tg.Unlinked != "":
			return tg
		case frag != "":
			return linkTo(tg.URL + query + "#" + frag)
		}
		return linkTo(tg.URL + query)
	}
	if un, err := url.PathUnescape(target); err == nil {
		target = un
	}
	rel := s.bundleRel(s.backIn(path.Join(path.Dir(from.Rel), target)))
	to, ok := s.ByRel[rel]
	if !ok && s.Cfg.Obsidian && !strings.HasPrefix(target, ".") {
		// Obsidian's "absolute path in vault": Compendium/Races/Human.md
		// from any folder (and Hugo's ref: "then relative to the rest of
		// the site").
		if root, found := s.ByRel[s.bundleRel(path.Clean(target))]; found {
			rel, to, ok = s.bundleRel(path.Clean(target)), root, true
		} else if s.unpublished[rel] == "" && s.unpublished[path.Clean(target)] != "" {
			rel = path.Clean(target)
		} else if s.Lay.Kind == layout.Obsidian && s.unpublished[rel] == "" {
			rel, to, ok = s.shortestLink(from, target, rel)
		}
	}
	if !ok && (rel == ".." || strings.HasPrefix(rel, "../")) && !s.inRoots(rel) {
		return broken("points outside %s/", s.Lay.Content)
	}
	switch {
	case !ok && s.unpublished[rel] != "":
		return markup.LinkTarget{Unlinked: s.unlinkedMsg(rel)}
	case !ok && s.Files[rel]:
		// A Markdown file the layout publishes as a file, not a page:
		// Jekyll's LICENSE.md without front matter ("A static file is a
		// file that does not contain any front matter",
		// https://jekyllrb.com/docs/static-files/).
		s.Linked.add(rel)
		return linkTo(s.Cfg.RelURL(s.FileURL(rel)) + query + fragPart(frag))
	case !ok:
		return broken("%s", s.missingMsg(rel))
	}
	u := s.Cfg.RelURL(to.SitePath) + query
	if frag != "" {
		id, found := s.anchorOf(to, frag)
		if !found && !to.Failed { // a page that could not be read has its own error
			return brokenAnchor(u+fragPart(frag), noHeading+" %q in %s", frag, s.SrcFile(rel))
		}
		if !found {
			id = frag
		}
		u += fragPart(id) // none for the page's title
	}
	return linkTo(u)
}

// obsidianNoteLink is target with ".md" added when it names a note without
// its extension ("Dr. Thomas Light" too) and no other file of the vault is
// at that path ("Markdown: [Three
// laws of motion](Three%20laws%20of%20motion) or [Three laws of
// motion](Three%20laws%20of%20motion.md)", https://help.obsidian.md/links),
// so that it resolves as a link to the note's file; otherwise target.
func (s *Site) obsidianNoteLink(from *Page, target string) string {
	if target == "" || strings.HasSuffix(strings.ToLower(target), ".md") || strings.HasSuffix(target, "/") || s.wiki == nil {
		return target
	}
	name := target
	if un, err := url.PathUnescape(name); err == nil {
		name = un
	}
	if tg, ok := s.resolveFile(from, name); ok && tg.Problem == "" { // a file there (published or not)
		return target
	}
	for _, w := range []*wikiIndex{s.wiki, s.unpubWiki} {
		if w == nil {
			continue
		}
		if p, _, _ := w.find(from, name); p != nil {
			return target + ".md"
		}
	}
	return target
}

// shortestLink resolves a Markdown link to a note written in Obsidian's
// "shortest path when possible" format (Songbird.md from any folder:
// "Uses the shortest unique path to the linked file",
// https://help.obsidian.md/settings) as Obsidian resolves it: as the
// wikilink of that name (wikiIndex.find), a published note first, else an
// unpublished one (whose rel the caller reports as not published). rel is
// the link read from the note's folder, returned when neither has it.
func (s *Site) shortestLink(from *Page, target, rel string) (string, *Page, bool) {
	if s.wiki != nil {
		if p, _, _ := s.wiki.find(from, target); p != nil {
			if to, ok := s.ByRel[p.Rel]; ok {
				return p.Rel, to, true
			}
		}
	}
	if s.unpubWiki != nil {
		if p, _, _ := s.unpubWiki.find(from, target); p != nil && s.unpublished[p.Rel] != "" {
			return p.Rel, nil, false
		}
	}
	return rel, nil, false
}

// shortestFile is the vault file (an attachment) that a link names by its
// file name alone from another folder, Obsidian's "shortest path when
// possible" (see shortestLink), found as an embed of that name finds it,
// published or not; rel (the link read from the note's folder) when no
// file has that name.
func (s *Site) shortestFile(from *Page, target, rel string) string {
	for _, w := range []*wikiIndex{s.wiki, s.unpubWiki} {
		if w == nil {
			continue
		}
		if _, _, f := w.find(from, target); f != "" && (s.Files[f] || s.unpublished[f] != "") {
			return f
		}
	}
	return rel
}

// backIn is the content-relative path rel written the short way when it
// leaves the content folder only to come back in ("../src/a.md" from
// mdBook's ../README.md is "a.md"); otherwise rel.
func (s *Site) backIn(rel string) string {
	if !outside(rel) || s.Lay.Content == "." {
		return rel
	}
	if in, ok := strings.CutPrefix(path.Join(s.Lay.Content, rel), s.Lay.Content+"/"); ok {
		return in
	}
	return rel
}

// bundleRel is, in a Hugo site, the page a link to X.md names when there
// is no X.md: the bundle X/index.md (a leaf) or X/_index.md (a branch).
// Hugo's ref and relref name a page by its path, "with or without a file
// extension" (https://gohugo.io/functions/urls/ref/), and a bundle's path
// is its folder's ("about/index.md // <- https://example.org/about/",
// https://gohugo.io/content-management/organization/); the shortcode
// package writes the path as X.md. Otherwise rel as it is.
func (s *Site) bundleRel(rel string) string {
	if s.Lay.Kind != layout.Hugo || !strings.HasSuffix(rel, ".md") {
		return rel
	}
	known := func(rel string) bool {
		_, ok := s.ByRel[rel]
		return ok || s.unpublished[rel] != ""
	}
	if known(rel) {
		return rel
	}
	stem := strings.TrimSuffix(rel, ".md")
	for _, index := range []string{"/index.md", "/" + sectionIndex} {
		if known(stem + index) {
			return stem + index
		}
	}
	return rel
}

// hasScheme reports whether dest parses as a URL with a scheme
// (https:, mailto:): a link elsewhere. A scheme ends at a colon, so a
// link without one (most links of a site: its own pages) is not parsed.
func hasScheme(dest string) bool {
	if !strings.Contains(dest, ":") {
		return false
	}
	u, err := url.Parse(dest)
	return err == nil && u.Scheme != ""
}

// linkTo is a link that resolved to u.
func linkTo(u string) markup.LinkTarget { return markup.LinkTarget{URL: u} }

// broken is a link that did not resolve, and why.
// noHeading says that a link's #fragment names no heading of its page:
// a broken anchor (anchorProblem), which a tool may treat apart from a
// broken link (Docusaurus' onBrokenAnchors).
const noHeading = "no heading with id"

// anchorProblem reports whether a problem is a broken anchor: a link to
// a page that is there, with a #fragment that names none of its headings
// (its reason says so, after what it is of: fragment's "no heading with
// id …", wrapped or not).
func anchorProblem(d Diagnostic) bool {
	return d.Link.Broken() && strings.Contains(": "+d.Link.Reason, ": "+noHeading+" ")
}

func broken(format string, args ...any) markup.LinkTarget {
	return markup.LinkTarget{Problem: fmt.Sprintf(format, args...)}
}

// brokenAnchor is a link to a page that is there whose #fragment names
// none of its headings: broken, and, where broken links are warnings,
// published as a link to the page, fragment and all (u), as the tools
// publish it: the browser opens the page at its top. Docusaurus's
// onBrokenAnchors "defaults to warn" and keeps the link; Obsidian opens
// the note. Left as written, a Markdown link to "Note.md#gone" would be
// a 404 on the site.
func brokenAnchor(u, format string, args ...any) markup.LinkTarget {
	return markup.LinkTarget{URL: u, Problem: fmt.Sprintf(format, args...)}
}

// resolveFromFile resolves a link to a folder or to a file without an
// extension from the folder of the file that holds it, as GitHub does
// (layout.Layout.FileLinks): "../rules/" is the page of the folder rules,
// "LICENSE" the file beside the page. found is false when it names
// neither; the caller then reads the link from the page's URL.
func (s *Site) resolveFromFile(from *Page, file, query, frag string) (url, problem string, found bool) {
	rel := path.Join(path.Dir(from.Rel), file)
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", "", false
	}
	if !strings.HasSuffix(file, "/") && s.Files[rel] {
		s.Linked.add(rel)
		return s.Cfg.RelURL(s.Cfg.BundleURL(rel)) + query + fragPart(frag), "", true
	}
	folder := rel + "/" + sectionIndex
	if rel == "." {
		folder = sectionIndex
	}
	_, sp := s.Cfg.Classify(folder)
	if _, ok := s.ByURL[sp]; !ok {
		return "", "", false
	}
	tg := s.resolveAbs(sp + query + fragPart(frag))
	return tg.URL, tg.Problem, true
}

// bookAnchor resolves a same-page link "#frag" that page from has no
// heading for, in a layout whose pages are the chapters of one book
// (layout.Layout.BookAnchors): to the one other page that has it. Two or
// more pages with it, or none: not found.
func (s *Site) bookAnchor(from *Page, frag string) (string, bool) {
	if !s.Lay.BookAnchors {
		return "", false
	}
	var to *Page
	id := ""
	for _, p := range s.Pages {
		if p == from || p.Copy {
			continue
		}
		if pid, ok := s.anchorOf(p, frag); ok {
			if to != nil {
				return "", false
			}
			to, id = p, pid
		}
	}
	if to == nil {
		return "", false
	}
	return s.Cfg.RelURL(to.SitePath) + fragPart(id), true
}

// withoutBase reads a site-absolute link dest written with the base path
// base ("/docs/") as one from the site's root (layout.Layout.LinkBase),
// as Docusaurus's addBaseUrl does: "/docs" is "/" ("/baseUrl ->
// /baseUrl/"), "/docs/a" is "/a" ("avoid adding the baseurl twice if
// it's already there"); any other link is returned as it is.
func withoutBase(dest, base string) string {
	if dest == strings.TrimSuffix(base, "/") {
		return "/"
	}
	if rest, ok := strings.CutPrefix(dest, base); ok {
		return "/" + rest
	}
	return dest
}

// slashed is dest with its backslashes read as slashes, as a browser
// reads them in an http(s) URL's path (https://url.spec.whatwg.org/#path-state:
// "If url is special and c is U+005C (\)", the segment ends as at "/"),
// the tools writing a destination as it is: \img\x.png loads /img/x.png
// on their sites. A destination with a scheme is left as written.
func slashed(dest string) string {
	if !strings.Contains(dest, `\`) || hasScheme(dest) {
		return dest
	}
	return strings.ReplaceAll(dest, `\`, "/")
}

// jekyllBasePath is the path of a Jekyll site's url + baseurl ("/Guides/"
// for baseurl: "/Guides"), "/" for none: "baseurl: the subpath of your
// site, e.g. /blog" (https://jekyllrb.com/docs/configuration/options/).
// Jekyll writes a link or an image's src as it is, so one typed with that
// path ("/Guides/a/") works on the published site as {{ site.baseurl }}/a/
// does, and names the page at /a/ (withoutBase), images included. So does
// Hugo, of its baseURL's path: "By default, all relative URLs are left
// unchanged by Hugo" (https://gohugo.io/content-management/urls/).
func jekyllBasePath(baseURL string) string {
	u, err := url.Parse(baseURL)
	if err != nil {
		return "/"
	}
	if p := strings.Trim(u.Path, "/"); p != "" {
		return "/" + p + "/"
	}
	return "/"
}

// pageAnyCase is the page whose URL is clean (a cleaned site path) in
// another letter case, with or without its last slash, nil for none
// (layout.Layout.RouteAnyCase); of several, the URL that sorts first. It
// walks every URL: it is asked only of a link that names no page as
// written.
func (s *Site) pageAnyCase(clean string) *Page {
	want := strings.ToLower(strings.TrimSuffix(clean, "/"))
	var best string
	for u := range s.ByURL {
		if strings.ToLower(strings.TrimSuffix(u, "/")) == want && (best == "" || u < best) {
			best = u
		}
	}
	if best == "" {
		return nil
	}
	return s.ByURL[best]
}

// jekyllBaseURL matches Liquid's {{ site.baseurl }}, {{ site.url }} or
// both at the start of a link in a Jekyll page: "site.url: Contains the
// url of your site as it's configured in the _config.yml"
// (https://jekyllrb.com/docs/variables/#site-variables), so the link is
// site-absolute, and sitegen adds the base path itself.
var jekyllBaseURL = regexp.MustCompile(`^(\{\{\s*site\.url\s*\}\})?(\{\{\s*site\.baseurl\s*\}\})?`)

// resolveAbs checks a site-absolute link ("/rules/combat/#cover", as
// MkDocs and Hugo corpora write them, relative to the site's root whatever
// its base URL) and returns it under the base path: it must name a page
// (or an alias of one; "/rules/combat", without the last slash, too), a
// file of content/ or static/ (a stylesheet or script gets its
// content-hashed name), the sitemap or the 404 page. Its fragment must be
// an id of that page. One that names a page or file that is not published
// is Unlinked.
func (s *Site) resolveAbs(dest string) markup.LinkTarget {
	target, frag, _ := strings.Cut(dest, "#")
	target, query, _ := strings.Cut(target, "?")
	if query != "" {
		query = "?" + query
	}
	if un, err := url.PathUnescape(target); err == nil {
		target = un
	}
	clean := path.Clean(target)
	candidates := []string{clean + "/", strings.ToLower(clean) + "/", clean}
	if clean == "/" {
		candidates = []string{"/"}
	} else if (s.Lay.FileURLs || s.Lay.FileURL != nil) && !strings.HasSuffix(clean, ".html") {
		// A tool's page URL written without its .html (VitePress without
		// cleanUrls publishes /guide/intro.html, and links /guide/intro),
		// a dot in its name or not (/v1.4.0guide: a page, not a file of
		// extension .0guide, when the page is there).
		candidates = append(candidates, clean+".html")
		if path.Base(clean) == "index" {
			// A folder's index without its .html (/rules/index): the
			// server finds /rules/index.html, the folder's page.
			candidates = append(candidates, s.htmlFileURL(clean+".html")...)
		}
	}
	if s.isPageFile(clean) || strings.HasSuffix(clean, ".html") { // a source path from the content root
		if p, ok := s.ByRel[s.bundleRel(strings.TrimPrefix(clean, "/"))]; ok {
			candidates = []string{p.SitePath}
		} else if rel := strings.TrimPrefix(clean, "/"); s.unpublished[rel] != "" {
			return markup.LinkTarget{Unlinked: s.unlinkedMsg(rel)}
		} else if s.Lay.FileURLs && strings.HasSuffix(clean, ".html") {
			// A tool's page URL written with .html (VitePress without
			// cleanUrls: /guide/intro.html).
			candidates = append(candidates, strings.TrimSuffix(clean, ".html")+"/")
		} else if strings.HasSuffix(clean, ".html") {
			candidates = append(candidates, s.htmlFileURL(clean)...)
		}
	}
	toPage := func(p *Page) markup.LinkTarget {
		u := s.Cfg.RelURL(p.SitePath) + query
		if frag != "" {
			id, found := s.anchorOf(p, frag)
			if !found && !p.Failed {
				return brokenAnchor(u+fragPart(frag), noHeading+" %q on the page at %s", frag, p.SitePath)
			}
			if !found {
				id = frag
			}
			u += fragPart(id)
		}
		return linkTo(u)
	}
	for _, c := range candidates {
		if p, ok := s.ByURL[c]; ok {
			return toPage(p)
		}
	}
	if s.Lay.RouteAnyCase {
		if p := s.pageAnyCase(clean); p != nil {
			return toPage(p)
		}
	}
	for _, c := range candidates {
		if _, ok := s.listURLs[c]; ok && frag == "" { // a further page of a long list (a blog's /blog/page/2/)
			return linkTo(s.Cfg.RelURL(c) + query)
		}
	}
	rel := strings.TrimPrefix(clean, "/")
	if file, ok := s.FilesByURL[clean]; ok {
		s.Linked.add(file)
		return linkTo(s.Cfg.RelURL(clean) + query + fragPart(frag))
	}
	if s.Files[rel] { // a path from the content root as written: "/Images/map.png" from a repository's root
		s.Linked.add(rel)
		return linkTo(s.Cfg.RelURL(s.Cfg.BundleURL(rel)) + query + fragPart(frag))
	}
	if u, ok := s.staticURL(s.SrcFile(rel)); ok { // the same, a file of a static folder inside the content folder (VitePress's /public/img/a.png: Vite resolves it from the project root)
		return linkTo(u + query + fragPart(frag))
	}
	if rel == "sitemap.xml" || rel == "404.html" || s.feedFiles[rel] || s.isListFeed(rel) {
		return linkTo(s.Cfg.RelURL(clean) + query + fragPart(frag))
	}
	if s.View != nil {
		if u, ok := s.View.Assets[rel]; ok {
			return linkTo(u + query + fragPart(frag))
		}
		if _, ok := s.View.Assets[path.Join(rel, "index.html")]; ok && strings.HasSuffix(target, "/") {
			// A folder's URL, "/admin/": the index.html a static folder
			// publishes there, as a web server serves it (VitePress's
			// public/admin/index.html).
			return linkTo(s.Cfg.RelURL(strings.TrimSuffix(clean, "/")+"/") + query + fragPart(frag))
		}
	}
	for _, c := range append(candidates, clean) {
		if rel, ok := s.unpubURL[c]; ok {
			return markup.LinkTarget{Unlinked: s.unlinkedMsg(rel)}
		}
	}
	if s.unpublished[rel] != "" {
		return markup.LinkTarget{Unlinked: s.unlinkedMsg(rel)}
	}
	if s.Lay.LocaleRoute != nil {
		if sp := s.Lay.LocaleRoute(clean); sp != "" { // another locale's page
			return linkTo(s.wholeSiteURL(sp) + query + fragPart(frag))
		}
	}
	if s.Lay.ToolRoute != nil {
		if why := s.Lay.ToolRoute(strings.TrimSuffix(clean, "/") + "/"); why != "" {
			if !s.Lay.ToolRouteLinks {
				return markup.LinkTarget{Unlinked: fmt.Sprintf("%s is %s: the link is shown as text", clean, why)}
			}
			if strings.HasSuffix(target, "/") && clean != "/" {
				clean += "/"
			}
			u := s.Cfg.RelURL(clean)
			if up := s.Lay.ToolRouteUp; up != "" { // at the whole site's root, not this locale's
				u = s.wholeSiteURL(clean)
			}
			return linkTo(u + query + fragPart(frag))
		}
	}
	return broken("no page or file of this site is at %s", clean)
}

// htmlPageLink reads a link to X.html as one to the page X.md, and one to
// index.html as one to the folder's README.md or index.md, when that page
// exists (layout.HTMLLinks: mdBook writes its pages so); a link to a
// folder's index.md that does not exist is one to its README.md too
// (mdBook's renderer makes it index.html, where the index preprocessor
// writes README.md). Other links are returned as they are.
func (s *Site) htmlPageLink(from *Page, dest string) string {
	target, rest := dest, ""
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		target, rest = dest[:i], dest[i:]
	}
	if strings.Contains(target, "://") || strings.HasPrefix(target, "//") {
		return dest
	}
	ext := ".html"
	if path.Base(target) == "index.md" {
		ext = ".md"
	} else if !strings.HasSuffix(target, ".html") {
		return dest
	}
	un := target
	if u, err := url.PathUnescape(target); err == nil {
		un = u
	}
	stem := strings.TrimSuffix(un, ext)
	tries := []string{stem + ".md"}
	if path.Base(stem) == "index" && !s.Lay.ReadmePage {
		dir := strings.TrimSuffix(stem, "index")
		tries = append(tries, dir+"README.md", dir+"readme.md")
	}
	for _, t := range tries {
		rel := path.Join(path.Dir(from.Rel), t)
		if strings.HasPrefix(t, "/") {
			rel = strings.TrimPrefix(path.Clean(t), "/")
		}
		if _, ok := s.ByRel[rel]; ok {
			return t + rest
		}
	}
	return dest
}

// urlDir is the URL a relative URL in page p resolves from: the page's
// own URL (sitegen serves /a/b/), or, where the layout's tool serves pages
// at URLs like files' (/docs/a/b), the folder of that URL.
func (s *Site) urlDir(p *Page) string {
	if !s.Lay.FileURLs && !p.fileURL || !p.fileURL && s.Lay.SlashURL != nil && s.Lay.SlashURL(p.Rel, p.Meta) {
		return p.SitePath
	}
	if s.Lay.Kind == layout.VitePress && (p.Kind == templates.KindSection || p.Kind == templates.KindHome) {
		return p.SitePath // guide/index.md is served at /guide/
	}
	if stem := path.Base(p.Rel); s.Lay.SlashURL == nil && strings.TrimSuffix(stem, path.Ext(stem)) == "index" && (p.Kind == templates.KindSection || p.Kind == templates.KindHome) {
		// (A layout's SlashURL says so page by page: Docusaurus's
		// trailingSlash: false serves a category's index.md at /classes.)
		return p.SitePath // a folder's index.md is written as its index.html, served at /hiya/
	}
	if p.SitePath == "/" {
		return "/" // the site's root has no folder above it
	}
	return path.Dir(strings.TrimSuffix(p.SitePath, "/")) + "/"
}

// pageFileLink reads a VitePress link the way VitePress does: a relative
// link names a page's file with or without its extension (./getting-started,
// ./getting-started.html, ./guide/ for guide/index.md), resolved from the
// linking file's folder. It returns the link to the page's .md file when
// there is one, else target as it is.
func (s *Site) pageFileLink(from *Page, target string) string {
	if target == "" || strings.Contains(target, ":") {
		return target
	}
	file, rest := target, ""
	if i := strings.IndexAny(target, "#?"); i >= 0 {
		file, rest = target[:i], target[i:]
	}
	if file == "" || s.isPageFile(file) {
		return target
	}
	un := file
	if u, err := url.PathUnescape(file); err == nil {
		un = u
	}
	dir := path.Dir(from.Rel)
	stem := strings.TrimSuffix(un, ".html")
	var tries []string
	if strings.HasSuffix(un, "/") {
		tries = []string{un + "index.md"}
	} else {
		// With or without a dot in the name: ./v1.4.0guide is
		// v1.4.0guide.md where that page is (VitePress takes a link for a
		// page's unless its extension is an asset's).
		tries = []string{stem + ".md", stem + "/index.md"}
	}
	for _, t := range tries {
		if _, ok := s.ByRel[path.Join(dir, t)]; ok || s.unpublished[path.Join(dir, t)] != "" {
			return t + rest
		}
	}
	return target
}

// isHTMLPage reports whether the relative link target names a page
// written in HTML (a Jekyll page: about.html with front matter).
func (s *Site) isHTMLPage(from *Page, target string) bool {
	if !strings.HasSuffix(target, ".html") {
		return false
	}
	if un, err := url.PathUnescape(target); err == nil {
		target = un
	}
	_, ok := s.ByRel[path.Join(path.Dir(from.Rel), target)]
	return ok
}

// htmlFileURL is the page URL a link to the HTML file clean (a site path
// ending in .html) names, as the tool writes its pages: every page at
// /a/b/ is the file /a/b/index.html, and a page the layout's tool writes
// as a file (layout.Layout.FileURL: Jekyll's pages without a pretty
// permalink, /a/b.html) is /a/b.html, where sitegen serves it at /a/b/.
func (s *Site) htmlFileURL(clean string) []string {
	if path.Base(clean) == "index.html" {
		return []string{strings.TrimSuffix(path.Dir(clean), "/") + "/"}
	}
	if p, ok := s.ByURL[strings.TrimSuffix(clean, ".html")+"/"]; ok && p.fileURL {
		return []string{p.SitePath}
	}
	return nil
}

// fragPart is "#frag", or "" for no fragment.
func fragPart(frag string) string {
	if frag == "" {
		return ""
	}
	return "#" + frag
}

// otherLocale is the link to another locale's page of the site-absolute
// link dest written without this locale's LinkBase b ("/guide/a" on a
// page of VitePress's fr/, whose links are read from the whole site's
// root: the root's page, even where fr has one of that path), as
// layout.Layout.LocaleRoute gives it; false when it is none.
func (s *Site) otherLocale(dest, b string) (markup.LinkTarget, bool) {
	if s.Lay.LocaleRoute == nil || strings.HasPrefix(dest, b) || dest+"/" == b {
		return markup.LinkTarget{}, false
	}
	target, rest := dest, ""
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		target, rest = dest[:i], dest[i:]
	}
	sp := s.Lay.LocaleRoute(target)
	if sp == "" {
		return markup.LinkTarget{}, false
	}
	return linkTo(s.wholeSiteURL(sp) + rest), true
}

// wholeSiteURL is the URL of site path sp from the whole site's root,
// not this locale's (layout.Layout.ToolRouteUp: the folder it is built
// in).
func (s *Site) wholeSiteURL(sp string) string {
	return strings.TrimSuffix(strings.TrimSuffix(s.Cfg.RelURL("/"), s.Lay.ToolRouteUp), "/") + EscapePath(sp)
}

// sourceFolder reports whether content-relative rel is a folder of the
// source that holds files but no published page (build scripts, sources):
// a file of it is among the content's files, published or not.
func (s *Site) sourceFolder(rel string) bool {
	prefix := strings.TrimSuffix(rel, "/") + "/"
	if prefix == "/" || strings.HasPrefix(prefix, "../") {
		return false
	}
	for f := range s.Files {
		if strings.HasPrefix(f, prefix) {
			return true
		}
	}
	for f := range s.unpublished {
		if strings.HasPrefix(f, prefix) {
			return true
		}
	}
	return false
}
