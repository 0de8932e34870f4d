// Package markup is sitegen's Markdown pipeline: one goldmark instance
// with every feature a site page uses, each a small goldmark extension or
// AST transformer in goldmark's own style (heading anchors, callouts,
// wrapped tables, fenced-block handlers, link checking through a
// LinkResolver, the table of contents, warnings about syntax sitegen shows
// as text), and the outline parser that loading uses, built from the same
// recorded list of block parsers so the two cannot drift.
//
// It knows nothing of a site: per-page facts (the file, its URL, how links
// resolve, where problems go) come in a Page, per-page results (the table
// of contents, the scripts and styles blocks ask for) go out in a Result,
// and both travel through goldmark's parser.Context while a page parses.
// Unit tests need no site (see markup_test.go).
package markup

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"d6codex/cmd/sitegen/internal/markup/admonish"
	"d6codex/cmd/sitegen/internal/markup/admonition"
	"d6codex/cmd/sitegen/internal/markup/blockid"
	"d6codex/cmd/sitegen/internal/markup/callout"
	"d6codex/cmd/sitegen/internal/markup/canvas"
	"d6codex/cmd/sitegen/internal/markup/columns"
	"d6codex/cmd/sitegen/internal/markup/comment"
	"d6codex/cmd/sitegen/internal/markup/container"
	"d6codex/cmd/sitegen/internal/markup/emoji"
	"d6codex/cmd/sitegen/internal/markup/highlight"
	"d6codex/cmd/sitegen/internal/markup/inlinedice"
	"d6codex/cmd/sitegen/internal/markup/inlinefield"
	"d6codex/cmd/sitegen/internal/markup/kramdown"
	"d6codex/cmd/sitegen/internal/markup/liquid"
	"d6codex/cmd/sitegen/internal/markup/math"
	"d6codex/cmd/sitegen/internal/markup/mdx"
	"d6codex/cmd/sitegen/internal/markup/pandoc"
	"d6codex/cmd/sitegen/internal/markup/pymdown"
	"d6codex/cmd/sitegen/internal/markup/randtable"
	"d6codex/cmd/sitegen/internal/markup/rawhtml"
	"d6codex/cmd/sitegen/internal/markup/shortcode"
	"d6codex/cmd/sitegen/internal/markup/shortcode/hugotmpl"
	"d6codex/cmd/sitegen/internal/markup/simplecolumns"
	"d6codex/cmd/sitegen/internal/markup/tabs"
	"d6codex/cmd/sitegen/internal/markup/tag"
	"d6codex/cmd/sitegen/internal/markup/wikilink"
	"d6codex/rules/dice/expr"
	"d6codex/templates"
)

// Options configure a Markdown pipeline.
type Options struct {
	// Unsafe keeps raw HTML in pages as written; otherwise it goes
	// through an allowlist sanitizer (package rawhtml), each removal a
	// warning.
	Unsafe bool
	// Handlers render fenced code blocks by info word ("calc").
	Handlers map[string]BlockHandler
	// StaticDir names the folder of static files in messages about
	// assets that blocks ask for ("static").
	StaticDir string
	// UnsafeHint tells an editor how to keep all raw HTML (where the
	// setting lives), in the sanitizer's warnings.
	UnsafeHint string
	// Dialects are the other tools' Markdown the pages are written in
	// (the layout's: Jekyll's Liquid and kramdown, Hugo's shortcodes).
	Dialects Dialects
	// RawHTMLLinks checks and rewrites the href of <a> and the src of
	// <img> in raw HTML through the page's LinkResolver, as Markdown
	// links are (a README's <img src="images/logo.png">, GitHub's way).
	RawHTMLLinks bool
	// RawHTMLImages does so for the src of <img> alone, the href of <a>
	// kept as written (VitePress gives raw HTML's images the base, as
	// Vue's asset URLs, and passes its links through).
	RawHTMLImages bool
	// Obsidian reads Obsidian's Markdown: [[wikilinks]] and ![[embeds]]
	// (resolved through a Page.Links that is a WikiResolver), callouts of
	// every kind with titles and fold markers, ^block-ids, %%comments%%,
	// ==highlights== and #tags (linked through a Page.Links that is a
	// TagResolver).
	Obsidian bool
	// NoTags, with Obsidian, leaves "#word" as text: the layout's tool
	// has no tags (layout.Markup.NoTags).
	NoTags bool
	// WikiLinks reads [[wikilinks]] alone, without Obsidian's other
	// syntax (a markdown-it wikilinks plugin's), resolved as Obsidian's
	// are, through a Page.Links that is a WikiResolver.
	WikiLinks bool
	// Dataview reads the Dataview plugin's inline fields (package
	// markup/inlinefield) and evaluates its queries and Obsidian Bases'
	// views through a Page.Links that is a QueryResolver (queries.go).
	Dataview DataviewOptions
}

// DataviewOptions switch on Dataview's syntax, with the vault's settings
// of the plugin.
type DataviewOptions struct {
	On bool
	// Prefix and JSPrefix start an inline query and an inline DataviewJS
	// query in a code span (Dataview's inlineQueryPrefix, "=", and
	// inlineJsQueryPrefix, "$=").
	Prefix, JSPrefix string
}

// Dialects switch on the Markdown of other tools, each a goldmark
// extension in a package of its own under markup/.
type Dialects struct {
	// NoteEmbeds reads an image of a note (![alt](Note.md#Heading)) as an
	// embed of it, as Obsidian does (links.go noteEmbed); with Obsidian.
	// GitHub and the other tools show it as an image.
	NoteEmbeds bool
	// Kramdown applies kramdown attribute lists ({: #id .class}, {:toc}).
	Kramdown bool
	// TOCLevels are the heading levels kramdown's {:toc} lists (its
	// toc_levels option, layout.Markup.TOCLevels); nil: all, 1..6.
	TOCLevels []int
	// AttrList applies Python-Markdown's attribute lists ({ #id .class
	// key=value }, MkDocs' attr_list), by the same extension (package
	// kramdown).
	AttrList bool
	// Emoji reads pymdownx.emoji's shortcodes (package emoji), the
	// site's own icons named by CustomIcons.
	Emoji       bool
	CustomIcons []string
	// Liquid drops Liquid tags and outputs with a warning.
	Liquid bool
	// OwnH1: an <h1> the page's raw HTML writes (a Jekyll page's own HTML
	// or its layout's) is the page's heading, kept as written, and the
	// page is flagged templates.FlagOwnH1 so that its frame adds no title
	// heading, when the Markdown leaves no # heading in the body
	// (h1Transformer).
	OwnH1 bool
	// TitleUnlessH1: a level-1 heading left in the text (not taken for
	// the title and dropped) is the page's own heading, kept in its place
	// at level 1, and the page flagged templates.FlagOwnH1
	// (layout.Layout.TitleUnlessH1).
	TitleUnlessH1 bool
	// Shortcodes renders Hugo docs themes' shortcodes.
	Shortcodes bool
	// PageLinkShortcodes are the names of the site's own Hugo shortcodes
	// that link to the page their argument names (shortcode.Extension).
	PageLinkShortcodes []string
	// AnchorShortcodes are the site's own Hugo shortcodes that make an
	// anchor from their arguments (shortcode.Extension.Anchors).
	AnchorShortcodes map[string]string
	// ShortcodeTemplates are the site's own Hugo shortcode templates,
	// run (shortcode.Extension.Templates); nil: none.
	ShortcodeTemplates *hugotmpl.Set
	// Pandoc reads pandoc's Markdown where GitHub's shows it as text:
	// paragraphs of TeX commands ("\pagebreak") are dropped, attribute
	// lists after images and links ("{width=50%}") applied or dropped.
	Pandoc bool
	// TermIDs gives the terms of definition lists ids, as headings have
	// (mdBook's; termids.go).
	TermIDs bool
	// LazyDefinitions: a definition whose ":" line is empty takes the
	// lines that follow it, as Python-Markdown's def_list does
	// (lazyDefinitions).
	LazyDefinitions bool
	// Autodoc reads MkDocs' mkdocstrings instructions ("::: identifier"
	// and its indented options): a warning, and the instruction not shown
	// (warn.go).
	Autodoc bool
	// Containers maps the words of ::: containers (VitePress's,
	// Docusaurus's admonitions) to the callout kind each is shown as
	// (package container); nil: no containers. ContainerTitles are the
	// words' default titles; ContainerBrackets reads :::note[Title].
	Containers        map[string]string
	ContainerTitles   map[string]string
	ContainerBrackets bool
	// MDX reads MDX pages (package mdx): import and export lines
	// dropped, the common docs components rendered.
	MDX bool
	// MDXAliases: see layout.Markup.MDXAliases.
	MDXAliases map[string]string
	// MDXFilesOnly reads MDX in .mdx files only, any other page as
	// Markdown: see layout.Markup.MDXFilesOnly.
	MDXFilesOnly bool
	// MDXBase is the site's url and baseUrl useBaseUrl(…) in MDX reads:
	// see layout.Markup.SiteURL.
	MDXBase mdx.BaseURL
	// FenceTitles shows a fenced code block's title="…" (its meta, after
	// the language word) as its caption: see layout.Markup.FenceTitles.
	FenceTitles bool
	// ExternalNewTab opens a link to another site in a new tab: see
	// layout.Markup.ExternalNewTab.
	ExternalNewTab bool
	// VueComponents: a PascalCase element of the page is a Vue component
	// the tool renders (VitePress), which sitegen does not run: warned as
	// such, not as unsafe raw HTML (warn.go).
	VueComponents bool
	// StraightQuotes leaves quotes, dashes and ellipses as written, as
	// markdown-it (VitePress) and remark (Docusaurus) do by default;
	// otherwise goldmark's typographer makes them typographic.
	StraightQuotes bool
	// HardWraps renders a paragraph's single line breaks as <br>, as
	// Obsidian does unless its Strict line breaks setting is on.
	HardWraps bool
	// PluginBlocks maps the info words of fenced blocks that a plugin of
	// the tool draws in its editor, and that neither sitegen nor the
	// tool's publisher draws, to the plugin's name ("leaflet": "the
	// Obsidian Leaflet plugin's"): such a block shows as code, with a
	// warning at its fence (warn.go).
	PluginBlocks map[string]string
	// PluginInline maps the words that start a plugin's inline code
	// ("INPUT": `INPUT[number:x]`, Meta Bind's) to the plugin's name: such
	// code shows as code, with a warning (warn.go).
	PluginInline map[string]string
	// InlineCode lists the info words whose handlers also draw inline
	// code written `word: text` (InlineHandler): "encounter" in a vault
	// that runs Initiative Tracker, whose `encounter: 2d4: stirge` is an
	// encounter line.
	InlineCode []string
	// MetaBind draws the Meta Bind plugin's inline `INPUT[…]` and
	// `VIEW[…]` fields read-only with the page's front matter values
	// (metaBindTransformer); what it cannot draw stays code, with a
	// warning saying why, instead of PluginInline's.
	MetaBind bool
	// TasksPlugin draws task lines as the Tasks plugin does in Reading
	// View (tasksTransformer): a vault that enables it.
	TasksPlugin bool
	// Tabs draws the Tabs plugin's ```tabs blocks, each tab a box, split
	// at lines that start with it (package tabs); "": they are code.
	Tabs string
	// Columns draws the Columns plugin's ```col and ```col-md blocks and
	// col callouts side by side (package columns), with the plugin's
	// settings; nil: they are code and callouts.
	Columns *columns.Extension
	// SimpleColumns draws the Simple Columns plugin's ```columns blocks
	// side by side (package simplecolumns); false: they are code.
	SimpleColumns bool
	// Admonish reads mdbook-admonish's ```admonish blocks as callouts
	// (package admonish), with the book's defaults; nil: they are code.
	Admonish *admonish.Defaults
	// Math reads $…$ and $$…$$ as TeX formulas rendered as MathML,
	// marked as math (package math); MathNoDigitAfter: "$1$2" is text;
	// MathBrackets: mdBook's \\( … \\) and \\[ … \\] are formulas
	// (math.Extension.Brackets; without Math, $ is text).
	Math, MathNoDigitAfter, MathBrackets bool
	// OneLineSetext: a setext underline ("---", "===") makes a heading of
	// a one-line paragraph only, as Python-Markdown (MkDocs) reads it;
	// under a longer paragraph "---" is a rule and "===" text (setext.go).
	OneLineSetext bool
	// Slug is the id the tool gives a heading of this text (VitePress's
	// slugify, Docusaurus' github-slugger), each taken once ("-1", "-2"
	// after, as markdown-it-anchor and github-slugger do); nil: goldmark's
	// ids, which keep ASCII letters and digits.
	Slug func(string) string
	// PythonUnique: with Slug, a repeated id is made unique as
	// Python-Markdown's toc does ("x_1", "x_2"; "" is "_1").
	PythonUnique bool
	// Caret, Tilde: pymdownx.caret's and pymdownx.tilde's forms the site
	// reads ("ins", "sup"; "del", "sub"); Mark: pymdownx.mark's ==mark==
	// (package pymdown, package highlight).
	Caret, Tilde []string
	Mark         bool
	// PythonMarkdown: of GFM's extensions the tool has only tables
	// (Python-Markdown's tables, on in every MkDocs site); strikethrough,
	// bare-URL links and task lists come only from the extensions the
	// site lists: Tilde's "del", MagicLink (pymdownx.magiclink) and
	// TaskList (pymdownx.tasklist).
	PythonMarkdown, MagicLink, TaskList bool
	// QuartzTags reads #tags as Quartz does (tag.Quartz: after a space,
	// not a tab), with Obsidian.
	QuartzTags bool
}

// gfm is the GFM the dialect reads: all of goldmark's (tables,
// strikethrough, autolinks of bare URLs, task lists), or for
// Python-Markdown tables and the extensions the site lists.
func gfm(d Dialects) goldmark.Extender {
	if !d.PythonMarkdown {
		return extension.GFM
	}
	exts := extenders{extension.Table}
	if d.MagicLink {
		exts = append(exts, extension.Linkify)
	}
	if d.TaskList {
		exts = append(exts, extension.TaskList)
	}
	return exts
}

// extenders are several goldmark extensions as one.
type extenders []goldmark.Extender

// Extend implements goldmark.Extender.
func (e extenders) Extend(m goldmark.Markdown) {
	for _, x := range e {
		x.Extend(m)
	}
}

// pick is tag when forms lists it, else "".
func pick(forms []string, tag string) string {
	if slices.Contains(forms, tag) {
		return tag
	}
	return ""
}

// SafeClasses are the classes a kramdown attribute list may give a block:
// the ones the default theme styles.
var SafeClasses = map[string]bool{"callout": true, "note": true, "tip": true, "warning": true, "important": true, "caution": true}

// Markdown converts pages. One value serves every page of a build,
// concurrently.
type Markdown struct {
	md        goldmark.Markdown
	outline   parser.Parser
	inline    parser.Parser // CommonMark's, for a tool's heading ids (headingText); nil without Dialects.Slug
	rec       *recorder     // the recorded options, for tests that build other parsers from them
	opts      Options
	sanitizer *rawhtml.Sanitizer
	writers   sync.Pool       // *bufio.Writer for Render (goldmark makes a 4 KiB one a call otherwise)
	emoji     emoji.Extension // pymdownx.emoji's shortcodes, with Dialects.Emoji (heading ids leave them out)
}

// New returns the pipeline: GFM (tables, strikethrough, autolinks, task
// lists), footnotes, typographer, definition lists, YAML/TOML front
// matter, automatic heading ids (and {#id} attributes), headings with a
// visible anchor link, callouts, fenced-block handlers, link checking and
// the table of contents; raw HTML only when opts.Unsafe.
func New(opts Options) *Markdown {
	ropts := []renderer.Option{
		renderer.WithNodeRenderers(util.Prioritized(headingRenderer{}, 100), util.Prioritized(newTableWrapRenderer(), 100)),
	}
	if opts.Unsafe {
		ropts = append(ropts, html.WithUnsafe())
	}
	if opts.Dialects.HardWraps {
		ropts = append(ropts, html.WithHardWraps())
	}
	m := &Markdown{opts: opts, sanitizer: rawhtml.New()}
	if opts.Dialects.Slug != nil {
		m.inline = goldmark.New().Parser()
	}
	rec := newRecorder()
	exts := []goldmark.Extender{
		gfm(opts.Dialects),
		extension.Footnote,
		extension.DefinitionList,
		frontMatter{},
		callout.Extension{Obsidian: opts.Obsidian},
		pageExtension{m: m},
		// The Dice Roller's inline rolls and random tables: `dice:` code
		// and a table headed by a roll mean nothing else in any layout.
		inlinedice.Extension{Warn: warnAt, Budget: DiceBudget}, // the page's dice budget, shared with its blocks
		randtable.Extension{Warn: warnAt},
	}
	if !opts.Dialects.StraightQuotes {
		exts = append(exts, extension.Typographer)
	}
	if opts.Obsidian {
		exts = append(exts, wikilink.Extension, highlight.Extension, comment.Extension, blockid.Extension, admonition.Extension{},
			canvas.Extension{Found: addCanvasStyle})
		if opts.Dialects.Tabs != "" {
			exts = append(exts, tabs.Extension{Split: opts.Dialects.Tabs})
		}
		if c := opts.Dialects.Columns; c != nil {
			exts = append(exts, columns.Extension{WrapSize: c.WrapSize, Span: c.Span, Found: addStyle(columns.Style)})
		}
		if opts.Dialects.SimpleColumns {
			exts = append(exts, simplecolumns.Extension{Found: addStyle(columns.Style)})
		}
		if !opts.NoTags {
			exts = append(exts, map[bool]goldmark.Extender{false: tag.Extension, true: tag.Quartz}[opts.Dialects.QuartzTags])
		}
	} else if opts.WikiLinks {
		exts = append(exts, wikilink.Extension)
	}
	if c := opts.Dialects.Caret; len(c) > 0 {
		exts = append(exts, pymdown.Extension{Char: '^', Double: pick(c, "ins"), Single: pick(c, "sup")})
	}
	if c := opts.Dialects.Tilde; len(c) > 0 {
		exts = append(exts, pymdown.Extension{Char: '~', Double: pick(c, "del"), Single: pick(c, "sub")})
	}
	if opts.Dialects.Mark && !opts.Obsidian { // Obsidian's highlights are the same ==mark==
		exts = append(exts, highlight.Extension)
	}
	if opts.Dataview.On {
		exts = append(exts, inlinefield.Extension)
	}
	if opts.Dialects.Kramdown || opts.Dialects.AttrList {
		exts = append(exts, kramdown.Extension{SafeClasses: SafeClasses, AttrList: !opts.Dialects.Kramdown, Attr: m.sanitizer.Allows})
	}
	if opts.Dialects.Liquid {
		exts = append(exts, liquid.Extension{Warn: warnAt})
	}
	if opts.Dialects.Emoji {
		custom := make(map[string]bool, len(opts.Dialects.CustomIcons))
		for _, name := range opts.Dialects.CustomIcons {
			custom[name] = true
		}
		m.emoji = emoji.Extension{CustomIcons: custom, Warn: warnAt, AttrList: opts.Dialects.AttrList}
		exts = append(exts, m.emoji)
	}
	if opts.Dialects.Shortcodes {
		exts = append(exts, shortcode.Extension{Warn: warnAt, Fail: failAt, FailLink: failLinkAt, PageLinks: opts.Dialects.PageLinkShortcodes, Anchors: opts.Dialects.AnchorShortcodes,
			Templates: opts.Dialects.ShortcodeTemplates, Markdown: m.shortcodeMarkdown, Page: shortcodePage, Ref: shortcodeRef,
			Source: shortcodeSource})
	}
	if opts.Dialects.Pandoc {
		exts = append(exts, pandoc.Extension)
	}
	if opts.Dialects.MDX {
		known := mdxComponents
		if len(opts.Dialects.MDXAliases) > 0 {
			known = maps.Clone(mdxComponents)
			for name := range opts.Dialects.MDXAliases {
				known[name] = true
			}
		}
		var marks map[string]string
		for name, a := range opts.Dialects.MDXAliases {
			if a == badgeComponent {
				if marks == nil {
					marks = map[string]string{}
				}
				marks[name] = "text" // <Badge text="New" />: "New"
			}
			if a == iconComponent {
				if marks == nil {
					marks = map[string]string{}
				}
				marks[name] = "" // <Icon name="star" />: nothing
			}
		}
		exts = append(exts, mdx.Extension{Known: known, Marks: marks, Warn: warnAt, Base: opts.Dialects.MDXBase}, mdxCallouts{kinds: opts.Dialects.Containers, aliases: opts.Dialects.MDXAliases})
	}
	if opts.Dialects.FenceTitles {
		exts = append(exts, fenceTitles{})
	}
	if d := opts.Dialects.Admonish; d != nil {
		exts = append(exts, admonish.Extension{Warn: warnAt, Defaults: *d})
	}
	if opts.Dialects.Math || opts.Dialects.MathBrackets {
		exts = append(exts, math.Extension{NoDigitAfter: opts.Dialects.MathNoDigitAfter,
			Brackets: opts.Dialects.MathBrackets, NoDollars: !opts.Dialects.Math,
			Convert: math.NewConverter(), Warn: warnAt})
	}
	if opts.Dialects.Containers != nil {
		exts = append(exts, container.Extension{Kinds: opts.Dialects.Containers, Titles: opts.Dialects.ContainerTitles,
			Brackets: opts.Dialects.ContainerBrackets, Warn: warnAt}, containerCallouts{})
	}
	m.md = goldmark.New(
		goldmark.WithParser(rec),
		goldmark.WithExtensions(exts...),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithHeadingAttribute(),
		),
		goldmark.WithRendererOptions(ropts...),
	)
	if opts.Dialects.TermIDs {
		rec.cfg.BlockParsers = withTermIDs(rec.cfg.BlockParsers)
	}
	if opts.Dialects.LazyDefinitions {
		rec.cfg.BlockParsers = withLazyDefinitions(rec.cfg.BlockParsers)
	}
	if opts.Dialects.Shortcodes {
		rec.cfg.BlockParsers = shortcode.WithHTMLBlocks(rec.cfg.BlockParsers)
	}
	if opts.Dialects.PythonMarkdown {
		rec.cfg.BlockParsers = withPythonHTMLBlocks(rec.cfg.BlockParsers)
	}
	if opts.Dialects.OneLineSetext {
		rec.cfg.BlockParsers = withOneLineSetext(rec.cfg.BlockParsers)
	}
	if opts.Dialects.MDX {
		rec.cfg.BlockParsers = wrapParser(rec.cfg.BlockParsers, parser.NewCodeBlockParser(), mdx.IndentedCodeBlocks)
		rec.cfg.BlockParsers = wrapParser(rec.cfg.BlockParsers, parser.NewFencedCodeBlockParser(), mdx.FencedCodeBlocks)
		rec.cfg.BlockParsers = wrapParser(rec.cfg.BlockParsers, parser.NewHTMLBlockParser(), mdx.HTMLBlocks)
		rec.cfg.BlockParsers = wrapParser(rec.cfg.BlockParsers, parser.NewListParser(), mdx.IndentedLists)
		for i, v := range rec.cfg.BlockParsers {
			if reflect.TypeOf(v.Value) == reflect.TypeOf(parser.NewATXHeadingParser()) {
				rec.cfg.BlockParsers[i].Value = mdx.IndentedHeadings(v.Value.(parser.BlockParser))
			}
		}
	}
	m.md.SetParser(rec.parser(fullParser))
	m.outline = rec.parser(outlineParser)
	m.rec = rec
	return m
}

// Page is what the pipeline needs to know about the page it converts.
type Page struct {
	// File is the Markdown file, relative to the source directory
	// ("content/opend6/combat.md"), for blocks and messages.
	File string
	// URL is the page's root-relative URL.
	URL string
	// Title and Meta are the page's title and front matter (a Hugo
	// shortcode template's .Page.Title and .Page.Params).
	Title string
	Meta  map[string]any
	// Links checks and rewrites link and image destinations; nil leaves
	// them as written.
	Links LinkResolver
	// Assets maps a static file's logical path to its published URL, for
	// the scripts and styles blocks ask for.
	Assets map[string]string
	// DropH1 removes the first level-1 heading: the page took its title
	// from it, and the layout renders the title as the page's one <h1>.
	DropH1 bool
	// DropLeading removes the page's first block when it is a heading, of
	// any level: the page took its title from it (LeadingHeading).
	DropLeading bool
	// Report receives every problem found while the page parses. Nil
	// drops them.
	Report func(Problem)
	// Dice is the dice work the page may still spend, shared by its
	// blocks, inline rolls and embedded notes (Block.DiceBudget,
	// DiceBudget): an expression past it fails. Nil: Parse gives the page
	// MaxPageDiceWork.
	Dice *expr.Budget

	scDepth int       // shortcode outputs rendered within one another (shortcodeMarkdown)
	chain   []string  // the files of the pages embedding this one, outermost first
	rolls   []string  // the tables (file#fragment) whose link rollers are parsing this one, outermost first (dice.go)
	work    *pageWork // what the outermost page and its embeds made so far (obsidian.go)
	// parts are what the pages embedding this one show, outermost first:
	// a note's file, or file#fragment for its heading or block; part is
	// this page's fragment ("" for the whole note). An embed is a cycle
	// when it shows a part again (obsidian.go).
	parts []string
	part  string
	// parent and parentSrc are the page's context and source when this
	// is a text of it parsed apart (Block.Markdown).
	parent    parser.Context
	parentSrc []byte
}

// Problem is an error or a warning at a position of a page's source.
type Problem struct {
	Line, Col int // 1-based; 0 when unknown
	Msg       string
	Warning   bool // a warning does not fail the build
	// Link is set when the problem is a broken link: its target and
	// reason, which Msg says too (BrokenLink.Msg).
	Link BrokenLink

	// outer marks a problem of an embedded note that belongs to the page
	// embedding it (a cycle, a bound of embeds), reported at that page's
	// embed.
	outer bool
}

// Result is what a page's conversion produced besides its HTML.
type Result struct {
	// TOC lists the page's level-2 headings, each with its level-3 ones.
	TOC []*templates.TOCItem
	// Flags are the features blocks marked (Block.SetFlag).
	Flags map[string]bool
	// Scripts and Styles are the published URLs of the assets blocks
	// asked for, in order of first request.
	Scripts, Styles []string
}

// Parse parses a page and runs every transformer on it: blocks are
// rendered, links checked and rewritten, the table of contents collected.
// Problems go to page.Report.
func (m *Markdown) Parse(src []byte, page *Page) (ast.Node, *Result) {
	st := &pageState{page: page, src: src, res: &Result{}, work: page.work, dice: page.Dice}
	if st.work == nil {
		st.work = &pageWork{}
	}
	if st.dice == nil {
		st.dice = expr.NewBudget(MaxPageDiceWork)
	}
	pc := m.newContext()
	pc.Set(stateKey, st)
	if m.mdxOff(page.File) {
		pc.Set(mdx.Off, true)
	}
	if isCanvas(page.File) {
		pc.Set(canvas.On, true)
	}
	if page.parent != nil {
		inlinedice.Share(page.parent, page.parentSrc, pc, DiceBudget)
	}
	doc := m.md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	return doc, st.res
}

// Render writes the HTML of a document Parse returned. goldmark writes
// through a buffered writer, its own new one a call unless w is one: a
// stat block renders each of its fields apart, thousands of calls a
// build, so they share a pool of them.
func (m *Markdown) Render(w io.Writer, src []byte, doc ast.Node) error {
	if _, ok := w.(util.BufWriter); ok {
		return m.md.Renderer().Render(w, src, doc)
	}
	bw := m.writer(w)
	defer m.release(bw)
	return m.md.Renderer().Render(bw, src, doc) // flushes bw
}

// writer is a buffered writer to w from the pool; release returns it.
func (m *Markdown) writer(w io.Writer) *bufio.Writer {
	bw, _ := m.writers.Get().(*bufio.Writer)
	if bw == nil {
		return bufio.NewWriter(w)
	}
	bw.Reset(w)
	return bw
}

// release puts bw, flushed or dropped, back in the pool.
func (m *Markdown) release(bw *bufio.Writer) {
	bw.Reset(nil)
	m.writers.Put(bw)
}

// Convert parses and renders a page in one step.
func (m *Markdown) Convert(src []byte, page *Page) (string, *Result, error) {
	doc, res := m.Parse(src, page)
	var b bytes.Buffer
	b.Grow(len(src) * 2)
	err := m.Render(&b, src, doc)
	return b.String(), res, err
}

// Outline parses the blocks of a page (not its inline markup) and returns
// them with the parser context, which holds the front matter
// (frontmatter.Get). It finds the same blocks and heading ids as Parse,
// much faster; loading uses it to learn every page's anchors before links
// are checked against them. (One known difference: it keeps headings
// inside footnotes that are never referenced, which the renderer drops.)
func (m *Markdown) Outline(src []byte) (ast.Node, parser.Context) {
	return m.OutlineFile(src, "", nil)
}

// OutlineFile is Outline of the page file (relative to the source folder)
// whose Hugo shortcode templates read the site's files through read (see
// FileReader; nil: none is read): their .Page.File, and the ids of the
// headings in a file they include, are the page's.
func (m *Markdown) OutlineFile(src []byte, file string, read func(rel string, max int64) ([]byte, error)) (ast.Node, parser.Context) {
	pc := m.newContext()
	if file != "" {
		pc.Set(outlineSourceKey, outlineSource{file: file, read: read})
	}
	if m.mdxOff(file) {
		pc.Set(mdx.Off, true)
	}
	if isCanvas(file) {
		pc.Set(canvas.On, true)
	}
	doc := m.outline.Parse(text.NewReader(src), parser.WithContext(pc))
	dropSkipped(pc)
	return doc, pc
}

// mdxOff reports whether the page file (relative to the source folder) is
// read as Markdown though the site reads MDX: Dialects.MDXFilesOnly and a
// file that is not .mdx ("" is a page of no file: MDX, as the site reads).
func (m *Markdown) mdxOff(file string) bool {
	return m.opts.Dialects.MDX && m.opts.Dialects.MDXFilesOnly && file != "" && !strings.HasSuffix(file, ".mdx")
}

// CanvasStyle is the logical path of the stylesheet of a canvas page:
// only its pages load it.
const CanvasStyle = "css/canvas.css"

// isCanvas reports whether the page file is a JSON Canvas (an Obsidian
// vault's .canvas board, whose page the layout's Expand wrote with
// canvas's marker lines).
func isCanvas(file string) bool { return strings.HasSuffix(file, ".canvas") }

// addCanvasStyle asks for the canvas stylesheet, when the site has it.
func addCanvasStyle(pc parser.Context) { addStyle(CanvasStyle)(pc) }

// addStyle returns a function that asks for the stylesheet at the logical
// path name, when the site has it: a page loads it only where it has what
// it styles.
func addStyle(name string) func(parser.Context) {
	return func(pc parser.Context) {
		if st := state(pc); st != nil && st.page != nil {
			if u, ok := st.page.Assets[name]; ok && !slices.Contains(st.res.Styles, u) {
				st.res.Styles = append(st.res.Styles, u)
			}
		}
	}
}

// recorder is a parser.Parser that only records the options goldmark's
// extensions add, so that New can build both its parsers from one list.
type recorder struct{ cfg *parser.Config }

func newRecorder() *recorder {
	cfg := parser.NewConfig()
	cfg.BlockParsers = parser.DefaultBlockParsers()
	cfg.InlineParsers = parser.DefaultInlineParsers()
	cfg.ParagraphTransformers = parser.DefaultParagraphTransformers()
	return &recorder{cfg: cfg}
}

// Parse is never called: New replaces the recorder before any parse.
func (r *recorder) Parse(text.Reader, ...parser.ParseOption) ast.Node { return ast.NewDocument() }

// AddOptions records opts.
func (r *recorder) AddOptions(opts ...parser.Option) {
	for _, o := range opts {
		o.SetParserOption(r.cfg)
	}
}

// parserKind says which parser recorder.parser builds.
type parserKind int

const (
	fullParser    parserKind = iota // every recorded option: Parse
	outlineParser                   // blocks only, inline text skipped: Outline
	// outlineTextParser is outlineParser with goldmark's own inline pass
	// (a Text node a line), as Outline was before skipInline; tests hold
	// the two to the same blocks.
	outlineTextParser
)

// parser builds a parser from the recorded options: the whole parser, or
// an outline parser (the same block parsers, paragraph transformers and
// options, without inline parsing and AST transformers).
func (r *recorder) parser(kind parserKind) parser.Parser {
	transformers := r.cfg.ParagraphTransformers
	if kind == outlineParser {
		transformers = tableHeadsOnly(transformers)
	}
	opts := []parser.Option{
		parser.WithBlockParsers(guardDepth(r.cfg.BlockParsers)...),
		parser.WithParagraphTransformers(transformers...),
	}
	if kind == outlineParser {
		opts = append(opts, parser.WithInlineParsers(util.Prioritized(skipInline{}, 0)))
	}
	if kind == fullParser {
		opts = append(opts,
			parser.WithInlineParsers(r.cfg.InlineParsers...),
			parser.WithASTTransformers(r.cfg.ASTTransformers...))
		if r.cfg.EscapedSpace {
			opts = append(opts, parser.WithEscapedSpace())
		}
	}
	for name, v := range r.cfg.Options {
		opts = append(opts, parser.WithOption(name, v))
	}
	p := parser.NewParser(opts...)
	// goldmark sets each block parser's options at a parser's first
	// Parse (once, under its own sync.Once). New's parsers share the
	// block parsers, so a first Parse of one on a worker would write
	// them while another parser reads them on the next worker (a data
	// race go test -race reported): each parser makes that first Parse
	// here, before any worker has it.
	p.Parse(text.NewReader(nil))
	return p
}

// skipInline is the outline parser's one inline parser: it takes every
// line of a leaf block (paragraph, heading, table cell...) at once and
// leaves the block without inline nodes. Without it goldmark's inline
// pass, which runs even with no inline parsers, looks at every byte of
// every line and makes a Text node of each line: a fifth of loading's
// time, for nodes nothing reads (an outline's users read blocks, their
// lines and their attributes, never inline nodes).
//
// goldmark calls an inline parser at the first byte of each line, under
// the trigger ' ' for a byte that is not ASCII punctuation and under the
// byte itself for one that is; skipInline triggers on all of those. It
// must return a node, which goldmark appends to the block: it returns the
// same empty Text node for every block of a parse (appending it to a
// block takes it from the previous one), and Outline removes it from the
// last.
type skipInline struct{}

// skippedKey holds, in a parse's parser.Context, the Text node skipInline
// returns.
var skippedKey = parser.NewContextKey()

// skipTriggers are ' ' and every ASCII punctuation byte (util.IsPunct).
var skipTriggers = func() []byte {
	t := []byte{' '}
	for c := range 128 {
		if util.IsPunct(byte(c)) {
			t = append(t, byte(c))
		}
	}
	return t
}()

// Trigger implements parser.InlineParser.
func (skipInline) Trigger() []byte { return skipTriggers }

// Parse implements parser.InlineParser: it moves past the block's lines.
func (skipInline) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	for {
		if line, _ := block.PeekLine(); line == nil {
			break
		}
		block.AdvanceLine()
	}
	n, _ := pc.Get(skippedKey).(*ast.Text)
	if n == nil {
		n = ast.NewText()
		pc.Set(skippedKey, n)
	}
	return n
}

// dropSkipped removes the node skipInline returned from the block that
// holds it last.
func dropSkipped(pc parser.Context) {
	if n, _ := pc.Get(skippedKey).(*ast.Text); n != nil && n.Parent() != nil {
		n.Parent().RemoveChild(n.Parent(), n)
	}
}

// tableHeads wraps goldmark's table paragraph transformer in the outline
// parser: the table it makes has its header row and none of its body rows.
// Parsing each row into cells was a tenth of an outline's time on a page of
// tables, for rows nothing reads (an outline's users read a table as a
// block: a block id or attribute list after it names the table; its cells
// hold no heading, id or fence). The body rows' lines are kept in the
// parse's context (TableRows), for the #tags in its cells. Which lines become a table, and what
// is left of the paragraph, are the transformer's own decision: it is
// given the paragraph cut after the first line that could be a delimiter
// row ("|---|:-:|"); when that line is not one (or the header above does
// not match it), the paragraph gets its lines back and the next such line
// is tried, as the transformer would have.
type tableHeads struct{ parser.ParagraphTransformer }

// tableHeadsOnly returns list with goldmark's table transformer wrapped in
// tableHeads.
func tableHeadsOnly(list []util.PrioritizedValue) []util.PrioritizedValue {
	out := slices.Clone(list)
	for i, v := range out {
		if v.Value == extension.NewTableParagraphTransformer() {
			out[i].Value = tableHeads{v.Value.(parser.ParagraphTransformer)}
		}
	}
	return out
}

// Transform implements parser.ParagraphTransformer.
func (t tableHeads) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	n := lines.Len()
	for i := 1; i < n; i++ {
		if seg := lines.At(i); !maybeTableDelim(seg.Value(reader.Source())) {
			continue
		}
		all := slices.Clone(lines.Sliced(0, n))
		parent, next := node.Parent(), node.NextSibling()
		lines.SetSliced(0, i+1)
		t.ParagraphTransformer.Transform(node, reader, pc)
		if node.Parent() == nil || lines.Len() != i+1 {
			// A table made (from a delimiter row at or before i): its
			// body rows, not parsed, are kept in the parse's context, for
			// the #tags written in its cells (Markdown.Tags).
			if tableBefore(parent, next) != nil && len(all) > i+1 {
				rows, _ := pc.Get(tableRowsKey).([]text.Segment)
				pc.Set(tableRowsKey, append(rows, all[i+1:]...))
			}
			return
		}
		lines.Clear()
		lines.AppendAll(all)
	}
}

// tableRowsKey holds, in an outline's parser.Context, the lines of the
// body rows of its tables, which tableHeads does not parse.
var tableRowsKey = parser.NewContextKey()

// TableRows are the lines of the body rows of the tables of the outline
// whose parser context is pc (Outline), which the outline leaves
// unparsed.
func TableRows(pc parser.Context) []text.Segment {
	if pc == nil {
		return nil
	}
	rows, _ := pc.Get(tableRowsKey).([]text.Segment)
	return rows
}

// tableBefore is the table the transformer put before next in parent (at
// its end when next is nil), nil when there is none.
func tableBefore(parent, next ast.Node) *east.Table {
	if parent == nil {
		return nil
	}
	var n ast.Node
	if next != nil {
		n = next.PreviousSibling()
	} else {
		n = parent.LastChild()
	}
	tbl, _ := n.(*east.Table)
	return tbl
}

// maybeTableDelim reports whether line has only the bytes of a table's
// delimiter row (spaces, '-', '|', ':'), as goldmark's must.
func maybeTableDelim(line []byte) bool {
	for _, c := range line {
		if !util.IsSpace(c) && c != '-' && c != '|' && c != ':' {
			return false
		}
	}
	return true
}

// stateKey holds a page's *pageState in its parser.Context.
var stateKey = parser.NewContextKey()

// pageState is the per-page state the transformers share.
type pageState struct {
	shortcodeTold map[string]bool // warnings told of Markdown a Hugo shortcode template made (shortcodeMarkdown)
	page          *Page
	src           []byte
	res           *Result
	li            lineIndex
	seen          map[string]int // blocks per info string so far, for Block.Index
	// tooDeep is set once the page was told it nests too deep (depth.go).
	tooDeep bool
	// demoteRaw: the page's headings move one level down, those of its
	// raw HTML too (h1Transformer; warnTransformer rewrites the HTML).
	demoteRaw bool
	// writtenLevel is the level each heading was written at, where
	// h1Transformer moved it (kramdown's toc_levels count those).
	writtenLevel map[*ast.Heading]int
	// work is what the outermost page made so far, shared with the
	// notes it embeds (obsidian.go, blocks.go).
	work *pageWork
	// dice is the page's dice budget (Page.Dice), shared likewise.
	dice *expr.Budget
}

// MaxPageDiceWork is the dice work one page may spend, in the units of
// expr.MaxWork (multiply-adds; 1e8 is about 50 ms):
// its ```dice blocks, ```calc dice/roll blocks, inline rolls and embedded
// notes together. The bound of one expression alone let 15 blocks of 20
// expressions take 40 s; a page may hold about three expressions at the
// bound of one, or thousands of ordinary rolls.
const MaxPageDiceWork = 1e9

// ErrDiceBudget is the error of an expression past the page's dice budget,
// in the words of a page's editor.
var ErrDiceBudget = errors.New("the dice of this page need more computation than one page may spend (" +
	thousands(int64(MaxPageDiceWork)) + " steps, shared by all its dice): move some of them to another page")

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// DiceBudget returns the dice budget of the page being parsed with pc
// (Page.Dice), for the inline syntax of extensions; nil outside Parse.
func DiceBudget(pc parser.Context) *expr.Budget {
	if st := state(pc); st != nil {
		return st.dice
	}
	return nil
}

// state returns the page being parsed, or nil when the parse did not come
// from Parse (a bare goldmark Convert in a test): then transformers that
// need a page do nothing.
func state(pc parser.Context) *pageState {
	st, _ := pc.Get(stateKey).(*pageState)
	return st
}

// pos returns the 1-based line and column of a source offset.
func (st *pageState) pos(off int) (int, int) {
	if st.li == nil {
		st.li = newLineIndex(st.src)
	}
	return st.li.pos(off)
}

// report sends a problem to the page's Report.
func (st *pageState) report(off int, warning bool, msg string) {
	line, col := st.pos(off)
	st.reportAt(line, col, warning, msg)
}

// reportOuter reports an error that belongs to the outermost page when
// the page is an embedded note (see Problem.outer).
func (st *pageState) reportOuter(off int, msg string) {
	if st.page.Report != nil {
		line, col := st.pos(off)
		st.page.Report(Problem{Line: line, Col: col, Msg: msg, outer: true})
	}
}

func (st *pageState) reportAt(line, col int, warning bool, msg string) {
	if st.page.Report != nil {
		st.page.Report(Problem{Line: line, Col: col, Msg: msg, Warning: warning})
	}
}

// BrokenLink is a link (or a Hugo ref) that did not resolve: its target
// as written and the reason. A problem's Link, a diagnostic's: the one
// rule of a broken link's message (Msg) and of what is said of it apart
// from its reason (Head).
type BrokenLink struct {
	Target, Reason string
}

// Broken reports whether l is a broken link (the zero BrokenLink is
// none).
func (l BrokenLink) Broken() bool { return l.Reason != "" }

// Head is the message without its reason: `broken link "missing/"`.
func (l BrokenLink) Head() string { return fmt.Sprintf("broken link %q", l.Target) }

// Msg is the message of the broken link: `broken link "missing/": no
// page at /missing`.
func (l BrokenLink) Msg() string { return l.Head() + ": " + l.Reason }

// reportLink reports the broken link l, an error, at a source offset of
// the page.
func (st *pageState) reportLink(off int, l BrokenLink) {
	line, col := st.pos(off)
	st.reportLinkAt(line, col, l)
}

// reportLinkAt reports the broken link l, an error, at line and col.
func (st *pageState) reportLinkAt(line, col int, l BrokenLink) {
	if st.page.Report != nil {
		st.page.Report(Problem{Line: line, Col: col, Msg: l.Msg(), Link: l})
	}
}

// failLinkAt reports a broken link at a source offset of the page being
// parsed (the shortcodes' FailLink).
func failLinkAt(pc parser.Context, off int, target, reason string) {
	if st := state(pc); st != nil {
		st.reportLink(off, BrokenLink{Target: target, Reason: reason})
	}
}

// warnAt reports a warning at a source offset of the page being parsed
// (the dialect extensions' Warn).
func warnAt(pc parser.Context, off int, msg string) {
	if st := state(pc); st != nil {
		st.report(off, true, msg)
	}
}

// failAt reports an error at a source offset of the page being parsed
// (the dialect extensions' Fail).
func failAt(pc parser.Context, off int, msg string) {
	if st := state(pc); st != nil {
		st.report(off, false, msg)
	}
}

// pageExtension adds the per-page transformers: the first-H1 drop, fenced
// blocks, links, the table of contents and warnings.
type pageExtension struct{ m *Markdown }

// Extend implements goldmark.Extender.
func (e pageExtension) Extend(md goldmark.Markdown) {
	md.Parser().AddOptions(parser.WithASTTransformers(
		// After goldmark's own (footnotes run at 999), in this order.
		util.Prioritized(h1Transformer{own: e.m.opts.Dialects.OwnH1, unlessH1: e.m.opts.Dialects.TitleUnlessH1}, 1000),
		// kramdown's {:toc} lists the headings the body keeps, before its
		// links are resolved and checked.
		util.Prioritized(kramdownTOC{levels: e.m.opts.Dialects.TOCLevels}, 1001),
		util.Prioritized(blockTransformer{m: e.m}, 1002),
		util.Prioritized(inlineBlockTransformer{m: e.m}, 1002),
		util.Prioritized(linkTransformer{m: e.m}, 1003),
		util.Prioritized(queryTransformer{m: e.m}, 1004),
		util.Prioritized(wikiTransformer{m: e.m}, 1005),
		util.Prioritized(diceTransformer{m: e.m}, 1006),
		util.Prioritized(metaBindTransformer{m: e.m}, 1007), // before the TOC, which lists its fields' text
		util.Prioritized(tasksTransformer{m: e.m}, 1007),
		util.Prioritized(tocTransformer{}, 1008),
		util.Prioritized(warnTransformer{m: e.m}, 1009),
	))
	md.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(blockRenderer{}, 100)))
}
