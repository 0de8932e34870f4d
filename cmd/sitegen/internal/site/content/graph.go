package content

import (
	"crypto/sha256"
	"maps"
	"reflect"
	"slices"
	"strconv"
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

// Graph is the dependency graph of a built site (see above). Bodies and
// frames are set by concurrent renders; the rest by one goroutine.
type Graph struct {
	// Keep keeps each page's rendered Markdown and search text
	// (Options.Incremental), so that a page whose body did not change is
	// written again without parsing it.
	Keep bool

	mu     sync.Mutex
	Loads  map[string]*Loaded         // content-relative path -> the page as loadPage read it
	Bodies map[string]*Body           // content-relative path -> the page's body
	Frames map[string]*templates.Page // site path -> the frame its output was written with
	Times  sync.Map                   // page file -> time.Time: its last change (lastmod.go), read once

	// Untrusted says why the graph cannot stand for the build (a problem
	// the load found that belongs to no page), "" when it can.
	Untrusted string

	Scan      *Scanned // the last walk of the content, and what it found wrong
	ScanProbs Problems

	Static    map[string]bool              // output files of static/, the theme and generated files
	StatProbs Problems                     // what copyStatic found
	Footer    Problems                     // what the footer's Markdown found
	Frags     map[string][]string          // site path -> the fragments of the page other pages link to (its previews, preview.go)
	Outs      map[string][sha256.Size]byte // the files the model makes (pages, redirects, 404.html, sitemap.xml, content files) -> content hash
	Previews  map[string][]byte            // site path -> the page's previews in its shard (site/preview.go)
}

// NewGraph returns an empty graph.
func NewGraph(keep bool) *Graph {
	return &Graph{Keep: keep, Loads: map[string]*Loaded{}, Bodies: map[string]*Body{}, Frames: map[string]*templates.Page{}}
}

// Problems are the errors and warnings found by one step of a build.
type Problems struct{ Errs, Warns Diagnostics }

// Publish adds the problems to the build's collectors.
func (p Problems) Publish(diag, warn *Collector) {
	for _, d := range p.Errs {
		diag.add(d)
	}
	for _, d := range p.Warns {
		warn.add(d)
	}
}

// Scanned records the last walk of the content.
func (g *Graph) Scanned(sc *Scanned, probs Problems) {
	if g != nil {
		g.Scan, g.ScanProbs = sc, probs
	}
}

// Loaded is a page as loadPage read it, before the model's steps placed it.
type Loaded struct {
	Page   *Page             // a copy, never placed (see clone)
	Reads  []string          // the page file and the files it includes (source-relative)
	Probs  Problems          // what loadPage found
	Readme bool              // what its name decided: a README beside an index page
	Folder string            // the folder it is the note of
	Sum    [sha256.Size]byte // of its text, to follow a file that moved
}

// loaded records the pages loadPage just read, with the problems found
// meanwhile (each on the page file it names).
func (g *Graph) loaded(s *Site, pages []*Page, diags, warns Diagnostics) {
	if g == nil {
		return
	}
	byFile := make(map[string]*Problems, len(pages))
	for _, p := range pages {
		byFile[p.File] = &Problems{}
	}
	for _, d := range diags {
		if pr, ok := byFile[d.File]; ok {
			pr.Errs = append(pr.Errs, d)
		} else {
			g.Untrusted = "a problem of " + d.File + " while pages were read"
		}
	}
	for _, d := range warns {
		if pr, ok := byFile[d.File]; ok {
			pr.Warns = append(pr.Warns, d)
		} else {
			g.Untrusted = "a warning about " + d.File + " while pages were read"
		}
	}
	for _, p := range pages {
		l := &Loaded{Page: p.Clone(s.Lay.SkipCopies), Reads: append([]string{p.File}, p.Includes...), Probs: *byFile[p.File],
			Readme: s.readmes[p.Rel], Folder: s.folderNotes[p.Rel]}
		if p.Src != nil {
			l.Sum = sha256.Sum256(p.Src)
		}
		g.Loads[p.Rel] = l
	}
}

// Clone is a copy of a page that loadPage made and no step placed yet,
// which the steps can place without changing p: its maps and the slices
// they change are its own. The text is kept with text (markCopies reads
// it), dropped otherwise (renderBody reads the file again).
func (p *Page) Clone(text bool) *Page {
	c := *p
	c.Aliases = slices.Clone(p.Aliases)
	c.Ids = maps.Clone(p.Ids)
	if !text {
		c.Src = nil
	}
	return &c
}

// Body is the rendered Markdown of a page and what rendering it read.
type Body struct {
	// What the Markdown pipeline was told of the page (markupPage).
	File, Url           string
	DropH1, DropLeading bool
	Failed              bool

	Reads map[string]bool // source files read: the page's, its includes, the notes it embeds
	Calls map[Call]Answer // each question asked of the content model, and its answer
	Links []edge          // its links to other pages, once calls are let go (render's setAside)
	Query *query.Deps     // what its Dataview queries and base views read (dataview.go), nil for none
	// The digest of the members of each source its Dataview queries
	// scanned, when it was rendered (Site.QuerySet): serve's Update
	// compares it with the members now.
	Sets map[string]uint64
	// What its Dataview queries read of the members of each source when
	// it was rendered (Site.QueryPrint), by PrintKey(source, fields
	// read): serve's Update compares it with what they read now when a
	// member is saved.
	Prints map[string][sha256.Size]byte
	// Where each link target its Dataview queries resolved by name (and
	// each note they read) led when it was rendered, by NameKey(page
	// resolved from, target) (Site.NameAnswer): a note added, removed or
	// renamed changes its output only if one answers otherwise now.
	Names map[string]string
	Probs Problems
	Err   bool // the Markdown could not be rendered (a problem says why): no output

	Kept     bool // the rendered parts below are kept (graph.keep)
	Content  string
	Toc      []*templates.TOCItem
	Flags    map[string]bool
	Scripts  []string
	Styles   []string
	Docs     []SearchDoc          // the page's search documents (search.go)
	Searched bool                 // docs are in the search index already (render's setAside)
	Px       *markup.PreviewIndex // where its previews are cut from (preview.go), nil for a page without previews
}

// Call is a question a page's text asks the content model: where a
// Markdown link (dest; an image's source with embed) or a wikilink (wiki:
// target dest, fragment frag, embed) written on the page from
// (content-relative: the page rendered, or a note it embeds) leads.
type Call struct {
	From       string
	Wiki       bool
	Dest, Frag string
	Embed      bool
}

// Answer is what the model said: the URL, a problem, a warning, that the
// target is not published, and for an embed the note put in place.
type Answer struct {
	Url, Problem, Warning, Unlinked string
	Title                           string // of the page a link leads to (linkTarget); a wikilink's text (WikiTarget.Label)
	AsText                          bool   // a wikilink shown as written (WikiTarget.AsText)
	Note                            Note
}

// Note is what the Markdown pipeline is told of an embedded note.
type Note struct {
	File, Url           string
	DropH1, DropLeading bool
}

// noteOf describes an embedded note's markup.Page.
func noteOf(p *markup.Page) Note {
	return Note{File: p.File, Url: p.URL, DropH1: p.DropH1, DropLeading: p.DropLeading}
}

// asked records a question and its answer (nil b: nothing is recorded).
func (b *Body) asked(c Call, a Answer) {
	if b != nil {
		b.Calls[c] = a
	}
}

// queried records what a query of the body read.
func (b *Body) queried(d *query.Deps) {
	if b == nil || d == nil {
		return
	}
	if b.Query == nil {
		b.Query = &query.Deps{}
	}
	b.Query.Merge(d)
}

// SetSource records the digest of the members of Dataview source src
// when the body was rendered (nil b: nothing is recorded).
func (b *Body) SetSource(src string, h uint64) {
	if b == nil {
		return
	}
	if b.Sets == nil {
		b.Sets = map[string]uint64{}
	}
	b.Sets[src] = h
}

// PrintKey names what queries that read fields reads (in order) of
// the members of Dataview source src (Body.Prints).
func PrintKey(src string, reads []string) string {
	return src + "\x00" + strings.Join(reads, "\x00")
}

// SplitPrintKey is PrintKey's source and fields.
func SplitPrintKey(key string) (src string, reads []string) {
	src, rest, _ := strings.Cut(key, "\x00")
	if rest != "" {
		reads = strings.Split(rest, "\x00")
	}
	return src, reads
}

// SetPrint records what the queries of the body that read fields reads
// of the members of Dataview source src read of them when it was
// rendered (nil b: nothing is recorded).
func (b *Body) SetPrint(src string, reads []string, sum [sha256.Size]byte) {
	if b == nil {
		return
	}
	if b.Prints == nil {
		b.Prints = map[string][sha256.Size]byte{}
	}
	b.Prints[PrintKey(src, reads)] = sum
}

// NameKey names a link target resolved from the page at content path
// from (Body.Names).
func NameKey(from, target string) string { return from + "\x00" + target }

// SplitNameKey is NameKey's page and target.
func SplitNameKey(key string) (from, target string) {
	from, target, _ = strings.Cut(key, "\x00")
	return from, target
}

// SetName records where link target t resolved from the page at content
// path from led when the body was rendered (nil b: nothing is recorded).
func (b *Body) SetName(from, t, answer string) {
	if b == nil {
		return
	}
	if b.Names == nil {
		b.Names = map[string]string{}
	}
	b.Names[NameKey(from, t)] = answer
}

// NamesHold reports whether every link target the body's queries
// resolved by name leads where it led (Body.Names, Site.NameAnswer).
func (s *Site) NamesHold(names map[string]string) bool {
	for key, was := range names {
		from, t := SplitNameKey(key)
		if s.NameAnswer(from, t) != was {
			return false
		}
	}
	return true
}

// NamesCover reports whether names (Body.Names) answers for every link
// target and every note the queries that read d resolved: else what they
// resolved cannot be asked again.
func NamesCover(d *query.Deps, names map[string]string) bool {
	targets := make(map[string]bool, len(names))
	for key := range names {
		_, t := SplitNameKey(key)
		targets[t] = true
	}
	for t := range d.Targets {
		if !targets[t] {
			return false
		}
	}
	for rel := range d.Pages {
		if !targets[rel] {
			return false
		}
	}
	return true
}

// read records a source file the body read.
func (b *Body) read(file string) {
	if b != nil {
		b.Reads[file] = true
	}
}

// Report records a problem found in the body.
func (b *Body) Report(d Diagnostic, warning bool) {
	if warning {
		b.Probs.Warns = append(b.Probs.Warns, d)
	} else {
		b.Probs.Errs = append(b.Probs.Errs, d)
	}
}

// Publish adds the body's problems to the build's.
func (b *Body) Publish(diag, warn *Collector) { b.Probs.Publish(diag, warn) }

// Fill puts the rendered Markdown into the page's view.
func (b *Body) Fill(v *templates.Page) {
	v.Content, v.TOC, v.Flags, v.Scripts, v.Styles = b.Content, b.Toc, b.Flags, b.Scripts, b.Styles
}

// Drop lets the rendered parts go unless keep.
func (b *Body) Drop(keep bool) {
	b.Kept = keep
	if !keep {
		b.Content, b.Toc, b.Flags, b.Scripts, b.Styles, b.Docs, b.Px = "", nil, nil, nil, nil, nil, nil
	}
}

// Keeps reports whether the graph keeps the pages' rendered bodies
// (Options.Incremental).
func (g *Graph) Keeps() bool { return g != nil && g.Keep }

// SetFooter records what the footer's Markdown found.
func (g *Graph) SetFooter(probs Problems) {
	if g != nil {
		g.Footer = probs
	}
}

// SetBody records the body of the page at content-relative path rel.
func (g *Graph) SetBody(rel string, b *Body) {
	if g == nil {
		return
	}
	g.mu.Lock()
	g.Bodies[rel] = b
	g.mu.Unlock()
}

// SetFrame records the frame page v was written with (its body parts
// left out).
func (g *Graph) SetFrame(sitePath string, v *templates.Page) {
	if g == nil {
		return
	}
	f := *v
	(&Body{}).Fill(&f)
	g.mu.Lock()
	g.Frames[sitePath] = &f
	g.mu.Unlock()
}

// SetStatic records the files of static/, the theme and the generators
// (everything the output holds after copyStatic) and their problems.
func (g *Graph) SetStatic(files []assets.File, diags, warns Diagnostics) {
	if g == nil {
		return
	}
	g.Static = make(map[string]bool, len(files))
	for _, f := range files {
		g.Static[f.Rel] = true
	}
	g.StatProbs = Problems{diags, warns}
}

// SetOutput records the files the model made, from the whole output:
// all but static files, the search index and the service worker.
func (g *Graph) SetOutput(files []assets.File) {
	if g == nil {
		return
	}
	g.Outs = map[string][sha256.Size]byte{}
	for _, f := range files {
		if !g.Static[f.Rel] && !notModel(f.Rel) {
			g.Outs[f.Rel] = f.Sum
		}
	}
}

// notModel reports whether an output file is made from the whole output
// rather than from the content model: the search index (rewritten off
// the path of an edit, see SearchWriter) and the service worker.
func notModel(rel string) bool {
	return strings.HasPrefix(rel, SearchDir+"/") || rel == SwFile || strings.HasPrefix(rel, "sw-files.") || rel == OutputMarker
}

// updated is the time page file file last changed, read once a build
// (the graph keeps it until the file changes).
func (g *Graph) updated(file string, read func() time.Time) time.Time {
	if g == nil {
		return read()
	}
	if t, ok := g.Times.Load(file); ok {
		return t.(time.Time)
	}
	t := read()
	g.Times.Store(file, t)
	return t
}

// SameFrame reports whether two views of a page are the same but for
// their body parts and site (compared apart). frameFields names the
// fields it compares (TestFrameFields keeps the list whole).
func SameFrame(a, b *templates.Page) bool {
	return a.Kind == b.Kind && a.Title == b.Title && a.DocTitle == b.DocTitle && a.Heading == b.Heading && a.Description == b.Description &&
		a.URL == b.URL && a.Permalink == b.Permalink && a.Section == b.Section && a.EditURL == b.EditURL && a.Notice == b.Notice &&
		a.Updated.Equal(b.Updated) && slices.Equal(a.Breadcrumbs, b.Breadcrumbs) && slices.Equal(a.Children, b.Children) &&
		sameLink(a.Prev, b.Prev) && sameLink(a.Next, b.Next) && reflect.DeepEqual(a.Pagination, b.Pagination) &&
		reflect.DeepEqual(a.Hero, b.Hero) && reflect.DeepEqual(a.Features, b.Features) &&
		slices.Equal(a.Backlinks, b.Backlinks) && reflect.DeepEqual(a.Nav, b.Nav) && a.Hide == b.Hide && a.Wide == b.Wide &&
		a.PrevWord == b.PrevWord && a.NextWord == b.NextWord && a.Lead == b.Lead && a.Print == b.Print
}

// frameFields are the fields of templates.Page that sameFrame compares,
// and bodyFields those of the body (body.fill) and the site.
var (
	FrameFields = []string{"Kind", "Title", "DocTitle", "Heading", "Description", "URL", "Permalink", "Section", "EditURL", "Notice", "Updated",
		"Breadcrumbs", "Children", "Prev", "Next", "Pagination", "Hero", "Features", "Backlinks", "Nav", "Hide", "Wide", "PrevWord", "NextWord", "Lead", "Print"}
	BodyFields = []string{"Site", "Content", "TOC", "Flags", "Scripts", "Styles"}
)

// sameLink reports whether two links are both nil or equal.
func sameLink(a, b *templates.Link) bool {
	return a == b || a != nil && b != nil && *a == *b
}

// NavSame reports whether the navigation shows the same on page v with
// the tree old as with the tree now: each list it shows (the top level,
// the entries below each one in its trail, below an unfolded one and
// below a draft) has the
// same entries, in order (see templates' navList).
func NavSame(v *templates.Page, old, now []*templates.NavItem) bool {
	if len(old) != len(now) {
		return false
	}
	for i, a := range now {
		if !sameNavItem(a, old[i]) {
			return false
		}
	}
	for i, a := range now {
		switch {
		case len(a.Children) == 0 || a.Kind == templates.NavPart || a.Kind == templates.NavSeparator || a.Kind == templates.NavHTML:
		case a.Kind == templates.NavDraft || a.Unfolded || v.InTrail(a.URL):
			if !NavSame(v, old[i].Children, a.Children) {
				return false
			}
		}
	}
	return true
}

// sameNavItem reports whether two entries of the navigation show the
// same, their children aside (NavSame): every field but the children,
// compared one by one (it is asked for each entry a page shows, on every
// page an Update does not write: reflection and a copy of each entry took
// half the CPU of a page created in a site of 900 pages). TestSameNavItem
// finds the fields of templates.NavItem by reflection, so that a field
// added and not compared here fails it.
func sameNavItem(a, b *templates.NavItem) bool {
	return a.Title == b.Title && a.URL == b.URL && a.Kind == b.Kind && a.Number == b.Number &&
		a.Collapsible == b.Collapsible && a.Open == b.Open && a.Group == b.Group && a.Unfolded == b.Unfolded &&
		a.External == b.External && a.Target == b.Target && a.Written == b.Written && a.PagerTitle == b.PagerTitle &&
		a.TitleHTML == b.TitleHTML && a.Class == b.Class && a.Badge == b.Badge && a.BadgeVariant == b.BadgeVariant &&
		(len(a.Children) > 0) == (len(b.Children) > 0)
}

// NavEqual reports whether two navigation trees show the same on every
// page: NavSame for every page, each entry compared at every depth.
func NavEqual(old, now []*templates.NavItem) bool {
	if len(old) != len(now) {
		return false
	}
	for i, a := range now {
		if !sameNavItem(a, old[i]) || !NavEqual(old[i].Children, a.Children) {
			return false
		}
	}
	return true
}

// SetPreviews records each page's previews (site path -> its entry in
// its previews shard), from which an update writes a shard again.
func (g *Graph) SetPreviews(entries map[string][]byte) {
	if g != nil {
		g.Previews = entries
	}
}

// SetFrags records the fragments of each page that other pages link to
// (Site.frags), which its previews file holds.
func (g *Graph) SetFrags(pages []*Page, frags map[*Page][]string) {
	if g == nil {
		return
	}
	g.Frags = make(map[string][]string, len(frags))
	for _, p := range pages {
		if f, ok := frags[p]; ok {
			g.Frags[p.SitePath] = f
		}
	}
}

// SearchDoc is one searchable unit: a page's lead or one of its sections.
type SearchDoc struct {
	Anchor, Heading, Text string
}

// Digest is what links resolve by in a model, hashed: Structure is what
// is not one page's own (which page or file is at each path and URL, the
// other names of notes, what is not published, the sections); Pages is
// what a link to each page reads of it (linkPrint), by site path. Its
// hash is the same in every process, so that the build cache keeps the
// digest of the model its answers were recorded in (site/buildcache.go).
type Digest struct {
	Structure uint64
	Pages     map[string]uint64
}

// DigestOf returns the digest of model m, made once.
func (s *Site) DigestOf(m *Model) *Digest {
	if m.digest != nil {
		return m.digest
	}
	d := &Digest{Pages: make(map[string]uint64, len(m.ByURL))}
	sum := func(parts ...string) {
		d.Structure += digestHash(parts...) // a sum: the order of a map's entries does not count
	}
	for sp, p := range m.ByURL {
		sum("u", sp, p.Rel)
		d.Pages[sp] = linkPrint(p)
	}
	for rel, p := range m.ByRel {
		sum("r", rel, p.SitePath, strings.Join(p.Names, "\x00"), strconv.Itoa(int(p.Kind)))
	}
	for rel := range m.Files {
		sum("f", rel)
	}
	for rel, why := range m.unpublished {
		sum("n", rel, why)
	}
	for sp, rel := range m.unpubURL {
		sum("v", sp, rel)
	}
	for dir, p := range m.sections {
		sum("s", dir, p.SitePath)
	}
	if s.Lay.BookAnchors { // a "#id" link may lead to any page that has the id
		for _, p := range m.Pages {
			d.Structure += linkPrint(p)
		}
	}
	m.digest = d
	return d
}

// linkPrint is what a link to page p reads of it, hashed: its URL, title,
// heading, whether it dropped its first heading, whether it could be
// read, its element ids and its outline.
func linkPrint(p *Page) uint64 {
	h := digestHash(p.SitePath, p.Title, p.Heading, p.File, strconv.FormatBool(p.DropH1), strconv.FormatBool(p.TitleLead), strconv.FormatBool(p.Failed))
	for id := range p.Ids {
		h += digestHash("#", id)
	}
	if len(p.Outline) > 0 { // the nesting a subheading path reads, in order
		parts := make([]string, 0, 3*len(p.Outline)+1)
		parts = append(parts, "outline")
		for _, o := range p.Outline {
			parts = append(parts, strconv.Itoa(o.Level), o.ID, o.Text)
		}
		h += digestHash(parts...)
	}
	return h
}

// digestHash hashes parts, each ended by a zero byte, with 64-bit
// FNV-1a: the same in every process (a digest is kept by the build
// cache), and not a defence against crafted input (none is needed: a
// collision only makes an update ask fewer questions of the author's own
// pages).
func digestHash(parts ...string) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, p := range parts {
		for i := 0; i < len(p); i++ {
			h ^= uint64(p[i])
			h *= prime
		}
		h *= prime // the zero byte: h ^= 0
	}
	return h
}

// Asking returns the test of which questions, answered in a model whose
// digest was was, to ask site s's model, whose digest is now
// (Site.DigestOf), again (Site.Ask): every one when
// pages, files or names came, went or moved (all is then true); else
// those whose answer led to a page whose title, headings, ids or URL
// changed, those that found a problem, and those asked whatever changed
// (always: Cards', block handlers'). Both serve's Update and a build from
// the cache ask by it. With linking, the questions whose answer
// leads to no page are asked too: asking records the content files the
// pages link to (Site.Linked), which a build collects that way and
// serve's Update by the bodies' answers.
func (s *Site) Asking(was, now *Digest, linking bool) (ask func(c Call, a Answer) bool, all bool) {
	if was == nil || was.Structure != now.Structure || len(was.Pages) != len(now.Pages) {
		return func(Call, Answer) bool { return true }, true
	}
	// The structure is the same: the pages are at the same paths and
	// URLs in both models, so this model's maps stand for the other's.
	changed := map[string]bool{} // site paths
	for sp, h := range now.Pages {
		if o, ok := was.Pages[sp]; !ok || o != h {
			changed[sp] = true
		}
	}
	problem := func(a Answer) bool { return a.Problem != "" || a.Unlinked != "" || a.Warning != "" }
	if len(changed) == 0 && !linking {
		return func(c Call, a Answer) bool { return problem(a) || always(c) }, false
	}
	m := s.Model
	byURL := make(map[string]string, len(m.ByURL)) // published URL (no fragment) -> site path
	for sp := range m.ByURL {
		byURL[s.Cfg.RelURL(sp)] = sp
	}
	return func(c Call, a Answer) bool {
		if problem(a) || always(c) {
			return true
		}
		if a.Note.File != "" {
			rel, _ := s.ContentRel(a.Note.File)
			if o := m.ByRel[rel]; o == nil || changed[o.SitePath] {
				return true
			}
		}
		u, _, _ := strings.Cut(a.Url, "#")
		u, _, _ = strings.Cut(u, "?")
		if u == "" { // a fragment of the page itself
			o := m.ByRel[c.From]
			return o == nil || changed[o.SitePath]
		}
		sp, ok := byURL[u]
		return ok && changed[sp] || !ok && linking
	}, false
}

// always reports whether question c is asked again whatever changed:
// Cards' (it reads the order and titles of several pages) and a block
// handler's (BlockAsked: what it reads is the handler's, not a page's).
func always(c Call) bool { return c.Dest == cardsCall || strings.HasPrefix(c.Dest, blockCall) }

// Ask asks the site's model the question c again, as the page's text
// asked it (see pageLinks), without reading any file; ok is false when
// the page that asked is gone.
func (s *Site) Ask(c Call) (Answer, bool) {
	from, ok := s.ByRel[c.From]
	if !ok {
		return Answer{}, false
	}
	l := pageLinks{s: s, p: from, assets: s.View.Assets, replay: true}
	if c.Dest == cardsCall {
		return cardsAnswer(s.cards(from)), true
	}
	if q, ok := strings.CutPrefix(c.Dest, blockCall); ok {
		h, q, _ := strings.Cut(q, "\x00")
		a, ok := s.Md.AnswerAgain(h, q)
		return Answer{Url: a}, ok
	}
	if !c.Wiki {
		tg := s.linkTarget(from, c.Dest, c.Embed)
		return Answer{Url: tg.URL, Problem: tg.Problem, Unlinked: tg.Unlinked, Title: tg.Title}, true
	}
	tg := l.resolveWiki(c.Dest, c.Frag, c.Embed)
	a := Answer{Url: tg.URL, Problem: tg.Problem, Warning: tg.Warning, Unlinked: tg.Unlinked, Title: tg.Label, AsText: tg.AsText}
	if tg.Note != nil {
		a.Note = noteOf(tg.Note)
	}
	return a, true
}
