// Package vitepress recognises a VitePress site and implements the rules
// of VitePress 1.x's documentation (https://vitepress.dev/guide/routing,
// https://vitepress.dev/reference/site-config,
// https://vitepress.dev/reference/default-theme-sidebar,
// https://vitepress.dev/guide/markdown#custom-containers,
// https://vitepress.dev/reference/default-theme-home-page):
//
//   - The project root is the folder holding .vitepress/ with its
//     config.{js,ts,mjs,mts} (or config/index.*): the source folder itself,
//     else its docs/ (`vitepress dev docs`). The settings are read without
//     running Node (package jsconfig); a computed value falls back to the
//     documented default, with a note.
//   - Pages: every .md file under srcDir (default ".", relative to the
//     project root), except node_modules/, dist/ and hidden names, and
//     the srcExclude globs, which are not published and which the
//     build's report counts (layout.PathRule); srcDir/public/'s files
//     are published at the site's root as they are, and its .md files
//     are pages too, at their own path (public/a.md at /public/a.html).
//   - URLs: file-based, "guide/getting-started.md" at
//     /guide/getting-started.html, "guide/index.md" at /guide/, as
//     VitePress writes them (HTMLURL); with cleanUrls: true, which needs a
//     server that serves /x for x.html, sitegen publishes each as a folder
//     (/guide/getting-started/), which serves both. Relative links resolve
//     from the page's file, with or without .md or .html.
//   - Title: `title` (default "VitePress"); each page's <title> is
//     VitePress's createTitle: "Page | Site", titleTemplate (settings,
//     locale, front matter) applied, the site's title alone for a page
//     with none (title.go, layout.Layout.DocTitle); `base` is the deploy path,
//     with sitemap.hostname the site's URL. Images are given the base,
//     those of raw HTML (<img src="/assets/x.png">) too, and checked
//     (https://vitepress.dev/guide/asset-handling#base-url); raw HTML's
//     <a href> is written as it is, as VitePress writes it.
//   - Navigation: themeConfig.sidebar, an array of items ({text, link,
//     items, base, collapsed}) or an object of such arrays (or {base,
//     items}) keyed by path prefix, shown as configured: its order,
//     labels and groups; a page it does not list is published, reachable
//     by its links, and not in the navigation; a link from the root to
//     no page stays, linked as VPLink writes it (/x.html), which the
//     server answers with the 404 page, and a warning says so, in a
//     locale's sidebar too (noPageEntry). Without a sidebar or top
//     bar (or with a sidebar that is computed), the pages' tree; a sidebar computed by a call
//     of one sidebar-shaped argument ("buildSidebar(manualSidebar)") is
//     not run: the argument as written, then the pages it does not list
//     (layout.NavRest), with a note. themeConfig.nav, the top bar
//     (https://vitepress.dev/reference/default-theme-nav), comes first:
//     its links and dropdowns as written, then the sidebar, if any (topNav).
//   - Previous and next: the sidebar's links in order, by their text
//     (docFooterText where set; the text's inline markup shown, as
//     VPDocFooter's v-html shows it, a front matter's text's too), a link listed again (as written: "/x"
//     and "/x.html" are two) counted once, a page the sidebar does not
//     list (or lists only by a link not from the root, which VitePress
//     never finds current) followed by its first link; a multi-sidebar's
//     keys each a chain of their own, the page's the key with the most
//     "/" its path starts with, none where no key matches
//     (layout.Layout.SidebarKeys); front matter prev/next (false, text,
//     {text, link}, the link written as VitePress's VPLink writes it) and
//     themeConfig.docFooter's false; docFooter's texts (default "Previous
//     page", "Next page") above them; none on a layout other than doc
//     (pager.go, https://vitepress.dev/reference/default-theme-prev-next-links,
//     https://vitepress.dev/reference/default-theme-config#docfooter).
//   - Containers: ::: info|tip|warning|danger|details [title], and raw
//     and v-pre, whose content is shown as it is; ::: code-group's
//     fenced blocks labelled "```js [config.js]" are tabs, each shown
//     open under its label (https://vitepress.dev/guide/markdown#code-groups);
//     with vitepress-plugin-tabs registered (md.use(tabsMarkdownPlugin)),
//     ::: tabs and its "== label" tabs likewise (tabs.go).
//   - A config wrapped in vitepress-plugin-mermaid's withMermaid draws
//     ```mermaid blocks: sitegen shows each as its source under a
//     caption that says so (layout.Markup.Diagrams, mermaid.go).
//   - markdown.math: true reads $…$ and $$…$$ formulas, rendered as
//     MathML at build time (layout.Markup.Math, package markup/math).
//   - [[x]] is text: VitePress's markdown-it has no wikilinks, nor any
//     of Obsidian's syntax; where markdown.config registers the
//     markdown-it-wikilinks plugin, [[page|label]] links where that
//     plugin's rules say (layout.WikiLinks).
//   - Heading ids: VitePress's slugify (Slug), which keeps letters of
//     any script.
//   - Vue's {{ $frontmatter.key }} in the text shows the front matter's
//     value; any other {{ … }} is warned (vue.go). A Vue component the
//     page writes (a PascalCase element: <CustomHome />, "Make sure a
//     custom component's name either contains a hyphen or is in
//     PascalCase", https://vitepress.dev/guide/using-vue#using-components)
//     is not run: only its text is shown, with a warning that says so
//     (layout.Markup.VueComponents).
//   - "Last updated" only when lastUpdated (or themeConfig.lastUpdated)
//     is set, from the page's last commit, not for a file git has not
//     committed nor for a page whose front matter says lastUpdated: false
//     (https://vitepress.dev/reference/default-theme-last-updated).
//   - locales (https://vitepress.dev/guide/i18n): locales.root's title,
//     lang and themeConfig over the top level's; each other key a locale
//     whose pages are srcDir/KEY/, built under /KEY/ with its own title,
//     lang, sidebar and nav, and listed by the language switcher (its
//     links start with the locale's link, or are the locale's home
//     alone with themeConfig.i18nRouting: false); a link to another locale's
//     page leads there; srcExclude applies in each; one 404 page, the
//     root's (locales.go).
//   - layout: home front matter with hero (name, text, tagline, image, actions)
//     and features is shown as a home page.
package vitepress

import (
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
)

// ConfigNames are the files VitePress reads its settings from, in its
// order (resolveUserConfig: config/index.EXT before config.EXT, for each
// extension in turn).
var ConfigNames = func() []string {
	var out []string
	for _, ext := range []string{"js", "ts", "mjs", "mts"} {
		out = append(out, ".vitepress/config/index."+ext, ".vitepress/config."+ext)
	}
	return out
}()

// roots are where a repository keeps its VitePress project: at its root,
// or in docs/ (the layout `vitepress init` suggests).
var roots = []string{".", "docs"}

// Containers are VitePress's container words and the callout kind each
// is shown as; "" shows the content alone.
var Containers = map[string]string{
	"info": "info", "tip": "tip", "warning": "warning", "danger": "danger", "details": "details",
	"raw": "", "v-pre": "", "code-group": "",
}

// ContainerTitles are VitePress's default container titles
// (markdown.container's tipLabel and the others).
var ContainerTitles = map[string]string{
	"info": "INFO", "tip": "TIP", "warning": "WARNING", "danger": "DANGER", "details": "Details",
}

// ExcludeReason is what the build's report says of the pages srcExclude
// names.
const ExcludeReason = "srcExclude (VitePress)"

// DefaultTitle is VitePress's title when the settings give none.
const DefaultTitle = "VitePress"

// published are files of the source folder VitePress never publishes
// (it publishes the files pages reference and public/): code and settings.
var notPublished = []string{
	"*.js", "*.mjs", "*.cjs", "*.ts", "*.mts", "*.cts", "*.jsx", "*.tsx", "*.vue",
	"package.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock", "tsconfig.json",
}

// Recognise returns the layout of the VitePress site at dir, or nil when
// dir has no .vitepress/ settings.
func Recognise(dir string) (*layout.Layout, error) {
	root, file := "", ""
	for _, r := range roots {
		if !layout.Exists(dir, path.Join(r, ".vitepress"), true) {
			continue
		}
		for _, name := range ConfigNames {
			if layout.Exists(dir, path.Join(r, name), false) {
				root, file = r, path.Join(r, name)
				break
			}
		}
		if file != "" {
			break
		}
	}
	if file == "" {
		return nil, nil
	}
	raw, err := layout.ReadSetting(dir, file) // the link rule of every settings file
	if err != nil {
		return nil, err
	}
	raw = withImports(dir, file, raw)
	cfg := jsconfig.Parse(raw)
	l := &layout.Layout{
		Kind: layout.VitePress, File: file, Content: root, Redirects: "aliases",
		// vitepress build writes to .vitepress/dist (outDir's default, "relative
		// to project root"), which its .gitignore leaves out; public/ is its
		// static folder.
		Output:       path.Join(root, ".vitepress/dist"),
		ExcludeNames: []string{"node_modules", "dist"},
		ExcludeGlobs: notPublished,
		FileURLs:     true,
		// "Assets placed in public will be copied to the root of the output
		// directory as-is"; others are published when a page references them
		// (https://vitepress.dev/guide/asset-handling).
		LinkedFilesOnly: true,
		// "all static asset paths are automatically processed to adjust
		// for the different base config value" (#base-url): raw HTML's
		// <img src> too; its <a href> is kept as written.
		RawHTMLImages: true,
		// markdown-it's typographer is off unless markdown.typographer is set.
		// VitePress's markdown-it reads none of Obsidian's syntax; a
		// wikilinks plugin the settings register is read (wikilinks.go).
		// Front matter is read by gray-matter: an opening "---" that is
		// never closed makes the rest of the file front matter
		// (layout.UnclosedToEnd).
		Markup: layout.Markup{Containers: Containers, ContainerTitles: ContainerTitles, StraightQuotes: true, VueComponents: true, NoObsidian: true, Slug: Slug,
			Unclosed: layout.UnclosedToEnd},
		// {{ $frontmatter.key }}, Vue's interpolation (vue.go).
		Expand: Expand,
		// lastUpdated is off unless the settings set it.
		LastUpdated: lastUpdated(false),
	}
	// createTitle: "const title = pageData.title || siteData.title" then
	// " | " and the site's title: the home page's own title first.
	l.HomeTitle = true
	if w, notes := wikiLinks(raw, file); w != nil {
		l.Markup.WikiLinks = w
		l.Read = append(l.Read, WikiPlugin)
		l.Notes = append(l.Notes, notes...)
	}
	if mermaidUsed(raw) { // ```mermaid blocks drawn (mermaid.go)
		l.Markup.Diagrams = true
		l.Read = append(l.Read, MermaidPlugin)
	}
	if tabsUsed(raw) { // ::: tabs with "== label" tabs (tabs.go)
		l.Expand = withTabs
		l.Markup.Containers = maps.Clone(Containers)
		l.Markup.Containers["tabs"] = ""
		l.Read = append(l.Read, TabsPlugin)
	}
	obj, ok := cfg.Root.(*jsconfig.Object)
	if !ok {
		if c, isComputed := cfg.Root.(jsconfig.Computed); isComputed {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: the settings are computed (%s), not read: VitePress's defaults are used", file, c.Text))
		}
		l.Settings.Title = DefaultTitle
		l.DocTitle = docTitle(nil)
		setPager(l, l, dir, nil)
		if err := public(dir, l, 0, 0); err != nil {
			return nil, err
		}
		l.Rules = rules{html: true}
		return l, nil
	}
	note := func(key string, v any) {
		if c, ok := v.(jsconfig.Computed); ok {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: %s not read (computed): the default is used", file, c.Describe(key)))
		}
	}
	str := func(o *jsconfig.Object, key string) string {
		s, ok := o.String(key)
		if ok && s != "" {
			l.Read = append(l.Read, key)
		}
		note(key, o.Get(key))
		return s
	}
	// srcDir is relative to the project root; a folder a setting names,
	// never out of the source or hidden.
	line, col := obj.Lines["srcDir"], obj.Cols["srcDir"]
	if src := str(obj, "srcDir"); src != "" {
		c, err := l.FolderAt(dir, "srcDir", path.Join(root, src), line, col)
		if err != nil {
			return nil, err
		}
		if c != "" {
			l.Content = c
		}
	}
	if err := public(dir, l, line, col); err != nil {
		return nil, err
	}
	l.Settings.Title = str(obj, "title")
	if l.Settings.Title == "" {
		l.Settings.Title = DefaultTitle
	}
	note("titleTemplate", obj.Get("titleTemplate"))
	tmpl, _ := titleTemplate(obj)
	l.DocTitle = docTitle(tmpl)
	l.Settings.LanguageCode = str(obj, "lang")
	base := str(obj, "base")
	if host, _ := obj.Object("sitemap").String("hostname"); host != "" {
		base = strings.TrimSuffix(host, "/") + "/" + strings.TrimPrefix(base, "/")
		l.Read = append(l.Read, "sitemap.hostname")
	}
	l.Settings.BaseURL = base
	note("cleanUrls", obj.Get("cleanUrls"))
	clean := false
	if v, ok := obj.Get("cleanUrls").(bool); ok {
		l.Read = append(l.Read, fmt.Sprintf("cleanUrls %v", v))
		clean = v
	}
	// "lastUpdated: Whether to get the last updated timestamp for each
	// page using Git" (site-config#lastupdated); themeConfig.lastUpdated
	// ({text, formatOptions}) turns it on too (VitePress's resolveConfig:
	// userConfig.lastUpdated ?? !!userConfig.themeConfig?.lastUpdated).
	note("lastUpdated", obj.Get("lastUpdated"))
	on, set := obj.Get("lastUpdated").(bool)
	if !set {
		switch v := obj.Object("themeConfig").Get("lastUpdated").(type) {
		case nil, jsconfig.Computed:
		case bool:
			on = v
		case string:
			on = v != ""
		case float64:
			on = v != 0
		default: // {text, formatOptions}
			on = true
		}
	}
	if on {
		l.LastUpdated = lastUpdated(true)
		l.Read = append(l.Read, "lastUpdated")
	}
	ignoreDeadLinks(l, obj, file)
	// "markdown: { math: true }" (https://vitepress.dev/guide/markdown#math-equations):
	// $…$ and $$…$$ by markdown-it-mathjax3's rules, shown as their TeX
	// source.
	note("markdown.math", obj.Object("markdown").Get("math"))
	if v, _ := obj.Object("markdown").Get("math").(bool); v {
		l.Markup.Math, l.Markup.MathNoDigitAfter = true, true
		l.Read = append(l.Read, "markdown.math")
		l.Notes = append(l.Notes, fmt.Sprintf("%s: %s", file, layout.MathNote("markdown.math")))
	}
	var exclude []string
	switch v := obj.Get("srcExclude").(type) {
	case []any:
		for _, x := range v {
			if s, ok := x.(string); ok {
				exclude = append(exclude, s)
			} else {
				note("srcExclude", x)
			}
		}
	case string: // a glob alone, as fast-glob takes it
		exclude = []string{v}
	default:
		note("srcExclude", v)
	}
	if exclude != nil {
		// "A glob pattern for matching markdown files that should be
		// excluded as source content": pages only, one of the tool's "do
		// not publish" rules, reported; vitepress dev leaves them out too.
		l.UnpublishedPaths = []layout.PathRule{{Reason: ExcludeReason, Patterns: layout.ParseTinyGlobs(exclude...), Pages: true}}
		l.Read = append(l.Read, "srcExclude")
	}
	l.Rules = rules{html: !clean} // before the sidebar, whose links to no page it writes (noPageLink)
	if theme := obj.Object("themeConfig"); theme != nil {
		readTheme(l, theme, sidebarArgument(raw), dir, file, "")
	}
	setPager(l, l, dir, obj.Object("themeConfig"))
	readLocales(l, obj, dir)
	return l, nil
}

// readTheme reads the navigation of themeConfig theme into l: its
// sidebar, then its top bar (topNav). arg is the argument of the call
// that computes the sidebar, when it is one of sidebar shape (nil
// otherwise); prefix is the folder ("fr/") of the locale whose
// navigation it is, its links written with it ("/fr/guide/a"), "" for
// the root's.
func readTheme(l *layout.Layout, theme *jsconfig.Object, arg any, dir, file, prefix string) {
	note := func(key string, v any) {
		if c, ok := v.(jsconfig.Computed); ok {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: %s not read (computed): the default is used", file, c.Describe(key)))
		}
	}
	sb := theme.Get("sidebar")
	if c, computed := sb.(jsconfig.Computed); computed {
		if arg != nil {
			// Not run: what the function does with its argument is
			// not known (XiuXianCore's buildSidebar appends a group of
			// the pages it leaves out). The fallback is the order the
			// author wrote, then the pages it does not list.
			sb = arg
			l.NavRest = true
			l.Notes = append(l.Notes, fmt.Sprintf("%s: %s not run: the navigation follows the sidebar items it is given as written, "+
				"then the pages they do not list", file, c.Describe("themeConfig.sidebar")))
		}
	}
	note("themeConfig.sidebar", sb)
	n := navReader{dir: dir, content: l.Content, layout: l, file: file, prefix: prefix}
	switch sb := sb.(type) {
	case []any:
		n.items(sb, "", 0)
	case *jsconfig.Object:
		for _, key := range sb.Keys { // one sidebar per path prefix, in order
			// Each after a separator but the first
			// (layout.Layout.SidebarKeys): its own chain of previous
			// and next links.
			if len(l.SidebarKeys) > 0 {
				l.Nav = append(l.Nav, layout.NavEntry{Separator: true})
			}
			l.SidebarKeys = append(l.SidebarKeys, localeKey(key, prefix))
			switch v := sb.Values[key].(type) {
			case []any:
				n.items(v, "", 0)
			case *jsconfig.Object:
				base, _ := v.String("base")
				if items, ok := v.Get("items").([]any); ok {
					n.items(items, base, 0)
				}
			default:
				note("themeConfig.sidebar "+key, v)
			}
		}
	}
	if !slices.ContainsFunc(l.Nav, func(e layout.NavEntry) bool { return !e.Separator }) {
		l.Nav, l.SidebarKeys = nil, nil // sidebars with no entry sitegen reads
	}
	if len(l.Nav) > 0 {
		l.Read = append(l.Read, fmt.Sprintf("sidebar (%d entries)", len(l.Nav)-max(len(l.SidebarKeys)-1, 0)))
		// "The sidebar is the main navigation block for your
		// documentation. You can configure the sidebar menu in
		// themeConfig.sidebar": shown as configured, its groups
		// headings over their items; a page it does not list is
		// published, not in it (layout.NavAsWritten).
		l.NavAsWritten = true
	}
	topNav(l, theme, &n)
}

// topNav puts themeConfig.nav, the top bar every page of VitePress's
// default theme shows ("nav: The configuration for the nav menu item",
// https://vitepress.dev/reference/default-theme-nav), first in the
// navigation: its links ({text, link}) and dropdowns ({text, items}, whose
// items may be groups of their own items) as written, activeMatch (which
// only marks the current entry) not read; then a separator and the
// sidebar. Without a sidebar VitePress's default theme shows none, only
// the top bar: its entries alone, no page tree after them (eval11B NB9);
// a page neither lists is published, not in the navigation
// (layout.NavAsWritten), as in VitePress. A page only the top bar links
// (PaulineNemchak/dnd-5e-campaigns's "Vampires Campaign", eval10A NA6)
// is so reachable from every page, as in VitePress.
func topNav(l *layout.Layout, theme *jsconfig.Object, n *navReader) {
	v := theme.Get("nav")
	if c, ok := v.(jsconfig.Computed); ok {
		l.Notes = append(l.Notes, fmt.Sprintf("%s: %s not read (computed): the top bar's links are not in the navigation", n.file, c.Describe("themeConfig.nav")))
		return
	}
	list, ok := v.([]any)
	if !ok {
		return
	}
	sidebar := l.Nav
	l.Nav = nil
	n.items(list, "", 0)
	if len(l.Nav) == 0 {
		l.Nav = sidebar
		return
	}
	l.Read = append(l.Read, fmt.Sprintf("nav (%d entries)", len(l.Nav)))
	l.NavAsWritten = true
	switch _, computed := theme.Get("sidebar").(jsconfig.Computed); {
	case len(sidebar) > 0:
		l.Nav = append(l.Nav, layout.NavEntry{Separator: true})
		l.Nav = append(l.Nav, sidebar...)
	case computed:
		// A sidebar VitePress shows but sitegen could not read: the
		// page tree stands for it, as without the top bar.
		l.Nav = append(l.Nav, layout.NavEntry{Separator: true}, layout.NavEntry{Tree: "."})
	}
}

// sidebarArgument returns the one argument of the call that computes
// themeConfig.sidebar ("buildSidebar(manualSidebar)", its constant read
// out) when it is a sidebar (an array of items, or an object of them);
// nil otherwise.
func sidebarArgument(raw []byte) any {
	obj, ok := jsconfig.ParseCalls(raw).Root.(*jsconfig.Object)
	if !ok {
		return nil
	}
	call, ok := obj.Object("themeConfig").Get("sidebar").(jsconfig.Call)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	switch a := call.Args[0].(type) {
	case []any:
		return a
	case *jsconfig.Object:
		return a
	}
	return nil
}

// public makes srcDir's public/ the layout's static folder ("Assets placed
// in public will be copied to the root of the output directory as-is"),
// its files left out of the content but for its Markdown: VitePress's
// pages are every .md file of srcDir, public/'s too (VitePress 1.6.4
// builds public/a/b.md as the page /public/a/b.html and copies the file
// to /a/b.md). It is where srcDir says, so it is checked as a folder
// that setting names (line and col: where srcDir is written, 0 when it
// is not): never a link out of the source or to a hidden name.
func public(dir string, l *layout.Layout, line, col int) error {
	key := ""
	if line > 0 {
		key = "srcDir"
	}
	p, err := l.FolderAt(dir, key, path.Join(l.Content, "public"), line, col)
	if err != nil {
		return err
	}
	l.Static = []string{p}
	l.Ignore = publicFile
	return nil
}

// publicFile is layout.Layout.Ignore for srcDir's public/: its files are
// the static folder's, not the content's, except its Markdown pages.
func publicFile(rel string, dir bool) bool {
	in, ok := strings.CutPrefix(rel, "public/")
	return ok && in != "" && !dir && !strings.HasSuffix(in, ".md")
}

// navReader flattens themeConfig.sidebar (and themeConfig.nav, whose
// items have the same {text, link, items} shape) into the layout's
// navigation.
type navReader struct {
	dir, content, file string
	// prefix is the folder of the locale whose navigation is read
	// ("fr/"), which its links start with: a link without it is
	// another locale's page, not in this one's navigation.
	prefix string
	layout *layout.Layout
	seen   map[string]bool
	// sanitizer cleans the texts' markup (label), made when one has any.
	sanitizer *rawhtml.Sanitizer
}

// items reads a list of sidebar items: {text, link, items, base}; base
// prefixes the links of the items, an item's own base (not empty)
// replacing the parent's for its own link and its items': "const base =
// item.base || _base; if (base && item.link) item.link = base +
// item.link" (theme-default/support/sidebar.js addBase, VitePress 1.6.4).
func (n *navReader) items(list []any, base string, depth int) {
	for _, x := range list {
		switch it := x.(type) {
		case string: // a bare link
			if p := n.page(base, it); p != "" {
				n.layout.Nav = append(n.layout.Nav, layout.NavEntry{Path: p, Depth: depth, Written: written(base, it)})
			}
		case *jsconfig.Object:
			text, _ := it.String("text")
			text, textHTML := n.label(text)
			link, hasLink := it.String("link")
			children, _ := it.Get("items").([]any)
			b := base
			if nb, ok := it.String("base"); ok && nb != "" {
				b = nb
			}
			p := ""
			if hasLink {
				p = n.page(b, link)
			}
			elsewhere := hasLink && external(link)
			switch {
			case p != "":
				// "docFooterText: Customize text that appears on the
				// footer of previous/next page" (types/default-theme.d.ts).
				footer, _ := it.String("docFooterText")
				footer = layout.LabelText(footer)
				n.layout.Nav = append(n.layout.Nav, layout.NavEntry{Path: p, Title: text, TitleHTML: textHTML, Depth: depth, Written: written(b, link), PagerTitle: footer})
			case elsewhere:
				// Another site's: shown as a link out ("You may also use
				// external links", default-theme-sidebar; nav's
				// target attribute, default-theme-nav#navigation-links).
				target, _ := it.String("target")
				n.layout.Nav = append(n.layout.Nav, layout.NavEntry{Link: link, Target: target, Title: text, TitleHTML: textHTML, Depth: depth})
			case hasLink && children == nil && n.publicFile(link) != "":
				// A file of public/ (a PDF): VPLink writes the link as it
				// is ("!treatAsHtml(pathname)": normalizeLink returns it
				// unchanged, shared.js 1.6.4), and the pager lists it.
				n.layout.Nav = append(n.layout.Nav, layout.NavEntry{Link: n.publicFile(link), Title: text, TitleHTML: textHTML, Depth: depth})
			case hasLink && children == nil && strings.HasPrefix(written(b, link), "/"):
				// A site path no page is at: VitePress links it all the
				// same, the server answering with its 404 page (its
				// dead-link check reads the pages, not the theme's
				// settings); sitegen keeps the entry, linked as VPLink
				// writes it (noPageLink), and says so. A locale's
				// sidebar likewise (n.noPageEntry).
				e, missing := n.noPageEntry(written(b, link))
				e.Title, e.TitleHTML, e.Depth = text, textHTML, depth
				n.layout.Nav = append(n.layout.Nav, e)
				if missing {
					n.layout.Notes = append(n.layout.Notes, fmt.Sprintf("%s: %q links %q, where no page is: linked as VitePress links it, to the 404 page", n.file, text, link))
				}
			case hasLink && children == nil:
				// A link not from the root ("guide/x"), which the browser
				// reads from the page shown: left out, and said.
				n.layout.Notes = append(n.layout.Notes, fmt.Sprintf("%s: %q links %q, where no page is: left out of the navigation", n.file, text, link))
			case children != nil:
				// "collapsed": set, the group folds; false, it starts open
				// (https://vitepress.dev/reference/default-theme-sidebar#collapsible-sidebar-groups).
				collapsed, fold := it.Get("collapsed").(bool)
				n.layout.Nav = append(n.layout.Nav, layout.NavEntry{Title: text, TitleHTML: textHTML, Depth: depth, Collapsible: fold, Open: fold && !collapsed})
			case !hasLink && text != "":
				// Text alone ({text: 'Lost Frontier'}): VitePress shows it
				// as text, not a link (VPSidebarItem's <p class="text">).
				n.layout.Nav = append(n.layout.Nav, layout.NavEntry{Title: text, TitleHTML: textHTML, Depth: depth})
			}
			if children != nil {
				n.items(children, b, depth+1)
			}
		case jsconfig.Computed:
			n.layout.Notes = append(n.layout.Notes, fmt.Sprintf("%s: %s not read (computed)", n.file, it.Describe("a sidebar item")))
		}
	}
}

// localeKey is a multi-sidebar key of the locale whose folder is prefix
// ("fr/"; "" for the root) as a path of that locale's pages, which are
// read from its folder: "/fr/guide/" is "/guide/" there; a key out of
// the folder matches none of them ("\x00").
func localeKey(key, prefix string) string {
	if prefix == "" {
		return key
	}
	k := "/" + strings.TrimPrefix(key, "/")
	if rest, ok := strings.CutPrefix(k, "/"+prefix); ok {
		return "/" + rest
	}
	if k+"/" == "/"+prefix {
		return "/"
	}
	return "\x00"
}

// noPageLink is the link VitePress's VPLink writes for a sidebar or nav
// link from the site's root where no page is (normalizeLink): a page's
// path ("/x", "/x.md") made "/x.html" ("/x" with cleanUrls), a site path
// under the site's base; a file that is no page ("/base/sheet.pdf") as
// written, base and all (asWritten).
func noPageLink(link string, r layout.Rules) (u string, asWritten bool) {
	p, _, _ := strings.Cut(link, "#")
	p, _, _ = strings.Cut(p, "?")
	if ext := path.Ext(p); ext != "" && ext != ".md" && ext != ".html" {
		return link, true
	}
	return normalizeLink(link, r), false
}

// noPageEntry is the navigation entry of link, a sidebar or nav link from
// the site's root that names no page of the navigation's own site
// (n.page): linked as VPLink writes it (noPageLink). In the root's
// navigation that is a link to no page (missing). In a locale's, whose
// site is built under its folder ("fr/"), a link under that folder
// ("/fr/missing") is a site path of the locale's site, to no page; any
// other is one of the whole site (VPLink writes every locale's links
// from the root, withBase), written with the site's base: another
// locale's page ("/guide/a" in fr's sidebar), or no page (missing).
func (n *navReader) noPageEntry(link string) (e layout.NavEntry, missing bool) {
	if n.prefix == "" {
		e.Link, e.LinkAsWritten = noPageLink(link, n.layout.Rules)
		return e, true
	}
	if rest, ok := strings.CutPrefix(link, "/"+n.prefix); ok {
		e.Link, e.LinkAsWritten = noPageLink("/"+rest, n.layout.Rules)
		return e, true
	}
	u, asWritten := noPageLink(link, n.layout.Rules)
	if asWritten { // a file, written with the base (publicFile)
		return layout.NavEntry{Link: u, LinkAsWritten: true}, true
	}
	p, _, _ := strings.Cut(link, "#")
	p, _, _ = strings.Cut(p, "?")
	p = strings.TrimPrefix(p, "/")
	missing = pageAt(n.dir, path.Join(n.content, ".."), strings.TrimSuffix(p, "/")) == ""
	return layout.NavEntry{Link: strings.TrimSuffix(basePath(n.layout.Settings.BaseURL), "/") + u, LinkAsWritten: true}, missing
}

// basePath is the path of the site's base URL ("/x/" for "/x/" or
// "https://host/x/"), "/" for none.
func basePath(base string) string {
	if _, rest, ok := strings.Cut(base, "://"); ok { // sitemap.hostname + base
		_, base, _ = strings.Cut(rest, "/")
	}
	if base = strings.Trim(base, "/"); base == "" {
		return "/"
	}
	return "/" + base + "/"
}

// written is a sidebar link as VitePress's addBase gives it to the
// pager: "if (base && item.link) item.link = base + item.link"
// (theme-default/support/sidebar.js, 1.6.4).
func written(base, link string) string { return base + link }

// external reports whether a sidebar or nav link leads to another site
// (a scheme: https://, mailto:).
func external(link string) bool {
	return strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:")
}

// page is the content-relative Markdown file a sidebar link names ("" for
// a link elsewhere): "/guide/intro" is guide/intro.md, "/guide/" is
// guide/index.md, as VitePress resolves them.
func (n *navReader) page(base, link string) string {
	if external(link) {
		return ""
	}
	link, _, _ = strings.Cut(link, "#")
	link, _, _ = strings.Cut(link, "?")
	if !strings.HasPrefix(link, "/") {
		link = base + link
	}
	link = strings.TrimPrefix(link, "/")
	if n.prefix != "" {
		rest, ok := strings.CutPrefix(link, n.prefix)
		switch {
		case link+"/" == n.prefix: // "/fr": the locale's home
			link = ""
		case ok:
			link = rest
		default: // another locale's page
			return ""
		}
	}
	if link == "" || strings.HasSuffix(link, "/") {
		return n.exists(link + "index.md")
	}
	link = strings.TrimSuffix(strings.TrimSuffix(link, ".html"), ".md")
	if p := n.exists(link + ".md"); p != "" {
		return p
	}
	return n.exists(link + "/index.md")
}

// publicFile is the site path of the file of public/ a sidebar or nav
// link names ("" for none): a link from the root to a file that is no
// page (not .md nor .html), written with the site's base
// ("/limitlessrpg/sheet.pdf" with base '/limitlessrpg/'), as VitePress
// leaves such a link. The path returned is without the base, which the
// site adds back.
func (n *navReader) publicFile(link string) string {
	link, _, _ = strings.Cut(link, "#")
	link, _, _ = strings.Cut(link, "?")
	if !strings.HasPrefix(link, "/") || strings.HasSuffix(link, "/") || path.Ext(link) == "" || path.Ext(link) == ".md" || path.Ext(link) == ".html" {
		return ""
	}
	if base := basePath(n.layout.Settings.BaseURL); base != "/" {
		rest, ok := strings.CutPrefix(link, base)
		if !ok {
			return ""
		}
		link = "/" + rest
	}
	rel := path.Clean(strings.TrimPrefix(link, "/"))
	src := n.content // srcDir, whose public/ every locale's pages share
	if n.prefix != "" {
		src = path.Join(n.content, "..")
	}
	if rel == "." || rel == ".." || strings.HasPrefix(rel, "../") || !layout.Exists(n.dir, path.Join(src, "public", rel), false) {
		return ""
	}
	return "/" + rel
}

func (n *navReader) exists(rel string) string {
	rel = path.Clean(rel)
	if rel == ".." || strings.HasPrefix(rel, "../") || !layout.Exists(n.dir, path.Join(n.content, rel), false) {
		return ""
	}
	return rel
}

// rules are VitePress's placement rules: file-based URLs, the case of
// file names kept.
type rules struct {
	html bool // cleanUrls unset or false: a page is at /x.html
}

// Page implements layout.Rules.
func (r rules) Page(rel string, fm map[string]any) layout.Page {
	p := layout.Page{URL: URL(rel)}
	if r.html {
		p.URL = HTMLURL(rel)
	}
	if fm["layout"] == "home" {
		p.Home = home(fm)
	}
	return p
}

// Folder implements layout.Rules: a folder without index.md has no page
// (NoPage): "index.md --> /index.html (accessible as /)" and
// "guide/index.md --> /guide/index.html" are a folder's only pages
// (https://vitepress.dev/guide/routing#file-based-routing).
func (rules) Folder(dir string) (layout.Page, error) {
	if dir == "" {
		return layout.Page{URL: "/"}, nil
	}
	return layout.Page{URL: "/" + dir + "/", NoPage: true}, nil
}

// URL is the site path of the page at content path rel: its path without
// ".md" ("guide/intro.md" -> "/guide/intro/"), a folder's index.md the
// folder's.
func URL(rel string) string {
	p := strings.TrimSuffix(rel, ".md")
	if p == "index" {
		return "/"
	}
	p = strings.TrimSuffix(p, "/index")
	return "/" + p + "/"
}

// HTMLURL is the site path VitePress publishes the page at content path
// rel at without cleanUrls: "guide/intro.md" at /guide/intro.html, a
// folder's index.md at the folder (/guide/).
func HTMLURL(rel string) string {
	u := URL(rel)
	if name := strings.TrimSuffix(path.Base(rel), ".md"); name == "index" {
		return u
	}
	return strings.TrimSuffix(u, "/") + ".html"
}

// home reads the hero and features of a layout: home page.
func home(fm map[string]any) *layout.Home {
	h := &layout.Home{}
	if hero, ok := fm["hero"].(map[string]any); ok {
		h.Name, h.Text, h.Tagline = layout.Text(hero["name"]), layout.Text(hero["text"]), layout.Text(hero["tagline"])
		h.Image = heroImage(hero["image"])
		if actions, ok := hero["actions"].([]any); ok {
			for _, a := range actions {
				if m, ok := a.(map[string]any); ok && layout.Text(m["text"]) != "" {
					h.Actions = append(h.Actions, layout.HomeLink{Text: layout.Text(m["text"]), Link: layout.Text(m["link"]), Alt: m["theme"] == "alt"})
				}
			}
		}
	}
	if features, ok := fm["features"].([]any); ok {
		for _, f := range features {
			if m, ok := f.(map[string]any); ok {
				icon, _ := m["icon"].(string) // an emoji; an image icon ({src: ...}) is not shown
				h.Features = append(h.Features, layout.Feature{Icon: icon, Title: layout.Text(m["title"]), Details: layout.Text(m["details"]),
					Link: layout.Text(m["link"]), LinkText: layout.Text(m["linkText"])})
			}
		}
	}
	return h
}

// heroImage reads a hero's image, a ThemeableImage
// (https://vitepress.dev/reference/default-theme-home-page): "string |
// { src: string; alt?: string } | { light: string; dark: string; alt?:
// string }". A path that starts with / is public/'s, as the page's own
// images are.
func heroImage(v any) layout.HomeImage {
	switch im := v.(type) {
	case string:
		return layout.HomeImage{File: im}
	case map[string]any:
		if src := layout.Text(im["src"]); src != "" {
			return layout.HomeImage{File: src, Alt: layout.Text(im["alt"])}
		}
		return layout.HomeImage{Dark: layout.Text(im["dark"]), Light: layout.Text(im["light"]), Alt: layout.Text(im["alt"])}
	}
	return layout.HomeImage{}
}

// ignoreDeadLinks reads the site's policy for dead links
// (https://vitepress.dev/reference/site-config#ignoredeadlinks: "When set
// to true, VitePress will not fail builds due to dead links"): true makes
// the site's broken links warnings (layout.Settings.BrokenLinks), as
// VitePress builds it; else they fail its build, as VitePress's do
// (BrokenLinks "error"); 'localhostLinks' or a list of links keeps them
// errors but for those it names, which sitegen does not sort out: a note
// says so.
func ignoreDeadLinks(l *layout.Layout, obj *jsconfig.Object, file string) {
	l.Settings.BrokenLinks = "error" // the default: "VitePress will ... fail builds due to dead links"
	switch v := obj.Get("ignoreDeadLinks").(type) {
	case nil:
	case bool:
		l.Read = append(l.Read, fmt.Sprintf("ignoreDeadLinks %v", v))
		if v {
			l.Settings.BrokenLinks = "warn"
		}
	default:
		l.Notes = append(l.Notes, fmt.Sprintf("%s: ignoreDeadLinks other than true is not read: broken links fail the build unless --broken-links warn", file))
	}
}

// lastUpdated is the "Last updated" rule of a site whose lastUpdated
// setting is on: the time of the page's last commit, none for a page
// whose front matter says lastUpdated: false or that git has not
// committed ("the Markdown file must be committed to Git",
// https://vitepress.dev/reference/default-theme-last-updated); nothing
// when the setting is off (a page's lastUpdated: true does not turn it
// on: VitePress reads the front matter only when the site's is set).
func lastUpdated(on bool) func(meta map[string]any) layout.Updated {
	return func(meta map[string]any) layout.Updated {
		if !on || meta["lastUpdated"] == false {
			return layout.UpdatedNone
		}
		return layout.UpdatedGit
	}
}

// label reads a sidebar or nav item's text, which VitePress's default
// theme writes as HTML ("<component :is="textTag" class="text"
// v-html="item.text" />", VPSidebarItem.vue; "<span v-html="item.text">",
// VPNavBarMenuLink.vue, 1.6.4): text is what a reader sees of it
// and html the inline markup sitegen shows, as layout.NavLabel reads
// them; what sitegen's raw-HTML policy removes is noted, naming the
// config file and the text.
func (n *navReader) label(s string) (text, html string) {
	if n.sanitizer == nil && strings.Contains(s, "<") {
		n.sanitizer = rawhtml.New()
	}
	text, html, removed := layout.NavLabel(s, n.sanitizer)
	if len(removed) > 0 {
		n.layout.Notes = append(n.layout.Notes, fmt.Sprintf("%s: navigation text %q: %s removed (raw HTML is kept where it is safe)", n.file, text, strings.Join(removed, ", ")))
	}
	return text, html
}
