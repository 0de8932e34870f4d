package site

import (
	"reflect"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/templates"
)

// frameDeps tells an Update which pages' frames (Site.frame: title,
// breadcrumbs, section, previous and next, children, "Linked from", the
// folder's navigation) can differ from the frame the graph keeps, so that
// a save computes the frames of the pages it can change, not every
// page's (issue 35: ~3 ms and 1.6 MB a save on a vault of 1,000 notes).
//
// A frame reads the page itself and the pages it links to: its
// ancestors (breadcrumbs, section), its previous and next pages and
// their sections, its children, the pages that link to it. Each page
// of the new model is compared once with the page at its site path in
// the model before (touched: what a frame shows of it as a link, and
// where it hangs, its title apart from the rest: touch); a page's frame
// is computed again when the page is touched, one of the pages it reads
// is in a field the frame shows of it, or the pages it reads are
// others (another previous page, another child, another page linking to
// it). Those checks compare pointers and strings, allocating nothing.
type frameDeps struct {
	s        *Site
	old      *content.Model
	was, now *templates.Site
	// all: every frame is computed again (the reading order changed
	// while pages list the pages that link to them, sorted by it).
	all     bool
	touched map[*content.Page]touch   // pages of the new model, by how they are touched (memo)
	folders map[string]bool           // folder -> its navigation (FolderNavs) is the same (memo)
	byKey   map[pageKey]*content.Page // the pages of the model before, their ancestors included
}

// newFrameDeps compares the model and view of an Update (s, now) with
// those before it (old, was).
func newFrameDeps(s *Site, old *content.Model, was, now *templates.Site) *frameDeps {
	d := &frameDeps{s: s, old: old, was: was, now: now,
		touched: make(map[*content.Page]touch, len(s.Pages)), folders: map[string]bool{},
		byKey: make(map[pageKey]*content.Page, len(old.Pages))}
	for _, p := range old.Pages {
		for a := p; a != nil; a = a.Parent {
			k := pageKey{a.Rel, a.SitePath}
			if d.byKey[k] == a {
				break // and its ancestors
			}
			d.byKey[k] = a
		}
	}
	if old.NotFound != nil {
		d.byKey[pageKey{old.NotFound.Rel, old.NotFound.SitePath}] = old.NotFound
	}
	if s.Cfg.Backlinks && !sameOrder(old.Pages, s.Pages) {
		d.all = true
	}
	return d
}

// sameOrder reports whether two lists of pages hold pages at the same
// site paths in the same order.
func sameOrder(was, now []*content.Page) bool {
	if len(was) != len(now) {
		return false
	}
	for i, p := range now {
		if was[i].SitePath != p.SitePath {
			return false
		}
	}
	return true
}

// oldOf is the page of the model before of p's file at p's site path,
// nil for none.
func (d *frameDeps) oldOf(p *content.Page) *content.Page {
	return d.byKey[pageKey{p.Rel, p.SitePath}]
}

// pageKey is a page's file and site path: a page of the model before is
// the same page as one now when both are (a section made for a folder
// has its folder's _index.md, and no page in Model.ByRel or ByURL).
type pageKey struct{ rel, sitePath string }

// sitePath is p's site path, "" for nil.
func sitePath(p *content.Page) string {
	if p == nil {
		return ""
	}
	return p.SitePath
}

// touch is what other pages' frames read of a page that differs from
// the page at its site path before: its title (a link's text: previous
// and next, "Linked from", a section's name; a backlink's parent's
// title), or the rest (its label, which lists of children and
// breadcrumbs show, its description, URL, kind, where it hangs, whether
// it lists as linking). A vault's new title is a touchTitle alone: its
// label is its file's name.
type touch uint8

const (
	touchTitle touch = 1 << iota
	touchRest
)

// touchOf is how page p differs from the page at its site path before
// (every way when there was none), memoised.
func (d *frameDeps) touchOf(p *content.Page) touch {
	if t, ok := d.touched[p]; ok {
		return t
	}
	t := d.touchNow(p)
	d.touched[p] = t
	return t
}

func (d *frameDeps) touchNow(p *content.Page) touch {
	o := d.oldOf(p)
	if o == nil {
		return touchTitle | touchRest
	}
	s, old := d.s, d.old
	parentTitle := func(q *content.Page) string {
		if q.Parent == nil {
			return ""
		}
		return q.Parent.Title
	}
	firstOwn := func(q *content.Page) string {
		if !q.NoPage {
			return ""
		}
		return sitePath(firstOwnPage(q))
	}
	lists := func(q *content.Page, notFound *content.Page) bool {
		return q.File != "" && q.Unlisted == "" && !q.Copy && q != notFound && q.Unpublished == ""
	}
	var t touch
	if o.Title != p.Title || parentTitle(o) != parentTitle(p) || p == s.Home && ownTitle(o) != ownTitle(p) {
		t |= touchTitle
	}
	switch {
	case o.Description != p.Description, o.Label() != p.Label(), o.NoPage != p.NoPage,
		o.Kind != p.Kind, o.File != p.File, sitePath(o.Parent) != sitePath(p.Parent),
		(o.Parent == old.Home) != (p.Parent == s.Home), (o == old.Home) != (p == s.Home),
		lists(o, old.NotFound) != lists(p, s.NotFound), firstOwn(o) != firstOwn(p):
		t |= touchRest
	}
	return t
}

// chainTouched reports whether what the frame of a page reads through p
// and its ancestors can differ: p's link (any touch), its ancestors'
// breadcrumbs (their labels: touchRest), the title of its section and
// of the home page (a section's name, the home's crumb: touchTitle too).
func (d *frameDeps) chainTouched(p *content.Page) bool {
	if d.touchOf(p) != 0 {
		return true
	}
	for a := p.Parent; a != nil; a = a.Parent {
		t := d.touchOf(a)
		if t&touchRest != 0 || t != 0 && (a == d.s.Home || a.Parent == d.s.Home) {
			return true
		}
	}
	return false
}

// folderSame reports whether the navigation of folder dir is the same
// in the new view as before.
func (d *frameDeps) folderSame(dir string) bool {
	if same, ok := d.folders[dir]; ok {
		return same
	}
	same := reflect.DeepEqual(d.was.FolderNavs[dir], d.now.FolderNavs[dir])
	d.folders[dir] = same
	return same
}

// changed reports whether page p's frame can differ from f, the frame
// the graph keeps for its site path; true means it must be computed
// again (and compared). A home page's frame is always computed: its
// hero's links are resolved there, warnings included; so is a generated
// index's: its cards show the descriptions of pages that are not its
// children (indexCards).
func (d *frameDeps) changed(p *content.Page, f *templates.Page) bool {
	o := d.oldOf(p)
	if d.all || f == nil || o == nil || p.Home != nil || o.Home != nil || d.s.GeneratedIndex(p) {
		return true
	}
	s := d.s
	if dir := p.NavFolder(); p.Heading != o.Heading || dir != o.NavFolder() || !d.folderSame(dir) ||
		!s.ShownUpdated(p).Equal(f.Updated) || d.chainTouched(p) {
		return true
	}
	for _, pair := range [2][2]*content.Page{{p.Prev, o.Prev}, {p.Next, o.Next}} {
		if sitePath(pair[0]) != sitePath(pair[1]) || pair[0] != nil && d.chainTouched(pair[0]) {
			return true
		}
	}
	if len(p.Children) != len(o.Children) {
		return true
	}
	if s.Lay.ListDate != nil && len(p.Children) > 1 && !d.sameListOrder(p, f) {
		return true // its list is ordered by dates (Site.ListChildren), which a save of a child moves
	}
	for i, c := range p.Children {
		if c.SitePath != o.Children[i].SitePath || d.touchOf(c)&touchRest != 0 { // a list shows labels
			return true
		}
	}
	if s.Cfg.Backlinks {
		in, was := s.Into[p], d.old.Into[o]
		if len(in) != len(was) {
			return true
		}
		for i, q := range in {
			if q.SitePath != was[i].SitePath || d.touchOf(q) != 0 {
				return true
			}
		}
	}
	return false
}

// sameListOrder reports whether page p's list, ordered by the layout's
// dates (Site.ListChildren), links the pages in the order of its kept
// frame f's list: a save moves a note's date, and so its place there.
func (d *frameDeps) sameListOrder(p *content.Page, f *templates.Page) bool {
	kids := d.s.ListChildren(p)
	if len(kids) != len(f.Children) {
		return false
	}
	for i, c := range kids {
		if d.s.linkTo(c).URL != f.Children[i].URL {
			return false
		}
	}
	return true
}
