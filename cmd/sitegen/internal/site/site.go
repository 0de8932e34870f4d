// Package site is the sitegen engine's build and its output: it renders
// the content model of package content (a source directory read into
// pages, links resolved, the dependency graph) into a static web site.
// Markdown goes through package markup (content supplies each page's link
// resolution), static files through package assets.
//
// A build runs in three steps on a Site value (which wraps a
// *content.Site with what only a build keeps):
//
//  1. Load reads site.toml and every Markdown file (package content):
//     front matter, element ids, URLs, the section tree, the reading order.
//  2. render renders every page in parallel (goldmark, then the templ
//     components of package templates) and writes it, with static assets,
//     the 404 page, alias redirects, sitemap.xml, the search index and the
//     service worker, into a directory.
//  3. Build ties them together: it renders into a staging directory next to
//     the destination and swaps it into place only if there was no error.
//
// Every problem found on the way is collected as a content.Diagnostic
// (file:line:col: message); a build with any diagnostic publishes nothing.
// Site.Update (update.go) asks the content model's graph what a change
// touches and writes only that.
//
// What site must not do: decide what the content is. Pages, URLs, links,
// what is published and what a page read are package content's; site
// renders and writes them (output, the destination's lock and swap, the
// build cache, the search index, the service worker).
package site

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/markup/admonish"
	"d6codex/cmd/sitegen/internal/markup/mdx"
	"d6codex/cmd/sitegen/internal/markup/shortcode/hugotmpl"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/cmd/sitegen/internal/statblock"
	"d6codex/templates"
)

// Result reports on a build.
type Result struct {
	// Pages is the number of HTML pages rendered (home, sections and pages;
	// not the 404 page nor alias redirects).
	Pages int
	// Duration is the wall time of the whole build.
	Duration time.Duration
	// Errors lists every problem found; the build published nothing if it
	// is not empty.
	Errors content.Diagnostics
	// Warnings are problems that do not stop the build but make the site
	// wrong where it is published (a placeholder baseURL).
	Warnings []string
	// WarningList is every warning about the content, in full (Warnings
	// summarizes them); Notes the warnings about the settings.
	WarningList content.Diagnostics
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
	NotPublished []content.NotPublished
	// Garden is one line on the notes the Digital Garden plugin's rule
	// held back, and why it is on ("" when it held back none).
	Garden string
	// Reused counts the output files unchanged since the previous build,
	// linked from it instead of written; Written the files written.
	Reused, Written int
	// InPlace says the output was brought up to date in place (an
	// incremental build into the last build's own output: commit.go),
	// Written files moved into it and Removed files of the last build's
	// removed from it.
	InPlace bool
	Removed int
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

// Load reads the configuration and content of opts.Source. Problems in the
// content are recorded as diagnostics (see Site.Diagnostics), not returned:
// the site can still be rendered to find more of them. The error is only
// for failures that stop loading altogether (an unreadable folder, a
// cancelled context).
func Load(ctx context.Context, opts content.Options) (*Site, error) {
	return load(ctx, opts, true)
}

// load is Load; updatable keeps the dependency graph (graph.go) that
// Site.Update needs. A site never updated (Build's) keeps none: the
// graph's record of every page (its load, its body's questions and
// answers, its frame) would stay in memory until the end of the build,
// and a build collects garbage at a multiple of its live heap
// (buildcmd's GOGC).
func load(ctx context.Context, opts content.Options, updatable bool) (*Site, error) {
	opts = opts.WithDefaults()
	s := &Site{Site: &content.Site{Opts: opts, Diag: &content.Collector{}, Warn: &content.Collector{}, Model: content.NewModel()}}
	if updatable {
		s.Graph = content.NewGraph(opts.Incremental)
	}
	if cachePath(opts) != "" {
		s.Sums = &sync.Map{} // until the build's render is done (BuildSite)
		s.sumsSince = time.Now()
	}
	if opts.Layout == nil {
		lay, err := detect.LayoutIn(opts.Source, opts.Environment)
		if err != nil {
			var ce *layout.ConfigError
			if !errors.As(err, &ce) {
				return nil, fmt.Errorf("load %s: %w", opts.Source, err)
			}
			s.Diag.Addf(ce.File, ce.Line, ce.Col, ce.Key, "%s", ce.Msg)
			s.Lay, s.Cfg = layout.Default(), &content.Config{}
			s.Opts = s.Opts.WithDest()
			return s, nil // no pages: the build reports the settings' error
		}
		opts.Layout, s.Opts.Layout = lay, lay
	}
	s.Opts = s.Opts.WithDest()
	s.Lay = opts.Layout
	s.Cfg = content.LoadConfig(opts.Source, opts.BaseURL, s.Lay, s.Diag)
	if opts.BrokenLinks != "" {
		s.Cfg.SetBrokenLinks(opts.BrokenLinks == "warn")
	}
	for _, ce := range s.Lay.Tolerated {
		if ce.LenientWarning {
			s.LenientWarning(ce.File, ce.Line, ce.Col, ce.Key, ce.Msg)
			continue
		}
		s.Tolerate(ce.File, ce.Line, ce.Col, ce.Key, ce.Msg)
	}
	s.Cfg.Base = s.Cfg.BasePath() // relURL's, read once
	s.bc = s.openBodyCache()      // nil without a cache; its pages as loaded stand for the unchanged ones
	s.setLoadCache()
	s.Md = markup.New(markup.Options{
		Unsafe:        s.Cfg.Unsafe,
		Handlers:      vaultBlocks(s.Lay, opts.Source, vaultNotes{s}, content.DiagramBlocks(s.Lay, opts.Handlers)),
		StaticDir:     StaticDir,
		UnsafeHint:    unsafeHint(s.Lay),
		Obsidian:      s.Cfg.ObsidianSyntax,
		NoTags:        s.Lay.Markup.NoTags,
		WikiLinks:     s.Lay.Markup.WikiLinks != nil || s.Lay.Markup.AliasPlugin,
		Dataview:      s.DataviewOptions(),
		RawHTMLLinks:  s.Lay.FileLinks || s.Lay.RawHTMLLinks,
		RawHTMLImages: s.Lay.RawHTMLImages,
		Dialects: markup.Dialects{
			NoteEmbeds:         s.Lay.Kind == layout.Obsidian || s.Lay.Kind == layout.Sitegen, // Obsidian's Markdown
			Kramdown:           s.Lay.Kind == layout.Jekyll,
			TOCLevels:          s.Lay.Markup.TOCLevels,
			AttrList:           s.Lay.Markup.AttrList,
			Emoji:              s.Lay.Markup.Emoji,
			CustomIcons:        s.Lay.Markup.CustomIcons,
			Liquid:             s.Lay.Kind == layout.Jekyll,
			OwnH1:              s.Lay.Kind == layout.Jekyll, // Jekyll writes a page as its HTML and layouts do
			TitleUnlessH1:      s.Lay.TitleUnlessH1,
			Shortcodes:         s.Lay.Kind == layout.Hugo,
			PageLinkShortcodes: s.Lay.Markup.PageLinkShortcodes,
			AnchorShortcodes:   s.Lay.Markup.AnchorShortcodes,
			ShortcodeTemplates: s.shortcodeTemplates(),
			Pandoc:             s.Lay.Kind == layout.Markdown, // the pandoc books of GitHub repositories
			TermIDs:            s.Lay.Kind == layout.MdBook,
			LazyDefinitions:    s.Lay.Kind == layout.MkDocs, // Python-Markdown's def_list
			Autodoc:            s.Lay.Kind == layout.MkDocs, // mkdocstrings' ::: instructions
			OneLineSetext:      s.Lay.Kind == layout.MkDocs, // Python-Markdown's setext headings
			PythonMarkdown:     s.Lay.Kind == layout.MkDocs, // tables, and no other GFM extension unless listed
			MagicLink:          s.Lay.Markup.MagicLink,
			QuartzTags:         s.Lay.Kind == layout.Quartz, // Quartz's tagRegex
			TaskList:           s.Lay.Markup.TaskList,
			Math:               s.Lay.Markup.Math,
			MathNoDigitAfter:   s.Lay.Markup.MathNoDigitAfter,
			MathBrackets:       s.Lay.Markup.MathBrackets,

			Containers:        s.Lay.Markup.Containers,
			ContainerTitles:   s.Lay.Markup.ContainerTitles,
			ContainerBrackets: s.Lay.Markup.BracketTitles,
			MDX:               s.Lay.Markup.MDX,
			MDXAliases:        s.Lay.Markup.MDXAliases,
			MDXFilesOnly:      s.Lay.Markup.MDXFilesOnly,
			MDXBase:           mdx.BaseURL{Site: s.Lay.Markup.SiteURL, Base: s.Lay.Markup.BaseURL},
			FenceTitles:       s.Lay.Markup.FenceTitles,
			ExternalNewTab:    s.Lay.Markup.ExternalNewTab,
			StraightQuotes:    s.Lay.Markup.StraightQuotes,
			HardWraps:         s.Lay.Markup.HardWraps,
			VueComponents:     s.Lay.Markup.VueComponents,
			PluginBlocks:      s.Lay.Markup.PluginBlocks,
			PluginInline:      s.Lay.Markup.PluginInline,
			MetaBind:          s.Lay.Markup.MetaBind,
			InlineCode:        s.Lay.Markup.InlineCode,
			TasksPlugin:       s.Lay.Markup.TasksPlugin,
			Tabs:              s.Lay.Markup.Tabs,
			Columns:           s.Lay.Markup.Columns,
			SimpleColumns:     s.Lay.Markup.SimpleColumns,
			Admonish:          admonishDefaults(s.Lay.Markup.Admonish),
			Slug:              s.Lay.Markup.Slug,
			PythonUnique:      s.Lay.Markup.PythonUnique,
			Caret:             s.Lay.Markup.Caret,
			Tilde:             s.Lay.Markup.Tilde,
			Mark:              s.Lay.Markup.Mark,
		},
	})
	if err := s.Load(ctx); err != nil {
		return nil, fmt.Errorf("load %s: %w", opts.Source, err)
	}
	return s, nil
}

// Build loads the site, renders it into a staging directory beside
// opts.Dest and, if no problem was found, swaps the staging directory into
// place atomically. On failure the previous opts.Dest is left untouched
// and the error is the Diagnostics (also in Result.Errors).
func Build(ctx context.Context, opts content.Options) (Result, error) {
	_, res, err := buildSite(ctx, opts, false)
	return res, err
}

// BuildSite is Build that also returns the loaded site, for callers that
// keep it to update it page by page afterwards (see Site.Update). The site
// is returned whenever loading succeeded, also when the build failed.
func BuildSite(ctx context.Context, opts content.Options) (*Site, Result, error) {
	return buildSite(ctx, opts, true)
}

// buildSite is BuildSite; updatable: see load.
func buildSite(ctx context.Context, opts content.Options, updatable bool) (*Site, Result, error) {
	start := time.Now()
	opts = opts.WithDefaults()
	if opts.Layout == nil {
		if lay, err := detect.LayoutIn(opts.Source, opts.Environment); err == nil {
			opts.Layout = lay
		} // else Load reports the settings' error
	}
	opts = opts.WithDest()
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
	// An in-place commit a killed build left is finished first (commit.go).
	if err := finishCommit(opts.Dest); err != nil {
		return nil, Result{}, err
	}
	if err := checkDestOwned(opts.Dest, opts.ReplaceDest); err != nil {
		return nil, Result{}, err
	}
	s, err := load(ctx, opts, updatable)
	if err != nil {
		return nil, Result{}, err
	}
	if s.Home == nil { // no content/ folder: nothing to render, load said why
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
	// An incremental build into the last build's own output stages only
	// the files that change and commits them in place (commit.go).
	// Otherwise the output the previous build replaced, kept beside dest
	// and brought up to date in place, makes the staging tree of a
	// rebuild without creating or deleting the files that did not change.
	var oldOwn map[string]bool
	// A site in several languages is swapped whole: its locales' sites
	// are written beside the default's (locales.go), which a commit of
	// the default's own files would not carry.
	sparse := s.bc.ownsDest(opts.Dest) && len(s.Lay.Locales) < 2
	if sparse {
		oldOwn = s.bc.old.Own
	}
	staging, inPlace := "", false
	if !sparse {
		staging, inPlace = claimSpare(opts.Dest), true
	}
	if staging == "" {
		inPlace = false
		kind := ""
		if sparse {
			kind = "commit"
		}
		if staging, err = newStaging(opts.Dest, kind); err != nil {
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
	out := &assets.Output{Dir: staging, InPlace: inPlace, Sparse: sparse}
	if info, err := os.Stat(opts.Dest); err == nil && info.IsDir() {
		out.Prev = opts.Dest // reuse its unchanged files (hard links)
	}
	var locales []renderedLocale
	var pre map[string]*Site
	var index map[string]map[string]string
	if len(s.Lay.Locales) > 1 {
		s.locales = localeLinks(s.localeSites(), s.Cfg.Base, defaultLocale(s.Lay))
		if pre, err = s.preloadLocales(ctx, opts.Dest, updatable); err != nil {
			return s, Result{}, err
		}
		if pre != nil {
			all := pre
			if def := defaultLocale(s.Lay); def != "" { // none when it has a folder of its own (RootRedirect)
				all = with(pre, def, s)
			}
			index = translationIndex(all)
			s.locales = translations(s.locales, s.localeSites(), index, defaultLocale(s.Lay))
		}
	}
	if s.Lay.RootRedirect != "" {
		err = s.renderRootRedirect(ctx, out)
	} else {
		err = s.render(ctx, out)
	}
	if err == nil && len(s.Lay.Locales) > 1 {
		if file, loc := s.localeClash(out); file != "" {
			s.Diag.Addf(s.Lay.File, 0, 0, "i18n.locales", "the site writes %s, in the folder of the locale %s's site: rename the page or the locale's folder", file, loc)
		}
		locales, err = s.renderLocales(ctx, staging, opts.Dest, inPlace, pre, index, updatable)
	}
	bc := s.bc
	if err == nil { // else renders may still run (see parallel): they keep theirs
		s.bc, s.Sums = nil, nil // an Update renders without them
		s.setLoadCache()
	}
	if err != nil {
		if ctx.Err() != nil { // wherever it was stopped, say why
			return s, Result{}, fmt.Errorf("build cancelled: %w", ctx.Err())
		}
		return s, Result{}, err
	}
	res := Result{Pages: int(s.rendered.Load()), Errors: s.Diagnostics(), Reused: int(out.Reused()), Written: int(out.Wrote()), Cache: bc.note()}
	res.Notes = append(res.Notes, content.LayoutNotes(s.Lay)...)
	for _, c := range s.hostConfigs() {
		if w := c.PlaceholderBaseURL(); w != "" {
			res.Notes = append(res.Notes, w+"; "+setBaseURL(s.Lay))
		}
	}
	res.WarningList = s.Warn.Sorted()
	res.Layout = s.Lay.Describe()
	res.Info = slices.Clone(s.CopyNotes)
	if s.Cfg.BrokenLinksWarn && s.Opts.BrokenLinks == "" && s.Lay.Settings.BrokenLinks == "warn" && !s.Cfg.Lenient {
		// The site's own policy, not the flag's: say whose.
		res.Info = append(res.Info, fmt.Sprintf("broken links are warnings, as %s's settings in %s say (--broken-links error makes them errors)", s.Lay.Tool(), s.Lay.File))
	}
	res.NotPublished = s.NotPublished
	res.Garden = s.Garden
	if u := s.unlinkedFiles(); len(u) > 0 {
		res.NotPublished = slices.SortedFunc(slices.Values(append(slices.Clone(s.NotPublished), u...)),
			func(a, b content.NotPublished) int { return strings.Compare(a.File, b.File) })
	}
	for _, l := range locales {
		res.Pages += l.pages
		res.Info = append(res.Info, l.info)
		res.Reused += int(l.out.Reused())
		res.Written += int(l.out.Wrote())
		res.Errors = append(res.Errors, localeDiagnostics(res.Errors, l.errs, l.name, l.translation)...)
		res.WarningList = append(res.WarningList, localeDiagnostics(res.WarningList, l.warns, l.name, l.translation)...)
	}
	var absent []string
	res.WarningList, absent = foldAbsentThemes(s.Lay, res.WarningList)
	res.Notes = append(res.Notes, absent...)
	res.Warnings = append(slices.Clone(res.Notes), content.Summarize(res.WarningList, 3)...)
	if len(res.Errors) > 0 {
		res.Duration = time.Since(start)
		return s, res, res.Errors
	}
	if err := ctx.Err(); err != nil { // Ctrl+C after the last page: publish nothing
		return s, res, fmt.Errorf("build cancelled: %w", err)
	}
	if sparse {
		own := ownFiles(out)
		removed := gone(oldOwn, own)
		err := commitInPlace(opts.Dest, staging, out.Written(), removed)
		switch {
		case err == nil:
			published = true
			res.InPlace, res.Removed = true, len(removed)
			cleanup.Go(func() { removeOwned(staging) }) // its folders and marker
			s.published(bc, out, &cleanup)
			res.Cleanup = cleanup.Wait
			res.Duration = time.Since(start)
			return s, res, nil
		case errors.Is(err, errNotInPlace): // made whole, swapped below
			if err := out.Complete(); err != nil {
				return s, res, fmt.Errorf("bring %s up to date: %w", staging, err)
			}
		default:
			// Cut short: the journal and the staging folder stay, for the
			// next build to finish the commit.
			published = true
			return s, res, fmt.Errorf("publish %s: %w", opts.Dest, err)
		}
	}
	folders := s.localeFolders()
	if _, err := out.Prune(func(name string) bool { return name == content.OutputMarker || folders[name] }); err != nil {
		return s, res, fmt.Errorf("bring %s up to date: %w", staging, err)
	}
	for _, l := range locales {
		if _, err := l.out.Prune(func(string) bool { return false }); err != nil {
			return s, res, fmt.Errorf("bring %s up to date: %w", l.out.Dir, err)
		}
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
	s.published(bc, out, &cleanup)
	s.keepLocales(locales, index)
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

// published gives the output a build of s has just published a new
// marker stamp (commit.go: whatever build or cache made the output
// before, none stands for it now) and records it with the output's files
// in the build cache bc, for the next build's commit; bc is kept for the
// next build and written in cleanup (a cache that cannot be written only
// costs that build time).
func (s *Site) published(bc *bodyCache, out *assets.Output, cleanup *sync.WaitGroup) {
	mark := touchMark(s.Opts.Dest)
	if bc != nil {
		bc.nowDest, bc.nowMark, bc.nowOwn = s.Opts.Dest, mark, ownFiles(out)
	}
	cleanup.Go(func() { _ = bc.save() })
	if s.Graph != nil {
		s.served = bc
		s.setLoadCache()
	}
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
func CheckDest(opts content.Options) error {
	opts = opts.WithDefaults()
	if opts.Layout == nil {
		if lay, err := detect.LayoutIn(opts.Source, opts.Environment); err == nil {
			opts.Layout = lay
		}
	}
	opts = opts.WithDest()
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

// errNotDir is returned when the destination exists but is not a directory.
var errNotDir = errors.New("exists and is not a directory")

// setLoadCache sets the cache loading asks (Site.loadCache): the build's
// during a build, serve's between its Updates (they record the pages
// they read again), none otherwise.
func (s *Site) setLoadCache() {
	switch {
	case s.bc != nil:
		s.LoadCache = s.bc
	case s.served != nil:
		s.LoadCache = s.served
	default:
		s.LoadCache = nil // not a nil *bodyCache in the interface
	}
}

// Site is a loaded site as the build sees it: its content model
// (content.Site) and what a build keeps beside it.
type Site struct {
	*content.Site

	bc *bodyCache // the build cache during a build's render, nil otherwise (buildcache.go)
	// sumsSince is when sums began: the build's stamps hold from then.
	sumsSince time.Time
	// served is the build cache of the last build, kept by a site that
	// is updated (serve's) so that each Update records what it changed
	// (Site.SaveCache); nil otherwise.
	served   *bodyCache
	rendered atomic.Int64
	search   *searchIndex // the search index render collects (search.go)
	prevs    *previewSet  // the pages' previews render collects (preview.go)
	destHold destHold     // the lock of Options.Dest, shared by the writes between builds (dest.go)
	// parts are the pages' HTML render collects for the layout's
	// combined page (combined.go), nil without one.
	parts *combinedParts
	// locales is the locale switcher of a site in several languages
	// (locales.go), nil otherwise.
	locales []templates.LocaleLink
	// ownStatic are the URLs of the files of the layout's Static folders
	// its render published, by their path in them; rootStatic, in a
	// locale's site whose tool publishes them once at the whole site's
	// root (layout.Layout.StaticAtRoot), the root build's ownStatic: it
	// links those and publishes no copy.
	ownStatic, rootStatic map[string]string
	// navLater and later: serve's Updates leave the pages whose
	// navigation alone changed for WriteLater (navlater.go).
	navLater bool
	later    []pageOut
	// kept are the further locales' sites of a site in several languages
	// whose locales have pages of their own (ownContent), kept by a site
	// that is updated (serve's) so that an Update updates the locales a
	// change is in (localeupdate.go); index is their translations when
	// built (translationIndex). parent is, in a kept locale's site, the
	// site it is a locale of: its writes take the whole output's lock.
	kept   []keptLocale
	index  map[string]map[string]string
	parent *Site
	// askAll: the next Update asks every recorded question again, a
	// page of another locale's site having come or gone (its links to
	// that site resolve through the layout's routes, out of its model:
	// Site.relayout).
	askAll bool
	// switched: the next Update writes these pages again (by site path),
	// their language switcher having changed, and the sitemap (its
	// alternates), and leaves the pages the Update before it left for
	// WriteLater as they are (Site.relink).
	switched map[string]bool
}

// unsafeHint says which setting keeps all raw HTML: the one the layout
// names (layout.Settings.UnsafeHint), else site.toml's.
func unsafeHint(lay *layout.Layout) string {
	if lay.Settings.UnsafeHint != "" {
		return lay.Settings.UnsafeHint
	}
	hint := "unsafe = true under [markup.goldmark.renderer] in " + content.ConfigFile
	if tool := lay.Tool(); tool != "" {
		// Read beside the tool's settings, which it is not one of.
		hint += ", sitegen's own settings file, which " + tool + " does not read,"
	}
	return hint
}

// setBaseURL says where the site's base URL is set: the tool's settings
// file and key when the layout reads one (Hugo's baseURL in hugo.toml),
// else site.toml's baseURL; or the --base-url flag.
func setBaseURL(l *layout.Layout) string {
	if l != nil && l.Settings.BaseURLKey != "" && l.File != "" {
		return "set " + l.Settings.BaseURLKey + " in " + l.File + " or pass --base-url"
	}
	return "set baseURL in " + content.ConfigFile + " or pass --base-url"
}

// vaultBlocks returns handlers with those that read a vault's plugin
// settings (the Fantasy Statblocks layouts: statblock.Handler.ForVault)
// made for the vault at source/lay.Content, in an Obsidian vault, and
// its creature notes (vaultNotes); handlers unchanged elsewhere.
func vaultBlocks(lay *layout.Layout, source string, notes statblock.NoteSource, handlers map[string]markup.BlockHandler) map[string]markup.BlockHandler {
	if lay.Kind != layout.Obsidian {
		return handlers
	}
	type forVault interface {
		ForVault(dir string, notes statblock.NoteSource) markup.BlockHandler
	}
	out := make(map[string]markup.BlockHandler, len(handlers))
	for k, h := range handlers {
		if v, ok := h.(forVault); ok {
			h = v.ForVault(filepath.Join(source, filepath.FromSlash(lay.Content)), notes)
		}
		out[k] = h
	}
	return out
}

// vaultNotes lists a vault's creature notes for the stat block handler's
// index (statblock.NoteSource) from the site's own scan and load: the
// notes loaded, published or not, whose front matter says `statblock:`
// true or inline, so that the vault is not walked a second time and no
// note the site does not read (a hidden folder, a link out of the source)
// is. Its version is the site's model: an Update's new model makes the
// index again.
type vaultNotes struct{ s *Site }

// NotesVersion implements statblock.NoteSource.
func (v vaultNotes) NotesVersion() any { return v.s.Model }

// CreatureNotes implements statblock.NoteSource.
func (v vaultNotes) CreatureNotes() []statblock.CreatureNote {
	var out []statblock.CreatureNote
	v.s.Model.FrontMatterKey("statblock", func(rel string, val any) {
		if k := statblock.NoteKind(val); k != "" {
			out = append(out, statblock.CreatureNote{Rel: rel, Kind: k})
		}
	})
	return out
}

// shortcodeTemplates is the site's Hugo shortcode templates, ready to run
// (nil when it has none).
func (s *Site) shortcodeTemplates() *hugotmpl.Set {
	if s.Lay.Kind != layout.Hugo {
		return nil
	}
	title := s.Lay.Settings.Title
	if s.Lay.Settings.NoTitle {
		title = ""
	}
	return hugotmpl.New(hugotmpl.Config{Shortcodes: s.Lay.Markup.ShortcodeTemplates, Partials: s.Lay.Markup.Partials,
		SiteTitle: title, BaseURL: s.Lay.Settings.BaseURL, SiteParams: s.Lay.Markup.SiteParams, Segment: s.Lay.Segment,
		ContentDir: s.Lay.Content, Language: s.Lay.Markup.Language, Languages: s.Lay.Markup.Languages,
		Words:         s.Lay.Markup.Words(s.Lay.Settings.LanguageCode, cmp.Or(s.Lay.Markup.Language, s.Lay.Markup.I18nDefault)),
		WordsLanguage: s.Lay.Markup.WordsLanguage(s.Lay.Settings.LanguageCode, cmp.Or(s.Lay.Markup.Language, s.Lay.Markup.I18nDefault))})
}

// admonishDefaults are the book's mdbook-admonish defaults as package
// admonish reads them; nil when the book does not use the plugin.
func admonishDefaults(d *layout.AdmonishDefaults) *admonish.Defaults {
	if d == nil {
		return nil
	}
	return &admonish.Defaults{Title: d.Title, Collapsible: d.Collapsible}
}
