package site

import (
	"crypto/sha256"
	"hash/maphash"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/dataview/query"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/templates"
)

// The dependency graph of the content model, Vite's module graph and
// Hugo's dependency tracking for sitegen: what each page read to be what
// it is, kept from a build so that Site.Update re-reads, re-renders and
// rewrites only what a change can alter.
//
// A page's output is made of three parts, each recorded apart:
//
//   - what loadPage read (loaded): the page file and the files it
//     includes (mdBook's {{#include}}), with the page as read (its front
//     matter, title, ids, tags, names) and the problems found. A page is
//     read again only when one of those files changed, or what its name
//     alone decides (a folder note, a README beside an index page).
//   - its body (body): the Markdown rendered, with every question the
//     page's text asked the content model and the answer it got (a link's
//     URL, a wikilink's note, a broken link's problem, an embed's note),
//     the files it read (the notes it embeds), and the problems found. A
//     body is rendered again when one of its files changed, or when one
//     question, asked again of the new model, gets another answer
//     (asked again only where the model changed: see Update).
//   - its frame (templates.Page but the body): title, breadcrumbs,
//     previous and next, its list, computed for every page from the new
//     model and compared; and the navigation, compared list by list along
//     the page's trail. The navigation is made once (siteNav): a title
//     edit makes it anew once, and rewrites the pages that show the entry.
//
// A page whose body, frame and navigation are the same is not written;
// one whose body is the same is assembled from the kept body (with
// Options.Incremental) without parsing its Markdown again.
//
// What a page asks goes through one door, pageLinks (wiki.go): a new kind
// of question (a query over notes, backlinks) is recorded there like the
// others, and Update asks it again when the model it reads changed.

// graph is the dependency graph of a built site (see above). Bodies and
// frames are set by concurrent renders; the rest by one goroutine.
type graph struct {
	// keep keeps each page's rendered Markdown and search text
	// (Options.Incremental), so that a page whose body did not change is
	// written again without parsing it.
	keep bool
	seed maphash.Seed // of the models' digests (update.go)

	mu     sync.Mutex
	loads  map[string]*loaded         // content-relative path -> the page as loadPage read it
	bodies map[string]*body           // content-relative path -> the page's body
	frames map[string]*templates.Page // site path -> the frame its output was written with
	times  sync.Map                   // page file -> time.Time: its last change (lastmod.go), read once

	// untrusted says why the graph cannot stand for the build (a problem
	// the load found that belongs to no page), "" when it can.
	untrusted string

	scan      *scanned // the last walk of the content, and what it found wrong
	scanProbs problems

	static    map[string]bool              // output files of static/, the theme and generated files
	statProbs problems                     // what copyStatic found
	footer    problems                     // what the footer's Markdown found
	frags     map[string][]string          // site path -> the fragments of the page other pages link to (its previews, preview.go)
	outs      map[string][sha256.Size]byte // the files the model makes (pages, redirects, 404.html, sitemap.xml, content files) -> content hash
}

// newGraph returns an empty graph.
func newGraph(keep bool) *graph {
	return &graph{keep: keep, seed: maphash.MakeSeed(), loads: map[string]*loaded{}, bodies: map[string]*body{}, frames: map[string]*templates.Page{}}
}

// problems are the errors and warnings found by one step of a build.
type problems struct{ errs, warns Diagnostics }

// publish adds the problems to the build's collectors.
func (p problems) publish(diag, warn *collector) {
	for _, d := range p.errs {
		diag.add(d)
	}
	for _, d := range p.warns {
		warn.add(d)
	}
}

// scanned records the last walk of the content.
func (g *graph) scanned(sc *scanned, probs problems) {
	if g != nil {
		g.scan, g.scanProbs = sc, probs
	}
}

// loaded is a page as loadPage read it, before the model's steps placed it.
type loaded struct {
	page   *page             // a copy, never placed (see clone)
	reads  []string          // the page file and the files it includes (source-relative)
	probs  problems          // what loadPage found
	readme bool              // what its name decided: a README beside an index page
	folder string            // the folder it is the note of
	sum    [sha256.Size]byte // of its text, to follow a file that moved
}

// loaded records the pages loadPage just read, with the problems found
// meanwhile (each on the page file it names).
func (g *graph) loaded(s *Site, pages []*page, diags, warns Diagnostics) {
	if g == nil {
		return
	}
	byFile := make(map[string]*problems, len(pages))
	for _, p := range pages {
		byFile[p.file] = &problems{}
	}
	for _, d := range diags {
		if pr, ok := byFile[d.File]; ok {
			pr.errs = append(pr.errs, d)
		} else {
			g.untrusted = "a problem of " + d.File + " while pages were read"
		}
	}
	for _, d := range warns {
		if pr, ok := byFile[d.File]; ok {
			pr.warns = append(pr.warns, d)
		} else {
			g.untrusted = "a warning about " + d.File + " while pages were read"
		}
	}
	for _, p := range pages {
		l := &loaded{page: p.clone(s.lay.SkipCopies), reads: append([]string{p.file}, p.includes...), probs: *byFile[p.file],
			readme: s.readmes[p.rel], folder: s.folderNotes[p.rel]}
		if p.src != nil {
			l.sum = sha256.Sum256(p.src)
		}
		g.loads[p.rel] = l
	}
}

// clone is a copy of a page that loadPage made and no step placed yet,
// which the steps can place without changing p: its maps and the slices
// they change are its own. The text is kept with text (markCopies reads
// it), dropped otherwise (renderBody reads the file again).
func (p *page) clone(text bool) *page {
	c := *p
	c.aliases = slices.Clone(p.aliases)
	c.ids = maps.Clone(p.ids)
	if !text {
		c.src = nil
	}
	return &c
}

// body is the rendered Markdown of a page and what rendering it read.
type body struct {
	// What the Markdown pipeline was told of the page (markupPage).
	file, url           string
	dropH1, dropLeading bool
	failed              bool

	reads map[string]bool // source files read: the page's, its includes, the notes it embeds
	calls map[call]answer // each question asked of the content model, and its answer
	links []edge          // its links to other pages, once calls are let go (render's setAside)
	query *query.Deps     // what its Dataview queries and base views read (dataview.go), nil for none
	probs problems
	err   bool // the Markdown could not be rendered (a problem says why): no output

	kept     bool // the rendered parts below are kept (graph.keep)
	content  string
	toc      []*templates.TOCItem
	flags    map[string]bool
	scripts  []string
	styles   []string
	docs     []searchDoc          // the page's search documents (search.go)
	searched bool                 // docs are in the search index already (render's setAside)
	px       *markup.PreviewIndex // where its previews are cut from (preview.go), nil for a page without previews
}

// call is a question a page's text asks the content model: where a
// Markdown link (dest) or a wikilink (wiki: target dest, fragment frag,
// embed) written on the page from (content-relative: the page rendered,
// or a note it embeds) leads.
type call struct {
	from       string
	wiki       bool
	dest, frag string
	embed      bool
}

// answer is what the model said: the URL, a problem, a warning, that the
// target is not published, and for an embed the note put in place.
type answer struct {
	url, problem, warning, unlinked string
	title                           string // of the page a link leads to (linkTarget)
	note                            note
}

// note is what the Markdown pipeline is told of an embedded note.
type note struct {
	file, url           string
	dropH1, dropLeading bool
}

// noteOf describes an embedded note's markup.Page.
func noteOf(p *markup.Page) note {
	return note{file: p.File, url: p.URL, dropH1: p.DropH1, dropLeading: p.DropLeading}
}

// asked records a question and its answer (nil b: nothing is recorded).
func (b *body) asked(c call, a answer) {
	if b != nil {
		b.calls[c] = a
	}
}

// queried records what a query of the body read.
func (b *body) queried(d *query.Deps) {
	if b == nil || d == nil {
		return
	}
	if b.query == nil {
		b.query = &query.Deps{}
	}
	b.query.Merge(d)
}

// read records a source file the body read.
func (b *body) read(file string) {
	if b != nil {
		b.reads[file] = true
	}
}

// report records a problem found in the body.
func (b *body) report(d Diagnostic, warning bool) {
	if warning {
		b.probs.warns = append(b.probs.warns, d)
	} else {
		b.probs.errs = append(b.probs.errs, d)
	}
}

// publish adds the body's problems to the build's.
func (b *body) publish(diag, warn *collector) { b.probs.publish(diag, warn) }

// fill puts the rendered Markdown into the page's view.
func (b *body) fill(v *templates.Page) {
	v.Content, v.TOC, v.Flags, v.Scripts, v.Styles = b.content, b.toc, b.flags, b.scripts, b.styles
}

// drop lets the rendered parts go unless keep.
func (b *body) drop(keep bool) {
	b.kept = keep
	if !keep {
		b.content, b.toc, b.flags, b.scripts, b.styles, b.docs, b.px = "", nil, nil, nil, nil, nil, nil
	}
}

// keeps reports whether the graph keeps the pages' rendered bodies
// (Options.Incremental).
func (g *graph) keeps() bool { return g != nil && g.keep }

// setFooter records what the footer's Markdown found.
func (g *graph) setFooter(probs problems) {
	if g != nil {
		g.footer = probs
	}
}

// setBody records the body of the page at content-relative path rel.
func (g *graph) setBody(rel string, b *body) {
	if g == nil {
		return
	}
	g.mu.Lock()
	g.bodies[rel] = b
	g.mu.Unlock()
}

// setFrame records the frame page v was written with (its body parts
// left out).
func (g *graph) setFrame(sitePath string, v *templates.Page) {
	if g == nil {
		return
	}
	f := *v
	(&body{}).fill(&f)
	g.mu.Lock()
	g.frames[sitePath] = &f
	g.mu.Unlock()
}

// setStatic records the files of static/, the theme and the generators
// (everything the output holds after copyStatic) and their problems.
func (g *graph) setStatic(files []assets.File, diags, warns Diagnostics) {
	if g == nil {
		return
	}
	g.static = make(map[string]bool, len(files))
	for _, f := range files {
		g.static[f.Rel] = true
	}
	g.statProbs = problems{diags, warns}
}

// setOutput records the files the model made, from the whole output:
// all but static files, the search index and the service worker.
func (g *graph) setOutput(files []assets.File) {
	if g == nil {
		return
	}
	g.outs = map[string][sha256.Size]byte{}
	for _, f := range files {
		if !g.static[f.Rel] && !notModel(f.Rel) {
			g.outs[f.Rel] = f.Sum
		}
	}
}

// notModel reports whether an output file is made from the whole output
// rather than from the content model: the search index (rewritten off
// the path of an edit, see SearchWriter) and the service worker.
func notModel(rel string) bool {
	return strings.HasPrefix(rel, searchDir+"/") || rel == swFile || strings.HasPrefix(rel, "sw-files.") || rel == OutputMarker
}

// updated is the time page file file last changed, read once a build
// (the graph keeps it until the file changes).
func (g *graph) updated(file string, read func() time.Time) time.Time {
	if g == nil {
		return read()
	}
	if t, ok := g.times.Load(file); ok {
		return t.(time.Time)
	}
	t := read()
	g.times.Store(file, t)
	return t
}

// sameFrame reports whether two views of a page are the same but for
// their body parts and site (compared apart). frameFields names the
// fields it compares (TestFrameFields keeps the list whole).
func sameFrame(a, b *templates.Page) bool {
	return a.Kind == b.Kind && a.Title == b.Title && a.Heading == b.Heading && a.Description == b.Description &&
		a.URL == b.URL && a.Permalink == b.Permalink && a.Section == b.Section && a.EditURL == b.EditURL &&
		a.Updated.Equal(b.Updated) && slices.Equal(a.Breadcrumbs, b.Breadcrumbs) && slices.Equal(a.Children, b.Children) &&
		sameLink(a.Prev, b.Prev) && sameLink(a.Next, b.Next) && reflect.DeepEqual(a.Pagination, b.Pagination) &&
		reflect.DeepEqual(a.Hero, b.Hero) && reflect.DeepEqual(a.Features, b.Features) &&
		slices.Equal(a.Backlinks, b.Backlinks)
}

// frameFields are the fields of templates.Page that sameFrame compares,
// and bodyFields those of the body (body.fill) and the site.
var (
	frameFields = []string{"Kind", "Title", "Heading", "Description", "URL", "Permalink", "Section", "EditURL", "Updated",
		"Breadcrumbs", "Children", "Prev", "Next", "Pagination", "Hero", "Features", "Backlinks"}
	bodyFields = []string{"Site", "Content", "TOC", "Flags", "Scripts", "Styles"}
)

// sameLink reports whether two links are both nil or equal.
func sameLink(a, b *templates.Link) bool {
	return a == b || a != nil && b != nil && *a == *b
}

// navSame reports whether the navigation shows the same on page v with
// the tree old as with the tree now: each list it shows (the top level,
// the entries below each one in its trail, and below a draft) has the
// same entries, in order (see templates' navList).
func navSame(v *templates.Page, old, now []*templates.NavItem) bool {
	if len(old) != len(now) {
		return false
	}
	for i, a := range now {
		b := old[i]
		if a.Title != b.Title || a.URL != b.URL || a.Kind != b.Kind || a.Number != b.Number || (len(a.Children) > 0) != (len(b.Children) > 0) {
			return false
		}
	}
	for i, a := range now {
		switch {
		case len(a.Children) == 0 || a.Kind == templates.NavPart || a.Kind == templates.NavSeparator:
		case a.Kind == templates.NavDraft || v.InTrail(a.URL):
			if !navSame(v, old[i].Children, a.Children) {
				return false
			}
		}
	}
	return true
}

// setFrags records the fragments of each page that other pages link to
// (Site.frags), which its previews file holds.
func (g *graph) setFrags(pages []*page, frags map[*page][]string) {
	if g == nil {
		return
	}
	g.frags = make(map[string][]string, len(frags))
	for _, p := range pages {
		if f, ok := frags[p]; ok {
			g.frags[p.sitePath] = f
		}
	}
}
