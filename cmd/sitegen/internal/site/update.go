package site

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"maps"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/site/content"
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
	// Rendered counts the pages whose Markdown was rendered, Frames
	// those whose frame was computed (the others keep theirs: frameDeps).
	Rendered, Frames int
	// Later counts the pages whose navigation alone changed, left for
	// Site.WriteLater (a site that writes them after the push: NavLater);
	// they are in neither Pages nor Outputs.
	Later int
	// Outputs lists the files written and Deleted the files removed,
	// relative to Options.Dest (the search index is written apart).
	Outputs, Deleted []string
	// Errors lists the problems found. When it is not empty nothing was
	// written and the site in memory is as it was before the call.
	Errors content.Diagnostics
	// Warnings is every warning about the content, as after a build
	// (Result.WarningList).
	Warnings content.Diagnostics
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
//     previous and next, its list) or the navigation it shows changed
//     (the navigation alone: by WriteLater, when the site is NavLater's);
//     redirects, the 404 page, sitemap.xml and the content files likewise;
//     the files of pages gone are removed.
//
// It sets Update.Full, writing nothing, when the change needs what only a
// build does: more than maxUpdateFiles files, a page at a static file's
// URL, a change of the kinds of fenced blocks the pages use (which decide
// generated assets), or a settings file of the layout among files
// (detect.Settings: mdBook's SUMMARY.md, mkdocs.yml, _config.yml...),
// which `serve` rebuilds for without asking (server.classify): read
// again, they can change what every page is.
//
// Nothing is written unless the update is free of errors; then the
// published site and the site in memory stay as they were. The search
// index is not written (see SearchWriter). Update is not safe for
// concurrent use, nor concurrently with other methods.
func (s *Site) Update(ctx context.Context, files []string) (Update, error) {
	if len(files) > 0 {
		set := detect.NewSettingsSet(s.Lay)
		for _, f := range files {
			if set.Has(f) {
				return Update{Full: true, Reason: f + " is a settings file of the layout"}, nil
			}
		}
	}
	if len(s.Lay.Locales) > 1 {
		return s.updateLocales(ctx, files) // localeupdate.go
	}
	return s.update(ctx, files)
}

// update is Update of a site of one language (or one language's site).
func (s *Site) update(ctx context.Context, files []string) (Update, error) {
	g := s.Graph
	switch {
	case s.View == nil || g == nil || g.Outs == nil:
		return Update{Full: true, Reason: "the site has not been rendered"}, nil
	case g.Untrusted != "":
		return Update{Full: true, Reason: g.Untrusted}, nil
	case len(files) > maxUpdateFiles:
		return Update{Full: true, Reason: fmt.Sprintf("%d files changed", len(files))}, nil
	}
	if s.switched == nil { // else they stay left (relink)
		if _, err := s.WriteLater(ctx); err != nil { // the pages the last Update left: before the site changes
			return Update{}, err
		}
	}
	if s.Lay.Changed != nil {
		s.Lay.Changed(files) // what the layout's rules read of them is read again (a Zola section's _index.md)
	}
	was := before{model: s.Model, diag: s.Diag, warn: s.Warn, view: s.View}
	s.Model, s.Diag, s.Warn = content.NewModel(), &content.Collector{}, &content.Collector{}
	up := &updater{s: s, g: g, was: was, changed: map[string]bool{}}
	for _, f := range files {
		up.changed[f] = true
		g.Times.Delete(f)
	}
	u, err := up.run(ctx)
	if err != nil || u.Full || len(u.Errors) > 0 {
		s.Model, s.Diag, s.Warn, s.View = was.model, was.diag, was.warn, was.view
	}
	return u, err
}

// before is the state of a site an Update replaces, restored when it
// fails.
type before struct {
	model      *content.Model
	diag, warn *content.Collector
	view       *templates.Site
}

// updater is one Update under way.
type updater struct {
	s       *Site
	g       *content.Graph
	was     before
	changed map[string]bool // source-relative paths
	fresh   map[string]bool // content-relative paths of the pages read anew
	// structural: pages, files or names came, went or moved (asking)
	structural bool

	bodies map[string]*content.Body // content-relative path -> the body rendered anew
	view   *templates.Site
}

// run makes the new model, renders and writes what changed.
func (up *updater) run(ctx context.Context) (Update, error) {
	s, g := up.s, up.g
	sc := g.Scan
	if up.walk() {
		// The files that came or went added to the last walk's, where
		// they can be (content.Site.Rescan), else the content walked again.
		if re, ok := s.Rescan(sc, g.ScanProbs, slices.Sorted(maps.Keys(up.changed))); ok {
			sc = re
			g.Scanned(sc, g.ScanProbs)
		} else {
			d0, w0 := s.Diag.Len(), s.Warn.Len()
			var err error
			if sc, err = s.Scan(); err != nil {
				return Update{Full: true, Reason: err.Error()}, nil
			}
			g.Scanned(sc, content.Problems{Errs: s.Diag.Since(d0), Warns: s.Warn.Since(w0)})
		}
	} else {
		g.ScanProbs.Publish(s.Diag, s.Warn)
	}
	fresh := map[string]bool{}
	up.fresh = fresh
	all, err := s.LoadAll(ctx, sc, func(rel string) *content.Page {
		l := g.Loads[rel]
		if l == nil || l.Readme != sc.Readmes[rel] || l.Folder != sc.FolderNotes[rel] || l.Page.ReadsSite || slices.ContainsFunc(l.Reads, up.isChanged) {
			fresh[rel] = true
			return nil
		}
		l.Probs.Publish(s.Diag, s.Warn)
		return l.Page.Clone(s.Lay.SkipCopies)
	})
	if err != nil {
		return Update{}, err
	}
	s.Before = up.was.model
	s.Assemble(all, sc)
	s.Before = nil
	if reason := up.needsBuild(); reason != "" {
		return Update{Full: true, Reason: reason}, nil
	}
	s.IndexPages()

	// The site's view: the navigation made once, the footer again (its
	// links resolve against the model).
	view := *up.was.view
	up.view = &view
	s.View = up.view
	// A navigation the same as the previous one, entry for entry
	// (NavEqual), is that one (and its index, copied with the view): a
	// save that leaves it as it was keeps no second tree alive through
	// the frames made from this view.
	nav := s.SiteNav()
	navSame := content.NavEqual(up.was.view.Nav, nav) // else asked of each page's trail
	if !navSame {
		view.SetNav(nav)
	}
	view.FolderNavs = s.FolderNavs()
	d0, w0 := s.Diag.Len(), s.Warn.Len()
	view.Footer = s.Footer(view.Assets)
	view.PreviewShards = s.previewShards()
	footer := content.Problems{Errs: s.Diag.Since(d0), Warns: s.Warn.Since(w0)}
	viewChanged := view.Title != up.was.view.Title || view.Home != up.was.view.Home || view.Footer != up.was.view.Footer ||
		view.Language != up.was.view.Language || view.PreviewShards != up.was.view.PreviewShards

	// Bodies: rendered again where a file read changed or an answer did.
	pages := slices.Clone(s.Pages)
	if s.NotFound != nil {
		pages = append(pages, s.NotFound)
	}
	ask := up.asking()
	render := map[*content.Page]bool{}
	for _, p := range pages {
		if p.File != "" && up.bodyStale(p, ask) {
			render[p] = true
		}
	}
	up.bodies = map[string]*content.Body{}
	var mu sync.Mutex
	renderAll := func(list []*content.Page) error {
		return content.Parallel(ctx, len(list), s.Opts.Workers, func(i int) {
			b := s.renderBody(list[i], view.Assets)
			b.Drop(true) // until the update is published (see commit)
			mu.Lock()
			up.bodies[list[i].Rel] = b
			mu.Unlock()
		})
	}
	sorted := func(m map[*content.Page]bool) []*content.Page {
		list := slices.Collect(maps.Keys(m))
		slices.SortFunc(list, func(a, b *content.Page) int { return cmp.Compare(a.Rel, b.Rel) })
		return list
	}
	if err := renderAll(sorted(render)); err != nil {
		return Update{}, err
	}
	body := func(p *content.Page) *content.Body {
		if b, ok := up.bodies[p.Rel]; ok {
			return b
		}
		return g.Bodies[p.Rel]
	}
	links := s.Cfg.Backlinks || s.Cfg.LinkPreviews
	if links {
		// The link graph, from the bodies rendered anew and the ones kept
		// (their links' answers are the same): a page's "Linked from"
		// list is part of its frame, its previews follow its fragments.
		s.LinkGraph(body)
	}

	// Frames: computed again for the pages whose frame can differ
	// (frameDeps), compared with the kept one; a page whose frame,
	// navigation or body changed is written, from its kept body where
	// there is one.
	more := map[*content.Page]bool{} // bodies rendered again for want of a kept one
	var outs []pageOut
	var later []pageOut // the pages whose navigation alone changed, for WriteLater (navLater)
	oldByRel := up.was.model.ByRel
	deps := newFrameDeps(s, up.was.model, up.was.view, up.view)
	var u Update
	for _, p := range pages {
		if p.Failed {
			continue
		}
		f := g.Frames[p.SitePath]
		var v *templates.Page
		dirty := render[p] || viewChanged || s.switched[p.SitePath]
		if f == nil || fresh[p.Rel] || deps.changed(p, f) {
			v = s.frame(p, up.view)
			u.Frames++
			dirty = dirty || f == nil || !content.SameFrame(f, v)
		}
		for _, sp := range content.ListPaths(p) {
			if _, ok := g.Outs[content.OutputPath(sp)]; !ok {
				dirty = true
			}
		}
		shown := v
		if shown == nil {
			shown = f // the same frame: its trail is the page's
		}
		navOnly := !dirty && !navSame && !content.NavSame(shown, up.was.view.Nav, view.Nav)
		b := g.Bodies[p.Rel]
		if navOnly && (!s.navLater || p.File != "" && (b == nil || !b.Kept)) {
			dirty, navOnly = true, false // written now (from a body rendered again)
		}
		if p.File != "" && !render[p] {
			o := oldByRel[p.Rel]
			search := s.indexed(p) && (o == nil || !s.indexed(o) || o.Title != p.Title || o.SitePath != p.SitePath || !slices.Equal(o.Names, p.Names))
			if (dirty || search) && (b == nil || !b.Kept) {
				more[p] = true
			}
		}
		if dirty || navOnly {
			if v == nil {
				v = s.frame(p, up.view)
				u.Frames++
			}
			if navOnly {
				later = append(later, pageOut{p, v})
			} else {
				outs = append(outs, pageOut{p, v})
			}
		}
	}
	// Previews: written again when the page's body, its title or the
	// fragments other pages link to changed (preview.go).
	var prevs []*content.Page
	for _, p := range pages {
		if p.Failed || p.File == "" || p.RedirectTo != "" || !s.previews(p) {
			continue // a page without Markdown has no previews
		}
		f := g.Frames[p.SitePath]
		_, had := g.Previews[p.SitePath]
		if render[p] || !had || f == nil || f.Title != p.Title || !slices.Equal(g.Frags[p.SitePath], s.Frags[p]) {
			prevs = append(prevs, p)
			if b := g.Bodies[p.Rel]; !render[p] && (b == nil || !b.Kept || b.Px == nil) {
				more[p] = true
			}
		}
	}
	if err := renderAll(sorted(more)); err != nil {
		return Update{}, err
	}
	maps.Copy(render, more)

	// Problems: the static files', the footer's, every body's.
	g.StatProbs.Publish(s.Diag, s.Warn)
	footer.Publish(s.Diag, s.Warn)
	for _, p := range pages {
		if b := body(p); b != nil && p.File != "" {
			b.Publish(s.Diag, s.Warn)
		}
	}

	// Outputs: the pages written, then what depends on the whole model.
	w := &changes{prev: g.Outs, sums: map[string][sha256.Size]byte{}, files: map[string][]byte{}}
	for _, p := range pages {
		if p.Failed {
			continue
		}
		for _, sp := range content.ListPaths(p) {
			if sum, ok := g.Outs[content.OutputPath(sp)]; ok {
				w.sums[content.OutputPath(sp)] = sum // unless written below
			}
		}
	}
	for i := range view.PreviewShards {
		if sum, ok := g.Outs[shardPath(i)]; ok && view.PreviewShards == up.was.view.PreviewShards {
			w.sums[shardPath(i)] = sum // unless written or gone below
		}
	}
	for _, o := range outs {
		if b := body(o.p); b != nil {
			if b.Failed || b.Err {
				continue
			}
			b.Fill(o.v)
		}
		if err := s.writePages(ctx, w, o.p, o.v); err != nil {
			return Update{}, err
		}
	}
	// Previews shards: written again where a page's previews changed,
	// came or went (every one when their number changed), from each
	// page's previews, kept or made anew.
	previews := make(map[string][]byte, len(g.Previews))
	previewed := map[string]*content.Page{}
	for _, p := range pages {
		if !p.Failed && s.previews(p) {
			previewed[p.SitePath] = p
			if e, ok := g.Previews[p.SitePath]; ok {
				previews[p.SitePath] = e
			}
		}
	}
	shards := map[int]bool{}
	previewOf := map[string][]*content.Page{} // shard -> its pages whose previews changed
	changedPreview := func(sp string) {
		i := shardOf(sp, view.PreviewShards)
		shards[i] = true
		if p := previewed[sp]; p != nil {
			previewOf[shardPath(i)] = append(previewOf[shardPath(i)], p)
		}
	}
	for _, p := range prevs {
		b := body(p)
		if b == nil || b.Failed || b.Err || b.Px == nil {
			continue
		}
		if e := s.previewEntry(ctx, p, b.Content, b.Px); !bytes.Equal(e, previews[p.SitePath]) {
			previews[p.SitePath] = e
			changedPreview(p.SitePath)
		}
	}
	for sp := range g.Previews {
		if _, ok := previews[sp]; !ok && view.PreviewShards > 0 {
			changedPreview(sp) // gone
		}
	}
	if view.PreviewShards != up.was.view.PreviewShards {
		for i := range view.PreviewShards {
			shards[i] = true
		}
	}
	for i := range shards {
		delete(w.sums, shardPath(i)) // written again, or gone when empty
	}
	if _, err := s.writeShards(w, func(rel string) bool { return g.Static[rel] }, previews, view.PreviewShards, func(i int) bool { return shards[i] }); err != nil {
		return Update{}, err
	}
	if s.NotFound == nil && !s.Lay.NoNotFoundPage {
		notFound := s.notFoundPage(up.view)
		if err := s.writePage(ctx, w, "404.html", templates.Render(notFound)); err != nil {
			return Update{}, err
		}
	}
	if err := s.writeCombined(ctx, w, up.view, func(p *content.Page) (string, bool) {
		b := body(p)
		if b == nil || !b.Kept {
			b = s.renderBody(p, view.Assets) // a graph that keeps no bodies
		}
		if b == nil || b.Failed || b.Err {
			return "", false
		}
		return b.Content, true
	}); err != nil {
		return Update{}, err
	}
	if err := up.bundles(w, pages, body); err != nil {
		return Update{}, err
	}
	s.CheckAliasFiles(func(rel string) bool { _, ok := w.sums[rel]; return ok || g.Static[rel] })
	aliases := map[string]bool{}
	for _, p := range s.Pages {
		for _, a := range p.Aliases {
			aliases[content.OutputPath(a.SitePath)] = true
			if err := s.writePage(ctx, w, content.OutputPath(a.SitePath), templates.Alias(s.Cfg.LanguageCode, s.Cfg.AbsURL(p.SitePath), s.Cfg.RelURL(p.SitePath))); err != nil {
				return Update{}, err
			}
		}
	}
	if err := s.writeLayoutRedirects(ctx, w, func(rel string) bool { _, ok := w.sums[rel]; return ok || g.Static[rel] }, aliases); err != nil {
		return Update{}, err
	}
	kept := !s.Lay.OwnSitemap && sameListed(up.was.model.Pages, s.Pages) && s.switched == nil
	for _, name := range s.sitemapFiles() {
		_, ok := g.Outs[name]
		kept = kept && ok
	}
	if kept {
		for _, name := range s.sitemapFiles() {
			w.keep(name, g.Outs[name]) // the same pages in the same order: the same sitemap, not made again
		}
	} else if err := s.writeSitemap(w); err != nil {
		return Update{}, err
	}
	if err := s.writeFeeds(w); err != nil {
		return Update{}, err
	}
	u.Errors, u.Warnings = s.Diag.Sorted(), s.Warn.Sorted()
	u.Warnings, _ = foldAbsentThemes(s.Lay, u.Warnings) // said by the build
	if len(u.Errors) > 0 {
		return u, nil
	}
	if err := ctx.Err(); err != nil {
		return Update{}, fmt.Errorf("update cancelled: %w", err)
	}

	// Publish: the files that changed, then the removal of those gone.
	unlock, err := s.hold(ctx) // no build swaps Dest meanwhile
	if err != nil {
		return Update{}, err
	}
	defer unlock()
	pageOf := map[string]*content.Page{}
	for _, p := range pages {
		for _, sp := range content.ListPaths(p) {
			pageOf[content.OutputPath(sp)] = p
		}
	}
	listed := map[string]bool{} // u.Pages
	for _, rel := range slices.Sorted(maps.Keys(w.files)) {
		if err := publishFile(s.Opts.Dest, rel, w.files[rel]); err != nil {
			return u, err
		}
		u.Outputs = append(u.Outputs, rel)
		if p := pageOf[rel]; p != nil && content.OutputPath(p.SitePath) == rel {
			if url := s.Cfg.RelURL(p.SitePath); !listed[url] { // its previews' shard may come first
				listed[url] = true
				u.Pages = append(u.Pages, url)
			}
		} else if ps := previewOf[rel]; ps != nil { // pages' previews: part of their output
			for _, p := range ps {
				if url := s.Cfg.RelURL(p.SitePath); !listed[url] {
					listed[url] = true
					u.Pages = append(u.Pages, url)
				}
			}
		} else if !strings.HasSuffix(rel, ".html") && rel != "sitemap.xml" {
			u.Files = append(u.Files, s.Cfg.RelURL("/"+rel))
		}
	}
	for rel := range g.Outs {
		if _, ok := w.sums[rel]; ok {
			continue
		}
		if err := removeOutput(s.Opts.Dest, rel); err != nil {
			return u, err
		}
		u.Deleted = append(u.Deleted, rel)
		if strings.HasSuffix(rel, "index.html") {
			u.Removed = append(u.Removed, s.Cfg.RelURL("/"+strings.TrimSuffix(rel, "index.html")))
		} else if strings.HasSuffix(rel, ".html") && rel != content.NotFoundHTML { // a page published as a file (VitePress's /x.html)
			u.Removed = append(u.Removed, s.Cfg.RelURL("/"+rel))
		}
	}
	slices.Sort(u.Removed)
	slices.Sort(u.Deleted)
	u.Moved = up.moved(fresh)
	u.Rendered = len(render)
	u.Later = len(later)
	g.Previews = previews
	up.commit(w, outs, pages, footer, sc)
	if len(later) > 0 {
		s.served.updated(s, nil, later) // written by WriteLater
	}
	if s.switched != nil {
		// relink: the pages left before stay left (the model's page at
		// their URL now, the same as the one left), unless written now;
		// their switcher is as it was (else they are switched).
		for _, o := range s.later {
			q := s.ByURL[o.p.SitePath]
			if q != nil && !slices.ContainsFunc(outs, func(w pageOut) bool { return w.p.SitePath == o.p.SitePath }) &&
				!slices.ContainsFunc(later, func(w pageOut) bool { return w.p.SitePath == o.p.SitePath }) {
				later = append(later, pageOut{q, o.v})
			}
		}
	}
	s.later = later
	if links {
		g.SetFrags(pages, s.Frags)
	}
	return u, nil
}

// walk reports whether the content must be walked again: a changed file
// is not one the last walk found (created, removed, moved) or no longer a
// plain file, or is a page written in HTML (whose front matter decides if
// it is a page). A change outside the content does not count.
func (up *updater) walk() bool {
	s, sc := up.s, up.g.Scan
	if sc == nil {
		return true
	}
	for f := range up.changed {
		rel, ok := s.ContentRel(f)
		if !ok {
			if s.Lay.Content == "." || f == s.Lay.Content || strings.HasPrefix(f, s.Lay.Content+"/") {
				return true // in the content, left out by the layout: a folder may have come or gone
			}
			continue
		}
		if strings.HasSuffix(rel, ".html") || sc.Created(rel) || !sc.Files[rel] && !slices.Contains(sc.Rels, rel) && !slices.Contains(sc.Unlisted, rel) {
			return true
		}
		info, err := os.Lstat(filepath.Join(s.Opts.Source, filepath.FromSlash(f)))
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
	if len(s.Opts.Generators) > 0 && !maps.Equal(blockKinds(up.was.model.Pages), blockKinds(s.Pages)) {
		return "the kinds of fenced blocks the pages use changed (they decide the generated files)"
	}
	for _, p := range s.Pages {
		for _, sp := range content.ListPaths(p) {
			if up.g.Static[content.OutputPath(sp)] {
				return fmt.Sprintf("%s is at the URL of a static file (%s)", p.File, sp)
			}
		}
	}
	return ""
}

// blockKinds is the set of fenced blocks' info words pages use.
func blockKinds(pages []*content.Page) map[string]bool {
	kinds := map[string]bool{}
	for _, p := range pages {
		for _, b := range p.Blocks {
			kinds[b] = true
		}
	}
	return kinds
}

// asking returns the test of which recorded questions to ask the new
// model again (see bodyStale and content.Site.Asking); every one when
// pages, files or names came, went or moved (structural), or the site
// was told to (Site.askAll).
func (up *updater) asking() func(c content.Call, a content.Answer) bool {
	ask, all := up.s.Asking(up.s.DigestOf(up.was.model), up.s.DigestOf(up.s.Model), false)
	up.structural = all
	if up.s.askAll {
		return func(content.Call, content.Answer) bool { return true }
	}
	return ask
}

// bodyStale reports whether page p's body must be rendered again: it has
// none, the Markdown pipeline is told something else of the page, a file
// it read changed, or a question ask selects gets another answer now.
func (up *updater) bodyStale(p *content.Page, ask func(content.Call, content.Answer) bool) bool {
	s := up.s
	b := up.g.Bodies[p.Rel]
	switch {
	case b == nil || b.File != p.File || b.Url != s.Cfg.RelURL(p.SitePath) || b.Failed != p.Failed ||
		b.DropH1 != (p.DropH1 && !p.TitleLead) || b.DropLeading != (p.DropH1 && p.TitleLead),
		p.ReadsSite: // its text depends on every page (layout.Expanded.ReadsSite)
		return true
	}
	for f := range b.Reads {
		if up.changed[f] {
			return true
		}
	}
	for _, f := range p.Includes {
		if !b.Reads[f] {
			return true
		}
	}
	if d := b.Query; d != nil { // Dataview: the notes its queries read, the sets of notes they scanned
		if d.Volatile {
			return true // it read what no note holds
		}
		for _, src := range d.Sources {
			if up.sourceChanged(src, b) {
				return true
			}
		}
		for rel := range d.Pages {
			if up.fresh[rel] || s.ByRel[rel] == nil {
				return true
			}
		}
		if up.structural && !up.namesFree(b) {
			return true // names may resolve otherwise (asked last: per page, the sources once each)
		}
	}
	for c, a := range b.Calls {
		if ask(c, a) {
			if now, ok := s.Ask(c); !ok || now != a {
				return true
			}
		}
	}
	return false
}

// sourceChanged reports whether Dataview source src, which a query of
// body b scanned, may select other notes or notes read anew: its members
// are not the ones b was rendered with (Body.Sets: a note joined or left
// it), or a note read anew is one of them now.
func (up *updater) sourceChanged(src string, b *content.Body) bool {
	if len(up.fresh) == 0 && !up.structural {
		return false
	}
	h, members, ok := up.s.QuerySet(src)
	if was, had := b.Sets[src]; !ok || !had || was != h {
		return true
	}
	if up.structural { // the URLs of its members may differ (namesFree)
		return up.printChanged(src, b)
	}
	for rel := range up.fresh {
		if members[rel] {
			return up.printChanged(src, b)
		}
	}
	return false
}

// namesFree reports whether the queries of body b cannot show another
// result when only the vault's names changed (structural): every link
// target they resolved by name, and every note they read, leads where it
// led (Body.Names), they read no member whole, and they recorded what
// they read of each source (Body.Prints, compared by sourceChanged).
func (up *updater) namesFree(b *content.Body) bool {
	d := b.Query
	if d.MemberAll || d.Names || !content.NamesCover(d, b.Names) || !up.s.NamesHold(b.Names) {
		return false
	}
	for _, src := range d.Sources {
		n := 0
		for key := range b.Prints {
			if s, _ := content.SplitPrintKey(key); s == src {
				n++
			}
		}
		if n == 0 {
			return false
		}
	}
	return true
}

// printChanged reports whether what the queries of body b read of the
// members of Dataview source src may differ now that a member was read
// anew: a query may read anything of a member (query.Deps.MemberAll),
// none recorded what it read (Body.Prints), or what one reads differs
// (Site.QueryPrint: the fields it reads of each member).
func (up *updater) printChanged(src string, b *content.Body) bool {
	if b.Query == nil || b.Query.MemberAll {
		return true
	}
	n := 0
	for key, was := range b.Prints {
		s, reads := content.SplitPrintKey(key)
		if s != src {
			continue
		}
		n++
		if now, ok := up.s.QueryPrint(src, reads); !ok || now != was {
			return true
		}
	}
	return n == 0
}

// bundles writes the content files that are not pages (all of them, or
// in a layout that publishes only linked files those the pages link to),
// the ones that changed only; a file at a page's output is a problem, as
// in copyBundles.
func (up *updater) bundles(w *changes, pages []*content.Page, bodyOf func(*content.Page) *content.Body) error {
	s, g := up.s, up.g
	var linked map[string]bool
	if s.Lay.LinkedFilesOnly {
		linked = map[string]bool{}
		urls := map[string]string{}
		for rel := range s.Files {
			urls[s.Cfg.RelURL(s.FileURL(rel))] = rel
		}
		up.linkedURLs(pages, bodyOf, func(u string) {
			if rel, ok := urls[u]; ok {
				linked[rel] = true
			}
		})
	}
	reserved := map[string]bool{"404.html": true, "sitemap.xml": !s.Lay.OwnSitemap, content.SwFile: true}
	for _, p := range pages {
		if p.FileHome {
			continue // a file of the content is written there
		}
		for _, sp := range content.ListPaths(p) {
			reserved[content.OutputPath(sp)] = true
		}
	}
	for _, rel := range slices.Sorted(maps.Keys(s.Files)) {
		if linked != nil && !linked[rel] {
			continue
		}
		out := strings.TrimPrefix(s.FileURL(rel), "/")
		if reserved[out] || g.Static[out] {
			s.Diag.Addf(s.SrcFile(rel), 0, 0, "", "conflicts with another file of the site: both are published at /%s", out)
			continue
		}
		if s.Rendered(rel) {
			// Rendered by the layout (a Jekyll feed.xml): its Liquid may
			// read every page (site.posts), so it is rendered again, as a
			// page that reads the site is; written when it changed.
			if data, ok := s.RenderedFile(rel); ok {
				if err := w.Write(out, data); err != nil {
					return err
				}
			}
			continue
		}
		if sum, ok := g.Outs[out]; ok && !up.changed[s.SrcFile(rel)] {
			w.sums[out] = sum
			continue
		}
		data, err := s.ReadSource(s.SrcFile(rel))
		if err != nil {
			s.Diag.Addf(s.SrcFile(rel), 0, 0, "", "read: %v", content.UnwrapPath(err))
			continue
		}
		if err := w.Write(out, data); err != nil {
			return err
		}
	}
	return up.siteAssets(w, pages, bodyOf, reserved)
}

// linkedURLs calls visit with the URL (without its #fragment or ?query)
// of each link the bodies of pages and the footer's links resolved to:
// what bundles and siteAssets publish by.
func (up *updater) linkedURLs(pages []*content.Page, bodyOf func(*content.Page) *content.Body, visit func(u string)) {
	mark := func(b *content.Body) {
		if b == nil {
			return
		}
		for _, a := range b.Calls {
			u, _, _ := strings.Cut(a.Url, "#")
			u, _, _ = strings.Cut(u, "?")
			visit(u)
		}
	}
	for _, p := range pages {
		if p.File != "" {
			mark(bodyOf(p))
		}
	}
	mark(up.s.FooterLinks)
}

// siteAssets writes the files out of the content that the pages name as
// assets (content.Site.siteAsset), as copyBundles publishes them: those
// the links of every page's body lead to under content.AssetDir, the
// bodies kept as the bodies rendered anew (a render records them in
// content.Model.SiteAssets, an Update renders only some pages).
func (up *updater) siteAssets(w *changes, pages []*content.Page, bodyOf func(*content.Page) *content.Body, reserved map[string]bool) error {
	s, g := up.s, up.g
	if !s.Lay.AssetFilePaths {
		return nil
	}
	prefix := s.Cfg.RelURL(content.SiteAssetURL(""))
	srcs := map[string]bool{}
	up.linkedURLs(pages, bodyOf, func(u string) {
		if rest, ok := strings.CutPrefix(u, prefix); ok {
			if src, err := url.PathUnescape(rest); err == nil {
				srcs[src] = true
			}
		}
	})
	for _, src := range slices.Sorted(maps.Keys(srcs)) {
		out := strings.TrimPrefix(content.SiteAssetURL(src), "/")
		if reserved[out] || g.Static[out] {
			continue // a static file or a page of that path: the link leads there
		}
		if sum, ok := g.Outs[out]; ok && !up.changed[src] {
			w.sums[out] = sum
			continue
		}
		data, err := s.ReadSource(src)
		if err != nil {
			s.Diag.Addf(src, 0, 0, "", "read: %v", content.UnwrapPath(err))
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
	bySum := map[[sha256.Size]byte]*content.Page{}
	for rel := range fresh {
		if p, ok := s.ByRel[rel]; ok && was.ByRel[rel] == nil {
			if l := up.g.Loads[rel]; l != nil && l.Sum != ([sha256.Size]byte{}) {
				bySum[l.Sum] = p
			}
		}
	}
	if len(bySum) == 0 {
		return nil
	}
	moved := map[string]string{}
	for rel, o := range was.ByRel {
		if _, ok := s.ByRel[rel]; ok {
			continue
		}
		if l := up.g.Loads[rel]; l != nil {
			if p, ok := bySum[l.Sum]; ok {
				moved[s.Cfg.RelURL(o.SitePath)] = s.Cfg.RelURL(p.SitePath)
			}
		}
	}
	return moved
}

// commit makes the update the graph's: the bodies rendered, the frames
// written, the outputs, the search index's entries; what belongs to no
// page or file any more goes.
func (up *updater) commit(w *changes, outs []pageOut, pages []*content.Page, footer content.Problems, sc *content.Scanned) {
	s, g := up.s, up.g
	// The search index: the entries of the pages kept, made anew for
	// those whose text, title or URL changed.
	x := s.search
	if x != nil {
		old := x.snapshot()
		// A page's entry is kept when its file, URL, title and names
		// are the same (a struct of them: no key made per page per save).
		type entryKey struct{ rel, sp, title, names string }
		key := func(p *content.Page) entryKey {
			return entryKey{p.Rel, p.SitePath, p.Title, strings.Join(p.Names, "\x00")}
		}
		byRel := make(map[entryKey]searchPage, len(old))
		for p, sp := range old {
			byRel[key(p)] = sp
		}
		now := make(map[*content.Page]searchPage, len(pages))
		for _, p := range pages {
			if !s.indexed(p) {
				continue
			}
			if sp, ok := byRel[key(p)]; ok && up.bodies[p.Rel] == nil {
				now[p] = sp
				continue
			}
			b := up.bodies[p.Rel]
			if b == nil {
				b = g.Bodies[p.Rel]
			}
			if b != nil && b.Docs != nil {
				now[p] = searchPage{entry: encodeEntry(s.Cfg.RelURL(p.SitePath), p.Title, b.Docs), terms: weighTerms(p, b.Docs)}
			}
		}
		x.mu.Lock()
		x.pages, x.chunk = now, searchChunk(len(s.Pages))
		x.mu.Unlock()
	}
	s.served.updated(s, up.bodies, outs) // before the bodies' text is dropped
	for rel, b := range up.bodies {
		b.Drop(g.Keep)
		if was := g.Bodies[rel]; was != b {
			s.served.forget(was) // the cache's notes on the body replaced would keep it
		}
		g.Bodies[rel] = b
	}
	for _, o := range outs {
		g.SetFrame(o.p.SitePath, o.v)
	}
	live := map[string]bool{}
	sps := map[string]bool{}
	for _, p := range pages {
		live[p.Rel] = true
		sps[p.SitePath] = true
	}
	maps.DeleteFunc(g.Bodies, func(rel string, b *content.Body) bool {
		if !live[rel] {
			s.served.forget(b)
		}
		return !live[rel]
	})
	maps.DeleteFunc(g.Frames, func(sp string, _ *templates.Page) bool { return !sps[sp] })
	scanned := map[string]bool{}
	for _, rel := range sc.Rels {
		scanned[rel] = true
	}
	maps.DeleteFunc(g.Loads, func(rel string, _ *content.Loaded) bool { return !scanned[rel] })
	g.Outs = w.sums
	g.Footer = footer
}

// pageOut is a page an Update writes, with its view.
type pageOut struct {
	p *content.Page
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

// keep makes the file rel of the previous output, of hash sum, part of
// the new one as it is.
func (c *changes) keep(rel string, sum [sha256.Size]byte) {
	c.mu.Lock()
	c.sums[rel] = sum
	delete(c.files, rel)
	c.mu.Unlock()
}

// sameListed reports whether the sitemap (writeSitemap) lists the same
// pages, in the same order, for the pages was as for the pages now: the
// site paths of the pages neither copies nor unlisted.
func sameListed(was, now []*content.Page) bool {
	listed := func(p *content.Page) bool { return !p.Copy && p.Unlisted == "" }
	i := 0
	for _, p := range now {
		if !listed(p) {
			continue
		}
		for i < len(was) && !listed(was[i]) {
			i++
		}
		if i == len(was) || was[i].SitePath != p.SitePath {
			return false
		}
		i++
	}
	for ; i < len(was); i++ {
		if listed(was[i]) {
			return false
		}
	}
	return true
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

// publishFile writes data to the published file rel of dest, whole or
// not at all, never through a link a user put in the output.
func publishFile(dest, rel string, data []byte) error {
	to := filepath.Join(dest, filepath.FromSlash(rel))
	if err := assets.RealDir(dest, filepath.Dir(to)); err != nil {
		return fmt.Errorf("publish %s: %w", rel, err)
	}
	if err := assets.WriteAtomic(to, data); err != nil {
		return fmt.Errorf("publish %s: %w", rel, err)
	}
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
