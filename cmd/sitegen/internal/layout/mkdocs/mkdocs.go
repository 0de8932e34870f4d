// Package mkdocs recognises an MkDocs project (mkdocs.yml at its root) and
// states the rules of MkDocs that sitegen builds it by, each from
// https://www.mkdocs.org/user-guide/writing-your-docs/ and
// https://www.mkdocs.org/user-guide/configuration/ (quoted in the tests
// that check them: TestMkDocs in package testing/conformance builds the
// same fixtures with MkDocs itself):
//
//   - Where pages come from: the Markdown files of docs_dir (default
//     docs/). "If both an index.md file and a README.md file are found in
//     the same directory, then the index.md file is used and the README.md
//     file is ignored" (ReadmeBesideIndex: not published, with a warning);
//     any other file of docs_dir is published as it is. URLs keep the
//     names as they are, case and spaces (KeepCase: Mixed-Case.md is
//     /Mixed-Case/; "My Page.md" /My%20Page/).
//   - What is not published: what exclude_docs names (.gitignore
//     patterns) and templates/; draft_docs (shown with --drafts, as mkdocs
//     serve shows them).
//   - How links resolve: "the relative path to the Markdown document you
//     wish to link to"; "Absolute paths are not modified at all" (sitegen
//     checks them against the site's URLs).
//   - The navigation: nav: "is used to determine the format and layout
//     of the global navigation for the site": it is shown as written, its
//     sections, order and titles, wherever the files of a section's pages
//     are (layout.NavAsWritten); a section's title also names the folder
//     its pages share (breadcrumbs, the reading order); "Any pages
//     not listed in your navigation configuration will still be rendered
//     ... they will not be linked from the global navigation and will not
//     be included in the previous and next links". Without nav:, "sorted
//     alphanumerically by file name (except that index files will always
//     be listed first within a sub-section)", a folder's pages before its
//     sub-folders (FilesFirst); the docs folder's index.md is the
//     navigation's first entry and the reading order's first page, the
//     Previous of the page after it (HomeInNav; with nav:, when nav:
//     lists it, and where nav: lists it). A nav: entry naming a file the
//     docs folder lacks is warned, as MkDocs warns. With Material's
//     navigation.indexes a section whose first entry is an index page
//     links to it (navIndexes); with navigation.sections the top
//     sections' entries always show (NavUnfold).
//   - A folder without index.md (or README.md) has no page: in MkDocs's
//     navigation "a Section, which has a title and children" has no URL
//     (mkdocs.structure.nav.Section.url is None), so the folder is a
//     heading of the navigation only (NoFolderPage).
//   - The title: "1. A title defined in the nav configuration setting for
//     a document. 2. A title defined in the title meta-data key of a
//     document. 3. A level 1 Markdown header on the first line of the
//     document body. 4. The filename of a document" (StartTitle). The
//     heading's title follows the MkDocs the site declares: MkDocs 1.5
//     and later (the rule followed unless a requirements.txt,
//     pyproject.toml or Pipfile pins an older one: version.go) take "the
//     first H1 in Markdown content" when it is the first block, "# Title"
//     or setext, its text without markup ("The roll command" for "# The
//     `roll` command", pages.py _ExtractTitleTreeprocessor,
//     get_heading_text); MkDocs 1.4 and older take the first line when it
//     starts with "# ", as written ("The `roll` command", "Title ##"; a
//     setext heading titles nothing: get_markdown_title, RawH1Title),
//     measured with mkdocs 1.4.2. Shown
//     as Material shows it: above the text only when the text has no
//     <h1>, a # heading elsewhere kept in its place (TitleUnlessH1).
//   - What MkDocs builds through, which sitegen's lenient mode
//     (--broken-links warn) builds as warnings and its strict mode refuses
//     saying so: a setting or front matter key set twice (PyYAML keeps the
//     last), front matter it cannot read (the page without it), a broken
//     link (an INFO or WARNING line, or not checked at all), two pages
//     written to one URL (the one written last stays: m/index.md over m.md,
//     layout.KeepLastWalked).
//   - Python-Markdown, not CommonMark: a setext underline ("---", "===")
//     makes a heading of a one-line paragraph only; under a longer one
//     "---" is a rule and "===" text (markup.Dialects.OneLineSetext).
//   - markdown_extensions: pymdownx.arithmatex's $…$ and $$…$$ formulas
//     are rendered as MathML at build time (layout.Markup.Math);
//     attr_list's attribute lists are applied;
//     pymdownx.emoji's shortcodes are read as Material for MkDocs reads
//     them (https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/):
//     ":smile:" is its emoji, an icon (":material-…:", ":fontawesome-…:",
//     ":octicons-…:", ":simple-…:", options.custom_icons' SVG files) is
//     dropped with a warning, sitegen shipping no icon set (package
//     markup/emoji), and no part of a heading's id; pymdownx.caret,
//     pymdownx.tilde (package markup/pymdown) and pymdownx.mark;
//     pymdownx.magiclink's links of bare URLs and pymdownx.tasklist's
//     checkboxes. Of GFM, only tables are there without them (MkDocs'
//     default extensions are toc, tables and fenced_code): ~~x~~, a
//     bare URL and "- [ ] x" are text (markup.Dialects.PythonMarkdown).
//     A block-level HTML element is raw HTML to its end tag, blank lines
//     included, as Python-Markdown keeps it, unless md_in_html's markdown
//     attribute is on its start tag (markup's withPythonHTMLBlocks).
//   - Material for MkDocs (theme: material, by name or name:): a page's
//     front matter hide: [toc, navigation, footer, path] hides its table
//     of contents, the navigation sidebar, its previous and next links
//     and its breadcrumbs
//     (layout.Layout.Hide; https://squidfunk.github.io/mkdocs-material/setup/setting-up-navigation/#hiding-the-sidebars).
//   - Heading ids: Python-Markdown toc's slugify and unique (slug.go);
//     its [TOC] marker (markdown_extensions' toc marker:) is not printed,
//     sitegen showing the table of contents beside the page (toc.go).
//   - Definition lists as Python-Markdown's def_list makes them (an
//     empty ":" line takes the lines after it; markup.Dialects.LazyDefinitions).
//
// Not implemented: breadcrumbs and previous/next links that follow a nav:
// whose sections do not follow the folders (they follow sitegen's page
// tree, the folders'), plugins (section-index,
// literate-nav; the build names each plugin that plugins: lists,
// but search, which sitegen's own search stands for, awesome-pages,
// alias, include-markdown and i18n).
//
// The i18n plugin (mkdocs-static-i18n, https://ultrabug.github.io/mkdocs-static-i18n/),
// docs_structure: suffix (i18n.go): the default language's site at the
// root from name.<default>.md (and name.md), each other language's
// under /<locale>/ from name.<locale>.md, falling back to the default's
// unless fallback_to_default: false, plus the pages only it has;
// index.<locale>.md a folder's own page; links and images written
// without a suffix read as the page's language's file
// (layout.Layout.LinkFile), published without the suffix;
// nav_translations, a language's own nav:, site_name and copyright.
// docs_structure: folder is named, not read.
//
// The include-markdown plugin (https://pypi.org/project/mkdocs-include-markdown-plugin/),
// when plugins: lists it: {% include-markdown "path" %} is that file's
// text, relative links and images rewritten, start=/end= applied, and
// {% include "path" %} a file as it is (include.go, layout.Expander).
//
// markdown_extensions' pymdownx.snippets
// (https://facelessuser.github.io/pymdown-extensions/extensions/snippets/):
// a line --8<-- "file" is that file's lines, from base_path, indented as
// the marker; check_paths makes a missing file an error (snippets.go).
//
// The alias plugin (https://github.com/EddyLuten/mkdocs-alias-plugin),
// when plugins: lists it: "[[my-alias]] or [[my-alias|My Title]]" link
// to the page whose meta block has "alias: my-alias" (or a list of
// aliases, or "name:" and "text:"), layout.Markup.AliasPlugin.
//
// The redirects plugin (https://github.com/mkdocs/mkdocs-redirects), when
// plugins: lists it: each redirect_maps entry whose new page is a page of
// docs_dir is a redirect page at the old page's URL (readRedirectMaps).
//
// The awesome-pages plugin, when plugins: lists it and there is no nav:
// (awesome.go, https://github.com/lukasgeiter/mkdocs-awesome-pages-plugin):
// the navigation is MkDocs' own as the plugin rewrites it, shown as built
// (NavAsWritten): each folder's .pages file orders its entries (nav:,
// or the deprecated arrange:, with "..." rests, filtered by a glob or
// regex= on the basename; nav: leaves out what it does not list,
// arrange: puts it last), adds links ("Title: https://…") and sections
// ("Title:" and a list), titles entries ("Title: page.md") and the
// folder (title:), hides the folder from the navigation (hide: true;
// its pages are published), sorts it (order: asc|desc, sort_type:
// natural, order_by: filename|title, ignore_case) and collapses a
// folder of one entry (collapse_single_pages, recursive, and collapse,
// for one folder); the plugin's options in plugins: are the fallbacks
// (and filename:). With Material's navigation.indexes, a section whose
// first entry is its index page links to it. A nav: entry that names
// nothing is a warning (the plugin's strict default stops MkDocs). With
// a nav: in mkdocs.yml, the plugin only fills its "..." entries
// (filtered by a glob or regex= on the docs-relative path, "| flat"
// flattening), with the pages nav: does not list (awesomeRestNav).
//
// The awesome-nav plugin (v3 of awesome-pages, awesomenav.go,
// https://lukasgeiter.github.io/mkdocs-awesome-nav/), when plugins:
// lists it, replaces nav: with the one its .nav.yml files make: each
// folder's nav: lists pages (in any folder below), folders as sections,
// glob patterns (GLOBSTAR and EXTGLOB groups) over what nothing listed,
// "Title: page" titles, "Title: url" links, "Title:" and a list
// sections, "glob:" entries with their own options; without nav: a
// folder lists its index page then "*". title:, hide:, sort: (by
// path|filename|title, direction, natural|alphabetical, sections
// first|last|mixed, ignore_case), ignore:, append_unmatched:,
// flatten_single_child_sections:, preserve_directory_names: and
// use_index_title: are read, inherited by sub-folders as the plugin
// does; mkdocs.yml's not_in_nav pages are in none of it. An unknown key
// is a warning with file:line.
//
// extra_css and extra_javascript are named in a note, not applied: the
// pages keep sitegen's own style sheet and carry no author script; the
// local files are published with docs_dir, a remote URL is never fetched.
package mkdocs

import (
	"cmp"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
)

// ConfigFiles are the names MkDocs reads its settings from.
var ConfigFiles = []string{"mkdocs.yml", "mkdocs.yaml"}

// Recognise returns the layout of the MkDocs project at dir, or nil when
// dir has no mkdocs.yml.
func Recognise(dir string) (*layout.Layout, error) {
	file := layout.FirstFile(dir, ConfigFiles)
	if file == "" {
		return nil, nil
	}
	raw, err := layout.ReadSetting(dir, file)
	if err != nil {
		return nil, err
	}
	// mkdocs.yml carries Python tags (!!python/name:…, !ENV) that only
	// MkDocs can read: the file is read as a tree of nodes, tags ignored.
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, layout.YAMLError(file, err)
	}
	l := &layout.Layout{Kind: layout.MkDocs, File: file, Content: "docs", Redirects: "aliases", BadFrontMatter: true, DuplicateURL: layout.KeepLastWalked, TitleUnlessH1: true,
		ReadmeBesideIndex: layout.SkipReadme, FirstLineTitle: true, FilesFirst: true, HomeInNav: true, KeepCase: true, Segment: keepName,
		NoFolderPage: func(string) bool { return true }, PathNotes: true,
		UnpublishedPaths: []layout.PathRule{{Reason: ExcludeReason, Patterns: layout.ParseIgnore(defaultExcludes)}},
		// A page titled by its file name: "Capitalize if the filename
		// was all lowercase, otherwise leave it as-is" (Page._set_title),
		// as dirname_to_title does a folder's.
		NameTitle: folderTitle}
	// "Any of the following file extensions may be used for your
	// Markdown source files: markdown, mdown, mkdn, mkd, md."
	// (https://www.mkdocs.org/user-guide/writing-your-docs/#file-layout)
	l.Markup.Extensions = []string{".markdown", ".mdown", ".mkdn", ".mkd"}
	// Python-Markdown has no tags: "#word" is text. MkDocs makes no tag
	// pages, and neither does Material's tags plugin ("plugins: - tags",
	// https://squidfunk.github.io/mkdocs-material/setup/setting-up-tags/):
	// it "generates a tags index, which is an inverted list of tags and
	// the pages they appear on. The tags index can be located anywhere in
	// the nav" (https://squidfunk.github.io/mkdocs-material/plugins/tags/),
	// on a page the author writes (its tags_file or marker), published as
	// that page; no page per tag.
	l.Markup.NoTags, l.NoTagPages = true, true
	// Nor any other of Obsidian's syntax: Python-Markdown reads
	// "[[A S]](url)" as a link whose text is "[A S]", and "[[x]]",
	// "![[x]]", "==x==" and "%%x%%" as text (measured, MkDocs 1.4;
	// NullianityWiki/mkdocs-wiki). The alias plugin's [[alias]] and
	// pymdownx.mark's ==x== are read when listed (AliasPlugin, Mark).
	l.Markup.NoObsidianSyntax = true
	// Heading ids: toc's default slugify and unique (slug.go).
	l.Markup.Slug, l.Markup.PythonUnique = Slug, true
	// Quotes, dashes and ellipses stay as written unless smarty is listed
	// (https://python-markdown.github.io/extensions/smarty/).
	l.Markup.StraightQuotes = true
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return l, nil
	}
	root := doc.Content[0]
	// A key set twice keeps its last value, as PyYAML reads it (5thSRD's
	// mkdocs.yml ends with an empty plugins:, so MkDocs runs the default
	// plugins only); the build reports it.
	var lines = map[string][]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k := root.Content[i].Value
		lines[k] = append(lines[k], root.Content[i].Line)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if ls := lines[root.Content[i].Value]; len(ls) > 1 && ls[0] == root.Content[i].Line {
			l.Tolerated = append(l.Tolerated, layout.DuplicateKey{Key: root.Content[i].Value, Lines: ls}.Error(file))
		}
	}
	get := func(key string) *yaml.Node {
		var last *yaml.Node
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == key {
				last = root.Content[i+1]
			}
		}
		return last
	}
	str := func(key string) string {
		if n := get(key); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
			l.Read = append(l.Read, key)
			return n.Value
		}
		return ""
	}
	if d, err := l.ContentFolder(dir, "docs_dir", str("docs_dir")); err != nil {
		return nil, err
	} else if d != "" {
		l.Content = d
	}
	// MkDocs 1.5 changed the title a heading gives ("Page titles will be
	// deduced from any style of heading"): a site that pins an older
	// MkDocs is titled by its rule.
	l.RawH1Title = pinsBefore15(dir)
	l.Settings.Title = str("site_name")
	// Its themes' <title> (mkdocs, readthedocs and Material's base.html):
	// "{{ page.title }} - {{ config.site_name }}", the site's name alone
	// on the home page.
	if l.Settings.Title != "" {
		suffix := " - " + l.Settings.Title
		l.TitleSuffix, l.SuffixNotHome = &suffix, true
	}
	// "site_url: Set the canonical URL of the site"
	// (https://www.mkdocs.org/user-guide/configuration/#site_url).
	l.Settings.BaseURL, l.Settings.BaseURLKey = str("site_url"), "site_url"
	l.Settings.Copyright = str("copyright")
	// use_directory_urls: false: the table of
	// https://www.mkdocs.org/user-guide/configuration/#use_directory_urls,
	// "api-guide.md | api-guide/ | api-guide.html", "about/license.md |
	// about/license/ | about/license.html", "index.md | ./ | ./index.html":
	// each page written as that file, and so is sitegen's.
	if n := get("use_directory_urls"); n != nil && n.Kind == yaml.ScalarNode && n.Value == "false" {
		l.Read = append(l.Read, "use_directory_urls")
		l.FileURL = func(string, map[string]any) bool { return true }
	}
	// exclude_docs and draft_docs: .gitignore patterns under docs_dir.
	// MkDocs always puts ".*" (hidden names, which sitegen never
	// publishes) and "/templates/" before exclude_docs.
	l.UnpublishedPaths[0].Patterns = layout.ParseIgnore(append([]string{defaultExcludes}, patterns(get("exclude_docs"))...)...)
	if p := patterns(get("draft_docs")); len(p) > 0 {
		l.UnpublishedPaths = append(l.UnpublishedPaths, layout.PathRule{Reason: DraftReason, Patterns: layout.ParseIgnore(p...), Preview: true})
	}
	for _, key := range []string{"exclude_docs", "draft_docs"} {
		if get(key) != nil {
			l.Read = append(l.Read, key)
		}
	}
	// "language: A code representing the language of your site"
	// (https://www.mkdocs.org/user-guide/configuration/#theme, the
	// built-in themes' option; Material's too): the pages' <html lang>
	// and sitegen's words around them.
	if lang := themeKey(get("theme"), "language"); lang != "" {
		l.Settings.LanguageCode = lang
	}
	if themeName(get("theme")) == "material" {
		l.Read = append(l.Read, "theme")
		if slices.Contains(themeFeatures(get("theme")), "navigation.sections") {
			// "When sections are enabled, top-level sections are rendered
			// as groups in the sidebar" (https://squidfunk.github.io/mkdocs-material/setup/setting-up-navigation/#navigation-sections):
			// their entries show whatever page is open.
			l.NavUnfold = 1
		}
		l.Hide = materialHide
		l.DocTitle = materialDocTitle
	}
	if n := get("nav"); n != nil {
		l.Nav = navEntries(n, 0, nil)
		// A nav: path names a file of the docs folder, or, with the i18n
		// plugin, the default language's version of it.
		var i18nOpts *yaml.Node
		if slices.Contains(plugins(get("plugins")), I18n) {
			i18nOpts = extOptions(get("plugins"), I18n)
		}
		inDocs := func(rel string) bool { return layout.Exists(dir, path.Join(l.Content, rel), false) }
		navFileExists := func(rel string) bool { return inDocs(i18nNavFile(i18nOpts, rel, inDocs)) }
		l.Notes = append(l.Notes, missingNavPages(n, file, l.Content, navFileExists)...)
		// The home page is "is_top_level and is_index" (mkdocs.structure.pages.Page),
		// is_top_level "self.parent is None": an index.md nav: puts in a
		// section is titled as any page ("Home - Site").
		if slices.ContainsFunc(l.Nav, func(e layout.NavEntry) bool { return e.Depth > 0 && (e.Path == "index.md" || e.Path == "README.md") }) {
			l.SuffixNotHome = false
		}
		if themeName(get("theme")) == "material" && slices.Contains(themeFeatures(get("theme")), "navigation.indexes") {
			l.Nav = navIndexes(l.Nav, navFileExists)
		}
		// "This setting is used to determine the format and layout of
		// the global navigation for the site": its sections are the
		// navigation's, wherever their pages' files are.
		l.NavAsWritten = true
		// The home page is a page of the reading order only when nav:
		// lists it ("Any pages not listed ... will not be included in the
		// previous and next links").
		l.HomeInNav = slices.ContainsFunc(l.Nav, func(e layout.NavEntry) bool { return e.Path == "index.md" || e.Path == "README.md" })
		l.Read = append(l.Read, fmt.Sprintf("nav (%d entries)", len(l.Nav)))
	}
	// "markdown_extensions: [attr_list]": Python-Markdown's attr_list
	// (https://python-markdown.github.io/extensions/attr_list/), also
	// under its full name.
	for _, ext := range names(get("markdown_extensions")) {
		switch ext {
		case "attr_list", "markdown.extensions.attr_list":
			l.Markup.AttrList = true
			l.Read = append(l.Read, "markdown_extensions attr_list")
		case "pymdownx.arithmatex":
			// "Arithmatex searches for the patterns $...$ and \(...\)
			// for inline math, and $$...$$, \[...\], and
			// \begin{}...\end{} for block math"
			// (https://facelessuser.github.io/pymdown-extensions/extensions/arithmatex/):
			// the dollar forms, rendered as MathML (the
			// backslash forms are not read: Markdown's escapes).
			l.Markup.Math = true
			l.Read = append(l.Read, "markdown_extensions pymdownx.arithmatex")
			l.Notes = append(l.Notes, fmt.Sprintf("%s: %s", file, layout.MathNote("pymdownx.arithmatex")))
		case "pymdownx.emoji":
			// https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/:
			// ":smile:" emoji, ":material-…:" and the other bundled
			// sets' icons, and options.custom_icons' folders of SVGs.
			l.Markup.Emoji = true
			l.Markup.CustomIcons = customIcons(dir, extOptions(get("markdown_extensions"), ext))
			l.Read = append(l.Read, "markdown_extensions pymdownx.emoji")
		case Snippets:
			// https://facelessuser.github.io/pymdown-extensions/extensions/snippets/
			// (snippets.go): --8<-- "file" lines are that file's lines.
			snip := newSnippeter(extOptions(get("markdown_extensions"), ext))
			l.Expand = snip.expand
			l.Read = append(l.Read, "markdown_extensions "+ext)
		case "pymdownx.caret":
			// "insert: Enable insert feature", "superscript: Enable
			// superscript feature", both true by default
			// (https://facelessuser.github.io/pymdown-extensions/extensions/caret/#options).
			l.Markup.Caret = forms(extOptions(get("markdown_extensions"), ext), "insert", "ins", "superscript", "sup")
			l.Read = append(l.Read, "markdown_extensions "+ext)
		case "pymdownx.tilde":
			// "delete", "subscript", both true by default
			// (https://facelessuser.github.io/pymdown-extensions/extensions/tilde/#options).
			l.Markup.Tilde = forms(extOptions(get("markdown_extensions"), ext), "delete", "del", "subscript", "sub")
			l.Read = append(l.Read, "markdown_extensions "+ext)
		case "smarty", "markdown.extensions.smarty":
			// "The SmartyPants extension converts ASCII dashes, quotes and
			// ellipses to their HTML entity equivalents"
			// (https://python-markdown.github.io/extensions/smarty/).
			l.Markup.StraightQuotes = false
			l.Read = append(l.Read, "markdown_extensions "+ext)
		case "pymdownx.magiclink":
			// "MagicLink scans for URLs and emails and converts them to
			// links" (https://facelessuser.github.io/pymdown-extensions/extensions/magiclink/).
			l.Markup.MagicLink = true
			l.Read = append(l.Read, "markdown_extensions "+ext)
		case "pymdownx.tasklist":
			// "Task lists are lists of items that have checkboxes"
			// (https://facelessuser.github.io/pymdown-extensions/extensions/tasklist/).
			l.Markup.TaskList = true
			l.Read = append(l.Read, "markdown_extensions "+ext)
		case "pymdownx.mark":
			// "==mark me==" (https://facelessuser.github.io/pymdown-extensions/extensions/mark/).
			l.Markup.Mark = true
			l.Read = append(l.Read, "markdown_extensions "+ext)
		}
	}
	pluginNames := plugins(get("plugins"))
	if slices.Contains(pluginNames, AwesomePages) {
		pluginNames = slices.DeleteFunc(pluginNames, func(n string) bool { return n == AwesomePages })
		if err := readAwesomePages(l, dir, file, get("nav"), get("plugins"), get("theme")); err != nil {
			return nil, err
		}
	}
	if slices.Contains(pluginNames, AwesomeNav) {
		pluginNames = slices.DeleteFunc(pluginNames, func(n string) bool { return n == AwesomeNav })
		if err := readAwesomeNav(l, dir, file, get("nav"), get("plugins"), get("theme"), get("not_in_nav")); err != nil {
			return nil, err
		}
	}
	if slices.Contains(pluginNames, IncludeMarkdown) {
		pluginNames = slices.DeleteFunc(pluginNames, func(n string) bool { return n == IncludeMarkdown })
		if l.Expand != nil { // pymdownx.snippets too: after the plugin
			l.Expand = chain(ExpandIncludes, l.Expand)
		} else {
			l.Expand = ExpandIncludes
		}
		l.Read = append(l.Read, "plugin "+IncludeMarkdown)
	}
	// mkdocs-roamlinks-plugin and mkdocs-ezlinks-plugin link [[name]] to
	// the file of that name anywhere in docs_dir, as Obsidian does: the
	// layout reads Obsidian's syntax again.
	for _, name := range WikiLinkPlugins {
		if slices.Contains(pluginNames, name) {
			pluginNames = slices.DeleteFunc(pluginNames, func(n string) bool { return n == name })
			l.Markup.NoObsidianSyntax = false
			l.Read = append(l.Read, "plugin "+name)
		}
	}
	if slices.Contains(pluginNames, AliasPlugin) {
		pluginNames = slices.DeleteFunc(pluginNames, func(n string) bool { return n == AliasPlugin })
		l.Markup.AliasPlugin = true
		l.Read = append(l.Read, "plugin "+AliasPlugin)
	}
	// MkDocs' themes show no date; Material's "Last update" is the
	// git-revision-date-localized plugin's (and git-revision-date's):
	// "the date of the last update … obtained from Git"
	// (https://squidfunk.github.io/mkdocs-material/setup/adding-a-git-repository/#document-dates).
	l.LastUpdated = layout.UpdatedBy(false)
	for _, name := range []string{"git-revision-date-localized", "git-revision-date"} {
		if slices.Contains(pluginNames, name) {
			l.LastUpdated = layout.UpdatedBy(true)
			pluginNames = slices.DeleteFunc(pluginNames, func(n string) bool { return n == name })
		}
	}
	// toc's [TOC] marker (toc.go), after the text is whole.
	if x := dropTOCMarker(tocMarker(get("markdown_extensions"))); x != nil {
		if l.Expand != nil {
			l.Expand = chain(l.Expand, x)
		} else {
			l.Expand = x
		}
	}
	if slices.Contains(pluginNames, RedirectsPlugin) {
		pluginNames = slices.DeleteFunc(pluginNames, func(n string) bool { return n == RedirectsPlugin })
		readRedirectMaps(l, file, extOptions(get("plugins"), RedirectsPlugin), l.FileURL == nil,
			func(rel string) bool { return layout.Exists(dir, path.Join(l.Content, rel), false) })
	}
	// Last: each other language's site starts from a copy of this
	// layout.
	if slices.Contains(pluginNames, I18n) {
		pluginNames = slices.DeleteFunc(pluginNames, func(n string) bool { return n == I18n })
		readI18n(l, dir, extOptions(get("plugins"), I18n))
	}
	if names := pluginNames; len(names) == 1 {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: plugin %s not implemented: the pages are built as MkDocs builds them without this plugin", file, names[0]))
	} else if len(names) > 1 {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: plugins %s not implemented: the pages are built as MkDocs builds them without these plugins", file, strings.Join(names, ", ")))
	}
	noteExtraAssets(l, file, get)
	return l, nil
}

// noteExtraAssets names extra_css and extra_javascript in a note: "Set a
// list of CSS files (relative to docs_dir) to be included by the theme,
// typically as <link> tags", "… JavaScript files … as <script> tags"
// (https://www.mkdocs.org/user-guide/configuration/#extra_css). sitegen
// applies neither: its pages carry no author script (raw HTML <script> is
// removed) and keep their own style sheet, within the page-weight budget;
// a remote URL is never fetched (the build is offline). The local files
// are published with docs_dir.
func noteExtraAssets(l *layout.Layout, file string, get func(string) *yaml.Node) {
	if css := extraFiles(get("extra_css")); len(css) > 0 {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: extra_css %s not applied: the pages use sitegen's own style sheet "+
			"(the local files are published; a remote URL is never fetched or linked)", file, strings.Join(css, ", ")))
	}
	if js := extraFiles(get("extra_javascript")); len(js) > 0 {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: extra_javascript %s not applied: sitegen's pages carry no author script "+
			"(the local files are published; a remote URL is never fetched or linked; sitegen draws mermaid diagrams itself)", file, strings.Join(js, ", ")))
	}
}

// extraFiles returns the entries of an extra_css or extra_javascript
// list: a path, or (MkDocs 1.5) a mapping with path: ("- path: x.mjs
// type: module").
func extraFiles(n *yaml.Node) []string {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	var files []string
	for _, it := range n.Content {
		switch it.Kind {
		case yaml.ScalarNode:
			if it.Value != "" {
				files = append(files, it.Value)
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(it.Content); i += 2 {
				if it.Content[i].Value == "path" && it.Content[i+1].Value != "" {
					files = append(files, it.Content[i+1].Value)
				}
			}
		}
	}
	return files
}

// keepName is MkDocs' URL segment for a file or folder name: the name as
// it is, spaces and case kept ("My Page.md" at /My%20Page/, "Blender
// Examples/cube.blend" at that path).
func keepName(name string) string { return name }

// readAwesomePages gives the layout the navigation of the awesome-pages
// plugin's .pages files (awesome.go) and its options in plugins:
// (filename, collapse_single_pages, order, sort_type, order_by,
// ignore_case). "This plugin won't do anything if your mkdocs.yml
// defines a nav" (nor does sitegen: nav: wins). The navigation is
// MkDocs' own, as the plugin rewrites it: shown as built (NavAsWritten).
func readAwesomePages(l *layout.Layout, dir, file string, navNode, plugins, theme *yaml.Node) error {
	if !layout.Exists(dir, l.Content, true) {
		return nil // no docs_dir: the build says so
	}
	opt, err := awesomeOpts(file, extOptions(plugins, AwesomePages))
	if err != nil {
		return err
	}
	opt.Indexes = slices.Contains(themeFeatures(theme), "navigation.indexes")
	if navNode != nil {
		// "This plugin won't do anything if your mkdocs.yml defines a
		// nav ... To make use of the features listed below, you'll
		// either have to remove the entry completely or add a ... entry
		// to it."
		nav, ok, err := awesomeRestNav(dir, l.Content, l.Markup.Extensions, opt, file, navNode)
		if err != nil {
			return err
		}
		l.FolderSettings = append(l.FolderSettings, cmp.Or(opt.Filename, pagesFile))
		if !ok {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: plugin %s: the .pages files are not read, as the plugin does not read them when nav: is set without a ... entry", file, AwesomePages))
			return nil
		}
		l.Nav = nav
		l.HomeInNav = slices.ContainsFunc(l.Nav, func(e layout.NavEntry) bool { return e.Path == "index.md" || e.Path == "README.md" })
		l.Read = append(l.Read, fmt.Sprintf("%s: nav's ... entries filled", AwesomePages))
		return nil
	}
	nav, notes, warns, files, err := awesomeNav(dir, l.Content, l.Markup.Extensions, opt)
	if err != nil {
		return err
	}
	l.FolderSettings = append(l.FolderSettings, cmp.Or(opt.Filename, pagesFile))
	if files == 0 && opt == (awesomeOptions{Indexes: opt.Indexes}) {
		return nil
	}
	l.Nav = nav
	l.NavAsWritten = true
	l.HomeInNav = slices.ContainsFunc(l.Nav, func(e layout.NavEntry) bool { return e.Path == "index.md" || e.Path == "README.md" })
	l.Read = append(l.Read, fmt.Sprintf("%s: %d %s files", AwesomePages, files, cmp.Or(opt.Filename, pagesFile)))
	for _, n := range notes {
		l.Notes = append(l.Notes, fmt.Sprintf("%s (plugin %s): not read; the navigation is built without it", n, AwesomePages))
	}
	for _, w := range warns {
		l.Notes = append(l.Notes, fmt.Sprintf("%s (plugin %s)", w, AwesomePages))
	}
	return nil
}

// awesomeOpts reads the awesome-pages plugin's options (its entry's
// mapping in plugins:, nil for none): "filename", "collapse_single_pages",
// and the sort keys, "Global fallback values for the Meta attributes".
func awesomeOpts(file string, n *yaml.Node) (awesomeOptions, error) {
	var o awesomeOptions
	if n == nil || n.Kind != yaml.MappingNode {
		return o, nil
	}
	var raw struct {
		Filename            string `yaml:"filename"`
		CollapseSinglePages bool   `yaml:"collapse_single_pages"`
		Order               string `yaml:"order"`
		SortType            string `yaml:"sort_type"`
		OrderBy             string `yaml:"order_by"`
		IgnoreCase          *bool  `yaml:"ignore_case"`
	}
	if err := n.Decode(&raw); err != nil {
		return o, &layout.ConfigError{File: file, Line: n.Line, Col: n.Column, Msg: "plugins: " + AwesomePages + ": " + err.Error()}
	}
	if raw.Filename != "" && (strings.ContainsAny(raw.Filename, "/\\") || raw.Filename == "..") {
		return o, &layout.ConfigError{File: file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf("plugins: %s: filename %q is not a file name", AwesomePages, raw.Filename)}
	}
	o.Filename, o.CollapseSingle = raw.Filename, raw.CollapseSinglePages
	o.sortKeys = sortKeys{Order: raw.Order, SortType: raw.SortType, OrderBy: raw.OrderBy, IgnoreCase: raw.IgnoreCase}
	return o, nil
}

// themeFeatures is Material for MkDocs' theme: features: list.
func themeFeatures(n *yaml.Node) []string {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "features" && n.Content[i+1].Kind == yaml.SequenceNode {
			var out []string
			for _, f := range n.Content[i+1].Content {
				out = append(out, f.Value)
			}
			return out
		}
	}
	return nil
}

// WikiLinkPlugins are the plugins: that read [[name]] as a link to the
// file of that name, as Obsidian does.
var WikiLinkPlugins = []string{"roamlinks", "ezlinks"}

// AliasPlugin is mkdocs-alias-plugin's name in plugins: (layout.Markup.AliasPlugin).
const AliasPlugin = "alias"

// What the build's report says of what MkDocs does not publish.
const (
	ExcludeReason = "exclude_docs (MkDocs)"
	DraftReason   = "draft_docs (MkDocs)"
)

// defaultExcludes is what MkDocs puts before exclude_docs, but for ".*"
// (hidden names, which sitegen never publishes, whatever a "!" says).
const defaultExcludes = "/templates/"

// patterns reads exclude_docs or draft_docs: a block of lines (as MkDocs
// documents it) or a list of them.
func patterns(n *yaml.Node) []string {
	switch {
	case n == nil:
		return nil
	case n.Kind == yaml.ScalarNode:
		return []string{n.Value}
	case n.Kind == yaml.SequenceNode:
		var out []string
		for _, c := range n.Content {
			if c.Kind == yaml.ScalarNode {
				out = append(out, c.Value)
			}
		}
		return out
	}
	return nil
}

// themeName is the name of theme: ("theme: material", or its name:).
func themeName(n *yaml.Node) string {
	if n != nil && n.Kind == yaml.ScalarNode {
		return n.Value
	}
	return themeKey(n, "name")
}

// themeKey is the scalar key of theme: when it is a mapping, "" else.
func themeKey(n *yaml.Node, key string) string {
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key && n.Content[i+1].Kind == yaml.ScalarNode {
			return n.Content[i+1].Value
		}
	}
	return ""
}

// materialDocTitle is Material for MkDocs' <title> of a page whose
// metadata sets a title (base.html, 8.2 and 9: "{% if page and page.meta
// and page.meta.title %}{{ page.meta.title }} - {{ config.site_name }}{%
// elif page and page.title and not page.is_homepage %}{{ page.title |
// striptags }} - {{ config.site_name }}{% else %}{{ config.site_name }}{%
// endif %}"): that title, on the home page too and over the nav: label;
// "" for any other page, whose <title> is the themes' common rule
// (layout.Layout.TitleSuffix, SuffixNotHome).
func materialDocTitle(_, site string, meta map[string]any) string {
	var t string
	switch v := meta["title"].(type) {
	case string:
		t = v
	case int, int64, uint64, float64, bool:
		t = fmt.Sprint(v)
	}
	if t == "" {
		return ""
	}
	return t + " - " + site
}

// materialHide reads Material for MkDocs' hide: front matter, a list of
// the parts of the page not shown
// (https://squidfunk.github.io/mkdocs-material/setup/setting-up-navigation/#hiding-the-sidebars
// and .../setup/setting-up-the-footer/#hiding-prev-next-links): "toc"
// its table of contents, "navigation" the navigation sidebar, "footer"
// its previous and next links, "path" the navigation path (breadcrumbs;
// squidfunk/mkdocs-material#6705: "hide: - path"). "tags" hides what
// sitegen does not show on an MkDocs page.
func materialHide(meta map[string]any) (toc, nav, pager, path bool) {
	list, _ := meta["hide"].([]any)
	for _, v := range list {
		switch v {
		case "toc":
			toc = true
		case "navigation":
			nav = true
		case "footer":
			pager = true
		case "path":
			path = true
		}
	}
	return toc, nav, pager, path
}

// navLabel is a nav title as MkDocs' themes show it, printed unescaped (a
// character reference shows as its character, a tag as markup): its text
// (layout.LabelText) and the inline markup ("" for a title without any), cleaned by sitegen's
// raw-HTML policy (layout.NavLabel); what the policy removes of a label
// (an onclick, a link inside the entry's link) is dropped, its text kept.
func navLabel(s string) (text, markup string) {
	var z *rawhtml.Sanitizer
	if strings.Contains(s, "<") {
		z = rawhtml.New()
	}
	text, markup, _ = layout.NavLabel(s, z)
	return text, markup
}

// navEntries flattens MkDocs' nav: (a list whose items are "page.md",
// {Title: page.md}, {Title: [items]} or {Title: https://…}, a link
// anywhere: navLinkURL) in order.
func navEntries(n *yaml.Node, depth int, out []layout.NavEntry) []layout.NavEntry {
	if n.Kind != yaml.SequenceNode {
		return out
	}
	for _, item := range n.Content {
		switch item.Kind {
		case yaml.ScalarNode:
			if p := pagePath(item.Value); p != "" {
				out = append(out, layout.NavEntry{Path: p, Depth: depth})
			}
		case yaml.MappingNode:
			for i := 0; i+1 < len(item.Content); i += 2 {
				// The themes print the title as written: a character
				// reference in it shows as its character, a tag as
				// markup (<b>Higurashi</b>: the word, in bold).
				title, titleHTML := navLabel(item.Content[i].Value)
				v := item.Content[i+1]
				switch v.Kind {
				case yaml.ScalarNode:
					if p := pagePath(v.Value); p != "" {
						out = append(out, layout.NavEntry{Path: p, Title: title, TitleHTML: titleHTML, Depth: depth})
					} else if v.Value != "" {
						// "nav: ... - 'Bug Tracker': 'https://example.com/'":
						// a link, printed as the themes print it.
						link, asWritten := navLinkURL(v.Value)
						out = append(out, layout.NavEntry{Title: title, TitleHTML: titleHTML, Link: link, LinkAsWritten: asWritten, Depth: depth})
					}
				case yaml.SequenceNode:
					out = append(out, layout.NavEntry{Title: title, TitleHTML: titleHTML, Depth: depth})
					out = navEntries(v, depth+1, out)
				}
			}
		}
	}
	return out
}

// navIndexes is Material for MkDocs' navigation.indexes on a nav: of
// mkdocs.yml (sectionIndexes on the .pages plugin's tree): a section
// whose first entry is an index page (index.md or README.md) that exists
// links to that page, which is not listed again below it and keeps its
// own title (layout.NavEntry.SectionIndex).
func navIndexes(nav []layout.NavEntry, exists func(rel string) bool) []layout.NavEntry {
	out := make([]layout.NavEntry, 0, len(nav))
	for i := 0; i < len(nav); i++ {
		e := nav[i]
		if e.Path == "" && e.Link == "" && i+1 < len(nav) {
			if c := nav[i+1]; c.Depth == e.Depth+1 && c.Path != "" && mkdocsIndex(path.Base(c.Path)) && exists(c.Path) {
				e.Path, e.SectionIndex, e.IndexPageTitle = c.Path, true, c.Title
				i++ // the index page is the section's link
			}
		}
		out = append(out, e)
	}
	return out
}

// missingNavPages notes the entries of nav (the yaml node n) that name a
// Markdown file the docs folder (content) does not have (exists says
// whether it does): MkDocs 1.4 builds them with "WARNING - A relative path to
// 'x.md' is included in the 'nav' configuration, which is not found in
// the documentation files" and links the path as written, a dead link;
// sitegen shows its title as text, with this warning at its line.
func missingNavPages(n *yaml.Node, file, content string, exists func(rel string) bool) []string {
	var notes []string
	check := func(v *yaml.Node) {
		if p := pagePath(v.Value); p != "" && !exists(p) {
			notes = append(notes, fmt.Sprintf("%s:%d: nav names %s, which is not in %s/: shown as text, not a link (MkDocs links it as written, a dead link)",
				file, v.Line, v.Value, content))
		}
	}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		for _, item := range n.Content {
			switch item.Kind {
			case yaml.ScalarNode:
				check(item)
			case yaml.MappingNode:
				for i := 0; i+1 < len(item.Content); i += 2 {
					switch v := item.Content[i+1]; v.Kind {
					case yaml.ScalarNode:
						check(v)
					case yaml.SequenceNode:
						walk(v)
					}
				}
			}
		}
	}
	walk(n)
	return notes
}

// pagePath is a nav item's docs-relative Markdown path, or "" for a link
// elsewhere.
func pagePath(v string) string {
	if strings.Contains(v, "://") || !strings.HasSuffix(v, ".md") {
		return ""
	}
	return path.Clean(strings.TrimPrefix(v, "/"))
}

// plugins returns the names of the plugins that mkdocs.yml's plugins:
// lists and sitegen does not implement, in their order: "A list of
// plugins. Each item may contain a string name or a key value pair"
// (or a dict of them). search, MkDocs' own, is left out: sitegen builds
// its own search.
func plugins(n *yaml.Node) []string {
	return slices.DeleteFunc(names(n), func(name string) bool { return name == "search" })
}

// names returns the names a list of plugins or of markdown_extensions
// gives: "Each item may contain a string name or a key value pair" (or
// a dict of them).
func names(n *yaml.Node) []string {
	if n == nil {
		return nil
	}
	var names []string
	add := func(name string) {
		if name != "" {
			names = append(names, name)
		}
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for _, it := range n.Content {
			switch {
			case it.Kind == yaml.ScalarNode:
				add(it.Value)
			case it.Kind == yaml.MappingNode && len(it.Content) >= 2:
				add(it.Content[0].Value)
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			add(n.Content[i].Value)
		}
	}
	return names
}

// extOptions returns the settings of the extension name in a list of
// markdown_extensions ("- pymdownx.emoji: {options: …}"), or nil.
func extOptions(list *yaml.Node, name string) *yaml.Node {
	if list == nil || list.Kind != yaml.SequenceNode {
		return nil
	}
	for _, it := range list.Content {
		if it.Kind == yaml.MappingNode && len(it.Content) >= 2 && it.Content[0].Value == name {
			return it.Content[1]
		}
	}
	return nil
}

// forms returns the forms of pymdownx.caret or tilde its settings
// leave on: the option key1 (default true) gives form1, key2 form2.
func forms(settings *yaml.Node, key1, form1, key2, form2 string) []string {
	on := map[string]bool{key1: true, key2: true}
	if settings != nil && settings.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(settings.Content); i += 2 {
			k, v := settings.Content[i].Value, settings.Content[i+1]
			if _, ok := on[k]; ok && v.Kind == yaml.ScalarNode {
				// PyYAML's false: false, no, off, in any case.
				switch strings.ToLower(v.Value) {
				case "false", "no", "off":
					on[k] = false
				}
			}
		}
	}
	var out []string
	if on[key1] {
		out = append(out, form1)
	}
	if on[key2] {
		out = append(out, form2)
	}
	return out
}

// maxCustomIcons bounds the icon files read from custom_icons folders.
const maxCustomIcons = 10_000

// customIcons returns the names of the SVG icons of pymdownx.emoji's
// options.custom_icons folders (relative to the project), as shortcodes
// name them: "command" for .icons/command.svg, "brand-x" for
// .icons/brand/x.svg, as Material names its own: "icons can be used
// similar to emojis, by referencing a valid path to any icon bundled with
// the theme, which are located in the .icons directory, and replacing /
// with -" (https://squidfunk.github.io/mkdocs-material/reference/icons-emojis/).
// Only names are read, never a file's content; a folder that is missing
// or outside the project gives none.
func customIcons(dir string, settings *yaml.Node) []string {
	var folders []string
	if settings != nil && settings.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(settings.Content); i += 2 {
			if settings.Content[i].Value != "options" || settings.Content[i+1].Kind != yaml.MappingNode {
				continue
			}
			opts := settings.Content[i+1]
			for j := 0; j+1 < len(opts.Content); j += 2 {
				if opts.Content[j].Value == "custom_icons" {
					folders = append(folders, names(opts.Content[j+1])...)
				}
			}
		}
	}
	var icons []string
	for _, f := range folders {
		rel := filepath.Clean(filepath.FromSlash(f))
		if filepath.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		root := filepath.Join(dir, rel)
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || len(icons) >= maxCustomIcons {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() && strings.EqualFold(filepath.Ext(p), ".svg") {
				r, _ := filepath.Rel(root, p)
				icons = append(icons, strings.ReplaceAll(filepath.ToSlash(strings.TrimSuffix(r, filepath.Ext(r))), "/", "-"))
			}
			return nil
		})
	}
	return icons
}
