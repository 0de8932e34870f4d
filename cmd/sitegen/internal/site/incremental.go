package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/templates"
)

// maxUpdateFiles is the number of changed files beyond which Update asks
// for a full build: page by page stops paying off, and a burst of changes
// (a git checkout, a search and replace) is better served by one build.
const maxUpdateFiles = 64

// Update reports what Site.Update did.
type Update struct {
	// Full is set when the change cannot be applied page by page; Reason
	// says why. Nothing was written: the caller must run a full build.
	Full   bool
	Reason string
	// Pages lists the root-relative URLs of the pages re-rendered, the
	// changed pages first, then the pages that list them.
	Pages []string
	// Errors lists the problems found. When it is not empty nothing was
	// written and the site in memory is as it was before the call.
	Errors Diagnostics
}

// Update brings a site built by BuildSite up to date after edits to the
// Markdown files in files (paths relative to the source directory,
// "content/opend6/combat.md"), re-rendering only what they affect into
// the published directory Options.Dest.
//
// An edit that keeps the page's place in the site (same title, weight,
// draft flag, aliases and kinds of fenced block, no heading id removed)
// re-renders that page alone; if its description changed, the pages that
// show it (its section and its previous and next pages) are re-rendered
// too, and so are the pages its links now reach or no longer reach (or
// reach at other fragments), whose "Linked from" lists or previews change
// (backlinks.go, preview.go). Anything else (a page added, removed or renamed, a navigation
// change, a removed anchor that other pages may link to, more than a few
// dozen files) sets Update.Full: navigation is on every page, so only a
// full build is correct.
//
// Pages are rendered into a staging directory first and moved into place
// one file at a time, only when no problem was found, so a failed update
// leaves the published site and the site in memory untouched. Update is
// not safe for concurrent use, nor concurrently with other methods.
func (s *Site) Update(ctx context.Context, files []string) (Update, error) {
	switch {
	case s.view == nil:
		return Update{Full: true, Reason: "the site has not been rendered"}, nil
	case len(files) > maxUpdateFiles:
		return Update{Full: true, Reason: fmt.Sprintf("%d files changed", len(files))}, nil
	case s.embeds.Load():
		return Update{Full: true, Reason: "pages embed or include other files (![[Note]], {{#include}})"}, nil
	case s.queries.Load():
		return Update{Full: true, Reason: "pages show Dataview queries or base views of other notes"}, nil
	case s.dvs.engine != nil: // the notes' data, read once a build, would be stale
		return Update{Full: true, Reason: "pages show Dataview queries or base views"}, nil
	}
	s.diag = &collector{}
	s.warn = &collector{}
	type saved struct {
		p           *page
		description string
		ids         map[string]bool
	}
	var undo []saved
	olds := map[*page][]link{} // the links of the pages rendered again, before (backlinks.go)
	into, frags := s.into, s.frags
	restore := func() {
		for _, u := range undo {
			u.p.description, u.p.ids, u.p.src = u.description, u.ids, nil
		}
		for p, l := range olds {
			s.graph.set(p, l)
		}
		s.into, s.frags = into, frags
	}
	var changed, listing []*page
	for _, f := range files {
		rel, ok := s.ContentRel(f)
		if !ok || !strings.HasSuffix(rel, ".md") {
			restore()
			return Update{Full: true, Reason: f + " is not a page"}, nil
		}
		old := s.byRel[rel]
		if old == nil {
			restore()
			return Update{Full: true, Reason: f + " is a new page or a draft"}, nil
		}
		if _, err := srcpath.Check(s.opts.Source, f); err != nil {
			var le *srcpath.Error
			if errors.As(err, &le) { // a page swapped for a link out of the source, or to a hidden file
				s.diag.addf(f, 0, 0, "", "%s", le.Error())
				continue
			}
			restore()
			return Update{Full: true, Reason: f + " was removed"}, nil
		}
		np := s.loadPage(rel)
		if np.failed {
			continue // its diagnostics are recorded; keep checking the others
		}
		sections := sectionMetas(append(slices.Clone(s.pages), s.unpubPages...))
		if np.kind == templates.KindSection || np.kind == templates.KindHome {
			sections[np.dir()] = np.meta
		}
		v := s.visibilityOf(np, sections)
		np.unpublished, np.unlisted = v.reason, v.unlisted
		if reason := s.placeChanged(old, np); reason != "" {
			restore()
			return Update{Full: true, Reason: f + ": " + reason}, nil
		}
		undo = append(undo, saved{old, old.description, old.ids})
		if np.description != old.description {
			for _, n := range []*page{old.parent, old.prev, old.next} {
				if n != nil && !slices.Contains(listing, n) {
					listing = append(listing, n)
				}
			}
		}
		old.description, old.ids, old.src = np.description, np.ids, np.src
		if !slices.Contains(changed, old) {
			changed = append(changed, old)
		}
	}
	if s.diag.len() > 0 {
		restore()
		return Update{Errors: s.Diagnostics()}, nil
	}
	render := changed
	for _, n := range listing {
		if slices.Contains(render, n) {
			continue
		}
		if n.file != "" {
			src, err := s.pageSource(n)
			if err != nil {
				restore()
				return Update{Full: true, Reason: fmt.Sprintf("%s: %v", n.file, err)}, nil
			}
			s.metaBlock(src) // blanked, as when it was loaded
			undo = append(undo, saved{n, n.description, n.ids})
			n.src = src
		}
		render = append(render, n)
	}
	dest := s.opts.Dest
	staging, err := newStaging(dest, "update-")
	if err != nil {
		restore()
		return Update{}, fmt.Errorf("create staging directory: %w", err)
	}
	defer removeOwned(staging)
	out := &assets.Output{Dir: staging}
	linked := s.linked.snapshot()
	views := map[*page]prepared{}
	prepare := func(p *page) {
		olds[p] = s.graph.targets(p)
		pp, err := s.preparePage(ctx, p, s.view)
		if err != nil {
			s.diag.addf(p.file, 0, 0, "", "%v", err)
		}
		views[p] = pp
	}
	for _, p := range render {
		prepare(p)
	}
	if s.cfg.Backlinks || s.cfg.LinkPreviews {
		// A page that another page now links to, or no longer does, or
		// at other fragments, has another "Linked from" list or previews
		// file: it is rendered again too.
		for _, p := range slices.Clone(render) {
			for _, t := range changedTargets(olds[p], s.graph.targets(p)) {
				if _, done := views[t]; done {
					continue
				}
				if t.file != "" {
					src, err := s.pageSource(t)
					if err != nil {
						restore()
						return Update{Full: true, Reason: fmt.Sprintf("%s: %v", t.file, err)}, nil
					}
					s.metaBlock(src) // blanked, as when it was loaded
					undo = append(undo, saved{t, t.description, t.ids})
					t.src = src
				}
				render = append(render, t)
				prepare(t)
			}
		}
		s.into, s.frags = s.graph.invert()
	}
	for _, p := range render {
		if pp := views[p]; pp.v != nil {
			if err := s.writePrepared(ctx, p, pp, out); err != nil {
				s.diag.addf(p.file, 0, 0, "", "%v", err)
			}
		}
	}
	if s.lay.LinkedFilesOnly {
		for rel := range s.linked.snapshot() {
			if !linked[rel] { // published by a full build only (copyBundles)
				restore()
				s.linked.set(linked)
				return Update{Full: true, Reason: s.srcFile(rel) + " was not published: a page links to it now"}, nil
			}
		}
	}
	if err := ctx.Err(); err != nil {
		restore()
		return Update{}, fmt.Errorf("update cancelled: %w", err)
	}
	if s.diag.len() > 0 {
		restore()
		return Update{Errors: s.Diagnostics()}, nil
	}
	unlock, err := s.destHold.hold(ctx, dest, s.opts.Waiting) // no build swaps dest meanwhile
	if err != nil {
		restore()
		return Update{}, err
	}
	defer unlock()
	var u Update
	for _, f := range out.Files() { // the pages, and the further pages of a long section's list
		rel := filepath.FromSlash(f.Rel)
		to := filepath.Join(dest, rel)
		if err := assets.RealDir(dest, filepath.Dir(to)); err != nil { // never through a link a user put there
			return u, fmt.Errorf("publish %s: %w", f.Rel, err)
		}
		if err := os.Rename(filepath.Join(staging, rel), to); err != nil {
			return u, fmt.Errorf("publish %s: %w", f.Rel, err)
		}
	}
	for _, p := range render {
		u.Pages = append(u.Pages, s.cfg.relURL(p.sitePath))
	}
	return u, nil
}

// placeChanged says what changed, if anything, in a reloaded page that
// affects other pages than its section and neighbours: navigation
// (title, weight, draft), publishing (a tool's flag, a section's cascade),
// redirects (aliases), generated assets (fenced
// block kinds) or link targets (a heading id removed).
func (s *Site) placeChanged(old, np *page) string {
	switch {
	case np.title != old.title:
		return "title changed"
	case np.weight != old.weight:
		return "weight changed"
	case np.draft != old.draft:
		return "draft flag changed"
	case np.unpublished != old.unpublished:
		return "publishing flag changed"
	case s.lay.Garden && (layout.SetsGarden(np.meta) != layout.SetsGarden(old.meta) ||
		layout.True(np.meta[layout.GardenHomeKey]) != layout.True(old.meta[layout.GardenHomeKey])):
		return "Digital Garden flags changed"
	case np.unlisted != old.unlisted:
		return "listing changed"
	case s.lay.Inherit != nil && (np.kind == templates.KindSection || np.kind == templates.KindHome) &&
		!reflect.DeepEqual(s.lay.Inherit(np.rel, []map[string]any{old.meta}), s.lay.Inherit(np.rel, []map[string]any{np.meta})):
		return "what the section passes down to its pages changed"
	case !slices.EqualFunc(np.aliases, old.aliases, func(a, b alias) bool { return a.sitePath == b.sitePath }):
		return "aliases changed"
	case !slices.Equal(np.blocks, old.blocks):
		return "fenced block kinds changed"
	case !slices.Equal(np.names, old.names):
		return "aliases (other names) changed"
	case !slices.Equal(np.tags, old.tags):
		return "tags changed"
	}
	for id := range old.ids {
		if !np.ids[id] {
			return fmt.Sprintf("heading id %q removed", id)
		}
	}
	return ""
}

// WriteSearchIndex rewrites the search index in Options.Dest after an
// Update, at once and keeping no old part (see SearchWriter).
func (s *Site) WriteSearchIndex() error {
	return s.SearchWriter(0).Write(context.Background())
}

// SearchWriter holds the search index of a site as it was when
// Site.SearchWriter was called, to write it while the site goes on
// changing (the development server writes it off its loop, and cancels
// the write when the next change comes).
type SearchWriter struct {
	s    *Site
	docs map[*page]searchPage
	keep time.Duration
	now  func() time.Time
}

// SearchWriter takes a snapshot of the search index after an Update,
// for SearchWriter.Write. It is cheap (a copy of one map) and, like
// Update, not safe for concurrent use with other methods; the writer it
// returns may run concurrently with later Updates of the site. Parts that
// the index stops naming stay published for keep after the write that
// replaced them, so that a browser holding the previous index.json
// (the search box open during edits) still finds them.
func (s *Site) SearchWriter(keep time.Duration) *SearchWriter {
	if s.search == nil {
		return &SearchWriter{}
	}
	return &SearchWriter{s: s, docs: s.search.snapshot(), keep: keep, now: time.Now}
}

// Write writes the snapshot into Options.Dest (no precompressed
// siblings: it is for the development server): the files whose content
// changed under their new names first, then index.json, which names
// them, so a reader never follows index.json to a file not yet written;
// then it removes the parts no index has named for the writer's keep
// time. Writes of one site must not overlap (each waits for the one
// before). A cancelled ctx stops it before index.json is replaced, so
// the published index stays the previous, consistent one.
func (w *SearchWriter) Write(ctx context.Context) error {
	s := w.s
	if s == nil {
		return nil
	}
	x := s.search
	x.pubMu.Lock()
	defer x.pubMu.Unlock()
	files, err := x.encode(ctx, s, w.docs)
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	unlock, err := s.destHold.hold(ctx, s.opts.Dest, s.opts.Waiting) // no build swaps Dest while the index goes in
	if err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	defer unlock()
	root := filepath.Join(s.opts.Dest, searchDir)
	named := map[string]bool{}
	names := slices.Sorted(maps.Keys(files))
	names = append(slices.DeleteFunc(names, func(n string) bool { return n == searchMeta }), searchMeta)
	for _, name := range names {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		name, data, err := s.packSearchFile(ctx, name, files[name])
		if err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := assets.RealDir(s.opts.Dest, filepath.Dir(p)); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		if name != searchMeta {
			named[name] = true
			if info, err := os.Lstat(p); err == nil && info.Mode().IsRegular() {
				continue // the name holds the content's hash
			}
		} else {
			// The first build's precompressed siblings of index.json
			// would be served in its place: they go first.
			for _, ext := range []string{".br", ".gz"} {
				if err := os.Remove(p + ext); err != nil && !os.IsNotExist(err) {
					return fmt.Errorf("search index: %w", err)
				}
			}
		}
		if err := assets.WriteAtomic(p, data); err != nil {
			return err
		}
	}
	now := w.now()
	if x.retired == nil {
		x.retired = map[string]time.Time{}
	}
	for name := range x.named {
		if !named[name] {
			x.retired[name] = now
		}
	}
	for name := range named {
		delete(x.retired, name)
	}
	x.named = named
	// Parts that no index named within the keep time (and leftovers of
	// cancelled writes) are removed.
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == searchMeta || named[rel] {
			return nil
		}
		if at, ok := x.retired[rel]; ok && now.Sub(at) < w.keep {
			return nil
		}
		delete(x.retired, rel)
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("search index: %w", err)
		}
		return nil
	})
}

// PublishStatic copies the file static/rel to Options.Dest, or removes
// its published copy when the source is gone, for static files whose
// published name does not depend on their content (see assets.Hashed).
// Hashed assets (CSS, JavaScript, WebAssembly) need a full build, since
// every page links to them by hash.
func (s *Site) PublishStatic(rel string) error {
	if assets.Hashed(rel) {
		return fmt.Errorf("publish %s: a hashed asset needs a full build", rel)
	}
	dir := StaticDir
	if len(s.lay.Static) > 0 {
		dir = s.lay.Static[0]
	}
	file := path.Join(dir, rel)
	if part := srcpath.SkippedPart(file); part != "" {
		return fmt.Errorf("publish %s: %q is a hidden name: sitegen never publishes hidden files or folders", file, part)
	}
	// The file is read under the link rule as a build reads it: a static
	// folder or file swapped for a link out of the source is refused.
	_, err := srcpath.Check(s.opts.Source, file)
	var data []byte
	if err == nil {
		data, err = s.readSource(file)
	}
	var le *srcpath.Error
	if errors.As(err, &le) {
		return fmt.Errorf("publish %s: %w", file, err)
	}
	unlock, lerr := s.destHold.hold(context.Background(), s.opts.Dest, s.opts.Waiting) // no build swaps Dest meanwhile
	if lerr != nil {
		return fmt.Errorf("publish %s: %w", rel, lerr)
	}
	defer unlock()
	if errors.Is(err, fs.ErrNotExist) {
		p := filepath.Join(s.opts.Dest, filepath.FromSlash(rel))
		if !assets.ReachedDirectly(s.opts.Dest, p) {
			return nil // behind a link a user put in the output: not sitegen's copy
		}
		err = os.Remove(p)
		if err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("unpublish %s: %w", rel, err)
		}
		return nil
	}
	if err != nil {
		return fmt.Errorf("publish %s: %w", rel, err)
	}
	to := filepath.Join(s.opts.Dest, filepath.FromSlash(rel))
	if err := assets.RealDir(s.opts.Dest, filepath.Dir(to)); err != nil {
		return fmt.Errorf("publish %s: %w", rel, err)
	}
	return assets.WriteAtomic(to, data)
}

// PageURL returns the root-relative URL of the page made from the
// Markdown file (relative to the source directory, "content/a/b.md"), or
// "" if file is not a page source. The page need not exist.
func (s *Site) PageURL(file string) string {
	rel, ok := s.ContentRel(file)
	if !ok || !strings.HasSuffix(rel, ".md") {
		return ""
	}
	if p, ok := s.byRel[rel]; ok { // its permalink: or the tool's URL (a Jekyll collection's)
		return s.cfg.relURL(p.sitePath)
	}
	_, sp := s.cfg.classify(rel)
	return s.cfg.relURL(sp)
}
