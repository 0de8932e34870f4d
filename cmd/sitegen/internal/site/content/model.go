package content

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/templates"
)

// Model is the content model of one state of the source: the pages as
// loaded and placed (URLs, the page tree, the reading order), the content
// files, what is not published, and the indexes links resolve against.
// Load makes the first; Site.Update makes the next one beside it from the
// pages whose files did not change and the ones read again, and replaces
// it only once the update is published (update.go). Nothing in a model
// is changed once it is made, but by the steps that make it (assemble).
type Model struct {
	Home        *Page
	Pages       []*Page              // reading order, home first
	synth       []*Page              // sections synthesized for folders without _index.md
	sidebarIdx  map[string]*Page     // the generated indexes of the sidebars' categories, by Rel (sidebarIndexes): pages of no folder
	ByRel       map[string]*Page     // content-relative path -> page (what is not published left out, see publish.go)
	Files       map[string]bool      // content-relative paths of the files that are not Markdown (bundle.go)
	NotFound    *Page                // the corpus's own 404 page (404.md or 404.html at the content root), nil for the default one
	navFolders  map[string]navFolder // folder -> its section's title and place in the layout's navigation (dialect.go)
	navDrafts   map[int]bool         // the layout's navigation entries shown as drafts: their file does not exist (navtree.go)
	created     map[string]string    // content-relative path of a listed chapter whose file does not exist -> its label: mdBook creates it (navtree.go)
	readmes     map[string]bool      // README.md files beside an index page: ordinary pages (folders.go)
	folderNotes map[string]string    // content-relative path of a folder note -> the folder it is the page of (folders.go)
	sections    map[string]*Page     // folder (content-relative, "" for the root) -> its section page
	rootStandIn *Page                // the page of the layout's RootFolder, which stands for the root: it lists the root's children (rootFolder)
	links       layout.LinkFinder    // the layout's own link rule (pagerules.go), nil for sitegen's
	ByURL       map[string]*Page     // site path of a page or alias -> the page (checkURLs)
	listURLs    map[string]*Page     // site path of a further page of a long list (listPaths) -> the list's page (checkURLs)
	feedFiles   map[string]bool      // the blog's feeds, by content-free path ("blog/rss.xml": writeFeeds)
	blogPosts   map[*Page]bool       // the posts of the layout's blogs (buildBlog): their previous and next are the newer and older posts
	FilesByURL  map[string]string    // site path of a content file that is not Markdown -> its content-relative path
	CopyNotes   []string             // a line on each generated copy of other pages (copies.go), for Result.Info
	// What the tools say not to publish (publish.go): the reason by
	// content-relative path, the path by site path, the report's list,
	// and the pages and files left out.
	unpublished  map[string]string
	unpubURL     map[string]string
	NotPublished []NotPublished
	unpubPages   []*Page
	unpubFiles   []string
	notChapters  map[string]bool   // the Markdown files SUMMARY.md does not list (notListed)
	unpubWiki    *wikiIndex        // the names of the notes left out, to tell a link to one from a broken link
	excludedWiki map[string]string // lower-case note name -> content-relative path, of the notes in the layout's excluded folders (wiki.go)
	garden       bool              // the Digital Garden plugin's rule applies (layout.Layout.Garden)
	// Garden is the build's line on the notes the Digital Garden plugin's
	// rule held back (gardenLine), "" when it held back none.
	Garden string

	wiki *wikiIndex // notes by name and path, for wikilinks (wiki.go); nil without Obsidian
	// tagPaths is the site path of the page of each of sitegen's own tags
	// (not a layout's group of tags), "" for none (buildTags): shared with
	// the models an Update makes after this one, which add the tags they
	// meet (an entry depends on the tag's name and the settings alone).
	tagPaths map[string]string

	aliases map[string]aliasTarget // mkdocs-alias-plugin's aliases (alias.go); nil without it

	baseFiles map[string]bool // content-relative paths of the vault's .base files (dataview.go)
	rendered  map[string]bool // content-relative paths of the files the layout renders (layout.Layout.RenderFile)
	dvs       *dvState        // the notes as Dataview's queries read them, made on first use

	FooterLinks *Body   // the questions the footer's links asked (render.go)
	digest      *Digest // what links resolve by, hashed, once an Update asked (update.go)

	// The links between pages, read from the bodies' recorded questions
	// once every body is rendered (backlinks.go): each page by its URL and
	// its place in reading order, and the pages that link to each page
	// (its "Linked from" list) and the fragments of it they link to (its
	// previews).
	pageByURL map[string]*Page
	Order     map[*Page]int
	Into      map[*Page][]*Page
	Frags     map[*Page][]string
}

// NewModel returns an empty model.
func NewModel() *Model { return &Model{dvs: &dvState{}} }

// Site is a loaded site, ready to render.
type Site struct {
	Opts Options
	Lay  *layout.Layout // = opts.Layout, recognised when it was nil
	Cfg  *Config
	Md   *markup.Markdown
	Diag *Collector
	Warn *Collector // problems that do not stop the build (see Result.Warnings)

	*Model // the content model of the last build or Update (model.go)
	// Before is the model an Update replaces while it assembles the next
	// one (nil in a build): a step of Assemble whose inputs are the same
	// as when it made Before's reuses what it made then (buildWiki).
	Before *Model

	src     *srcpath.Root // the source folder, for every read (srcRoot)
	srcErr  error
	srcOnce sync.Once

	Linked linkedFiles // the content files the rendered pages link to (bundle.go)
	// SiteAssets are the files out of the content and static folders
	// that the rendered pages name as assets (siteAsset), content-relative.
	SiteAssets linkedFiles

	Graph *Graph    // what each page read to be what it is, for Update (graph.go); nil before a render
	Sums  *sync.Map // during a build with a cache: source file -> srcRecord of the first text read of it (buildcache.go)
	// LoadCache is what loading asks (PageCache): bc during a build,
	// served after it (setLoadCache); nil without either.
	LoadCache PageCache

	Created map[string]time.Time // first commit time per source file (lastmod.go); nil without git

	View    *templates.Site      // the shared view model of the last render (for Update)
	Lastmod map[string]time.Time // last commit time per source file (lastmod.go); nil without git

}

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

// WithDefaults fills in the zero fields but Dest, which withDest fills
// in once the layout is known.
func (o Options) WithDefaults() Options {
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

// WithDest fills in Dest when it is not set: DefaultDest for the layout.
func (o Options) WithDest() Options {
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

// Source returns the site's source directory.
func (s *Site) Source() string { return s.Opts.Source }

// CacheDir returns the directory for build results kept between builds,
// or "" when caching is off.
func (s *Site) CacheDir() string {
	if s.Opts.CacheDir == "-" {
		return ""
	}
	return s.Opts.CacheDir
}

// Config returns the site configuration in use.
func (s *Site) Config() Config { return *s.Cfg }

// Diagnostics returns every problem found so far, sorted.
func (s *Site) Diagnostics() Diagnostics { return s.Diag.Sorted() }

// FrontMatterKey calls f with the content-relative path of each page
// loaded from a file, published or not (a note its tool leaves out too),
// whose front matter has key, and that key's value: what the site's scan
// and load found, for a plugin that reads notes by their front matter
// (the Fantasy Statblocks creature notes: site.vaultNotes). In no order.
func (m *Model) FrontMatterKey(key string, f func(rel string, v any)) {
	each := func(p *Page) {
		if v, ok := p.Meta[key]; ok && p.File != "" {
			f(p.Rel, v)
		}
	}
	for _, p := range m.ByRel {
		each(p)
	}
	for _, p := range m.unpubPages {
		each(p)
	}
}

// UIWords are sitegen's own words on the site's pages: those of its
// language (Config.LanguageCode, from its tool's configuration), the
// site's own overrides (layout.Layout.Words) on top.
func (s *Site) UIWords() templates.Words {
	return templates.WordsFor(s.Cfg.LanguageCode).Merge(s.Lay.Words)
}
