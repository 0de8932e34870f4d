package markup

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.abhg.dev/goldmark/frontmatter"

	"d6codex/templates"
)

// convert runs a page through a pipeline with the "fake" block handler
// and returns its HTML, result and problems as "line:col: msg" (warnings
// prefixed "warning: ").
func convert(t *testing.T, opts Options, src string, page Page) (string, *Result, []string) {
	t.Helper()
	var problems []string
	page.Report = func(p Problem) {
		w := ""
		if p.Warning {
			w = "warning: "
		}
		problems = append(problems, fmt.Sprintf("%s%d:%d: %s", w, p.Line, p.Col, p.Msg))
	}
	out, res, err := New(opts).Convert([]byte(src), &page)
	if err != nil {
		t.Fatal(err)
	}
	return out, res, problems
}

func fakeHandlers() map[string]BlockHandler {
	return map[string]BlockHandler{
		"fake": BlockHandlerFunc(func(b *Block) (string, error) {
			if strings.HasPrefix(b.Body, "fail") {
				return "", &BlockError{Line: 1, Col: 6, Err: errors.New("bad body")}
			}
			if strings.HasPrefix(b.Body, "asset") {
				b.AddScript("js/x.js")
				b.AddScript("js/x.js")
				b.AddStyle("css/missing.css")
				b.SetFlag("fake")
			}
			return fmt.Sprintf(`<div class="fake" data-args="%s" data-index="%d" data-file="%s" data-url="%s" data-at="%d:%d"></div>`,
				strings.Join(b.Args, ","), b.Index, b.File, b.PageURL, b.Line, b.Col), nil
		}),
	}
}

func TestBlocks(t *testing.T) {
	src := "# T\n\n```fake a b\nx\n```\n\n```fake a b\ny\n```\n\n  ```fake\n  asset\n  ```\n\n```fake\nfail here\n```\n\n```go\nfmt.Println()\n```\n"
	opts := Options{Handlers: fakeHandlers(), StaticDir: "static"}
	out, res, problems := convert(t, opts, src, Page{File: "content/p.md", URL: "/p/", Assets: map[string]string{"js/x.js": "/js/x.1.js"}})
	for _, want := range []string{
		`data-args="a,b" data-index="0" data-file="content/p.md" data-url="/p/" data-at="3:1"`,
		`data-args="a,b" data-index="1"`,
		`data-args="" data-index="0" data-file="content/p.md" data-url="/p/" data-at="11:3"`,
		`<code class="language-go">`,              // no handler: an ordinary code block
		"<code class=\"language-fake\">fail here", // a failed block stays code
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	wantProblems := []string{
		`11:3: fake block: asset "css/missing.css" not found in static/`,
		"16:6: fake block: bad body",
	}
	if !slices.Equal(problems, wantProblems) {
		t.Errorf("problems = %q, want %q", problems, wantProblems)
	}
	if !slices.Equal(res.Scripts, []string{"/js/x.1.js"}) || len(res.Styles) != 0 || !res.Flags["fake"] {
		t.Errorf("result = %+v, want one script, no style, flag fake", res)
	}
	// Without handlers a fenced block is code whatever its info word.
	out, _, _ = convert(t, Options{}, "```fake\nx\n```\n", Page{})
	if !strings.Contains(out, `language-fake`) {
		t.Errorf("no handlers: %s", out)
	}
}

func TestLinks(t *testing.T) {
	resolver := LinkResolverFunc(func(dest string) (string, string) {
		switch {
		case dest == "ok.md":
			return "/ok/", ""
		case strings.HasPrefix(dest, "http"):
			return dest, ""
		}
		return "", "nope"
	})
	src := "See [ok](ok.md), [web](https://x.test/) and\n[gone](gone.md#x).\n\n![alt text](img/missing.png)\n"
	out, _, problems := convert(t, Options{}, src, Page{Links: resolver})
	for _, want := range []string{`<a href="/ok/">ok</a>`, `<a href="https://x.test/">web</a>`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	want := []string{`2:1: broken link "gone.md#x": nope`, `4:1: broken image "img/missing.png": nope`}
	if !slices.Equal(problems, want) {
		t.Errorf("problems = %q, want %q", problems, want)
	}
	// No resolver: links are kept as written and never reported.
	out, _, problems = convert(t, Options{}, src, Page{})
	if !strings.Contains(out, `href="gone.md#x"`) || len(problems) != 0 {
		t.Errorf("without a resolver: %q, %s", problems, out)
	}
}

// TestRawHTMLLinks: with Options.RawHTMLLinks the href of <a> and the
// src of <img> in raw HTML go through the page's resolver, as Markdown
// links do (GitHub resolves a README's <img src="images/logo.png"> from
// the file); without it they are kept as written.
func TestRawHTMLLinks(t *testing.T) {
	resolver := LinkResolverFunc(func(dest string) (string, string) {
		switch dest {
		case "images/logo.png":
			return "/images/logo.png", ""
		case "combat.md":
			return "/rules/combat/", ""
		case "https://x.test/":
			return dest, ""
		}
		return "", "nope"
	})
	src := "<p align=\"center\"><img src=\"images/logo.png\" width=\"200\"></p>\n\nSee <a href=\"combat.md\">combat</a>, <a href=\"https://x.test/\">web</a>,\n<a href=\"gone.md\">gone</a> and <img src=\"none.png\" alt=\"x\">.\n"
	for _, unsafe := range []bool{false, true} {
		out, _, problems := convert(t, Options{RawHTMLLinks: true, Unsafe: unsafe}, src, Page{Links: resolver})
		for _, want := range []string{`<img src="/images/logo.png" width="200"`, `<a href="/rules/combat/">combat</a>`, `<a href="https://x.test/">web</a>`} {
			if !strings.Contains(out, want) {
				t.Errorf("unsafe=%v: output lacks %q:\n%s", unsafe, want, out)
			}
		}
		var broken []string
		for _, p := range problems {
			if strings.Contains(p, "broken") {
				broken = append(broken, p)
			}
		}
		if want := []string{`4:1: broken link "gone.md": nope`, `4:32: broken image "none.png": nope`}; !slices.Equal(broken, want) {
			t.Errorf("unsafe=%v: problems = %q, want %q", unsafe, broken, want)
		}
	}
	out, _, problems := convert(t, Options{}, src, Page{Links: resolver})
	if !strings.Contains(out, `src="images/logo.png"`) || slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, "broken") }) {
		t.Errorf("RawHTMLLinks on without being asked: %q\n%s", problems, out)
	}
	// RawHTMLImages: the images alone (VitePress gives raw HTML's <img>
	// the base and writes its <a href> as it is).
	out, _, problems = convert(t, Options{RawHTMLImages: true}, src, Page{Links: resolver})
	for _, want := range []string{`<img src="/images/logo.png" width="200"`, `<a href="combat.md">combat</a>`, `<a href="gone.md">gone</a>`} {
		if !strings.Contains(out, want) {
			t.Errorf("RawHTMLImages: output lacks %q:\n%s", want, out)
		}
	}
	var broken []string
	for _, p := range problems {
		if strings.Contains(p, "broken") {
			broken = append(broken, p)
		}
	}
	if want := []string{`4:32: broken image "none.png": nope`}; !slices.Equal(broken, want) {
		t.Errorf("RawHTMLImages: problems = %q, want %q", broken, want)
	}
}

func TestTOCAndHeadings(t *testing.T) {
	src := "# Title\n\nLead.\n\n## First *one*\n\n### Sub `code`\n\n#### Deep\n\n## Second {#custom}\n\n### Under second\n"
	out, res, _ := convert(t, Options{}, src, Page{DropH1: true})
	want := []*templates.TOCItem{
		{Title: "First one", ID: "first-one", Children: []*templates.TOCItem{{Title: "Sub code", ID: "sub-code"}}},
		{Title: "Second", ID: "custom", Children: []*templates.TOCItem{{Title: "Under second", ID: "under-second"}}},
	}
	if got, w := tocString(res.TOC), tocString(want); got != w {
		t.Errorf("TOC = %s, want %s", got, w)
	}
	if !strings.Contains(out, `<h2 id="custom">Second <a class="anchor" href="#custom" aria-label="Link to this section">#</a></h2>`) {
		t.Errorf("heading without its anchor link:\n%s", out)
	}
	if strings.Contains(out, "<h1") || !strings.Contains(out, "<p>Lead.</p>") {
		t.Errorf("DropH1 kept the H1 or lost the rest:\n%s", out)
	}
	// Without DropH1 the H1 is a heading of the body, under the layout's
	// title: every heading moves one level down (see TestOneH1).
	out, _, _ = convert(t, Options{}, src, Page{})
	if strings.Contains(out, "<h1") || !strings.Contains(out, `<h2 id="title">`) {
		t.Errorf("H1 neither dropped nor moved down without DropH1:\n%s", out)
	}
}

func tocString(items []*templates.TOCItem) string {
	var b strings.Builder
	for _, it := range items {
		fmt.Fprintf(&b, "[%s#%s %s]", it.Title, it.ID, tocString(it.Children))
	}
	return b.String()
}

func TestH1Title(t *testing.T) {
	m := New(Options{})
	for _, tc := range []struct{ src, title string }{
		{"# The *Wild* Die\n\ntext\n", "The Wild Die"},
		{"Setext `title`\n=====\n", "Setext title"},
		{"text first\n\n# Later H1\n", "Later H1"},
		{"## Only h2\n", ""},
		{"#\n\nempty\n", ""},
		// "Any ASCII punctuation character may be backslash-escaped"; the
		// backslash is not shown (CommonMark 0.31, 2.4 Backslash escapes):
		// found on 027xiguapi/awesome-ai-video, "# … \\$500万 …".
		{"# Cost \\$5 and \\*star\\* \\#1\n", "Cost $5 and *star* #1"},
		{"# Path `a\\b` and C:\\dir\n", "Path a\\b and C:\\dir"},
		// "Valid HTML entity references and numeric character references
		// can be used in place of the corresponding Unicode character"
		// (CommonMark 0.31, 2.5 Entity and numeric character references),
		// as the heading itself shows them; "&" that starts none, an
		// escaped one and one in code stay as written. Found on
		// colyseus/docs' "# Server API &raquo; Server", titled with the
		// reference as text.
		{"# Server API &raquo; Server\n", "Server API \u00bb Server"},
		{"# Fish &amp; Chips &#35;1 &#x41; &nosuch; AT&T\n", "Fish & Chips #1 A &nosuch; AT&T"},
		{"# Kept \\&amp; `&amp;`\n", "Kept &amp; &amp;"},
	} {
		doc, _ := m.Outline([]byte(tc.src))
		got, ok := m.H1Title(doc, []byte(tc.src))
		if got != tc.title || ok != (tc.title != "") {
			t.Errorf("%q: H1Title = %q, %v; want %q", tc.src, got, ok, tc.title)
		}
		if ok && firstH1(doc) != nil {
			t.Errorf("%q: the heading stayed in the outline", tc.src)
		}
	}
}

// TestLeadingHeading: a page that starts with a heading of any level
// takes its title from it where the layout says so. The rule is GitHub
// Pages' jekyll-titles-from-headings
// (https://github.com/benbalter/jekyll-titles-from-headings): "the first
// non-whitespace line in a Markdown H1, H2, H3" is the title; issue 32
// takes any level. Punctuation is kept; a heading further down is not a
// title.
func TestLeadingHeading(t *testing.T) {
	m := New(Options{})
	for _, tc := range []struct{ src, title string }{
		{"## Why QuestWorlds?\n\nBecause.\n", "Why QuestWorlds?"},
		{"\n\n### 1.1 *Why* `this`?\n", "1.1 Why this?"},
		{"# Top\n\n## Sub\n", "Top"},
		{"Setext two\n----------\n\ntext\n", "Setext two"},
		{"###### Six\n", "Six"},
		{"text first\n\n## Later\n", ""},
		{"##\n\nempty\n", ""},
	} {
		doc, _ := m.Outline([]byte(tc.src))
		first := doc.FirstChild()
		got, ok := m.LeadingHeading(doc, []byte(tc.src))
		if got != tc.title || ok != (tc.title != "") {
			t.Errorf("%q: LeadingHeading = %q, %v; want %q", tc.src, got, ok, tc.title)
		}
		if ok && doc.FirstChild() == first {
			t.Errorf("%q: the heading stayed in the outline", tc.src)
		}
	}
	// Rendered with DropLeading the heading is gone and the rest stays:
	// the layout shows the title as the page's one <h1>.
	out, _, _ := convert(t, Options{}, "## Why QuestWorlds?\n\nBecause.\n\n### Trust\n", Page{DropLeading: true})
	if strings.Contains(out, "Why QuestWorlds") || !strings.Contains(out, `<h3 id="trust">`) || !strings.Contains(out, "<p>Because.</p>") {
		t.Errorf("DropLeading:\n%s", out)
	}
	out, _, _ = convert(t, Options{}, "Intro.\n\n## Keep me\n", Page{DropLeading: true})
	if !strings.Contains(out, "Keep me") {
		t.Errorf("DropLeading removed a heading that does not start the page:\n%s", out)
	}
}

func TestWarnings(t *testing.T) {
	src := "<div onclick=\"x()\">raw</div>\n\nInline <b>x</b> and <script>y</script>.\n\n--8<-- \"x.md\"\n\n{{< hint >}}\n\n/// note\n\n{* ../x.py *}\n"
	opts := Options{UnsafeHint: "the setting"}
	out, _, problems := convert(t, opts, src, Page{})
	want := []string{
		"warning: 1:1: raw HTML: onclick on <div> removed (not safe to publish; the setting keeps all raw HTML)",
		"warning: 3:21: raw HTML: <script> removed (not safe to publish; the setting keeps all raw HTML)",
		"warning: 5:1: a MkDocs --8<-- snippet include: sitegen does not support it, so it shows as text",
		"warning: 7:1: a Hugo {{< shortcode >}}: sitegen does not support it, so it shows as text",
		"warning: 9:1: a MkDocs /// block (pymdownx.blocks): sitegen does not support it, so it shows as text",
		"warning: 11:1: a {* include *}: sitegen does not support it, so it shows as text",
	}
	if !slices.Equal(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(out, "<div>raw</div>") || !strings.Contains(out, "Inline <b>x</b> and y.") {
		t.Errorf("sanitized HTML not in place:\n%s", out)
	}
	opts.Unsafe = true
	out, _, problems = convert(t, opts, src, Page{})
	if len(problems) != 4 || !strings.Contains(out, `<div onclick="x()">raw</div>`) {
		t.Errorf("unsafe: problems %q (want only the 4 syntax warnings), out %s", problems, out)
	}
}

// TestAutodoc: an MkDocs page's mkdocstrings instruction
// (https://mkdocstrings.github.io/usage/: "mkdocstrings works by
// processing special expressions in your Markdown files. The syntax is as
// follows: ::: identifier / YAML block", "the Python handler expects the
// full dotted-path to a Python object") is documentation generated from
// source code, which sitegen does not run: a warning at its line, and the
// instruction (with its indented options) not shown as text. Elsewhere
// (no Autodoc dialect) ":::" lines are left to the other readers.
func TestAutodoc(t *testing.T) {
	src := "# API\n\n::: osrlib.encounter\n\nText.\n\n::: my_package.my_module.MyClass\n    handler: python\n    options:\n      show_source: false\n\n::: osrlib.dice\nmore words\n\n::: osrlib.constants\n::: osrlib.constants.ELF_NAMES\n"
	out, _, problems := convert(t, Options{Dialects: Dialects{Autodoc: true}}, src, Page{})
	want := []string{
		"warning: 3:1: a mkdocstrings ::: osrlib.encounter instruction (documentation generated from source code): sitegen does not run mkdocstrings, so it is not shown",
		"warning: 7:1: a mkdocstrings ::: my_package.my_module.MyClass instruction (documentation generated from source code): sitegen does not run mkdocstrings, so it is not shown",
		"warning: 12:1: a mkdocstrings ::: osrlib.dice instruction (documentation generated from source code): sitegen does not run mkdocstrings, so it shows as text",
		"warning: 15:1: a mkdocstrings ::: osrlib.constants instruction (documentation generated from source code): sitegen does not run mkdocstrings, so it is not shown",
		"warning: 16:1: a mkdocstrings ::: osrlib.constants.ELF_NAMES instruction (documentation generated from source code): sitegen does not run mkdocstrings, so it is not shown",
	}
	if !slices.Equal(problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
	for _, gone := range []string{"osrlib.encounter", "MyClass", "handler: python", "show_source", "osrlib.constants"} {
		if strings.Contains(out, gone) {
			t.Errorf("%q shown:\n%s", gone, out)
		}
	}
	if !strings.Contains(out, "<p>Text.</p>") || !strings.Contains(out, "more words") {
		t.Errorf("the page's own text is gone:\n%s", out)
	}
	if out, _, problems := convert(t, Options{}, src, Page{}); len(problems) != 0 || !strings.Contains(out, "osrlib.encounter") {
		t.Errorf("without the dialect: problems %q, out %s", problems, out)
	}
}

// TestTablesWrapped: GFM tables scroll inside their own box.
func TestTablesWrapped(t *testing.T) {
	out, _, _ := convert(t, Options{}, "| a | b |\n|---|---|\n| 1 | 2 |\n", Page{})
	if !strings.HasPrefix(out, "<div class=\"table-wrap\">\n<table>") || !strings.HasSuffix(out, "</table>\n</div>\n") {
		t.Errorf("table not wrapped:\n%s", out)
	}
}

// TestBlockHTMLBound is issue 31: what a page's fenced-block handlers make
// is bounded (MaxBlockHTML), counted over the page and the notes it
// embeds: 3,000 one-line ```dice blocks made a 114 MB page in 750 MB. The
// block past the bound is an error at its line, and no later handler runs.
func TestBlockHTMLBound(t *testing.T) {
	const size = 100 << 10 // what each block makes
	calls := 0
	big := BlockHandlerFunc(func(b *Block) (string, error) {
		calls++
		return "<div>" + strings.Repeat("x", size-11) + "</div>", nil
	})
	fits := MaxBlockHTML / size // blocks within the bound
	var src strings.Builder
	for range 3 * fits {
		src.WriteString("```big\nx\n```\n\n")
	}
	out, _, problems := convert(t, Options{Handlers: map[string]BlockHandler{"big": big}}, src.String(), Page{})
	line := 1 + 4*fits // the first block past the bound: blocks of 4 lines
	if len(problems) != 1 || !strings.HasPrefix(problems[0], fmt.Sprintf("%d:1: big block: the blocks of this page make more than 10 MB of HTML", line)) {
		t.Errorf("problems %.300q, want one at %d:1", problems, line)
	}
	if calls != fits+1 {
		t.Errorf("%d blocks rendered, want the %d within the bound and the one past it", calls, fits)
	}
	if len(out) > MaxBlockHTML+2*size+len(src.String()) {
		t.Errorf("%d bytes of HTML", len(out))
	}
}

// TestLinkDestinationEscapes: the resolver is given a link's destination
// as CommonMark reads it, not as written. https://spec.commonmark.org/0.31.2/#backslash-escapes:
// "Backslash escapes work in all other contexts, including URLs and link
// titles, link references, and link destinations" (example:
// [foo](/bar\* "ti\*tle") is <a href="/bar*" title="ti*tle">); and
// https://spec.commonmark.org/0.31.2/#entity-and-numeric-character-references:
// they "are recognized in any context besides code spans or code blocks,
// including URLs, link titles, and fenced code block info strings".
func TestLinkDestinationEscapes(t *testing.T) {
	var asked []string
	resolver := LinkResolverFunc(func(dest string) (string, string) {
		asked = append(asked, dest)
		switch dest {
		case "#a":
			return "#a", ""
		case "a_b.md":
			return "/a_b/", ""
		case "x&y.md":
			return "/x-y/", ""
		case "img*.png":
			return "/img*.png", ""
		}
		return "", "nope"
	})
	src := "# T\n\n## A\n\n[x](\\#a) [y](a\\_b.md) [z](x&amp;y.md) [r][ref] ![i](img\\*.png)\n\n[ref]: \\#a\n"
	out, _, problems := convert(t, Options{}, src, Page{Links: resolver})
	if len(problems) != 0 {
		t.Errorf("problems: %q (the resolver was asked %q)", problems, asked)
	}
	for _, want := range []string{`<a href="#a">x</a>`, `<a href="/a_b/">y</a>`, `<a href="/x-y/">z</a>`, `<a href="#a">r</a>`, `<img src="/img*.png" alt="i"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestUnsupportedBlocks: a pymdownx.blocks line is "///", a block's name
// and an optional "| title", or "///" alone (its end): pymdownx's
// RE_START "(/{3,})[ ]*([\w-]+)[ ]*(?:\|[ ]*(.*?)[ ]*)?(?:\n|$)" and
// RE_END "(/{3,})[ ]*(?:\n|$)"; a sentence that starts with "///"
// (MetaFam/TheGame's "///Comment or discuss ... [here](…)") is prose,
// shown as text by every tool, and no warning.
func TestUnsupportedBlocks(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"/// note", true},
		{"/// admonition | Some title", true},
		{"///tab|Two", true},
		{"///", true},
		{"//// details", true},
		{"///Comment or discuss the changes [here](https://example.org).", false},
		{"/// not a block, a sentence", false},
	} {
		if got := unsupported([]byte(tc.line)) != ""; got != tc.want {
			t.Errorf("%q: warned %t, want %t", tc.line, got, tc.want)
		}
	}
}

// TestFrontMatterFirstLine: front matter starts on a page's first line
// only ("Properties … must be at the very top of the file",
// https://help.obsidian.md/properties); a "---" under a first-line
// heading is a thematic break, and the text after it is the page's
// (RickyFoots/Kyonin's "# [[Branmor]] …" then "---" lost its list and its
// first section down to the next "---").
func TestFrontMatterFirstLine(t *testing.T) {
	tests := []struct {
		src       string
		want, not []string
		meta      bool
	}{
		{src: "# Branmor\n---\n- Named after the king.\n\n## Map\n---\nEnd.\n",
			want: []string{"<hr>", "<li>Named after the king.</li>", `id="map"`, "End."}},
		{src: "\n---\ntitle: x\n---\nBody.\n", want: []string{"<hr>", "title: x", "Body."}},
		{src: "---\ntitle: Front\n---\nBody.\n", want: []string{"<p>Body.</p>"}, not: []string{"title: Front", "<hr>"}, meta: true},
	}
	for _, tt := range tests {
		md := New(Options{})
		doc, pc := md.Outline([]byte(tt.src))
		_ = doc
		if got := frontmatter.Get(pc) != nil; got != tt.meta {
			t.Errorf("%q: front matter read %v, want %v", tt.src, got, tt.meta)
		}
		out, _, _ := convert(t, Options{}, tt.src, Page{})
		for _, w := range tt.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: no %q in\n%s", tt.src, w, out)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(out, n) {
				t.Errorf("%q: %q in\n%s", tt.src, n, out)
			}
		}
	}
}
