package content

import (
	"fmt"
	"path"
	"strings"

	"d6codex/cmd/sitegen/internal/markup/tag"
)

// The one check of the URLs a build makes from what an editor wrote:
// aliases (Hugo's and sitegen's aliases:, Jekyll's redirect_from:),
// Jekyll's permalink: and tag pages. Such a URL may not
//
//   - hold "..", or a hidden name (".well-known", ".git", the output's
//     marker ".sitegen": the host's and the deploy's, never sitegen's);
//   - be a name the output keeps at its root: the host's CNAME file (in
//     any case), the 404 page, sitemap.xml, the service worker, or a path
//     in the search index's folder;
//   - be, or lie under, a file of the site: a page's own file
//     ("/b/index.html" when /b/ is a page, "/index.html"), a content file
//     beside the pages, a file of static/ or the theme (checked as they
//     are written, see checkAliasFiles);
//   - be the URL of a page or another alias (checkURLs: "duplicate URL").
//
// A URL that breaks a rule is an error at the field that made it, naming
// what it would replace, and nothing is published. A tag name Obsidian
// would not accept ("..", "x/../../rules", "index.html") makes no tag page.

// reservedRoot are the names at the root of the output that a build
// writes or a host keeps, in lower case, and what they are.
var reservedRoot = map[string]string{
	"cname":       "the name the output keeps for the host's CNAME file",
	NotFoundHTML:  "the name of the site's 404 page",
	"sitemap.xml": "the name of the site's sitemap.xml",
	SwFile:        "the name of the site's service worker",
}

// urlProblem says why the URL written (as the editor wrote it; decoded,
// its percent-escapes undone) that becomes site path sp may not be made,
// or "" when it may (as far as names go; clashes with files are checked
// once the pages are known).
func urlProblem(written, decoded, sp string) string {
	for _, seg := range strings.Split(strings.ReplaceAll(decoded, `\`, "/"), "/") {
		if seg == ".." {
			return fmt.Sprintf("%q holds \"..\": a URL of this site is written from its root, without it", written)
		}
	}
	segs := strings.Split(strings.Trim(sp, "/"), "/")
	for _, seg := range segs {
		if strings.HasPrefix(seg, ".") {
			return fmt.Sprintf("%q holds the hidden name %q: hidden names in the output are the host's and the deploy's (.well-known/, .git), never a page's", written, seg)
		}
	}
	first := strings.ToLower(segs[0])
	if len(segs) == 1 {
		if what, ok := reservedRoot[first]; ok {
			return fmt.Sprintf("%q is %s", written, what)
		}
	}
	if first == SearchDir && len(segs) > 1 || first == SearchDir && !strings.HasSuffix(sp, "/") {
		return fmt.Sprintf("%q is inside %s/, the site's search index", written, SearchDir)
	}
	return ""
}

// tagNameProblem says why a tag of front matter makes no tag page, or ""
// when it is a tag name as Obsidian reads one
// (https://help.obsidian.md/Editing+and+formatting/Tags, "Tag format":
// letters, numbers, "_", "-" and "/" for nested tags, "at least one
// non-numerical character", no blank space), nested names not empty.
func tagNameProblem(name string) string {
	if tag.Scan([]byte("#"+name)) == name && !strings.HasPrefix(name, "/") && !strings.HasSuffix(name, "/") && !strings.Contains(name, "//") {
		return ""
	}
	return fmt.Sprintf("%q is not a tag name Obsidian accepts (letters, numbers, _, - and / between nested names, not only numbers): no tag page", name)
}

// fileProblem says which file of the site the output file op (or a folder
// on its way) already is, or "": a page's own file (pageFiles, output path
// -> page) or a content file beside the pages.
func (s *Site) fileProblem(written, op string, pageFiles map[string]*Page, describe func(*Page) string) string {
	if p, ok := pageFiles[op]; ok {
		return fmt.Sprintf("%q is the file of the page %s", written, describe(p))
	}
	for d := op; d != "." && d != ""; d = path.Dir(d) {
		if rel, ok := s.FilesByURL["/"+d]; ok {
			return fmt.Sprintf("%q is the file %s", written, s.SrcFile(rel))
		}
	}
	return ""
}

// CheckAliasFiles reports the aliases whose file would replace a file the
// output already has (a file of static/ or the theme, a generated file),
// or lie under one; has reports whether the output has a file. The
// aliases concerned are dropped (sitegen's own, with no key, silently).
func (s *Site) CheckAliasFiles(has func(string) bool) {
	for _, p := range s.Pages {
		keep := p.Aliases[:0]
		for _, a := range p.Aliases {
			op, bad := OutputPath(a.SitePath), ""
			for d := op; d != "." && d != "" && bad == ""; d = path.Dir(d) {
				if has(d) {
					bad = d
				}
			}
			if bad != "" {
				// sitegen's own redirect (no key: the root's, to a home
				// page under a path) yields to the site's file there
				// (Starlight's public/index.html), as the tool has none.
				if a.key != "" {
					s.Diag.Addf(p.File, a.line, a.col, a.key, "%q is the file /%s of static/ or the theme", a.written, bad)
				}
				continue
			}
			keep = append(keep, a)
		}
		p.Aliases = keep
	}
}
