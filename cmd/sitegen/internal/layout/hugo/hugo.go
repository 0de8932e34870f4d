// Package hugo recognises a Hugo site (hugo.toml|yaml|json or
// config.toml|yaml|json at its root, or in its configuration directory,
// config/_default/ and config/production/ merged as `hugo` reads them,
// configdir.go) and states the rules of Hugo that sitegen builds it
// by, each from https://gohugo.io/content-management/ (quoted in the
// tests that check them: TestHugo in package testing/conformance builds
// the same fixtures with Hugo itself):
//
//   - Where pages come from: contentDir (default content/; a multilingual
//     site's default language's; else the source of the module mount at
//     the content root, mountedContentDir); "_index.md has a special role in Hugo.
//     It allows you to add front matter and content to home, section,
//     taxonomy, and term pages"; a leaf bundle's index.md is its folder's
//     page. staticDir (default static/, one folder or a list) is published
//     at the site's root. A page's URL is its file's path, each name
//     sanitised as Hugo does it, lower case (urls.go: removePathAccents,
//     disablePathToLower).
//   - A multilingual site ([languages]): every language a site of its
//     own, the default language's at the root, each other one under
//     /LANG/, from its contentDir or from the files named with its code
//     (about.fr.md), with its own title and menus (languages.go).
//   - What is not published: drafts, a publishDate in the future, an
//     expiryDate past, build options (render: never, list: never),
//     headless bundles, and what a section's cascade passes down
//     (publish.go).
//   - How links resolve: ref and relref name a page by its path; aliases:
//     are redirects to the page.
//   - The navigation: each section's pages by weight (pages without one
//     last), then date (newest first), then linkTitle, then path ("the
//     default sort order for page collections ... weight, date (descending),
//     linkTitle, path": https://gohugo.io/quick-reference/glossary/#default-sort-order); "A section is a top-level content directory or
//     any content directory with an _index.md file"
//     (https://gohugo.io/content-management/sections/): the pages of a
//     folder below the top level without _index.md are the nearest
//     section's, at their own URLs (layout.Layout.NoSection); "linkTitle: Typically a shorter version of the
//     title" labels the page in the navigation.
//   - The main menu ("menus.main" in the settings, also a language's, and
//     a page's front matter "menus: main" or "menus: {main: {weight,
//     name, parent}}"; https://gohugo.io/content-management/menus/) is
//     the navigation when there is one: its entries by weight (none
//     last), then name, nested by parent (menu.go). Without one, the
//     page tree is.
//   - The title: the front matter's title. (Hugo leaves a page without
//     one untitled; sitegen shows its first # heading, which Hugo shows in
//     the text, and no title above a page without one: its file's name
//     labels it in the navigation only, layout.Layout.NoNameTitle.) A
//     section without _index.md: its folder's name, first letter upper
//     case, pluralised ("drink" is
//     "Drinks"; "pluralizeListTitles: Pluralize titles in lists. Default:
//     true", https://gohugo.io/getting-started/configuration/#pluralizelisttitles;
//     SectionTitle).
//   - Front matter: YAML between "---", TOML between "+++", and "JSON: a
//     single JSON object surrounded by '{' and '}', followed by a new
//     line" (https://gohugo.io/content-management/front-matter/), each
//     after blank lines too.
//   - Shortcodes (package markup/shortcode): the common docs themes',
//     ref and relref; the site's own (layouts/shortcodes, shortcodes.go)
//     that link to a page or give an element an id from their arguments;
//     any other's content shown as the page's, with a warning. (Hugo runs
//     the template, which decides: one that passes indented content to
//     RenderString untrimmed shows it as code, which sitegen does not.)
//   - Themes (modules.go): a name under themes/, or a module path
//     (theme: github.com/…, module.imports[].path) read from _vendor/PATH
//     as `hugo mod vendor` leaves it ("If a module is vendored, that is
//     where Hugo will look for it's dependencies",
//     https://gohugo.io/commands/hugo_mod_vendor/); a module that is not
//     in the repository (Hugo fetches it into its cache) is said once.
//   - What Hugo builds through, which sitegen's lenient mode
//     (--broken-links warn) builds as warnings and its strict mode refuses
//     saying so: a front matter key set twice (the last is read), aliases:
//     written as one text (cast.ToStringSlice splits it into its words),
//     two pages written to one URL (Hugo writes both in no set order;
//     sitegen keeps the section's or bundle's page, layout.KeepHugo).
//   - Page bundles: the Markdown files of a leaf bundle (a folder with
//     index.md) other than index.md, in it or below it, are its
//     resources: neither pages nor published (layout.Layout.LeafBundles);
//     a link to one is to a page that is not published.
//   - A page's url: and slug: front matter, a section's url:
//     (https://gohugo.io/content-management/urls/#front-matter; pageurl.go):
//     url: is the page's path, slug: the last segment of it.
//   - The [permalinks] settings: a top-level section's pages at the URL
//     its pattern gives (pageurl.go).
//
// Templates sitegen reads (it does not run a page's template): a list's,
// to know whether it paginates, and the shortcodes', are chosen in Hugo's
// lookup order (https://gohugo.io/templates/lookup-order/) with the
// site's language and the HTML output format in their names
// (list.fr.html, list.html.html, note.fr.html), each language's site its
// own (paginate.go lookupOrder, shortcodes.go shortcodesFor); a list's
// base template as LAYOUT-baseof before baseof (list-baseof.html,
// baseofOrder). The home page's list pages run over what its template
// pages: its .Paginator is site.RegularPages, a .Paginate of where
// site.RegularPages ... mainSections (or "Section"/"Type" NAME) that
// collection, of .Pages its own (homePager). The lists' RSS feeds,
// index.xml, are written as Hugo's embedded RSS template writes them
// (listFeed); other output formats the settings' outputs ask for (JSON,
// a custom format) are said, not written (outputs.go).
//
// URLs: uglyURLs = true writes each page as a file, /posts/post-1.html,
// as Hugo does; a section's list stays at /posts/ (a folder of sitegen's
// output), with a redirect from Hugo's /posts.html.
//
// uglyURLs as a map ([uglyURLs] notes = true) does so for the sections it
// names.
//
// A section's url: (in its _index.md) is its page's URL, its pages'
// URLs still under its folder (sectionURL). [permalinks] place regular
// pages only, as Hugo 0.111 does (its sections keep their folders' URLs;
// the [permalinks.section] form of later versions stops Hugo 0.111).
package hugo

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"d6codex/cmd/sitegen/internal/layout"
)

// ConfigFiles are the names Hugo reads its settings from, in order.
var ConfigFiles = []string{"hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml", "config.yaml", "config.yml", "config.json"}

// Recognise returns the layout of the Hugo site at dir, or nil when dir
// has none of Hugo's settings files. config.toml alone is Hugo's only
// beside a content/ folder (other tools use that name too).
func Recognise(dir string) (*layout.Layout, error) { return RecogniseIn(dir, "") }

// RecogniseIn is Recognise for Hugo's environment env (`hugo
// --environment env`): config/env/ is read over config/_default/; ""
// is production, `hugo`'s default.
func RecogniseIn(dir, env string) (*layout.Layout, error) {
	env = cmp.Or(env, DefaultEnvironment)
	l := &layout.Layout{Kind: layout.Hugo, Content: "content", Redirects: "aliases", DuplicateURL: layout.KeepHugo,
		// "A section is a top-level content directory or any content
		// directory with an _index.md file"
		// (https://gohugo.io/content-management/sections/): a folder
		// below the top level without _index.md is none, its pages are
		// its nearest section's.
		NoSection: func(dir string) bool { return strings.Contains(dir, "/") }, PathNotes: true,
		// "A leaf bundle is a directory that contains an index.md file
		// and zero or more resources. Analogous to a physical leaf, a leaf
		// bundle is at the end of a branch. It has no descendants."
		// (https://gohugo.io/content-management/page-bundles/)
		LeafBundles: true}
	// "Files with ending with .md, .mdown, or .markdown are processed as
	// Markdown" (https://gohugo.io/configuration/markup/).
	l.Markup.Extensions = []string{".mdown", ".markdown"}
	// Hugo's page lexer (parser/pageparser, lexIntroSection) skips
	// spaces, tabs, line ends and byte order marks before the front
	// matter's opening delimiter.
	l.Markup.FrontMatterLead = true
	// "JSON: a single JSON object surrounded by '{' and '}', followed by
	// a new line" (https://gohugo.io/content-management/front-matter/).
	l.Markup.FrontMatterJSON = true
	// It also takes "----" for "---" and stops at front matter that is
	// not closed (measured, Hugo 0.111: "EOF looking for end YAML front
	// matter delimiter").
	l.Markup.FrontMatterRuns, l.Markup.Unclosed = true, layout.UnclosedFails
	var m map[string]any
	if file := layout.FirstFile(dir, ConfigFiles); file != "" {
		l.File = file
		var err error
		if m, err = l.DecodeSettings(dir, file); err != nil {
			return nil, err
		}
	} else if layout.Exists(dir, ConfigRoot, true) {
		// "Instead of a single project configuration file, split your
		// configuration by environment, root configuration key, and
		// language" (https://gohugo.io/configuration/introduction/#configuration-directory):
		// _default's settings with the production environment's over them.
		dm, files, err := readConfigDir(l, dir, env)
		if err != nil {
			return nil, err
		}
		if files == nil {
			// Only another environment's folder: Hugo's, when beside
			// its content/ (config/NAME/config.yml may be another tool's).
			if envs := otherEnvironments(dir, env); envs != nil && layout.Exists(dir, "content", true) {
				return nil, noEnvironment(envs, env)
			}
			return nil, nil
		}
		m, l.File = dm, files[0]
		if len(files) > 1 {
			l.Read = append(l.Read, "settings from "+strings.Join(files, ", "))
		}
	}
	if l.File == "" {
		return nil, nil
	}
	// Hugo's settings keys compare without case: low is m with its keys
	// lower-cased, once, for the helpers below (nested maps' keys are
	// compared without case where read: lookup).
	low := lower(m)
	file := l.File
	c, lang, mounted := l.Str(m, "contentDir"), false, false
	if c == "" {
		c = languageContentDir(m)
		lang = c != ""
	}
	if c == "" {
		c = mountedContentDir(low)
		mounted = c != ""
	}
	if content := cmp.Or(layout.CleanRel(c), l.Content); !layout.Exists(dir, content, true) {
		// config.toml is not Hugo's without its content folder, unless
		// Hugo's other signs are there (hugoSigns); hugo.toml always is.
		if strings.HasPrefix(file, "config") && !hugoSigns(dir, low) {
			return nil, nil
		}
		// "contentDir ... Default: content"
		// (https://gohugo.io/getting-started/configuration/#contentdir):
		// none there, Hugo builds the site from its templates alone.
		l.NoContent = true
		l.Notes = append(l.Notes, fmt.Sprintf("%s: no %s/ folder: a Hugo site with no content pages; Hugo's templates (layouts/, themes/) are not run by sitegen, so the home page is sitegen's own and only %s is published", file, content, "static/"))
	}
	if c, err := l.Folder(dir, "contentDir", c); err != nil {
		return nil, err
	} else if c != "" {
		l.Content = c
		switch {
		case lang:
			l.Read = append(l.Read, "languages' contentDir")
		case mounted:
			l.Read = append(l.Read, "module.mounts (content from "+c+"/)")
		}
	}
	static := layout.Strings(m, "staticDir")
	if len(static) > 0 {
		l.Read = append(l.Read, "staticDir")
	} else {
		static = []string{"static"}
	}
	for _, s := range static {
		if layout.CleanRel(s) == "." {
			continue // the project itself is no static folder
		}
		s, err := l.Folder(dir, "staticDir", s)
		if err != nil {
			return nil, err
		}
		if s != "" {
			l.Static = append(l.Static, s)
		}
	}
	// "The static files are served on the site root path"
	// (https://gohugo.io/content-management/static-files/): copied as
	// they are, under their own names.
	l.StaticAsIs = true
	// "title: The title of the page"
	// (https://gohugo.io/content-management/front-matter/#title): the
	// themes show it above the text, a # heading there below it.
	l.TitleAboveOther = true
	// A page without a title: "Hugo leaves .Title empty" (0.111
	// measured: a page with no front matter title shows [] for
	// {{ .Title }} and {{ .LinkTitle }}): no title above its text
	// (TestHugoUntitledPage); its leading # heading, where it has one,
	// stays the page's heading.
	l.NoNameTitle = true
	defLang, _ := m["defaultContentLanguage"].(string)
	r := rules{now: time.Now, lang: cmp.Or(defLang, "en"), cascade: low["cascade"], docsy: docsy(low) || sidebarHides(dir, themes(low)),
		future: layout.True(low["buildfuture"]), expired: layout.True(low["buildexpired"])}
	// "By default, draft pages are not published when building a site.
	// You can change this behavior with a command line flag: hugo
	// --buildDrafts. Or by setting buildDrafts to true in your site
	// configuration" (https://gohugo.io/methods/site/builddrafts/).
	l.PublishDrafts = layout.True(low["builddrafts"])
	l.Unpublished, l.Unlisted, l.Inherit, l.Resources = r.Unpublished, r.Unlisted, r.Inherit, r.Resources
	l.PageDate, l.BadDates = PageDate, BadDates
	// pluralizeListTitles: "Pluralize titles in lists. Default: true"
	// (https://gohugo.io/getting-started/configuration/#pluralizelisttitles).
	plural := true
	if v, ok := low["pluralizelisttitles"]; ok {
		plural = layout.True(v)
		l.Read = append(l.Read, "pluralizeListTitles")
	}
	l.SectionTitle = func(name string) string { return SectionTitle(name, plural) }
	l.Segment = Segment(layout.True(low["removepathaccents"]), layout.True(low["disablepathtolower"]))
	seg := l.Segment
	permalinks := map[string]string{}
	// "A section is a top-level content directory or any content
	// directory with an _index.md file"
	// (https://gohugo.io/content-management/sections/).
	if pm, ok := low["permalinks"].(map[string]any); ok {
		for section, v := range pm {
			pattern, ok := v.(string)
			if !ok {
				continue
			}
			if permalink(pattern, section+"/x.md", "x", "", nil, seg, nil) == "" {
				// Hugo stops: "permalink ill-formed" or "attribute not
				// recognised".
				l.Notes = append(l.Notes, fmt.Sprintf("%s: permalinks.%s %q has a token Hugo 0.111 does not know (Hugo stops the build): the section's pages keep their files' URLs", file, section, pattern))
				continue
			}
			permalinks[section] = pattern
		}
		l.Read = append(l.Read, "permalinks")
	}
	// urls is the PageURL of a language's layout ll: its sections are
	// its content folder's.
	urls := func(ll *layout.Layout) func(string, map[string]any) string {
		// "A section is a top-level content directory or any content
		// directory with an _index.md file"
		// (https://gohugo.io/content-management/sections/).
		isSection := func(d string) bool {
			return slices.ContainsFunc(append([]string{".md"}, ll.Markup.Extensions...), func(ext string) bool {
				return layout.Exists(dir, path.Join(ll.Content, d, "_index"+ext), false)
			})
		}
		return func(rel string, fm map[string]any) string {
			return pageURL(rel, fm, seg, ll.Markup.MarkdownStem, permalinks, isSection)
		}
	}
	l.PageURL = urls(l)
	// uglyURLs: "When true, Hugo renders content to files with an .html
	// extension" (https://gohugo.io/content-management/urls/#appearance):
	// content/posts/post-1.md is /posts/post-1.html, and so is sitegen's
	// page; a section's list is /posts.html, where sitegen keeps it at
	// /posts/, the folder its pages are under, with a redirect from
	// /posts.html (SectionFiles).
	if layout.True(low["uglyurls"]) {
		l.FileURL = func(string, map[string]any) bool { return true }
		l.SectionFiles = true
		l.Read = append(l.Read, "uglyURLs")
	} else if ugly := uglySections(low["uglyurls"]); len(ugly) > 0 {
		// "uglyURLs (bool or map)" (https://gohugo.io/configuration/all/#uglyurls):
		// a map names the sections it applies to ([uglyURLs] notes =
		// true: notes/n1.html, and notes.html as sitegen's redirect to
		// /notes/), Hugo 0.111 measured.
		l.FileURL = func(rel string, _ map[string]any) bool { return ugly[strings.ToLower(strings.SplitN(rel, "/", 2)[0])] }
		l.SectionFiles = true
		l.Read = append(l.Read, "uglyURLs (sections "+strings.Join(slices.Sorted(maps.Keys(ugly)), ", ")+")")
	}
	root := m // each language's settings are over the root's
	m = withLanguage(m, cmp.Or(defLang, "en"))
	l.Settings.Title = l.Str(m, "title")
	if t := lower(m)["title"]; t == nil || t == "" {
		// "title:" written empty, or no title key: Hugo's .Site.Title
		// is "" (Hugo 0.111.3 measured, both), the theme shows its logo
		// alone; Hugo has no fallback title.
		l.Settings.NoTitle = true
	}
	// "baseURL: The absolute URL (protocol, host, path, and trailing
	// slash) of your published site"
	// (https://gohugo.io/getting-started/configuration/#baseurl).
	l.Settings.BaseURL, l.Settings.BaseURLKey = l.Str(m, "baseURL"), "baseURL"
	if l.Settings.BaseURL == "" {
		l.Settings.BaseURL = l.Str(m, "baseurl")
	}
	// "languageCode: The language tag as described in RFC 5646" (the
	// <html lang> of Hugo's themes), else the language of the content,
	// "defaultContentLanguage ... Default is en"
	// (https://gohugo.io/getting-started/configuration/): .Site.Language.Lang.
	l.Settings.LanguageCode = cmp.Or(l.Str(m, "languageCode"), l.Str(m, "defaultContentLanguage"))
	l.Settings.Copyright = l.Str(m, "copyright")
	// "By default, Goldmark does not render raw HTML and potentially
	// dangerous links. ... set unsafe to true"
	// (https://gohugo.io/getting-started/configuration-markup/#goldmark).
	if l.File != "" {
		l.Settings.UnsafeHint = "markup.goldmark.renderer.unsafe: true in " + l.File
	}
	if layout.True(lookup(low, "markup", "goldmark", "renderer", "unsafe")) {
		l.Settings.Unsafe = true
		l.Read = append(l.Read, "markup.goldmark.renderer.unsafe")
	}
	l.Menu, l.PageMenu, l.MenuTree = readMenu(m), PageMenu, MenuTree
	if docsy(low) {
		// Docsy's main menu is its top bar; "the sidebar navigation ...
		// automatically generated from the content structure"
		// (https://www.docsy.dev/docs/adding-content/navigation/) is the
		// site's navigation: the section tree.
		l.Menu, l.PageMenu, l.MenuTree = nil, nil, nil
		l.Read = append(l.Read, "Docsy: the section tree is the navigation (the main menu is its top bar)")
	}
	if len(l.Menu) > 0 {
		l.Read = append(l.Read, fmt.Sprintf("menus.main: %d entries", len(l.Menu)))
	}
	if l.PageMenu != nil && strings.EqualFold(layout.Text(low["sectionpagesmenu"]), MainMenu) {
		l.MenuSections = SectionMenu
		l.Read = append(l.Read, "sectionPagesMenu")
	}
	l.Markup.PageLinkShortcodes, l.Markup.AnchorShortcodes = SiteShortcodes(dir, themes(low))
	// "Shortcode templates ... layouts/shortcodes", run with the partials
	// they call and the site's params
	// (https://gohugo.io/templates/shortcode-templates/).
	// A template named with a language or output format (note.fr.html,
	// note.html.html) is a variant of its shortcode (shortcodesFor).
	allShortcodes := Templates(dir, themes(low), "shortcodes")
	l.Markup.ShortcodeTemplates = shortcodesFor(allShortcodes, cmp.Or(strings.ToLower(defLang), "en"))
	if len(l.Markup.ShortcodeTemplates) > 0 {
		l.Markup.Partials = Templates(dir, themes(low), "partials")
		l.Markup.SiteParams, _ = lower(m)["params"].(map[string]any)
		// Their digest in what was read: a build cache made with other
		// templates is not used.
		l.Read = append(l.Read, fmt.Sprintf("%d shortcode templates (%s)", len(l.Markup.ShortcodeTemplates),
			templatesDigest(l.Markup.ShortcodeTemplates, l.Markup.Partials)))
	}
	l.ListAll = !Paginates(dir, themes(low))
	// A list template that paginates has its first pager page at the
	// list's URL, and hugo 0.111 writes page/1/ as a redirect there
	// (measured: /page/1/, /posts/page/1/, /tags/page/1/,
	// /tags/NAME/page/1/), each kind of list by its own template (its front matter type: and
	// layout: first in Hugo's lookup order: ListPagers).
	// The templates are named with the site's language too
	// (lookupOrder): each language's site has its own (readLanguages).
	pagers := newPagers(dir, themes(low))
	l.FirstPageAlias = pagers.lang(cmp.Or(strings.ToLower(defLang), "en"))
	// The home page's list pages run over what its template pages,
	// site.RegularPages by default (homePager).
	l.HomePager = pagers.homePager(cmp.Or(strings.ToLower(defLang), "en"), mainSections(low))
	// A section's pages over its regular pages (regularPager).
	l.RegularPager = pagers.regularPager(cmp.Or(strings.ToLower(defLang), "en"))
	l.ListFeed = listFeed(low)
	if l.ListFeed != nil {
		// "{{ with .Site.LanguageCode }}<language>": languageCode as
		// written, none without it (0.111 measured: no <language> in a
		// site of defaultContentLanguage alone).
		l.ListFeed.Language = l.Str(m, "languageCode")
	}
	if n := outputsNote(file, low); n != "" {
		l.Notes = append(l.Notes, n)
	}
	// "paginate: Default number of elements per page in pagination",
	// default 10 (https://gohugo.io/getting-started/configuration/#paginate;
	// pagination.pagerSize in later Hugo). Hugo 0.111 measured on
	// evilchili/telisar-website (paginate = 30): /posts/ of 171 posts in
	// 6 pager pages.
	if l.FirstPageAlias != nil {
		l.ListPerPage = 10
		for _, v := range []any{lookup(low, "pagination", "pagersize"), low["paginate"]} {
			var n float64 // TOML's int64, YAML's int, JSON's float64
			switch v := v.(type) {
			case int64:
				n = float64(v)
			case int:
				n = float64(v)
			case float64:
				n = v
			}
			if n >= 1 && n <= 1<<20 {
				l.ListPerPage = int(n)
				break
			}
		}
	}
	// goldmark has no tags: "#word" is text. Hugo makes tag pages
	// (/tags/, /tags/NAME/) unless its settings turn them off.
	l.Markup.NoTags = true
	// Hugo's goldmark extensions (https://gohugo.io/configuration/markup/#goldmark)
	// read no [[wikilinks]], #tags or ==highlights==: Hugo shows them as
	// written (gohugoio/hugoDocs writes TOML's [[build.cachebusters]] in its
	// pages), while its front matter's tags are its taxonomy's.
	l.Markup.NoObsidianSyntax = true
	l.LinkHook = LinkHook(dir, themes(low))
	// Said once by the build, not at each use of its shortcodes
	// (chrisbarley89/golden_wastes: 272 warnings of "icon" and "infobox").
	l.AbsentThemes = AbsentModules(dir, low)
	l.NoTagPages = !TagPages(low)
	// Hugo 0.111 measured: a taxonomy's list page (/tags/) is written
	// when no page has a term of it, unless disableKinds holds taxonomy
	// ("taxonomy" is one of the kinds, https://gohugo.io/configuration/all/#disablekinds).
	l.NoTagIndex = slices.ContainsFunc(layout.Strings(low, "disablekinds"), func(k string) bool {
		return strings.EqualFold(k, "taxonomy")
	})
	l.TagIndexAlways = !l.NoTagPages && !l.NoTagIndex
	// Hugo takes any term: a term's page is at its name made a URL
	// segment, as its content files' names are ("tags: Release schedule"
	// is /tags/release-schedule/; Hugo 0.111 measured: "C++ & co" is
	// /tags/c++-co/, "a/b" /tags/a/b/, "Café" /tags/café/), and terms
	// that make one segment are one term ("Release Schedule" too). A
	// string is one term, not a list (Hugo 0.111 measured: tags:
	// "Release schedule" is the term above).
	l.TagSlug = l.Segment
	l.Taxonomies = Taxonomies(low)
	// The list of tags is titled as the other taxonomies' lists, its
	// name with the first letter upper case, in every language (hugo
	// 0.111 measured on synqark/Arktoon-Shaders-Doc, languageCode ja-JP:
	// /tags/ is "Tags", not the theme's word for it).
	l.TagIndexTitle = "Tags"
	// A term's page is titled with the term as the first page (content
	// order) writes it (Hugo 0.111 measured: "Dice Pools" in rules/a.md
	// and "dice pools" in rules/b.md title /tags/dice-pools/ "Dice
	// Pools"); a content/tags/TERM/_index.md gives it its own title.
	l.TagTitle = func(written []string) string { return written[0] }
	l.TagsOf = func(meta map[string]any) any {
		for k, v := range meta {
			if strings.EqualFold(k, "tags") { // Hugo's front matter keys are case-insensitive
				return v
			}
		}
		return nil
	}
	// The i18n function's words ({{ i18n "key" }}, T) in shortcode templates.
	l.Markup.I18n, l.Markup.I18nDefault = ReadI18n(l, dir, themes(low)), cmp.Or(strings.ToLower(defLang), "en")
	if len(l.Markup.ShortcodeTemplates) > 0 && len(l.Markup.I18n) > 0 {
		// Their digest in what was read: a build cache made with other
		// words is not used.
		l.Read = append(l.Read, fmt.Sprintf("%d i18n tables (%s)", len(l.Markup.I18n), i18nDigest(l.Markup.I18n)))
	}
	// "hugo server" rebuilds on an edit of a translation table: sitegen
	// serve watches i18n/, the project's and each theme's, an edit a
	// full build (the tables are read here).
	l.RebuildOn = append(l.RebuildOn, "i18n")
	for _, t := range themes(low) {
		if rel := themeDir(dir, t); rel != "" {
			l.RebuildOn = append(l.RebuildOn, path.Join(rel, "i18n"))
		}
	}
	readLanguages(l, dir, root, cmp.Or(strings.ToLower(defLang), "en"), urls, langTemplates{pagers: pagers, shortcodes: allShortcodes, mainSections: mainSections(low)})
	return l, nil
}

// languageContentDir is the contentDir (as written) of a multilingual
// site's default language (defaultContentLanguage, else "en"), "" when it
// has none of its own: it is the site's (readLanguages builds the others).
func languageContentDir(m map[string]any) string {
	langs, _ := m["languages"].(map[string]any)
	def, _ := m["defaultContentLanguage"].(string)
	def = cmp.Or(def, "en")
	for name, v := range langs {
		if lang, ok := v.(map[string]any); ok && strings.EqualFold(name, def) {
			c, _ := lower(lang)["contentdir"].(string)
			return c
		}
	}
	return ""
}

// mountedContentDir is the source of the site's first module mount whose
// target is the content root ("target: Where it should be mounted into
// Hugo's virtual filesystem"; "When you add a mount, the default mount for
// the concerned target root is ignored",
// https://gohugo.io/configuration/module/#mounts): gohugoio/hugoDocs mounts
// content/en as content. "" when none is (a mount below content/, such
// as content/extra, adds a folder, which sitegen does not read).
func mountedContentDir(low map[string]any) string {
	var mounts []map[string]any
	switch v := lookup(low, "module", "mounts").(type) {
	case []map[string]any: // TOML's array of tables
		mounts = v
	case []any: // YAML's and JSON's list
		for _, m := range v {
			if m, ok := m.(map[string]any); ok {
				mounts = append(mounts, m)
			}
		}
	}
	for _, mount := range mounts {
		mount = lower(mount)
		target, _ := mount["target"].(string)
		source, _ := mount["source"].(string)
		if layout.CleanRel(target) == "content" && source != "" {
			return source
		}
	}
	return ""
}

// languageKeys are the site settings sitegen reads that a language may set
// for itself.
var languageKeys = []string{"title", "languageCode", "copyright", "menus", "menu"}

// withLanguage returns the settings m with the default language's own
// (languages.LANG.title, languageCode, copyright) over the root's, as
// Hugo builds that language's site: "Configuration keys ... can be set per
// language" (https://gohugo.io/content-management/multilingual/#configure-languages).
// Language names compare without case, as Hugo's keys do.
func withLanguage(m map[string]any, lang string) map[string]any {
	langs, _ := m["languages"].(map[string]any)
	var own map[string]any
	for k, v := range langs {
		if strings.EqualFold(k, lang) {
			own, _ = v.(map[string]any)
		}
	}
	if own == nil {
		return m
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	for _, k := range languageKeys {
		for ok, v := range own {
			if strings.EqualFold(ok, k) {
				out[k] = v
			}
		}
	}
	return out
}

// signKeys are settings keys of Hugo's own that other programs' config.*
// files rarely have (compared without case, as Hugo reads them).
var signKeys = []string{"baseurl", "languagecode", "theme", "contentdir", "publishdir", "disablekinds", "defaultcontentlanguage", "markup", "taxonomies"}

// hugoSigns says whether a config.toml|yaml|json (a name other programs
// use too) beside no content folder is Hugo's: a folder only Hugo reads
// at the root (layouts/, themes/, archetypes/: "The directory structure
// of a Hugo project", https://gohugo.io/getting-started/directory-structure/),
// or a key of Hugo's settings (signKeys). A config.yaml with a title alone
// is not. low is the settings with lower-case keys.
func hugoSigns(dir string, low map[string]any) bool {
	for _, d := range []string{"layouts", "themes", "archetypes"} {
		if layout.Exists(dir, d, true) {
			return true
		}
	}
	return slices.ContainsFunc(signKeys, func(k string) bool { _, ok := low[k]; return ok })
}

// lookup returns the value at the path of lower-case keys in low (the
// settings with lower-case keys), those of the maps below compared
// without case as Hugo reads its settings; nil when absent.
func lookup(low map[string]any, keys ...string) any {
	var v any = low
	for i, k := range keys {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		if v, ok = mm[k]; ok || i == 0 {
			continue
		}
		for mk, mv := range mm {
			if strings.EqualFold(mk, k) {
				v = mv
				break
			}
		}
	}
	return v
}

// docsy says whether the site's theme is Docsy: "docsy" among its themes
// (theme: docsy, a themes/docsy/ folder) or github.com/google/docsy
// among its module imports (module.imports[].path). low is the settings
// with lower-case keys.
func docsy(low map[string]any) bool {
	for _, t := range themes(low) {
		if strings.EqualFold(path.Base(strings.TrimSuffix(t, "/")), "docsy") {
			return true
		}
	}
	for _, p := range moduleImports(low) {
		if strings.HasPrefix(strings.ToLower(p), "github.com/google/docsy") {
			return true
		}
	}
	return false
}

// sidebarHides says whether the site's own copy of Docsy's sidebar
// (its sidebar-tree.html partial, in layouts/_partials or layouts/partials,
// the project's or a theme's) leaves out the pages with toc_hide, as
// Docsy's does (tehlastjuan/compendium keeps Docsy's layouts in its own
// layouts/ folder): one file read at most per folder.
func sidebarHides(dir string, themes []string) bool {
	folders := []string{"layouts/_partials", "layouts/partials"}
	for _, t := range themes {
		if root := themeDir(dir, t); root != "" {
			folders = append(folders, root+"/layouts/_partials", root+"/layouts/partials")
		}
	}
	for _, f := range folders {
		if b, err := layout.ReadSetting(dir, f+"/sidebar-tree.html"); err == nil {
			return strings.Contains(string(b), "toc_hide")
		}
	}
	return false
}

// TagPages reports whether Hugo makes the tags' term pages, from its
// settings with lower-case keys: "The default configuration defines two
// taxonomies, categories and tags… You must explicitly define the default
// taxonomies to maintain them when adding a new one"
// (https://gohugo.io/configuration/taxonomies/), and disableKinds: term
// turns every term page off (https://gohugo.io/configuration/all/#disablekinds).
// A taxonomy kind disabled alone removes /tags/ but keeps /tags/NAME/
// (Layout.NoTagIndex).
func TagPages(low map[string]any) bool {
	for _, k := range layout.Strings(low, "disablekinds") {
		if strings.EqualFold(k, "term") {
			return false
		}
	}
	tax, ok := low["taxonomies"].(map[string]any)
	if !ok {
		return true // Hugo's default taxonomies, tags among them
	}
	for _, v := range tax {
		if v == "tags" {
			return true
		}
	}
	return false
}

// Taxonomies are the site's taxonomies besides the tags, from its
// settings with lower-case keys: "The default configuration defines two
// taxonomies, categories and tags… You must explicitly define the default
// taxonomies to maintain them when adding a new one"
// (https://gohugo.io/configuration/taxonomies/), each "singular =
// 'plural'", its pages under the plural; "disableKinds" "taxonomy" (the
// list of a taxonomy's terms) and "term" (a term's page) turn them off
// (https://gohugo.io/configuration/all/#disablekinds). Sorted by plural.
// Hugo 0.111 measured: /categories/ is titled "Categories", /systems/
// "Systems" (the plural, its first letter in upper case).
func Taxonomies(low map[string]any) []layout.Taxonomy {
	var noList, noTerms bool
	for _, k := range layout.Strings(low, "disablekinds") {
		noList = noList || strings.EqualFold(k, "taxonomy")
		noTerms = noTerms || strings.EqualFold(k, "term")
	}
	plurals := []string{"categories"}
	if tax, ok := low["taxonomies"].(map[string]any); ok {
		plurals = nil
		for _, v := range tax {
			if p, ok := v.(string); ok && p != "" && p != "tags" && plainPath(p) && !strings.Contains(p, "/") && !slices.Contains(plurals, p) {
				plurals = append(plurals, p)
			}
		}
		slices.Sort(plurals)
	}
	var out []layout.Taxonomy
	for _, p := range plurals {
		r, n := utf8.DecodeRuneInString(p)
		out = append(out, layout.Taxonomy{Dir: p, Title: string(unicode.ToUpper(r)) + p[n:], NoList: noList, NoTerms: noTerms})
	}
	return out
}

// uglySections reads uglyURLs written as a map of sections (section =
// true), the sections' names in lower case as Hugo reads its settings'
// keys; nil when it is not a map.
func uglySections(v any) map[string]bool {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	out := map[string]bool{}
	for k, on := range m {
		if layout.True(on) {
			out[strings.ToLower(k)] = true
		}
	}
	return out
}
