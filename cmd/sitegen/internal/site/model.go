package site

import "d6codex/cmd/sitegen/internal/layout"

// model is the content model of one state of the source: the pages as
// loaded and placed (URLs, the page tree, the reading order), the content
// files, what is not published, and the indexes links resolve against.
// Load makes the first; Site.Update makes the next one beside it from the
// pages whose files did not change and the ones read again, and replaces
// it only once the update is published (update.go). Nothing in a model
// is changed once it is made, but by the steps that make it (assemble).
type model struct {
	home        *page
	pages       []*page              // reading order, home first
	synth       []*page              // sections synthesized for folders without _index.md
	byRel       map[string]*page     // content-relative path -> page (what is not published left out, see publish.go)
	files       map[string]bool      // content-relative paths of the files that are not Markdown (bundle.go)
	notFound    *page                // the corpus's own 404 page (404.md or 404.html at the content root), nil for the default one
	navFolders  map[string]navFolder // folder -> its section's title and place in the layout's navigation (dialect.go)
	navDrafts   map[int]bool         // the layout's navigation entries shown as drafts: their file does not exist (navtree.go)
	readmes     map[string]bool      // README.md files beside an index page: ordinary pages (folders.go)
	folderNotes map[string]string    // content-relative path of a folder note -> the folder it is the page of (folders.go)
	sections    map[string]*page     // folder (content-relative, "" for the root) -> its section page
	links       layout.LinkFinder    // the layout's own link rule (pagerules.go), nil for sitegen's
	byURL       map[string]*page     // site path of a page or alias -> the page (checkURLs)
	listURLs    map[string]*page     // site path of a further page of a long list (listPaths) -> the list's page (checkURLs)
	feedFiles   map[string]bool      // the blog's feeds, by content-free path ("blog/rss.xml": writeFeeds)
	filesByURL  map[string]string    // site path of a content file that is not Markdown -> its content-relative path
	copyNotes   []string             // a line on each generated copy of other pages (copies.go), for Result.Info
	// What the tools say not to publish (publish.go): the reason by
	// content-relative path, the path by site path, the report's list,
	// and the pages and files left out.
	unpublished  map[string]string
	unpubURL     map[string]string
	notPublished []NotPublished
	unpubPages   []*page
	unpubFiles   []string
	unpubWiki    *wikiIndex // the names of the notes left out, to tell a link to one from a broken link
	garden       bool       // the Digital Garden plugin's rule applies (layout.Layout.Garden)

	wiki *wikiIndex // notes by name and path, for wikilinks (wiki.go); nil without Obsidian

	baseFiles map[string]bool // content-relative paths of the vault's .base files (dataview.go)
	dvs       *dvState        // the notes as Dataview's queries read them, made on first use

	footerLinks *body   // the questions the footer's links asked (render.go)
	digest      *digest // what links resolve by, hashed, once an Update asked (update.go)

	// The links between pages, read from the bodies' recorded questions
	// once every body is rendered (backlinks.go): each page by its URL and
	// its place in reading order, and the pages that link to each page
	// (its "Linked from" list) and the fragments of it they link to (its
	// previews).
	pageByURL map[string]*page
	order     map[*page]int
	into      map[*page][]*page
	frags     map[*page][]string
}

// newModel returns an empty model.
func newModel() *model { return &model{dvs: &dvState{}} }
