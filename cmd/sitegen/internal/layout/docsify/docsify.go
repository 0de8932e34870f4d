// Package docsify recognises a folder of Markdown that is a docsify site
// (https://docsify.js.org): an index.html at its root that loads docsify.
// docsify renders the folder's Markdown in the browser; its own files are
// not pages (https://github.com/docsifyjs/docsify/blob/main/docs/configuration.md):
// loadSidebar "Loads sidebar from the Markdown file _sidebar.md",
// loadNavbar "Loads navbar from the Markdown file _navbar.md", and
// coverpage the cover from _coverpage.md, in any folder (a folder's own
// _sidebar.md is its sidebar). The root's _sidebar.md ("- [Page 1](page-1.md)",
// "- Section Header 1" over a nested list, https://docsify.js.org/#/more-pages)
// is the navigation as written: its nesting, order and labels, its
// section headers as headings over their lists (layout.NavAsWritten);
// a page it does not list is published, as docsify serves every file, and
// is not in the navigation. A folder's own _sidebar.md is the navigation
// of the pages in it and in the folders below without one of their own,
// as docsify loads the nearest (folderSidebar), unless window.$docsify's
// alias sends every folder's to the root's. The rest is the folder of Markdown's
// layout (layout.Folder). Of the settings in window.$docsify
// (https://docsify.js.org/#/configuration), read as text (ReadSettings)
// from index.html or, for what it leaves unset, from the script files of
// the site's folder that it loads (<script src="./config.js">,
// scriptSettings), name is the site's title and homepage the home page's
// file.
// A page in a folder named with "_" is published, as docsify serves
// every file, but kept out of the navigation (underscoreUnlisted).
package docsify

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
)

// underscoreUnlisted keeps a page in a folder whose name starts with "_"
// (_assets/, _media/) out of the navigation: docsify serves the folder as
// it is (its quick start adds .nojekyll "to prevent GitHub Pages from
// ignoring files that begin with an underscore"), so the page is
// published at its URL, but its navigation is _sidebar.md, which does not
// list such folders, and its own files are _-named.
func underscoreUnlisted(_ map[string]any, rel string) string {
	dir, _ := path.Split(rel)
	for _, seg := range strings.Split(dir, "/") {
		if strings.HasPrefix(seg, "_") {
			return "in a folder named with _ (" + seg + "/): docsify serves it, its sidebar does not list it"
		}
	}
	return ""
}

// Files are docsify's own Markdown files, which are not pages.
var Files = []string{"_sidebar.md", "_navbar.md", "_coverpage.md"}

// maxIndex bounds how much of index.html is read to recognise docsify.
const maxIndex = 1 << 20

// Roots are where a docsify site's index.html is looked for, in order: the
// folder itself, then docs/, where docsify's deployment guide puts it ("It
// is recommended that you save your files to the ./docs subfolder of the
// main branch of your repository", https://docsify.js.org/#/deploy).
var Roots = []string{".", "docs"}

// Recognise returns the layout of the docsify site at dir (or in its
// docs/ folder: Roots), or nil when neither has an index.html that loads
// docsify. A site in docs/ is that folder: its pages, sidebar and
// settings; the rest of the repository is not published.
func Recognise(dir string) (*layout.Layout, error) {
	var raw []byte
	root := ""
	for _, r := range Roots {
		index := path.Join(r, "index.html")
		if !layout.Exists(dir, index, false) {
			continue
		}
		b, err := layout.ReadSetting(dir, index)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(b) > maxIndex {
			b = b[:maxIndex]
		}
		if bytes.Contains(bytes.ToLower(b), []byte("docsify")) {
			raw, root = b, r
			break
		}
	}
	if root == "" {
		return nil, nil
	}
	l := layout.Folder()
	l.Content = root
	if err := l.ReadGitignore(dir, layout.GitBase); err != nil {
		return nil, err
	}
	l.ExcludeNames = append(l.ExcludeNames, Files...)
	l.Unlisted = underscoreUnlisted
	// docsify shows no date of a page's last change unless the page
	// writes {docsify-updated} (https://docsify.js.org/#/configuration?id=formatupdated).
	l.LastUpdated = layout.UpdatedBy(false)
	l.Read = append(l.Read, "docsify ("+path.Join(root, "index.html")+"): _sidebar.md, _navbar.md, _coverpage.md are not pages")
	st := ReadSettings(raw)
	nameFrom, homeFrom := "", ""
	if st.Name == "" || st.Homepage == "" {
		// window.$docsify assigned in a script file of the site's own
		// (<script src="./config.js">): its values fill what index.html
		// leaves unset.
		from, err := scriptSettings(dir, root, raw)
		if err != nil {
			return nil, err
		}
		for _, f := range from {
			if st.Name == "" && f.Name != "" {
				st.Name, nameFrom = f.Name, " ("+f.file+")"
			}
			if st.Homepage == "" && f.Homepage != "" {
				st.Homepage, homeFrom = f.Homepage, " ("+f.file+")"
			}
		}
	}
	if st.Name != "" {
		l.Settings.Title = st.Name
		l.Read = append(l.Read, "name"+nameFrom)
	}
	if home := homeFile(st.Homepage); home != "" && layout.Exists(dir, path.Join(root, home), false) {
		l.Home = home
		l.Read = append(l.Read, "homepage "+home+homeFrom)
	}
	sidebar := path.Join(root, Files[0])
	side, err := layout.ReadSetting(dir, sidebar)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		l.Nav, l.NavFile = ParseSidebar(side), sidebar
		l.NavAsWritten = true
		l.Read = append(l.Read, fmt.Sprintf("%s (%d entries)", sidebar, len(l.Nav)))
	}
	if rootAlias.Match(raw) {
		l.Read = append(l.Read, "alias: every page's sidebar is the root's")
	} else {
		relative := relativePath.Match(raw)
		l.FolderNav = func(d string) ([]layout.NavEntry, string, error) { return folderSidebar(dir, root, d, relative) }
	}
	return l, nil
}

// relativePath is docsify's relativePath: true ("If true, links are
// relative to the current context",
// https://docsify.js.org/#/configuration?id=relativepath): a folder's
// sidebar links from that folder.
var relativePath = regexp.MustCompile(`\brelativePath\s*:\s*true\b`)

// rootAlias is docsify's alias that sends every folder's _sidebar.md to
// the root's ("You can specify `alias` to avoid unnecessary fallback":
// '/.*/_sidebar.md': '/_sidebar.md').
var rootAlias = regexp.MustCompile(`["']/\.\*/_sidebar\.md["']\s*:\s*["']/?_sidebar\.md["']`)

// folderSidebar reads the _sidebar.md of the content-relative folder d of
// the docsify site at root in dir: docsify's nested sidebars ("`_sidebar.md`
// is loaded from each level directory. If the current directory doesn't
// have `_sidebar.md`, it will fall back to the parent directory",
// https://docsify.js.org/#/more-pages?id=nested-sidebars). Its links are
// from the site's root, as the root sidebar's, unless relative (docsify's
// relativePath, off by default): then from d. Nil entries when d has none.
func folderSidebar(dir, root, d string, relative bool) ([]layout.NavEntry, string, error) {
	file := path.Join(root, d, Files[0])
	if !layout.Exists(dir, file, false) {
		return nil, "", nil
	}
	side, err := layout.ReadSetting(dir, file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, "", nil
		}
		return nil, file, err
	}
	base := ""
	if relative {
		base = d
	}
	return ParseSidebarFrom(side, base), file, nil
}

// maxScripts bounds how many of index.html's local scripts are read for
// window.$docsify.
const maxScripts = 8

// scriptSrc finds the src of each <script> element of index.html.
var scriptSrc = regexp.MustCompile(`(?i)<script\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']`)

// fileSettings are the Settings one script file gives, and that file.
type fileSettings struct {
	Settings
	file string
}

// scriptSettings reads the settings of window.$docsify from the script
// files of the site's own folder (root, in dir) that its index.html (raw)
// loads, in their order: a src that is a path in root (./config.js, js/settings.js,
// /config.js), not a URL of another site, not above dir, not hidden. Each
// is read as text through layout.ReadSetting, as index.html is (a link out
// of the folder is an error; a missing file is skipped), and only a file
// that assigns window.$docsify gives settings.
func scriptSettings(dir, root string, raw []byte) ([]fileSettings, error) {
	var out []fileSettings
	for i, m := range scriptSrc.FindAllSubmatch(raw, -1) {
		if i == maxScripts {
			break
		}
		rel := localScript(string(m[1]))
		if rel == "" {
			continue
		}
		src, err := layout.ReadSetting(dir, path.Join(root, rel))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if !bytes.Contains(src, []byte("$docsify")) {
			continue
		}
		if st := ReadSettings(src); st != (Settings{}) {
			out = append(out, fileSettings{st, rel})
		}
	}
	return out, nil
}

// localScript returns the slash path in the site's folder that a script
// src names, or "" for a URL of another site (https://…, //cdn…), a path
// above the folder or through a hidden name.
func localScript(src string) string {
	src = strings.TrimSpace(src)
	if src == "" || strings.Contains(src, "://") || strings.HasPrefix(src, "//") || strings.HasPrefix(src, "data:") {
		return ""
	}
	src, _, _ = strings.Cut(src, "?")
	src, _, _ = strings.Cut(src, "#")
	if u, err := url.PathUnescape(src); err == nil {
		src = u
	}
	if strings.HasPrefix(src, "/") {
		src = src[1:]
	}
	rel := path.Clean(src)
	if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") {
		return ""
	}
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, ".") {
			return ""
		}
	}
	return rel
}

// ParseSidebar reads a docsify _sidebar.md: nested lists whose items are a
// link to a page ([Title](page.md), the title its label) or a section
// header's text over a nested list. A link's path is relative to the
// site's root: "/" and "" are README.md, a folder ("guide/") its
// README.md, a route without an extension its .md file; links out of the
// site are left out.
func ParseSidebar(src []byte) []layout.NavEntry { return ParseSidebarFrom(src, "") }

// ParseSidebarFrom is ParseSidebar for a sidebar whose links, but those
// written from the root ("/rules/"), are from the content-relative folder
// base (docsify's relativePath).
func ParseSidebarFrom(src []byte, base string) []layout.NavEntry {
	doc := goldmark.New().Parser().Parse(text.NewReader(src))
	var out []layout.NavEntry
	var list func(l *ast.List, depth int)
	list = func(l *ast.List, depth int) {
		for item := l.FirstChild(); item != nil; item = item.NextSibling() {
			block := item.FirstChild()
			if block == nil {
				continue
			}
			line := lineOf(src, block)
			if link, ok := block.FirstChild().(*ast.Link); ok {
				if rel, ok := pagePath(fromBase(base, markup.Destination(link.Destination))); ok {
					out = append(out, layout.NavEntry{Path: rel, Title: strings.TrimSpace(markup.PlainText(link, src)), Depth: depth, Line: line})
				}
			} else if _, isList := block.(*ast.List); !isList {
				out = append(out, layout.NavEntry{Title: strings.TrimSpace(markup.PlainText(block, src)), Depth: depth, Line: line})
			}
			for c := item.FirstChild(); c != nil; c = c.NextSibling() {
				if sub, ok := c.(*ast.List); ok {
					list(sub, depth+1)
				}
			}
		}
	}
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		if l, ok := n.(*ast.List); ok {
			list(l, 0)
		}
	}
	return out
}

// fromBase is the link dest written in a sidebar whose links are from the
// folder base, as a link from the root: dest itself when base is "", or
// dest is from the root ("/guide/"), another site's or a hash route.
func fromBase(base, dest string) string {
	if base == "" || strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "#") || strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") {
		return dest
	}
	return base + "/" + dest
}

// pagePath is the content-relative Markdown file a sidebar link names.
func pagePath(dest string) (string, bool) {
	if strings.Contains(dest, "://") || strings.HasPrefix(dest, "mailto:") {
		return "", false
	}
	dest = strings.TrimPrefix(dest, "#") // a hash route: #/guide
	if i := strings.IndexAny(dest, "?#"); i >= 0 {
		dest = dest[:i]
	}
	if u, err := url.PathUnescape(dest); err == nil {
		dest = u
	}
	folder := dest == "" || strings.HasSuffix(dest, "/")
	rel := strings.TrimPrefix(path.Clean("/"+dest), "/") // from the site's root, which a URL cannot climb out of
	switch {
	case rel == "":
		return "README.md", true
	case folder:
		return rel + "/README.md", true
	case path.Ext(rel) == "":
		return rel + ".md", true
	}
	return rel, true
}

// lineOf is the 1-based line where block n starts.
func lineOf(src []byte, n ast.Node) int {
	if lines := n.Lines(); lines != nil && lines.Len() > 0 {
		return bytes.Count(src[:lines.At(0).Start], []byte("\n")) + 1
	}
	return 0
}
