// Package site is the sitegen engine's content model and build
// orchestration: it turns a source directory (site.toml, content/*.md,
// static/) into a static web site. Markdown goes through package markup
// (site supplies each page's link resolution), static files through
// package assets.
//
// A build runs in three steps on a Site value:
//
//  1. Load reads site.toml and every Markdown file: front matter, element
//     ids, URLs, the section tree, the reading order.
//  2. render renders every page in parallel (goldmark, then the templ
//     components of package templates) and writes it, with static assets,
//     the 404 page, alias redirects and sitemap.xml, into a directory.
//  3. Build ties them together: it renders into a staging directory next to
//     the destination and swaps it into place only if there was no error.
//
// Every problem found on the way is collected as a Diagnostic
// (file:line:col: message); a build with any diagnostic publishes nothing.
//
// What is read and what is published: every source file is read under
// the link rule of package srcpath (walk.go); hidden names never are
// published; what a tool's "do not publish" flags leave out is left out
// of everything the build writes, and reported (publish.go).
package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/templates"
)

// Options configure a build.
type Options struct {
	// Source is the site's root: it holds site.toml, content/ and static/,
	// or another tool's project (see package layout). Default ".".
	Source string
	// Layout is where Source keeps its pages, static files and settings.
	// Nil: recognised from the files there (see package layout/detect).
	Layout *layout.Layout
	// Environment is the tool's environment the settings are read for
	// (Hugo's --environment); "" is the tool's default for a build.
	Environment string
	// BrokenLinks makes broken links, anchors and images warnings instead
	// of errors when "warn" (it overrides site.toml's brokenLinks).
	BrokenLinks string
	// Dest is the output directory. Default Source/public, or the layout's
	// tool's own output folder (DefaultDest).
	Dest string
	// BaseURL overrides site.toml's baseURL when not empty.
	BaseURL string
	// Drafts includes, for a local preview, the pages (and files) the
	// tools' "do not publish" flags leave out: draft: true, Jekyll's
	// published: false, Hugo's future publishDate… (see package layout,
	// "What a tool does not publish"); Result.NotPublished still lists
	// them, marked Shown.
	Drafts bool
	// ReplaceDest allows replacing a Dest folder that holds files sitegen
	// did not make (no OutputMarker); without it such a build stops.
	ReplaceDest bool
	// Theme holds the default theme's static files (the binary's embedded
	// static/); a file of the site's own static/ with the same path wins.
	// Nil: the site's static/ alone.
	Theme fs.FS
	// Handlers render fenced code blocks by info word (see
	// markup.BlockHandler).
	Handlers map[string]markup.BlockHandler
	// Workers is the number of pages rendered at once. Default GOMAXPROCS.
	Workers int
	// Generators produce extra static files for the loaded site (for
	// example the calculators' WebAssembly module when a page embeds a
	// calculator). They run at the start of rendering; their files are
	// published like those of static/, under the logical paths they give.
	Generators []Generator
	// Waiting is called when the destination is locked by another build
	// (see lockPath), with that process's id (0 when unknown), before
	// this build waits for it; nil: it waits in silence.
	Waiting func(pid int)
	// Incremental keeps in memory what Site.Update needs to write a page
	// again without parsing its Markdown (its rendered text and search
	// documents), for a development server. Without it Update renders
	// again the pages it writes.
	Incremental bool
	// ReuseBuild keeps each page's rendered text and output in the build
	// cache (buildcache.go) for the next build with ReuseBuild, which
	// renders again only the pages whose inputs changed (Jekyll's
	// --incremental). Off by default: the cache costs a first build
	// memory (every page's text is kept until it is written to the
	// cache) and time.
	ReuseBuild bool
	// CacheDir holds build results worth keeping between builds
	// (precompressed assets, the WebAssembly module). Default: the user's
	// cache directory + "/d6codex"; "-" disables caching.
	CacheDir string
	// ModuleBudget is how many bytes of calculator modules (as served,
	// Brotli-compressed) the service worker saves with the site for offline
	// use; past it, each calculator offers to be saved by itself. 0 means
	// DefaultModuleBudget.
	ModuleBudget int64
}

// Generator produces extra static files for a loaded site: a map from
// logical path ("calc/calc.wasm") to content. It returns nothing when the
// site does not need it (see Site.UsesBlock). A file may come with its
// precompressed siblings, compressed ahead of time at assets.SiblingBrotli
// and assets.SiblingGzip: name + ".br" and name + ".gz" beside name are
// published as they are, beside name's published file, instead of
// compressing it during the build.
type Generator func(ctx context.Context, s *Site) (map[string][]byte, error)

// withDefaults fills in the zero fields but Dest, which withDest fills
// in once the layout is known.
func (o Options) withDefaults() Options {
	if o.Source == "" {
		o.Source = "."
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.CacheDir == "" {
		o.CacheDir = "-"
		if dir, err := os.UserCacheDir(); err == nil {
			o.CacheDir = filepath.Join(dir, "d6codex")
		}
	}
	return o
}

// withDest fills in Dest when it is not set: DefaultDest for the layout.
func (o Options) withDest() Options {
	if o.Dest == "" {
		o.Dest = DefaultDest(o.Source, o.Layout)
	}
	return o
}

// DefaultDest is the output folder of a build without --dest: the folder
// the layout's tool builds into, where it names one (layout.Layout.Output:
// VitePress' .vitepress/dist, Docusaurus' build/; its tool's .gitignore
// leaves it out already, and VitePress keeps its own public/ in the
// source), else public/ in the source folder. lay may be nil (sitegen's
// own layout).
func DefaultDest(source string, lay *layout.Layout) string {
	if lay != nil && lay.Output != "" {
		return filepath.Join(source, filepath.FromSlash(lay.Output))
	}
	return filepath.Join(source, "public")
}

// Result reports on a build.
type Result struct {
	// Pages is the number of HTML pages rendered (home, sections and pages;
	// not the 404 page nor alias redirects).
	Pages int
	// Duration is the wall time of the whole build.
	Duration time.Duration
	// Errors lists every problem found; the build published nothing if it
	// is not empty.
	Errors Diagnostics
	// Warnings are problems that do not stop the build but make the site
	// wrong where it is published (a placeholder baseURL).
	Warnings []string
	// WarningList is every warning about the content, in full (Warnings
	// summarizes them); Notes the warnings about the settings.
	WarningList Diagnostics
	Notes       []string
	// Info says what the build decided about the content that the
	// author may want to know and need not fix (a generated copy of other
	// pages kept out of the navigation).
	Info []string
	// Layout says which layout was recognised and what was read from it.
	Layout string
	// NotPublished lists the pages and files the tools' "do not publish"
	// flags left out (or, with Options.Drafts, put in all the same), by
	// file.
	NotPublished []NotPublished
	// Reused counts the output files unchanged since the previous build,
	// linked from it instead of written; Written the files written.
	Reused, Written int
	// Cache says what the build cache did: which pages' text it reused,
	// or why the build rendered every page ("full build: site.toml
	// changed"); "" without a cache (buildcache.go).
	Cache string
	// Cleanup waits for the removal of the previous output and of earlier
	// builds' leftovers, which runs in the background once the new output
	// is in place (nil when the build published nothing). A program that
	// exits right after a build calls it; otherwise the next build
	// finishes what was left.
	Cleanup func()
}

// Site is a loaded site, ready to render.
type Site struct {
	opts Options
	lay  *layout.Layout // = opts.Layout, recognised when it was nil
	cfg  *Config
	md   *markup.Markdown
	diag *collector
	warn *collector // problems that do not stop the build (see Result.Warnings)

	*model // the content model of the last build or Update (model.go)

	src     *srcpath.Root // the source folder, for every read (srcRoot)
	srcErr  error
	srcOnce sync.Once

	linked linkedFiles // the content files the rendered pages link to (bundle.go)

	graph *graph     // what each page read to be what it is, for Update (graph.go); nil before a render
	bc    *bodyCache // the build cache during a build's render, nil otherwise (buildcache.go)
	sums  *sync.Map  // during a build with a cache: source file -> srcRecord of the first text read of it (buildcache.go)
	// sumsSince is when sums began: the build's stamps hold from then.
	sumsSince time.Time
	// loadCache is what loading asks (PageCache): bc during a build,
	// served after it (setLoadCache); nil without either.
	loadCache PageCache
	// served is the build cache of the last build, kept by a site that
	// is updated (serve's) so that each Update records what it changed
	// (Site.SaveCache); nil otherwise.
	served *bodyCache

	created map[string]time.Time // first commit time per source file (lastmod.go); nil without git

	rendered atomic.Int64
	search   *searchIndex         // the search index render collects (search.go)
	view     *templates.Site      // the shared view model of the last render (for Update)
	lastmod  map[string]time.Time // last commit time per source file (lastmod.go); nil without git

	destHold destHold // the lock of Options.Dest, shared by the writes between builds (dest.go)
}

// Load reads the configuration and content of opts.Source. Problems in the
// content are recorded as diagnostics (see Site.Diagnostics), not returned:
// the site can still be rendered to find more of them. The error is only
// for failures that stop loading altogether (an unreadable folder, a
// cancelled context).
func Load(ctx context.Context, opts Options) (*Site, error) {
	return load(ctx, opts, true)
}

// load is Load; updatable keeps the dependency graph (graph.go) that
// Site.Update needs. A site never updated (Build's) keeps none: the
// graph's record of every page (its load, its body's questions and
// answers, its frame) would stay in memory until the end of the build,
// and a build collects garbage at a multiple of its live heap
// (buildcmd's GOGC).
func load(ctx context.Context, opts Options, updatable bool) (*Site, error) {
	opts = opts.withDefaults()
	s := &Site{opts: opts, diag: &collector{}, warn: &collector{}, model: newModel()}
	if updatable {
		s.graph = newGraph(opts.Incremental)
	}
	if cachePath(opts) != "" {
		s.sums = &sync.Map{} // until the build's render is done (BuildSite)
		s.sumsSince = time.Now()
	}
	if opts.Layout == nil {
		lay, err := detect.LayoutIn(opts.Source, opts.Environment)
		if err != nil {
			var ce *layout.ConfigError
			if !errors.As(err, &ce) {
				return nil, fmt.Errorf("load %s: %w", opts.Source, err)
			}
			s.diag.addf(ce.File, ce.Line, ce.Col, ce.Key, "%s", ce.Msg)
			s.lay, s.cfg = layout.Default(), &Config{}
			s.opts = s.opts.withDest()
			return s, nil // no pages: the build reports the settings' error
		}
		opts.Layout, s.opts.Layout = lay, lay
	}
	s.opts = s.opts.withDest()
	s.lay = opts.Layout
	s.cfg = loadConfig(opts.Source, opts.BaseURL, s.lay, s.diag)
	if opts.BrokenLinks != "" {
		s.cfg.BrokenLinksWarn = opts.BrokenLinks == "warn"
		s.cfg.Lenient = s.cfg.BrokenLinksWarn
	}
	for _, ce := range s.lay.Tolerated {
		s.tolerate(ce.File, ce.Line, ce.Col, ce.Key, ce.Msg)
	}
	s.cfg.base = s.cfg.basePath() // relURL's, read once
	s.bc = s.openBodyCache()      // nil without a cache; its pages as loaded stand for the unchanged ones
	s.setLoadCache()
	s.md = markup.New(markup.Options{
		Unsafe:       s.cfg.Unsafe,
		Handlers:     diagramBlocks(s.lay, opts.Handlers),
		StaticDir:    StaticDir,
		UnsafeHint:   "unsafe = true under [markup.goldmark.renderer] in " + ConfigFile,
		Obsidian:     s.cfg.Obsidian,
		WikiLinks:    s.lay.Markup.WikiLinks != nil,
		Dataview:     s.dataviewOptions(),
		RawHTMLLinks: s.lay.FileLinks || s.lay.RawHTMLLinks,
		Dialects: markup.Dialects{
			Kramdown:           s.lay.Kind == layout.Jekyll,
			AttrList:           s.lay.Markup.AttrList,
			Liquid:             s.lay.Kind == layout.Jekyll,
			Shortcodes:         s.lay.Kind == layout.Hugo,
			PageLinkShortcodes: s.lay.Markup.PageLinkShortcodes,
			Pandoc:             s.lay.Kind == layout.Markdown, // the pandoc books of GitHub repositories
			TermIDs:            s.lay.Kind == layout.MdBook,
			Autodoc:            s.lay.Kind == layout.MkDocs, // mkdocstrings' ::: instructions

			Containers:        s.lay.Markup.Containers,
			ContainerTitles:   s.lay.Markup.ContainerTitles,
			ContainerBrackets: s.lay.Markup.BracketTitles,
			MDX:               s.lay.Markup.MDX,
			StraightQuotes:    s.lay.Markup.StraightQuotes,
			PluginBlocks:      s.lay.Markup.PluginBlocks,
			PluginInline:      s.lay.Markup.PluginInline,
			Slug:              s.lay.Markup.Slug,
		},
	})
	if err := s.load(ctx); err != nil {
		return nil, fmt.Errorf("load %s: %w", opts.Source, err)
	}
	return s, nil
}

// CacheDir returns the directory for build results kept between builds,
// or "" when caching is off.
func (s *Site) CacheDir() string {
	if s.opts.CacheDir == "-" {
		return ""
	}
	return s.opts.CacheDir
}

// Source returns the site's source directory.
func (s *Site) Source() string { return s.opts.Source }

// Config returns the site configuration in use.
func (s *Site) Config() Config { return *s.cfg }

// Diagnostics returns every problem found so far, sorted.
func (s *Site) Diagnostics() Diagnostics { return s.diag.sorted() }

// Build loads the site, renders it into a staging directory beside
// opts.Dest and, if no problem was found, swaps the staging directory into
// place atomically. On failure the previous opts.Dest is left untouched
// and the error is the Diagnostics (also in Result.Errors).
func Build(ctx context.Context, opts Options) (Result, error) {
	_, res, err := buildSite(ctx, opts, false)
	return res, err
}

// BuildSite is Build that also returns the loaded site, for callers that
// keep it to update it page by page afterwards (see Site.Update). The site
// is returned whenever loading succeeded, also when the build failed.
func BuildSite(ctx context.Context, opts Options) (*Site, Result, error) {
	return buildSite(ctx, opts, true)
}

// buildSite is BuildSite; updatable: see load.
func buildSite(ctx context.Context, opts Options, updatable bool) (*Site, Result, error) {
	start := time.Now()
	opts = opts.withDefaults()
	if opts.Layout == nil {
		if lay, err := detect.LayoutIn(opts.Source, opts.Environment); err == nil {
			opts.Layout = lay
		} // else Load reports the settings' error
	}
	opts = opts.withDest()
	// Every check and every write below goes to the folder the
	// destination names once its links are followed: a --dest that is a
	// link to a folder (public -> /var/www/site) is published into its
	// target, swapped as a plain folder is, the link left as it is.
	dest, err := resolveDest(opts.Dest)
	if err != nil {
		return nil, Result{}, err
	}
	if err := checkDest(opts.Source, dest, opts.Dest, opts.Layout); err != nil {
		return nil, Result{}, err
	}
	opts.Dest = dest
	parent := filepath.Dir(filepath.Clean(opts.Dest))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, Result{}, fmt.Errorf("create output parent: %w", err)
	}
	// One build at a time into a destination: another build's swap
	// between this one's reading of dest and its publishing would mix
	// the two sites.
	unlock, err := lockDest(ctx, opts.Dest, opts.Waiting)
	if err != nil {
		return nil, Result{}, err
	}
	defer unlock()
	if err := checkDestOwned(opts.Dest, opts.ReplaceDest); err != nil {
		return nil, Result{}, err
	}
	s, err := load(ctx, opts, updatable)
	if err != nil {
		return nil, Result{}, err
	}
	if s.home == nil { // no content/ folder: nothing to render, load said why
		res := Result{Errors: s.Diagnostics()}
		return s, res, res.Errors
	}
	// Leftovers of earlier builds (a killed build's staging folder, an old
	// tree whose removal was cut short) go in the background, while this
	// build renders.
	var cleanup sync.WaitGroup
	cleanup.Go(func() { removeStaleStaging(opts.Dest) })
	// Cache entries unused for a month go too (a walk at most once a
	// day); a cache that cannot be trimmed only takes space.
	cleanup.Go(func() { _, _ = s.cache().Trim(time.Now()) })
	// The output the previous build replaced is kept beside dest; brought
	// up to date in place, it makes the staging tree of a rebuild without
	// creating or deleting the files that did not change.
	staging, inPlace := claimSpare(opts.Dest), true
	if staging == "" {
		inPlace = false
		if staging, err = newStaging(opts.Dest, ""); err != nil {
			cleanup.Wait()
			return s, Result{}, fmt.Errorf("create staging directory: %w", err)
		}
	}
	published := false
	defer func() {
		if published {
			return
		}
		// The attempt of a failed build goes back to being the spare (one
		// rename), or is removed.
		kept := inPlace && returnSpare(staging, opts.Dest)
		finish := func() {
			if !kept {
				removeOwned(staging)
			}
			cleanup.Wait()
		}
		if ctx.Err() == nil {
			finish()
			return
		}
		// Cancelled (Ctrl+C): the user waits for the prompt, and removing
		// thousands of files takes seconds. What is not gone within
		// cancelGrace stays for the next build, which removes the marked
		// staging folders of processes that have ended.
		done := make(chan struct{})
		go func() { finish(); close(done) }()
		select {
		case <-done:
		case <-time.After(cancelGrace):
		}
	}()
	out := &assets.Output{Dir: staging, InPlace: inPlace}
	if info, err := os.Stat(opts.Dest); err == nil && info.IsDir() {
		out.Prev = opts.Dest // reuse its unchanged files (hard links)
	}
	err = s.render(ctx, out)
	bc := s.bc
	if err == nil { // else renders may still run (see parallel): they keep theirs
		s.bc, s.sums = nil, nil // an Update renders without them
		s.setLoadCache()
	}
	if err != nil {
		if ctx.Err() != nil { // wherever it was stopped, say why
			return s, Result{}, fmt.Errorf("build cancelled: %w", ctx.Err())
		}
		return s, Result{}, err
	}
	res := Result{Pages: int(s.rendered.Load()), Errors: s.Diagnostics(), Reused: int(out.Reused()), Written: int(out.Wrote()), Cache: bc.note()}
	res.Notes = append(res.Notes, layoutNotes(s.lay)...)
	if w := s.cfg.PlaceholderBaseURL(); w != "" {
		res.Notes = append(res.Notes, w+"; set baseURL in "+ConfigFile+" or pass --base-url")
	}
	res.WarningList = s.warn.sorted()
	res.Layout = s.lay.Describe()
	res.Info = slices.Clone(s.copyNotes)
	if s.cfg.BrokenLinksWarn && s.opts.BrokenLinks == "" && s.lay.Settings.BrokenLinks == "warn" && !s.cfg.Lenient {
		// The site's own policy, not the flag's: say whose.
		res.Info = append(res.Info, fmt.Sprintf("broken links are warnings, as %s's settings in %s say (--broken-links error makes them errors)", s.lay.Tool(), s.lay.File))
	}
	res.NotPublished = s.notPublished
	res.Warnings = append(slices.Clone(res.Notes), summarize(res.WarningList, 3)...)
	if len(res.Errors) > 0 {
		res.Duration = time.Since(start)
		return s, res, res.Errors
	}
	if err := ctx.Err(); err != nil { // Ctrl+C after the last page: publish nothing
		return s, res, fmt.Errorf("build cancelled: %w", err)
	}
	if _, err := out.Prune(func(name string) bool { return name == OutputMarker }); err != nil {
		return s, res, fmt.Errorf("bring %s up to date: %w", staging, err)
	}
	undo, err := carryOver(opts.Dest, staging)
	if err != nil {
		return s, res, fmt.Errorf("publish %s: %w", opts.Dest, err)
	}
	unmark := markDest(opts.Dest)
	old, err := swapDir(staging, opts.Dest)
	if err != nil {
		unmark()
		undo()
		return s, res, fmt.Errorf("publish %s: %w", opts.Dest, err)
	}
	published = true
	// The pages' bodies are kept for the next build; a cache that cannot
	// be written only costs that build time.
	cleanup.Go(func() { _ = bc.save() })
	if s.graph != nil {
		s.served = bc
		s.setLoadCache()
	}
	if old != "" && !keepSpare(old, opts.Dest) {
		// No spare to keep it as (another build's is there): the previous
		// output goes in the background. It is named like a staging
		// folder, so if this process ends first, the next build finishes
		// the job.
		cleanup.Go(func() { removeOwned(old) })
	}
	res.Cleanup = cleanup.Wait
	res.Duration = time.Since(start)
	return s, res, nil
}

// cancelGrace is how long a cancelled build spends removing its
// unfinished output before it returns (see BuildSite).
const cancelGrace = 200 * time.Millisecond

// hiddenBelow reports whether the path p, inside root, goes through a
// hidden name below it (root/.vitepress/dist): a folder the site's walk
// never reads.
func hiddenBelow(p, root string) bool {
	rel, err := filepath.Rel(root, p)
	return err == nil && srcpath.SkippedPart(filepath.ToSlash(rel)) != ""
}

// CheckDest returns the error a build with opts would stop with because
// of its destination (inside the source, someone else's folder, a
// dangling link), without building: for a command that must not start
// when its builds can never publish.
func CheckDest(opts Options) error {
	opts = opts.withDefaults()
	if opts.Layout == nil {
		if lay, err := detect.LayoutIn(opts.Source, opts.Environment); err == nil {
			opts.Layout = lay
		}
	}
	opts = opts.withDest()
	dest, err := resolveDest(opts.Dest)
	if err != nil {
		return err
	}
	if err := checkDest(opts.Source, dest, opts.Dest, opts.Layout); err != nil {
		return err
	}
	return checkDestOwned(dest, opts.ReplaceDest)
}

// checkDest refuses destinations that a swap would destroy: the source
// directory itself, one of its ancestors, or a folder inside content/ or
// static/ (the layout's content and static folders; an output inside a
// content folder that is the project's root is left out of it instead, see
// walkSource). dest is the destination with its links followed (resolveDest);
// the source's are followed here, so that no link, on either side, hides
// one folder inside the other. shown is the destination as the user gave
// it, for the message.
func checkDest(source, dest, shown string, lay *layout.Layout) error {
	src, err := resolvePath(source)
	if err != nil {
		return fmt.Errorf("source: %w", err)
	}
	within := func(child, parent string) bool {
		rel, err := filepath.Rel(parent, child)
		return err == nil && rel != ".." && !filepath.IsAbs(rel) && (rel == "." || !startsWithDotDot(rel))
	}
	if lay == nil {
		lay = layout.Default()
	}
	if dest != shown && filepath.Clean(shown) != dest {
		shown += " (" + dest + ")"
	}
	if within(src, dest) {
		return fmt.Errorf("destination %s contains the source directory; choose another --dest", shown)
	}
	// The user's home folder, and the source's repository (.git) or
	// another hidden folder of it (.obsidian), are never replaced, not
	// even with --replace-dest: a hidden folder's own sub-folder
	// (VitePress' .vitepress/dist) may be the output.
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		if h, err := resolvePath(home); err == nil && within(h, dest) {
			return fmt.Errorf("destination %s is or contains your home folder; choose another --dest", shown)
		}
	}
	if rel, err := filepath.Rel(src, dest); err == nil && rel != "." && within(dest, src) {
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if strings.HasPrefix(parts[len(parts)-1], ".") || slices.Contains(parts, ".git") {
			return fmt.Errorf("destination %s is a hidden folder of the source (%s), which sitegen never replaces; choose another --dest", shown, filepath.ToSlash(rel))
		}
	}
	// An output inside the content is left out of it when the content is
	// the project's root (public/ in a Jekyll site: a folder holding the
	// marker is never read) or it is in a hidden folder there, which is
	// never read either (VitePress' docs/.vitepress/dist); elsewhere it is
	// refused.
	for _, dir := range append(append([]string{lay.Content}, lay.Roots...), lay.Static...) {
		root := filepath.Join(src, filepath.FromSlash(dir))
		if dir != "." && within(dest, root) && !hiddenBelow(dest, root) {
			return fmt.Errorf("destination %s is inside %s/; choose another --dest", shown, dir)
		}
	}
	return nil
}

func startsWithDotDot(rel string) bool {
	return rel == ".." || len(rel) > 2 && rel[:3] == ".."+string(filepath.Separator)
}

// parallel calls fn(i) for i in [0, n) on workers goroutines and returns
// the context's error if it was cancelled.
//
// Once ctx is cancelled it returns at once, without waiting for the calls
// under way: one page of 10 MB takes goldmark seconds, which nothing can
// cut short, and Ctrl+C must end a build within a second. Such a call
// runs on to its end in the background; whatever it would write after
// the cancellation it must not (writePage checks ctx).
func parallel(ctx context.Context, n, workers int, fn func(i int)) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				done := make(chan struct{})
				go func() {
					defer close(done)
					fn(i)
				}()
				select {
				case <-done:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("build cancelled: %w", err)
	}
	return nil
}

// errNotDir is returned when the destination exists but is not a directory.
var errNotDir = errors.New("exists and is not a directory")

// setLoadCache sets the cache loading asks (Site.loadCache): the build's
// during a build, serve's between its Updates (they record the pages
// they read again), none otherwise.
func (s *Site) setLoadCache() {
	switch {
	case s.bc != nil:
		s.loadCache = s.bc
	case s.served != nil:
		s.loadCache = s.served
	default:
		s.loadCache = nil // not a nil *bodyCache in the interface
	}
}
