package servecmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"d6codex/cmd/sitegen/internal/assets"
	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/detect"
	"d6codex/cmd/sitegen/internal/layout/obsidian"
	"d6codex/cmd/sitegen/internal/site"
	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/cmd/sitegen/internal/watch"
)

// codeDirs returns the repository folders whose Go or templ files are
// compiled into sitegen (or its WebAssembly module): a change there
// needs a new binary.
func codeDirs() []string { return []string{"templates", "rules", "calc", "wasm", "cmd"} }

// watchNames returns the entries of the source directory to watch.
func watchNames(repo bool) []string {
	names := []string{content.ContentDir, site.StaticDir, content.ConfigFile}
	if repo {
		names = append(names, codeDirs()...)
		names = append(names, "go.mod", "go.sum")
	}
	return names
}

// watchFor returns what serve watches in source: the entries of
// watchNames, and those a layout other than sitegen's own keeps its pages,
// static files and settings in: its content folder, static folders and
// settings file. When the content is the source folder itself (a vault, a
// Jekyll site, a folder of Markdown) the whole folder is watched, entries
// created at its top later included (where Obsidian puts a new note),
// less the output folder when it is inside.
func watchFor(repo bool, lay *layout.Layout, source, dest string) watch.Options {
	o := watch.Options{Base: source, Names: watchNames(repo)}
	if lay == nil || lay.Kind == layout.Sitegen {
		return o
	}
	o.Keep = keepFor(lay)
	top := func(p string) string { t, _, _ := strings.Cut(p, "/"); return t }
	add := func(n string) {
		if n != "" && !slices.Contains(o.Names, n) {
			o.Names = append(o.Names, n)
		}
	}
	if lay.Content == "." {
		o.Root = true
		srcAbs, err1 := filepath.Abs(source)
		destAbs, err2 := filepath.Abs(dest)
		if rel, err := filepath.Rel(srcAbs, destAbs); err1 == nil && err2 == nil && err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
			o.Exclude = []string{filepath.ToSlash(rel)}
		}
		return o
	}
	add(top(lay.Content))
	for _, l := range lay.Locales { // a language's own contentDir (Hugo's docs/fr)
		if l.Layout != nil && l.Layout.Content != "." {
			add(top(l.Layout.Content))
		}
	}
	if lay.HiddenContent { // the folder the settings name is the source (docs_dir: .docs)
		o.Named = append(o.Named, lay.Content)
	}
	for _, d := range append(slices.Clone(lay.Roots), lay.Static...) { // Roots: Docusaurus's blog/, src/pages/
		add(top(d))
	}
	add(top(lay.File))
	for _, d := range lay.RebuildOn { // Docusaurus's i18n/
		add(top(d))
	}
	return o
}

// keepFor lists the settings files of lay that lie under a hidden name,
// which the watcher would otherwise drop (watch.Options.Keep): the file
// the layout was recognised by (.vitepress/config.mts), the vault's
// settings files (not the rest of .obsidian, rewritten at every click),
// the .gitignore files that say what is not published
// (layout.Layout.Gitignore: Quartz's under content/, a folder of
// Markdown's), and the settings files of every folder
// (layout.Layout.FolderSettings: MkDocs' .pages and .nav.yml).
func keepFor(lay *layout.Layout) []string {
	var keep []string
	if f := lay.File; f != "" && !strings.HasSuffix(f, "/") && (strings.HasPrefix(f, ".") || strings.Contains(f, "/.")) {
		keep = append(keep, f)
	}
	if lay.Kind == layout.Obsidian {
		keep = append(keep, obsidian.Settings...)
	}
	if lay.Gitignore {
		keep = append(keep, "**/"+layout.GitignoreFile)
	}
	for _, name := range lay.FolderSettings {
		keep = append(keep, "**/"+name)
	}
	return keep
}

// isKept reports whether p is one of the settings files under a hidden
// name that keepFor lists (a Quartz content/.gitignore, which says what
// is not published): a change to one is a full build.
func isKept(lay *layout.Layout, p string) bool {
	for _, k := range keepFor(lay) {
		if k == p || strings.HasPrefix(k, "**/") && path.Base(p) == k[len("**/"):] {
			return true
		}
	}
	return false
}

// settingsNames adds to names the settings files serve watches
// (detect.Settings: a change to one is a full build), and returns apart
// those in a hidden folder (.obsidian/app.json), which the watcher is told
// of one by one (watch.Options.Keep, beside keepFor's).
func settingsNames(names []string, lay *layout.Layout) ([]string, []string) {
	var hidden []string
	for _, f := range detect.Settings(lay) {
		if srcpath.SkippedPart(f) != "" {
			hidden = append(hidden, f)
			continue
		}
		if top, _, _ := strings.Cut(f, "/"); !slices.Contains(names, top) {
			names = append(names, top)
		}
	}
	return names, hidden
}

// restarter rebuilds sitegen from the repository and replaces the running
// process with the new binary. It returns the compiler's problems when
// the new code does not build (the old process keeps running), or an
// error when the replacement itself failed; on success it does not return.
type restarter func(ctx context.Context) ([]problem, error)

// server is the state of one `sitegen serve` session: the last good site,
// kept in memory to update it page by page, and what changed since.
// Its methods run on one goroutine (the watch loop).
type server struct {
	opts     content.Options // Dest is the published directory being served
	repo     bool            // Source is the d6codex repository: watch and rebuild code
	navigate bool            // send browsers to the page just edited
	out, err io.Writer
	hub      *hub
	restart  restarter // nil outside the repository

	site    *site.Site      // the last good build (nil before the first, or after a panic)
	served  bool            // a good build has been published
	codeErr []problem       // why the last code change does not build, until one does
	pending map[string]kind // source paths changed since the last good build, and what each needs
	full    bool            // the next build must be a full one

	// reads are the source files the last good site's pages read that
	// are out of what serve watches by the layout (a Hugo page's
	// readFile of gen/x.md): a save of one is an update of the pages
	// that read it. watchFiles tells the watcher of them (nil: none).
	reads      map[string]bool
	watchFiles func([]string)
	settings   *detect.SettingsSet // the layout's settings files (isSettings)

	warned map[string]bool // the warnings of the last published build, as printed

	cacheDone  chan struct{} // closed when the last build cache write (saveCache) returns; nil: none yet
	cacheStale bool          // pages were updated since the build cache was written (see idle)

	searchStale  bool               // pages were updated since the search index was written
	searchCancel context.CancelFunc // stops the running search index write
	searchDone   chan struct{}      // closed when the last search index write returns
	// searchWrite writes a search index snapshot; nil: SearchWriter.Write
	// (tests replace it to hold a write while edits arrive).
	searchWrite func(context.Context, *site.SearchWriter) error
}

// kind classifies a changed path (relative to the source directory).
type kind int

const (
	kindIgnore kind = iota // nothing the site is made of
	kindPage               // a file of the content: a page, a picture, a folder (site.Site.Update)
	kindStatic             // a static file published under its own name
	kindFull               // anything that needs a full build: a settings file, a stylesheet
	kindCode               // Go or templ code compiled into sitegen
)

// classify says what a change to path p requires, in every layout: a
// settings file (the layout's, or one that would make the folder another
// layout: detect.Settings) a full build with the settings read again; a
// file of a static folder is copied, or a full build for a hashed asset
// (pages link to it by its hash) or a folder; anything in the content an
// Update, which reads, renders and writes what it changes; code in the
// repository a new binary.
func (s *server) classify(c watch.Change) kind {
	p := c.Path
	top, _, _ := strings.Cut(p, "/")
	lay := s.opts.Layout
	if lay == nil {
		lay = layout.Default()
	}
	code := s.repo && (slices.Contains(codeDirs(), top) || p == "go.mod" || p == "go.sum")
	switch {
	case c.Op&watch.Rescan != 0:
		return kindFull
	case code:
		if strings.HasSuffix(p, "_test.go") || strings.HasSuffix(p, "_templ.go") {
			return kindIgnore // tests are not in the binary; templ output is regenerated
		}
		if strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".templ") || p == "go.mod" || p == "go.sum" {
			return kindCode
		}
		return kindIgnore
	case s.isSettings(lay, p) || isKept(lay, p):
		return kindFull
	}
	for i, d := range lay.Static {
		rest, ok := strings.CutPrefix(p, d+"/")
		switch {
		case p == d:
			return kindFull
		case !ok:
			continue
		}
		info, err := os.Stat(filepath.Join(s.opts.Source, filepath.FromSlash(p)))
		if i > 0 || (err == nil && info.IsDir()) || (err != nil && path.Ext(p) == "") || assets.Hashed(rest) {
			return kindFull // a folder (any number of files), a hashed asset, a static folder but the first
		}
		if len(lay.Locales) > 1 {
			return kindFull // each locale's site has its copy
		}
		return kindStatic
	}
	for _, d := range lay.RebuildOn { // the locales' translations: Docusaurus's i18n/, Starlight's src/content/docs/fr/
		if p == d || strings.HasPrefix(p, d+"/") {
			if _, md := lay.Markup.MarkdownStem(p); md && len(lay.Locales) > 1 {
				// A translated page, there or come or gone: the sites of
				// the locales that read it update (site.Site.Update,
				// localeupdate.go).
				return kindPage
			}
			if info, err := os.Stat(filepath.Join(s.opts.Source, filepath.FromSlash(p))); p != d && err == nil && info.IsDir() && len(lay.Locales) > 1 {
				// A folder: its files, each classified on its own (the
				// watcher reports those of a new folder after it): a
				// locale's pages an Update, its words a full build.
				return kindIgnore
			}
			return kindFull // the JSON of the translated words, a picture, a folder gone
		}
	}
	// In a site in several languages, Update updates the languages'
	// sites the change is in (localeupdate.go), the default language's
	// pages the others fall back on included.
	if lay.Content == "." || p == lay.Content || strings.HasPrefix(p, lay.Content+"/") {
		return kindPage
	}
	for _, l := range lay.Locales { // a language's own contentDir (Hugo's)
		if c := l.Layout; c != nil && c.Content != "." && (p == c.Content || strings.HasPrefix(p, c.Content+"/")) {
			return kindPage
		}
	}
	for _, r := range lay.Roots { // a further folder of pages (Docusaurus's blog/)
		if p == r || strings.HasPrefix(p, r+"/") {
			return kindPage
		}
	}
	if s.reads[p] { // a file pages read from outside the content (Site.Update follows it to them)
		return kindPage
	}
	return kindIgnore
}

// isSettings is detect.IsSettings(lay, p), from the settings files of
// lay listed once while the layout is the same.
func (s *server) isSettings(lay *layout.Layout, p string) bool {
	if !s.settings.For(lay) {
		s.settings = detect.NewSettingsSet(lay)
	}
	return s.settings.Has(p)
}

// watchReads records the files the site's pages read out of what serve
// watches by the layout (server.reads) and has the watcher watch them:
// "readFile: Returns the contents of a file ... relative to the current
// working directory" (https://gohugo.io/functions/os/readfile/), any file
// of the project. It runs after each good build or update: its cost is
// one pass over the pages' reads.
func (s *server) watchReads() {
	s.reads = nil
	if s.site == nil {
		return
	}
	var add []string
	for _, f := range s.site.ReadFiles() {
		if s.classify(watch.Change{Path: f}) == kindIgnore {
			add = append(add, f)
		}
	}
	s.reads = make(map[string]bool, len(add))
	for _, f := range add {
		s.reads[f] = true
	}
	if s.watchFiles != nil && len(add) > 0 {
		s.watchFiles(add)
	}
}

// apply handles one batch of changes: a new binary for code changes (in
// the repository), otherwise a page-by-page update when possible and a
// full build when not. Browsers hear of the result only once it is
// published: a reload (or a stylesheet swap), or the overlay listing the
// problems while the last good site stays served.
func (s *server) apply(ctx context.Context, b watch.Batch) {
	defer s.recoverPanic()
	code := false
	for _, c := range b {
		switch k := s.classify(c); k {
		case kindIgnore:
			continue
		case kindCode:
			code = true
			continue
		case kindFull:
			s.full = true
			s.pending[c.Path] = k
		default:
			s.pending[c.Path] = max(s.pending[c.Path], k)
		}
	}
	if code && s.restart != nil {
		s.flushCache() // the new binary starts with the cache whole
		fmt.Fprintln(s.out, "code changed: regenerating templates and rebuilding sitegen")
		ps, err := s.restart(ctx)
		if err != nil {
			ps = append(ps, problem{File: "sitegen", Msg: err.Error()})
		}
		s.codeErr = ps
		if len(ps) > 0 {
			s.report(ps)
			fmt.Fprintf(s.err, "sitegen serve: the new code does not build; still running the old binary\n")
			s.hub.failed(ps, s.served)
		}
	}
	if len(s.pending) == 0 {
		return
	}
	s.rebuild(ctx)
}

// saveCache writes what the updates since the last write changed into
// the build cache (site.Site.SaveCache) on another goroutine, off the
// path of the saves: the loop starts it once it is idle (see idle), as
// it starts the search index, not after each update, where the write
// took the machine from the browser drawing the save just pushed and
// could hold up the next save (issue 35's p95 of saves 0.3 s apart).
// The next update, build or restart waits for it first (waitCache), so
// the cache is never written while the site changes, nor left
// half-written when serve exits.
func (s *server) saveCache() {
	s.waitCache()
	if !s.cacheStale || s.site == nil {
		return
	}
	s.cacheStale = false
	st, done, errOut := s.site, make(chan struct{}), s.err
	s.cacheDone = done
	go func() {
		defer close(done)
		defer func() {
			if v := recover(); v != nil {
				fmt.Fprintf(errOut, "sitegen serve: build cache: internal error (please report it): %v\n", v)
			}
		}()
		_ = st.SaveCache()
	}()
}

// waitCache returns once the last build cache write has.
func (s *server) waitCache() {
	if s.cacheDone != nil {
		<-s.cacheDone
	}
}

// flushCache writes the build cache now if updates are not in it yet,
// and returns once it is written: before a full build (which reads the
// cache), a restart and serve's exit.
func (s *server) flushCache() {
	s.saveCache()
	s.waitCache()
}

// rebuild publishes the pending changes.
func (s *server) rebuild(ctx context.Context) {
	defer s.recoverPanic()
	s.waitCache() // the cache written after the last update: before this one changes the site
	start := time.Now()
	changed := slices.Sorted(maps.Keys(s.pending))
	cssOnly := len(changed) > 0
	var pages, static []string
	for _, p := range changed {
		switch s.pending[p] {
		case kindPage:
			pages = append(pages, p)
		case kindStatic:
			static = append(static, p)
		}
		if s.pending[p] == kindPage || path.Ext(p) != ".css" {
			cssOnly = false
		}
	}
	lay := s.opts.Layout
	if lay == nil {
		lay = layout.Default()
	}
	if !s.full && s.site != nil {
		u, err := s.site.Update(ctx, pages)
		switch {
		case err != nil:
			s.fail([]problem{{File: "sitegen", Msg: err.Error()}})
			return
		case len(u.Errors) > 0:
			s.fail(s.problems(s.site, u.Errors))
			return
		case !u.Full:
			for _, p := range static {
				rel := strings.TrimPrefix(p, lay.Static[0]+"/")
				if err := s.site.PublishStatic(rel); err != nil {
					s.fail([]problem{{File: p, Msg: err.Error()}})
					return
				}
				u.Files = append(u.Files, "/"+rel)
			}
			clear(s.pending)
			s.published(false, s.editedPage(pages, u), u.Moved, u.Files)
			s.watchReads() // after the push: it only classifies the changes to come
			// The pages whose navigation alone changed (a new title in
			// every page's navigation): once the browsers have the
			// reload, off the path of the save (site.Site.NavLater).
			laterPages := s.site.LaterPages()
			more, err := s.site.WriteLater(ctx)
			if err != nil {
				s.full = true // the next change builds the whole site
				fmt.Fprintf(s.err, "sitegen serve: %v\n", err)
			}
			s.warnings(s.site, u.Warnings)
			fmt.Fprintf(s.out, "updated %s in %d ms: %s\n", describe(changed), time.Since(start).Milliseconds(), written(u))
			if len(more) > 0 {
				// The browsers on those pages (another tab) fetch them again.
				s.hub.published(false, reloadInfo{only: laterPages})
				fmt.Fprintf(s.out, "  then %d pages' navigation in %d ms\n", u.Later, time.Since(start).Milliseconds())
			}
			s.searchStale = s.searchStale || len(u.Pages) > 0
			// The build cache follows once the loop is idle, for a build
			// after serve (a cache not written only costs it time).
			s.cacheStale = true
			return
		}
		fmt.Fprintf(s.out, "full build: %s\n", u.Reason)
	}
	s.stopSearch(true) // a full build replaces the output, search index included
	s.flushCache()     // the build reads it: the updates so far in it
	if s.opts.Layout != nil && s.opts.Layout.Kind != layout.Sitegen || slices.ContainsFunc(changed, func(p string) bool { return detect.IsSettings(lay, p) }) {
		// The settings (quartz.config.ts's filters, SUMMARY.md,
		// mkdocs.yml's nav, _config.yml's title, .obsidian/'s templates
		// folder) are read again: they decide what is published.
		s.opts.Layout = nil
		if lay, err := detect.LayoutIn(s.opts.Source, s.opts.Environment); err == nil {
			s.opts.Layout = lay // else the build reports the settings' error
		}
	}
	var old map[string]string // the URLs of the pages before, by file, to follow a page that moved
	if s.site != nil {
		old = s.site.PageURLs()
	}
	previewHosts(s.opts.Layout, s.opts.BaseURL) // Hugo's multihost: a folder each
	st, res, err := site.BuildSite(ctx, s.opts)
	var diags content.Diagnostics
	switch {
	case errors.As(err, &diags):
		s.full = true
		s.fail(s.problems(st, diags))
		return
	case err != nil:
		s.full = true
		s.fail([]problem{{File: "sitegen", Msg: err.Error()}})
		return
	}
	// A page whose navigation alone changes is written after the push.
	st.NavLater(true)
	s.site, s.full, s.searchStale, s.cacheStale = st, false, false, false // the build wrote its cache
	clear(s.pending)
	s.published(cssOnly, s.editedPage(pages, site.Update{}), movedPages(old, st.PageURLs()), nil)
	s.watchReads() // after the push: it only classifies the changes to come
	s.warnings(st, res.WarningList)
	fmt.Fprintf(s.out, "built %d pages in %d ms, %d files written, %d unchanged (%s)\n", res.Pages, res.Duration.Milliseconds(), res.Written, res.Reused, describe(changed))
	if res.Cleanup != nil {
		// The browsers have their reload; the old tree goes before the next
		// build starts, so the two never compete for the disk.
		res.Cleanup()
	}
}

// editedPage is the URL of the page just edited, for --navigate: the
// page of the first changed file that has one, or where it moved.
func (s *server) editedPage(files []string, u site.Update) string {
	if s.site == nil {
		return ""
	}
	for _, f := range files {
		if p := s.site.PageURL(f); p != "" {
			return p
		}
	}
	for _, to := range u.Moved {
		return to
	}
	return ""
}

// movedPages is the new URL of each page whose file moved between two
// builds (old and now map a page's text, by its hash, to its URL: see
// site.Site.PageURLs), by its old URL.
func movedPages(old, now map[string]string) map[string]string {
	moved := map[string]string{}
	for sum, u := range old {
		if v, ok := now[sum]; ok && v != u {
			moved[u] = v
		}
	}
	return moved
}

// written says what an update wrote, for the log.
func written(u site.Update) string {
	switch n := len(u.Outputs); n {
	case 0:
		return "nothing changed"
	case 1:
		return "1 file written"
	default:
		return fmt.Sprintf("%d files written", n)
	}
}

// recoverPanic turns a panic during a rebuild into a build error: the
// overlay shows it, the last good site stays served, and the next change
// is a full build (the kept site may be half updated). Deferred by apply
// and the first build, on the goroutine that rebuilds.
func (s *server) recoverPanic() {
	v := recover()
	if v == nil {
		return
	}
	s.full = true
	s.site = nil
	s.fail([]problem{{File: "sitegen", Msg: fmt.Sprintf("internal error (please report it): %v", v)}})
}

// published tells the browsers about a published build: the page just
// edited, the pages that moved (a browser on one follows it), the files
// written again in place (a picture replaced); problems with the code, if
// any, stay on screen.
func (s *server) published(cssOnly bool, page string, moved map[string]string, files []string) {
	s.served = true
	s.hub.published(cssOnly, reloadInfo{page: page, navigate: s.navigate, moved: moved, files: files})
	if len(s.codeErr) > 0 {
		s.hub.failed(s.codeErr, true)
	}
}

// warnings reports the warnings of the last published build: in the
// terminal the new ones (a save does not print again the warnings the
// site already had) and their count, in the browsers all of them (a
// panel that does not hide the page).
func (s *server) warnings(st *site.Site, ws content.Diagnostics) {
	seen := s.warned
	s.warned = map[string]bool{}
	var fresh content.Diagnostics
	for _, d := range ws {
		s.warned[d.String()] = true
		if !seen[d.String()] {
			fresh = append(fresh, d)
		}
	}
	ps := s.problems(st, fresh)
	if len(ps) > 0 {
		shown := ps[:min(len(ps), maxWarningLines)]
		s.reportPrefix(shown, "warning: ")
		if len(ps) > len(shown) {
			fmt.Fprintf(s.err, "sitegen serve: … and %d more new warnings (the browser lists them all)\n", len(ps)-len(shown))
		}
	}
	if len(fresh) > 0 || len(ws) != len(seen) {
		fmt.Fprintf(s.err, "sitegen serve: %d warning(s)", len(ws))
		if len(ws) > 0 {
			fmt.Fprintf(s.err, ": %s", content.CountKinds(ws))
		}
		fmt.Fprintln(s.err)
	}
	s.hub.warn(s.problems(st, ws))
}

// maxWarningLines is the most new warnings a save prints.
const maxWarningLines = 20

// fail reports problems on the terminal and in the browsers.
func (s *server) fail(ps []problem) {
	s.report(ps)
	if s.served {
		fmt.Fprintf(s.err, "sitegen serve: %d error(s); still serving the last good build\n", len(ps))
	} else {
		fmt.Fprintf(s.err, "sitegen serve: %d error(s); no good build yet, pages will appear once the errors are fixed\n", len(ps))
	}
	s.hub.failed(ps, s.served)
}

// report prints problems as file:line:col: message, paths relative to
// the working directory like `sitegen build`.
func (s *server) report(ps []problem) { s.reportPrefix(ps, "") }

// reportPrefix is report with prefix before each message.
func (s *server) reportPrefix(ps []problem, prefix string) {
	for _, p := range ps {
		file := p.File
		if file == "sitegen" && p.Line == 0 { // not a place in the source
			fmt.Fprintf(s.err, "sitegen serve: %s%s\n", prefix, p.Msg)
			continue
		}
		if strings.Contains(file, "/") || strings.Contains(file, ".") {
			file = filepath.Join(s.opts.Source, filepath.FromSlash(file))
		}
		if p.Line > 0 {
			fmt.Fprintf(s.err, "%s:%d:%d: %s%s\n", file, p.Line, max(p.Col, 1), prefix, p.Msg)
		} else {
			fmt.Fprintf(s.err, "%s: %s%s\n", file, prefix, p.Msg)
		}
	}
}

// problems converts build diagnostics for the overlay.
func (s *server) problems(st *site.Site, diags content.Diagnostics) []problem {
	ps := make([]problem, 0, len(diags))
	for _, d := range diags {
		msg := d.Msg
		if d.Field != "" {
			msg = d.Field + ": " + msg
		}
		p := problem{File: d.File, Line: d.Line, Col: d.Col, Msg: msg}
		if st != nil {
			p.Page = st.PageURL(d.File)
		}
		ps = append(ps, p)
	}
	return ps
}

// describe summarizes the changed paths for the log.
func describe(paths []string) string {
	switch len(paths) {
	case 0:
		return "start"
	case 1:
		return paths[0]
	}
	return fmt.Sprintf("%s and %d more", paths[0], len(paths)-1)
}

// searchDelay is how long the loop waits without changes before it
// starts writing the search index and the build cache after page updates
// (idle): only the search box and the next build read them, so a run of
// saves pays for one write, not one each. At
// 5,000 pages a write takes a core for a few hundred milliseconds: with
// 300 ms here, saves a second apart were shown 190 ms after the save
// (p50) against 44 ms for saves 0.3 s apart, whose writes never started
// (BenchmarkSaveToScreen, issue 26); the next save cancels a write, but
// the two still shared the machine.
const searchDelay = 1500 * time.Millisecond

// searchKeep is how long the parts of a replaced search index stay
// published: a browser holding the previous index.json (its search box
// open across edits) still finds them, and after a miss it reopens the
// index (static/js/search.js).
const searchKeep = 2 * time.Minute

// loop applies batches until ctx is cancelled or the watcher stops. The
// search index and the build cache are written off the loop once it is
// idle (searchDelay after the last batch), so a save never waits for
// them; the next batch cancels a search index write still running.
func (s *server) loop(ctx context.Context, batches <-chan watch.Batch) {
	defer s.flushCache() // serve exits with the cache written whole
	defer s.stopSearch(true)
	var search, prune <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case b, ok := <-batches:
			if !ok {
				return
			}
			s.stopSearch(false)
			s.apply(ctx, b)
			search = nil
			if s.searchStale || s.cacheStale {
				search = time.After(searchDelay)
			}
		case <-search:
			search = nil
			if s.searchStale && prune == nil {
				prune = time.After(searchKeep) // the parts this write replaces go then
			}
			s.idle()
		case <-prune:
			prune = nil
			if next := s.pruneSearch(ctx); next > 0 {
				prune = time.After(next)
			}
		}
	}
}

// pruneSearch removes the parts of replaced search indexes whose
// searchKeep has passed (site.Site.PruneSearch): a write removes them
// only when the next write comes, and a last edit would leave them in the
// output for good, which a clean build does not have. With a write
// running it waits a second more; it returns when to look again, 0 for
// never.
func (s *server) pruneSearch(ctx context.Context) time.Duration {
	if s.site == nil {
		return 0
	}
	if s.searchDone != nil {
		select {
		case <-s.searchDone:
		default:
			return time.Second
		}
	}
	next, err := s.site.PruneSearch(ctx, searchKeep)
	if err != nil {
		fmt.Fprintf(s.err, "sitegen serve: %v\n", err)
		return 0
	}
	return next
}

// idle starts the writes the loop leaves until no save has come for
// searchDelay: the build cache's and the search index's, each on a
// goroutine of its own.
func (s *server) idle() {
	s.saveCache()
	s.writeSearchIndex()
}

// writeSearchIndex starts writing the search index after updates, on
// another goroutine, from a snapshot of the site taken now (see
// site.SearchWriter); it waits there for the write before it, never on
// the loop.
func (s *server) writeSearchIndex() {
	if !s.searchStale || s.site == nil {
		return
	}
	s.searchStale = false
	w := s.site.SearchWriter(searchKeep)
	ctx, cancel := context.WithCancel(context.Background())
	prev, done := s.searchDone, make(chan struct{})
	s.searchCancel, s.searchDone = cancel, done
	errOut, write, hub := s.err, s.searchWrite, s.hub
	if write == nil {
		write = func(ctx context.Context, w *site.SearchWriter) error { return w.Write(ctx) }
	}
	go func() {
		defer close(done)
		defer cancel()
		defer func() {
			if v := recover(); v != nil {
				fmt.Fprintf(errOut, "sitegen serve: search index: internal error (please report it): %v\n", v)
			}
		}()
		if prev != nil {
			<-prev
		}
		switch err := write(ctx, w); {
		case err == nil:
			hub.searchWritten()
		case !errors.Is(err, context.Canceled):
			fmt.Fprintf(errOut, "sitegen serve: %v\n", err)
		}
	}()
}

// stopSearch cancels the running search index write, if any, and marks
// the index stale again so that it is written after the next change;
// with wait, it returns once the write has stopped (a full build is about
// to replace the output folder).
func (s *server) stopSearch(wait bool) {
	if s.searchDone == nil {
		return
	}
	select {
	case <-s.searchDone:
	default:
		s.searchCancel()
		s.searchStale = true
		if wait {
			<-s.searchDone
		}
	}
}
