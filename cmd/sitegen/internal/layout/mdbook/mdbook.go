// Package mdbook recognises an mdBook book (book.toml at its root) and
// implements the rules mdBook documents for it
// (https://rust-lang.github.io/mdBook/):
//
//   - Where pages come from: [book] src (default src/) holds the book;
//     SUMMARY.md there lists its chapters, and only the chapters it lists
//     are pages (ParseSummary): SUMMARY.md itself is not a page, nor is a
//     Markdown file it does not list. Files that are not Markdown are
//     published as they are, as mdBook copies them.
//   - The home page is the first chapter (mdBook writes it as index.html
//     too); a chapter README.md is its folder's index page ("index"
//     preprocessor), README.html when [build] use-default-preprocessors =
//     false leaves the index preprocessor out.
//   - <title>: a chapter's {{#title}} as written, else its SUMMARY.md
//     label, " - " and the book's title (layout.Layout.TitleSuffix).
//   - Navigation: SUMMARY.md's order and nesting, its part titles,
//     separators and draft chapters ([Title](), listed, not a page), the
//     numbers of numbered chapters, the whole table of contents unless
//     [output.html.fold] folds it (unfold); a chapter's label is its link text in
//     SUMMARY.md, which is also its title in the pager, breadcrumbs and
//     lists: {{#title}} sets the <title> alone (hbs_renderer.rs puts
//     chapter_titles in "title", ch.name in the previous/next links).
//   - URLs: a chapter is written at its source path with .html for .md,
//     case and spaces kept (People/Bremen/Charles.md at
//     /People/Bremen/Charles.html), a README.md (any case) or index.md
//     as its folder's index.html (/People/), as mdBook writes them
//     (chapterFile); the first chapter is also the book's index.html
//     (its own file, X.html or a folder's X/index.html, a redirect
//     there when it is not the root's README.md). Previous and next
//     follow the chapters with a file in SUMMARY.md's order, the first
//     chapter included (index.html's next is the second chapter).
//   - Links: a link to X.md (or to X.html, mdBook's output) is to the
//     chapter X; one written from the root ("/rules/x.md") resolves from
//     src/. A link to a folder ("artists", "../rules/") or to a file
//     without an extension resolves from the chapter's file too, as the
//     reader's browser does from X.html: the folder's README.md or
//     index.md ("index: A preprocessor for converting file name
//     README.md to index.md so that README.md can be used as index page
//     of a directory",
//     https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html).
//     The href and src of raw HTML are relative to the chapter too
//     (its HTML is written where its .md is, and a browser resolves them
//     from there): they are checked and rewritten as Markdown links
//     (layout.Layout.FileLinks).
//   - print.html: every chapter in SUMMARY.md's order on one page, its
//     ids made unique across the book and the links between chapters
//     made anchors of the page (html/print.rs, joinPrint), linked from
//     every page's header where mdBook has its print button;
//     [output.html.print] enable = false writes neither, page-break =
//     false joins the chapters without a page break (printPage). The site
//     writes it after the pages and again on every update
//     (layout.Layout.Combined).
//   - Preprocessor lines ({{#include}}, {{#rustdoc_include}},
//     {{#playground}}, {{#title}}) are applied as mdBook's links
//     preprocessor applies them (Expand); a line that cannot be is a
//     problem at its file and line, never printed; with [build]
//     use-default-preprocessors = false and no [preprocessor.links] they
//     stay in the text, as mdBook leaves them (defaultPreprocessorsOff).
//   - Settings: [book] title and language, [output.html] site-url,
//     no-section-label (the sidebar without chapter numbers) and
//     redirect (a redirect page to a chapter, readRedirects); a
//     build without --dest writes to [build] build-dir (default book/), as
//     mdbook build does. The 404 page is [output.html] input-404's file
//     of src (default 404.md, notFoundInput), else mdBook's own
//     sentence; additional-css and
//     -js, git-repository-url, edit-url-template and a theme folder are
//     named in a note, not applied (noteHTML).
//   - What mdBook tolerates: a chapter SUMMARY.md lists that does not exist
//     (mdBook creates it, "# Label"; sitegen publishes that empty chapter
//     with a warning, writing nothing into the source; with [build]
//     create-missing = false the build fails at its line, createMissing),
//     an include it cannot read (mdBook logs it and goes on).
//
// Third-party preprocessors ([preprocessor.NAME] in book.toml, by
// their name or their command's program; one whose renderers do not list
// html is not run for the HTML book, as mdBook does not) are applied where
// their documented syntax is data-only (Plugins, readPreprocessors):
// mdbook-admonish's ```admonish blocks are callouts (package
// markup/admonish); mdbook-template's {{#template file key=value}} is
// the file with its [[#key]] filled; mdbook-emojicodes' :name: is the
// emoji; mdbook-embedify's {% embed app … %} is a link to what its frame
// would show (sitegen publishes no third-party frame), its include app
// applied; mdbook-katex's formulas are marked as math; mdbook-image-size's
// ![alt](src =WxH center) is the image at that size; mdbook-alerts'
// > [!NOTE] blocks are callouts, as mdBook's own admonitions. They run in
// mdBook's order (before and after, else by name, runOrder): each reads
// the text of those that ran before it, not of those that run after. Any other
// (mdbook-mermaid, mdbook-toc, …) is a warning at its book.toml line, and
// a {{#name …}} line of a chapter that is not mdBook's is dropped with a
// warning at its line, never printed. A ```mermaid block is shown as its
// source, as mdBook shows it without mdbook-mermaid.
package mdbook

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/srcpath"
)

// ConfigFile is the name mdBook reads a book's settings from.
const ConfigFile = "book.toml"

// DefaultSrc is the source folder of a book that sets no [book] src.
const DefaultSrc = "src"

// DefaultBuildDir is the folder mdBook builds a book into when book.toml
// sets no [build] build-dir: a build without --dest writes there.
const DefaultBuildDir = "book"

// Recognise returns the layout of the book at dir, or nil when dir has no
// book.toml. A book.toml or SUMMARY.md that cannot be read is an error (a
// *layout.ConfigError).
func Recognise(dir string) (*layout.Layout, error) {
	if !layout.Exists(dir, ConfigFile, false) {
		return nil, nil
	}
	m, err := layout.Decode(dir, ConfigFile)
	if err != nil {
		return nil, err
	}
	l := &layout.Layout{Kind: layout.MdBook, File: ConfigFile, Content: DefaultSrc, Redirects: "aliases",
		NavOnly: true, HTMLLinks: true, FileLinks: true,
		// The first chapter is in the pager's chain like any other: "let
		// previous = (i != 0).then(|| chapter_trees[i - 1].chapter)"
		// over every chapter with a file (hbs_renderer.rs).
		HomeInNav: true,
		KeepCase:  true, Segment: keepName, FileURL: chapterFile,
		// mdBook's html renderer shows no date of a chapter's last change.
		LastUpdated: layout.UpdatedBy(false),
		// Its 404 page without a src/404.md: "# Document not found
		// (404)\n\nThis URL is invalid, sorry. Please use the navigation
		// bar or search to continue." (hbs_renderer.rs render_404), in
		// English whatever the book's language; its <title> "Page not
		// found - " and the book's title ("let mut title =
		// String::from(\"Page not found\")"), in English too, not in
		// the book's language as sitegen's own words would be.
		NotFoundText:  "This URL is invalid, sorry. Please use the navigation bar or search to continue.",
		NotFoundTitle: "Page not found", NotFoundTitleAlways: true}
	l.Markup.Slug = NormalizeID
	book := table(m, "book")
	if src, err := l.Folder(dir, "src", l.Str(book, "src")); err != nil {
		return nil, err
	} else if src != "" {
		l.Content = src
	}
	l.Output = buildDir(l, table(m, "build"))
	l.Settings.Title = l.Str(book, "title")
	// The HTML renderer's <title> (html_handlebars/hbs_renderer.rs,
	// render_item): a chapter's {{#title}} as written, else "ch.name.clone()
	// + " - " + book_title", the chapter's name alone when the book has no
	// title.
	suffix := ""
	if l.Settings.Title != "" {
		suffix = " - " + l.Settings.Title
	}
	l.TitleSuffix = &suffix
	l.Settings.LanguageCode = l.Str(book, "language")
	html := table(table(m, "output"), "html")
	if u := l.Str(html, "site-url"); u != "" {
		l.Settings.BaseURL = u
	}
	l.NavUnfold = unfold(table(html, "fold"))
	l.Combined = printPage(table(html, "print"))
	noteHTML(dir, l, html)
	if on, _ := html["mathjax-support"].(bool); on {
		// "Inline equations are delimited by \\( and \\). Block equations
		// are delimited by \\[ and \\]"
		// (https://rust-lang.github.io/mdBook/format/mathjax.html): marked
		// as math as the site marks $…$ (markup/math's Brackets).
		l.Markup.MathBrackets = true
		l.Notes = append(l.Notes, ConfigFile+`: output.html.mathjax-support: the \\( … \\) and \\[ … \\] formulas are rendered as MathML at build time (one sitegen cannot read is shown as its TeX source, with a warning)`)
	}
	raw, err := layout.ReadSetting(dir, ConfigFile)
	if err != nil {
		return nil, err
	}
	bookRaw := raw
	pl := readPreprocessors(dir, l, m, raw)
	pl.NoLinks = defaultPreprocessorsOff(l, m)
	l.Expand = pl.Expand
	summary := path.Join(l.Content, SummaryFile)
	raw, err = layout.ReadSetting(dir, summary) // the link rule of every settings file
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, &layout.ConfigError{File: summary, Msg: "no such file: mdBook reads the book's chapters from it", Err: err}
		}
		return nil, err
	}
	nav, err := parseSummary(raw, func(rel string) string { return outside(dir, l.Content, rel) })
	if err != nil {
		var se *summaryError
		if errors.As(err, &se) {
			return nil, &layout.ConfigError{File: summary, Line: se.Line, Col: se.Col, Msg: se.Msg}
		}
		return nil, &layout.ConfigError{File: summary, Msg: err.Error()}
	}
	// "no-section-label: By default, mdBook will add numeric labels to
	// the chapters in the sidebar, e.g. 1.1 Introduction. Set this to
	// true to remove those labels."
	// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#html-renderer-options).
	if off, _ := html["no-section-label"].(bool); off {
		for i := range nav {
			nav[i].Number = ""
		}
	}
	notFoundInput(dir, l, html)
	if err := createMissing(dir, l, table(m, "build"), nav, summary); err != nil {
		return nil, err
	}
	l.Nav, l.NavFile = nav, summary
	defer readRedirects(l, html, nav, l.Settings.BaseURL, bookRaw) // once l.Home is known
	chapters := 0
	for _, e := range nav {
		if e.Path == "" {
			continue
		}
		if chapters == 0 && (l.ReadmePage || !isIndex(e.Path)) {
			l.Home = e.Path
		}
		chapters++
	}
	l.Read = append(l.Read, fmt.Sprintf("%s (%d chapters)", SummaryFile, chapters))
	return l, nil
}

// createMissing applies [build] create-missing: "By default, any missing
// files specified in SUMMARY.md will be created when the book is built
// (i.e. create-missing = true). If this is false then the build process
// will instead exit with an error if any files do not exist."
// (https://rust-lang.github.io/mdBook/format/configuration/general.html#build-options).
// When it is false, the first chapter of nav whose file does not exist is
// an error at its line of SUMMARY.md (summary); when true, the site
// publishes each such chapter as mdBook creates it (package content's
// navtree.go).
func createMissing(dir string, l *layout.Layout, build map[string]any, nav []layout.NavEntry, summary string) error {
	if create, ok := build["create-missing"].(bool); !ok || create {
		return nil
	}
	for _, e := range nav {
		if e.Path == "" {
			continue
		}
		file := path.Join(l.Content, e.Path)
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(file))); errors.Is(err, fs.ErrNotExist) {
			return &layout.ConfigError{File: summary, Line: e.Line, Col: 1,
				Msg: fmt.Sprintf("chapter %q: %s does not exist, and %s sets build.create-missing = false: mdBook stops (\"Chapter file not found\")", e.Title, file, ConfigFile)}
		}
	}
	return nil
}

// unfold is how deep the sidebar shows every chapter's sub-chapters
// (layout.Layout.NavUnfold), from [output.html.fold]: "enable: Enable
// section-folding. When off, all folds are open. Defaults to false.
// level: The higher the more folded regions are open. When level is 0,
// all folds are closed. Defaults to 0"
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlfold).
// mdBook's toc helper opens a chapter numbered at level n (1 for "1.")
// when n < level: a chapter at depth d (0 at the top) when d < level-1.
func unfold(fold map[string]any) int {
	if on, _ := fold["enable"].(bool); !on {
		return math.MaxInt
	}
	var level int64
	switch v := fold["level"].(type) {
	case int64:
		level = v
	case float64:
		level = int64(v)
	}
	return int(max(level-1, 0))
}

// outside says why the chapter rel (relative to the source folder src
// of the book at dir) may not be read, "" when it may. A chapter outside
// src (../README.md) is read as mdBook reads it when it is inside the
// book's folder, not hidden and not reached through a symbolic link out
// of the book or to a hidden name; those inside src are the site walk's
// to check, as every page's.
func outside(dir, src, rel string) string {
	if !strings.HasPrefix(rel, "../") {
		return ""
	}
	file := path.Join(src, rel)
	if file == ".." || strings.HasPrefix(file, "../") {
		return fmt.Sprintf("%q is outside the book's folder (where %s is): sitegen publishes nothing from outside it", rel, ConfigFile)
	}
	if part := srcpath.SkippedPart(file); part != "" {
		return fmt.Sprintf("%q is a hidden name (%s): sitegen never publishes hidden files or folders", rel, part)
	}
	if _, err := srcpath.Check(dir, file); err != nil {
		var le *srcpath.Error
		if errors.As(err, &le) {
			return le.Link + ": " + le.Error()
		}
		if errors.Is(err, fs.ErrNotExist) {
			return "" // a missing chapter: a warning of the site's (mdBook creates it)
		}
		return err.Error()
	}
	return ""
}

// keepName is mdBook's URL segment for a file or folder name: the name
// as it is, case and spaces kept ("Dougan's Hole/Finn.md" is
// "Dougan's Hole/Finn.html"): the HTML renderer writes each chapter at
// its path with the extension changed (html_handlebars's
// ch.path.with_extension("html")).
func keepName(name string) string { return name }

// chapterFile is the layout's FileURL: every chapter is written as a
// file beside where its .md is, "the output … mirrors the structure of
// the source directory" (https://rust-lang.github.io/mdBook/guide/creating.html):
// People/Bremen/Charles.md is People/Bremen/Charles.html. A README.md
// is its folder's index.html (the index preprocessor: "converting file
// name README.md to index.md", which sitegen reads as the folder's
// page), so is never asked.
func chapterFile(string, map[string]any) bool { return true }

// isIndex reports whether the chapter file rel is the root's index page
// already (README.md, index.md).
func isIndex(rel string) bool {
	return strings.EqualFold(rel, "README.md") || rel == "index.md"
}

// table returns m[key] when it is a table, else an empty one.
func table(m map[string]any, key string) map[string]any {
	t, _ := m[key].(map[string]any)
	if t == nil {
		return map[string]any{}
	}
	return t
}

// buildDir is the folder a build without --dest writes to: [build]
// build-dir, as mdBook's, when it is a folder of the book's (not outside
// it, no hidden name), else DefaultBuildDir with a note.
func buildDir(l *layout.Layout, build map[string]any) string {
	v := l.Str(build, "build-dir")
	if strings.TrimSpace(v) == "" {
		return DefaultBuildDir
	}
	p := layout.CleanRel(v)
	switch {
	case p == "" || p == ".":
		l.Notes = append(l.Notes, fmt.Sprintf("%s: build.build-dir %q is not a folder inside the book's: sitegen writes to %s/ (or --dest)", ConfigFile, v, DefaultBuildDir))
		return DefaultBuildDir
	case srcpath.SkippedPart(p) != "":
		l.Notes = append(l.Notes, fmt.Sprintf("%s: build.build-dir %q is a hidden name: sitegen writes to %s/ (or --dest)", ConfigFile, v, DefaultBuildDir))
		return DefaultBuildDir
	}
	return p
}

// defaultPreprocessorsOff reads build.use-default-preprocessors:
// "Disable the default preprocessors (links & index) by setting this
// option to false. ... Adding [preprocessor.links], for example, will
// ensure, regardless of use-default-preprocessors that links it will
// run" (https://rust-lang.github.io/mdBook/format/configuration/general.html#build-options).
// It reports whether links does not run (its {{#…}} lines stay in the
// text, as mdBook leaves them); without index, a README.md chapter is
// written as README.html, not as its folder's index.html
// (layout.Layout.ReadmePage).
func defaultPreprocessorsOff(l *layout.Layout, m map[string]any) bool {
	if on, ok := table(m, "build")["use-default-preprocessors"].(bool); !ok || on {
		return false
	}
	pre := table(m, "preprocessor")
	_, links := pre["links"]
	_, index := pre["index"]
	if !links {
		l.Notes = append(l.Notes, ConfigFile+": build.use-default-preprocessors = false and no [preprocessor.links]: "+
			"{{#include}}, {{#title}} and the like stay in the chapters' text, as mdBook leaves them")
	}
	if !index {
		// "index: Convert all chapter files named README.md into
		// index.md" (configuration/preprocessors.md): without it a
		// README.md chapter is written as README.html, an ordinary page.
		l.ReadmePage = true
		l.Read = append(l.Read, "no index preprocessor (a README.md chapter is README.html)")
	}
	return !links
}

// preprocessors lists the book's configured preprocessors that are not
// mdBook's own (links and index, which sitegen applies), sorted.
func preprocessors(m map[string]any) []string {
	var out []string
	for name := range table(m, "preprocessor") {
		if name != "links" && name != "index" {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// notRun says what a book loses without a third-party preprocessor.
func notRun(name string) string {
	switch name {
	case "mermaid":
		return "diagrams are shown as their source"
	case "katex", "mathjax":
		return "math is shown as its source"
	}
	return "its {{#…}} lines are dropped, its other syntax is shown as written"
}

// admonishDefaults reads mdbook-admonish's [preprocessor.admonish.default]
// ("default.title (optional): Title to use for blocks";
// "default.collapsible (optional, default: false): Make blocks
// collapsible by default when set to true",
// https://tommilligan.github.io/mdbook-admonish/reference.html).
func admonishDefaults(d map[string]any) *layout.AdmonishDefaults {
	out := &layout.AdmonishDefaults{}
	if t, ok := d["title"].(string); ok {
		out.Title = &t
	}
	out.Collapsible, _ = d["collapsible"].(bool)
	return out
}

// NormalizeID is mdBook's heading id of a heading's text (normalize_id,
// rust-lang/mdBook src/utils/mod.rs): "Convert the given string to a
// valid HTML element ID": letters and digits of any script (Rust's
// char::is_alphanumeric), "_" and "-" kept, ASCII letters lowered, each
// whitespace "-", the rest dropped ("Règles aventure" is règles-aventure).
func NormalizeID(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Other_Alphabetic, r):
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteRune(r)
		case unicode.IsSpace(r):
			b.WriteByte('-')
		}
	}
	return b.String()
}

// themeFiles are the files of a theme folder mdBook reads over its own
// (mdbook-html theme/mod.rs, Theme::new).
var themeFiles = []string{"index.hbs", "head.hbs", "redirect.hbs", "header.hbs", "toc.js.hbs", "toc.html.hbs",
	"book.js", "css/chrome.css", "css/general.css", "css/print.css", "css/variables.css",
	"highlight.js", "clipboard.min.js", "highlight.css", "tomorrow-night.css", "ayu-highlight.css"}

// notFoundInput applies [output.html] input-404: "The name of the
// markdown file used for missing files. The corresponding output file
// will be the same, with the extension replaced with html. Defaults to
// 404.md."
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#html-renderer-options):
// that file of src is the 404 page (layout.Layout.NotFoundFile), not a
// chapter, and 404.md is then a file SUMMARY.md does not list. sitegen
// writes it as /404.html, the page a host serves for a missing file,
// where mdBook writes it at its own name (not-found.html), saying so in
// a note. A file that does not exist, which stops mdBook ("failed to
// read the 404 input file", hbs_renderer.rs render_404), is a warning
// and the book keeps mdBook's own 404 sentence; input-404 = "", which
// mdBook reads as "no 404 page", is noted (sitegen writes its own).
func notFoundInput(dir string, l *layout.Layout, html map[string]any) {
	v, set := html["input-404"].(string)
	if !set {
		return
	}
	l.Read = append(l.Read, "output.html.input-404")
	file := path.Clean(strings.ReplaceAll(v, `\`, "/"))
	switch {
	case v == "":
		l.Notes = append(l.Notes, ConfigFile+`: output.html.input-404 = "" (no 404 page): sitegen writes its own 404.html`)
	case file == ".." || strings.HasPrefix(file, "../") || path.IsAbs(file):
		l.Notes = append(l.Notes, fmt.Sprintf("%s: output.html.input-404 %q is outside the book's src: not read", ConfigFile, v))
	case !layout.Exists(dir, path.Join(l.Content, file), false):
		l.Notes = append(l.Notes, fmt.Sprintf("%s: output.html.input-404: %s does not exist (mdBook stops: \"failed to read the 404 input file\"): the 404 page is mdBook's own sentence", ConfigFile, path.Join(l.Content, file)))
	case file != "404.md":
		l.NotFoundFile = file
		l.Notes = append(l.Notes, fmt.Sprintf("%s: output.html.input-404: %s is the 404 page, written as 404.html (mdBook writes %s)", ConfigFile, path.Join(l.Content, file), strings.Replace(file, ".md", ".html", 1)))
	}
}

// noteHTML names in a note each setting of [output.html] (html) that
// changes mdBook's own page and that sitegen's page does not take:
// "additional-css: … a set of stylesheets that will be loaded after the
// default ones", "additional-js: … a set of JavaScript files",
// "git-repository-url: … an icon link will be output in the menu bar",
// "edit-url-template: … shows a "Suggest an edit" button", and "theme: …
// mdBook will selectively overwrite the theme files with the ones found
// in the specified folder"
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html),
// the book's theme/ when it is unset (HtmlConfig::theme_dir). As MkDocs'
// extra_css: sitegen's pages keep their own style sheet and carry no
// author script; the files are not published from outside the source
// folder.
func noteHTML(dir string, l *layout.Layout, html map[string]any) {
	for _, k := range []struct{ key, why string }{
		{"additional-css", "the pages use sitegen's own style sheet"},
		{"additional-js", "sitegen's pages carry no author script"},
	} {
		list, _ := html[k.key].([]any)
		var files []string
		for _, v := range list {
			if s, ok := v.(string); ok && s != "" {
				files = append(files, s)
			}
		}
		if len(files) > 0 {
			l.Notes = append(l.Notes, fmt.Sprintf("%s: output.html.%s %s not applied: %s", ConfigFile, k.key, strings.Join(files, ", "), k.why))
		}
	}
	if l.Str(html, "git-repository-url") != "" {
		l.Notes = append(l.Notes, ConfigFile+": output.html.git-repository-url not shown: sitegen's page has no repository link in its menu bar")
	}
	if l.Str(html, "edit-url-template") != "" {
		l.Notes = append(l.Notes, ConfigFile+`: output.html.edit-url-template not shown: sitegen's pages have no "Suggest an edit" link from mdBook's settings (site.toml's editURL makes one)`)
	}
	theme := "theme"
	if t := l.Str(html, "theme"); t != "" {
		theme = path.Clean(strings.ReplaceAll(t, `\`, "/"))
	}
	if theme == ".." || strings.HasPrefix(theme, "../") || path.IsAbs(theme) {
		return // outside the book: not read
	}
	var found []string
	for _, f := range themeFiles {
		if layout.Exists(dir, path.Join(theme, f), false) {
			found = append(found, f)
		}
	}
	if len(found) > 0 {
		slices.Sort(found)
		l.Notes = append(l.Notes, fmt.Sprintf("%s: the theme folder %s/ (%s) not applied: the pages are sitegen's own", ConfigFile, theme, strings.Join(found, ", ")))
	}
}
