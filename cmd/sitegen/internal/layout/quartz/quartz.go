// Package quartz recognises a Quartz v4 site (quartz.config.ts beside a
// content/ folder) or a Quartz 5 site (quartz.config.yaml beside it, the
// same settings in YAML, its plugins a list of sources: yaml.go) and implements the rules Quartz documents for it
// (https://quartz.jzhao.xyz/):
//
//   - Where pages come from: content/ holds the notes; the
//     configuration's ignorePatterns (fast-glob patterns, Quartz's default
//     private, templates and .obsidian) are left out; hidden files are
//     never read. content/index.md is the home page, folder/index.md a
//     folder's page. Without content/index.md Quartz warns ("you seem to
//     be missing an `index.md` home page file") and makes no home page
//     (FolderPage skips the root): a content/index.html is then the home,
//     published as it is (Layout.HTMLHome).
//   - .gitignore files under content/ leave out what they name, as
//     Quartz's globby (gitignore: true) reads them (layout.ReadGitignore,
//     layout.GlobbyBase); the build's report counts them.
//   - What is not published: the filters, read from quartz.config.ts:
//     RemoveDrafts (Quartz's default) leaves out a note with draft: true,
//     ExplicitPublish publishes only a note with publish: true (Publish).
//     Files that are not Markdown are published whatever the filters say,
//     as Quartz publishes them.
//   - Links: Markdown links and wikilinks resolve by CrawlLinks'
//     markdownLinkResolution: shortest (a unique file name, else the path
//     from content/), relative (from the linking note's folder) or
//     absolute (from content/), matching slugs exactly, as Quartz does
//     (Index).
//   - URLs: a file's path with spaces made "-", "&" "-and-", "%"
//     "-percent", "?" and "#" dropped, case kept (slugifyFilePath). A
//     note is written as a file, Rules/Dice.md as Rules/Dice.html, as
//     Quartz writes it (quartz/plugins/emitters/helpers.ts write:
//     "joinSegments(ctx.argv.output, slug + ext)", ext ".html" for
//     ContentPage), which the hosts Quartz deploys to serve at Quartz's
//     URL, /Rules/Dice, its links' (CrawlLinks drops the extension);
//     sitegen links it as /Rules/Dice.html, which every host serves
//     (layout.Layout.FileURL). A folder's page is its folder,
//     Rules/index.html, as Quartz's FolderPage writes it.
//   - Titles: the front matter's title, else the file's name as written
//     ("index" for an index.md, the root's too), shown above the note as Quartz's
//     ArticleTitle does; a # heading the note starts with stays in its
//     text, one level down (eval12A NA4: "AB Testing" above
//     "Definition:"). The pages Quartz makes: a folder without an
//     index.md "Folder: " and its slug (FolderPage), a tag's page "Tag: "
//     and the slugged tag, the list of tags "Tag Index" (TagPage), in
//     the words of configuration.locale (Words; en-US for a locale not
//     carried), English with 4.0.x's "Tag: #x" when package.json's
//     version is older than 4.2, which brought i18n.
//   - Quartz 5's canvas-page plugin, when enabled, makes each .canvas
//     file a page of its nodes (expandCanvas); otherwise a .canvas file
//     is published as it is.
//   - Redirects: with the AliasRedirects emitter in plugins.emitters (in
//     Quartz's own configuration), each of a note's aliases is a redirect
//     page at the alias's slug, resolved from the note's folder when it
//     starts with "." (AliasRedirect); a redirect is never written over
//     a page.
//   - Navigation: the Explorer's default order: folders first, then by
//     display name, case- and accent-insensitive, numbers by value
//     (localeCompare with numeric and base sensitivity). A folder's name
//     is its index.md's title, else the folder's own name. A folder's
//     and a tag's page list their notes in PageList's order instead:
//     folders first, newest first by configuration.defaultDateType
//     (ListDate), then by lowercase title (CollateText).
//   - Settings: configuration.pageTitle, baseUrl (a host and path without
//     https://), locale; pageTitleSuffix ends every page's <title>, which
//     is the note's title and that suffix, as Quartz's Head writes it.
//   - What Quartz tolerates: a link to a note that does not exist (Quartz
//     publishes it dead; sitegen reports it, a warning with
//     --broken-links warn).
//
// quartz.config.ts is read without running Node, by the reader of every
// layout's JavaScript settings (jsconfig.ParseCalls: its plugins are
// calls, read with their arguments); a setting it cannot read falls back to
// Quartz's default for it, and the build's first line says so; a setting
// written `process.env.NAME ?? "literal"` (Quartz's own template) is the
// literal, as Quartz builds it without NAME set.
//
// quartz.layout.ts beside it (https://quartz.jzhao.xyz/layout) is read
// by the same reader (jsconfig.ParseCalls: its exported page layouts,
// sharedPageComponents with defaultContentPageLayout for the notes and
// defaultListPageLayout for folder and tag listings) for its components
// (explorer.go): a layout that places no Explorer leaves its pages
// without navigation (the list layout: sitegen's section pages, folders
// and tags); where both place one, sitegen's pages show the notes'
// Explorer, and a warning at the line says where the listings' has
// other options or sits in a ConditionalRender whose condition sitegen
// cannot run; without Component.Explorer the site
// has no navigation, without Component.Backlinks no "Linked from" list;
// the Explorer's options title, folderDefaultState ("open" unfolds every
// folder), folderClickBehavior, and its sortFn and filterFn in the forms
// https://quartz.jzhao.xyz/features/explorer documents (files first;
// a Set of names to omit; a tag to exclude; filterFn: undefined) and
// its mapFn in the documented forms (display names upper or lower case,
// an emoji prefix by folder or file: the navigation's labels) are
// applied; any other function, and sortFn: undefined, is a warning at its
// line, and the default (folders first, every note listed, labels
// unchanged) stands.
package quartz

import (
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// ConfigFile is the file Quartz reads its settings from.
const ConfigFile = "quartz.config.ts"

// ContentDir is the folder of the notes.
const ContentDir = "content"

// maxConfig bounds the quartz.config.ts read; a configuration is
// kilobytes.
const maxConfig = 1 << 20

// DefaultIgnore are the ignorePatterns of Quartz's own quartz.config.ts.
var DefaultIgnore = []string{"private", "templates", ".obsidian"}

// Config is what sitegen reads of quartz.config.ts.
type Config struct {
	PageTitle string
	// PageTitleSuffix ends each page's <title> (configuration.pageTitleSuffix,
	// as written, spaces kept; "" when unset).
	PageTitleSuffix string
	BaseURL         string // "quartz.jzhao.xyz", as written
	Locale          string
	// DateType is configuration.defaultDateType: created, modified or
	// published ("" when unset or unread: DefaultDateType).
	DateType string
	// NoGitDates: the CreatedModifiedDate transformer's priority leaves
	// out "git" (4.2's ["frontmatter", "filesystem"]), so a note's
	// modified date without one in its front matter is its file's.
	NoGitDates bool
	Ignore     []string
	// RemoveDrafts and ExplicitPublish are the filters configured.
	RemoveDrafts, ExplicitPublish bool
	// Unknown are the other filters, which sitegen does not run.
	Unknown []string
	// Links is CrawlLinks' markdownLinkResolution.
	Links string
	// NewTab is CrawlLinks' openLinksInNewTab: "When true, configures
	// external links to open in a new tab. Defaults to false"
	// (https://quartz.jzhao.xyz/plugins/CrawlLinks).
	NewTab bool
	// Canvas: Quartz 5's canvas-page plugin is enabled, which makes each
	// .canvas file a page (expandCanvas).
	Canvas bool
	// AliasRedirects is whether the AliasRedirects emitter is configured
	// (true when the emitters are not read: Quartz's own configuration
	// has it).
	AliasRedirects bool
	// Latex is whether the Latex transformer is configured, which reads
	// $…$ and $$…$$ as formulas (true when the transformers are not read:
	// Quartz's own configuration has it).
	Latex bool
	// HardLineBreaks is whether the HardLineBreaks transformer is
	// configured, which shows a paragraph's single line breaks as breaks
	// (false when the transformers are not read: Quartz's own
	// configuration does not list it).
	HardLineBreaks bool
	// Notes say what could not be read and which default was used.
	Notes []string
	// NotRun are warnings naming the transformers that are not Quartz's
	// own (a site's own plugin, quartz/plugins/transformers/x.ts), which
	// sitegen does not run.
	NotRun []string
	src    []byte // quartz.config.ts, for a value read as text (envFallback)
}

// Recognise returns the layout of the Quartz site at dir, or nil when dir
// has no quartz.config.ts (Quartz 4) or quartz.config.yaml (Quartz 5)
// beside a content/ folder (or the folder its build names). When both are there (a site part-way through
// its move to Quartz 5), quartz.config.ts is read: sitegen's decision.
//
// A repository that keeps only its notes and its settings, copied over a
// checkout of Quartz by its build (a Dockerfile's COPY
// customisations/quartz.config.ts), has content/ at its root and
// quartz.config.ts one folder down: when the root has no settings file,
// the one quartz.config.ts in a folder just below it (not hidden, not
// content/ nor node_modules) is read (nestedConfig); with two such
// folders, neither.
//
// A site whose settings are at the root and whose notes are in another
// folder, built with `quartz build -d DIR` ("`-d` or `--directory`: the
// content folder. This is normally just `content`",
// https://quartz.jzhao.xyz/build), is read from the DIR its GitHub
// Actions workflow or a package.json script names (buildDirectory), when
// it has no content/. With no settings file at dir, a quartz/ folder
// below it whose build names a folder inside dir (-d ../vault) is read
// with that folder as content (nestedBuild), else, when that folder
// holds a whole Quartz project (quartz.config.ts beside its own content/
// with notes in it, Koreji-Yamisora/Qxartia's source/ built by `npx
// quartz build` in ./source), with its content/: the vault around it is
// not the site; and a folder that a Quartz
// project beside or above it publishes is built with that project's
// quartz.config.ts, its ignorePatterns and filters (outerProject).
func Recognise(dir string) (*layout.Layout, error) {
	content, from := ContentDir, ""
	cfgDir, file, outer := dir, ConfigFile, ""
	if !layout.Exists(dir, ContentDir, true) {
		if !layout.Exists(dir, ConfigFile, false) && !layout.Exists(dir, YAMLConfigFile, false) {
			if sub := nestedConfig(dir); sub != "" { // the repository's root: quartz/ publishes vault/
				if content, from = nestedBuild(dir, path.Dir(sub)); content != "" {
					return recognise(dir, dir, sub, content, from)
				}
				if own := path.Join(path.Dir(sub), ContentDir); hasNotes(dir, own) { // source/ is the whole project
					l, err := recognise(dir, dir, sub, own, "")
					if l != nil {
						l.Read = append([]string{fmt.Sprintf("content folder %s (the Quartz project in %s/, its quartz.config.ts beside its content/): only its notes published, not the rest of this folder", own, path.Dir(sub))}, l.Read...)
					}
					return l, err
				}
			}
			if cfgDir, from = outerProject(dir); cfgDir == "" {
				return nil, nil
			}
			content, outer = ".", filepath.ToSlash(filepath.Join("..", filepath.Base(cfgDir), ConfigFile))
			if abs, _ := filepath.Abs(dir); filepath.Dir(abs) == cfgDir {
				outer = "../" + ConfigFile
			}
			return recognise(dir, cfgDir, outer, content, from)
		}
		if content, from = buildDirectory(dir); content == "" {
			return nil, nil
		}
	}
	if !layout.Exists(dir, file, false) {
		file = YAMLConfigFile
	}
	if !layout.Exists(dir, file, false) {
		if file = nestedConfig(dir); file == "" {
			return nil, nil
		}
	}
	return recognise(dir, cfgDir, file, content, from)
}

// recognise is the layout of the Quartz site whose notes are content
// (source-relative) and whose settings are file, read from cfgDir: dir
// itself, or the outer project (outerProject) that publishes dir, file
// then named as seen from dir ("../quartz/quartz.config.ts").
func recognise(dir, cfgDir, file, content, from string) (*layout.Layout, error) {
	readFile := file
	if cfgDir != dir {
		readFile = ConfigFile
	}
	l := &layout.Layout{Kind: layout.Quartz, File: file, Content: content,
		ExcludeNames: []string{".obsidian", ".trash", "node_modules"},
		Pages:        Rules{}, Expand: Expand, HTMLHome: true, PathNotes: true}
	// Head.tsx: "<title>{title}</title>", the page's frontmatter title
	// (and pageTitleSuffix): the home page's own.
	l.HomeTitle = true
	var c Config
	if path.Base(file) == YAMLConfigFile {
		m, err := l.DecodeSettings(dir, file) // the link rule of every settings file
		if err != nil {
			return nil, err
		}
		c = ReadYAMLConfig(m)
		if err := c.readOverride(dir); err != nil {
			return nil, err
		}
	} else {
		raw, err := layout.ReadSetting(cfgDir, readFile) // the link rule of every settings file
		if err != nil {
			return nil, err
		}
		if len(raw) > maxConfig {
			return nil, &layout.ConfigError{File: file, Msg: fmt.Sprintf("longer than %d MB, the most sitegen reads of a Quartz configuration", maxConfig>>20)}
		}
		c = ReadConfig(raw)
		if file != readFile { // the notes name the file read
			for _, notes := range [][]string{c.Notes, c.NotRun} {
				for i, n := range notes {
					if rest, ok := strings.CutPrefix(n, ConfigFile); ok {
						notes[i] = file + rest
					}
				}
			}
		}
	}
	l.Links = Finder(c.Links)
	l.FileURL = noteFile
	l.TagSlug = SlugTag
	l.TagFiles = true
	// TagPage: "tag === "index" ? i18n(locale).pages.tagContent.tagIndex :
	// `${i18n(locale).pages.tagContent.tag}: ${tag}`" (tagPage.tsx), the
	// tag as slugTag made it, in the words of the locale and of the
	// Quartz version package.json names.
	words := WordsFor(c.Locale, packageVersion(cfgDir))
	rules := &Rules{Words: words}
	if path.Base(file) == ConfigFile {
		// quartz.layout.ts beside quartz.config.ts.
		base, rel, prefix := cfgDir, LayoutFile, strings.TrimSuffix(file, ConfigFile)
		if cfgDir == dir {
			rel = prefix + LayoutFile
		}
		if err := readExplorer(l, rules, base, rel, prefix); err != nil {
			return nil, err
		}
	}
	l.Pages = *rules
	l.TagTitle = func(written []string) string { return words.TagTitle(written[0]) }
	l.TagIndexTitle = words.TagIndexTitle()
	// tagPage.tsx's computeTagInfo: "// add base tag tags.add("index")",
	// whatever the notes' tags: tags/index.html is always written.
	l.TagIndexAlways = true
	// sitegen's previous and next links name a note as the Explorer does,
	// alone: a folder's page by its name, not by the title Quartz gives
	// it ("Folder: Magic/Schools"), with no section before.
	l.PagerLabel = func(map[string]any) string { return "" }
	// A folder's and a tag's page list their notes by
	// byDateAndAlphabeticalFolderFirst (quartz/components/PageList.tsx):
	// "Sort folders first", then "sort descending" by date, "otherwise,
	// sort lexographically by title": "f1Title.localeCompare(f2Title)"
	// of the lowercase titles.
	l.ListDate = ListDate(cmp.Or(c.DateType, DefaultDateType), !c.NoGitDates)
	l.ListCompare = CollateText
	if c.AliasRedirects {
		l.AliasRedirect = AliasRedirect
	}
	if c.Latex {
		// "This plugin adds LaTeX support to Quartz"
		// (https://quartz.jzhao.xyz/plugins/Latex): remark-math's $…$
		// and $$…$$.
		l.Markup.Math = true
		l.Read = append(l.Read, "plugins.transformers Plugin.Latex")
		l.Notes = append(l.Notes, ConfigFile+": "+layout.MathNote("Plugin.Latex"))
	}
	if c.NewTab {
		l.Markup.ExternalNewTab = true
		l.Read = append(l.Read, "CrawlLinks openLinksInNewTab")
	}
	if c.HardLineBreaks {
		// "This plugin automatically converts single line breaks in
		// Markdown text into hard line breaks in the HTML output"
		// (https://quartz.jzhao.xyz/plugins/HardLineBreaks): remark-breaks.
		l.Markup.HardWraps = true
		l.Read = append(l.Read, "plugins.transformers Plugin.HardLineBreaks")
	}
	if c.Canvas {
		l.Markup.Extensions = append(l.Markup.Extensions, CanvasExt)
		l.Expand = func(file string, src []byte, read func(string) ([]byte, error)) layout.Expanded {
			if strings.HasSuffix(file, CanvasExt) {
				return expandCanvas(src)
			}
			return Expand(file, src, read)
		}
		l.Read = append(l.Read, "canvas-page (.canvas files are pages)")
	}
	l.Notes = append(l.Notes, c.NotRun...)
	l.Unpublished = func(meta map[string]any, _ string) string { return c.Publish(meta) }
	l.Ignore = c.Ignored()
	// Quartz finds its notes with globby and gitignore: true, cwd the
	// content folder (quartz/util/glob.ts).
	if err := l.ReadGitignore(dir, layout.GlobbyBase); err != nil {
		return nil, err
	}
	l.Settings.Title = c.PageTitle
	// Head.tsx: "const titleSuffix = cfg.pageTitleSuffix ?? """, the
	// <title> "(fileData.frontmatter?.title ?? …) + titleSuffix": the
	// note's title and the suffix, never the site's pageTitle.
	l.TitleSuffix = &c.PageTitleSuffix
	if c.BaseURL != "" {
		l.Settings.BaseURL, l.Settings.BaseURLKey = baseURL(c.BaseURL), "baseUrl"
	}
	l.Settings.LanguageCode = c.Locale
	for _, k := range []struct{ key, val string }{{"pageTitle", c.PageTitle}, {"pageTitleSuffix", c.PageTitleSuffix}, {"baseUrl", c.BaseURL}, {"locale", c.Locale}} {
		if k.val != "" {
			l.Read = append(l.Read, k.key)
		}
	}
	switch {
	case cfgDir != dir:
		l.Read = append(l.Read, fmt.Sprintf("the Quartz site's configuration %s, which publishes this folder (quartz build -d in %s): its ignorePatterns and filters applied", file, from))
	case from != "":
		l.Read = append(l.Read, fmt.Sprintf("content folder %s (quartz build -d %s in %s)", content, content, from))
	}
	l.Read = append(l.Read, "ignorePatterns "+strings.Join(c.Ignore, ", "))
	l.Read = append(l.Read, "filters "+c.filters())
	l.Read = append(l.Read, "markdownLinkResolution "+c.Links)
	l.Read = append(l.Read, c.Notes...)
	return l, nil
}

// noteFile is the layout's FileURL: Quartz writes every note at its
// slug + ".html" (ContentPage, through quartz/plugins/emitters/helpers.ts
// write, Quartz 4.5.1); a folder's index.md is its folder's page, never asked. A note
// under tags/ is the text of its tag's page ("you can also provide a
// description and title for a tag page by creating a file for each tag",
// https://quartz.jzhao.xyz/features/folder-and-tag-listings), which
// Quartz's TagPage emitter writes at the same file, tags/monster.html
// (slug "tags/monster", ext ".html"), as sitegen writes its tag pages
// (layout.Layout.TagFiles).
func noteFile(string, map[string]any) bool { return true }

// baseURL is Quartz's baseUrl (a host and path, "Do not include the
// protocol") as a URL.
func baseURL(s string) string {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "://") {
		s = "https://" + strings.TrimLeft(s, "/")
	}
	return strings.TrimRight(s, "/") + "/"
}

// filters describes the filters configured.
func (c Config) filters() string {
	var f []string
	if c.RemoveDrafts {
		f = append(f, "RemoveDrafts")
	}
	if c.ExplicitPublish {
		f = append(f, "ExplicitPublish (only notes with publish: true)")
	}
	if len(f) == 0 {
		f = append(f, "none")
	}
	return strings.Join(f, ", ")
}

// Publish says why a note whose front matter is fm is not published, ""
// when it is, as the configured filters decide:
// RemoveDrafts: "filters out all pages with draft: true in the
// frontmatter"; ExplicitPublish: "filter out all notes except for any that
// have publish: true in the frontmatter". Quartz's filters take the
// boolean true or the string "true".
func (c Config) Publish(fm map[string]any) string {
	if c.RemoveDrafts && isTrue(fm["draft"]) {
		return "it has draft: true (Quartz's RemoveDrafts filter)"
	}
	if c.ExplicitPublish && !isTrue(fm["publish"]) {
		return "it has no publish: true (Quartz's ExplicitPublish filter)"
	}
	return ""
}

// isTrue is Quartz's test: `=== true || === "true"`.
func isTrue(v any) bool {
	b, ok := v.(bool)
	s, isStr := v.(string)
	return ok && b || isStr && s == "true"
}

// Ignored returns what leaves out a content-relative path (a folder when
// dir) by the ignore patterns: fast-glob's syntax, as Quartz passes
// ignorePatterns to globby ("Any valid fast-glob pattern works here",
// https://quartz.jzhao.xyz/features/private-pages), read by the one glob
// rule of every layout (layout.ParseGlobs): a pattern is matched against
// the whole path from content/ ("private" is content/private, "**/private"
// a private folder anywhere); a folder, and all it holds, is left out by a
// pattern whose last name has no wildcard; !(pattern) leaves out the
// files that do not match pattern, as Quartz's documentation describes it.
func (c Config) Ignored() func(rel string, dir bool) bool {
	return layout.ParseGlobs(c.Ignore...).Match
}

// ReadConfig reads the settings of quartz.config.ts; what it cannot read
// is Quartz's default, with a note.
func ReadConfig(src []byte) Config {
	f := jsconfig.ParseCalls(src)
	c := Config{Links: "shortest", RemoveDrafts: true, Ignore: DefaultIgnore, AliasRedirects: true, Latex: true, src: src}
	root, ok := f.Root.(*jsconfig.Object)
	if !ok {
		c.Notes = append(c.Notes, fmt.Sprintf("%s: its exported configuration is not a literal sitegen reads: Quartz's defaults used (RemoveDrafts, shortest links)", ConfigFile))
		return c
	}
	if conf := root.Object("configuration"); conf != nil {
		c.PageTitle = c.str(conf, "pageTitle")
		if conf.Has("pageTitleSuffix") {
			if suffix, ok := conf.String("pageTitleSuffix"); ok {
				c.PageTitleSuffix = suffix // as written: " · Site" keeps its space
			} else {
				c.Notes = append(c.Notes, c.note(conf, "pageTitleSuffix", "none"))
			}
		}
		c.BaseURL = c.str(conf, "baseUrl")
		c.Locale = c.str(conf, "locale")
		c.DateType = c.str(conf, "defaultDateType")
		if conf.Has("ignorePatterns") {
			if pats, ok := strs(conf.Get("ignorePatterns")); ok {
				c.Ignore = pats
			} else {
				c.Notes = append(c.Notes, c.note(conf, "ignorePatterns", "Quartz's default, "+strings.Join(DefaultIgnore, ", ")))
			}
		}
	} else {
		c.Notes = append(c.Notes, "configuration: not a literal sitegen reads: no title, base URL or ignorePatterns read")
	}
	plugins := root.Object("plugins")
	c.readFilters(plugins)
	c.readLinks(plugins)
	c.readEmitters(plugins)
	return c
}

// str returns the string setting key of o, noting a value it cannot read.
func (c *Config) str(o *jsconfig.Object, key string) string {
	if !o.Has(key) {
		return ""
	}
	if s, ok := o.String(key); ok {
		return strings.TrimSpace(s)
	}
	if name, lit, ok := envFallback(c.src, o.Lines[key], key); ok {
		c.Notes = append(c.Notes, fmt.Sprintf("%s:%d: %s is process.env.%s ?? %q: the environment is not read, %q used, as Quartz builds it without %s set", ConfigFile, o.Lines[key], key, name, lit, lit, name))
		return strings.TrimSpace(lit)
	}
	c.Notes = append(c.Notes, c.note(o, key, "not set"))
	return ""
}

// envFallbackRE is `key: process.env.NAME ?? "literal"` (or 'literal').
var envFallbackRE = regexp.MustCompile(`^\s*["']?(\w+)["']?\s*:\s*process\.env\.(\w+)\s*\?\?\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*,?\s*(?://.*)?$`)

// envFallback reads `key: process.env.NAME ?? "literal"` on line (1-based)
// of src: the value is the literal when NAME is not set, as it is not
// under a plain `npx quartz build` (evaluate3 G1). The config is read as
// text, never run.
func envFallback(src []byte, line int, key string) (name, lit string, ok bool) {
	lines := strings.Split(string(src), "\n")
	if line < 1 || line > len(lines) {
		return "", "", false
	}
	m := envFallbackRE.FindStringSubmatch(strings.TrimRight(lines[line-1], "\r"))
	if m == nil || m[1] != key {
		return "", "", false
	}
	q := m[3]
	if q[0] == '\'' {
		q = `"` + strings.ReplaceAll(strings.ReplaceAll(q[1:len(q)-1], `\'`, `'`), `"`, `\"`) + `"`
	}
	lit, err := strconv.Unquote(q)
	if err != nil {
		return "", "", false
	}
	return m[2], lit, true
}

func (c *Config) note(o *jsconfig.Object, key, instead string) string {
	return fmt.Sprintf("%s:%d: %s is computed, not read: %s", ConfigFile, o.Lines[key], key, instead)
}

// strs reads a list of strings.
func strs(v any) ([]string, bool) {
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// readFilters reads plugins.filters: the calls Plugin.RemoveDrafts() and
// Plugin.ExplicitPublish(). A filters value it cannot read keeps Quartz's
// default (RemoveDrafts), unless its text names ExplicitPublish: then
// ExplicitPublish too, so that a note is never published that the site
// may keep private.
func (c *Config) readFilters(plugins *jsconfig.Object) {
	if plugins == nil || !plugins.Has("filters") {
		if plugins == nil {
			c.Notes = append(c.Notes, "plugins: not a literal sitegen reads: Quartz's default filter RemoveDrafts used")
		}
		return
	}
	v := plugins.Get("filters")
	list, ok := v.([]any)
	if !ok {
		text := describe(v)
		c.ExplicitPublish = strings.Contains(text, "ExplicitPublish")
		c.Notes = append(c.Notes, c.note(plugins, "filters", "RemoveDrafts"+map[bool]string{true: " and ExplicitPublish, which it names", false: ""}[c.ExplicitPublish]))
		return
	}
	c.RemoveDrafts = false
	for _, x := range list {
		switch calledPlugin(x) {
		case "RemoveDrafts":
			c.RemoveDrafts = true
		case "ExplicitPublish":
			c.ExplicitPublish = true
		default:
			text := describe(x)
			if strings.Contains(text, "ExplicitPublish") {
				c.ExplicitPublish = true
			}
			c.Unknown = append(c.Unknown, text)
			c.Notes = append(c.Notes, fmt.Sprintf("%s:%d: filter %s is not run by sitegen", ConfigFile, line(x, plugins.Lines["filters"]), text))
		}
	}
}

// quartzTransformers are the transformers Quartz 4 ships
// (quartz/plugins/transformers/index.ts); OxHugoFlavouredMarkdown is
// exported with both spellings across its versions.
var quartzTransformers = map[string]bool{
	"FrontMatter": true, "GitHubFlavoredMarkdown": true, "Citations": true, "CreatedModifiedDate": true,
	"Latex": true, "Description": true, "CrawlLinks": true, "ObsidianFlavoredMarkdown": true,
	"OxHugoFlavoredMarkdown": true, "OxHugoFlavouredMarkdown": true, "SyntaxHighlighting": true,
	"TableOfContents": true, "HardLineBreaks": true, "RoamFlavoredMarkdown": true,
}

// readLinks reads CrawlLinks' markdownLinkResolution from
// plugins.transformers ("absolute" when CrawlLinks sets none, its
// default), and whether they list Plugin.Latex and Plugin.HardLineBreaks;
// a transformer that is not Quartz's own is named in NotRun: "Quartz's
// plugins are a series of transformations over content"
// (https://quartz.jzhao.xyz/advanced/making-plugins), and sitegen runs
// none of a site's own.
func (c *Config) readLinks(plugins *jsconfig.Object) {
	list, ok := plugins.Get("transformers").([]any)
	if ok {
		c.Latex = false
		for _, x := range list {
			switch name := calledPlugin(x); name {
			case "Latex":
				c.Latex = true
			case "HardLineBreaks":
				c.HardLineBreaks = true
			case "CreatedModifiedDate":
				c.NoGitDates = !gitDates(x)
			default:
				if name != "" && !quartzTransformers[name] {
					c.NotRun = append(c.NotRun, fmt.Sprintf("%s:%d: transformer %s is not one of Quartz's own: sitegen does not run it, so what it changes in the notes shows as written",
						ConfigFile, line(x, plugins.Lines["transformers"]), describe(x)))
				}
			}
		}
	}
	if !ok {
		if plugins.Has("transformers") {
			c.Notes = append(c.Notes, c.note(plugins, "transformers", "links resolve as Quartz's own configuration has them, shortest"))
		}
		return
	}
	for _, x := range list {
		cl, ok := x.(jsconfig.Call)
		if !ok || !strings.HasSuffix(cl.Callee, "CrawlLinks") {
			continue
		}
		c.Links = "absolute"
		if len(cl.Args) == 0 {
			return
		}
		opts, ok := cl.Args[0].(*jsconfig.Object)
		if !ok {
			c.Notes = append(c.Notes, fmt.Sprintf("%s:%d: CrawlLinks' options are computed, not read: links resolve shortest", ConfigFile, cl.Line))
			c.Links = "shortest"
			return
		}
		if s, ok := opts.String("markdownLinkResolution"); ok {
			switch s {
			case layout.LinksShortest, layout.LinksRelative, layout.LinksAbsolute:
				c.Links = s
			default:
				c.Notes = append(c.Notes, fmt.Sprintf("%s:%d: markdownLinkResolution %q is not one of shortest, relative, absolute: absolute used", ConfigFile, opts.Lines["markdownLinkResolution"], s))
			}
		}
		c.NewTab, _ = opts.Get("openLinksInNewTab").(bool)
		return
	}
}

// gitDates reports whether the call x, Plugin.CreatedModifiedDate({
// priority: […] }), reads dates from git: its priority lists "git", or
// is not given or not read (the plugin's default, "frontmatter", "git",
// "filesystem").
func gitDates(x any) bool {
	cl, ok := x.(jsconfig.Call)
	if !ok || len(cl.Args) == 0 {
		return true
	}
	opts, ok := cl.Args[0].(*jsconfig.Object)
	if !ok || !opts.Has("priority") {
		return true
	}
	pri, ok := strs(opts.Get("priority"))
	return !ok || slices.Contains(pri, "git")
}

// readEmitters reads whether plugins.emitters calls
// Plugin.AliasRedirects(); a value it cannot read counts as having it
// when its text names it.
func (c *Config) readEmitters(plugins *jsconfig.Object) {
	if plugins == nil || !plugins.Has("emitters") {
		return
	}
	v := plugins.Get("emitters")
	list, ok := v.([]any)
	if !ok {
		c.AliasRedirects = strings.Contains(describe(v), "AliasRedirects")
		return
	}
	c.AliasRedirects = false
	for _, x := range list {
		if calledPlugin(x) == "AliasRedirects" {
			c.AliasRedirects = true
		}
	}
}

// AliasRedirect is the site path of the redirect Quartz's AliasRedirects
// emitter writes for alias of the note rel (quartz/plugins/emitters/
// aliases.ts): the alias's slug (frontmatter.ts getAliasSlugs:
// slugifyFilePath of the alias with ".md" added), joined to the note's
// folder when it is relative (isRelativeURL: it starts with "."), written
// at slug + ".html", as sitegen writes it too (noteFile), a folder's
// index at the folder; "" when it leads outside the site.
func AliasRedirect(rel, alias string) string {
	if !strings.HasSuffix(alias, ".md") {
		alias += ".md"
	}
	slug := Slug(alias)
	if strings.HasPrefix(slug, ".") && path.Base(slug) != "index" {
		slug = path.Join(path.Dir(Slug(rel)), slug)
	}
	slug = path.Clean(strings.TrimPrefix(slug, "/"))
	if slug == "." || slug == ".." || strings.HasPrefix(slug, "../") {
		return ""
	}
	if slug == "index" {
		return "/"
	}
	if folder, ok := strings.CutSuffix(slug, "/index"); ok {
		return "/" + folder + "/"
	}
	return "/" + slug + ".html"
}

// describe is the text of a value for a note.
func describe(v any) string {
	switch v := v.(type) {
	case jsconfig.Computed:
		return v.Text
	case jsconfig.Call:
		return v.Callee + "(…)"
	}
	return fmt.Sprint(v)
}

// line is the line of a value, or fallback.
func line(v any, fallback int) int {
	switch v := v.(type) {
	case jsconfig.Computed:
		return v.Line
	case jsconfig.Call:
		return v.Line
	}
	return fallback
}

// maxNoteSearch bounds how many entries hasNotes reads.
const maxNoteSearch = 10000

// hasNotes reports whether the source-relative folder rel of dir is
// usable (inside dir, not hidden, not a link out) and holds a Markdown
// note, at any depth outside hidden folders, within maxNoteSearch
// entries: a Quartz checkout's content/ with only .gitkeep holds none.
func hasNotes(dir, rel string) bool {
	if usable(dir, rel) == "" {
		return false
	}
	n, found := 0, false
	_ = filepath.WalkDir(filepath.Join(dir, filepath.FromSlash(rel)), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if n++; n > maxNoteSearch {
			return fs.SkipAll
		}
		if strings.HasPrefix(d.Name(), ".") && n > 1 {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() && d.Type().IsRegular() && strings.HasSuffix(strings.ToLower(d.Name()), ".md") {
			found = true
			return fs.SkipAll
		}
		return nil
	})
	return found
}

// maxNested bounds how many entries of the source folder nestedConfig
// reads: a repository's root holds tens.
const maxNested = 1000

// nestedConfig is the source-relative quartz.config.ts of the one folder
// just below dir that has one (not hidden, not content/ nor
// node_modules), "" when none or more than one has.
func nestedConfig(dir string) string {
	f, err := os.Open(dir)
	if err != nil {
		return ""
	}
	defer f.Close()
	entries, err := f.ReadDir(maxNested)
	if err != nil && len(entries) == 0 {
		return ""
	}
	found := ""
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || strings.HasPrefix(name, ".") || name == ContentDir || name == "node_modules" {
			continue
		}
		if rel := path.Join(name, ConfigFile); layout.Exists(dir, rel, false) {
			if found != "" {
				return ""
			}
			found = rel
		}
	}
	return found
}

// calledPlugin is the name of the plugin a list item of plugins calls
// ("RemoveDrafts" for Plugin.RemoveDrafts()), "" for an item that is no
// call.
func calledPlugin(x any) string {
	cl, ok := x.(jsconfig.Call)
	if !ok {
		return ""
	}
	return cl.Callee[strings.LastIndexByte(cl.Callee, '.')+1:]
}
