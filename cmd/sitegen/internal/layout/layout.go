// Package layout describes where a site's pages, static files and settings
// are in a source folder, whichever tool it was written for. A Layout is
// what one format's package (layout/obsidian, layout/jekyll, layout/hugo,
// layout/mkdocs, layout/mdbook, layout/quartz, layout/docusaurus,
// layout/vitepress, layout/starlight, layout/zola) recognises in a folder:
// the content root, the folders published as they are, the names never published and the settings read
// from the tool's own configuration. Package layout/detect tries them in
// turn; this package also holds the two layouts that need no tool: sitegen's
// own (content/, static/, site.toml) and a plain folder of Markdown.
//
// Paths are slash-separated and relative to the source folder; "." is the
// source folder itself.
//
// What a layout may read: every settings file goes through ReadSetting
// (Decode calls it), which follows links only inside the source folder
// and never to a hidden file, so no parse error quotes a file outside the
// project (hugo.toml -> ~/.aws/credentials).
//
// What a layout may publish: a folder named by a setting (docs_dir,
// contentDir, staticDir, source:) goes through Layout.Folder, which
// refuses a path out of the source folder, a hidden name at any depth and
// a symbolic link out of the source or to a hidden name, with an error at
// the setting's line; the site's walk applies the same rule (package
// srcpath) to every root, default ones included, and to what it finds
// inside them.
//
// What a tool says not to publish: a layout gives its tool's rules in four
// fields of Layout, and package site applies them the same way for every
// layout (publish.go has the whole contract):
//
//	Unpublished func(meta map[string]any, rel string) (reason string)
//	Unlisted    func(meta map[string]any, rel string) (reason string)
//	UnpublishedPaths []PathRule // {Reason, Patterns (.gitignore format), Preview}
//	Inherit     func(rel string, sections []map[string]any) map[string]any
//
// Unpublished names the flag that keeps a page out ("publish: false
// (Obsidian Publish)"), Unlisted one that publishes a page but keeps it out
// of the navigation, lists, search and sitemap.xml (Docusaurus'
// unlisted: true), UnpublishedPaths the paths a tool leaves out (MkDocs'
// exclude_docs), Inherit what a section passes down to its pages (Hugo's
// cascade). A layout written for another tool (Quartz's ExplicitPublish
// and RemoveDrafts filters) sets its own; True, False and Time read the
// values as tools write them.
package layout

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"

	"d6codex/cmd/sitegen/internal/markup/columns"
	"d6codex/cmd/sitegen/internal/srcpath"
	"d6codex/templates"
)

// Kinds of layout.
const (
	Sitegen    = "sitegen layout"
	Obsidian   = "Obsidian vault"
	Jekyll     = "Jekyll site"
	Hugo       = "Hugo site"
	MkDocs     = "MkDocs project"
	MdBook     = "mdBook book"
	Quartz     = "Quartz site"
	Docusaurus = "Docusaurus site"
	VitePress  = "VitePress site"
	Zola       = "Zola site"
	Starlight  = "Starlight site"
	Markdown   = "folder of Markdown"
)

// SkipReadme is Layout.ReadmeBesideIndex for a tool that ignores the
// README.md of a folder that has an index.md.
const SkipReadme = "skip"

// Layout is a recognised source folder.
type Layout struct {
	// Kind is one of the constants above.
	Kind string
	// File is the settings file the layout was recognised by and read
	// ("_config.yml", ".obsidian/app.json"); "" when there is none.
	File string
	// Content is the folder of the Markdown pages (the content root: links
	// written from the root, and wikilinks, resolve from here).
	Content string
	// HiddenContent: Content holds a hidden name because the tool's
	// settings name it so (MkDocs' docs_dir: .site_content, see
	// ContentFolder): the folder is read; names hidden inside it are not.
	HiddenContent bool
	// NoContent: the Content folder is absent and the tool builds the
	// site so, with no content pages (a Hugo site whose pages all come
	// from its templates); sitegen builds its own home page and the
	// static folders. False: an absent Content folder is an error.
	NoContent bool
	// Static lists the folders whose files are published at the site's
	// root as they are (Hugo's static/).
	Static []string
	// StaticAsIs: Static's scripts and stylesheets keep their names and
	// bytes (Docusaurus: "Every file you put into that directory will be
	// copied into the root of the generated build folder"), not hashed
	// and minified as sitegen publishes its own; false: hashed.
	StaticAsIs bool
	// AssetFilePaths: the tool reads a relative Markdown image or link
	// path to a file as a path in the source, which may leave Content
	// (Docusaurus: docs/a.md's ../static/img/x.png); sitegen then
	// resolves it to that file when one of Static publishes it.
	AssetFilePaths bool
	// Roots are further folders of pages beside Content, source-relative
	// (Docusaurus's blog/ and src/pages/): their pages' and files'
	// content-relative paths start with "../" (blog/a.md is "../blog/a.md"
	// beside docs/), Rules place them, and they are out of the
	// navigation: each is listed by the page Rules.Folder gives its folder
	// (the blog's list), or by the home page where the folder has none
	// (NoPage). Their files are published under the site's root (/blog/...).
	Roots []string
	// ToolRoute says why the tool publishes a page at the site path sp
	// ("/showcase/") that sitegen does not build (a Docusaurus React
	// page, the blog's archive), "" when it publishes none there: a link
	// to it is shown as its text with a warning, not a broken link. Nil:
	// none.
	ToolRoute func(sp string) string
	// StaticYields leaves out, without a word, a file of Static at the
	// path of one of the site's pages: a locale's site, whose Static is
	// the default locale's, which the tool publishes once at the root
	// (Starlight's public/index.html beside each locale's home page).
	// False: such a file is an error.
	StaticYields bool
	// ToolRouteLinks keeps a link to a ToolRoute a link, with no
	// warning: the tool's page is one of the site's (a page of Astro's
	// src/pages), which the layout's one note names; false shows it as
	// text with a warning.
	ToolRouteLinks bool
	// LocaleRoute, on a site whose locales' pages are folders of one
	// tree (VitePress's locales: fr/ beside the root's pages), is the
	// site path, from the whole site's root, of the page another
	// locale's site publishes at the site-absolute link sp
	// ("/fr/guide/a" from a root page: "/fr/guide/a.html"), "" for none:
	// the link leads there, as the tool resolves it. In a locale's site
	// ToolRouteUp is its folder. Nil: none.
	LocaleRoute func(sp string) string
	// ToolRouteUp is the folder a locale's site is built in ("fr/")
	// when the ToolRoute pages are at the whole site's root, not in it
	// (Astro's src/pages: a fallback page's /games/ stays /games/): a
	// link to one is written under the whole site's base. "": under
	// this site's.
	ToolRouteUp string
	// Blogs are the blogs the tool builds, each from one of Roots
	// (Docusaurus's blog plugin and its further instances): each list's
	// paging, archive, authors and feeds; none for a site without.
	Blogs []*Blog
	// ListFeed, when set, is the RSS feed the tool writes beside each of
	// its list pages (Hugo's default RSS output format: index.xml of
	// the home page, sections, taxonomies and terms); nil for none.
	ListFeed *ListFeed
	// ContentLinks, when set, starts a link to a content file by its
	// path from Content ("@/rules/combat.md#cover", Zola's internal
	// links); "" for none.
	ContentLinks string
	// LinkBase is the path the tool's site is served under ("/docs/",
	// Docusaurus's baseUrl) when its links may be written with it: a
	// site-absolute link that starts with it already holds it and is read
	// without it ("/docs/a" is "/a"; "/docs" is "/"), one without it is
	// from the site's root as usual; either is published under sitegen's
	// own base path. "" or "/": links are read as written.
	LinkBase string
	// RouteAnyCase: the tool's router matches a link's path to a page's
	// URL whatever their letters' case (Docusaurus: react-router's
	// matchPath, "sensitive" false by default, in its router and its
	// broken link checker), so a site-absolute or relative URL link that
	// names no page as written, but one in another case, is that page.
	RouteAnyCase bool
	// Tags, when not nil, gives the tag pages of the page rel
	// (content-relative) where the tool puts them (Docusaurus's
	// /docs/tags/ and /blog/tags/); nil from it, or a nil Tags: sitegen's
	// /tags/; a Tags with no URL: none (jekyll-archives' of a page that is
	// not a post).
	Tags func(rel string) *Tags
	// TagSlug, when set, is the tool's own form of a front matter tag
	// (Quartz's slugTag: "plane shift" is the tag plane-shift; Hugo's
	// term URL, "Release schedule" is release-schedule); the tag then has
	// its page whatever Obsidian's rule for tag names says. nil: the
	// tag's name must be one Obsidian accepts (a tool that takes tags
	// only as Obsidian writes them).
	TagSlug func(tag string) string
	// TagTitle, when set, titles a tag's page from the spellings the
	// pages write its term with (all making the same TagSlug), in the
	// pages' content order: Hugo's term page takes the first, Zola's
	// merged term the smallest name; without TagsOf, written is the tag's
	// name alone (Quartz's "Tag: name"). nil: "#" and the tag's name.
	TagTitle func(written []string) string
	// TagIndexTitle is the title of the list of tags ("" for "Tags").
	TagIndexTitle string
	// TagIndexAlways: the tool writes its list of tags (/tags/) when no
	// page has a tag too, an empty list (Quartz's tagPage.tsx:
	// "tags.add("index")"; Hugo's taxonomy page, measured with 0.111).
	TagIndexAlways bool
	// Taxonomies are the tool's taxonomies besides the tags (Hugo's
	// categories, and those a site's [taxonomies] declares), in the
	// order their pages are listed: each has its list of terms at
	// /Dir/ and a page a term at /Dir/TERM/ (TERM by TagSlug, titled by
	// TagTitle), as the tags have.
	Taxonomies []Taxonomy
	// NoTagIndex: the tool writes the tags' pages but no list of them
	// (Hugo's disableKinds taxonomy).
	NoTagIndex bool
	// TagFiles: the tool writes a tag's page as a file, tags/NAME.html,
	// not as a folder's index.html (Quartz's TagPage emitter: slug
	// tags/NAME, ext ".html"); the list of tags stays tags/index.html.
	TagFiles bool
	// TagsOf, when set, gives the tags a page's front matter meta lists
	// where the tool reads them instead of tags: (Zola's [taxonomies]
	// tags = ["a"]), nil for none; each value is one tag, whatever its
	// text, read whatever the obsidian setting says.
	TagsOf func(meta map[string]any) any
	// NoTagPages: the tool publishes no page for a tag (MkDocs, Jekyll
	// without jekyll-archives, GitHub, docsify, Hugo with its taxonomy
	// pages disabled): sitegen builds neither /tags/ nor /tags/NAME/.
	// The tags of the front matter are still read (Dataview's file.tags);
	// a page shows them nowhere, as those tools' default themes do not.
	NoTagPages bool
	// FirstPageAlias, when set, says which lists the tool writes a
	// redirect at page/1/ for, to the list, its first pager page (Hugo's
	// lists whose template paginates).
	FirstPageAlias func(ListPage) bool
	// HomePager, when set, is what the home page's list pages run over
	// where its template paginates (FirstPageAlias), instead of its own
	// children: Hugo's home .Paginator is site.RegularPages.
	HomePager *Pager
	// RegularPager, when set, says which section lists page over their
	// regular pages only, not their subsections, where their template
	// paginates (FirstPageAlias): Hugo's default .Paginator of a section
	// is its .RegularPages.
	RegularPager func(ListPage) bool
	// ListPerPage is the most pages one pager page of such a list shows
	// (Hugo's paginate, 10 by default); a list whose template does not
	// paginate is one page. 0: sitegen's own size.
	ListPerPage int
	// PublishDrafts: the tool's settings publish the pages whose front
	// matter says draft: true (Hugo's buildDrafts = true).
	PublishDrafts bool
	// TitleRequired: the tool's build stops on a page whose front matter
	// gives no title (Starlight's docs schema: "title (required)"). A
	// strict build reports it as an error; a lenient one titles the page
	// as sitegen titles a page without one, with a warning.
	TitleRequired bool
	// Excluded are the folders and files under Content that are not part
	// of the site, as content-relative paths; a folder excludes all it
	// holds. ExcludeNames are names excluded at any depth; ExcludePrefix
	// excludes every name starting with it (Jekyll's "_") unless Include
	// lists the name or the path; an Include entry starting with "/" is a
	// content-relative path only ("/_spells": that folder at the root, not
	// a/_spells).
	Excluded      []string
	ExcludeNames  []string
	ExcludeGlobs  []string // path.Match patterns on a name or content-relative path
	ExcludePrefix string
	Include       []string
	// Ignore is the tool's own rule for paths left out (Quartz's
	// ignorePatterns), nil for none.
	Ignore func(rel string, dir bool) bool
	// Resources, when not nil, gives the reason the files of a page's
	// bundle (Hugo's page resources: the other files of a leaf bundle's
	// folder and those below it, of a branch bundle's folder) are not
	// published, from the page's front matter (with what it inherits), or
	// "" when they are: Hugo's build: {publishResources: false}.
	Resources func(meta map[string]any) string
	// SectionResourcesBelow extends a branch bundle's (a section's)
	// Resources reason to the plain folders below it, those with no
	// bundle page of their own: Zola's "When a section is drafted, its
	// descendants (such as pages, subsections and assets) will not be
	// processed". Hugo's branch bundle covers its own folder only.
	SectionResourcesBelow bool
	// Gitignore is set when the .gitignore files under Content say what
	// is not published (ReadGitignore): serve watches them.
	Gitignore bool
	// FolderSettings are the names of the settings files the layout reads
	// in any folder of the content (MkDocs' awesome-pages .pages,
	// awesome-nav .nav.yml): serve watches them, hidden or not, and a
	// change to one is a full build, as a settings file's.
	FolderSettings []string
	// Output is the folder the tool builds into, source-relative
	// (VitePress' .vitepress/dist under its project root, Docusaurus'
	// build): where a build without --dest writes (site.DefaultDest);
	// "" for public/.
	Output string
	// Settings are the site settings read from the tool's configuration.
	Settings Settings
	// Read names, in order, what was read from File ("title", "baseURL",
	// "nav: 12 entries"), for the build's first line.
	Read []string
	// Nav is the navigation the tool's settings give (MkDocs nav:), in
	// order; empty when the order comes from the pages. NavFile is the
	// source-relative file it was read from (its entries' lines are
	// that file's).
	Nav     []NavEntry
	NavFile string
	// Navbar, when not empty, is the navigation of the pages that show
	// no sidebar of their own (the home page, the blog, a page of the
	// pages plugin), in place of Nav's or the page tree: the tool's top
	// bar, each entry in its order with its label (Docusaurus's
	// themeConfig.navbar.items: a docSidebar item a group that leads to
	// its sidebar's first doc, the sidebar's entries under it; a doc
	// item a link to the doc; a to or href item a link). Its entries are
	// written as Nav's (ID, Tree, Link); none names a Sidebar.
	Navbar []NavEntry
	// Attachments is where the vault's settings put new attachments
	// (Obsidian's attachmentFolderPath), "" when not set.
	Attachments string
	// Redirects says which front matter key lists a page's old URLs
	// ("redirect_from" for Jekyll, "aliases" for Hugo and sitegen, "" for
	// an Obsidian vault, whose aliases are names).
	Redirects string
	// AliasRedirect, when set, gives the site path of the redirect page
	// that an alias name (aliases: games) of the note rel makes (Quartz's
	// AliasRedirects emitter), "" for none; the redirect is written only
	// where no page is.
	AliasRedirect func(rel, alias string) string
	// WikiLabel, when set, gives the text of a wikilink that writes none
	// to the page at content-relative path rel, of front matter fm, with
	// fragment frag ("" for none): jekyll-wikilinks' lower-cased title.
	WikiLabel func(rel string, fm map[string]any, frag string) string
	// WikiDashSpace: a wikilink may write a "-" of its note's file name
	// as a space ([[your first note]] for your-first-note.md), as the
	// digital garden Jekyll template's plugin matches names.
	WikiDashSpace bool
	// Redirected, when set, gives the old site paths ("/old.html") that
	// the tool's settings redirect to the page at content-relative path
	// rel (mdBook's [output.html.redirect]), each with the setting that
	// asks for it, for messages; a redirect is written only where no page
	// is, as the tool writes it.
	Redirected func(rel string) []Redirect
	// RedirectFiles are the redirect files the tool's settings write that
	// lead elsewhere than a page's own URL: to another site (To), or to
	// a heading of the page at content-relative path Rel (Fragment,
	// mdBook's "old.html" = "new.html#part"). Each is written only where
	// no page or file is, as the tool writes it.
	RedirectFiles []Redirect
	// LinkedFilesOnly publishes a file that is not a page only when a
	// published page links to it or shows it; otherwise every file of the
	// content is published beside the pages.
	LinkedFilesOnly bool
	// NameOrder orders siblings without a weight by file or folder name,
	// naturally (package natural: 2.10 after 2.9), or as text in a folder
	// whose numbered names are zero-padded; otherwise by title.
	NameOrder bool
	// HeadingTitle gives a page without a title of its own the text of a
	// heading of any level that starts it ("## Why QuestWorlds?"), not
	// only a level-1 heading; the heading is not shown twice.
	HeadingTitle bool
	// OwnSitemap is true where the site has its own sitemap.xml at its
	// root, which its tool publishes (Jekyll: a static file or a page, and
	// jekyll-sitemap writes none over it): sitegen writes no sitemap.xml.
	OwnSitemap bool
	// FileLinks resolves a link to a folder ("rules/", "../other") or to a
	// file without an extension ("LICENSE") from the file that holds it,
	// as GitHub does, before trying it from the page's URL; and checks
	// and rewrites the links and images of raw HTML (<img src>) as
	// Markdown's.
	FileLinks bool
	// RawHTMLLinks checks and rewrites the href of <a> and the src of
	// <img> in raw HTML as Markdown links, from the page's file (mdBook
	// writes a chapter's HTML where its .md file is and passes raw HTML
	// through, so its reader's browser resolves them from there);
	// FileLinks does so too. Otherwise raw HTML's URLs are kept as
	// written.
	RawHTMLLinks bool
	// LinkHook is the source-relative file of the project's link render
	// hook, "" when it has none: a template of the tool that decides where
	// a Markdown link leads (Hugo's layouts/_markup/render-link.html,
	// https://gohugo.io/render-hooks/links/), which sitegen does not run.
	// A Markdown link that does not resolve by the tool's default rules is
	// then a warning naming the hook, not a broken link, and is shown as
	// its text.
	LinkHook string
	// RawHTMLImages does so for the src of <img> alone: VitePress gives
	// raw HTML's images the base, as a Markdown image's, and writes raw
	// HTML's <a href> as it is.
	RawHTMLImages bool
	// BookAnchors sends a link to "#id" that its page has no heading for
	// to the one other page that has it: the files are the chapters of
	// one book, joined into one document (by pandoc) where the id is.
	BookAnchors bool
	// Dataview holds the settings of the Obsidian Dataview plugin
	// (.obsidian/plugins/dataview/data.json, empty when the vault has
	// none) when the vault uses it: its community plugins list it, or
	// the vault has no such list. Nil otherwise, and in other layouts:
	// the plugin's syntax is then left as written.
	Dataview map[string]any
	// LastUpdated says whether, and from what, a page shows when its
	// source last changed ("Last updated"), given its front matter: the
	// tool's setting (VitePress's lastUpdated, Docusaurus'
	// showLastUpdateTime, MkDocs' git-revision-date plugins). Nil:
	// UpdatedFile on every page (sitegen's own).
	LastUpdated func(meta map[string]any) Updated
	// SkipCopies keeps a page that repeats the text of other pages (a
	// file generated by concatenating them) out of the navigation, the
	// reading order, the sitemap and search; it is published at its URL.
	SkipCopies bool
	// RootFolder names a top folder (a folder of Markdown's "src") that
	// stands for the root in the navigation when it has no page of its
	// own: its pages and folders are listed at the top beside the
	// others, and it is no section (no "Src" in the sidebar, the
	// breadcrumbs, the pager's game or search's list of games). Its
	// pages keep their URLs (/src/combat/); its generated page stays at
	// /src/ (a link to the folder leads there), in no navigation.
	RootFolder string
	// LeafBundles: a folder holding an index page (index.md, or index
	// with another of the tool's Markdown extensions) is a leaf bundle,
	// which "has no descendants": the other Markdown files in it and in
	// the folders below it are its resources, neither pages nor published
	// (Hugo's page bundles); its other files are published as usual.
	LeafBundles bool

	// The tool's own "do not publish" rules (see publish.go): a page's
	// flag, a page published but unlisted, paths not published, values a
	// section passes down to its pages.
	Unpublished      func(meta map[string]any, rel string) string
	Unlisted         func(meta map[string]any, rel string) string
	UnpublishedPaths []PathRule
	Inherit          func(rel string, sections []map[string]any) map[string]any
	// Garden: the notes may be written for the Obsidian Digital Garden
	// plugin (a vault, a folder of Markdown), whose rule applies when the
	// plugin is in use: GardenPlugin (the vault's community plugins list
	// it) or a note sets dg-publish or dg-home (see GardenUnpublished).
	Garden, GardenPlugin bool
	// NavOnly: the Markdown files Nav lists are the pages, and no others
	// (mdBook's SUMMARY.md); Nav's nesting is the page tree and its order
	// the reading order, and its part titles, separators and drafts show
	// in the navigation. Files that are not Markdown are published as
	// usual.
	NavOnly bool
	// NavUnfold is how deep the navigation shows every page's entries
	// whatever page is open: a page at depth d (0 for a top entry) shows
	// its entries when d < NavUnfold (mdBook without [output.html.fold]
	// shows its whole table of contents; with it, the chapters above its
	// level). 0: only the entries on the open page's branch are shown.
	NavUnfold int
	// NavDistinct: where siblings of the navigation share a label, each
	// of them is labelled by its folder's name (a folder's page) or its
	// file's name instead, leading "_" dropped (Jekyll: six collections
	// whose index.md are all titled "Contents").
	NavDistinct bool
	// NavAsWritten: the navigation is Nav as written, its nesting, order
	// and labels, group headings included (docsify's _sidebar.md), not the
	// page tree; the pages it does not list are published, out of the
	// navigation. NavOnly implies it.
	NavAsWritten bool
	// NavRest, with NavAsWritten: the pages Nav does not list follow its
	// entries in the navigation, in the page tree's order (Nav is a
	// fallback that may not list every page the tool's would: VitePress's
	// sidebar read from the argument of a call sitegen does not run).
	NavRest bool
	// FolderNav, when not nil, gives the navigation the tool shows on the
	// pages of the content-relative folder dir and of the folders below
	// it that have none of their own (docsify's nested _sidebar.md), as
	// Nav is written, and the source-relative file it was read from; nil
	// entries when dir has none. The root's is Nav.
	FolderNav func(dir string) (entries []NavEntry, file string, err error)
	// NavRoots, with NavAsWritten: the pages of the layout's Roots
	// outside its content (Docusaurus's blog, which the navbar links)
	// that Nav does not list follow its entries, as the page tree has them.
	NavRoots bool
	// Converted says why a file that is not a page is not published when
	// it starts with front matter: the tool converts such a file into
	// another, which sitegen does not (Jekyll's .scss and .sass into
	// .css); "" for a file published as it is (or rendered, RenderFile).
	// Nil: none.
	Converted func(rel string) string
	// RenderFile, when set, renders a file that is not a page and starts
	// with front matter (file source-relative, src its text, read reads
	// another file of the source folder): Jekyll's Liquid templates
	// (feed.xml, search.json), published as what it returns; ok false
	// when it could not, the file then not published, problems saying
	// why.
	RenderFile func(file string, src []byte, read func(file string) ([]byte, error)) (out []byte, problems []Problem, ok bool)
	// RenderedExt, when set, is the extension a file RenderFile renders
	// is published with ("" keeps its own): Jekyll's style.scss, compiled,
	// is style.css.
	RenderedExt func(rel string) string
	// Home is the content-relative path of the site's home page when it
	// is not the root's index page (mdBook's first chapter); "" for none.
	Home string
	// Menu is the site's main menu when the tool's settings or a page's
	// front matter give one (Hugo's menus.main): the navigation is its
	// entries, in its order and nesting, in place of the page tree.
	// Entries are those of the settings; PageMenu gives a page's own
	// (its front matter's menu: main) and MenuTree orders and nests them
	// all by the tool's rule. Nil PageMenu: no menu.
	Menu     []MenuEntry
	PageMenu func(rel string, meta map[string]any) (MenuEntry, bool)
	MenuTree func([]MenuEntry) []MenuEntry
	// MenuSections, when set, adds the site's top-level sections to the
	// menu by the tool's rule (Hugo's sectionPagesMenu): entries are the
	// settings' entries, sections one per top-level section (Identifier
	// its folder's name, Page its page, Weight its weight).
	MenuSections func(entries, sections []MenuEntry) []MenuEntry
	// HTMLHome: the tool makes no home page of its own when the content
	// has no index page (Quartz's FolderPage emitter skips the root), so
	// an index.html file at the content's root is the home: it is
	// published at /index.html and sitegen's generated home page is not
	// written, with a warning.
	HTMLHome bool
	// PathNotes: X/X.md is an ordinary page at X/X/, as the tool writes it
	// (Quartz, Hugo and MkDocs give a page the URL of its file's path),
	// not the folder X's page as Obsidian's folder-note plugins make it;
	// X.md beside a folder X/ still takes the folder's URL, so it stays
	// the folder's page.
	PathNotes bool
	// NoFolderPage says which folders without an index page of their own
	// the tool publishes no page for (an MkDocs section has a title and
	// children, never a URL; a Hugo folder below the top level without
	// _index.md is no section): such a folder is a heading of the
	// navigation only, and a link to its URL is broken, as on the tool's
	// site (layout.Page's NoPage). Nil: every folder has a page.
	NoFolderPage func(dir string) bool
	// PageDate is a page's date by the tool's rule, from its front
	// matter: siblings of one weight are ordered newest first, then by
	// their navigation label, then URL (Hugo's default order). Nil:
	// siblings of one weight by title.
	PageDate func(meta map[string]any) (time.Time, bool)
	// ListDate, when set, orders the pages a folder's page or a tag's
	// page lists (not the navigation) as Quartz's PageList does
	// (byDateAndAlphabeticalFolderFirst): folders first, then newest
	// first by ListDate, given a page's front matter and its file's last
	// change (git, else the file system), a folder's date the newest of
	// its pages', then by ListCompare of their lowercase titles.
	ListDate    func(meta map[string]any, file time.Time) time.Time
	ListCompare func(a, b string) int
	// ListAll: a section page lists all its pages on one page (a Hugo
	// site whose templates do not paginate), not over SECTION/page/2/, ….
	ListAll bool
	// BadDates are the keys of a page's front matter meta that the tool
	// reads a date from whose values it cannot read, and takes as none
	// (Hugo): the page is built without them, with a warning. Nil: none.
	BadDates func(meta map[string]any) []string
	// NoSection says which folders without an index page of their own
	// are no section at all (Hugo: "A section is a top-level content
	// directory or any content directory with an _index.md file"): the
	// pages in such a folder belong to the nearest folder above it that
	// is one, among its pages in the navigation and lists, each at its
	// own URL (its file's path); the folder has no page and no place in
	// the navigation. Nil: every folder is a section.
	NoSection func(dir string) bool
	// PassPages says which sections pass their pages on to the section
	// above (Zola's transparent = true): the pages of folder dir are
	// among the parent section's pages in the navigation and its list,
	// ordered by its rule; the folder keeps its own page and place.
	// Nil: none does.
	PassPages func(dir string) bool
	// Changed tells the layout's rules that the source-relative files
	// changed since they were last read (serve's update): what the rules
	// keep of them is read again. Nil: the rules keep nothing of the
	// content's files.
	Changed func(files []string)
	// Expand rewrites a page's text before it is parsed (mdBook's
	// {{#include}} lines); nil leaves pages as they are.
	Expand Expander
	// SitePages, when set, is given the page files of a build
	// (content-relative) before they are read, and a reader of the
	// source folder's files (source-relative), for an Expand that lists
	// the site's pages (Jekyll's site.pages and site.posts in Liquid).
	SitePages func(rels []string, read func(file string) ([]byte, error))
	// HTMLLinks: a link to X.html names the page X.md, and one to
	// index.html the folder's README.md (mdBook writes its pages so, and
	// its books link to them that way).
	HTMLLinks bool
	// PageURL is the tool's URL for the page at the content-relative path
	// rel whose front matter is fm (nil: the page has none; Jekyll's
	// collections and posts), "" to keep sitegen's; a permalink: without
	// placeholders still wins.
	// FolderURL is the URL and title of the section sitegen gives the
	// content-relative folder dir, "" to keep sitegen's. Nil for none.
	PageURL   func(rel string, fm map[string]any) string
	FolderURL func(dir string) (url, title string)
	// FolderPlace is the place (1, 2, …) the tool gives the section of
	// the content-relative folder dir that FolderURL titles among the
	// other such sections, whether the navigation folds it and whether it
	// leaves it out (Jekyll with just-the-docs: the collections in
	// _config.yml's order, a collection's nav_fold and nav_exclude); 0
	// for none. Nil for none.
	FolderPlace func(dir string) (place int, fold, hide bool)
	// NavOrder, when set, is the place among its siblings of a page
	// (content-relative rel, front matter meta) that has no nav_order:
	// of its own, read as nav_order is: a number, or a text; nil for
	// none (Jekyll: its collection's order: and sort_by:).
	NavOrder func(rel string, meta map[string]any) any
	// NavTie, when set, compares two sibling pages (content-relative
	// paths and front matter) that NavOrder and nav_order: leave in the
	// same place, as the tool orders them (Jekyll: Document#<=>, date
	// then path); 0 leaves them to the title.
	NavTie func(a, b string, ma, mb map[string]any) int
	// PageTitle is the tool's title of the page at the content-relative
	// path rel that has no title: of its own (a Jekyll post's: its
	// slug's words, capitalized), "" to keep sitegen's (a heading, the
	// file name). The page's headings stay in its text. Nil for none.
	PageTitle func(rel string) string
	// SectionTitle is the tool's title of the section page of a folder
	// that has no index page, from the folder's name (Hugo: "drink" is
	// "Drinks"); nil keeps sitegen's (the name, its dashes spaces).
	SectionTitle func(name string) string
	// FileSitePath is the tool's site path ("/sessions/notes.txt") of
	// the file that is not a page at the content-relative path rel (a
	// Jekyll collection's static file), "" to keep sitegen's (its path).
	// Nil for none.
	FileSitePath func(rel string) string
	// Pages are the tool's rules for a page's URL, title and place among
	// its siblings (Quartz's); nil keeps sitegen's.
	Pages PageRules
	// Links finds the page or file a Markdown link or a wikilink names,
	// by the tool's own rule (Quartz's markdownLinkResolution): it is
	// given every page and file of the content (content-relative paths,
	// the unpublished pages too) and the pages' other names. Nil keeps
	// sitegen's.
	Links func(files []string, names map[string][]string) LinkFinder
	// LinkFile is the relative link or image path target (as written,
	// without its #fragment or ?query) that the tool reads on the page
	// at the content-relative path from, where it reads another file
	// than the one written (mkdocs-static-i18n: "api.md" is "api.en.md"
	// on the English site); it returns target when it is the file. Nil:
	// every path names the file written.
	LinkFile func(from, target string) string
	// IndexName reports whether a page file of this name is also its
	// folder's own page, besides sitegen's (index.md, _index.md,
	// README.md): mkdocs-static-i18n's index.en.md. Nil: none.
	IndexName func(name string) bool
	// ReadmePage: a README.md is a page like any other, not its folder's
	// own page (mdBook without its index preprocessor writes README.md as
	// README.html); otherwise README.md is the folder's page, as index.md.
	ReadmePage bool

	// Markup is the tool's Markdown dialect, beyond what every layout reads.
	Markup Markup
	// Rules are the tool's own rules for a page's URL, title, navigation
	// label and place (Docusaurus's ids, slugs and number prefixes); nil
	// keeps sitegen's (the file's path, the title, weight).
	Rules Rules
	// StartTitle takes a page's title from a # heading only when the
	// heading starts the page (after MDX import statements), as
	// Docusaurus does; otherwise from its first # heading anywhere.
	StartTitle bool
	// NameTitles: a page without a title, or a folder without a page,
	// shows its file or folder name as it is written (Obsidian's inline
	// title and file explorer: "2021-10-2 - Session 9"), not sitegen's
	// fallback, which reads hyphens and underscores as spaces.
	NameTitles bool
	// NameTitle, when set, is the tool's title from the name (without its
	// extension) of a page or folder that has no title but its name
	// (MkDocs: its "-" and "_" as spaces, capitalized only when all lower
	// case); nil keeps NameTitles' or sitegen's.
	NameTitle func(name string) string
	// NameLabels: the navigation labels a note by its file name as
	// written, a folder's page by the folder's name, whatever its title
	// (Obsidian's file explorer); the page keeps its title.
	NameLabels bool
	// NavHidden, when set, reports whether the navigation leaves out the
	// page of content-relative path rel (a folder's page with the pages
	// below it), labelled title, of front matter meta (Quartz's Explorer
	// filterFn); the page stays published, listed and searched.
	NavHidden func(rel string, folder bool, title string, meta map[string]any) bool
	// NavRename, when set, is the navigation's label of a page or a
	// folder's page labelled label, before siblings are ordered (Quartz's
	// Explorer mapFn); the page keeps its title everywhere else.
	NavRename func(label string, folder bool) string
	// NoBacklinks: the tool's pages show no list of the pages that link
	// to them (a Quartz layout without Component.Backlinks).
	NoBacklinks bool
	// NoNav, when set, reports whether the pages of a kind show no
	// navigation beside them (Quartz: a page layout that places no
	// Component.Explorer, defaultContentPageLayout for the notes or
	// defaultListPageLayout for the folder and tag listings, sitegen's
	// section pages); nil: every kind shows it.
	NoNav func(kind templates.Kind) bool
	// AutoCollapse: opening a folded group of the navigation folds its
	// folded siblings (Docusaurus's docs.sidebar.autoCollapseCategories).
	AutoCollapse bool
	// FolderOrderFromPages: a folder without a position of its own sorts
	// among its siblings by the lowest position of the pages it holds, at
	// any depth (Starlight's autogenerated sidebar: a group's order is its
	// entries' lowest sidebar.order).
	FolderOrderFromPages bool
	// FileURLs: the tool serves a page at a URL like a file's (/docs/a/b,
	// /guide/b.html), so a relative URL in a page resolves from the
	// page's folder, not from below the page (sitegen's /docs/a/b/).
	FileURLs bool
	// Defaults are the front matter values the tool gives the page at
	// content-relative path rel before its own (Jekyll's defaults:); the
	// page's own values win. Nil: none.
	Defaults func(rel string) map[string]any
	// FileURL says, page by page, that the tool writes the page at rel
	// (front matter fm) as a file (Jekyll's /about.html, or /hex.html for
	// permalink: /hex): sitegen writes it as the same file, at that URL,
	// and a relative link in it resolves from its folder. Nil: FileURLs.
	FileURL func(rel string, fm map[string]any) bool
	// SlashURL says, page by page, that the tool serves the page at rel
	// (front matter fm) at its folder's URL, with the trailing slash,
	// where FileURLs serves the others like files (a Docusaurus category
	// index doc, "/docs/materials/"): a relative URL in it resolves from
	// below that folder. Nil: none.
	SlashURL func(rel string, fm map[string]any) bool
	// SectionFiles: the tool writes a section's list page as a file too
	// (Hugo's uglyURLs: /posts.html for content/posts/): sitegen keeps it
	// at the folder's URL, /posts/, which its pages' URLs are under, and
	// writes a redirect there from the tool's.
	SectionFiles bool
	// RebuildOn are further folders of the source (source-relative)
	// whose every change rebuilds the whole site (the translations of
	// Docusaurus's locales, i18n/): sitegen serve watches them.
	RebuildOn []string
	// Translation, in a locale's layout (Locale.Layout), is the
	// source-relative file the text of the page file (source-relative)
	// is read from, "" when it is the page's own: a problem found in the
	// text is the translation's, and a relative path to a file is read
	// from the translation's folder first (Docusaurus's translated doc
	// shows the images beside it). Nil: none.
	Translation func(file string) string
	// FallbackNotice, when set, is the note shown above the text of the
	// page of file (source-relative) when the site shows it in another
	// language's words (Starlight's fallback content: "This content is
	// not available in your language yet."), "" for none.
	FallbackNotice func(file string) string
	// TranslationKey, on a site whose languages have pages of their own
	// (Hugo's: no page of the default language stands in for a missing
	// translation), is what relates the page at content-relative path rel
	// with front matter meta to its translations in the other languages'
	// sites: pages of one key are translations of each other. Set on the
	// layout and on each of its Locales' Layout; nil: every locale has a
	// page at each path (the tools that fall back on the default's).
	TranslationKey func(rel string, meta map[string]any) string
	// Locales are the languages the tool builds the site in, each a site
	// of its own (Docusaurus's i18n.locales), in the tool's order; the
	// locale switcher of every page lists them. The one whose Layout is
	// nil is this layout's own (the default locale, built at the site's
	// root); each other is built from its Layout under its Path. Empty:
	// the site has one language.
	Locales []Locale
	// RootRedirect, when set, is the folder ("en/") the site's root
	// redirects to, where its default locale is built as every other
	// one is (a Locale with its Layout and Path: Hugo's
	// defaultContentLanguageInSubdir): the layout's own build then
	// publishes no page, only that redirect at the root and the static
	// files. "": the default locale is the layout's own, at the root.
	RootRedirect string
	// HomeAlias, when set, is a site path ("/en/") the layout's own build
	// writes as a redirect to its home page, where no page is (Hugo's
	// default language at the root: its /LANG/ leads to /).
	HomeAlias string
	// SitemapIndex: with Locales, the site's root sitemap.xml is an index
	// of one sitemap per locale, each at its locale's folder's
	// sitemap.xml, the default locale's too ("/en/sitemap.xml" even when
	// its pages are at the root), in Locales' order (Hugo's sitemapindex
	// for a multilingual project with one host). False: the default
	// locale's sitemap is the root's.
	SitemapIndex bool
	// StaticAtRoot: the tool publishes the Static folders' files once,
	// at the whole site's root, for every locale (Hugo with one host):
	// a locale's build publishes no copy and links those at the root
	// ("/img/a.png" on a page of fr/ is the root's img/a.png). False:
	// each locale's site has its own copy.
	StaticAtRoot bool
	// NoNotFoundPage: the site writes no 404 page of its own unless its
	// pages have one (404.md): a VitePress or Starlight locale's, whose
	// tool writes one /404.html for the whole site.
	NoNotFoundPage bool
	// NotFoundFile is the content-relative Markdown file that is the
	// site's 404 page, "" for 404.md: mdBook's [output.html] input-404.
	NotFoundFile string
	// NotFoundTitle is the title of the 404 page sitegen writes (when
	// the pages have none of their own): the tool's ("404": Starlight's
	// get404Route); "" is sitegen's "Page not found".
	NotFoundTitle string
	// NotFoundTitleAlways: NotFoundTitle (and TitleSuffix) is the 404
	// page's <title> also where the pages have a 404 page of their own
	// (mdBook's render_404 titles the 404.md it renders "Page not found").
	NotFoundTitleAlways bool
	// Combined asks for one more page made of every page with a text, in
	// reading order (mdBook's print.html); nil for none.
	Combined *Combined
	// NotFoundText is the sentence of the tool's own 404 page under its
	// title, in the site's language (Starlight's UI string "404.text"),
	// written without sitegen's link to the home page; "" for sitegen's.
	NotFoundText string
	// NotFoundMeta is the front matter of the tool's own 404 page, read
	// by Hide for the 404 page sitegen writes (Starlight's is a splash
	// page: template: splash, no sidebar, no table of contents).
	NotFoundMeta map[string]any
	// SidebarKeys are the path keys of a VitePress multi-sidebar
	// (themeConfig.sidebar: {'/guide/': [...], '/api/': [...]}), in the
	// order written: Nav holds the keys' sidebars one after another, a
	// separator between two (and the top bar's before the first, if
	// any), and a page's previous and
	// next links are the links of the sidebar of the key with the most
	// "/" its source path ("/guide/a.md") starts with, none where no
	// key matches (VitePress's getSidebar).
	SidebarKeys []string
	// LocaleHomes: the language switcher leads to each locale's home
	// page, not to the page shown at its path there (VitePress's
	// themeConfig.i18nRouting: false).
	LocaleHomes bool
	// Notes say what was not read from the settings (a computed value) and
	// which default was used instead; the build reports them.
	Notes []string
	// AbsentThemes are the theme modules the settings import that are not
	// in the repository (Hugo fetches them when it builds): the build says
	// each once, with the uses of shortcodes sitegen could not run, in
	// place of a warning at each use.
	AbsentThemes []string

	// BadFrontMatter: the tool builds a page whose front matter it cannot
	// read, without it (Jekyll, unless strict_front_matter: true; MkDocs;
	// Obsidian); Hugo stops. sitegen then builds the page without it too,
	// reporting it as a tolerance (package site, lenient.go).
	BadFrontMatter bool
	// PluginBlocks are the info words of fenced blocks that a plugin of
	// the tool draws (Obsidian's Fantasy Statblocks: statblock): where the
	// block cannot be read, the plugin shows its error inside the note and
	// the note is shown all the same, so sitegen's error there is a
	// tolerance (the block is shown as code).
	PluginBlocks []string
	// FirstLineTitle takes a page's title from a # heading only when the
	// heading is the page's first line (MkDocs: "A level 1 Markdown header
	// on the first line of the document body"); otherwise from its first
	// # heading anywhere (or as StartTitle says).
	FirstLineTitle bool
	// RawH1Title takes a page's title from its first line when that line
	// is "# Text", as written, its markup kept as text ("The `roll`
	// command"), and leaves the heading in the text; a setext heading
	// titles no page. MkDocs before 1.5 (get_markdown_title: "if not
	// line.startswith('# '): return None; return line.lstrip('# ')"),
	// where a site pins one.
	RawH1Title bool
	// TitleUnlessH1: the tool shows the page's title above its text only
	// when the text has no level-1 heading, and shows that heading where
	// it is written: Docusaurus ("Automatically added at the top of your
	// doc if it does not contain any Markdown title"), MkDocs (Material's
	// template adds <h1>{{ page.title }}</h1> only if not "<h1" in
	// page.content; its own themes never), GitHub's view of a folder of
	// Markdown (the file as written). A # heading that does not start the
	// page then stays in its place, an <h1>, and the frame adds no title.
	TitleUnlessH1 bool
	// HideTitleKey is the front matter key whose true hides the title the
	// frame shows above a page whose text has no heading for it
	// (Docusaurus's hide_title: "It only hides a title declared through
	// the front matter, and have no effect on a Markdown title at the top
	// of your document"); "" for none.
	HideTitleKey string
	// NoNameTitle: the tool shows no title above a page that has none
	// but its file's name (no front matter title, no leading heading):
	// Hugo's .Title of such a page is "" (its navigation label stays the
	// file's name).
	NoNameTitle bool
	// TitleAbove: the tool shows the page's own title (its front
	// matter's) at the top of the page whatever its text starts with, a
	// # heading there shown below it (Starlight: title "will be displayed
	// at the top of the page").
	TitleAbove bool
	// TitleAboveOther: the page's own title heads it, and a # heading its
	// text starts with is shown below it, unless that heading is the
	// title's text (case, spaces and punctuation aside), which is then
	// shown once (Hugo: its themes show {{ .Title }} above {{ .Content }};
	// sitegen does not double a heading that repeats the title).
	TitleAboveOther bool
	// FilesFirst orders the pages of a folder without a weight or a place
	// in the tool's navigation as the tool's walk finds them: its index
	// first, its pages by file name, then its folders by name (MkDocs'
	// navigation without nav:); otherwise by title (or NameOrder).
	FilesFirst bool
	// Hide, when set, gives the parts of the page's frame its front
	// matter hides (Material for MkDocs' hide: [toc, navigation,
	// footer, path]): its table of contents, the site's navigation
	// beside it, its previous and next links and its breadcrumbs. Nil:
	// none is hidden.
	Hide func(meta map[string]any) (toc, nav, pager, path bool)
	// Wide, when set, reports whether the page of front matter meta is
	// its tool's wide landing layout, its column wider and centred
	// (Starlight's template: splash); nil: none is.
	Wide func(meta map[string]any) bool
	// Pager, when set, makes a page's previous and next links show the
	// navigation's labels of the pages they lead to, alone (Starlight's
	// pagination: the sidebar's entries before and after the page, by
	// their labels), and reads what its front matter says of them.
	Pager func(meta map[string]any) (prev, next PagerLink)
	// NavBadge, when set, is the badge the navigation shows after the
	// label of the page of front matter meta (Starlight's sidebar.badge),
	// where the entry names none of its own (NavEntry.Badge); nil: none.
	NavBadge func(meta map[string]any) Badge
	// PrevText and NextText, when set, are the words above a page's
	// previous and next links in place of sitegen's "Previous" and
	// "Next" (VitePress's themeConfig.docFooter.prev and .next texts,
	// "Previous page" and "Next page" by default).
	PrevText, NextText string
	// Words are the site's own words for sitegen's (its tool's documented
	// overrides: VitePress's outline.label, Starlight's
	// src/content/i18n/<lang>.json, Docusaurus's i18n/<locale>/code.json);
	// each one set wins over sitegen's words in the site's language.
	Words templates.Words
	// PagerOnce: the previous and next links count a page the
	// navigation lists twice once, at its first entry (VitePress's
	// usePrevNext: "uniqBy" the sidebar's links). PagerFirst: a page the
	// navigation does not list has its first link as the next (there,
	// the page's index is -1 and "candidates[index + 1]" the first).
	PagerOnce, PagerFirst bool
	// PagerLabel, when set, makes a page's previous and next links name
	// the pages they lead to as the navigation labels them, with no
	// section before: PagerLabel of the linked page's front matter where
	// not "", else its navigation label (Docusaurus's toDocNavigationLink:
	// "paginationLabel ?? sidebarLabel ?? options?.sidebarItemLabel ??
	// title", a category's label for its generated index).
	PagerLabel func(meta map[string]any) string
	// Excerpts: a page with an id of the tool's (Page.ID: a Docusaurus
	// doc) whose front matter gives no description is described by the
	// text of its first paragraph (Docusaurus's "description:
	// frontMatter.description ?? excerpt": its meta description, its
	// card in a generated index).
	Excerpts bool
	// HomeInNav: the home page (the content folder's own index file) is
	// a page of the navigation like any other: the first entry of the
	// navigation made from the folders and the first page of the reading
	// order, before the page whose Previous it is (MkDocs: "index files
	// will always be listed first within a sub-section", the docs
	// folder's too; a nav: that lists it). Otherwise the home page is the
	// navigation's root, in neither.
	HomeInNav bool
	// ParentNav: the navigation's tree is made from the pages' parent:
	// front matter only, not from their folders (just-the-docs: "Pages
	// with children", https://just-the-docs.com/docs/navigation/main/children/;
	// its _includes/components/nav/pages.html takes "item.title != nil |
	// group_by: \"parent\"" as the top-level entries and each node's
	// children): a page that names no parent is a top-level entry (of its
	// collection's list, in a collection) wherever its file lies, and a
	// folder left with none of its pages is no heading. With HomeInNav,
	// the home page is a top-level entry like the others, in their order,
	// with the pages whose parent: is its title under it.
	ParentNav bool
	// CaseOrder orders siblings without a weight by their titles with
	// capitals before lower case letters, as just-the-docs does unless
	// nav_sort: case_insensitive; otherwise the case is ignored.
	CaseOrder bool
	// Segment is the tool's URL segment for a file or folder name
	// (without its extension): Hugo drops punctuation and makes a run
	// of spaces one hyphen. Nil: sitegen's (spaces become hyphens, lower
	// case unless KeepCase). A layout with Pages uses their Segment.
	Segment func(name string) string
	// HomeTitle: the tool's home page <title> starts with the home
	// page's own title, when it has one (its front matter's or its first
	// heading's), then the site's (templates.Site.HomeTitle); otherwise
	// it is the site's title alone, as sitegen, MkDocs' themes and Hugo's
	// common themes (Docsy) write it.
	HomeTitle bool
	// HomeTagline, when set, ends the home page's <title> when the home
	// page has no title of its own: the site's title, then it (Jekyll's
	// jekyll-seo-tag: "site_title + TITLE_SEPARATOR + site.description").
	HomeTagline string
	// TitleSuffix, when set, is the tool's rule for every page's <title>:
	// the page's title followed by *TitleSuffix (mdBook's " - Book",
	// Quartz's pageTitleSuffix), in place of sitegen's "Page · Section ·
	// Site" (templates.Site.SuffixTitles). Nil keeps sitegen's.
	TitleSuffix *string
	// SuffixNotHome: with TitleSuffix, the home page's <title> is the
	// site's title alone (MkDocs's themes: "{% if page and page.title and
	// not page.is_homepage %}{{ page.title }} - {% endif %}{{
	// config.site_name }}").
	SuffixNotHome bool
	// DocTitle, when set, is the tool's whole <title> of a page: title
	// is the page's own ("" for a page with none: no front matter title
	// nor heading), site the site's title, meta its front matter
	// (VitePress's titleTemplate). It takes the place of TitleSuffix
	// and of sitegen's rule.
	DocTitle func(title, site string, meta map[string]any) string
	// KeepCase keeps the case of file and folder names in URLs
	// (Mixed-Case.md is /Mixed-Case/, as MkDocs and Jekyll write it);
	// otherwise URLs are lower case, as Hugo and sitegen write them.
	KeepCase bool
	// PageFile says whether a Markdown file is a page (else it is
	// published as a file, as it is): frontMatter tells whether it starts
	// with front matter, folderIndex whether its folder has an index.md
	// or index.html. Nil: every Markdown file is a page.
	PageFile func(rel string, frontMatter, folderIndex bool) bool
	// ReadmeBesideIndex is what the tool makes of a README.md beside an
	// index.md: "" an ordinary page (/folder/readme/); SkipReadme leaves
	// it out, with a warning, as MkDocs does.
	ReadmeBesideIndex string
	// DuplicateURL chooses which of two pages the tool writes to one URL
	// it keeps (see duplicate.go); nil: two pages of one URL are an error
	// (sitegen's own layout).
	DuplicateURL func(a, b Claim) (keepB bool, why string)

	// Tolerated are what the settings file holds that its tool builds
	// through (a YAML key set twice: the last is read), for the build to
	// report: a warning in lenient mode, else an error that says so.
	Tolerated []*ConfigError
}

// Updated is where a page's "Last updated" date comes from
// (Layout.LastUpdated).
type Updated int

const (
	// UpdatedFile: the last commit that changed the page's file when the
	// source is a git checkout that has committed it, else the file's
	// modification time (sitegen's own).
	UpdatedFile Updated = iota
	// UpdatedGit: the last commit that changed the file, and nothing for
	// a file git has not committed or outside a git checkout (VitePress:
	// "the Markdown file must be committed to Git").
	UpdatedGit
	// UpdatedNone: not shown (the tool's setting is off).
	UpdatedNone
)

// UpdatedBy is the "Last updated" rule of a tool with one setting for
// the whole site, shown from git: UpdatedGit when on, UpdatedNone when
// off.
func UpdatedBy(on bool) func(meta map[string]any) Updated {
	how := UpdatedNone
	if on {
		how = UpdatedGit
	}
	return func(map[string]any) Updated { return how }
}

// SidebarKey is the index in SidebarKeys of the key whose sidebar the
// page of content-relative source path rel shows, -1 for none: VitePress's
// getSidebar sorts the keys by their count of "/", most first (a stable
// sort: the first written of equals), and takes the first that the page's
// path ("/" + relativePath) starts with, a key written without its
// leading "/" read with it (theme-default/support/sidebar.js, 1.6.4).
func (l *Layout) SidebarKey(rel string) int {
	page := "/" + strings.TrimPrefix(rel, "/")
	best, most := -1, -1
	for i, k := range l.SidebarKeys {
		if !strings.HasPrefix(k, "/") {
			k = "/" + k
		}
		if n := strings.Count(k, "/"); strings.HasPrefix(page, k) && n > most {
			best, most = i, n
		}
	}
	return best
}

// Tool names the program whose rules the layout follows, as messages
// name it ("Jekyll", "Hugo", "MkDocs", "Obsidian", "GitHub" for a folder
// of Markdown); "" for sitegen's own layout, whose rules are sitegen's.
func (l *Layout) Tool() string {
	switch l.Kind {
	case Sitegen, "":
		return ""
	case Markdown:
		return "GitHub"
	}
	tool, _, _ := strings.Cut(l.Kind, " ")
	return tool
}

// LinkFinder finds what a link names (see Layout.Links).
type LinkFinder interface {
	// Find returns what the link dest (without its #fragment) on the
	// page from (a content-relative path) names: a page or file (rel),
	// or a folder's page (dir, when folder); ok is false when it names
	// nothing.
	Find(from, dest string) (rel, dir string, folder, ok bool)
}

// How Markdown links and wikilinks find their page (Quartz's
// markdownLinkResolution).
const (
	// LinksShortest: a link names a page by its file name when no other
	// page has that name, else by its path from the content root.
	LinksShortest = "shortest"
	// LinksRelative: a path from the linking page's folder.
	LinksRelative = "relative"
	// LinksAbsolute: a path from the content root.
	LinksAbsolute = "absolute"
)

// Expander rewrites the text of the page file (a source-relative slash
// path) before it is parsed; read reads another file of the source
// folder, given its source-relative slash path.
type Expander func(file string, src []byte, read func(file string) ([]byte, error)) Expanded

// Translated is the Expander of a locale's site: each page's text is read
// from its translation (translation(file), "" for none) and then prev (nil
// for none) runs on it. A translation that cannot be read leaves the
// page's own text: with unreadable set, the page is shown so, prev not
// run, with a warning whose words unreadable gives; else silently, prev
// run on it.
func Translated(prev Expander, translation func(file string) string, unreadable func(t string, err error) string) Expander {
	return func(file string, src []byte, read func(string) ([]byte, error)) Expanded {
		if t := translation(file); t != "" {
			b, err := read(t)
			switch {
			case err == nil:
				src = b
			case unreadable != nil:
				return Expanded{Src: src, Problems: []Problem{{Line: 1, Col: 1, Warning: true, Msg: unreadable(t, err)}}}
			}
		}
		if prev != nil {
			return prev(file, src, read)
		}
		return Expanded{Src: src}
	}
}

// Expanded is a page's rewritten text.
type Expanded struct {
	// Src is the text to parse.
	Src []byte
	// Lines maps Src back to the page file: Lines[i] is the line of the
	// page file that Src's line i+1 came from (a line an {{#include}}
	// brought in maps to the include's line). Nil when the lines did not
	// move.
	Lines []int
	// Title is the page's <title> when the text sets one ({{#title}}).
	Title string
	// LeadHeading is the Markdown heading line the page's own text starts
	// with, where other text was put before it (a Jekyll page's site
	// layout, run around its text), else "": the page's title when it has
	// none and the layout takes one from a leading heading
	// (Layout.HeadingTitle), as the tool reads the page's own text.
	LeadHeading string
	// Problems are the rewrites that failed or were refused.
	Problems []Problem
	// ReadsSite is true when the text read the list of the site's pages
	// (Jekyll's site.posts, site.pages, a collection, site.tags, …): the
	// page is then made again on every incremental build and serve
	// update, as any page may have come, gone or changed its title.
	ReadsSite bool
	// HTMLOps are the changes a layout's filters make to the page's
	// content that match its HTML ({{ content | replace: '<table>',
	// '<table class="x">' }}): applied in order to the page's text once
	// converted to HTML, as the tool applies them to the page rendered.
	HTMLOps []HTMLOp
}

// An HTMLOp replaces Old by New in a page's HTML: every occurrence, or
// the first only (First).
type HTMLOp struct {
	Old, New string
	First    bool
}

// HTMLOpsFrom and HTMLOpsTo are marks a layout writes around the content
// its HTMLOps filter, in the raw HTML around the page's text: Jekyll
// filters a layout's {{ content }} (the page's HTML and the inner
// layouts'), not the filtering layout's own HTML around it nor the outer
// layouts' ("Populating the layouts … By this stage, the source file is
// considered rendered", https://jekyllrb.com/docs/rendering-process/).
// HTMLOpsToLine is HTMLOpsTo as a line of HTML of its own (where it would
// start a line of the layout's HTML, which would then not be read as
// HTML). ApplyHTMLOps removes them.
const (
	HTMLOpsFrom   = "\uE007"
	HTMLOpsTo     = "\uE008"
	HTMLOpsToLine = "<div>" + HTMLOpsTo + "</div>\n"
)

// ApplyHTMLOps is html with each of ops applied in order, between the
// lines HTMLOpsFrom and HTMLOpsTo where html holds them (which are
// removed), else everywhere; starts, the offsets of places in html (a
// page's top-level blocks, ascending), are moved with the text around
// them (one inside a replaced or removed string, to its end).
func ApplyHTMLOps(ops []HTMLOp, html string, starts []int) string {
	lo, hi := 0, len(html)
	if i := strings.Index(html, HTMLOpsFrom); i >= 0 {
		if j := strings.Index(html[i:], HTMLOpsTo); j >= 0 {
			j += i
			n := len(HTMLOpsTo)
			if k := j - len("<div>"); k >= i && strings.HasPrefix(html[k:], HTMLOpsToLine) {
				j, n = k, len(HTMLOpsToLine)
			}
			html = cutHTML(html, j, n, starts)
			html = cutHTML(html, i, len(HTMLOpsFrom), starts)
			lo, hi = i, j-len(HTMLOpsFrom)
		}
	}
	for _, op := range ops {
		if op.Old == "" || !strings.Contains(html[lo:hi], op.Old) {
			continue
		}
		var b strings.Builder
		b.Grow(len(html))
		b.WriteString(html[:lo])
		at, delta, j := lo, 0, 0
		for ; j < len(starts) && starts[j] <= lo; j++ {
		}
		for {
			k := strings.Index(html[at:hi], op.Old)
			if k < 0 {
				break
			}
			k += at
			for ; j < len(starts) && starts[j] <= k; j++ {
				starts[j] += delta
			}
			b.WriteString(html[at:k])
			b.WriteString(op.New)
			end := k + len(op.Old)
			for ; j < len(starts) && starts[j] < end; j++ {
				starts[j] = k + delta + len(op.New)
			}
			delta += len(op.New) - len(op.Old)
			at = end
			if op.First {
				break
			}
		}
		b.WriteString(html[at:])
		for ; j < len(starts); j++ {
			starts[j] += delta
		}
		html = b.String()
		hi += delta
	}
	return html
}

// cutHTML is html without its n bytes at at, starts moved with the text
// (one inside them, to where they were).
func cutHTML(html string, at, n int, starts []int) string {
	for j := range starts {
		switch {
		case starts[j] >= at+n:
			starts[j] -= n
		case starts[j] > at:
			starts[j] = at
		}
	}
	return html[:at] + html[at+n:]
}

// Problem is an error or warning at a line of a page file, or of the
// file named (source-relative: a layout's template the page ran).
type Problem struct {
	Line, Col int
	Msg       string
	Warning   bool
	File      string // "": the page's own file
	// LenientWarning: an error, but a warning in lenient mode
	// (--broken-links warn), which builds on as Msg says, though the
	// layout's tool stops its build there (Jekyll on a data file its YAML
	// reader refuses).
	LenientWarning bool
}

// PageRules are a tool's own rules for its pages.
type PageRules interface {
	// Segment is the URL segment of a file or folder name (without its
	// .md).
	Segment(name string) string
	// Index reports whether a page file of this name is its folder's own
	// page.
	Index(name string) bool
	// Title is the title of a page whose front matter gives none: the
	// content-relative path is rel; ok false keeps sitegen's (the first
	// heading, else the file name).
	Title(rel string) (title string, ok bool)
	// FolderTitle is the navigation's name of a folder without an index
	// page, and of one whose index page has no title of its own.
	FolderTitle(dir string) string
	// FolderPageTitle is the title of the page the tool makes for a
	// folder without an index page (Quartz's "Folder: Magic/Schools").
	FolderPageTitle(dir string) string
	// Compare orders two siblings of the navigation: a and b are their
	// titles, aFolder and bFolder whether each is a folder's section.
	Compare(a string, aFolder bool, b string, bFolder bool) int
}

// MarkdownStem returns name without its extension when the tool reads
// it as a Markdown page (.md, an extension of Extensions, .mdx with MDX).
func (m Markup) MarkdownStem(name string) (stem string, ok bool) {
	if stem, ok := strings.CutSuffix(name, ".md"); ok {
		return stem, true
	}
	if m.ExtFold {
		lower := strings.ToLower(name)
		for _, ext := range append([]string{".md"}, m.Extensions...) {
			if ext != "" && strings.HasSuffix(lower, ext) && len(lower) == len(name) {
				return name[:len(name)-len(ext)], true
			}
		}
	}
	if m.MDX {
		if stem, ok := strings.CutSuffix(name, ".mdx"); ok {
			return stem, true
		}
	}
	for _, ext := range m.Extensions {
		if stem, ok := strings.CutSuffix(name, ext); ok && ext != "" {
			return stem, true
		}
	}
	return "", false
}

// Unclosed is what a tool makes of front matter that is not closed: a
// first line "---" that no closing line matches.
type Unclosed int

const (
	// UnclosedText: no front matter; the first line is a thematic break
	// and the rest text (measured: Jekyll 4.3, MkDocs 1.4; GitHub).
	UnclosedText Unclosed = iota
	// UnclosedFails: the build stops (Hugo 0.111: "EOF looking for end
	// YAML front matter delimiter").
	UnclosedFails
	// UnclosedToEnd: the rest of the file is front matter and the page
	// has no text (gray-matter 4.0.3, VitePress's reader: "if
	// (closeIndex === -1) closeIndex = len").
	UnclosedToEnd
)

// AdmonishDefaults are mdbook-admonish's book-wide defaults
// ([preprocessor.admonish.default] title and collapsible).
type AdmonishDefaults struct {
	Title       *string // nil: each block's directive
	Collapsible bool
}

// Markup is the Markdown dialect of a tool's pages.
type Markup struct {
	// Extensions are the file extensions, with their dot, the tool reads
	// as Markdown pages beside .md (Jekyll's markdown_ext, Hugo's .mdown
	// and .markdown, MkDocs' .markdown, .mdown, .mkdn, .mkd); nil: .md
	// only (and .mdx with MDX).
	Extensions []string
	// ExtFold: .md and Extensions match a name whatever the case of its
	// extension (Jekyll's Converters::Markdown#matches:
	// "extname_list.include?(ext.downcase)": Faq.MD is a page).
	ExtFold bool
	// MDX reads .mdx files as pages too: import and export lines are
	// dropped, {/* comments */} removed, the common docs components
	// (Tabs, TabItem, Admonition, details) rendered, any other JSX
	// element's text kept with a warning.
	MDX bool
	// MDXAliases are the tool's own MDX components that behave as one of
	// the common docs components (Starlight's <Aside type title> as
	// Docusaurus's <Admonition>), by name; "" keeps the component's
	// content in its place without a warning (a layout-only wrapper:
	// Starlight's <CardGrid>, <Steps>).
	MDXAliases map[string]string
	// MDXFilesOnly reads MDX in .mdx files only: a .md page is Markdown,
	// its import lines text and its component tags raw HTML (Starlight,
	// where "Components can be used in MDX files"; Docusaurus reads .md
	// as MDX too).
	MDXFilesOnly bool
	// SiteURL and BaseURL are a Docusaurus site's url and baseUrl as its
	// settings write them ("https://example.org", "/rules/"), which
	// useBaseUrl(…) in MDX reads (@docusaurus/core's addBaseUrl); "" for
	// other tools.
	SiteURL, BaseURL string
	// ExternalNewTab opens a link to another site in a new tab
	// (target="_blank", rel="noopener noreferrer"): Quartz's CrawlLinks
	// openLinksInNewTab.
	ExternalNewTab bool
	// FenceTitles shows a fenced code block's title="…" in its meta (```js
	// title="a.js") as its caption, unless the meta says frame="none"
	// (Starlight's Expressive Code frames).
	FenceTitles bool
	// Containers maps the words of the tool's ::: containers
	// (Docusaurus's admonitions, VitePress's custom containers) to the
	// callout kind each is shown as; nil: no containers.
	Containers map[string]string
	// ContainerTitles are the default titles of the container words
	// ("TIP" in VitePress); a word not listed is titled from its kind.
	ContainerTitles map[string]string
	// BracketTitles reads a container's title written in brackets
	// (Docusaurus's :::note[Title]) as well as after a space.
	BracketTitles bool
	// FrontMatterLead: the tool reads front matter after blank lines,
	// spaces and tabs (Hugo's page lexer skips them before the opening
	// delimiter); otherwise front matter starts on the first line, as
	// Jekyll ("the first thing in the file"), MkDocs and the JavaScript
	// tools' gray-matter read it. Package site applies it, in one place,
	// for every reader of the page (content.LiftFrontMatter).
	FrontMatterLead bool
	// FrontMatterJSON: the tool reads a JSON object at the start of the
	// file as front matter (Hugo: "JSON: a single JSON object surrounded
	// by '{' and '}', followed by a new line"); package site reads it as
	// YAML front matter, JSON being YAML (content.JSONFrontMatter).
	FrontMatterJSON bool
	// FrontMatterRuns: the tool takes a first line of more than three
	// dashes ("----") for the opening of front matter, as Hugo 0.111's
	// page lexer does (and then stops on the YAML it finds). Otherwise
	// front matter opens only with a line of exactly three: Jekyll 4.3
	// (`\A---\s*\r?\n`), MkDocs 1.4 (`^-{3}[ \t]*\n`), gray-matter
	// ("if the next character after the opening delimiter is a character
	// from the delimiter, then it's not a front-matter delimiter") and
	// GitHub; "----" is a thematic break
	// (https://spec.commonmark.org/0.31.2/#thematic-breaks).
	FrontMatterRuns bool
	// FrontMatterDots: a line "..." closes YAML front matter as "---"
	// does (Jekyll's YAML_FRONT_MATTER_REGEXP, "^(---|\.\.\.)\s*$";
	// content.DotsClose applies it).
	FrontMatterDots bool
	// Unclosed is what the tool makes of a first line "---" that no
	// closing line matches (content.FrontMatterRule applies it).
	Unclosed Unclosed
	// TOCLevels are the heading levels, as written, that kramdown's
	// {:toc} lists (Jekyll's kramdown: toc_levels:); nil: all (1..6).
	TOCLevels []int
	// StraightQuotes keeps quotes, dashes and ellipses as written (the
	// tool has no typographer on by default).
	StraightQuotes bool
	// HardWraps shows a single line break of a paragraph as a line break
	// (Obsidian's, unless its Strict line breaks setting is on).
	HardWraps bool
	// VueComponents: the tool renders the Vue components a page writes
	// (VitePress); sitegen warns of each as a component it does not run.
	VueComponents bool
	// PageLinkShortcodes are the names of the site's Hugo shortcodes
	// whose template links to the page their first argument (or path=)
	// names, showing its title (or text=): rendered so, not dropped.
	PageLinkShortcodes []string
	// AnchorShortcodes maps the names of the site's Hugo shortcodes whose
	// template gives an element an id made from their arguments to that
	// id's expression (shortcode.Extension.Anchors): the anchor is kept.
	AnchorShortcodes map[string]string
	// ShortcodeTemplates are the site's Hugo shortcode templates by name
	// and Partials its partial templates by path (the project's, then its
	// themes'), SiteParams its params: the templates are run
	// (markup.Dialects.ShortcodeTemplates).
	ShortcodeTemplates, Partials map[string]string
	SiteParams                   map[string]any
	// Language is the language (Hugo's key, "fr") of the site's pages,
	// Languages the codes of all the site's languages: .Page.File's Lang
	// and TranslationBaseName (rules/combat.fr.md is "fr", "combat").
	// "": a site of one language.
	Language  string
	Languages []string
	// I18n are a Hugo site's translation tables by language tag in lower
	// case (the i18n function's words, package layout/hugo's ReadI18n),
	// I18nDefault the language whose table a key missing in a page's
	// language is looked up in: "If the key is not found in the
	// translation table for the current language, the lang.Translate
	// function falls back to the translation table for the
	// defaultContentLanguage" (https://gohugo.io/functions/lang/translate/).
	I18n        map[string]map[string]any
	I18nDefault string
	// PluginBlocks maps the info words of fenced blocks that a plugin of
	// the tool's editor draws, and that neither sitegen nor the tool's
	// publisher draws, to the plugin's name: shown as code, with a
	// warning (markup.Dialects.PluginBlocks). Nil: none.
	PluginBlocks map[string]string
	// PluginInline maps the words that start a plugin's inline code
	// (Meta Bind's `INPUT[…]`, `VIEW[…]`) to the plugin's name, as
	// PluginBlocks does for blocks (markup.Dialects.PluginInline).
	PluginInline map[string]string
	// InlineCode lists the info words whose block handlers also draw
	// inline code written `word: text` (markup.Dialects.InlineCode):
	// Initiative Tracker's `encounter: 2d4: stirge`.
	InlineCode []string
	// MetaBind draws the Meta Bind plugin's inline fields read-only with
	// the note's values (markup.Dialects.MetaBind).
	MetaBind bool
	// TasksPlugin draws task lines as the Tasks plugin does in Reading
	// View (markup.Dialects.TasksPlugin): a vault that enables it.
	TasksPlugin bool
	// Tabs draws the Tabs plugin's ```tabs blocks, split at lines that
	// start with it (markup.Dialects.Tabs): a vault that enables the
	// plugin; "" leaves them code.
	Tabs string
	// Columns draws the Columns plugin's ```col blocks and col callouts
	// side by side, with its settings (markup.Dialects.Columns): a vault
	// that enables the plugin; nil leaves them code.
	Columns *columns.Extension
	// SimpleColumns draws the Simple Columns plugin's ```columns blocks
	// side by side (markup.Dialects.SimpleColumns): a vault that enables
	// the plugin.
	SimpleColumns bool
	// Slug is the id the tool gives a heading of this text, where it is
	// not goldmark's (VitePress's slugify and Docusaurus' github-slugger
	// keep letters of any script); nil: goldmark's.
	Slug func(string) string
	// PythonUnique: a repeated id gets "_1", "_2" (Python-Markdown's
	// toc.unique) rather than "-1", "-2" (markdown-it-anchor's).
	PythonUnique bool
	// AttrList reads Python-Markdown's attribute lists ("{ #id .class
	// width=50% }" after an image, a link, a heading; MkDocs'
	// markdown_extensions: [attr_list]).
	AttrList bool
	// Emoji reads pymdownx.emoji's shortcodes (MkDocs'
	// markdown_extensions: [pymdownx.emoji]): ":smile:" an emoji, an
	// icon's (":material-dice-6:", CustomIcons) dropped with a warning.
	Emoji bool
	// CustomIcons are the names of the site's own icons, as shortcodes
	// name them without their colons (pymdownx.emoji's custom_icons).
	CustomIcons []string
	// Math reads $…$ and $$…$$ as TeX formulas (MkDocs'
	// pymdownx.arithmatex, VitePress's markdown.math), shown as their
	// source marked as math (package markup/math); MathNoDigitAfter: a
	// closing $ followed by a digit closes nothing (markdown-it's rule).
	// MathBrackets reads mdBook's MathJax delimiters, \\( … \\) and
	// \\[ … \\], as formulas too (output.html.mathjax-support).
	Math, MathNoDigitAfter, MathBrackets bool
	// NoObsidian: the tool reads none of Obsidian's syntax: [[x]],
	// ![[x]], #tags, ==x== and %%x%% are text (VitePress's markdown-it).
	NoObsidian bool
	// NoObsidianSyntax: the tool's Markdown parser reads none of
	// Obsidian's syntax ([[x]], ![[x]], #tags, ==x==, %%x%% are text)
	// while the layout keeps what NoObsidian drops with it (front
	// matter tags as the tool's taxonomy): Hugo's goldmark
	// (https://gohugo.io/configuration/markup/#goldmark). site.toml's
	// obsidian = true turns the syntax back on.
	NoObsidianSyntax bool
	// NoTags: "#word" in the text is text, not a tag: the tool has no
	// tags (GitHub's Markdown, docsify's marked), though the layout reads
	// Obsidian's other syntax; tags: in front matter are still read.
	NoTags bool
	// Diagrams: the tool draws ```mermaid blocks (Docusaurus with
	// markdown.mermaid); sitegen shows them as their source under a
	// caption that says so (content.DiagramBlocks), not as plain code.
	// mdBook and Quartz draw them by their kind.
	Diagrams bool
	// Admonish reads mdbook-admonish's ```admonish blocks as callouts
	// (the book's book.toml has [preprocessor.admonish]; package
	// markup/admonish), with the book's defaults; nil: they are code.
	Admonish *AdmonishDefaults
	// WikiLinks, with NoObsidian, reads [[page]] and [[page|label]] as a
	// markdown-it plugin the site registers does (wikilinks.go); nil: no
	// wikilinks unless the layout reads Obsidian's syntax.
	WikiLinks *WikiLinks
	// AliasPlugin reads [[alias]] and [[alias|text]] as MkDocs'
	// mkdocs-alias-plugin does (https://github.com/EddyLuten/mkdocs-alias-plugin):
	// a link to the page whose front matter declares that alias: (a
	// name, a list of names, or {name:, text:}), its text the alias's
	// text or the page's title; an alias no page declares is a warning
	// ("Alias 'x' not found") and stays as written.
	AliasPlugin bool
	// Caret, Tilde and Mark are MkDocs' pymdownx.caret, pymdownx.tilde
	// and pymdownx.mark (markup/pymdown, markup/highlight): each form
	// the site reads ("ins", "sup"; "del", "sub"), none when not listed.
	Caret, Tilde []string
	Mark         bool
	// MagicLink and TaskList are MkDocs' pymdownx.magiclink (bare URLs
	// and www. addresses made links) and pymdownx.tasklist ("- [ ] x" a
	// checkbox): Python-Markdown has neither, nor ~~strikethrough~~
	// (Tilde), unless markdown_extensions lists them
	// (markup.Dialects.PythonMarkdown).
	MagicLink, TaskList bool
}

// Rules are a tool's rules for placing pages.
type Rules interface {
	// Page places the page at the content-relative path rel whose front
	// matter is fm (nil when it has none).
	Page(rel string, fm map[string]any) Page
	// Folder names and places the section of the content-relative folder
	// dir; err is a settings file of the folder that could not be read
	// (through ReadSetting) or parsed (a Docusaurus _category_.json), the
	// folder then placed without it.
	Folder(dir string) (Page, error)
}

// Page is what a tool's rules say of one page or folder; zero fields keep
// sitegen's own choice.
type Page struct {
	// URL is the site path, ending in "/" ("/docs/basic-rules/"), or in
	// ".html" for a page the tool publishes as a file (VitePress without
	// cleanUrls: "/guide/intro.html").
	URL string
	// Title is the title to use when the page gives none (neither in its
	// front matter nor as a first heading): Docusaurus's id.
	Title string
	// NavLabel is the navigation's label for the page, when it differs
	// from its title (Docusaurus's sidebar_label, a category's label).
	NavLabel string
	// Position orders the page among its siblings when HasPosition;
	// siblings without one follow, ordered by SortName.
	Position    float64
	HasPosition bool
	SortName    string
	// ByName says the position comes from the name's number prefix: a
	// folder's page's own position wins over it.
	ByName bool
	// Link names, for a folder, the page that stands for it by that page's
	// ID, the candidates in the order tried (a Docusaurus category's
	// link: {type: doc, id}); the page keeps its own URL.
	Link []string
	// ID is the name the tool's navigation settings give the page by
	// (a Docusaurus doc id).
	ID string
	// Home is the home-page layout the front matter asks for (VitePress's
	// layout: home, with its hero and features); nil for none.
	Home *Home
	// Description and PageTitle are, for a folder, the text its page shows
	// under the title and that title, when it is not the folder's label
	// (a Docusaurus generated index's link.description and link.title).
	Description, PageTitle string
	// NoPage says, for a folder without a page of its own, that the tool
	// publishes none for it (a Docusaurus category without a link, a
	// VitePress folder without index.md): the folder is a heading of the
	// navigation only, and a link to its URL is broken, as on the tool's
	// site. For the content's root (Folder("")) without a page there
	// (Docusaurus's docs without a doc at slug /), sitegen's home page is
	// at the site's root, or is not rendered where a page is there.
	NoPage bool
	// Collapsible and Open say, for a folder without a page of its own
	// (NoPage), that the navigation shows it folded, its pages hidden
	// until the reader opens it, and whether it starts open (Docusaurus's
	// collapsible and collapsed: false); it is open on the pages it holds.
	Collapsible, Open bool
	// Generated says, for a folder, that its page is generated (a
	// Docusaurus category's link: {type: 'generated-index'}) even where
	// it has an index doc, which is then one of its pages ("If a link is
	// explicitly specified, we won't apply conventions").
	Generated bool
	// InNav says, for a folder of one of Layout.Roots or that folder
	// itself, that its pages are in the navigation as the content's are
	// (a Docusaurus docs plugin instance beside the preset's docs): the
	// folder is a section of its parent folder, a root's of the home
	// page. Otherwise a further folder's pages are out of the navigation.
	InNav bool
	// Reads are, for a page, the source-relative files besides its own
	// the rules read to place it, there or not (a Zola section's
	// _index.md, whose sort_by orders the page): an edit, a creation or
	// a removal of one of them places the page again (the build cache's
	// record of the page and serve's keep them as the files it read).
	Reads []string
}

// Home is a home page's hero and features.
type Home struct {
	Name, Text, Tagline string
	Actions             []HomeLink
	Features            []Feature
	// Image is the hero's picture (Starlight's hero.image); zero for none.
	Image HomeImage
}

// HomeImage is a hero's picture: files as written, relative to the page.
// File is shown in both color schemes; else Dark and Light each in its
// own.
type HomeImage struct {
	File, Dark, Light, Alt string
}

// HomeLink is one of a hero's action buttons.
type HomeLink struct {
	Text, Link string
	Alt        bool // a secondary button (VitePress's theme: alt)
}

// Feature is one box of a home page's features.
type Feature struct {
	Icon, Title, Details, Link, LinkText string
}

// Settings are the site settings a tool's configuration can give; empty
// strings are unset. site.toml, when present, wins key by key.
type Settings struct {
	Title string
	// NoTitle: the tool's settings write the title empty (Hugo's
	// "title:"): the site is untitled, as the tool shows it, not titled
	// by a fallback.
	NoTitle bool
	BaseURL string
	// BasePath, when set ("/" or "/sub/"), is the path the site's own
	// links start with where it is not BaseURL's path: Jekyll's
	// relative_url prepends baseurl alone, its url's path goes only into
	// absolute_url (url + baseurl). "": BaseURL's path.
	BasePath     string
	LanguageCode string
	// Direction is the text's direction, "rtl" or "ltr" (Docusaurus's
	// localeConfigs direction); "" is left to right.
	Direction string
	Copyright string
	Permalink string // Jekyll's default permalink style
	// BrokenLinks is "warn" when the tool's settings let a site with
	// broken links build (Docusaurus' onBrokenLinks: 'warn'): they are
	// warnings unless --broken-links error says otherwise; "" keeps
	// sitegen's default; "ignore": the tool builds them silently, and so
	// does sitegen; "error": the tool fails the build on a broken link
	// (VitePress unless ignoreDeadLinks, Docusaurus' onBrokenLinks:
	// 'throw'), so a strict build's error does not say the tool builds it.
	BrokenLinks string
	// BrokenAnchors is the tool's own policy for a link to a page that
	// has no heading of its #fragment (Docusaurus' onBrokenAnchors, apart
	// from its onBrokenLinks): "error", "warn" or "ignore"; "" is as
	// BrokenLinks says. --broken-links overrides both.
	BrokenAnchors string
	// DuplicateURLs is "warn" when the tool's settings let a site with
	// two pages of one URL build (Docusaurus' onDuplicateRoutes, 'warn'
	// by default): the page Layout.DuplicateURL drops is a warning, not
	// an error; "" keeps sitegen's default.
	DuplicateURLs string
	// Unsafe: the tool's settings keep raw HTML in Markdown as written
	// (Hugo's markup.goldmark.renderer.unsafe), as site.toml's
	// [markup.goldmark.renderer] unsafe = true does.
	Unsafe bool
	// UnsafeHint names, in the words of the tool the site is built with,
	// the setting of its settings file that keeps all raw HTML, for the
	// warning that says what sitegen removed ("markup.goldmark.renderer.unsafe:
	// true in hugo.toml"; it is followed by "keeps all raw HTML"). "":
	// site.toml's.
	UnsafeHint string
	// BaseURLKey is the key of the tool's settings file (Layout.File)
	// that holds the site's base URL ("baseURL" for Hugo): where a build
	// without a usable one says to set it. "": site.toml's baseURL.
	BaseURLKey string
}

// Locale is one of the languages a site is built in (Layout.Locales).
type Locale struct {
	// Name is the tool's name of the locale ("fr"); Label what the
	// locale switcher shows ("Français").
	Name, Label string
	// Lang is its pages' <html lang>, Dir their text direction ("ltr",
	// "rtl").
	Lang, Dir string
	// Path is the folder of the site its site is published in, under
	// the default locale's base path ("fr": /fr/); "" for the default,
	// or the folder its pages' URLs start with when the tool puts them
	// in one (Starlight without a root locale: "en", the pages at
	// /en/…), which the locale switcher then links.
	Path string
	// Layout is the layout its site is built from: the default
	// locale's, its pages' text read from their translations; nil for
	// the layout that lists it.
	Layout *Layout
	// BaseURL, when set, is the locale's own host (Hugo's multihost
	// languages.LANG.baseURL): its site is published in its Path folder
	// but served at that URL, its pages linked from the others by it.
	BaseURL string
	// Link, when set, is what the language switcher's links to this
	// locale start with in place of its Path (VitePress's
	// locales.KEY.link, "/fr/guide/" before the page's path): from the
	// whole site's root, or another site's URL.
	Link string
}

// NavEntry is one page of a configured navigation.
type NavEntry struct {
	// Path is the page's content-relative path ("rules/combat.md"); "" for
	// a heading that only groups entries.
	Path string
	// Title is the title the navigation gives the page ("" to keep the
	// page's own).
	Title string
	// TitleHTML, when not "", is Title as the navigation shows it: inline
	// HTML, already cleaned by sitegen's raw-HTML policy (VitePress writes
	// its sidebar and nav texts with v-html, so "<b>A</b>" shows bold).
	// Title stays the text, for the previous and next links and search.
	TitleHTML string
	// Depth is 0 for a top entry.
	Depth int
	// Part marks a part title (mdBook's "# Title"): a heading over the
	// entries that follow it, not a page; Path is "".
	Part bool
	// Separator marks a line between entries (mdBook's "---").
	Separator bool
	// Draft marks an entry listed without a page (mdBook's
	// "- [Title]()"): shown, not a link.
	Draft bool
	// Number is the entry's section number ("1.2."), "" for none.
	Number string
	// Line is the entry's line in the settings file that lists it.
	Line int
	// File is that settings file, source-relative, when it is not the
	// layout's NavFile (a Docusaurus docs instance's own sidebars).
	File string
	// ID names the page by the tool's id for it (see Page.ID) when Path
	// is "" and the entry is not a group heading.
	ID string
	// Collapsible and Open, for a group heading, are Page's: the group
	// folds (VitePress's collapsed: set), and starts open (collapsed: false).
	Collapsible, Open bool
	// Tree, when not "", stands for the page tree of that
	// content-relative folder ("." the content's root): its pages and
	// subfolders, in the page tree's order, spliced in at this entry's
	// place and depth (Docusaurus's {type: 'autogenerated', dirName}).
	Tree string
	// Sidebar, when not "", names the sidebar of several that lists the
	// entry (Docusaurus's sidebars file, "instance:name" for a docs
	// instance's): each page shows the entries of the sidebar that holds
	// it, a doc of that instance ("instance:" its id) that none holds no
	// navigation (see content.Site.FolderNavs).
	Sidebar string
	// Written is the entry's link as the tool's sidebar writes it
	// (VitePress's, its group's base prepended), for a tool that
	// compares links as written: two spellings of one page are two
	// entries, and a link not from the root ("guide/a") never finds the
	// page it leads to current (VitePress's uniqBy and isActive).
	Written string
	// PagerTitle, when set, is the entry's label in the previous and
	// next links, in place of Title (VitePress's docFooterText).
	PagerTitle string
	// SectionIndex marks a group heading that leads to its index page,
	// Path (Material for MkDocs' navigation.indexes): Title labels the
	// group, and the page keeps its own title, or IndexPageTitle, the
	// title its own entry gave it, when not "".
	SectionIndex   bool
	IndexPageTitle string
	// Partial marks an entry of a sidebar some of whose items sitegen
	// could not read (a function's result): a doc it does not list may
	// be in it all the same.
	Partial bool
	// Index, for a group heading, is the site path of the page the tool
	// generates for the group, listing its items (a Docusaurus sidebars
	// category's link: {type: 'generated-index'}); IndexTitle is that
	// page's title when not the group's Title, IndexDescription the text
	// under it.
	Index, IndexTitle, IndexDescription string
	// First marks a group heading that leads to the first page under it
	// (Docusaurus's navbar docSidebar item links its sidebar's first
	// doc), labelled as that page when Title is "".
	First bool
	// Link, when not "", is a link the navigation shows that is no page
	// of the content: another site's URL (Starlight's { label, link:
	// 'https://…' }), shown marked external, or a site path the tool
	// builds and sitegen does not (Layout.ToolRoute). Target is its
	// target attribute ("_blank"), "" for none.
	Link, Target string
	// LinkAsWritten: Link is printed as written, not as a site path under
	// the site's base path (MkDocs' url filter leaves a nav link that
	// starts with "/", "//" or "#" as it is).
	LinkAsWritten bool
	// HTML, when not "", makes the entry a piece of HTML the navigation
	// shows where it is, no link (Docusaurus's {type: 'html', value}),
	// already cleaned by sitegen's raw-HTML policy; Class is the class
	// names of its entry ("" for none). Title is its text.
	HTML, Class string
	// Badge is the badge shown after the entry's label (Starlight's
	// sidebar item badge); zero for none: the page's own
	// (Layout.NavBadge), unless PageBadgeOff.
	Badge Badge
	// PageBadgeOff: the entry shows its own badge alone, never its
	// page's (Starlight's {label, link} item, unlike its {slug}).
	PageBadgeOff bool
}

// Badge is a small label a navigation entry shows after its own
// (Starlight's sidebar badges, https://starlight.astro.build/guides/sidebar/#badges).
type Badge struct {
	// Text is the badge's text; "" for no badge.
	Text string
	// Variant is its colour: "default", "note", "danger", "success",
	// "caution" or "tip".
	Variant string
}

// MenuEntry is an entry of the site's menu (see Layout.Menu).
type MenuEntry struct {
	// Name is the entry's label; "" takes its page's navigation label.
	Name string
	// URL is where the entry leads, as written (a site path or another
	// site's URL), when it names no page by PageRef.
	URL string
	// PageRef names the entry's page by its content-relative path
	// ("rules", "rules/_index.md", "about.md"), "" for none; Page is that
	// page's content-relative path once known (a page's own entry).
	PageRef, Page string
	// Weight orders the entries; Identifier names an entry for Parent,
	// which nests it under the entry of that identifier (or name).
	Weight             int
	Identifier, Parent string
	// Children are the entries nested under this one (MenuTree's).
	Children []MenuEntry
}

// Skip reports whether the content-relative path rel (a folder when dir)
// is left out of the site.
func (l *Layout) Skip(rel string, dir bool) bool {
	name := path.Base(rel)
	if slices.Contains(l.Include, name) || slices.Contains(l.Include, rel) || slices.Contains(l.Include, "/"+rel) {
		return false
	}
	if l.ExcludePrefix != "" && strings.HasPrefix(name, l.ExcludePrefix) {
		return true
	}
	if slices.Contains(l.ExcludeNames, name) {
		return true
	}
	if l.Ignore != nil && l.Ignore(rel, dir) {
		return true
	}
	for _, e := range l.Excluded {
		if rel == e || strings.HasPrefix(rel, e+"/") {
			return true
		}
	}
	for _, g := range l.ExcludeGlobs {
		g = strings.Trim(g, "/")
		if ok, _ := path.Match(g, name); ok {
			return true
		}
		for p := rel; p != "." && p != ""; p = path.Dir(p) { // the path or a folder on it
			if ok, _ := path.Match(g, p); ok {
				return true
			}
		}
	}
	return false
}

// Describe is the build's first line: which layout was recognised and what
// was read from it.
func (l *Layout) Describe() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s", l.Kind)
	if l.File != "" {
		fmt.Fprintf(&b, " (%s)", l.File)
	}
	switch {
	case l.NoContent:
		fmt.Fprintf(&b, ": no %s/ folder, no content pages", l.Content)
	case l.Content == ".":
		b.WriteString(": pages from the folder itself")
	default:
		fmt.Fprintf(&b, ": pages from %s/", l.Content)
	}
	for _, r := range l.Roots {
		fmt.Fprintf(&b, ", %s/", r)
	}
	if len(l.Static) > 0 {
		fmt.Fprintf(&b, ", static files from %s/", strings.Join(l.Static, "/, "))
	}
	if len(l.Read) > 0 {
		fmt.Fprintf(&b, "; read %s", strings.Join(l.Read, ", "))
	}
	return b.String()
}

// Default is sitegen's own layout: content/, static/ and site.toml.
func Default() *Layout {
	return &Layout{Kind: Sitegen, File: "site.toml", Content: "content", Static: []string{"static"}, Redirects: "aliases",
		Unpublished: NotesFlags}
}

// MDXReason is what the build's report says of an .mdx file in a folder of
// Markdown: GitHub shows MDX as code, not as a page, and sitegen reads MDX
// only where a tool that renders it is recognised (Docusaurus).
const MDXReason = ".mdx is not a page of a folder of Markdown (MDX is read in Docusaurus projects)"

// Folder is the layout of a plain folder of Markdown, a repository read
// as GitHub shows it and GitHub Pages publishes it (with its default
// plugins jekyll-optional-front-matter, jekyll-readme-index,
// jekyll-titles-from-headings and jekyll-relative-links:
// https://docs.github.com/en/pages/setting-up-a-github-pages-site-with-jekyll/about-github-pages-and-jekyll#plugins),
// with no tool's settings file in it. Its rules:
//
//   - Pages: every .md file outside node_modules/ and hidden folders; a
//     folder's README.md is its page, the top one the home page.
//   - Other files (pictures, PDFs, downloads) are published, at their
//     path, only when a published page links to them or shows them; the
//     rest of a repository (build scripts, source code, lock files,
//     settings files, LaTeX, generated outputs) is not (LinkedFilesOnly).
//     Hidden files are never published, linked or not.
//   - What the .gitignore files of the folder (its own and any folder's
//     below it) and its repository's .git/info/exclude name is not
//     published, as git leaves it out of the repository (ReadGitignore,
//     GitBase, which detect.Recognise calls).
//   - Links resolve from the file that holds them, as on GitHub: to a
//     page, a file, a folder ("../rules/": its page) or a file without an
//     extension ("LICENSE"), in Markdown or in raw HTML (<img src>)
//     (FileLinks); a link starting with "/" resolves from the
//     repository's root. A link to
//     "#combat" on a page without that heading goes to the one other page
//     that has it: the files of a book that pandoc joins into one document
//     link across chapters that way (BookAnchors).
//   - Pandoc's Markdown, which the build scripts of such repositories
//     feed their chapters to, is read where GitHub's would show it as
//     text: paragraphs of TeX commands ("\pagebreak") are dropped, and
//     attributes after an image ("{width=1inch}") applied (package
//     markup/pandoc).
//   - Navigation: siblings by weight (front matter), then by file or
//     folder name, naturally ("2.10" after "2.9", "10.0" after "1.5"), or
//     as text in a folder of zero-padded numbers ("00-", "01-") where
//     "111-" is chapter 1.1.1 (NameOrder); files and folders mixed, as
//     their numbers say. (GitHub lists folders first, then files, as text.)
//   - Title: the front matter's title; else the heading that starts the
//     page, at any level (jekyll-titles-from-headings: "the first
//     non-whitespace line in a Markdown H1, H2, H3"), shown once
//     (HeadingTitle); else the first # heading; else the file name.
//   - Notes written for the Obsidian Digital Garden plugin (any note
//     sets dg-publish or dg-home): only those with dg-publish: true are
//     published, and the one with dg-home: true is the home page where no
//     other page is (Garden; see layout.GardenUnpublished).
//   - A page that repeats the text of three or more other pages, which
//     make at least half of it (QuestWorlds' markdown/QuestWorlds.md, the
//     cat of every chapter), is a generated copy: published at its URL,
//     not in the navigation, reading order, sitemap or search (SkipCopies).
//   - An .mdx file is not a page (GitHub shows MDX as code): it is not
//     published, and the build's report counts it (MDXReason).
//   - GitHub shows every fenced block as code ("You can create fenced code
//     blocks by placing triple backticks ``` before and after the code
//     block", https://docs.github.com/en/get-started/writing-on-github/working-with-advanced-formatting/creating-and-highlighting-code-blocks):
//     a ```statblock that sitegen draws but cannot read is shown as code,
//     a tolerance (PluginBlocks).
func Folder() *Layout {
	return &Layout{Kind: Markdown, Content: ".", Redirects: "aliases",
		ExcludeNames:    []string{"node_modules"},
		LinkedFilesOnly: true, NameOrder: true, HeadingTitle: true, FileLinks: true, BookAnchors: true, SkipCopies: true,
		TitleUnlessH1: true, Unpublished: NotesFlags, BadFrontMatter: true, Garden: true, PluginBlocks: []string{"statblock"},
		RootFolder: "src",
		// .mdx files are not pages here: left out, and counted (MDXReason).
		UnpublishedPaths: []PathRule{{Reason: MDXReason, Patterns: ParseGlobs("**/*.mdx")}},
		// GitHub shows A-B.md and A B.md at two addresses, which
		// sitegen's URLs fold into one: the first by path is kept.
		DuplicateURL: KeepFirstByPath,
		// GitHub's Markdown has no tags: "#show-and-tell" and "#87ceeb"
		// are text (https://github.github.com/gfm/ has none), and GitHub
		// makes no tag pages.
		NoTagPages: true,
		// GitHub's Markdown keeps quotes, dashes and ellipses as
		// written: GFM has no smart punctuation (https://github.github.com/gfm/).
		// A heading's anchor is its text's GitHubSlug.
		Markup: Markup{NoTags: true, StraightQuotes: true, Slug: GitHubSlug}}
}

// GitHubSlug is the anchor GitHub gives a heading of this text ("The
// anchor is the heading text: lower case, spaces replaced with hyphens,
// punctuation removed", https://docs.github.com/en/get-started/writing-on-github/getting-started-with-writing-and-formatting-on-github/basic-writing-and-formatting-syntax#section-links),
// as github-slugger writes it: letters, digits and marks of any script,
// "-" and "_" kept, each space a hyphen, everything else dropped. The
// text is what a reader sees: the markup package gives it without raw
// HTML or an image's alt text.
func GitHubSlug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// FirstFile returns the first of names that is a file in dir, or "" when
// none is: how each tool's settings file is found.
func FirstFile(dir string, names []string) string {
	for _, f := range names {
		if Exists(dir, f, false) {
			return f
		}
	}
	return ""
}

// Exists reports whether the slash path rel exists under dir (a folder
// when wantDir).
func Exists(dir, rel string, wantDir bool) bool {
	info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel)))
	return err == nil && info.IsDir() == wantDir
}

// Folder checks a folder that the setting key of the layout's settings
// file (l.File, read from the source folder dir) names as one the site
// publishes from (a content root, a static folder), value as written, and
// returns it as a clean source-relative slash path ("" when value is
// empty: the tool's default stands). A *ConfigError at the key refuses a
// path that leaves the source folder, holds a hidden name at any depth
// (".git", "assets/.private": hidden names are never published, whichever
// setting names them) or goes through a symbolic link out of the source
// folder or to a hidden name (see package srcpath). A folder that does not
// exist is not an error here. Every layout checks the folders its
// settings name through Folder (or FolderAt).
func (l *Layout) Folder(dir, key, value string) (string, error) {
	return l.folder(dir, key, value, false, func() (int, int) { return l.locate(dir, key) })
}

// ContentFolder is Folder for the setting that names the content root
// (MkDocs' docs_dir), where the tool reads a hidden folder the user names
// ("docs_dir: .site_content", a folder a script generates): the user
// meant it, so a hidden name in the setting's own path is read, and sets
// l.HiddenContent; the files and folders hidden inside it stay
// unpublished (content.WalkSource), and ".git" is never read.
func (l *Layout) ContentFolder(dir, key, value string) (string, error) {
	p, err := l.folder(dir, key, value, true, func() (int, int) { return l.locate(dir, key) })
	if err == nil && p != "" && srcpath.SkippedPart(p) != "" {
		l.HiddenContent = true
	}
	return p, err
}

// FolderAt is Folder for a setting whose place in the settings file the
// layout knows already (a JavaScript settings file, read by package
// jsconfig, where a key such as "path" may be written for several
// plugins): line and col are where key is written (0 when unknown).
func (l *Layout) FolderAt(dir, key, value string, line, col int) (string, error) {
	return l.folder(dir, key, value, false, func() (int, int) { return line, col })
}

func (l *Layout) folder(dir, key, value string, hiddenOK bool, at func() (line, col int)) (string, error) {
	if strings.TrimSpace(value) == "" {
		return "", nil
	}
	fail := func(format string, args ...any) (string, error) {
		line, col := at()
		return "", &ConfigError{File: l.File, Line: line, Col: col, Key: key, Msg: fmt.Sprintf(format, args...)}
	}
	p := CleanRel(value)
	if p == "" {
		return fail("%q is outside the site folder: sitegen publishes only files inside it", value)
	}
	if part := srcpath.SkippedPart(p); part != "" && (!hiddenOK || slices.Contains(strings.Split(p, "/"), ".git")) {
		return fail("%q is a hidden name: sitegen never publishes hidden files or folders, whichever setting names them", part)
	}
	if _, err := srcpath.Check(dir, p); err != nil {
		var le *srcpath.Error
		if errors.As(err, &le) {
			if le.Link != p {
				return fail("%q: %s is a %v", p, le.Link, le)
			}
			return fail("%q: %v", p, le)
		}
	}
	return p, nil
}

// locate finds the line and column of key in the layout's settings file
// (0, 0 when it cannot tell): the first line that sets it, "key:",
// "key =", or the key quoted ("contentDir": in JSON).
func (l *Layout) locate(dir, key string) (line, col int) {
	raw, err := ReadSetting(dir, l.File)
	if err != nil {
		return 0, 0
	}
	for i, text := range strings.Split(string(raw), "\n") {
		trimmed := strings.TrimLeft(text, " \t-")
		for _, k := range []string{key, `"` + key + `"`, "'" + key + "'"} {
			if rest, ok := strings.CutPrefix(trimmed, k); ok {
				if rest = strings.TrimLeft(rest, " \t"); rest != "" && (rest[0] == ':' || rest[0] == '=') {
					return i + 1, len(text) - len(trimmed) + 1
				}
			}
		}
	}
	return 0, 0
}

// CleanRel turns a folder named in a tool's settings into a clean
// source-relative slash path, or "" when it leaves the source folder.
func CleanRel(p string) string {
	if strings.TrimSpace(p) == "" {
		return ""
	}
	p = path.Clean(strings.ReplaceAll(strings.TrimSpace(p), "\\", "/"))
	p = strings.TrimPrefix(p, "./")
	if p == ".." || strings.HasPrefix(p, "../") || strings.HasPrefix(p, "/") {
		return ""
	}
	return p
}

// Taxonomy is one of a tool's taxonomies besides the tags (Layout.Taxonomies).
type Taxonomy struct {
	// Dir is the taxonomy's plural name: the folder of its pages and the
	// front matter key that lists a page's terms ("categories").
	Dir string
	// Title is the title of its list of terms ("Categories").
	Title string
	// NoList: the list of terms is not written (Hugo's disableKinds
	// taxonomy); NoTerms: the terms' pages are not (disableKinds term).
	NoList, NoTerms bool
}

// Tags is where a tool puts the tag pages of some pages, and how it
// names them.
type Tags struct {
	// URL is the site path of the list of tags ("/blog/tags/"); a tag's
	// page is URL + Slug(name) + "/".
	URL   string
	Slug  func(name string) string
	Title func(name string, n int) string // the title of a tag's page that lists n pages
	// NoIndex: the tool makes no page at URL listing the tags
	// (jekyll-archives makes one page a tag, none of them all).
	NoIndex bool
	// PerPage is the most pages a tag's page lists, its further pages
	// at its URL + "page/2/", …; 0 for sitegen's default.
	PerPage int
	// Unlisted: the group lists its pages even when they are kept out
	// of the site's other lists (Page.Unlisted: a Zola translation is in
	// its own language's taxonomy, /fr/tags/, and nowhere else).
	Unlisted bool
}

// Blog is a blog as its tool builds it from a folder of posts (one of
// Layout.Roots), listed newest first by the folder's page (Rules.Folder).
type Blog struct {
	// Dir is the posts' folder, content-relative ("../blog").
	Dir string
	// PerPage is the most posts a list page shows, its further pages at
	// LIST/PageBase/2/, …; 0 for all on one.
	PerPage  int
	PageBase string
	// ArchiveURL is the site path of the list of every post ("" for none).
	ArchiveURL string
	// AuthorsURL is the site path of the list of authors, built when
	// Authors has any; an author's page at its Page.
	AuthorsURL string
	Authors    []Author
	// PostAuthors are the keys of Authors a post's front matter names.
	PostAuthors func(meta map[string]any) []string
	// Date is a post's date (rel is content-relative), zero for none.
	Date func(rel string, meta map[string]any) time.Time
	// Feeds are the feeds written at the list's URL: "rss" (rss.xml),
	// "atom" (atom.xml), "json" (feed.json); FeedTitle and
	// FeedDescription their title and description.
	Feeds                      []string
	FeedTitle, FeedDescription string
}

// ListFeed is the RSS feed a tool writes beside its list pages
// (Layout.ListFeed), in the shape of Hugo's embedded RSS template: the
// channel titled with the list's title and the site's, the list's pages
// in the tool's default order.
type ListFeed struct {
	// Name is the feed's file in the list's folder ("index.xml").
	Name string
	// Want reports whether the list page of kind ("home", "section",
	// "taxonomy" or "term") with the front matter meta has a feed.
	Want func(kind string, meta map[string]any) bool
	// Limit is the most items a feed holds; 0 for all.
	Limit int
	// Language is the feed's <language>, "" for none.
	Language string
}

// Author is a blog author of the tool's authors file.
type Author struct {
	Key, Name, URL string
	// Page is the site path of the author's page, "" for none.
	Page string
	// Title is its page's title for n posts.
	Title func(n int) string
}

// MathNote is the one line said of a site whose settings turn math on
// (by the setting named, Markup.Math): its formulas are rendered as
// MathML at build time (package markup/math).
func MathNote(setting string) string {
	return setting + ": the $…$ and $$…$$ formulas are rendered as MathML at build time (one sitegen cannot read is shown as its TeX source, with a warning)"
}

// PagerLink is what a page's front matter says of its previous or next
// link (layout.Layout.Pager): Hide it, or show Label and lead to Link in
// place of the navigation's (either may be ""); with both, a link where
// the navigation has none.
type PagerLink struct {
	Hide        bool
	Label, Link string
	// LabelHTML, when not "", is Label as the inline HTML the tool shows
	// (VitePress's VPDocFooter writes it with v-html), cleaned by
	// sitegen's raw-HTML policy (NavLabel).
	LabelHTML string
	// SitePath: Link is a path of the site ("/guide/a.html"), published
	// under its base path (VitePress's withBase); otherwise as written.
	SitePath bool
}

// Pager is the collection a tool's list template pages (Layout.HomePager):
// the site's regular pages (every published page that is not a list) in
// the tool's default order, those of the top-level sections Sections
// only where it is set; MainSections: those of the section with the
// most regular pages where Sections is empty (Hugo's default
// mainSections).
type Pager struct {
	Sections     []string
	MainSections bool
}

// ListPage is a list page as Layout.FirstPageAlias asks about it.
type ListPage struct {
	// Kind is "home", "section" (Name the top-level section's folder),
	// "taxonomy" (the list of a taxonomy's terms, Name its plural: "tags")
	// or "term" (Name the taxonomy's plural).
	Kind, Name string
	// Type and Layout are the page's front matter type: and layout:
	// ("" when it sets none), which come first in Hugo's choice of its
	// template.
	Type, Layout string
}

// Redirect is an old site path that a tool's settings redirect to a page
// (Layout.Redirected).
type Redirect struct {
	From    string // the old site path, "/functional/lenses.html"
	Setting string // where it is asked for, "book.toml:31 [output.html.redirect]"
	// For Layout.RedirectFiles: To, a URL of another site, as written; else
	// Rel, the page led to, and Fragment, its heading ("rounds").
	To, Rel, Fragment string
}

// Words are the translations a page of the language (key, and its
// languageCode) reads through the i18n function: "Hugo selects the
// translation table based on the languageCode, falling back to the
// language key if a matching translation table does not exist", and a
// key it lacks from the defaultContentLanguage's table
// (https://gohugo.io/functions/lang/translate/). nil when the site has
// no table.
func (m Markup) Words(code, key string) map[string]any {
	if len(m.I18n) == 0 {
		return nil
	}
	out := map[string]any{}
	maps.Copy(out, m.I18n[strings.ToLower(m.I18nDefault)])
	table, ok := m.I18n[strings.ToLower(code)]
	if !ok || code == "" {
		table = m.I18n[strings.ToLower(key)]
	}
	maps.Copy(out, table)
	return out
}

// WordsLanguage is the language of the table Words reads for the
// language key and its languageCode code (Words' choice: code's table,
// else key's, else the defaultContentLanguage's): its plural rules pick
// a translation's plural form.
func (m Markup) WordsLanguage(code, key string) string {
	if _, ok := m.I18n[strings.ToLower(code)]; ok && code != "" {
		return code
	}
	if _, ok := m.I18n[strings.ToLower(key)]; ok && key != "" {
		return key
	}
	return m.I18nDefault
}

// Combined is a page made of the site's pages in reading order
// (Layout.Combined): mdBook's print.html. The site writes it after the
// pages, and again on every update.
type Combined struct {
	// File is its output path ("print.html"); Label the title of its
	// link in the site's header ("Print this book").
	File, Label string
	// Join makes the page's HTML from its parts, in reading order.
	Join func(parts []Part) string
}

// Part is one page of a Combined page: its root-relative URL, the text
// of its <h1>, whether its text began with that heading (OwnH1: the
// body's HTML is without it), and its body's HTML.
type Part struct {
	URL, Heading string
	OwnH1        bool
	HTML         string
}
