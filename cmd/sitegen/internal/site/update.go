package site

import (
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"hash/maphash"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/templates"
)

// maxUpdateFiles is the number of changed files beyond which Update asks
// for a full build: a checkout of a few hundred files is better served by
// one build, which renders on every core from the start.
const maxUpdateFiles = 500

// Update reports what Site.Update did.
type Update struct {
	// Full is set when the change cannot be applied page by page; Reason
	// says why. Nothing was written: the caller must run a full build.
	Full   bool
	Reason string
	// Pages lists the root-relative URLs of the pages written (their
	// output changed), sorted by output file; Removed those of the pages that
	// are gone; Moved the new URL of each page whose file moved (renamed
	// or moved to another folder), by its old URL.
	Pages   []string
	Removed []string
	Moved   map[string]string
	// Files lists the root-relative URLs of the other files written
	// again (a picture replaced in place).
	Files []string
	// Rendered counts the pages whose Markdown was rendered.
	Rendered int
	// Outputs lists the files written and Deleted the files removed,
	// relative to Options.Dest (the search index is written apart).
	Outputs, Deleted []string
	// Errors lists the problems found. When it is not empty nothing was
	// written and the site in memory is as it was before the call.
	Errors Diagnostics
	// Warnings is every warning about the content, as after a build
	// (Result.WarningList).
	Warnings Diagnostics
}

// Update brings a site built by BuildSite up to date after changes to the
// files in files (paths relative to the source directory,
// "content/opend6/combat.md": pages written, created, removed or moved,
// pictures and other files of the content), writing into the published
// directory Options.Dest only the files whose content changes. It asks the
// site's dependency graph (graph.go) what the change can alter:
//
//   - it walks the content again and reads the page files that changed
//     (and those whose includes did), keeping every other page as it was
//     read, then places them all (URLs, the page tree, tags, the names
//     links resolve by) as a build does;
//   - a page's Markdown is rendered again when a file it read changed,
//     or when a link, wikilink or embed of its text gets another answer
//     from the new model (asked again only of what changed: the pages
//     whose title, headings, ids or URL changed, and every link when pages
//     or names came or went);
//   - a page is written when its text, its frame (title, breadcrumbs,
//     previous and next, its list) or the navigation it shows changed;
//     redirects, the 404 page, sitemap.xml and the content files likewise;
//     the files of pages gone are removed.
//
// It sets Update.Full, writing nothing, when the change needs what only a
// build does: more than maxUpdateFiles files, a page at a static file's
// URL, a change of the kinds of fenced blocks the pages use (which decide
// generated assets). Settings files are the caller's: a change to them
// needs a full build.
//
// Nothing is written unless the update is free of errors; then the
// published site and the site in memory stay as they were. The search
// index is not written (see SearchWriter). Update is not safe for
// concurrent use, nor concurrently with other methods.
func (s *Site) Update(ctx context.Context, files []string) (Update, error) {
	g := s.graph
	switch {
	case s.view == nil || g == nil || g.outs == nil:
		return Update{Full: true, Reason: "the site has not been rendered"}, nil
	case g.untrusted != "":
		return Update{Full: true, Reason: g.untrusted}, nil
	case len(files) > maxUpdateFiles:
		return Update{Full: true, Reason: fmt.Sprintf("%d files changed", len(files))}, nil
	}
	was := before{model: s.model, diag: s.diag, warn: s.warn, view: s.view}
	s.model, s.diag, s.warn = newModel(), &collector{}, &collector{}
	up := &updater{s: s, g: g, was: was, changed: map[string]bool{}}
	for _, f := range files {
		up.changed[f] = true
		g.times.Delete(f)
	}
	u, err := up.run(ctx)
	if err != nil || u.Full || len(u.Errors) > 0 {
		s.model, s.diag, s.warn, s.view = was.model, was.diag, was.warn, was.view
	}
	return u, err
}

// before is the state of a site an Update replaces, restored when it
// fails.
type before struct {
	model      *model
	diag, warn *collector
	view       *templates.Site
}

// updater is one Update under way.
type updater struct {
	s       *Site
	g       *graph
	was     before
	changed map[string]bool // source-relative paths
	fresh   map[string]bool // content-relative paths of the pages read anew
	// structural: pages, files or names came, went or moved (asking)
	structural bool

	bodies map[string]*body // content-relative path -> the body rendered anew
	view   *templates.Site
}

// run makes the new model, renders and writes what changed.
func (up *updater) run(ctx context.Context) (Update, error) {
	s, g := up.s, up.g
	sc := g.scan
	if up.walk() {
		d0, w0 := s.diag.len(), s.warn.len()
		var err error
		if sc, err = s.scan(); err != nil {
			return Update{Full: true, Reason: err.Error()}, nil
		}
		g.scanned(sc, problems{s.diag.since(d0), s.warn.since(w0)})
	} else {
		g.scanProbs.publish(s.diag, s.warn)
	}
	fresh := map[string]bool{}
	up.fresh = fresh
	all, err := s.loadAll(ctx, sc, func(rel string) *page {
		l := g.loads[rel]
		if l == nil || l.readme != sc.readmes[rel] || l.folder != sc.folderNotes[rel] || slices.ContainsFunc(l.reads, up.isChanged) {
			fresh[rel] = true
			return nil
		}
		l.probs.publish(s.diag, s.warn)
		return l.page.clone(s.lay.SkipCopies)
	})
	if err != nil {
		return Update{}, err
	}
	s.assemble(all, sc)
	if reason := up.needsBuild(); reason != "" {
		return Update{Full: true, Reason: reason}, nil
	}
	s.indexPages()

	// The site's view: the navigation made once, the footer again (its
	// links resolve against the model).
	view := *up.was.view
	up.view = &view
	s.view = up.view
	view.Nav = s.siteNav()
	d0, w0 := s.diag.len(), s.warn.len()
	view.Footer = s.footer(view.Assets)
	footer := problems{s.diag.since(d0), s.warn.since(w0)}
	viewChanged := view.Title != up.was.view.Title || view.Home != up.was.view.Home || view.Footer != up.was.view.Footer ||
		view.Language != up.was.view.Language

	// Bodies: rendered again where a file read changed or an answer did.
	pages := slices.Clone(s.pages)
	if s.notFound != nil {
		pages = append(pages, s.notFound)
	}
	ask := up.asking()
	render := map[*page]bool{}
	for _, p := range pages {
		if p.file != "" && up.bodyStale(p, ask) {
			render[p] = true
		}
	}
	up.bodies = map[string]*body{}
	var mu sync.Mutex
	renderAll := func(list []*page) error {
		return parallel(ctx, len(list), s.opts.Workers, func(i int) {
			b := s.renderBody(list[i], view.Assets)
			b.drop(true) // until the update is published (see commit)
			mu.Lock()
			up.bodies[list[i].rel] = b
			mu.Unlock()
		})
	}
	sorted := func(m map[*page]bool) []*page {
		list := slices.Collect(maps.Keys(m))
		slices.SortFunc(list, func(a, b *page) int { return cmp.Compare(a.rel, b.rel) })
		return list
	}
	if err := renderAll(sorted(render)); err != nil {
		return Update{}, err
	}
	body := func(p *page) *body {
		if b, ok := up.bodies[p.rel]; ok {
			return b
		}
		return g.bodies[p.rel]
	}
	links := s.cfg.Backlinks || s.cfg.LinkPreviews
	if links {
		// The link graph, from the bodies rendered anew and the ones kept
		// (their links' answers are the same): a page's "Linked from"
		// list is part of its frame, its previews follow its fragments.
		s.linkGraph(body)
	}

	// Frames: compared for every page; a page whose frame, navigation or
	// body changed is written, from its kept body where there is one.
	more := map[*page]bool{} // bodies rendered again for want of a kept one
	var outs []pageOut
	oldByRel := up.was.model.byRel
	for _, p := range pages {
		if p.failed {
			continue
		}
		v := s.frame(p, up.view)
		f := g.frames[p.sitePath]
		dirty := render[p] || viewChanged || f == nil || !sameFrame(f, v) || !navSame(v, up.was.view.Nav, view.Nav)
		for _, sp := range listPaths(p) {
			if _, ok := g.outs[outputPath(sp)]; !ok {
				dirty = true
			}
		}
		b := g.bodies[p.rel]
		if p.file != "" && !render[p] {
			o := oldByRel[p.rel]
			search := s.indexed(p) && (o == nil || !s.indexed(o) || o.title != p.title || o.sitePath != p.sitePath || !slices.Equal(o.names, p.names))
			if (dirty || search) && (b == nil || !b.kept) {
				more[p] = true
			}
		}
		if dirty {
			outs = append(outs, pageOut{p, v})
		}
	}
	// Previews: written again when the page's body, its title or the
	// fragments other pages link to changed (preview.go).
	var prevs []*page
	for _, p := range pages {
		if p.failed || p.file == "" || p.redirectTo != "" || !s.previews(p) {
			continue // a page without Markdown has no previews
		}
		f := g.frames[p.sitePath]
		_, had := g.outs[previewPath(p)]
		if render[p] || !had || f == nil || f.Title != p.title || !slices.Equal(g.frags[p.sitePath], s.frags[p]) {
			prevs = append(prevs, p)
			if b := g.bodies[p.rel]; !render[p] && (b == nil || !b.kept || b.px == nil) {
				more[p] = true
			}
		}
	}
	if err := renderAll(sorted(more)); err != nil {
		return Update{}, err
	}
	maps.Copy(render, more)

	// Problems: the static files', the footer's, every body's.
	g.statProbs.publish(s.diag, s.warn)
	footer.publish(s.diag, s.warn)
	for _, p := range pages {
		if b := body(p); b != nil && p.file != "" {
			b.publish(s.diag, s.warn)
		}
	}

	// Outputs: the pages written, then what depends on the whole model.
	w := &changes{prev: g.outs, sums: map[string][sha256.Size]byte{}, files: map[string][]byte{}}
	for _, p := range pages {
		if p.failed {
			continue
		}
		for _, sp := range listPaths(p) {
			if sum, ok := g.outs[outputPath(sp)]; ok {
				w.sums[outputPath(sp)] = sum // unless written below
			}
		}
		if s.previews(p) {
			if sum, ok := g.outs[previewPath(p)]; ok {
				w.sums[previewPath(p)] = sum // unless written below
			}
		}
	}
	var u Update
	for _, o := range outs {
		if b := body(o.p); b != nil {
			if b.failed || b.err {
				continue
			}
			b.fill(o.v)
		}
		if err := s.writePages(ctx, w, o.p, o.v); err != nil {
			return Update{}, err
		}
	}
	previewOf := map[string]*page{}
	for _, p := range prevs {
		previewOf[previewPath(p)] = p
		if b := body(p); b != nil && !b.failed && !b.err && b.px != nil {
			if err := s.writePreviews(ctx, w, func(rel string) bool { return g.static[rel] }, p, b.content, b.px); err != nil {
				return Update{}, err
			}
		}
	}
	if s.notFound == nil {
		notFound := &templates.Page{Kind: templates.KindNotFound, Site: up.view, Title: "Page not found", URL: s.cfg.relURL("/404.html")}
		if err := s.writePage(ctx, w, "404.html", templates.Render(notFound)); err != nil {
			return Update{}, err
		}
	}
	if err := up.bundles(w, pages, body); err != nil {
		return Update{}, err
	}
	s.checkAliasFiles(func(rel string) bool { _, ok := w.sums[rel]; return ok || g.static[rel] })
	for _, p := range s.pages {
		for _, a := range p.aliases {
			if err := s.writePage(ctx, w, outputPath(a.sitePath), templates.Alias(s.cfg.LanguageCode, s.cfg.absURL(p.sitePath), s.cfg.relURL(p.sitePath))); err != nil {
				return Update{}, err
			}
		}
	}
	if err := s.writeSitemap(w); err != nil {
		return Update{}, err
	}
	if err := s.writeFeeds(w); err != nil {
		return Update{}, err
	}
	u.Errors, u.Warnings = s.diag.sorted(), s.warn.sorted()
	if len(u.Errors) > 0 {
		return u, nil
	}
	if err := ctx.Err(); err != nil {
		return Update{}, fmt.Errorf("update cancelled: %w", err)
	}

	// Publish: the files that changed, then the removal of those gone.
	unlock, err := s.destHold.hold(ctx, s.opts.Dest, s.opts.Waiting) // no build swaps Dest meanwhile
	if err != nil {
		return Update{}, err
	}
	defer unlock()
	pageOf := map[string]*page{}
	for _, p := range pages {
		for _, sp := range listPaths(p) {
			pageOf[outputPath(sp)] = p
		}
	}
	for _, rel := range slices.Sorted(maps.Keys(w.files)) {
		to := filepath.Join(s.opts.Dest, filepath.FromSlash(rel))
		if err := assets.RealDir(s.opts.Dest, filepath.Dir(to)); err != nil { // never through a link a user put there
			return u, fmt.Errorf("publish %s: %w", rel, err)
		}
		if err := assets.WriteAtomic(to, w.files[rel]); err != nil {
			return u, fmt.Errorf("publish %s: %w", rel, err)
		}
		u.Outputs = append(u.Outputs, rel)
		if p := pageOf[rel]; p != nil && outputPath(p.sitePath) == rel {
			u.Pages = append(u.Pages, s.cfg.relURL(p.sitePath))
		} else if p := previewOf[rel]; p != nil { // the page's previews: part of its output
			if url := s.cfg.relURL(p.sitePath); !slices.Contains(u.Pages, url) {
				u.Pages = append(u.Pages, url)
			}
		} else if !strings.HasSuffix(rel, ".html") && rel != "sitemap.xml" {
			u.Files = append(u.Files, s.cfg.relURL("/"+rel))
		}
	}
	for rel := range g.outs {
		if _, ok := w.sums[rel]; ok {
			continue
		}
		if err := removeOutput(s.opts.Dest, rel); err != nil {
			return u, err
		}
		u.Deleted = append(u.Deleted, rel)
		if strings.HasSuffix(rel, "index.html") {
			u.Removed = append(u.Removed, s.cfg.relURL("/"+strings.TrimSuffix(rel, "index.html")))
		} else if strings.HasSuffix(rel, ".html") && rel != notFoundHTML { // a page published as a file (VitePress's /x.html)
			u.Removed = append(u.Removed, s.cfg.relURL("/"+rel))
		}
	}
	slices.Sort(u.Removed)
	slices.Sort(u.Deleted)
	u.Moved = up.moved(fresh)
	u.Rendered = len(render)
	up.commit(w, outs, pages, footer, sc)
	if links {
		g.setFrags(pages, s.frags)
	}
	return u, nil
}

// walk reports whether the content must be walked again: a changed file
// is not one the last walk found (created, removed, moved) or no longer a
// plain file, or is a page written in HTML (whose front matter decides if
// it is a page). A change outside the content does not count.
func (up *updater) walk() bool {
	s, sc := up.s, up.g.scan
	if sc == nil {
		return true
	}
	for f := range up.changed {
		rel, ok := s.ContentRel(f)
		if !ok {
			if s.lay.Content == "." || f == s.lay.Content || strings.HasPrefix(f, s.lay.Content+"/") {
				return true // in the content, left out by the layout: a folder may have come or gone
			}
			continue
		}
		if strings.HasSuffix(rel, ".html") || !sc.files[rel] && !slices.Contains(sc.rels, rel) && !slices.Contains(sc.unlisted, rel) {
			return true
		}
		info, err := os.Lstat(filepath.Join(s.opts.Source, filepath.FromSlash(f)))
		if err != nil || !info.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// isChanged reports whether the source file f is among the changes.
func (up *updater) isChanged(f string) bool { return up.changed[f] }

// needsBuild says why the new model needs a full build, "" when it does
// not (see Update).
func (up *updater) needsBuild() string {
	s := up.s
	if len(s.opts.Generators) > 0 && !maps.Equal(blockKinds(up.was.model.pages), blockKinds(s.pages)) {
		return "the kinds of fenced blocks the pages use changed (they decide the generated files)"
	}
	for _, p := range s.pages {
		for _, sp := range listPaths(p) {
			if up.g.static[outputPath(sp)] {
				return fmt.Sprintf("%s is at the URL of a static file (%s)", p.file, sp)
			}
		}
	}
	return ""
}

// blockKinds is the set of fenced blocks' info words pages use.
func blockKinds(pages []*page) map[string]bool {
	kinds := map[string]bool{}
	for _, p := range pages {
		for _, b := range p.blocks {
			kinds[b] = true
		}
	}
	return kinds
}

// asking returns the test of which recorded questions to ask the new
// model again (see bodyStale): every one when pages, files or names came,
// went or moved; else those whose answer led to a page whose title,
// headings, ids or URL changed, and those that found a problem.
func (up *updater) asking() func(c call, a answer) bool {
	was, now := up.g.digestOf(up.s, up.was.model), up.g.digestOf(up.s, up.s.model)
	if was.structure != now.structure {
		up.structural = true
		return func(call, answer) bool { return true }
	}
	changed := map[string]bool{} // site paths
	for sp, h := range now.pages {
		if o, ok := was.pages[sp]; !ok || o != h {
			changed[sp] = true
		}
	}
	problem := func(a answer) bool { return a.problem != "" || a.unlinked != "" || a.warning != "" }
	if len(changed) == 0 {
		return func(_ call, a answer) bool { return problem(a) }
	}
	old := up.was.model
	byURL := map[string]string{} // published URL (no fragment) -> site path
	for sp := range old.byURL {
		byURL[up.s.cfg.relURL(sp)] = sp
	}
	return func(c call, a answer) bool {
		if problem(a) {
			return true
		}
		if a.note.file != "" {
			rel, _ := up.s.ContentRel(a.note.file)
			if o := old.byRel[rel]; o == nil || changed[o.sitePath] {
				return true
			}
		}
		u, _, _ := strings.Cut(a.url, "#")
		u, _, _ = strings.Cut(u, "?")
		if u == "" { // a fragment of the page itself
			o := old.byRel[c.from]
			return o == nil || changed[o.sitePath]
		}
		sp, ok := byURL[u]
		return ok && changed[sp]
	}
}

// digest is what links resolve by in a model, hashed: structure is what
// is not one page's own (which page or file is at each path and URL, the
// other names of notes, what is not published, the sections); pages is
// what a link to each page reads of it (linkPrint), by site path.
type digest struct {
	structure uint64
	pages     map[string]uint64
}

// digestOf returns the digest of model m, made once.
func (g *graph) digestOf(s *Site, m *model) *digest {
	if m.digest != nil {
		return m.digest
	}
	d := &digest{pages: make(map[string]uint64, len(m.byURL))}
	sum := func(parts ...string) {
		d.structure += g.hash(parts...) // a sum: the order of a map's entries does not count
	}
	for sp, p := range m.byURL {
		sum("u", sp, p.rel)
		d.pages[sp] = g.linkPrint(p)
	}
	for rel, p := range m.byRel {
		sum("r", rel, p.sitePath, strings.Join(p.names, "\x00"), strconv.Itoa(int(p.kind)))
	}
	for rel := range m.files {
		sum("f", rel)
	}
	for rel, why := range m.unpublished {
		sum("n", rel, why)
	}
	for sp, rel := range m.unpubURL {
		sum("v", sp, rel)
	}
	for dir, p := range m.sections {
		sum("s", dir, p.sitePath)
	}
	if s.lay.BookAnchors { // a "#id" link may lead to any page that has the id
		for _, p := range m.pages {
			d.structure += g.linkPrint(p)
		}
	}
	m.digest = d
	return d
}

// linkPrint is what a link to page p reads of it, hashed: its URL, title,
// heading, whether it dropped its first heading, whether it could be
// read, and its element ids.
func (g *graph) linkPrint(p *page) uint64 {
	h := g.hash(p.sitePath, p.title, p.heading, p.file, strconv.FormatBool(p.dropH1), strconv.FormatBool(p.titleLead), strconv.FormatBool(p.failed))
	for id := range p.ids {
		h += g.hash("#", id)
	}
	return h
}

// hash hashes parts with the graph's seed.
func (g *graph) hash(parts ...string) uint64 {
	var h maphash.Hash
	h.SetSeed(g.seed)
	for _, p := range parts {
		h.WriteString(p)
		h.WriteByte(0)
	}
	return h.Sum64()
}

// bodyStale reports whether page p's body must be rendered again: it has
// none, the Markdown pipeline is told something else of the page, a file
// it read changed, or a question ask selects gets another answer now.
func (up *updater) bodyStale(p *page, ask func(call, answer) bool) bool {
	s := up.s
	b := up.g.bodies[p.rel]
	switch {
	case b == nil || b.file != p.file || b.url != s.cfg.relURL(p.sitePath) || b.failed != p.failed ||
		b.dropH1 != (p.dropH1 && !p.titleLead) || b.dropLeading != (p.dropH1 && p.titleLead):
		return true
	}
	for f := range b.reads {
		if up.changed[f] {
			return true
		}
	}
	for _, f := range p.includes {
		if !b.reads[f] {
			return true
		}
	}
	if d := b.query; d != nil { // Dataview: the notes its queries read, the sets of notes they scanned
		if len(d.Sources) > 0 && (len(up.fresh) > 0 || up.structural) {
			return true
		}
		for rel := range d.Pages {
			if up.fresh[rel] || s.byRel[rel] == nil {
				return true
			}
		}
	}
	for c, a := range b.calls {
		if ask(c, a) {
			if now, ok := s.ask(c); !ok || now != a {
				return true
			}
		}
	}
	return false
}

// ask asks the site's model the question c again, as the page's text
// asked it (see pageLinks), without reading any file; ok is false when
// the page that asked is gone.
func (s *Site) ask(c call) (answer, bool) {
	from, ok := s.byRel[c.from]
	if !ok {
		return answer{}, false
	}
	l := pageLinks{s: s, p: from, assets: s.view.Assets, replay: true}
	if !c.wiki {
		tg := s.linkTarget(from, c.dest)
		return answer{url: tg.URL, problem: tg.Problem, unlinked: tg.Unlinked, title: tg.Title}, true
	}
	tg := l.resolveWiki(c.dest, c.frag, c.embed)
	a := answer{url: tg.URL, problem: tg.Problem, warning: tg.Warning, unlinked: tg.Unlinked}
	if tg.Note != nil {
		a.note = noteOf(tg.Note)
	}
	return a, true
}

// bundles writes the content files that are not pages (all of them, or
// in a layout that publishes only linked files those the pages link to),
// the ones that changed only; a file at a page's output is a problem, as
// in copyBundles.
func (up *updater) bundles(w *changes, pages []*page, bodyOf func(*page) *body) error {
	s, g := up.s, up.g
	var linked map[string]bool
	if s.lay.LinkedFilesOnly {
		linked = map[string]bool{}
		urls := map[string]string{}
		for rel := range s.files {
			urls[s.cfg.relURL(s.cfg.bundleURL(rel))] = rel
		}
		mark := func(b *body) {
			if b == nil {
				return
			}
			for _, a := range b.calls {
				u, _, _ := strings.Cut(a.url, "#")
				u, _, _ = strings.Cut(u, "?")
				if rel, ok := urls[u]; ok {
					linked[rel] = true
				}
			}
		}
		for _, p := range pages {
			if p.file != "" {
				mark(bodyOf(p))
			}
		}
		mark(s.footerLinks)
	}
	reserved := map[string]bool{"404.html": true, "sitemap.xml": true, swFile: true}
	for _, p := range pages {
		if p.fileHome {
			continue // a file of the content is written there
		}
		for _, sp := range listPaths(p) {
			reserved[outputPath(sp)] = true
		}
	}
	for _, rel := range slices.Sorted(maps.Keys(s.files)) {
		if linked != nil && !linked[rel] {
			continue
		}
		out := strings.TrimPrefix(s.cfg.bundleURL(rel), "/")
		if reserved[out] || g.static[out] {
			s.diag.addf(s.srcFile(rel), 0, 0, "", "conflicts with another file of the site at /%s", out)
			continue
		}
		if sum, ok := g.outs[out]; ok && !up.changed[s.srcFile(rel)] {
			w.sums[out] = sum
			continue
		}
		data, err := s.readSource(s.srcFile(rel))
		if err != nil {
			s.diag.addf(s.srcFile(rel), 0, 0, "", "read: %v", unwrapPath(err))
			continue
		}
		if err := w.Write(out, data); err != nil {
			return err
		}
	}
	return nil
}

// moved finds the pages whose file moved: a page gone whose text is that
// of a page read anew (fresh, by content-relative path).
func (up *updater) moved(fresh map[string]bool) map[string]string {
	s, was := up.s, up.was.model
	bySum := map[[sha256.Size]byte]*page{}
	for rel := range fresh {
		if p, ok := s.byRel[rel]; ok && was.byRel[rel] == nil {
			if l := up.g.loads[rel]; l != nil && l.sum != ([sha256.Size]byte{}) {
				bySum[l.sum] = p
			}
		}
	}
	if len(bySum) == 0 {
		return nil
	}
	moved := map[string]string{}
	for rel, o := range was.byRel {
		if _, ok := s.byRel[rel]; ok {
			continue
		}
		if l := up.g.loads[rel]; l != nil {
			if p, ok := bySum[l.sum]; ok {
				moved[s.cfg.relURL(o.sitePath)] = s.cfg.relURL(p.sitePath)
			}
		}
	}
	return moved
}

// commit makes the update the graph's: the bodies rendered, the frames
// written, the outputs, the search index's entries; what belongs to no
// page or file any more goes.
func (up *updater) commit(w *changes, outs []pageOut, pages []*page, footer problems, sc *scanned) {
	s, g := up.s, up.g
	// The search index: the entries of the pages kept, made anew for
	// those whose text, title or URL changed.
	x := s.search
	if x != nil {
		old := x.snapshot()
		byRel := map[string]searchPage{}
		for p, sp := range old {
			byRel[p.rel+"\x00"+p.sitePath+"\x00"+p.title+"\x00"+strings.Join(p.names, "\x00")] = sp
		}
		now := make(map[*page]searchPage, len(pages))
		for _, p := range pages {
			if !s.indexed(p) {
				continue
			}
			key := p.rel + "\x00" + p.sitePath + "\x00" + p.title + "\x00" + strings.Join(p.names, "\x00")
			if sp, ok := byRel[key]; ok && up.bodies[p.rel] == nil {
				now[p] = sp
				continue
			}
			b := up.bodies[p.rel]
			if b == nil {
				b = g.bodies[p.rel]
			}
			if b != nil && b.docs != nil {
				now[p] = searchPage{entry: encodeEntry(s.cfg.relURL(p.sitePath), p.title, b.docs), terms: weighTerms(p, b.docs)}
			}
		}
		x.mu.Lock()
		x.pages, x.chunk = now, searchChunk(len(s.pages))
		x.mu.Unlock()
	}
	s.served.updated(s, up.bodies, outs) // before the bodies' text is dropped
	for rel, b := range up.bodies {
		b.drop(g.keep)
		g.bodies[rel] = b
	}
	for _, o := range outs {
		g.setFrame(o.p.sitePath, o.v)
	}
	live := map[string]bool{}
	sps := map[string]bool{}
	for _, p := range pages {
		live[p.rel] = true
		sps[p.sitePath] = true
	}
	maps.DeleteFunc(g.bodies, func(rel string, _ *body) bool { return !live[rel] })
	maps.DeleteFunc(g.frames, func(sp string, _ *templates.Page) bool { return !sps[sp] })
	scanned := map[string]bool{}
	for _, rel := range sc.rels {
		scanned[rel] = true
	}
	maps.DeleteFunc(g.loads, func(rel string, _ *loaded) bool { return !scanned[rel] })
	g.outs = w.sums
	g.footer = footer
}

// pageOut is a page an Update writes, with its view.
type pageOut struct {
	p *page
	v *templates.Page
}

// changes is where an Update writes: a file whose content is the one
// published (prev) is only noted; the others are kept to be published.
type changes struct {
	mu    sync.Mutex
	prev  map[string][sha256.Size]byte
	sums  map[string][sha256.Size]byte // every file of the new output
	files map[string][]byte            // the files to write
}

// Write implements fileWriter.
func (c *changes) Write(rel string, data []byte) error {
	sum := sha256.Sum256(data)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sums[rel] = sum
	if old, ok := c.prev[rel]; ok && old == sum {
		delete(c.files, rel)
		return nil
	}
	c.files[rel] = slices.Clone(data)
	return nil
}

// removeOutput removes the published file rel of dest (a file of a page
// or file gone), and the folders it leaves empty, never through a link a
// user put in the output.
func removeOutput(dest, rel string) error {
	p := filepath.Join(dest, filepath.FromSlash(rel))
	if !assets.ReachedDirectly(dest, p) {
		return nil
	}
	if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("unpublish %s: %w", rel, err)
	}
	for d := path.Dir(rel); d != "." && d != ""; d = path.Dir(d) {
		if os.Remove(filepath.Join(dest, filepath.FromSlash(d))) != nil {
			break // not empty (or gone): the folders above are not either
		}
	}
	return nil
}
