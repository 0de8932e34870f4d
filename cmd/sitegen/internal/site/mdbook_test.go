package site

import (
	"cmp"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"d6codex/cmd/sitegen/internal/site/content"
	"d6codex/cmd/sitegen/internal/testing/sitetest"
)

// mdBookFixture is a small book: a repository whose README.md tells how
// to install mdBook, a src/ whose SUMMARY.md lists prefix, numbered (in
// two parts, nested across folders), draft and suffix chapters, and
// Markdown files it does not list.
var mdBookFixture = map[string]string{
	"README.md": "# How to build this book\n\nInstall mdbook.\n",
	"book.toml": "[book]\ntitle = \"Six Sides\"\nlanguage = \"en\"\n\n[output.html]\nsite-url = \"/six/\"\n\n[preprocessor.mermaid]\ncommand = \"mdbook-mermaid\"\n",
	"src/SUMMARY.md": `# Summary

[Introduction](intro.md)

# Core Rules

- [Dice](rules/README.md)
    - [The Wild Die](rules/wild%20die.md)
    - [Combat](combat.md)
        - [Not Yet Written]()
- [Magic](magic/spells.md)

# Appendices

- [Tables](tables.md)

---

[Credits](credits.md)
`,
	"src/intro.md":        "# Welcome\n\nRead [the dice](rules/README.md), [combat](combat.html#rounds), [credits](/credits.md) and [the term](credits.md#wild-die).\n",
	"src/rules/README.md": "# Dice\n\nRoll [the wild die](wild%20die.md) and see [the tables](../tables.md).\n",
	"src/rules/wild die.md": "{{#title The Wild Die, in full}}\n# The Wild Die\n\n" +
		"```\n{{#include ../listings/wild.txt:2:3}}\n```\n\n{{#include ../../shared/note.md}}\n",
	"src/combat.md":          "# Combat\n\n## Rounds\n\nBack to [the intro](intro.md) or [the dice](rules/index.html).\n\n```mermaid\ngraph TD; A-->B\n```\n",
	"src/magic/spells.md":    "# Spells\n\nA #tag is text here, and so is ==this==.\n",
	"src/tables.md":          "# Tables\n\n{{#include nope.md}}\n",
	"src/credits.md":         "# Credits\n\nWild Die\n: The die that explodes.\n\nSee [the wild die](#wild-die).\n",
	"src/listings/wild.txt":  "line one\nline two\nline three\nline four\n",
	"src/unlisted.md":        "# Drafts the author set aside\n",
	"src/notes/gm-secret.md": "# The twist\n",
	"src/img/map.png":        "png",
	"shared/note.md":         "> A note shared by two books.\n",
}

// TestMdBook builds a book as mdBook documents it
// (https://rust-lang.github.io/mdBook/format/summary.html and
// https://rust-lang.github.io/mdBook/format/mdbook.html), each rule quoted
// beside its check.
func TestMdBook(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, mdBookFixture)
	res, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn"})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	nav := func(page string) string {
		m := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(out[page])
		return regexp.MustCompile(`<[^>]+>`).ReplaceAllString(strings.Join(strings.Fields(m), " "), "|")
	}
	checks := []struct {
		rule string
		ok   bool
	}{
		{`"The summary file is used by mdBook to know what chapters to include": the chapters are pages`,
			out["rules/index.html"] != "" && out["rules/wild die.html"] != "" && out["combat.html"] != "" && out["magic/spells.html"] != "" && out["credits.html"] != ""},
		{"only what SUMMARY.md lists is published: not SUMMARY.md, not a file it does not list",
			out["summary/index.html"] == "" && out["SUMMARY.html"] == "" && out["unlisted.html"] == "" && out["notes/gm-secret.html"] == "" && !strings.Contains(strings.Join(keys(out), " "), "gm-secret")},
		{`"By default, the source directory is found in the directory named src": the repository's README.md is not the home page`,
			!strings.Contains(out["index.html"], "How to build this book")},
		{"the first chapter is the home page (mdBook writes it as index.html)", strings.Contains(out["index.html"], "Welcome")},
		{`"README.md chapters ... rendered to an index file index.html" (the index preprocessor)`, strings.Contains(out["rules/index.html"], "<h1>Dice</h1>")},
		{"files that are not Markdown are published", out["img/map.png"] == "png"},
		{`"The path to each chapter's source file ... the output is similar" : a chapter is written at its path with .html, case and spaces kept ` +
			`(https://rust-lang.github.io/mdBook/format/summary.html, "- [Chapter 1](./chapter-1.md)"; html_handlebars writes ch.path.with_extension("html"))`,
			out["rules/wild die.html"] != "" && out["rules/wild-die/index.html"] == "" && out["combat/index.html"] == "" && !strings.Contains(out["sitemap.xml"], "/combat/")},
		{"the first chapter is the book's index.html, and its own file (intro.html) leads there: a redirect, sitegen publishing the page once",
			strings.Contains(out["intro.html"], `http-equiv="refresh" content="0; url=/six/"`)},
		{`[book] title`, strings.Contains(out["index.html"], "Six Sides")},
		{`[output.html] site-url: "The url where the book will be hosted"`, strings.Contains(out["combat.html"], `href="/six/intro.html`) || strings.Contains(out["combat.html"], `href="/six/"`)},
		{`"Part Title - ... The title is rendered as unclickable text"; numbered chapters numbered; "Prefix chapters ... will not be numbered"; separators; suffix chapters`,
			strings.Contains(nav("index.html"), "|Introduction|") && strings.Contains(nav("index.html"), "Core Rules") &&
				strings.Contains(nav("index.html"), "|1.|Dice|") && strings.Contains(nav("index.html"), "|2.|Magic|") && strings.Contains(nav("index.html"), "Appendices") &&
				strings.Contains(nav("index.html"), "|3.|Tables|") && strings.Contains(out["index.html"], `class="nav-separator"`) && strings.Contains(nav("index.html"), "|Credits|")},
		{"the order is SUMMARY.md's", ordered(nav("index.html"), "Introduction", "Core Rules", "Dice", "Magic", "Appendices", "Tables", "Credits")},
		{`nesting: "Numbered chapters ... can be nested": a chapter's sub-chapters under it, wherever their files are`,
			ordered(nav("combat.html"), "Dice", "The Wild Die", "Combat", "Not Yet Written", "Magic")},
		{`"Draft chapters will be rendered in the HTML renderer as disabled links in the table of contents"`,
			strings.Contains(out["combat.html"], `<li class="nav-draft"><span aria-disabled="true"><span class="nav-number" aria-hidden="true">1.2.1.</span>Not Yet Written</span>`)},
		{"a chapter's label is its link text in SUMMARY.md; its visible heading is its own", strings.Contains(out["rules/wild die.html"], "<h1>The Wild Die</h1>") && strings.Contains(nav("rules/wild die.html"), "|1.1.|The Wild Die|")},
		{`"A chapter can set a <title> that is different from its entry in the table of contents (sidebar)"`, strings.Contains(out["rules/wild die.html"], "<title>The Wild Die, in full")},
		{`"{{#include file.rs:2:10}} ... lines 2 to 10"`, strings.Contains(out["rules/wild die.html"], "<pre><code>line two\nline three\n</code></pre>")},
		{"an include from outside src/, inside the book's folder", strings.Contains(out["rules/wild die.html"], "A note shared by two books.")},
		{"no preprocessor line is printed", !strings.Contains(strings.Join(values(out), ""), "{{#")},
		{`"Relative links that end with .md will be converted to the .html extension": links to chapters resolve`,
			strings.Contains(out["index.html"], `href="/six/rules/"`) && strings.Contains(out["rules/index.html"], `href="/six/rules/wild%20die.html"`) && strings.Contains(out["rules/index.html"], `href="/six/tables.html"`)},
		{"a link to the .html mdBook writes is to its chapter, index.html to the folder's README.md", strings.Contains(out["index.html"], `href="/six/combat.html#rounds"`) && strings.Contains(out["combat.html"], `href="/six/rules/"`)},
		{"a link written from the book's root resolves from src/", strings.Contains(out["index.html"], `href="/six/credits.html"`)},
		{`definition lists: "Terms are clickable just like headers" (https://rust-lang.github.io/mdBook/format/markdown.html#definition-lists): a term has an id links reach`,
			strings.Contains(out["credits.html"], `<dt id="wild-die">Wild Die</dt>`) && strings.Contains(out["index.html"], `href="/six/credits.html#wild-die"`)},
		{"mdBook reads no Obsidian syntax: #tag and ==this== are text", strings.Contains(out["magic/spells.html"], "A #tag is text here, and so is ==this==.") && out["tags/tag/index.html"] == ""},
		{"mdbook-mermaid is not run: a diagram is its source, captioned as such",
			strings.Contains(out["combat.html"], `<figure class="diagram-source"><figcaption>Diagram (Mermaid source; sitegen does not draw it)</figcaption><pre><code class="language-mermaid">graph TD; A--&gt;B`)},
	}
	for _, c := range checks {
		if !c.ok {
			t.Errorf("%s: not so", c.rule)
		}
	}
	warnings := strings.Join(diagStrings(res.WarningList), "\n")
	for _, w := range []string{
		"src/tables.md:3:1: broken include {{#include nope.md}}: src/nope.md:",
	} {
		if !strings.Contains(warnings, w) {
			t.Errorf("no warning %q in\n%s", w, warnings)
		}
	}
	if got := content.CountReasons(res.NotPublished); got != "2 not in SUMMARY.md (mdBook)" {
		t.Errorf("NotPublished: %q, want the 2 Markdown files SUMMARY.md does not list", got)
	}
	if !strings.Contains(res.Layout, "preprocessor.mermaid (not run: diagrams are shown as their source)") {
		t.Errorf("layout line %q does not name the mermaid preprocessor", res.Layout)
	}
	srv := httptest.NewServer(http.StripPrefix("/six", http.FileServer(http.Dir(dir+"/public"))))
	defer srv.Close()
	if _, broken := sitetest.Crawl(t, dir+"/public", srv.URL+"/six/"); len(broken) > 0 {
		t.Errorf("broken links in the output: %v", broken)
	}
}

// A chapter SUMMARY.md lists that does not exist: mdBook creates it
// ("create-missing: By default, any missing files specified in SUMMARY.md
// will be created when the book is built (i.e. create-missing = true)",
// https://rust-lang.github.io/mdBook/format/configuration/general.html#build-options),
// a file holding "# Title" (its SUMMARY.md label as text: mdBook's
// summary parser keeps a link's text and code, not its emphasis), and
// publishes it as a
// chapter: sitegen publishes that empty chapter, with a warning at its
// line in SUMMARY.md, and writes nothing into the source
// (1KGD/starbloom-docs, eval10B NB10). With create-missing = false the
// build fails (TestRecogniseErrors in package mdbook).
func TestMdBookMissingChapter(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":      "",
		"src/SUMMARY.md": "# Summary\n\n- [One](one.md)\n- [Two *and* a half](two.md)\n    - [Deep](about/deep.md)\n- [Later]()\n",
		"src/one.md":     "# One\n\nSee [two](two.md) and [deep](about/deep.md).\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(diagStrings(res.WarningList), "\n")
	for _, want := range []string{`src/SUMMARY.md:4:1: src/two.md ("Two and a half") does not exist`, `src/SUMMARY.md:5:1: src/about/deep.md ("Deep") does not exist`} {
		if !strings.Contains(w, want) {
			t.Errorf("no warning %q in\n%s", want, w)
		}
	}
	out := readTree(t, dir+"/public")
	for _, tt := range []struct{ page, title, number string }{{"two.html", "Two and a half", "2."}, {"about/deep.html", "Deep", "2.1."}} {
		if !strings.Contains(out[tt.page], "<h1>"+tt.title+"</h1>") {
			t.Errorf("%s is not the empty chapter titled by its SUMMARY.md label:\n%.600s", tt.page, out[tt.page])
		}
		if !strings.Contains(out["index.html"], `<span class="nav-number" aria-hidden="true">`+tt.number+`</span>`) ||
			strings.Contains(out["index.html"], `aria-hidden="true">`+tt.number+`</span>`+tt.title+`</span>`) {
			t.Errorf("%s is not a chapter (a link, not a draft) in the navigation", tt.page)
		}
	}
	if !strings.Contains(out["index.html"], `href="/two.html"`) || !strings.Contains(out["index.html"], `href="/about/deep.html"`) {
		t.Errorf("links to the created chapters do not reach them")
	}
	if !strings.Contains(out["index.html"], `<li class="nav-draft"><span aria-disabled="true"><span class="nav-number" aria-hidden="true">3.</span>Later</span>`) {
		t.Errorf("the draft [Later]() is no longer a draft")
	}
	for _, f := range []string{"src/two.md", "src/about"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s was written into the source", f)
		}
	}
}

// A link to a Markdown file of src/ that SUMMARY.md does not list is
// broken in mdBook, which builds only the chapters it lists ("The summary
// file is used by mdBook to know what chapters to include",
// https://rust-lang.github.io/mdBook/format/summary.html): the message
// says so, not that the file does not exist (it does).
func TestMdBookLinkToUnlistedFile(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":      "",
		"src/SUMMARY.md": "- [A](a.md)\n",
		"src/a.md":       "# A\n\nSee [b](b.md) and [c](c.md).\n",
		"src/b.md":       "# B\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme, BrokenLinks: "warn"})
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(diagStrings(res.WarningList), "\n")
	if !strings.Contains(w, "src/b.md is not a chapter of the book (not in SUMMARY.md): mdBook does not build it") || strings.Contains(w, "src/b.md does not exist") {
		t.Errorf("the link to src/b.md, which exists but is no chapter, is not said to be so in\n%s", w)
	}
	if !strings.Contains(w, "src/c.md does not exist") {
		t.Errorf("the link to src/c.md, which does not exist, is not said to be so in\n%s", w)
	}
}

// A broken include is an error in a strict build, at the include's line.
func TestMdBookStrictInclude(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml": "", "src/SUMMARY.md": "- [One](one.md)\n", "src/one.md": "# One\n\nText.\n\n{{#include ../../../etc/passwd}}\n",
	})
	_, err := build(t, dir, content.Options{Theme: theme})
	if err == nil || !strings.Contains(err.Error(), "src/one.md:5:1: broken include") || !strings.Contains(err.Error(), "outside the book's folder") {
		t.Fatalf("err = %v", err)
	}
}

// ordered reports whether the names appear in s in this order.
func ordered(s string, names ...string) bool {
	at := 0
	for _, n := range names {
		i := strings.Index(s[at:], n)
		if i < 0 {
			return false
		}
		at += i + len(n)
	}
	return true
}

func values(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

func diagStrings(ds content.Diagnostics) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.String())
	}
	return out
}

// A chapter that includes another file is written again when that file
// changes, and the file's own page too (TestMdBookIncludeUpdate).
func TestMdBookIncludeUpdate(t *testing.T) {
	for _, keep := range []bool{false, true} {
		dir := t.TempDir()
		sitetest.WriteFiles(t, dir, map[string]string{
			"book.toml": "", "src/SUMMARY.md": "- [One](one.md)\n- [Two](two.md)\n- [Three](three.md)\n",
			"src/one.md": "# One\n\n{{#include two.md:3}}\n", "src/two.md": "# Two\n\nShared line.\n", "src/three.md": "# Three\n",
		})
		r := startUpdates(t, content.Options{Source: dir, Theme: theme}, keep)
		u := r.update(t, map[string]string{"src/two.md": "# Two\n\nShared line, edited.\n"})
		if want := []string{"/", "/two.html"}; !slices.Equal(u.Pages, want) && !slices.Equal(u.Pages, []string{"/", "/two/"}) {
			t.Errorf("wrote %v, want the including chapter and the included one", u.Pages)
		}
	}
}

// TestMdBookChapterOutsideSrc: a chapter SUMMARY.md lists outside src/
// ("[Introduction](../README.md)", the repository's README reused) is a
// page, as mdBook reads it (https://github.com/rust-lang/mdBook/issues/172:
// "- [foo](../README.md)" builds). mdBook writes its HTML at the chapter's
// path from the build folder, README.html beside book/ (that bug);
// sitegen publishes it inside the site, its "../" dropped as
// https://github.com/rust-lang/mdBook/pull/1332 proposed ("outputs that
// would lie outside the build dir ... stopped at the root of the build
// dir"): here it is the first chapter, the home page. Nothing else outside
// src/ is published.
func TestMdBookChapterOutsideSrc(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":      "[book]\ntitle = \"Decomp\"\n",
		"README.md":      "# Decompiling\n\nThe guide starts [here](src/a.md).\n",
		"notes/n.md":     "# Private\n",
		"src/SUMMARY.md": "# Summary\n\n[Introduction](../README.md)\n\n- [A](a.md)\n- [Notes](../notes/other.md)\n",
		"src/a.md":       "# A\n\nBack to [the introduction](../README.md).\n",
		"notes/other.md": "# Other\n",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	if !strings.Contains(out["index.html"], "The guide starts") {
		t.Errorf("the home page is not ../README.md:\n%s", out["index.html"])
	}
	if !strings.Contains(out["a.html"], `href="/"`) {
		t.Errorf("a's link to ../README.md does not lead home:\n%s", out["a.html"])
	}
	if !strings.Contains(out["notes/other.html"], "Other") {
		t.Errorf("../notes/other.md is not at /notes/other.html: %q", keys(out))
	}
	for k := range out {
		if strings.Contains(k, "readme") || strings.Contains(k, "README") || k == "notes/n/index.html" || k == "notes/n.html" {
			t.Errorf("published %s", k)
		}
	}
	for _, f := range []string{"README.html", "index.html", "notes/other.html"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s written outside public/", f)
		}
	}
}

// TestMdBookRawHTMLLinks: the src and href of a chapter's raw HTML are
// relative to the chapter, as its Markdown links are. mdBook writes
// src/rules/a.md to rules/a.html and passes raw HTML through, so the
// reader's browser resolves <img src="../images/x.png"> from rules/
// (https://github.com/rust-lang/mdBook/issues/2380: "the images display
// properly when I navigate to /folderA/pageA.html"; mdBook 0.2.0's notes,
// https://newreleases.io/project/github/rust-lang/mdBook/release/v0.2.0:
// "links are relative to the page they are in"). sitegen publishes the
// chapter at rules/a.html too: the URLs are resolved from the chapter's
// file and written as the published ones.
func TestMdBookRawHTMLLinks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":                 "",
		"src/SUMMARY.md":            "- [Intro](intro.md)\n- [A](rules/a.md)\n- [B](b.md)\n",
		"src/intro.md":              "# Intro\n",
		"src/rules/a.md":            "# A\n\n<img src=\"../images/quad types.svg\" alt=\"q\">\n\n<p><a href=\"../b.html#x\">b</a> <a href=\"https://x.test/\">web</a> <a href=\"#sec\">sec</a></p>\n\n## Sec\n",
		"src/b.md":                  "# B\n\n## X\n\n<img src=\"images/p.png\" alt=\"p\">\n",
		"src/images/quad types.svg": "<svg/>",
		"src/images/p.png":          "png",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	for page, wants := range map[string][]string{
		"rules/a.html": {`<img src="/images/quad%20types.svg" alt="q">`, `<a href="/b.html#x">b</a>`, `<a href="https://x.test/">web</a>`, `<a href="#sec">sec</a>`},
		"b.html":       {`<img src="/images/p.png" alt="p">`},
	} {
		for _, want := range wants {
			if !strings.Contains(out[page], want) {
				t.Errorf("%s lacks %s:\n%s", page, want, out[page])
			}
		}
	}
	if out["images/quad types.svg"] == "" || out["images/p.png"] == "" {
		t.Errorf("the pictures are not published: %q", keys(out))
	}
}

// A book whose chapters include a shared file of link reference
// definitions (eval5A JA2, bevy-cheatbook: 83 KB of them, no blank line
// between, included by 43 chapters) builds in strict mode, its links
// resolved from the definitions. mdBook pastes the file into the chapter
// ("The path to the file has to be relative from the current source
// file", https://rust-lang.github.io/mdBook/format/mdbook.html#including-files)
// and CommonMark reads each line as a definition ("A link reference
// definition consists of a link label, ... followed by a colon (:), ...
// a link destination", https://spec.commonmark.org/0.31.2/#link-reference-definitions).
func TestMdBookIncludedReferences(t *testing.T) {
	var refs strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&refs, "[`Item%d`]: https://docs.rs/bevy/0.14/bevy/ecs/query/struct.Item%d.html\n", i, i)
	}
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":              "",
		"src/SUMMARY.md":         "- [One](one.md)\n",
		"src/include/header.md":  "|[Version:][ver]|0.14|\n|---|---|\n\n---\n\n{{#include links.md}}\n",
		"src/include/links.md":   "[ver]: https://bevyengine.org/\n{{#include links/a.md}}\n",
		"src/include/links/a.md": refs.String(),
		"src/one.md":             "{{#include include/header.md}}\n\n# One\n\nUse [`Item999`] and [`Item0`].\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	for _, w := range res.WarningList {
		t.Errorf("warning: %s", w)
	}
	out := readTree(t, dir+"/public")
	for _, want := range []string{
		`<a href="https://docs.rs/bevy/0.14/bevy/ecs/query/struct.Item999.html"><code>Item999</code></a>`,
		`<a href="https://bevyengine.org/">Version:</a>`,
	} {
		if !strings.Contains(out["index.html"], want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if strings.Contains(out["index.html"], "[`Item1`]:") {
		t.Error("the definitions are shown as text")
	}
}

// A link to a chapter's folder resolves from the chapter's file, as the
// reader's browser does: mdBook writes contributors/before.md as
// contributors/before.html, so "artists" is contributors/artists/, whose
// README.md is its index.html ("index: A preprocessor for converting file
// name README.md to index.md so that README.md can be used as index page
// of a directory", https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html).
// eval5A JA3: veloren/book's "[Artists section](artists)".
func TestMdBookFolderLinks(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":                            "",
		"src/SUMMARY.md":                       "[Intro](intro.md)\n\n- [Contributors](contributors/README.md)\n  - [Before](contributors/before.md)\n  - [Artists](contributors/artists/README.md)\n  - [Developers](contributors/developers/index.md)\n",
		"src/intro.md":                         "# Intro\n",
		"src/contributors/README.md":           "# Contributors\n\n[Artists](artists/).\n",
		"src/contributors/before.md":           "# Before\n\nSee the [Artists section](artists) and the [developers](developers/#tools).\n",
		"src/contributors/artists/README.md":   "# Artists\n",
		"src/contributors/developers/index.md": "# Developers\n\n## Tools\n",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	for page, wants := range map[string][]string{
		"contributors/before.html": {`<a href="/contributors/artists/">Artists section</a>`, `<a href="/contributors/developers/#tools">developers</a>`},
		"contributors/index.html":  {`<a href="/contributors/artists/">Artists</a>`},
	} {
		for _, want := range wants {
			if !strings.Contains(out[page], want) {
				t.Errorf("%s lacks %s:\n%s", page, want, out[page])
			}
		}
	}
}

// TestMdBookFold: mdBook's sidebar is the whole table of contents unless
// the book folds it ("[output.html.fold] enable: Enable section-folding.
// When off, all folds are open. Defaults to false. level: The higher the
// more folded regions are open. When level is 0, all folds are closed.
// Defaults to 0",
// https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlfold).
// With folding on, a chapter numbered at a level below `level` shows its
// sub-chapters (mdBook's toc helper: current_level < fold_level), the
// others only on the open chapter's branch.
func TestMdBookFold(t *testing.T) {
	summary := "# Summary\n\n- [A](a.md)\n  - [A1](a1.md)\n    - [A11](a11.md)\n- [B](b.md)\n"
	files := map[string]string{"src/SUMMARY.md": summary}
	for _, f := range []string{"a", "a1", "a11", "b"} {
		files["src/"+f+".md"] = "# " + strings.ToUpper(f) + "\n"
	}
	for _, c := range []struct {
		name, fold string
		want       map[string]bool // a link on b's page to the page
	}{
		{"no fold: the whole table of contents", "", map[string]bool{"/a1.html": true, "/a11.html": true}},
		{"fold enabled, level 0: all folds closed", "[output.html.fold]\nenable = true\n", map[string]bool{"/a1.html": false, "/a11.html": false}},
		{"fold enabled, level 1: numbered chapters of level 1 folded", "[output.html.fold]\nenable = true\nlevel = 1\n", map[string]bool{"/a1.html": false, "/a11.html": false}},
		{"fold enabled, level 2: level-1 chapters open, level-2 folded", "[output.html.fold]\nenable = true\nlevel = 2\n", map[string]bool{"/a1.html": true, "/a11.html": false}},
		{"fold disabled", "[output.html.fold]\nenable = false\nlevel = 1\n", map[string]bool{"/a1.html": true, "/a11.html": true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			fs := map[string]string{"book.toml": "[book]\ntitle = \"B\"\n" + c.fold}
			for k, v := range files {
				fs[k] = v
			}
			sitetest.WriteFiles(t, dir, fs)
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			nav := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(out["b.html"])
			for u, want := range c.want {
				if got := strings.Contains(nav, `href="`+u+`"`); got != want {
					t.Errorf("b's navigation links %s: %v, want %v\n%s", u, got, want, nav)
				}
			}
			// The open chapter's branch is always shown.
			a11 := regexp.MustCompile(`(?s)<nav class="site-nav".*?</nav>`).FindString(out["a11.html"])
			if !strings.Contains(a11, `href="/a1.html"`) {
				t.Errorf("a11's navigation does not show its own branch")
			}
		})
	}
}

// TestMdBookAdmonish: a book whose book.toml turns on mdbook-admonish
// ("[preprocessor.admonish]", https://tommilligan.github.io/mdbook-admonish/
// "It turns this: ```admonish info A beautifully styled message. ```
// into" a styled message) shows its ```admonish blocks as callouts; a book
// without it shows them as code, as mdBook does (eval8A MA6: meanscout's
// ```admonish warning was printed as code).
func TestMdBookAdmonish(t *testing.T) {
	chapter := "# Endpoints\n\n```admonish warning \"Rate limit\"\nAt most **10** calls.\n```\n"
	for _, tt := range []struct {
		toml      string
		want, not string
	}{
		{"[preprocessor.admonish]\ncommand = \"mdbook-admonish\"\n",
			`<div class="callout callout-warning" role="note">` + "\n" + `<p class="callout-title">Rate limit</p>` + "\n<p>At most <strong>10</strong> calls.</p>", "language-admonish"},
		{"", `<code class="language-admonish">`, "callout-warning"},
	} {
		dir := t.TempDir()
		sitetest.WriteFiles(t, dir, map[string]string{
			"book.toml":        tt.toml,
			"src/SUMMARY.md":   "# Summary\n\n- [Endpoints](endpoints.md)\n",
			"src/endpoints.md": chapter,
		})
		if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
			t.Fatal(err)
		}
		page := readTree(t, dir+"/public")["index.html"]
		if !strings.Contains(page, tt.want) || strings.Contains(page, tt.not) {
			t.Errorf("book.toml %q: page\n%s\nwant %q in it, no %q", tt.toml, page, tt.want, tt.not)
		}
	}
}

// mdBook's MathJax ("Inline equations are delimited by \\( and \\). …
// Block equations are delimited by \\[ and \\]",
// https://rust-lang.github.io/mdBook/format/mathjax.html) with
// output.html.mathjax-support: the formulas are rendered as MathML as the
// site renders $…$ (from their TeX, what MathJax gets), not shown with
// their delimiters; $ stays text ("You can't currently use $$ ... $$").
func TestMdBookMathJax(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":      "[output.html]\nmathjax-support = true\n",
		"src/SUMMARY.md": "- [One](one.md)\n",
		"src/one.md":     "# One\n\nRoll \\\\( 2d6 + \\frac{a}{b} \\\\) for $3.\n\n\\\\[ \\mu = \\frac{1}{N} \\\\]\n",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatal(err)
	}
	out := readTree(t, dir+"/public")["index.html"]
	for _, want := range []string{`Roll <span class="math math-inline"><math>`, `<annotation encoding="application/x-tex">2d6 + \frac{a}{b}</annotation></semantics></math></span> for $3.`,
		`<div class="math math-display"><math display="block"`, `<annotation encoding="application/x-tex">\mu = \frac{1}{N}</annotation>`} {
		if !strings.Contains(out, want) {
			t.Errorf("the chapter lacks %q:\n%s", want, out)
		}
	}
}

// TestMdBookDocumentTitles: the <title> mdBook's HTML renderer writes
// (crates/mdbook-html/src/html_handlebars/hbs_renderer.rs, render_item):
// "if let Some(title) = ctx.chapter_titles.get(path) { title.clone() }
// else if book_title.is_empty() { ch.name.clone() } else { ch.name.clone()
// + " - " + book_title }" — a chapter's {{#title}} exactly ("A chapter can
// set a <title> that is different from its entry in the table of contents
// (sidebar) by including a {{#title ...}} near the top of the page",
// https://rust-lang.github.io/mdBook/format/mdbook.html#controlling-page-title),
// else its SUMMARY.md label, then " - " and the book's title when it has
// one. The book's index.html is the first chapter's page, titled so.
func TestMdBookDocumentTitles(t *testing.T) {
	summary := "[Introduction](intro.md)\n\n- [Dice](rules/README.md)\n  - [The Wild Die](rules/wild.md)\n- [Combat](combat.md)\n"
	files := map[string]string{
		"src/SUMMARY.md":      summary,
		"src/intro.md":        "# Welcome\n",
		"src/rules/README.md": "# Dice\n",
		"src/rules/wild.md":   "{{#title The Wild Die, in full}}\n# The Wild Die\n",
		"src/combat.md":       "# Fighting\n",
	}
	for _, tt := range []struct {
		name, toml string
		want       map[string]string // output file -> its <title>
	}{
		{"titled book", "[book]\ntitle = \"Six Sides\"\n", map[string]string{
			"index.html":       "Introduction - Six Sides",
			"rules/index.html": "Dice - Six Sides",
			"rules/wild.html":  "The Wild Die, in full",
			"combat.html":      "Combat - Six Sides",
		}},
		{"untitled book", "", map[string]string{
			"index.html":      "Introduction",
			"rules/wild.html": "The Wild Die, in full",
			"combat.html":     "Combat",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files["book.toml"] = tt.toml
			sitetest.WriteFiles(t, dir, files)
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			for file, want := range tt.want {
				if got := regexp.MustCompile(`<title>(.*?)</title>`).FindStringSubmatch(out[file]); got == nil || got[1] != want {
					t.Errorf("%s: <title> %q, want %q", file, got, want)
				}
			}
		})
	}
}

// TestMdBookIndexPreprocessorOff: the index preprocessor converts "all
// chapter files named README.md into index.md. That is to say, all
// README.md would be rendered to an index file index.html in the rendered
// book. The built-in preprocessors can be disabled with the
// build.use-default-preprocessors config option"
// (https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html).
// Without it a README.md chapter is written as README.html (the renderer's
// ch.path.with_extension("html")), where links to README.md (and to
// README.html) lead, and its folder has no index.html.
func TestMdBookIndexPreprocessorOff(t *testing.T) {
	for _, tt := range []struct {
		name, toml  string
		page, gone  string
		linkFrom    string
		link, first string
	}{
		{"index off", "[build]\nuse-default-preprocessors = false\n[preprocessor.links]\n",
			"rules/README.html", "rules/index.html", "combat.html", `href="/rules/README.html"`, "README.html"},
		{"index on (default)", "",
			"rules/index.html", "rules/README.html", "combat.html", `href="/rules/"`, "index.html"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"book.toml":           tt.toml,
				"src/SUMMARY.md":      "- [Home](README.md)\n- [Dice](rules/README.md)\n- [Combat](combat.md)\n",
				"src/README.md":       "# Home\n",
				"src/rules/README.md": "# Dice\n\nSee [combat](../combat.md).\n",
				"src/combat.md":       "# Combat\n\nSee [the dice](rules/README.md) and [again](rules/README.html).\n",
			})
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			if !strings.Contains(out[tt.page], "<h1>Dice</h1>") {
				t.Errorf("%s is not the Dice chapter; files: %v", tt.page, keys(out))
			}
			if out[tt.gone] != "" {
				t.Errorf("%s written; mdBook writes the chapter at %s", tt.gone, tt.page)
			}
			for _, text := range []string{"the dice", "again"} {
				if want := tt.link + ">" + text + "</a>"; !strings.Contains(out[tt.linkFrom], want) {
					t.Errorf("%s lacks %s", tt.linkFrom, want)
				}
			}
			if !strings.Contains(out["index.html"], "<h1>Home</h1>") {
				t.Errorf("index.html is not the first chapter")
			}
			if tt.first == "README.html" && !strings.Contains(out["README.html"], `http-equiv="refresh"`) {
				t.Errorf("README.html (the first chapter's own file) does not lead to index.html: %.300s", out["README.html"])
			}
		})
	}
}

// TestMdBookTitleDocumentOnly: {{#title}} sets the <title> alone. mdBook's
// guide: "A chapter can set a <title> that is different from its entry in
// the table of contents (sidebar) by including a {{#title ...}} near the
// top of the page"
// (https://rust-lang.github.io/mdBook/format/mdbook.html#controlling-page-title);
// its renderer (crates/mdbook-html/src/html_handlebars/hbs_renderer.rs,
// render_item) puts ctx.chapter_titles into "title" only, while
// "chapter_title" and the previous/next links keep `"title": ch.name`, the
// SUMMARY.md label. So the sidebar, the pager, the breadcrumbs and "Linked
// from" show the label; only <title> shows the chapter's own.
func TestMdBookTitleDocumentOnly(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":            "[book]\ntitle = \"Six Sides\"\n",
		"src/SUMMARY.md":       "[Introduction](intro.md)\n\n- [Dice](rules/README.md)\n  - [The Wild Die](rules/wild.md)\n    - [Exploding](rules/explode.md)\n- [Combat](combat.md)\n",
		"src/intro.md":         "# Welcome\n",
		"src/rules/README.md":  "# Dice\n",
		"src/rules/wild.md":    "{{#title The Wild Die, in full}}\n# Wild\n\nSee [exploding](explode.md).\n",
		"src/rules/explode.md": "# Exploding\n\nBack to [the wild die](wild.md).\n",
		"src/combat.md":        "# Combat\n",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	text := func(page, re string) string {
		m := regexp.MustCompile(re).FindString(out[page])
		return strings.Join(strings.Fields(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m, " ")), " ")
	}
	for _, tt := range []struct {
		where, page, re, want, not string
	}{
		{"<title>", "rules/wild.html", `<title>.*?</title>`, "The Wild Die, in full", ""},
		{"visible heading", "rules/wild.html", `<h1[^>]*>.*?</h1>`, "Wild", "in full"},
		{"sidebar", "combat.html", `(?s)<nav class="site-nav".*?</nav>`, "The Wild Die", "in full"},
		{"pager (next)", "rules/index.html", `(?s)<a[^>]*rel="next"[^>]*>.*?</a>`, "The Wild Die", "in full"},
		{"pager (previous)", "rules/explode.html", `(?s)<a[^>]*rel="prev"[^>]*>.*?</a>`, "The Wild Die", "in full"},
		{"breadcrumbs", "rules/explode.html", `(?s)<nav[^>]*class="breadcrumbs?[^"]*".*?</nav>`, "The Wild Die", "in full"},
		{"linked from", "rules/explode.html", `(?s)Linked from.*?</(ul|section|aside)>`, "The Wild Die", "in full"},
	} {
		got := text(tt.page, tt.re)
		if !strings.Contains(got, tt.want) || tt.not != "" && strings.Contains(got, tt.not) {
			t.Errorf("%s of %s: %q, want %q (not %q)", tt.where, tt.page, got, tt.want, tt.not)
		}
	}
}

// TestMdBookFirstChapterInFolder: the first chapter is "also" the book's
// index.html, its own file kept: mdBook's HTML renderer writes the first
// chapter again as index.html ("if is_index { … index.html }",
// hbs_renderer.rs render_item), and a chapter intro/index.md (or
// intro/README.md, which the index preprocessor makes index.md) is written
// at intro/index.html, ch.path.with_extension("html"). sitegen publishes the
// page once, at the root, and writes the redirect at the chapter's own file
// (0xPlaygrounds/rig-book's first chapter, intro/index.md, got intro.html,
// a file mdBook does not write, and its intro/index.html was missing).
func TestMdBookFirstChapterInFolder(t *testing.T) {
	for _, first := range []string{"intro/index.md", "intro/README.md"} {
		t.Run(first, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"book.toml":        "[book]\ntitle = \"Six Sides\"\n",
				"src/SUMMARY.md":   "- [Introduction](" + first + ")\n  - [Why](intro/why.md)\n- [Combat](combat.md)\n",
				"src/" + first:     "# Welcome\n\nSee [why](why.md).\n",
				"src/intro/why.md": "# Why\n",
				"src/combat.md":    "# Combat\n",
			})
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			if !strings.Contains(out["index.html"], "Welcome") {
				t.Errorf("index.html is not the first chapter")
			}
			if !strings.Contains(out["intro/index.html"], `http-equiv="refresh" content="0; url=/"`) {
				t.Errorf("intro/index.html is not a redirect to the home page: %.300q", out["intro/index.html"])
			}
			if _, ok := out["intro.html"]; ok {
				t.Errorf("intro.html written, a file mdBook does not write")
			}
		})
	}
}

// TestMdBookIndexMdLink: a link to a folder's index.md, where the folder's
// chapter is README.md, is to that chapter. mdBook's index preprocessor
// renames it ("index: Convert all chapter files named README.md into
// index.md. That is to say, all README.md would be rendered to an index
// file index.html in the rendered book",
// https://rust-lang.github.io/mdBook/format/configuration/preprocessors.html),
// and the HTML renderer turns a link's .md into .html (fix_link), so
// rules/index.md is rules/index.html, which exists. Without the index
// preprocessor the chapter is README.html and the link is broken.
func TestMdBookIndexMdLink(t *testing.T) {
	for _, tt := range []struct {
		name, toml string
		want       string // the link's href, "" when it is broken
	}{
		{"index on (default)", "", `href="/rules/"`},
		{"index off", "[build]\nuse-default-preprocessors = false\n[preprocessor.links]\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			sitetest.WriteFiles(t, dir, map[string]string{
				"book.toml":           tt.toml,
				"src/SUMMARY.md":      "- [Home](README.md)\n- [Dice](rules/README.md)\n- [Combat](combat.md)\n",
				"src/README.md":       "# Home\n",
				"src/rules/README.md": "# Dice\n\n## End\n",
				"src/combat.md":       "# Combat\n\nSee [the dice](rules/index.md) and [their end](./rules/index.md#end).\n",
			})
			_, err := build(t, dir, content.Options{Theme: theme})
			if tt.want == "" {
				if err == nil || !strings.Contains(err.Error(), "rules/index.md") {
					t.Fatalf("build: %v, want a broken link to rules/index.md", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			out := readTree(t, dir+"/public")
			for _, want := range []string{tt.want + ">the dice</a>", `href="/rules/#end">their end</a>`} {
				if !strings.Contains(out["combat.html"], want) {
					t.Errorf("combat.html lacks %s", want)
				}
			}
		})
	}
}

// TestMdBookRedirect: "The [output.html.redirect] table provides a way to
// add redirects. … The table contains key-value pairs where the key is
// where the redirect file needs to be created, as an absolute path from
// the build directory, (e.g. /appendices/bibliography.html). The value can
// be any valid URI the browser should navigate to (e.g.
// https://rust-lang.org/, /overview.html, or ../bibliography.html)."
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#outputhtmlredirect).
// A relative value is read from the redirect file's folder, as the
// browser reads it there (rust-unofficial/patterns: "functional/lenses.html"
// = "optics.html", "the new path is relative to the old path"). A key
// where a chapter is makes no redirect ("if filename.exists() { continue
// }", hbs_renderer.rs emit_redirects). A value's fragment is kept, and a
// value of another site is the redirect's target as written: mdBook's
// redirect.hbs writes {{url}}, the value, into its meta refresh and link
// (rust-lang/mdBook 641d06ab, crates/mdbook-html/front-end/templates).
func TestMdBookRedirect(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml": "[book]\ntitle = \"Six Sides\"\n\n[output.html.redirect]\n" +
			"\"functional/lenses.html\" = \"optics.html\"\n" +
			"\"/old-dice.html\" = \"/rules/index.html\"\n" +
			"\"/magic/old.html\" = \"../rules/combat.html#rounds\"\n" +
			"\"/combat.html\" = \"rules/combat.html\"\n" +
			"\"/forum.html\" = \"https://example.org/forum\"\n" +
			"\"/gone.html\" = \"nowhere.html\"\n",
		"src/SUMMARY.md":           "- [Home](README.md)\n- [Dice](rules/README.md)\n  - [Combat](rules/combat.md)\n- [Optics](functional/optics.md)\n- [Old combat](combat.md)\n",
		"src/README.md":            "# Home\n",
		"src/rules/README.md":      "# Dice\n",
		"src/rules/combat.md":      "# Combat\n\n## Rounds\n",
		"src/functional/optics.md": "# Optics\n",
		"src/combat.md":            "# Old combat\n",
	})
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	for file, to := range map[string]string{
		"functional/lenses.html": "/functional/optics.html",
		"old-dice.html":          "/rules/",
		"magic/old.html":         "/rules/combat.html#rounds",
		"forum.html":             "https://example.org/forum",
	} {
		if !strings.Contains(out[file], `href="`+to+`"`) {
			t.Errorf("%s: no redirect to %s:\n%s", file, to, out[file])
		}
	}
	if !strings.Contains(out["combat.html"], "<h1") || !strings.Contains(out["combat.html"], "Old combat") {
		t.Errorf("combat.html is not the chapter (a redirect is made only where no file is):\n%.300s", out["combat.html"])
	}
	if _, ok := out["gone.html"]; ok {
		t.Errorf("gone.html written: sitegen makes no redirect to no chapter")
	}
	notes := strings.Join(res.Notes, "\n")
	for _, want := range []string{`book.toml:10: [output.html.redirect] "/gone.html" = "nowhere.html": no chapter is written at /nowhere.html`} {
		if !strings.Contains(notes, want) {
			t.Errorf("no note %s:\n%s", want, notes)
		}
	}
	w := strings.Join(diagStrings(res.WarningList), "\n")
	if want := `src/rules/combat.md:1:1: book.toml:8 [output.html.redirect]: "/combat.html": no redirect written at /combat.html, the URL of src/combat.md`; !strings.Contains(w, want) {
		t.Errorf("no warning %s:\n%s", want, w)
	}
}

// TestMdBookPagerFirstChapter: the first chapter has a next chapter and is
// the second chapter's previous one, as every chapter is. mdBook's HTML
// renderer walks every chapter with a file, the first too: "let previous =
// (i != 0).then(|| chapter_trees[i - 1].chapter); let next = (i !=
// chapter_trees.len() - 1).then(|| chapter_trees[i + 1].chapter)", and
// writes the first again as index.html with the same data ("if
// prev_ch.is_none() { … index.html }", hbs_renderer.rs, rust-lang/mdBook
// 641d06ab); the link's text is the chapter's SUMMARY.md label
// ("title": ch.name). Danieljb5/Babylon-Wiki's committed mdBook output
// (a prefix chapter, then a part): index.html's next is Lore.html, whose
// previous is HomePage.html; sitegen showed neither.
func TestMdBookPagerFirstChapter(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":       "[book]\ntitle = \"Six Sides\"\n",
		"src/SUMMARY.md":  "[Home Page](HomePage.md)\n\n# Lore\n\n- [Lore](Lore.md)\n- [Draft]()\n- [Music](Music.md)\n",
		"src/HomePage.md": "# Welcome\n",
		"src/Lore.md":     "# The lore\n",
		"src/Music.md":    "# Music\n",
	})
	if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	link := func(page, rel string) string {
		m := regexp.MustCompile(`(?s)<a[^>]*rel="` + rel + `"[^>]*>.*?</a>`).FindString(out[page])
		href := regexp.MustCompile(`href="([^"]*)"`).FindStringSubmatch(m)
		if href == nil {
			return ""
		}
		return href[1] + " " + strings.Join(strings.Fields(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(m, " ")), " ")
	}
	for _, tt := range []struct {
		page, rel, want string
	}{
		{"index.html", "prev", ""},
		{"index.html", "next", "/Lore.html Next Lore"},
		{"Lore.html", "prev", "/ Previous Home Page"},
		{"Lore.html", "next", "/Music.html Next Music"},
		{"Music.html", "prev", "/Lore.html Previous Lore"},
		{"Music.html", "next", ""},
	} {
		if got := link(tt.page, tt.rel); got != tt.want {
			t.Errorf("%s rel=%s: %q, want %q", tt.page, tt.rel, got, tt.want)
		}
	}
}

// TestMdBookAlertsImageSize: two preprocessors of MinBZK/max-regel-book.
// mdbook-alerts ("mdBook preprocessor to add GitHub Flavored Markdown's
// Alerts to your book like: > [!NOTE]", its README) writes the syntax
// mdBook renders itself ("Admonitions … It is written as a blockquote
// with a special tag on the first line", guide/src/format/markdown.md):
// a callout, and no warning that it is not run. mdbook-image-size's
// "![the alt](path "the title" =500x400)" is "<p><img src alt title
// width height></p>", " center" after the size centring it (its README):
// the image at its size, its address resolved from the chapter as a
// browser resolves it, not the Markdown printed as text.
func TestMdBookAlertsImageSize(t *testing.T) {
	dir := t.TempDir()
	sitetest.WriteFiles(t, dir, map[string]string{
		"book.toml":          "[book]\ntitle = \"Rules\"\n\n[preprocessor.alerts]\n\n[preprocessor.image-size]\ncommand = \"mdbook-image-size\"\n",
		"src/SUMMARY.md":     "- [Facts](facts/facts.md)\n",
		"src/facts/facts.md": "# Facts\n\n> [!NOTE]\n> A fact is true.\n\n![A term](../img/term.svg =x150 center)\n",
		"src/img/term.svg":   "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
	})
	res, err := build(t, dir, content.Options{Theme: theme})
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	out := readTree(t, dir+"/public")
	page := out["index.html"]
	for _, want := range []string{
		`class="callout callout-note"`,
		`<p style="text-align: center"><img src="/img/term.svg" alt="A term" height="150" style="height: 150px"></p>`, // the style as the raw-HTML filter writes it
	} {
		if !strings.Contains(page, want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if strings.Contains(page, "=x150") {
		t.Errorf("the image's size syntax is printed as text")
	}
	for _, w := range diagStrings(res.WarningList) {
		if strings.Contains(w, "alerts") || strings.Contains(w, "image-size") {
			t.Errorf("warning %q", w)
		}
	}
}

// TestMdBookNotFoundText: a book without src/404.md gets mdBook's own
// 404 text, "# Document not found (404)\n\nThis URL is invalid, sorry.
// Please use the navigation bar or search to continue." (hbs_renderer.rs
// render_404, rust-lang/mdBook 641d06ab), its sentence under sitegen's
// heading; its <title> stays "Page not found - <book title>", as
// render_404's ("Page not found" + " - " + book_title). A book with a
// 404.md shows that page. [output.html] input-404 names another file:
// "input-404: The name of the markdown file used for missing files. The
// corresponding output file will be the same, with the extension
// replaced with html. Defaults to 404.md."
// (https://rust-lang.github.io/mdBook/format/configuration/renderers.html#html-renderer-options):
// that file's text, not 404.md's, and the file is no page of its own.
// Whichever file it is, render_404 titles the page "Page not found" and
// the book's title, not the file's heading (rust-lang/mdBook 641d06ab:
// its data "title" is set after the file is read, and no preprocessor
// runs on it).
func TestMdBookNotFoundText(t *testing.T) {
	for _, tt := range []struct {
		name, notFound, config, want, not, language string
		extra                                       map[string]string
	}{
		{name: "default", want: "This URL is invalid, sorry. Please use the navigation bar or search to continue."},
		{name: "404.md", notFound: "# Lost\n\nNo such rule.\n", want: "No such rule."},
		{name: "input-404", notFound: "# Lost\n\nNo such rule.\n", config: "[output.html]\ninput-404 = \"missing/gone.md\"\n",
			extra: map[string]string{"src/missing/gone.md": "# Gone\n\nThat page is gone.\n"}, want: "That page is gone.", not: "No such rule."},
		{name: "input-404 that does not exist", config: "[output.html]\ninput-404 = \"gone.md\"\n",
			want: "This URL is invalid, sorry."},
		// render_404's title is English whatever [book] language says
		// ("let mut title = String::from(\"Page not found\")"):
		// ArcMember/ArcCosmos (language = "ru") has "Page not found -
		// Злорадство Нихерии" in its committed 404.html; sitegen wrote
		// its Russian words.
		{name: "language ru", language: "ru", want: "This URL is invalid, sorry."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"book.toml":      "[book]\ntitle = \"Six Sides\"\nlanguage = \"" + cmp.Or(tt.language, "en") + "\"\n" + tt.config,
				"src/SUMMARY.md": "- [A](a.md)\n",
				"src/a.md":       "# A\n",
			}
			if tt.notFound != "" {
				files["src/404.md"] = tt.notFound
			}
			maps.Copy(files, tt.extra)
			sitetest.WriteFiles(t, dir, files)
			if _, err := build(t, dir, content.Options{Theme: theme}); err != nil {
				t.Fatalf("build: %v", err)
			}
			page := readTree(t, dir+"/public")["404.html"]
			if !strings.Contains(page, tt.want) {
				t.Errorf("404.html lacks %q", tt.want)
			}
			if tt.not != "" && strings.Contains(page, tt.not) {
				t.Errorf("404.html shows %q", tt.not)
			}
			for file := range readTree(t, dir+"/public") {
				if strings.Contains(file, "gone") {
					t.Errorf("the 404 page's file is published as %s", file)
				}
			}
			if !strings.Contains(page, "<title>Page not found - Six Sides</title>") {
				t.Errorf("404.html <title>: %q", regexp.MustCompile(`<title>.*?</title>`).FindString(page))
			}
		})
	}
}
