package content

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/templates"
)

// Front matter and settings that other tools' corpora use to place pages:
// Jekyll's redirect_from: and permalink:, just-the-docs' nav_order,
// parent and grand_parent, Hugo's aliases: (read in readFields) and
// MkDocs' nav: (in the layout's settings).

// navOrderScale turns just-the-docs' nav_order (any number: 1, 2.5) into
// a weight: siblings keep their order, fractions included; navOrderBase
// keeps nav_order: 0 a weight (0 is none), before 1 as just-the-docs puts
// it.
const (
	navOrderScale = 1000
	navOrderBase  = 1 << 40
)

// byNavText orders pages by just-the-docs' nav_order given as text:
// after the numbers (a weight, byWeight) and before the pages without one
// ("Pages with numerical nav_order parameters always come before those
// with strings or default nav_order parameters",
// https://just-the-docs.com/docs/navigation/main/order/), compared as its
// _includes/components/nav/sorted.html does: Jekyll 4's sort ("nav_order")
// unless nav_sort: case_insensitive, then Liquid's sort_natural (fold).
func byNavText(a, b *Page, fold bool) int {
	ta, tb := a.navOrderText, b.navOrderText
	switch {
	case ta == tb:
		return 0
	case ta == "":
		return 1
	case tb == "":
		return -1
	case fold: // sort_natural: a.to_s.casecmp(b.to_s)
		return rubyCasecmp(ta, tb)
	}
	return jekyllSortCompare(ta, tb)
}

// byJTDTitle orders two sibling pages without a nav_order (no weight,
// no text nav_order; 0 for any other two) by their titles as
// just-the-docs' _includes/components/nav/sorted.html does: a title
// that is a number comes before those that are text ("we sort numbers
// and strings separately. We sort numbers by their values, and strings
// lexicographically"), the numbers by value; the texts by Jekyll 4's
// sort ("title"), unless nav_sort: case_insensitive, then Liquid's
// sort_natural (casecmp, which folds ASCII letters only). Pages whose
// titles compare equal, or that share a nav_order, keep the order of
// site.html_pages, which Jekyll's Reader#sort_files! sorts by file name
// (jekyllName): Ruby's sort on glibc's qsort_r is stable (checked with
// jekyll build 4.3: nav_order: 1 on a.md "Zeta" and z.md "Alpha" lists
// Zeta first). A title is read as a number when it looks like one
// (jekyllNumber): the page keeps its title as text (readFields), so a
// quoted title: "10", which the theme sorts as text, is taken for a
// number too.
func byJTDTitle(a, b *Page, fold bool) int {
	if a.weight != 0 || b.weight != 0 || a.navOrderText != "" || b.navOrderText != "" {
		return 0
	}
	na, aNum := jekyllNumber(a.Title)
	nb, bNum := jekyllNumber(b.Title)
	switch {
	case aNum && bNum:
		return cmp.Compare(na, nb)
	case aNum:
		return -1
	case bNum:
		return 1
	case fold:
		return rubyCasecmp(a.Title, b.Title)
	}
	return jekyllSortCompare(a.Title, b.Title)
}

// jekyllName is what Jekyll's Reader#sort_files! orders site.pages by
// (site.pages.sort_by!(&:name)): the page's file name with its
// extension, a folder's name for a section without a file.
func jekyllName(p *Page) string {
	if p.File != "" {
		return path.Base(p.Rel)
	}
	return p.name()
}

// rubyCasecmp compares a and b as Ruby's String#casecmp does: byte by
// byte with the ASCII letters A-Z read as a-z, no other folding.
func rubyCasecmp(a, b string) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		ca, cb := a[i], b[i]
		if 'A' <= ca && ca <= 'Z' {
			ca += 'a' - 'A'
		}
		if 'A' <= cb && cb <= 'Z' {
			cb += 'a' - 'A'
		}
		if ca != cb {
			return cmp.Compare(ca, cb)
		}
	}
	return cmp.Compare(len(a), len(b))
}

// Jekyll's Filters::FLOAT_LIKE and INTEGER_LIKE: what its sort reads as
// a number (parse_sort_input).
var (
	jekyllFloatLike = regexp.MustCompile(`^\s*-?(?:\d+\.?\d*|\.\d+)\s*$`)
	jekyllIntLike   = regexp.MustCompile(`^\s*-?\d+\s*$`)
)

// jekyllSortCompare compares two texts as Jekyll 4's sort filter does
// (Filters#sort_input): each that looks like a number is that number
// (parse_sort_input), two numbers compare by value, anything else as
// the texts ("a <=> b || a.to_s <=> b.to_s").
func jekyllSortCompare(a, b string) int {
	na, aNum := jekyllNumber(a)
	nb, bNum := jekyllNumber(b)
	if aNum && bNum {
		return cmp.Compare(na, nb)
	}
	if aNum {
		a = rubyNumberText(a, na)
	}
	if bNum {
		b = rubyNumberText(b, nb)
	}
	return cmp.Compare(a, b)
}

// jekyllNumber is s as parse_sort_input reads it, and whether it is a
// number.
func jekyllNumber(s string) (float64, bool) {
	if !jekyllFloatLike.MatchString(s) {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return f, err == nil
}

// rubyNumberText is Ruby's to_s of the number parse_sort_input makes of s:
// an Integer's digits, a Float's with its ".0".
func rubyNumberText(s string, f float64) string {
	if jekyllIntLike.MatchString(s) {
		return strconv.FormatInt(int64(f), 10)
	}
	t := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(t, ".") {
		t += ".0"
	}
	return t
}

// readDialectFields reads the placement fields of the layout's tool.
func (s *Site) readDialectFields(p *Page, r *fieldReader) {
	if s.Lay.Kind == layout.Quartz {
		quartzFields(r.m)
	}
	if p.weight == 0 {
		order := r.m["nav_order"]
		if order == nil && s.Lay.NavOrder != nil {
			order = s.Lay.NavOrder(p.Rel, r.m)
		}
		switch v := order.(type) {
		case int:
			p.weight = navOrderBase + v*navOrderScale
		case int64:
			p.weight = navOrderBase + int(v)*navOrderScale
		case uint64:
			p.weight = navOrderBase + int(v)*navOrderScale
		case float64:
			p.weight = navOrderBase + int(math.Round(v*navOrderScale))
		case string:
			if s.Lay.Kind == layout.Jekyll {
				p.navOrderText = v
			}
		}
	}
	p.navExclude, _ = r.m["nav_exclude"].(bool)
	if s.Lay.Kind == layout.Hugo {
		// "linkTitle: Typically a shorter version of the title", what
		// menus show (.LinkTitle); Hugo's front matter keys are read in
		// any case.
		for k, v := range r.m {
			if strings.EqualFold(k, "linkTitle") {
				p.navTitle, _ = v.(string)
			}
		}
	}
	if s.Lay.BadDates != nil {
		for _, key := range s.Lay.BadDates(r.m) {
			line, col := r.locate(key)
			s.Warn.Addf(p.File, line, col, key, "%v is not a date the site's tool reads: it builds the page as if it had no %s, and so does sitegen", r.m[key], key)
		}
	}
	p.SearchExclude, _ = r.m["search_exclude"].(bool)
	p.parentTitle, _ = r.m["parent"].(string)
	p.grandParent, _ = r.m["grand_parent"].(string)
	if key := s.Lay.Redirects; key != "" && key != "aliases" {
		for _, a := range r.stringOrList(key) {
			line, col := r.locate(key)
			s.addAlias(p, a, key, line, col)
		}
	}
	if s.Lay.Kind == layout.Jekyll {
		// jekyll-redirect-from: "Sometimes, you may want to redirect a
		// site page to a totally different website. This plugin also
		// supports that with the redirect_to key": the page's URL is a
		// redirect there, its text not shown.
		if to := r.stringOrList("redirect_to"); len(to) > 0 {
			if u, err := url.Parse(to[0]); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
				p.RedirectTo = to[0]
			} else {
				line, col := r.locate("redirect_to")
				s.Warn.Addf(p.File, line, col, "redirect_to", "%q is not an http or https URL: the page is shown, not a redirect", to[0])
			}
		}
	}
	pl, _ := r.m["permalink"].(string)
	if s.Lay.Kind == layout.Jekyll && strings.TrimSpace(pl) != "" && !strings.HasPrefix(pl, "/") && !strings.Contains(pl, ":") {
		// Jekyll reads a permalink without its leading slash from the
		// site's root (URL#sanitize_url: "/#{str}"): permalink: date is
		// /date.html, not a style's name (those are the site's
		// permalink: setting's).
		pl = "/" + pl
	}
	if strings.HasPrefix(pl, "/") && !strings.Contains(pl, ":") {
		line, col := r.locate("permalink")
		sp := aliasPath(pl)
		// The corpus's own 404 page takes /404.html whatever it says; a
		// Jekyll page anywhere becomes it with permalink: /404.html
		// ("Configuring the custom 404 page",
		// https://jekyllrb.com/tutorials/custom-404-page/; takeNotFound).
		notFound := p.Rel == s.notFoundMD() || p.Rel == NotFoundHTML || s.Lay.Kind == layout.Jekyll && sp == "/"+NotFoundHTML
		if problem := urlProblem(pl, pl, sp); problem != "" && !notFound {
			s.Diag.Addf(p.File, line, col, "permalink", "%s", problem)
			return
		}
		p.SitePath, p.permalink = sp, alias{SitePath: sp, line: line, col: col, key: "permalink", written: pl}
	}
}

// stringOrList reads a field that is one string or a list of strings.
func (r *fieldReader) stringOrList(key string) []string {
	if s, ok := r.m[key].(string); ok {
		return []string{s}
	}
	return r.strings(key)
}

// aliasPath is the site path of a redirect or permalink: "/old/" for
// "/old" and "/old/", "/old.html" kept as a file.
func aliasPath(a string) string {
	sp := path.Clean("/" + strings.TrimSpace(a))
	if sp == "/" {
		return sp
	}
	if ext := path.Ext(sp); ext == ".html" || ext == ".htm" {
		return sp
	}
	return sp + "/"
}

// navFolder is what the navigation says of a folder's section: the title
// and place of the group of entries whose pages are all in it.
type navFolder struct {
	title      string
	weight     int
	fold, open bool // the group folds, and starts open (layout.NavEntry.Collapsible, Open)
}

// applyNav gives the pages that the layout's navigation names (MkDocs'
// nav:) its order and titles, and a group of entries ("Spells:" and a
// list) its title and place to the section of the folder its pages share;
// pages it does not name follow them.
func (s *Site) applyNav() {
	s.navFolders = map[string]navFolder{}
	if s.Lay.Rules != nil {
		s.resolveNavIDs(append(slices.Collect(maps.Values(s.ByRel)), s.unpubPages...))
	}
	if s.Lay.Kind == layout.Jekyll && s.Lay.NavAsWritten {
		s.resolveNavLinks(slices.Collect(maps.Values(s.ByRel)))
	}
	for i, e := range s.Lay.Nav {
		if e.Path != "" {
			continue
		}
		common := ""
		for j, first := i+1, true; j < len(s.Lay.Nav) && s.Lay.Nav[j].Depth > e.Depth; j++ {
			dir := path.Dir(s.Lay.Nav[j].Path)
			if t := s.Lay.Nav[j].Tree; t != "" {
				dir = path.Clean(t) // a folder's page tree (Starlight's autogenerate): that folder
			} else if s.Lay.Nav[j].Path == "" {
				continue
			}
			if first {
				common, first = dir, false
			} else {
				common = commonDir(common, dir)
			}
		}
		if common != "" && common != "." {
			if _, taken := s.navFolders[common]; !taken {
				s.navFolders[common] = navFolder{title: e.Title, weight: i + 1, fold: e.Collapsible, open: e.Open}
			}
		}
	}
	if s.Lay.Rules == nil {
		// A folder no group names (docsify's pages/, above the sidebar's
		// groups) takes the place of its first page in the navigation,
		// and keeps its title.
		for i, e := range s.Lay.Nav {
			for d := path.Dir(e.Path); e.Path != "" && d != "." && d != "/"; d = path.Dir(d) {
				if _, taken := s.navFolders[d]; !taken {
					s.navFolders[d] = navFolder{weight: i + 1}
				}
			}
		}
	}
	for _, p := range s.ByRel {
		if f, ok := s.navFolders[p.dir()]; ok && p.Kind == templates.KindSection {
			if s.Lay.Rules != nil {
				s.navPlace(p, f.title, f.weight)
				continue
			}
			if f.title != "" && f.title != p.Title {
				if s.Lay.Kind == layout.MkDocs {
					// MkDocs titles the page by its own title (title:, the
					// # heading of its first line, else its file's name,
					// "Index"): the section's title labels the group it
					// stands for, not the page (Kobold Archives'
					// people/races/index.md, "title: Race and Heritage"
					// under "- Races:").
					p.navTitle = f.title
					continue
				}
				if p.DropH1 && p.Heading == "" {
					p.Heading = p.Title // the page's own # heading stays its visible heading
				}
				p.Title = f.title
			}
			if p.weight == 0 {
				p.weight = f.weight
			}
		}
	}
	placed := map[*Page]bool{}
	named := map[*Page]bool{}
	for i, e := range s.Lay.Nav {
		p, ok := s.ByRel[e.Path]
		if !ok || e.Path == "" {
			continue
		}
		named[p] = true
		if s.Lay.Rules != nil {
			if placed[p] {
				continue // a page the navigation lists twice keeps its first place and label
			}
			placed[p] = true
			if _, grouped := s.navFolders[p.dir()]; grouped && p.Kind == templates.KindSection {
				continue // the folder's page stands for its group: the group's label and place
			}
			s.navPlace(p, e.Title, i+1)
			continue
		}
		if e.SectionIndex {
			// Material for MkDocs' navigation.indexes: the section's
			// label leads to its index page, whose title is its own (its
			// nav: entry's, its title:, its # heading), as any page's.
			if e.Title != "" && e.Title != p.Title && p.navTitle == "" {
				p.navTitle = e.Title
			}
			if t := e.IndexPageTitle; t != "" && t != p.Title {
				if p.DropH1 && p.Heading == "" {
					p.Heading = p.Title // the page's own # heading stays its visible heading
				}
				p.Title = t
			}
			if p.weight == 0 {
				p.weight = i + 1
			}
			continue
		}
		if e.Title != "" && e.Title != p.Title {
			if f, grouped := s.navFolders[p.dir()]; grouped && f.title != "" && p.Kind == templates.KindSection && p.navTitle == "" {
				// The folder's page stands for its group: the navigation
				// labels it with the group's title ("Monday:"), the page is
				// titled by its own entry ("- Overview: monday/index.md").
				p.navTitle = f.title
			}
			if p.DropH1 && p.Heading == "" {
				p.Heading = p.Title // the page's own # heading stays its visible heading
			}
			p.Title = e.Title
		}
		if p.weight == 0 {
			p.weight = i + 1
		}
	}
	// "Any pages not listed in your navigation configuration will still be
	// rendered and included with the built site, however, they will not be
	// linked from the global navigation and will not be included in the
	// previous and next links."
	// (https://www.mkdocs.org/user-guide/writing-your-docs/#configure-pages-and-navigation)
	if len(named) > 0 && s.Lay.Kind == layout.MkDocs {
		for _, p := range s.ByRel {
			if !named[p] && (p.Kind == templates.KindPage || p.Kind == templates.KindSection) {
				p.navExclude = true // a section: until a page it holds is in the navigation (hideUnnamedFolders)
			}
		}
	}
}

// ownTitle reports whether the page has a title of its own: its front
// matter's title, or its leading # heading.
func (p *Page) ownTitle() bool {
	t, _ := p.Meta["title"].(string)
	return p.File != "" && (strings.TrimSpace(t) != "" || p.DropH1)
}

// hideUnnamedFolders: in an MkDocs navigation (nav:, or awesome-pages'
// .pages), a folder is in the navigation when it or a page it holds is;
// a folder none of whose pages are (awesome-pages' "hide: true", pages
// nav: does not name) is not, as in MkDocs, where a section is made of
// the pages the navigation lists.
func (s *Site) hideUnnamedFolders() {
	if len(s.Lay.Nav) == 0 || s.Lay.Kind != layout.MkDocs {
		return
	}
	var shown func(p *Page) bool
	shown = func(p *Page) bool {
		any := false
		for _, c := range p.Children {
			if shown(c) {
				any = true
			}
		}
		if p.Kind == templates.KindSection && p != s.Home {
			if any {
				p.navExclude = false
			} else if p.File == "" {
				p.navExclude = true
			}
		}
		return !p.navExclude
	}
	shown(s.Home)
}

// navPlace gives p the label and place the navigation of a layout with
// its own rules (Docusaurus, VitePress) says: the title is the
// navigation's label only, the page keeps its own, and the navigation's
// order wins over the pages' positions, as the tools' sidebars do.
func (s *Site) navPlace(p *Page, title string, place int) {
	if title != "" {
		p.navTitle = title
		if p.nameTitle {
			p.Title = title // no title of its own: the navigation's label is better than the file's name
		}
	}
	p.pos, p.hasPos = float64(place), true
}

// Label is the page's text in the navigation.
func (p *Page) Label() string {
	return cmp.Or(p.navRename, p.navTitle, p.Title)
}

// commonDir is the longest folder path a and b both lie in ("." for none).
func commonDir(a, b string) string {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	if n == 0 {
		return "."
	}
	return strings.Join(as[:n], "/")
}

// collectionOf is the folder of the Jekyll collection page p is a
// document of ("_rules"), "" for a page of the site: just-the-docs builds
// the navigation of each collection from its documents alone ("{% include
// components/nav.html pages=collection %}" in its sidebar), and the site's
// from site.html_pages, so a parent: names a page of the same one.
func (s *Site) collectionOf(p *Page) string {
	if s.Lay.FolderURL == nil {
		return ""
	}
	parts := strings.Split(p.Rel, "/")
	for i, part := range parts[:len(parts)-1] {
		if strings.HasPrefix(part, "_") {
			if u, _ := s.Lay.FolderURL(strings.Join(parts[:i+1], "/")); u != "" {
				return strings.Join(parts[:i+1], "/")
			}
			return ""
		}
	}
	return ""
}

// reparent moves the pages whose front matter names a parent page by
// title (just-the-docs' parent:, with grand_parent: to tell apart two
// parents of one title; a page of its own collection, collectionOf) under
// that page in the navigation. A parent that
// does not exist is a warning; the page stays in its folder's section.
func (s *Site) reparent(pages []*Page) {
	byTitle := map[string][]*Page{}
	for _, p := range pages {
		byTitle[strings.ToLower(p.Title)] = append(byTitle[strings.ToLower(p.Title)], p)
	}
	for _, p := range pages {
		if p.parentTitle == "" || p.Copy {
			continue
		}
		var matches []*Page
		for _, c := range byTitle[strings.ToLower(p.parentTitle)] {
			if c != p && s.collectionOf(c) == s.collectionOf(p) && (p.grandParent == "" || strings.EqualFold(c.parentTitle, p.grandParent)) {
				matches = append(matches, c)
			}
		}
		// Without grand_parent, a top-level page of that title wins
		// (just-the-docs' nav/children.html "rejects nav_child as
		// 3rd-level when include.node is 2nd-level and nav_child can also
		// be 2nd-level"); pages that rule cannot tell apart are a warning.
		var to *Page
		for _, c := range matches {
			if to == nil || p.grandParent == "" && to.parentTitle != "" && c.parentTitle == "" {
				to = c
			}
		}
		if to != nil && p.grandParent == "" && to.parentTitle == "" {
			matches = slices.DeleteFunc(matches, func(c *Page) bool { return c.parentTitle != "" })
		}
		if len(matches) > 1 {
			files := make([]string, len(matches))
			for i, c := range matches {
				files[i] = cmp.Or(c.File, c.SitePath)
			}
			s.Warn.Addf(p.File, 1, 1, "parent", "%q is the title of %d pages, %s: the page goes under the first; grand_parent: (the title of its parent) says which",
				p.parentTitle, len(matches), strings.Join(files, " and "))
		}
		if to == nil {
			s.Warn.Addf(p.File, 1, 1, "parent", "no page titled %q: the page stays in its folder's navigation", p.parentTitle)
			continue
		}
		cycle := false
		for a := to; a != nil; a = a.Parent {
			if a == p {
				cycle = true
				break
			}
		}
		if !cycle {
			p.Parent = to
		}
	}
	s.liftToTop(pages)
}

// liftToTop, where the navigation comes from parent: alone
// (layout.Layout.ParentNav: just-the-docs), puts each page that names no
// parent at the top: under the home page, or its collection's folder for
// a document of a collection, whatever folder its file lies in; a folder
// without a page of its own that is left with no pages is out of the
// navigation.
func (s *Site) liftToTop(pages []*Page) {
	if !s.Lay.ParentNav || s.Home == nil {
		return
	}
	held := map[*Page]bool{}
	for _, p := range pages {
		if p != s.Home && !p.Copy && p.parentTitle == "" && p.Parent != nil && p.Parent != s.Home {
			top := s.Home
			if coll := s.collectionOf(p); coll != "" {
				for a := p.Parent; a != nil; a = a.Parent {
					if a.Kind == templates.KindSection && a.dir() == coll {
						top = a
					}
				}
			}
			p.Parent = top
		}
		held[p.Parent] = true
	}
	for _, sec := range s.synth {
		if sec != s.Home && sec.File == "" && !held[sec] && s.collectionOf(sec) == "" {
			sec.navExclude = true
		}
	}
}

// quartzFields reads front matter as Quartz's FrontMatter plugin does
// (quartz/plugins/transformers/frontmatter.ts): tag: and alias: stand for
// tags: and aliases: ("coalesceAliases(data, ["aliases", "alias"])"), and
// a string is a list of its comma-separated parts (coerceToArray); a
// list keeps its numbers as text, and leaves out what is neither
// ("filter((tag: unknown) => typeof tag === "string" || typeof tag ===
// "number")").
func quartzFields(m map[string]any) {
	for _, k := range [][2]string{{"tags", "tag"}, {"aliases", "alias"}, {"cssclasses", "cssclass"}} {
		v, ok := m[k[0]]
		if !ok || v == nil {
			v, ok = m[k[1]]
		}
		if !ok || v == nil {
			continue
		}
		if str, isStr := v.(string); isStr {
			var list []any
			for _, part := range strings.Split(str, ",") {
				list = append(list, strings.TrimSpace(part))
			}
			v = list
		} else if list, isList := v.([]any); isList {
			var kept []any
			for _, e := range list {
				switch e := e.(type) {
				case string:
					kept = append(kept, e)
				case int, int64, uint64, float64:
					kept = append(kept, fmt.Sprint(e)) // JavaScript's toString of a number
				case nil:
					kept = append(kept, nil) // an empty item: left out with a warning (stringList)
				}
			}
			v = kept
		}
		m[k[0]] = v
	}
}
