// Package jekyll recognises a Jekyll site (a folder holding _config.yml,
// or, without one, a template in _layouts/ or a dated post in _posts/:
// Jekyll's defaults, RecogniseDefaults) and states the rules of Jekyll, of the plugins GitHub Pages runs on
// every site, and of the just-the-docs theme, that sitegen builds it by,
// each from https://jekyllrb.com/docs/,
// https://docs.github.com/en/pages/setting-up-a-github-pages-site-with-jekyll/about-github-pages-and-jekyll#plugins
// and https://just-the-docs.com/docs/navigation/ (quoted in the tests
// that check them: TestJekyll in package testing/conformance builds the
// same fixtures with Jekyll itself, TestJustTheDocsNav in package site):
//
//   - Where pages come from: the project root (or source:). "Any file
//     that contains a YAML front matter block will be processed by Jekyll
//     as a special file"; "A static file is a file that does not contain
//     any front matter" and is published as it is (PageFile). GitHub
//     Pages (a site with no Gemfile, or one that names github-pages) adds
//     jekyll-optional-front-matter (a Markdown file is a page without
//     front matter, but README, LICENSE, CONTRIBUTING and the like),
//     jekyll-readme-index (README.md is its folder's index page when the
//     folder has none), jekyll-titles-from-headings (HeadingTitle) and
//     jekyll-relative-links. URLs keep the case of names (KeepCase).
//
//   - Collections (https://jekyllrb.com/docs/collections/): the documents
//     of a collection whose output is true (collections: as a map), and
//     posts (_posts/YEAR-MONTH-DAY-title.md, https://jekyllrb.com/docs/posts/),
//     are pages at the collection's permalink (its permalink:, else
//     /:collection/:path:output_ext; posts the site's permalink style,
//     date by default), under collections_dir (a folder of the source,
//     not a section: NoSection); those of a collection without output,
//     and a post without a date in its name, are not published
//     (collections.go).
//
//   - Folders: a folder has no page of its own unless a file is its
//     index (index.md, a README.md of jekyll-readme-index, a page whose
//     permalink is the folder's URL): it is a heading of the navigation
//     only (NoFolderPage), and X/X.md is an ordinary page (PathNotes).
//     A collection's folder has no page either (Jekyll writes its
//     documents only): a heading over them labelled by the collection's
//     title:, else just-the-docs' name for it, else its label.
//
//   - A file with front matter that is not a page (a .json or .xml
//     template: feed.xml, search.json), which Jekyll runs through Liquid,
//     is published as Liquid writes it, without its front matter
//     (renderFile); a Sass file (.scss, .sass), which Jekyll compiles
//     into CSS at the same path, is compiled by the Sass compiler on
//     PATH (Dart Sass's sass, else libsass's sassc: sass.go), after its
//     Liquid, with sass_dir (default _sass) and sass.load_paths inside
//     the repository as load paths, and published as .css; a compile
//     error is a warning naming the file and line and the file is not
//     published (Jekyll stops the build there: lenient, sitegen goes
//     on). Without a compiler it is not published, with a warning
//     naming one to install (converted).
//
//   - What is not published: names starting with "_", exclude:, Jekyll's
//     own defaults (Gemfile, node_modules, vendor, …) unless include:
//     names them (a hidden name never); published: false and _drafts/
//     (shown with --drafts, as jekyll build --unpublished and --drafts
//     show them).
//
//   - How links resolve: {% link %} and Markdown links to pages' files;
//     redirect_from: makes redirects to the page, redirect_to: makes the
//     page a redirect elsewhere (jekyll-redirect-from). Wikilinks
//     ([[name]], [[name|label]]: jekyll-wikilinks, the digital garden
//     template's _plugins/bidirectional_links_generator.rb) resolve by
//     file name or title, as sitegen's wikilinks do; under
//     jekyll-wikilinks a typed wikilink, type::[[name]], is the wikilink
//     in the text and nothing alone on its line (wikilinks.go).
//
//   - The navigation (just-the-docs'): nav_order orders siblings
//     (numbers, nav_order: 0 included, first; then nav_order given as
//     text, by Jekyll's sort; then pages without one), then
//     titles, "all Capital letters come before all lowercase letters"
//     unless nav_sort: case_insensitive (CaseOrder); parent: (with
//     grand_parent:) lists a page under the page of that title, a
//     top-level one when grand_parent: is not set; nav_exclude: keeps a
//     page out of it. Collections follow just_the_docs.collections (else
//     collections:) in the order written; under the just-the-docs theme
//     (JustTheDocs) a collection that list leaves out is not in it
//     (collections.go placeCollections). Liquid's site.collections is
//     by label, as Jekyll's SiteDrop sorts it (model.go); a collection's
//     documents (site.LABEL) follow its order: or sort_by: (sortDocs),
//     and so does the navigation but under just-the-docs, whose sidebar
//     sorts them by nav_order and title (orderCollections). Siblings that share a title are told apart by
//     their folder's name (a folder's or collection's page: "rules" for
//     _rules/index.md) or file's name, as Jekyll has no navigation of
//     its own to follow (layout.Layout.NavDistinct). The theme is
//     just-the-docs by its name (theme:, remote_theme:, the Gemfile) or
//     by its own files copied into the site (JustTheDocs). A site whose
//     own layouts draw the navigation from a list of links
//     (site.navigation, _data/navigation.yml: title, url, children,
//     collection; minimal-mistakes' format) has that list as its
//     navigation, the pages it does not list after it (datanav.go).
//
//   - The title: the front matter's title, else (GitHub Pages) the heading
//     that starts the page; the site's, title: else name:
//     (jekyll-seo-tag's site_title).
//
//   - What Jekyll builds through, which sitegen's lenient mode
//     (--broken-links warn) builds as warnings and its strict mode refuses
//     saying so: a front matter key set twice (Ruby's Psych keeps the
//     last), front matter it cannot read (a "YAML Exception" line and the
//     page without it, unless strict_front_matter: true), broken links
//     (shipped as they are), two pages written to one URL (pages are
//     written in order of file name and the last one stays,
//     layout.KeepLastByName).
//
//   - Liquid ("Jekyll processes Liquid before Markdown",
//     https://jekyllrb.com/docs/liquid/): run on each page with site.*,
//     page.*, include.*, Liquid's tags and Jekyll's filters and tags
//     (render.go, filters.go, model.go, page.go); a page with no text of
//     its own whose layout in _layouts/ loops or reads site.data has that
//     layout's output as its text (liquid.go). Where the engine cannot run
//     a page (a plugin's tag), a warning, and the page as without Liquid:
//     loops left out, tags dropped (markup/liquid). A page's layout chain
//     runs up to the site's chrome (<html>, <head> or <body>, which
//     sitegen's theme replaces); of what each layout writes, what lies
//     outside its one <main> and its breadcrumbs are the site's frame,
//     which sitegen's theme draws, and are left out (frame.go). Each
//     layout's filters on {{ content }} apply in turn, the chrome's too
//     ("Layouts can inherit from other layouts",
//     https://jekyllrb.com/docs/layouts/#inheritance: contentfilter.go).
//
//   - URLs: "Output files written to disk will still have the proper file
//     extension (typically .html)" (https://jekyllrb.com/docs/permalinks/):
//     a page whose URL template ends in neither "/" (the default style
//     date, ordinal, none, "/:title") is written as a file, /about.html,
//     /2024/01/02/hello.html, permalink: /hex as /hex.html (FileURL),
//     and sitegen writes the same file at the same URL; pretty and
//     permalinks ending in "/" are folders (/about/). A permalink
//     without its leading slash is read from the root (date is /date.html).
//
//   - Raw HTML: Jekyll publishes it as written; sitegen removes what is
//     not safe to publish (markup/rawhtml), with a warning naming the key
//     that keeps it all, in _config.yml: sitegen's (Hugo's and
//     site.toml's) markup.goldmark.renderer.unsafe: true, which Jekyll
//     ignores (layout.Settings.UnsafeHint).
//
// Not implemented: the chrome's layouts (the site's frame is sitegen's
// theme); jekyll-paginate (paginator is nil, as
// without the plugin).
package jekyll

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
)

// ConfigFiles are the names Jekyll reads its settings from, in order.
var ConfigFiles = []string{"_config.yml", "_config.yaml"}

// DefaultExcludes are the names Jekyll 4 never publishes, whatever the
// site's exclude: says (its Configuration::DEFAULT_EXCLUDES; its
// vendor/bundle/, vendor/cache/, vendor/gems/ and vendor/ruby/ are paths
// from the source, so a site's own js/vendor/ is published), and the
// files of a Ruby project that GitHub Pages' sites carry beside the pages.
var DefaultExcludes = []string{
	".sass-cache", ".jekyll-cache", "gemfiles", "Gemfile", "Gemfile.lock",
	"node_modules", "vendor/bundle", "vendor/cache", "vendor/gems", "vendor/ruby", ".bundle",
	"package.json", "package-lock.json", "Rakefile", "*.gemspec",
}

// DraftsReason is what the build's report says of Jekyll's drafts.
const DraftsReason = "_drafts/ (Jekyll drafts)"

// Unpublished is Jekyll's published: flag (layout.Layout.Unpublished):
// "Set to false if you don't want a specific post to show up when the site
// is generated", for pages too; `jekyll build --unpublished` shows them,
// as sitegen's --drafts does. The text "false" counts as false.
func Unpublished(meta map[string]any, _ string) string {
	if layout.False(meta["published"]) {
		return layout.PublishedFalse
	}
	return ""
}

// Recognise returns the layout of the Jekyll site at dir, or nil when dir
// has no _config.yml. A _config.yml that cannot be read is an error.
func Recognise(dir string) (*layout.Layout, error) {
	file := layout.FirstFile(dir, ConfigFiles)
	if file == "" {
		return nil, nil
	}
	return recognise(dir, file)
}

// RecogniseDefaults returns the layout of the Jekyll site at dir that has
// no _config.yml, nil when dir is not one: Jekyll's options "can either
// be specified in a _config.yml … or … as flags"
// (https://jekyllrb.com/docs/configuration/), and without either it
// builds the folder with its defaults, as GitHub Pages does a repository
// without one. What tells such a folder from a folder of Markdown is
// Jekyll's own: a _layouts/ folder holding a template ("_layouts: These
// are the templates that wrap posts",
// https://jekyllrb.com/docs/structure/), or a _posts/ folder holding a
// post named YEAR-MONTH-DAY-title. Package detect asks after the tools'
// settings files and sitegen's own signs.
func RecogniseDefaults(dir string) (*layout.Layout, error) {
	if !hasEntry(dir, "_layouts", func(name string) bool { return strings.HasSuffix(name, ".html") }) &&
		!hasEntry(dir, "_posts", postName.MatchString) {
		return nil, nil
	}
	return recognise(dir, "")
}

// maxSignEntries bounds the entries hasEntry reads.
const maxSignEntries = 1000

// hasEntry says whether the folder sub of dir (not a link) holds a file
// whose name ok accepts.
func hasEntry(dir, sub string, ok func(name string) bool) bool {
	p := filepath.Join(dir, sub)
	if fi, err := os.Lstat(p); err != nil || !fi.IsDir() {
		return false
	}
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	entries, _ := f.ReadDir(maxSignEntries)
	for _, e := range entries {
		if e.Type().IsRegular() && ok(e.Name()) {
			return true
		}
	}
	return false
}

// recognise reads the Jekyll site at dir whose settings file is file
// ("" for none: Jekyll's defaults).
func recognise(dir, file string) (*layout.Layout, error) {
	l := &layout.Layout{Kind: layout.Jekyll, File: file, Content: ".", Redirects: "redirect_from",
		ExcludePrefix: "_", ExcludeNames: []string{"_site"}, Unpublished: Unpublished, DuplicateURL: layout.KeepLastByName, KeepCase: true, Segment: keepName,
		// "A static file is a file that does not contain any front
		// matter" (https://jekyllrb.com/docs/static-files/), copied as
		// it is, and Jekyll makes no home page of its own: an index.html
		// without front matter is the home (lester-lee/dnd).
		HTMLHome: true,
		// Jekyll gives a page no date of its last change (page.date is a
		// post's, from its name or front matter); GitHub Pages' themes
		// show none.
		LastUpdated:      layout.UpdatedBy(false),
		UnpublishedPaths: []layout.PathRule{{Reason: DraftsReason, Patterns: layout.ParseIgnore("/_drafts/"), Preview: true}},
	}
	// jekyll-seo-tag (GitHub Pages' themes): "page_title +
	// TITLE_SEPARATOR + site_title" where they differ, the home page too.
	l.HomeTitle = true
	m := map[string]any{}
	if file != "" {
		var err error
		if m, err = l.DecodeSettings(dir, file); err != nil {
			return nil, err
		}
	}
	l.Tolerated = append(l.Tolerated, listsAsText(dir, file, m)...)
	if src, err := l.Folder(dir, "source", l.Str(m, "source")); err != nil {
		return nil, err
	} else if src != "" {
		l.Content = src
	}
	// "strict_front_matter: Cause a build to fail if there is a YAML
	// syntax error in a page's front matter" (default false: Jekyll warns
	// and builds the page without it).
	l.BadFrontMatter = m["strict_front_matter"] != true
	// just-the-docs: "By default, all Capital letters come before all
	// lowercase letters; you can add nav_sort: case_insensitive in the
	// configuration file to ignore the case."
	l.CaseOrder = m["nav_sort"] != "case_insensitive"
	// just-the-docs' sidebar is the pages' parent: tree, the home page a
	// top-level entry of it (_includes/components/nav/pages.html groups
	// every titled page by parent:, folders play no part): ParentNav.
	if JustTheDocs(dir, m) {
		l.HomeInNav, l.ParentNav = true, true
	}
	l.Markup.Extensions = markdownExts(l.Str(m, "markdown_ext"))
	l.Markup.ExtFold = true // Converters::Markdown#matches: "extname_list.include?(ext.downcase)"
	// kramdown has no tags ("#word" is text), and Jekyll makes no tag
	// pages without a plugin that does (ArchivesTags).
	l.Markup.NoTags = true
	l.Markup.FrontMatterDots = true // YAML_FRONT_MATTER_REGEXP: "^(---|\.\.\.)\s*$" closes it
	// Jekyll's Markdown is kramdown with its GFM parser ("kramdown: input:
	// GFM", https://jekyllrb.com/docs/configuration/default/), whose
	// heading ids keep letters of any script and "_" (GFMSlug).
	if kd, _ := m["kramdown"].(map[string]any); kd == nil || kd["input"] == nil || strings.EqualFold(fmt.Sprint(kd["input"]), "GFM") {
		l.Markup.Slug = GFMSlug
	}
	l.Markup.TOCLevels = tocLevels(l, dir, file, nested(m, "kramdown", "toc_levels"))
	l.NoTagPages = !ArchivesTags(plugins(dir, m), m)
	l.NavDistinct = true
	l.Settings.Title = l.Str(m, "title")
	if l.Settings.Title == "" {
		// jekyll-seo-tag (GitHub Pages' themes): "site_title ||=
		// format_string(site["title"] || site["name"])".
		l.Settings.Title = l.Str(m, "name")
	}
	base := strings.TrimSuffix(l.Str(m, "url"), "/")
	bu := strings.Trim(l.Str(m, "baseurl"), "/")
	if u, err := url.Parse(base); err == nil && strings.Trim(u.Path, "/") != "" {
		l.Settings.BasePath = strings.TrimSuffix("/"+bu, "/") + "/"
	}
	if bu != "" {
		base += "/" + bu
	}
	if base != "" {
		l.Settings.BaseURL = base + "/"
	}
	// "relative_url: Prepend baseurl config value to the input",
	// "absolute_url: Prepend url and baseurl value to the input"
	// (https://jekyllrb.com/docs/liquid/filters/): a url with a path
	// (https://h.example/doc, no baseurl) is in the absolute URLs
	// (canonical links, sitemap.xml) but not in the pages' links, which
	// start at / (BasePath).
	// "url: the base hostname & protocol for your site",
	// "baseurl: the subpath of your site, e.g. /blog"
	// (https://jekyllrb.com/docs/configuration/default/).
	l.Settings.BaseURLKey = BaseURLKey
	// Jekyll publishes raw HTML as written; sitegen removes what is not
	// safe to publish unless the site keeps it, with Hugo's key (which
	// site.toml reads too) in _config.yml: Jekyll ignores it, and the
	// hint says so.
	l.Settings.UnsafeHint = "sitegen's key markup.goldmark.renderer.unsafe: true in " + cmp.Or(l.File, "_config.yml") + ", which Jekyll ignores,"
	if layout.True(nested(m, "markup", "goldmark", "renderer", "unsafe")) {
		l.Settings.Unsafe = true
		l.Read = append(l.Read, "markup.goldmark.renderer.unsafe")
	}
	l.Settings.LanguageCode = l.Str(m, "lang")
	l.Settings.Permalink = l.Str(m, "permalink")
	l.PageFile = pageFile(plugins(dir, m), l.Include, collections(m, l.Settings.Permalink))
	srcDir := filepath.Join(dir, filepath.FromSlash(l.Content))
	sass := findSass(dir, srcDir, m)
	if sass == nil {
		l.Converted = converted
	} else {
		l.RenderedExt = sassExt
	}
	if plugins(dir, m)[TitlesFromHeadings] {
		l.HeadingTitle = true
	}
	// The site's own sitemap.xml is published as any file (a page with
	// front matter is rendered); jekyll-sitemap adds its own only
	// "unless file_exists?(\"sitemap.xml\")" (its generator,
	// https://github.com/jekyll/jekyll-sitemap).
	if fi, err := os.Lstat(filepath.Join(srcDir, "sitemap.xml")); err == nil && fi.Mode().IsRegular() {
		l.OwnSitemap = true
	}
	// jemoji ("Add jemoji to your site's _config.yml plugins",
	// https://github.com/jekyll/jemoji) writes ":five:" as GitHub's emoji
	// image; offline, sitegen writes the Unicode emoji a reader sees. It
	// is not one of the plugins GitHub Pages runs unasked: a site lists it.
	if p := plugins(dir, m); p[Jemoji] {
		l.Markup.Emoji = true
		l.Read = append(l.Read, "plugins jemoji")
	}
	// jekyll-seo-tag's <title> of a page without a title of its own (the
	// home page, unless its front matter or a heading titles it):
	// "elsif site["description"] && site_title: site_title +
	// TITLE_SEPARATOR + format_string(site["description"])"
	// (lib/jekyll-seo-tag/drop.rb, https://github.com/jekyll/jekyll-seo-tag;
	// format_string normalises the whitespace).
	if SEOTag(srcDir, m, plugins(dir, m)) {
		l.HomeTagline = strings.Join(strings.Fields(l.Str(m, "description")), " ")
	}
	publishCollections(l, m)
	placeCollections(l, m, dir, file)
	orderCollections(l, m, dir)
	dataNav(l, dir, srcDir, m)
	// Liquid is run on pages (render.go, page.go), with the site's
	// variables (model.go).
	ls := &liquidSite{l: l, conf: m, cs: collections(m, l.Settings.Permalink), srcDir: srcDir,
		sanitizer: sync.OnceValue(rawhtml.New), sass: sass, typedLinks: usesWikilinks(dir, m)}
	for i := range ls.cs {
		ls.cs[i].keepCase = l.KeepCase
	}
	if ls.typedLinks {
		l.WikiLabel = wikiLabel(ls.cs)
	}
	l.WikiDashSpace = gardenPlugin(srcDir, l.Str(m, "plugins_dir"))
	l.Expand = expander(l, ls)
	l.SitePages = ls.setPages
	l.RenderFile = ls.renderFile
	if !l.NoTagPages {
		archiveTags(l, m)
	}
	// "documentation # folder containing pages", "doc1.md # =>
	// http://example.com/documentation/doc1.html"
	// (https://jekyllrb.com/docs/pages/): a folder has no page unless a
	// file is its index, and X/X.md is the page X/X (PathNotes). A
	// collection's folder neither: Jekyll writes its documents only
	// (https://jekyllrb.com/docs/collections/#output), and just-the-docs
	// shows them under the collection's name, a heading
	// (https://just-the-docs.com/docs/navigation/main/collections/): its
	// section (FolderURL) is a heading of the navigation over them.
	l.PathNotes = true
	l.NoFolderPage = func(string) bool { return true }
	l.ExcludeGlobs = append(l.ExcludeGlobs, DefaultExcludes...)
	if ex := layout.Strings(m, "exclude"); len(ex) > 0 {
		l.ExcludeGlobs = append(l.ExcludeGlobs, ex...)
		l.Read = append(l.Read, "exclude")
		// Jekyll 4.3 also leaves out every path that starts with an entry
		// (EntryFilter#glob_include?: entry_with_source.start_with?(
		// pattern_with_source)): exclude: [README] leaves out README.md,
		// [log] login.md and logs/.
		ignore := l.Ignore
		l.Ignore = func(rel string, dir bool) bool {
			if ignore != nil && ignore(rel, dir) {
				return true
			}
			for _, e := range ex {
				if e = strings.TrimPrefix(e, "/"); e != "" && (strings.HasPrefix(rel, e) || dir && rel+"/" == e) {
					return true
				}
			}
			return false
		}
	}
	if in := layout.Strings(m, "include"); len(in) > 0 {
		for _, p := range in {
			l.Include = append(l.Include, strings.Trim(p, "/"))
		}
		l.Read = append(l.Read, "include")
	}
	l.Ignore = ignoreSpecial(l.Ignore, l.Include)
	return l, nil
}

// ignoreSpecial adds to ignore the names Jekyll leaves out: "Reject
// current entry if it is special or a backup file" (EntryFilter#filter,
// Jekyll 4.3.1: a name starting with ".", "_", "#" or "~", or ending with
// "~"), unless include: names it (EntryFilter#included?: the path or its
// base name starts with an entry). "." and "_" are the layout's own
// rules already (hidden files, ExcludePrefix).
func ignoreSpecial(ignore func(rel string, dir bool) bool, include []string) func(rel string, dir bool) bool {
	return func(rel string, dir bool) bool {
		if ignore != nil && ignore(rel, dir) {
			return true
		}
		name := path.Base(rel)
		if !strings.HasPrefix(name, "#") && !strings.HasPrefix(name, "~") && !strings.HasSuffix(name, "~") {
			return false
		}
		for _, in := range include {
			if in != "" && (strings.HasPrefix(rel, in) || strings.HasPrefix(name, in)) {
				return false
			}
		}
		return true
	}
}

// nested is the value at the path of keys in m, nil where a map is
// missing.
func nested(m map[string]any, keys ...string) any {
	var v any = m
	for _, k := range keys {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[k]
	}
	return v
}

// BaseURLKey names the _config.yml keys of the site's base URL.
const BaseURLKey = "url (and baseurl for a subpath)"

// The plugins of GitHub Pages that decide what is a page and its title.
const (
	OptionalFrontMatter = "jekyll-optional-front-matter"
	ReadmeIndex         = "jekyll-readme-index"
	TitlesFromHeadings  = "jekyll-titles-from-headings"
	RelativeLinks       = "jekyll-relative-links"
	// Jemoji is GitHub's emoji shortcodes (":smile:"), on where listed.
	Jemoji = "jemoji"
)

// GitHubPagesPlugins are the plugins GitHub Pages runs on every site ("GitHub
// Pages uses plugins that are enabled by default and cannot be disabled",
// https://docs.github.com/en/pages/setting-up-a-github-pages-site-with-jekyll/about-github-pages-and-jekyll#plugins)
// that change what sitegen publishes.
var GitHubPagesPlugins = []string{OptionalFrontMatter, ReadmeIndex, TitlesFromHeadings, RelativeLinks}

// plugins are the plugins the site runs: those its _config.yml lists
// (plugins:, or the older gems:), and GitHub Pages' own when GitHub Pages
// builds it: a site with no Gemfile, or one whose Gemfile names the
// github-pages gem (a site built by plain Jekyll has a Gemfile of its own
// without it).
func plugins(dir string, m map[string]any) map[string]bool {
	on := map[string]bool{}
	for _, key := range []string{"plugins", "gems"} {
		for _, p := range layout.Strings(m, key) {
			on[p] = true
		}
	}
	gemfile, err := layout.ReadSetting(dir, "Gemfile")
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return on
	}
	if err != nil || strings.Contains(string(gemfile), "github-pages") {
		for _, p := range GitHubPagesPlugins {
			on[p] = true
		}
	}
	return on
}

// seoTagRE matches jekyll-seo-tag's tag in a layout or include.
var seoTagRE = regexp.MustCompile(`\{%-?\s*seo[\s%-]`)

// SEOTag reports whether the site's pages are framed by jekyll-seo-tag's
// {% seo %}: the site lists the plugin ("Add the following to your site's
// _config.yml: plugins: - jekyll-seo-tag", its README), names a theme
// (GitHub Pages' themes, minima and just-the-docs all write {% seo %} in
// their head), or one of its own layouts or includes (srcDir's _layouts,
// _includes: files up to 1 MB) writes the tag.
func SEOTag(srcDir string, m map[string]any, on map[string]bool) bool {
	if on["jekyll-seo-tag"] || layout.Text(m["theme"]) != "" || layout.Text(m["remote_theme"]) != "" {
		return true
	}
	for _, d := range []string{"_layouts", "_includes"} {
		entries, err := os.ReadDir(filepath.Join(srcDir, d))
		if err != nil {
			continue
		}
		for _, e := range entries {
			if info, err := e.Info(); err != nil || !info.Mode().IsRegular() || info.Size() > 1<<20 {
				continue
			}
			if b, err := os.ReadFile(filepath.Join(srcDir, d, e.Name())); err == nil && seoTagRE.Match(b) {
				return true
			}
		}
	}
	return false
}

// optionalFrontMatterSkips are the names jekyll-optional-front-matter
// leaves as files (its FILENAME_BLACKLIST), unless include: names them.
var optionalFrontMatterSkips = []string{"README", "LICENSE", "LICENCE", "COPYING", "CODE_OF_CONDUCT", "CONTRIBUTING", "ISSUE_TEMPLATE", "PULL_REQUEST_TEMPLATE"}

// pageFile is Jekyll's rule for a page (layout.Layout.PageFile): "Any file
// that contains a YAML front matter block will be processed by Jekyll as a
// special file" (https://jekyllrb.com/docs/front-matter/); "A static file is
// a file that does not contain any front matter"
// (https://jekyllrb.com/docs/static-files/), published as it is. With
// jekyll-optional-front-matter a Markdown file without front matter is a page
// too, but for README, LICENSE, CONTRIBUTING and the like; with
// jekyll-readme-index a README.md is its folder's index page when the folder
// has none. Without jekyll-optional-front-matter a collection's file
// without front matter is a file: "Files in collections that do not have
// front matter are treated as static files and simply copied to their
// output location without processing"
// (https://jekyllrb.com/docs/collections/#output); with it, a page at its
// own path too (collections.go PageURL): Jekyll 4.3.1 with GitHub Pages'
// plugins writes rooneg/5srd.github.io's _magic-items/rod-of-absorption.md
// (which opens with "----") to /_magic-items/rod-of-absorption/, without
// them it copies it only. Posts are read whatever their first line.
func pageFile(on map[string]bool, include []string, cs []collection) func(rel string, frontMatter, folderIndex bool) bool {
	return func(rel string, frontMatter, folderIndex bool) bool {
		if frontMatter {
			return true
		}
		if c, _, _ := find(cs, rel); c != nil && c.label != "posts" && !on[OptionalFrontMatter] {
			return false
		}
		name := strings.ToUpper(strings.TrimSuffix(path.Base(rel), path.Ext(rel)))
		if name == "README" && on[ReadmeIndex] && !folderIndex {
			return true
		}
		if !on[OptionalFrontMatter] {
			return false
		}
		return !slices.Contains(optionalFrontMatterSkips, name) || slices.Contains(include, path.Base(rel)) || slices.Contains(include, rel)
	}
}

// DefaultMarkdownExt is Jekyll's markdown_ext when _config.yml gives none
// (https://jekyllrb.com/docs/configuration/default/:
// markdown_ext: "markdown,mkdown,mkdn,mkd,md").
const DefaultMarkdownExt = "markdown,mkdown,mkdn,mkd,md"

// markdownExts reads markdown_ext ("markdown,mkdown,mkdn,mkd,md": the
// extensions Jekyll converts as Markdown, without their dots, separated
// by commas) as layout.Markup.Extensions; "" is Jekyll's default.
func markdownExts(setting string) []string {
	if strings.TrimSpace(setting) == "" {
		setting = DefaultMarkdownExt
	}
	var exts []string
	for _, e := range strings.Split(setting, ",") {
		if e = strings.TrimPrefix(strings.TrimSpace(e), "."); e != "" && e != "md" {
			exts = append(exts, "."+e)
		}
	}
	return exts
}

// converted is Jekyll's rule for a Sass file that is not a page and
// starts with front matter (layout.Layout.Converted) when no Sass
// compiler is on PATH: "Jekyll allows you to use Sass … Sass/SCSS files
// must contain front matter" and "Jekyll will process" them into CSS
// (https://jekyllrb.com/docs/assets/): style.scss is published as
// style.css, never as itself; without a compiler to run (sass.go),
// neither is published, with a warning naming one to install. Any other
// file with front matter is rendered (renderFile); a file without front
// matter is a static file, published as it is.
func converted(rel string) string {
	if !isSass(rel) {
		return ""
	}
	return fmt.Sprintf("Sass not compiled: Jekyll compiles this file (it has front matter) into %s; sitegen runs a Sass compiler when one is on PATH (%s: install Dart Sass, or sassc, Debian's package sassc), and none is, so neither is published",
		path.Base(strings.TrimSuffix(rel, path.Ext(rel)))+".css", strings.Join(sassCompilers, " or "))
}

// archiveTags places jekyll-archives' tag pages: "Automatically generate
// post archives by dates, tags, and categories"
// (https://github.com/jekyll/jekyll-archives): the tags of posts only
// (its generator reads site.posts), one page a tag at its permalinks:
// tag: template ("tag: '/tag/:name/'" by default, :name the tag's
// slug, Utils.slugify), titled with the tag's name; no page lists the
// tags. A page that is not a post has no tag pages.
func archiveTags(l *layout.Layout, m map[string]any) {
	conf, _ := m[Archives].(map[string]any)
	links, _ := conf["permalinks"].(map[string]any)
	tpl := cmp.Or(str(links["tag"]), "/tag/:name/")
	prefix, _, _ := strings.Cut(tpl, ":name")
	prefix = "/" + strings.Trim(prefix, "/") + "/"
	if prefix == "//" {
		prefix = "/"
	}
	tags := &layout.Tags{URL: prefix, Slug: slugify, NoIndex: true, Title: func(name string, _ int) string { return name }}
	none := &layout.Tags{}
	cs := collections(m, l.Settings.Permalink)
	l.Tags = func(rel string) *layout.Tags {
		if c, _, _ := find(cs, rel); c != nil && c.label == "posts" && c.output {
			return tags
		}
		return none
	}
}

// Archives is the plugin that makes Jekyll's tag pages.
const Archives = "jekyll-archives"

// ArchivesTags reports whether jekyll-archives makes tag pages: the site
// runs it ("Add the following to your site's _config.yml: plugins: -
// jekyll-archives") and its enabled: setting names tags, or is all
// ("enabled: Specifies which archives are enabled. Default: [] (none)…
// either the string 'all' or an array of archive types (year, month,
// day, categories, tags)", https://github.com/jekyll/jekyll-archives/blob/master/docs/configuration.md).
func ArchivesTags(on map[string]bool, m map[string]any) bool {
	if !on[Archives] {
		return false
	}
	conf, _ := m[Archives].(map[string]any)
	switch enabled := conf["enabled"].(type) {
	case string:
		return enabled == "all" || enabled == "tags"
	case []any:
		for _, e := range enabled {
			if e == "tags" || e == "all" {
				return true
			}
		}
	}
	return false
}

// keepName is Jekyll's URL segment for a page's file or folder name: the
// name as it is, case and spaces kept ("Big Folder/My Page.md" is
// /Big Folder/My Page.html: Page#url_placeholders' :path and :basename
// are the file's, not slugified; measured with Jekyll 4.3).
func keepName(name string) string { return name }

// GFMSlug is the id kramdown's GFM parser gives a heading of this text
// (kramdown-parser-gfm's generate_gfm_header_id: the text in lower case,
// every character but a word character (\p{Word}: a letter, mark, digit
// or connector punctuation such as "_"), "-", a space or a tab dropped,
// each space or tab a hyphen): "Über Straße" is über-straße, "a_b" a_b,
// "Hit & Run" hit--run. A repeated id gets "-1", "-2", as goldmark's.
func GFMSlug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ' || r == '\t':
			b.WriteByte('-')
		case r == '-' || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// listSettings are the settings Jekyll wants as lists, and its words when
// one is not (Configuration#check_include_exclude, #check_plugins).
var listSettings = []struct{ key, want string }{{"include", "an array"}, {"exclude", "an array"}, {"plugins", "an array of gem-names"}}

// listsAsText are the problems of the settings of the settings file file
// (decoded as m) that Jekyll wants as lists and m holds as a text:
// Jekyll 4.3 stops its build there ("'include' should be set as an
// array, but was: "-js"."); sitegen reads the text as a list of one
// (layout.Strings), an error but a warning in lenient mode.
func listsAsText(dir, file string, m map[string]any) []*layout.ConfigError {
	var out []*layout.ConfigError
	var root *yaml.Node
	for _, ls := range listSettings {
		v, ok := m[ls.key].(string)
		if !ok {
			continue
		}
		if root == nil {
			root = &yaml.Node{}
			if raw, err := layout.ReadSetting(dir, file); err == nil {
				_ = yaml.Unmarshal(raw, root)
			}
		}
		line, col := keyPlace(root, ls.key)
		out = append(out, &layout.ConfigError{File: file, Line: line, Col: col, Key: ls.key, LenientWarning: true,
			Msg: fmt.Sprintf("a text (%q), where Jekyll wants a list: Jekyll stops its build here (\"'%s' should be set as %s\"); "+
				"lenient mode (--broken-links warn) reads it as a list of one", v, ls.key, ls.want)})
	}
	return out
}

// keyPlace is the line and column of the top-level key in the YAML
// document root, 0, 0 when it is not there.
func keyPlace(root *yaml.Node, key string) (int, int) {
	if root.Kind == yaml.DocumentNode && len(root.Content) > 0 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		return 0, 0
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if k := root.Content[i]; k.Value == key {
			return k.Line, k.Column
		}
	}
	return 0, 0
}

// tocLevels reads kramdown's toc_levels (v, under kramdown: in the
// settings file file of dir): "The individual levels can be specified by
// separating them with commas (e.g. 1,2,3) or by using the range syntax
// (e.g. 1..3). Only the specified levels are used for the table of
// contents. Default: 1..6" (kramdown 2.4, lib/kramdown/options.rb). Any
// other value stops kramdown ("Invalid syntax for option toc_levels"),
// and Jekyll's build: a problem at the key, a warning in lenient mode,
// and all levels listed. Nil for all levels.
func tocLevels(l *layout.Layout, dir, file string, v any) []int {
	var out []int
	add := func(n int) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	ok := true
	switch v := v.(type) {
	case nil:
		return nil
	case string:
		v = strings.TrimSpace(v)
		if m := tocRange.FindStringSubmatch(v); m != nil {
			for n := int(m[1][0] - '0'); n <= int(m[2][0]-'0'); n++ {
				add(n)
			}
		} else if tocList.MatchString(v) {
			for _, d := range strings.Split(v, ",") {
				add(int(d[0] - '0'))
			}
		} else {
			ok = false
		}
	case []any:
		for _, x := range v {
			switch x := x.(type) {
			case int:
				add(x)
			case string:
				n, err := strconv.Atoi(strings.TrimSpace(x))
				ok = ok && err == nil
				add(n)
			default:
				ok = false
			}
		}
	default:
		ok = false
	}
	if ok {
		l.Read = append(l.Read, "kramdown.toc_levels")
		if out == nil {
			out = []int{} // an empty range (3..1) lists nothing
		}
		return out
	}
	var root yaml.Node
	line, col := 0, 0
	if raw, err := layout.ReadSetting(dir, file); err == nil && yaml.Unmarshal(raw, &root) == nil {
		if k, _ := keyNode(&root, "kramdown", "toc_levels"); k != nil {
			line, col = k.Line, k.Column
		}
	}
	l.Tolerated = append(l.Tolerated, &layout.ConfigError{File: file, Line: line, Col: col, Key: "kramdown.toc_levels", LenientWarning: true,
		Msg: fmt.Sprintf("%v is not a list of levels (1,2,3) nor a range (1..3): kramdown stops Jekyll's build here (\"Invalid syntax for option toc_levels\"); "+
			"lenient mode (--broken-links warn) lists all levels", v)})
	return nil
}

// tocRange and tocList are kramdown's forms of toc_levels as text.
var (
	tocRange = regexp.MustCompile(`^(\d)\.\.(\d)$`)
	tocList  = regexp.MustCompile(`^\d(?:,\d)*$`)
)

// keyNode is the key node at the path keys of the YAML document root and
// its value (the last of duplicate keys, as the decoded settings), nil
// when it is not there.
func keyNode(root *yaml.Node, keys ...string) (key, value *yaml.Node) {
	n := root
	if n.Kind == yaml.DocumentNode && len(n.Content) > 0 {
		n = n.Content[0]
	}
	for _, k := range keys {
		if n.Kind != yaml.MappingNode {
			return nil, nil
		}
		key = nil
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				key, value = n.Content[i], n.Content[i+1]
			}
		}
		if key == nil {
			return nil, nil
		}
		n = value
	}
	return key, value
}
